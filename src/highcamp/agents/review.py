"""The post-game review of a solitaire game with an exact solver (Everest 1924).

Every decision of the game is replayed against the optimal policy: the optimal choice, the
expected final score of the choice made and of the best one, and the points it cost. The
total cost is what the choices left on the mountain; the rest of the gap between the final
score and the value at the start is the luck of the dice::

    final score = value at the start - points the choices cost + luck

>>> import highcamp, tempfile, json
>>> from highcamp.games.everest1924.solver import sheet_document, sheet_prefix
>>> from highcamp.games.everest1924 import standard_sheet
>>> path = tempfile.mkdtemp() + "/small.json"
>>> _ = open(path, "w").write(json.dumps(sheet_document(sheet_prefix(standard_sheet(), 3, 8))))
>>> game = highcamp.load_game("everest-1924", sheet=path)
>>> state = game.new_initial_state(seed=3)
>>> state.apply_action(state.string_to_action("abandon"))
>>> review = review_game(game, state.history(), use_cache=False)
>>> review.final_score, round(review.cost, 4), len(review.decisions)
(-1.0, 33.7282, 1)
>>> review.decisions[0].best
'roll'
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from highcamp.core import Game

from .optimal import solver_of

__all__ = ["Decision", "GameReview", "review_game", "text_chart"]


@dataclass(frozen=True)
class Decision:
    """One decision of the game, against the optimal policy."""

    index: int  # position of the action in the history
    turn: int  # the turn (one per circle drawn after base camp), from 1
    made: str
    best: str
    value_made: float
    value_best: float
    choices: int

    @property
    def cost(self) -> float:
        """The expected points the choice made cost (0 for an optimal choice)."""
        return max(0.0, self.value_best - self.value_made)


@dataclass
class GameReview:
    """The review: decisions, the value at the start, the final score, cost and luck."""

    start_value: float
    final_score: float
    decisions: list[Decision] = field(default_factory=list)
    finished: bool = True

    @property
    def cost(self) -> float:
        """Expected points the choices left on the mountain."""
        return sum(d.cost for d in self.decisions)

    @property
    def luck(self) -> float:
        """The dice's share of the gap: final score - start value + cost."""
        return self.final_score - self.start_value + self.cost

    def curve(self) -> list[tuple[int, float]]:
        """The expected final score along the game: before each decision (optimal play from
        there), and the final score at the end."""
        points = [(d.index, d.value_best) for d in self.decisions]
        if self.finished and self.decisions:
            points.append((self.decisions[-1].index + 1, self.final_score))
        return points

    def to_dict(self) -> dict[str, Any]:
        """JSON-able form (for the web layer)."""
        return {
            "start_value": self.start_value,
            "final_score": self.final_score,
            "cost": self.cost,
            "luck": self.luck,
            "finished": self.finished,
            "decisions": [dict(asdict(d), cost=d.cost) for d in self.decisions],
            "curve": self.curve(),
        }


def review_game(game: Game, history: list[int], use_cache: bool = True) -> GameReview:
    """Review the game ``history`` (of ``game``, seat 0) against its exact solver."""
    state = game.new_initial_state(seed=0)
    solver = solver_of(state, use_cache)
    solver.solve()
    decisions: list[Decision] = []
    start_value: float | None = None
    turn = 1
    for index, action in enumerate(history):
        if not state.is_chance_node() and not state.is_terminal():
            values: dict[int, float] = solver.action_values(state)
            if values:
                best = max(values, key=lambda a: (values[a], -a))
                if start_value is None:
                    start_value = values[best]
                decisions.append(
                    Decision(
                        index=index,
                        turn=turn,
                        made=state.action_to_string(action),
                        best=state.action_to_string(best),
                        value_made=values.get(action, values[best]),
                        value_best=values[best],
                        choices=len(values),
                    )
                )
        route = len(state.route) if hasattr(state, "route") else 0
        state.apply_action(action)
        if hasattr(state, "route") and len(state.route) > route:
            turn += 1
    if start_value is None:
        start_value = solver.value
    final = float(state.returns()[0]) if state.is_terminal() else float("nan")
    return GameReview(start_value, final, decisions, finished=state.is_terminal())


def text_chart(review: GameReview, width: int = 60, height: int = 10) -> str:
    """The expected final score along the game as a text chart (one column per decision,
    scaled to ``width``).

    >>> r = GameReview(10.0, 12.0, [Decision(0, 1, "roll", "roll", 10.0, 10.0, 2)])
    >>> print(text_chart(r, width=4, height=3))
      12.0 |   *
           |
      10.0 |*
    """
    points = review.curve()
    if not points:
        return "(no decisions)"
    ys = [y for _, y in points if y == y]
    low, high = min(ys), max(ys)
    span = high - low or 1.0
    n = len(points)
    grid = [[" "] * (width if n > 1 else 1) for _ in range(height)]
    for i, (_, y) in enumerate(points):
        if y != y:
            continue
        x = round(i * (len(grid[0]) - 1) / (n - 1)) if n > 1 else 0
        row = height - 1 - round((y - low) / span * (height - 1))
        grid[row][x] = "*"
    lines = []
    for r, cells in enumerate(grid):
        label = high - r * span / (height - 1) if height > 1 else high
        tick = f"{label:6.1f}" if r in (0, height - 1) else " " * 6
        lines.append(f"{tick} |{''.join(cells).rstrip()}")
    return "\n".join(line.rstrip() for line in lines)
