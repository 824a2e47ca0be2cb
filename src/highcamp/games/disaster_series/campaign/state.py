"""A position of a campaign [16.0]: the mountain being climbed, or a choice between two.

The mountain being climbed is a state of its game, driven only through the contract and the
series' public accessors (:func:`~highcamp.games.disaster_series.team_members`,
:func:`~highcamp.games.disaster_series.apply_recorded`,
:func:`~highcamp.games.disaster_series.action_rule`,
:func:`~highcamp.games.disaster_series.chance_outcome`); its action ids are the campaign's
own during the climb, and the campaign's decisions between two mountains [16.1] come after
the largest mountain's ids.

>>> import highcamp
>>> s = highcamp.load_game("disaster-campaign", order="k2,everest").new_initial_state(seed=4)
>>> s.mountain, s.observation(0)["campaign"]["phase"], s.mountain_state().game.info.id
(0, 'climb', 'disaster-on-k2')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from highcamp.core import (
    TERMINAL,
    IllegalActionError,
    InvalidActionError,
    LogEntry,
    ScoreBreakdown,
    ScoreLine,
    State,
)
from highcamp.core.rng import draw_keyed

from .. import (
    DisasterGame,
    DisasterState,
    action_rule,
    apply_recorded,
    chance_outcome,
    play_chance,
    play_legal,
    team_members,
)
from ..components import load_citations
from . import views
from .phases import (
    LEAVE_CLIENT,
    LEAVE_GUIDE,
    MOUNTAIN,
    OVER,
    PHASE_NAMES,
    TAKE_CLIENT,
    TAKE_GUIDE,
)
from .roster import CampaignRoster

__all__ = ["PHASE_NAMES", "CampaignState"]

R_CAMPAIGN = "campaign"  # the campaign's rules by name, numbered by data/citations.json
R_CARRY = "carry_over"
R_SCORE = "campaign_victory"
CITATIONS = load_citations(__package__)
"""The campaign's sections (the K2 rulebook's [16.*]); a mountain's own entries are already
numbered by that mountain when they reach the campaign's log."""


class CampaignState(State):
    """A position of a campaign: the mountain being climbed, or a choice between two."""

    _game: CampaignRoster

    __slots__ = (
        "cmap",
        "current_player",
        "dead",
        "gmap",
        "inner",
        "k",
        "left",
        "legal_actions",
        "marks",
        "no_more",
        "phase",
        "results",
        "surv_c",
        "surv_g",
        "used_c",
        "used_g",
    )

    def __init__(self, game: CampaignRoster, seed: int) -> None:
        super().__init__(game, seed)
        first = game.mountains[0]
        off_g, off_c = game.offsets[first.info.id]
        self.k = 0
        self.phase = MOUNTAIN
        self.inner: State = self._start(first, seed)
        # inner ruleset index -> campaign marker id, for the mountain being climbed
        self.gmap = [off_g + i for i in range(len(first.ruleset.guides))]
        self.cmap = [off_c + i for i in range(len(first.ruleset.clients))]
        self.used_g: list[int] = []
        self.used_c: list[int] = []
        self.marks: dict[int, list[int]] = {}  # client marker -> mountains summited
        self.dead: list[list[Any]] = []  # [kind "guide"/"client", marker, mountain]
        self.left: list[list[Any]] = []  # [kind, marker, before mountain]: stayed behind
        self.results: list[dict[str, Any]] = []
        self.surv_g: list[int] = []
        self.surv_c: list[int] = []
        self.no_more = False
        self._route()

    # the contract's current_player and legal_actions: during a climb the mountain's own
    # bound methods (no campaign frame before each), else the campaign's; set by _route
    # whenever the phase enters or leaves a climb
    current_player: Callable[[], int]
    legal_actions: Callable[[], list[int]]

    def _route(self) -> None:
        """Hand the contract's ``current_player`` and ``legal_actions`` to the mountain
        during a climb, to the campaign's own between two mountains and at the end."""
        if self.phase == MOUNTAIN:
            self.current_player = self.inner.current_player
            self.legal_actions = self.inner.legal_actions
        else:
            self.current_player = self._own_player
            self.legal_actions = self._own_legal

    @staticmethod
    def _start(game: DisasterGame, seed: int) -> State:
        state = game.new_initial_state(seed)
        if not isinstance(state, DisasterState):
            raise TypeError(f"{game.info.id} does not run on the Disaster-series engine")
        return state

    # ----------------------------------------------------------------- public
    def mountain_state(self) -> State:
        """The mountain being climbed (or the last one climbed, between two mountains and at
        the end): a contract state whose action ids are the campaign's own during the climb.
        Read it, do not change it (renderers and agents draw and choose from it)."""
        return self.inner

    def _shown(self) -> int:
        """The index of the mountain :meth:`mountain_state` is (the last one climbed while
        the team is chosen for the next)."""
        return self.k - 1 if self.phase not in (MOUNTAIN, OVER) else self.k

    @property
    def mountain(self) -> int:
        """The index (0-based) of the mountain being climbed, or the next one between two."""
        return self.k

    # ----------------------------------------------------------------- the flow
    def _team_ids(self) -> tuple[list[int], list[int]]:
        """Campaign marker ids of the team on the mountain (guides, clients), in order."""
        guides, clients = team_members(self.inner)
        return [self.gmap[m.card] for m in guides], [self.cmap[m.card] for m in clients]

    def _finish_mountain(self) -> None:
        game = self._game
        inner = self.inner
        guides, clients = self._team_ids()
        on_guides, on_clients = team_members(inner)
        for cid in clients:
            if cid not in self.used_c:
                self.used_c.append(cid)
        for gid in guides:
            if gid not in self.used_g:
                self.used_g.append(gid)
        summits, deaths = [], []
        self.surv_g, self.surv_c = [], []
        for g, gid in enumerate(guides):
            if on_guides[g].gone:
                self.dead.append(["guide", gid, self.k])
                deaths.append(game.guide_label(gid))
            else:
                self.surv_g.append(gid)
        for c, cid in enumerate(clients):
            if on_clients[c].summited:
                self.marks.setdefault(cid, []).append(self.k)
                summits.append(game.client_label(cid))
            if on_clients[c].gone:
                self.dead.append(["client", cid, self.k])
                deaths.append(game.client_label(cid))
            else:
                self.surv_c.append(cid)
        bd = inner.score_breakdown()[0]
        self.results.append(
            {
                "mountain": game.mountain_title(self.k),
                "score": bd.total,
                "band": bd.band,
                "summits": summits,
                "deaths": deaths,
            }
        )
        if self._log is not None:
            self._emit(
                f"{game.mountain_title(self.k)} is over: {bd.total:g} ({bd.band}); "
                f"{len(summits)} summited, {len(deaths)} died",
                R_CAMPAIGN,
            )
        if self.k == len(game.order) - 1:
            self.phase = OVER
            self._route()
            if self._log is not None:
                total = self.score_breakdown()[0]
                self._emit(f"campaign score {total.total:g}: {total.band}", R_SCORE)
            return
        self.k += 1
        self.no_more = False
        self._next_choice()
        if self.phase != MOUNTAIN:  # a choice to make (setting out routes to the mountain)
            self._route()

    def _candidates(self) -> list[int]:
        """Marker ids offered by the current choice."""
        game = self._game
        if self.phase == LEAVE_GUIDE:
            return list(self.surv_g)
        if self.phase == LEAVE_CLIENT:
            return list(self.surv_c)
        if self.phase == TAKE_GUIDE:
            return [g for g in range(len(game.guide_cards)) if g not in self.used_g]
        if self.phase == TAKE_CLIENT:
            return [c for c in range(len(game.client_cards)) if c not in self.used_c]
        return []

    def _next_choice(self) -> None:
        """Ask the next choice between two mountains, or set out (R-0-4: a choice with a
        single answer is made at once)."""
        ng, nc = self._game.team_size(self.k)
        while True:
            if len(self.surv_g) > ng:
                self.phase = LEAVE_GUIDE
            elif len(self.surv_c) > nc:
                self.phase = LEAVE_CLIENT
            elif len(self.surv_g) < ng and self._pool(TAKE_GUIDE):
                self.phase = TAKE_GUIDE
            elif len(self.surv_c) < nc and not self.no_more and self._pool(TAKE_CLIENT):
                self.phase = TAKE_CLIENT
            else:
                self._set_out()
                return
            options = self._candidates()
            if self.phase == TAKE_CLIENT and self.surv_c:
                return  # "no more replacements" is an answer too
            if len(options) > 1:
                return
            self._choose(options[0])

    def _pool(self, phase: int) -> bool:
        saved, self.phase = self.phase, phase
        found = bool(self._candidates())
        self.phase = saved
        return found

    def _choose(self, marker: int) -> None:
        game = self._game
        ph = self.phase
        where = game.mountain_title(self.k)
        if ph == LEAVE_GUIDE:
            self.surv_g.remove(marker)
            self.left.append(["guide", marker, self.k])
            self._emit(f"{game.guide_label(marker)} stays behind: {where} takes fewer", R_CARRY)
        elif ph == LEAVE_CLIENT:
            self.surv_c.remove(marker)
            self.left.append(["client", marker, self.k])
            self._emit(f"{game.client_label(marker)} stays behind: {where} takes fewer", R_CARRY)
        elif ph == TAKE_GUIDE:
            self.surv_g.append(marker)
            self.used_g.append(marker)
            self._emit(f"{game.guide_label(marker)} joins the team for {where}", R_CARRY)
        elif ph == TAKE_CLIENT:
            self.surv_c.append(marker)
            self.used_c.append(marker)
            self._emit(f"{game.client_label(marker)} joins the team for {where}", R_CARRY)

    def _set_out(self) -> None:
        game = self._game
        team = game.team_game(self.k, tuple(self.surv_g), tuple(self.surv_c))
        self.gmap, self.cmap = list(self.surv_g), list(self.surv_c)
        self.surv_g, self.surv_c = [], []
        self.inner = self._start(team, self._seed)
        self.phase = MOUNTAIN
        self._route()
        if self._log is not None:
            self._emit(
                f"the team sets out for {game.mountain_title(self.k)}: "
                + ", ".join(card.name for card in team.ruleset.guides)
                + "; "
                + ", ".join(card.name for card in team.ruleset.clients),
                R_CARRY,
            )

    # ----------------------------------------------------------------- contract hooks
    def _own_player(self) -> int:
        """``current_player`` off a climb (during one it is the mountain's own): 0 between
        mountains; ``TERMINAL`` at the end."""
        return TERMINAL if self.phase == OVER else 0

    def _own_legal(self) -> list[int]:
        """``legal_actions`` off a climb (during one they are the mountain's, chance
        outcomes included): the campaign's choices between two mountains, none at the end."""
        return State.legal_actions(self)

    def apply_action(self, action: int) -> None:
        """Apply an action (the contract's): during a climb, an action legal on the
        mountain goes straight to it; anything else through the contract's checks."""
        if (
            self.phase == MOUNTAIN
            and self._log is None
            and type(action) is int
            and action < self._game.LEAVE_G
        ):
            over = play_legal(self.inner, action)
            if over is not None:
                self._history.append(action)
                if over:
                    self._finish_mountain()
                return
        State.apply_action(self, action)

    def apply_random_chance(self) -> int:
        """Resolve a chance step from the campaign's seeded generator (the contract's),
        straight on the mountain during a climb."""
        if self.phase != MOUNTAIN or self._log is not None:
            return State.apply_random_chance(self)
        key = self._key
        if key is None:
            key = self._keep_key()
        played = play_chance(self.inner, draw_keyed(key, len(self._history)))
        if played is None:  # not a chance step: refused by the contract
            return State.apply_random_chance(self)
        action, over = played
        if over:
            self._finish_mountain()
        self._history.append(action)
        return action

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The mountain's chance outcomes at its chance steps (the campaign has none)."""
        return self.inner.chance_outcomes() if self.phase == MOUNTAIN else []

    def _legal_actions(self) -> Sequence[int]:
        if self.phase == MOUNTAIN:
            return self.inner.legal_actions()
        game = self._game
        base = {
            LEAVE_GUIDE: game.LEAVE_G,
            TAKE_GUIDE: game.TAKE_G,
            LEAVE_CLIENT: game.LEAVE_C,
            TAKE_CLIENT: game.TAKE_C,
        }[self.phase]
        acts = sorted(base + m for m in self._candidates())
        if self.phase == TAKE_CLIENT and self.surv_c:
            acts.append(game.NO_MORE)
        return acts

    def _chance_outcomes(self) -> Sequence[tuple[int, float]]:
        return self.inner.chance_outcomes() if self.phase == MOUNTAIN else ()

    def _sample_chance(self, u: int) -> int:
        return chance_outcome(self.inner, u)

    def _is_legal(self, action: int) -> bool:
        if self.phase == MOUNTAIN:
            return action < self._game.LEAVE_G and action in self.inner.legal_actions()
        return action in self.legal_actions()

    def _apply(self, action: int) -> None:
        if self.phase == MOUNTAIN:
            inner = self.inner
            if self._log is None:
                inner.apply_legal(action)
            else:
                at = len(self._history)
                for e in apply_recorded(inner, action):
                    self._log.append(LogEntry(at, e.player, e.text, e.rule))
            if inner.is_terminal():
                self._finish_mountain()
            return
        game = self._game
        if action == game.NO_MORE:
            self.no_more = True
            self._emit("no more replacements: the team sets out short-handed", R_CARRY)
        elif action >= game.TAKE_C:
            self._choose(action - game.TAKE_C)
        elif action >= game.LEAVE_C:
            self._choose(action - game.LEAVE_C)
        elif action >= game.TAKE_G:
            self._choose(action - game.TAKE_G)
        else:
            self._choose(action - game.LEAVE_G)
        self._next_choice()

    def _action_text(self, action: int) -> str:
        if self.phase == MOUNTAIN:
            return self.inner.action_to_string(action)
        game = self._game
        where = game.mountain_title(self.k)
        if action == game.NO_MORE:
            return f"no more replacements: set out for {where}"
        if action >= game.TAKE_C:
            return f"take client {game.client_label(action - game.TAKE_C)}"
        if action >= game.LEAVE_C:
            return f"leave client {game.client_label(action - game.LEAVE_C)} behind"
        if action >= game.TAKE_G:
            return f"take guide {game.guide_label(action - game.TAKE_G)}"
        return f"leave guide {game.guide_label(action - game.LEAVE_G)} behind"

    def _emit(self, text: str, rule: str, player: int | None = None) -> None:
        if self._log is not None:
            State._emit(self, text, CITATIONS.cite(rule), player)  # the campaign's own rules

    def _action_rule(self, action: int) -> str:
        if self.phase == MOUNTAIN:
            return action_rule(self.inner, action)  # numbered by the mountain
        return CITATIONS.cite(R_CARRY)

    def _parse_action(self, text: str) -> int | None:
        if self.phase == MOUNTAIN:
            try:
                return self.inner.string_to_action(text)
            except InvalidActionError:
                return None
        matches = [a for a in self.legal_actions() if self._action_text(a).lower().startswith(text)]
        return matches[0] if len(matches) == 1 else None

    def _refusal(self, action: int) -> IllegalActionError:
        if self.phase == MOUNTAIN and action < self._game.LEAVE_G:
            try:
                self.inner.action_to_string(action)
            except IllegalActionError as err:
                return err
            return IllegalActionError(
                rule=CITATIONS.cite(R_CAMPAIGN), reason="not legal now", action=action
            )
        if self.phase == MOUNTAIN:
            return IllegalActionError(
                rule=CITATIONS.cite(R_CARRY),
                reason="the team is chosen between two mountains",
                action=action,
            )
        return IllegalActionError(
            rule=CITATIONS.cite(R_CARRY),
            reason=f"not a legal action while the campaign waits to {PHASE_NAMES[self.phase]}",
            action=action,
        )

    # ----------------------------------------------------------------- results
    def peaks_done(self) -> int:
        """Mountains finished so far."""
        return len(self.results)

    def _members(self) -> list[int]:
        """Every client marker of the campaign, in the order they joined."""
        out: list[int] = []
        seen: list[int] = list(self.used_c)
        if self.phase == MOUNTAIN:
            seen += [c for c in self._team_ids()[1] if c not in seen]
        for c in seen:
            if c not in out:
                out.append(c)
        return out

    def score_breakdown(self) -> list[ScoreBreakdown]:
        """[16.2] over the mountains finished so far (final at the end): each client alive
        who summited all of them scores points x peaks; nobody else scores."""
        game = self._game
        peaks = self.peaks_done()
        dead = {m for kind, m, _ in self.dead if kind == "client"}
        lines: list[ScoreLine] = []
        summiters = 0
        for cid in self._members():
            card = game.client_cards[cid][1]
            label = game.client_label(cid)
            got = len(self.marks.get(cid, []))
            if cid in dead:
                lines.append(ScoreLine(f"{label} died ({got} of {peaks} peaks)", 0, R_SCORE))
            elif peaks and got == peaks:
                summiters += 1
                lines.append(
                    ScoreLine(
                        f"{label} summited all {peaks} peaks: {card.points} x {peaks}",
                        card.points * peaks,
                        R_SCORE,
                    )
                )
            else:
                lines.append(ScoreLine(f"{label} summited {got} of {peaks} peaks", 0, R_SCORE))
        total = float(sum(ln.points for ln in lines))
        return [
            ScoreBreakdown(
                player=0,
                lines=tuple(replace(ln, rule=CITATIONS.cite(ln.rule)) for ln in lines),
                total=total,
                band=game.band(total),
                figures={
                    "peaks": peaks,
                    "summited_all": summiters,
                    "deaths": len(self.dead),
                    "mountains": [dict(r) for r in self.results],
                },
            )
        ]

    def returns(self) -> list[float]:
        """The campaign score at the end, 0 before."""
        return [self.score_breakdown()[0].total] if self.phase == OVER else [0.0]

    def ending(self) -> str | None:
        """The campaign chart's result once the last mountain is over."""
        return self.score_breakdown()[0].band if self.phase == OVER else None

    def invariants(self) -> list[str]:
        """The mountain's invariants, and the team: nobody twice, the dead not in it."""
        problems = [f"{self._game.mountain_title(self.k)}: {p}" for p in self.inner.invariants()]
        guides, clients = self._team_ids()
        if self.phase != MOUNTAIN:
            guides, clients = self.surv_g, self.surv_c
        dead = {(kind, m) for kind, m, _ in self.dead}
        if len(set(guides)) != len(guides) or len(set(clients)) != len(clients):
            problems.append("a marker is twice in the team")
        if self.phase == MOUNTAIN and any(("guide", g) in dead for g in guides):
            problems.append("a dead guide is back on the mountain")
        if self.phase == MOUNTAIN and any(("client", c) in dead for c in clients):
            problems.append("a dead client is back on the mountain")
        ng, nc = self._game.team_size(self.k)
        if self.phase == MOUNTAIN and (len(guides) > ng or len(clients) > nc):
            problems.append("the team is larger than the mountain takes")
        return problems

    # ----------------------------------------------------------------- views
    def _snapshot(self) -> dict[str, Any]:
        return {
            "mountain": self.k,
            "phase": self.phase,
            "gmap": list(self.gmap),
            "cmap": list(self.cmap),
            "used_guides": list(self.used_g),
            "used_clients": list(self.used_c),
            "marks": sorted([c, list(ks)] for c, ks in self.marks.items()),
            "dead": [list(d) for d in self.dead],
            "left": [list(d) for d in self.left],
            "results": [dict(r) for r in self.results],
            "team_guides": list(self.surv_g),
            "team_clients": list(self.surv_c),
            "no_more": self.no_more,
            "climb": self.inner.to_json()["state"],
        }

    observation = views.observation

    def clone(self) -> CampaignState:
        """An independent copy."""
        new = self._copy_base()
        new.k = self.k
        new.phase = self.phase
        new.inner = self.inner.clone()
        new.gmap = self.gmap.copy()
        new.cmap = self.cmap.copy()
        new.used_g = self.used_g.copy()
        new.used_c = self.used_c.copy()
        new.marks = {c: ks.copy() for c, ks in self.marks.items()}
        new.dead = [d.copy() for d in self.dead]
        new.left = [d.copy() for d in self.left]
        new.results = [dict(r) for r in self.results]
        new.surv_g = self.surv_g.copy()
        new.surv_c = self.surv_c.copy()
        new.no_more = self.no_more
        new._route()
        return new
