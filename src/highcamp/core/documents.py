"""State documents (``State.to_json()``): their format and the checks a document passes
before its history is replayed (:meth:`highcamp.Game.state_from_json`).

>>> read_state_document({"format": STATE_FORMAT, "game": "g", "options": {}, "seed": 1,
...                      "history": [0, 2]}, "g", {})
(1, [0, 2], None)
>>> read_state_document({"format": STATE_FORMAT, "game": "h"}, "g", {})
Traceback (most recent call last):
...
highcamp.core.errors.StateFormatError: document is for game 'h', not 'g'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import StateFormatError

__all__ = ["STATE_FORMAT", "read_state_document", "snapshot_matches"]

STATE_FORMAT = "highcamp.state/1"


def read_state_document(
    doc: Any, game_id: str, game_options: Mapping[str, Any]
) -> tuple[int, list[int], Mapping[str, Any] | None]:
    """Check a state document for the game ``game_id`` with ``game_options``: its seed,
    history and position (``None`` for a game from its initial state), or
    :class:`StateFormatError` naming what is wrong."""
    if not isinstance(doc, Mapping):
        raise StateFormatError("a state document must be a JSON object")
    if doc.get("format") != STATE_FORMAT:
        raise StateFormatError(f"format must be {STATE_FORMAT!r}, not {doc.get('format')!r}")
    if doc.get("game") != game_id:
        raise StateFormatError(f"document is for game {doc.get('game')!r}, not {game_id!r}")
    options = doc.get("options")
    if not isinstance(options, Mapping):
        raise StateFormatError("'options' must be an object")
    if dict(options) != dict(game_options):
        raise StateFormatError(
            f"document options {dict(options)} differ from this game's {dict(game_options)}"
        )
    seed = doc.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise StateFormatError("'seed' must be an integer")
    history = doc.get("history")
    if not isinstance(history, list) or not all(
        isinstance(a, int) and not isinstance(a, bool) for a in history
    ):
        raise StateFormatError("'history' must be a list of integer action ids")
    position = doc.get("position")
    if position is not None and not isinstance(position, Mapping):
        raise StateFormatError("'position' must be an object")
    return seed, history, position


def snapshot_matches(stored: Any, replayed: dict[str, Any]) -> bool:
    """Whether a document's ``state`` section agrees with the state its history replays to:
    every key it holds has the replayed value. Keys it lacks were added to the game's state
    after the document was saved (figures kept for analysis, say): they are not compared,
    so older saves still load.

    >>> snapshot_matches({"turn": 3}, {"turn": 3, "tallies": [0, 1]})
    True
    >>> snapshot_matches({"turn": 4}, {"turn": 3}), snapshot_matches({"odd": 1}, {"turn": 3})
    (False, False)
    """
    if not isinstance(stored, dict):
        return False
    return all(key in replayed and replayed[key] == value for key, value in stored.items())
