"""K2's fields and methods, declared once: :class:`K2Base`, a base class of
:class:`.state.K2State` beside the engine's state (``K2State(DisasterState, K2Base)``).

K2's rule modules annotate their ``self`` with it (as :data:`.protocols.K2Series`). As
:class:`..series_base.SeriesBase`, it is a native class in the compiled build (``make
native``); its methods raise :class:`NotImplementedError` where K2's state binds the rule,
but :attr:`K2Base.k2` and :attr:`K2Base.k2_game`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from mypy_extensions import mypyc_attr

from highcamp.core import ScoreBreakdown

from ..hooks import EngineHooks
from ..series_base import SeriesBase
from ..team import Team
from . import avalanche, fate, luck, movement, phases, scoring, teams, texts, views

if TYPE_CHECKING:
    from .protocols import K2Game
    from .vocabulary import K2Rules


@mypyc_attr(allow_interpreted_subclasses=True)
class K2Base(EngineHooks):
    __slots__ = (
        "biv_marker",
        "chimney_left",
        "chimney_queue",
        "collapsed",
        "descent_marker",
        "descent_method",
        "descent_partner",
        "descents",
        "luck_asked",
        "luck_bonus",
        "noble_space",
        "noble_victims",
        "reroll_face",
        "rerolled",
        "ropes",
    )
    biv_marker: int
    chimney_left: int
    chimney_queue: list[int]
    collapsed: list[int]
    descent_marker: int
    descent_method: int
    descent_partner: int
    descents: list[list[int]]
    luck_asked: bool
    luck_bonus: int
    rerolled: bool
    noble_space: int
    noble_victims: list[int]
    reroll_face: int
    ropes: list[list[int]]

    def _copy_fields(self, new: SeriesBase) -> None:
        """The engine's fields and K2's (:meth:`..series_base.SeriesBase._copy_fields`)."""
        EngineHooks._copy_fields(self, new)
        k2 = cast(K2Base, new)
        k2.collapsed = self.collapsed.copy()
        k2.chimney_queue = self.chimney_queue.copy()
        k2.noble_victims = self.noble_victims.copy()
        k2.ropes = [x.copy() for x in self.ropes]
        k2.descents = [x.copy() for x in self.descents]
        k2.descent_marker = self.descent_marker
        k2.descent_partner = self.descent_partner
        k2.descent_method = self.descent_method
        k2.luck_bonus = self.luck_bonus
        k2.luck_asked = self.luck_asked
        k2.biv_marker = self.biv_marker
        k2.chimney_left = self.chimney_left
        k2.noble_space = self.noble_space
        k2.reroll_face = self.reroll_face
        k2.rerolled = self.rerolled

    def _descent_bonus(self) -> int:
        raise NotImplementedError

    def _fall(self, group: list[int]) -> None:
        raise NotImplementedError

    def _goal_met(self, team: Team | None = None) -> bool:
        raise NotImplementedError

    def _held_rope(self) -> int:
        raise NotImplementedError

    def _kill(self, c: int, why: str, rule: str) -> None:
        raise NotImplementedError

    def _lit(self, space: int) -> bool:
        raise NotImplementedError

    def _land(self, group: list[int], space: int) -> None:
        raise NotImplementedError

    def _next_chimney(self) -> bool:
        raise NotImplementedError

    def _remove_guide(self, g: int, why: str, rule: str) -> None:
        raise NotImplementedError

    def _rope_on(self, space: int) -> list[int] | None:
        raise NotImplementedError

    def _track_len(self) -> int:
        raise NotImplementedError

    def _bad_roll(self, d: int) -> bool:
        raise NotImplementedError

    def _descend(self, face: int) -> None:
        raise NotImplementedError

    def _bivouac_roll(self, d: int) -> None:
        raise NotImplementedError

    def _chimney_roll(self, d: int) -> None:
        raise NotImplementedError

    @property
    def k2(self) -> K2Rules:
        """K2's tracks and tables."""
        return self._game.k2  # type: ignore[attr-defined, no-any-return]  # (hot: no cast)

    @property
    def k2_game(self) -> K2Game:
        """The game, as K2's (its options and tables)."""
        return cast("K2Game", self._game)

    def _noble(self, action: int) -> None:
        raise NotImplementedError

    def _descent_actions(self) -> list[int]:
        raise NotImplementedError

    def _choose_descent(self, action: int) -> None:
        raise NotImplementedError

    def _bivouac(self, m: int) -> None:
        raise NotImplementedError


@mypyc_attr(allow_interpreted_subclasses=True)
class K2Hooks(K2Base):
    """K2's rules that the compiled modules call as methods, each calling its section's
    function: K2's own and its versions of the engine's hooks (as
    :class:`..series_base.EngineHooks`: interpreted, :class:`.state.K2State`'s bindings come
    first; compiled, they give way to these)."""

    __slots__ = ()

    def _check_watch(self) -> None:
        return avalanche._check_watch(self)

    def _choose_option(self, action: int) -> None:
        return movement._choose_option(self, action)

    def _client_allowances(self) -> list[int]:
        return movement._client_allowances(self)

    def _closing_steps(self) -> bool:
        return fate._closing_steps(self)

    def _collapse(self, space: int, rule: str) -> None:
        return avalanche._collapse(self, space, rule)

    def _decline(self) -> None:
        return avalanche._decline(self)

    def _do_step(self, action: int) -> None:
        return movement._do_step(self, action)

    def _first_marker(self) -> tuple[str, int]:
        return scoring._first_marker(self)

    def _get_lost(self, c: int) -> None:
        return movement._get_lost(self, c)

    def _guide_allowance(self, g: int) -> int:
        return movement._guide_allowance(self, g)

    def _kind(self, team: Team | None = None) -> str:
        return teams._kind(self, team)

    def _luck_offer(self) -> bool:
        return luck._luck_offer(self)

    def _lucky_subject(self) -> bool:
        return luck._lucky_subject(self)

    def _mountain_view(self, obs: dict[str, Any]) -> None:
        return views._k2_observation(self, obs)

    def _move_play(s, action: int) -> None:
        return phases._move_play(s, action)

    def _mover_extras(self, acts: list[int], m: int, here: int) -> None:
        return movement._mover_extras(self, acts, m, here)

    def _options(self) -> list[int]:
        return movement._options(self)

    def _plays(self) -> list[int]:
        return movement._plays(self)

    def _ridges_placed(self, number: int) -> list[int]:
        return avalanche._ridges_placed(self, number)

    def _say(self, text: str, rule: str) -> None:
        return texts._say(self, text, rule)

    def _seat_fates(self) -> None:
        return fate._seat_fates(self)

    def _seat_setup(self) -> None:
        return teams._seat_setup(self)

    def _secret_draw(self) -> bool:
        return teams._secret_draw(self)

    def _select(self, m: int) -> None:
        return movement._select(self, m)

    def _selection_extras(self, acts: list[int]) -> None:
        return movement._selection_extras(self, acts)

    def _sherpa_goal(self, team: Team | None = None) -> str:
        return teams._sherpa_goal(self, team)

    def _step_problem(self, action: int) -> str | None:
        return movement._step_problem(self, action)

    def _table_problems(self) -> list[str]:
        return scoring._table_problems(self)

    def _team_line(self, drawn: bool) -> tuple[str, str] | None:
        return teams._team_line(self, drawn)

    def _team_score(self, team: Team) -> ScoreBreakdown:
        return scoring._team_score(self, team)

    def _traits(self, c: int) -> frozenset[str]:
        return movement._traits(self, c)
