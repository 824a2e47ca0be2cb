"""One phase of the turn as the contract sees it (:class:`Phase`), the entry of the series'
phase table (:mod:`.phases`). It imports nothing of the series, so that the state's shape
(:mod:`.protocols`) can name it.

>>> entry = Phase("demo", player=lambda s: 0, legal=lambda s: [1], is_legal=lambda s, a: a == 1,
...               why_not=lambda s, a: None, text=lambda s, a: "go", rule=lambda s, a: "turn",
...               apply=lambda s, a: None)
>>> entry.outcomes(None), entry.section
([], '')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from highcamp.core import IllegalActionError, State

Refusal = IllegalActionError | None
"""What ``why_not`` answers: the refusal (rule by name, reason), or ``None`` when legal."""


def no_outcomes(s: Any) -> list[tuple[int, float]]:
    """A decision has no chance outcomes."""
    return []


def generic_sample(s: Any, u: int) -> int:
    """The chance outcome for the 64-bit draw ``u``, walked from the outcomes' odds."""
    return State._sample_chance(s, u)


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase of the turn: everything the contract asks of it (rules by name)."""

    name: str
    """What the game waits for (the observation's ``phase``)."""
    player: Callable[[Any], int]
    """Who acts: a seat, ``CHANCE`` or ``TERMINAL``."""
    legal: Callable[[Any], list[int]]
    """The legal actions of a decision, computed now (ascending ids)."""
    is_legal: Callable[[Any, int], bool]
    """The fast legality check (agrees with :attr:`why_not`)."""
    why_not: Callable[[Any, int], Refusal]
    """Why an action is refused now (rule and reason together), ``None`` when legal."""
    text: Callable[[Any, int], str]
    """The text of a legal action."""
    rule: Callable[[Any, int], str]
    """The rule (by name) an action cites."""
    apply: Callable[[Any, int], None]
    """The transition (the action is legal)."""
    outcomes: Callable[[Any], list[tuple[int, float]]] = no_outcomes
    """A chance step's outcomes and their odds."""
    sample: Callable[[Any, int], int] = generic_sample
    """A chance step's outcome for a 64-bit draw."""
    section: str = ""
    """The rules (by name, joined by spaces) of the phase's actions: the turn cycle's
    sections (:func:`turn_cycle`)."""
