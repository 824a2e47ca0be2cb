"""highcamp.sim."""
