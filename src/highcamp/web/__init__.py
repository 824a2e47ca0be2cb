"""highcamp.web."""
