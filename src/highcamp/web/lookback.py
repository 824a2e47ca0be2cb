"""What a table offers beside play: hints for the seat to act, the review of a finished game
against an exact solver, and the step-by-step replay with its timeline (a part of
:class:`highcamp.web.tables.Table`).
"""

from __future__ import annotations

import functools
import secrets
from typing import TYPE_CHECKING, Any

from highcamp.agents import AGENTS, make_agent

from .errors import WebError
from .optimal import exact_hint, exact_review

if TYPE_CHECKING:
    import threading

    from highcamp.core import Game, State
    from highcamp.store import TableRecord

__all__ = ["Lookback", "hint_agent"]


class Lookback:
    """Hints, review and replay of a :class:`~highcamp.web.tables.Table`."""

    _timeline: list[int] | None = None

    if TYPE_CHECKING:  # what the table provides (declared for the type checker only)
        lock: threading.RLock
        state: State
        game: Game
        record: TableRecord

        def acting_seat(self, role: str, seat: int | None) -> int | None: ...

        def view(
            self,
            role: str,
            seat: int | None,
            state: State | None = None,
            replay: bool = False,
        ) -> dict[str, Any]: ...

    # ------------------------------------------------------------------ hints
    def hint_agent(self) -> str | None:
        """The agent that explains its choices (see :func:`hint_agent`)."""
        return hint_agent()

    def hint(self, role: str, seat: int | None) -> dict[str, Any]:
        """What the hint agent would play for the seat to act, and why. With hidden
        information the agent sees a redraw of what the seat cannot see. A game with an
        exact solver answers with the optimal choice and every choice's expected final
        score (:func:`.optimal.exact_hint`); while its sheet is being solved, the hint
        agent answers and ``pending`` says the exact answer is coming."""
        with self.lock:
            acting = self.acting_seat(role, seat)
            if acting is None:
                raise WebError("hints are for the seat to act", status=409)
            live = self.state
            name = self.hint_agent()
        exact = exact_hint(live)  # the game's exact solver, where it hands one out
        if exact is not None and not exact["pending"]:
            return exact
        if name is None:
            raise WebError("no agent here can explain its choices", status=404)
        try:
            agent = make_agent(name, seed=len(live.history()))
            state = live.resample_hidden(acting, seed=secrets.randbits(62))
            state.keep_log(False)
            action = agent.act(state.clone())
            why = agent.explain(state)  # type: ignore[attr-defined]
        except Exception as err:  # a game no hint agent knows
            raise WebError(f"no hint for this game ({err})", status=404) from None
        found = {
            "type": "hint",
            "agent": name,
            "action": action,
            "text": live.action_to_string(action),
            "why": why if isinstance(why, str | dict | list) else str(why),
        }
        if exact is not None:  # the exact answer is on its way: say so beside this one
            found["pending"] = exact["why"]
        return found

    def review(self, role: str, seat: int | None) -> dict[str, Any]:
        """The finished game against the game's exact solver (see :mod:`.optimal`)."""
        live = self.state
        if not live.is_terminal():
            raise WebError("the review is of a finished game", status=409)
        try:
            return exact_review(live)
        except ValueError as err:
            raise WebError(str(err), status=404) from None

    # ------------------------------------------------------------------ replay
    def replay_view(self, role: str, seat: int | None, step: Any) -> dict[str, Any]:
        """The view at ``step`` of a finished game (step by step replay)."""
        live = self.state
        if not live.is_terminal():
            raise WebError("replays are of finished games", status=409)
        n = len(live.history())
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= n:
            raise WebError(f"step must be an integer from 0 to {n}")
        state = self.game.replay(live.history()[:step], seed=self.record.seed)
        view = self.view(role, seat, state, replay=True)
        view["replay_length"] = n
        view["timeline"] = self.timeline()
        return view

    def timeline(self) -> list[int]:
        """Who played each step of the game (``-1``: chance), so a replay can jump by turn
        and skip chance steps. Cached once the game is over."""
        live = self.state
        if self._timeline is not None and len(self._timeline) == len(live.history()):
            return self._timeline
        state = self.game.new_initial_state(self.record.seed)
        players = []
        for a in live.history():
            players.append(state.current_player())
            state.apply_action(a)
        self._timeline = players
        return players


@functools.cache
def hint_agent() -> str | None:
    """The agent that explains its choices: the first in the registry with ``explain``
    (``random`` only when no other does).

    >>> hint_agent() in AGENTS
    True
    """
    names = [n for n in AGENTS if n != "random"] + ["random"]
    for name in names:
        if name in AGENTS and callable(getattr(make_agent(name, seed=0), "explain", None)):
            return name
    return None
