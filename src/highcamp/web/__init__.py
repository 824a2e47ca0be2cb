"""Web play: a Starlette server over the contract, with SQL persistence (``web`` extra).

``highcamp serve`` runs it; :func:`create_app` builds the application for any SQLAlchemy URL.
"""

from __future__ import annotations

from .app import create_app

__all__ = ["create_app"]
