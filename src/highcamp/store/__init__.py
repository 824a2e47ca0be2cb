"""highcamp.store."""
