"""Saved games of ``highcamp play``: where they go, how they are written and read back.

Saves go to the user's data directory (``platformdirs``: ``~/.local/share/highcamp/saves``
on Linux, the platform's own place elsewhere) unless ``--save-dir`` says otherwise.

>>> default_save_dir().name
'saves'
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import platformdirs

from highcamp.core import Game, State

from .common import fail, load

__all__ = ["HUMAN", "SAVE_FORMAT", "default_save_dir", "read_save", "write_save"]

HUMAN = "human"
SAVE_FORMAT = "highcamp.save/1"


def default_save_dir() -> Path:
    """``<user data dir>/highcamp/saves``, whatever folder the command runs from."""
    return platformdirs.user_data_path("highcamp", appauthor=False) / "saves"


def write_save(state: State, seats: list[str], directory: Path) -> Path:
    """Write the game (its state and who sat where) atomically; return the file."""
    directory.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = directory / f"{state.game.info.id}-{state.seed}-{stamp}.json"
    doc = {"format": SAVE_FORMAT, "seats": seats, "state": state.to_json()}
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    tmp.replace(path)
    return path


def read_save(path: Path) -> tuple[Game, State, list[str]]:
    """The game, state and seats of a save (a bare state document is read too)."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        fail(f"cannot read {str(path)!r}: {err.strerror or err}")
    except ValueError as err:
        fail(f"{str(path)!r} is not a highcamp save (not JSON: {err})")
    if isinstance(doc, dict) and doc.get("format") == SAVE_FORMAT:
        seats, state_doc = doc.get("seats"), doc.get("state")
    else:
        seats, state_doc = None, doc
    if not isinstance(state_doc, dict) or not isinstance(state_doc.get("game"), str):
        fail(f"{str(path)!r} is not a highcamp save")
    options = state_doc.get("options") if isinstance(state_doc.get("options"), dict) else {}
    game = load(state_doc["game"], dict(options or {}))
    try:
        state = game.state_from_json(state_doc)
    except ValueError as err:
        fail(f"{str(path)!r} does not load: {err}")
    if not isinstance(seats, list) or len(seats) != game.num_players:
        seats = [HUMAN] * game.num_players
    return game, state, [str(s) for s in seats]
