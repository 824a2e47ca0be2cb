"""highcamp.adapters."""
