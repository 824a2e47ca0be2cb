"""highcamp.cli."""
