"""The error of a request the server refuses (shared by every module of the web room).

>>> WebError("no such table", status=404).to_dict()
{'type': 'error', 'error': 'no such table', 'rule': ''}
"""

from __future__ import annotations

from typing import Any

__all__ = ["WebError"]


class WebError(Exception):
    """A request the server refuses: HTTP ``status``, a message and the rule, if any."""

    def __init__(self, message: str, *, status: int = 400, rule: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.rule = rule

    def to_dict(self) -> dict[str, Any]:
        """The error as sent to a browser."""
        return {"type": "error", "error": self.message, "rule": self.rule}
