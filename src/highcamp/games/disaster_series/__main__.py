"""``python -m highcamp.games.disaster_series build|clean|status``: the series' compiled
build (:mod:`.native`)."""

from .native import main

raise SystemExit(main())
