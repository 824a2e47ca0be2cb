"""The Disaster-series campaign [16.0]: mountains of the series played one after the other.

One contract game: its actions are the current mountain's actions (the same ids, chance steps
included) and, between two mountains, the campaign's own decisions [16.1]: who stays behind
when the next mountain takes fewer guides or clients, and which unused markers replace the
missing. Each mountain is a game of the series loaded through the registry
(:data:`MOUNTAINS` maps a mountain's name to its game id); the mountains after the first
start with the team that came down from the last one (``DisasterGame.with_roster``).

>>> import highcamp
>>> game = highcamp.load_game("disaster-campaign", order="everest,everest")
>>> [m.info.id for m in game.mountains]
['disaster-on-everest', 'disaster-on-everest']
>>> s = game.new_initial_state(seed=2)
>>> s.observation(0)["campaign"]["mountain"], s.is_chance_node()
(1, True)
>>> game.score_bands()[0], game.band(85), game.band(100)
('Major Defeat', 'Minor Victory', 'Major Victory')
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any, ClassVar

from highcamp.core import (
    TERMINAL,
    Component,
    Game,
    GameInfo,
    IllegalActionError,
    LogEntry,
    OptionError,
    OptionSpec,
    ScoreBand,
    ScoreBreakdown,
    ScoreLine,
    State,
    chart_from_minimums,
)
from highcamp.games import game_class, list_games, load_game
from highcamp.games.disaster_series import ClientCard, DisasterGame, DisasterState, GuideCard

__all__ = ["MOUNTAINS", "CampaignGame", "CampaignState"]

MOUNTAINS: dict[str, str] = {
    "everest": "disaster-on-everest",
    "k2": "disaster-on-k2",
}
"""A mountain's name in the ``order`` option -> the game id that plays it (the one place to
add a mountain of the series)."""

SHORT: dict[str, str] = {"disaster-on-everest": "Everest", "disaster-on-k2": "K2"}
TEAM_OPTIONS = ("company", "team")
"""The option of a mountain's game that chooses its starting team (the first one it has)."""

R_CAMPAIGN = "[16.0]"
R_CARRY = "[16.1]"
R_SCORE = "[16.2]"

# phases
MOUNTAIN, LEAVE_GUIDE, LEAVE_CLIENT, TAKE_GUIDE, TAKE_CLIENT, OVER = range(6)
PHASE_NAMES = (
    "climb",
    "leave a guide behind",
    "leave a client behind",
    "take a replacement guide",
    "take a replacement client",
    "over",
)
_GONE = frozenset({-3, -4})  # the engine's DEAD and REMOVED (a guide's Noble Sacrifice)


@cache
def _chart() -> tuple[tuple[tuple[int | None, str], ...], Component]:
    text = resources.files(__package__).joinpath("data", "chart.json").read_text("utf-8")
    doc = json.loads(text)
    bands = tuple((b["min"], b["name"]) for b in doc["bands"])
    comp = Component(doc["name"], doc["provenance"], doc.get("reason", ""), doc["source"])
    return bands, comp


def _default_order() -> str:
    """Everest then K2 [16.0] once K2 is registered; Everest twice until then."""
    return "everest-k2" if MOUNTAINS["k2"] in list_games() else "everest-everest"


def _components() -> tuple[Component, ...]:
    """The campaign chart, then the components of every mountain registered now."""
    out = [_chart()[1]]
    for gid in MOUNTAINS.values():
        if gid in list_games():
            out += [c for c in game_class(gid).INFO.components if c not in out]
    return tuple(out)


def _parse_order(text: str) -> list[str]:
    """Mountain names separated by commas or hyphens (``everest,k2``, ``everest-k2``; an
    OpenSpiel game string needs the hyphens)."""
    names = [n for n in re.split(r"[\s,+/-]+", text.strip().lower()) if n]
    if len(names) < 2:
        raise OptionError(
            "order",
            f"option 'order' needs two or more mountains separated by commas, not {text!r}",
        )
    known = list_games()
    for n in names:
        if n not in MOUNTAINS:
            raise OptionError(
                "order", f"unknown mountain {n!r} in 'order'; mountains are: {', '.join(MOUNTAINS)}"
            )
        if MOUNTAINS[n] not in known:
            raise OptionError(
                "order",
                f"mountain {n!r} needs the game {MOUNTAINS[n]!r}, which is not available yet; "
                f"playable mountains: {', '.join(k for k, g in MOUNTAINS.items() if g in known)}",
            )
    return names


class CampaignGame(Game):
    """A campaign of the Disaster series [16.0]-[16.2], solitaire."""

    INFO = GameInfo(
        id="disaster-campaign",
        title="Disaster-series campaign",
        min_players=1,
        max_players=1,
        options=(
            OptionSpec(
                "order",
                str,
                _default_order(),
                "the mountains in the order climbed, two or more separated by commas or "
                "hyphens "
                f"({', '.join(MOUNTAINS)}) [16.0]",
            ),
            OptionSpec(
                "team",
                str,
                None,
                "the first mountain's starting team (a travel company on Everest); none: "
                "that game's default",
                nullable=True,
            ),
            OptionSpec(
                "game",
                str,
                "basic",
                "basic, or advanced (traits, pushing and tiring) on every mountain",
                choices=("basic", "advanced"),
            ),
        ),
        chance=True,
        hidden_information=False,
        components=_components(),
        summary="Play the mountains of the Disaster series one after the other with one team: "
        "survivors carry over, and only those who summit every peak score.",
        rulebook="disaster-on-k2.txt",
    )

    _MAX_DECISIONS_PER_GAP: ClassVar[int] = 64

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        """Everest twice in the basic game, and in the advanced game with another company;
        once K2 is registered, Everest then K2 and K2 then Everest (advanced) replace the
        first (the suite plays each variant, and campaigns are long)."""
        advanced = {"order": "everest-everest", "game": "advanced", "team": "mountain-majesty"}
        if MOUNTAINS["k2"] in list_games():
            return [{"order": "everest-k2"}, {"order": "k2-everest", "game": "advanced"}, advanced]
        return [{"order": "everest-everest"}, advanced]

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        names = _parse_order(self.options["order"])
        self.order: tuple[str, ...] = tuple(names)
        games: list[DisasterGame] = []
        for k, name in enumerate(names):
            gid = MOUNTAINS[name]
            cls = game_class(gid)
            opts: dict[str, Any] = {}
            have = {o.name for o in cls.INFO.options}
            if "game" in have:
                opts["game"] = self.options["game"]
            team = self.options["team"]
            if k == 0 and team is not None:
                key = next((t for t in TEAM_OPTIONS if t in have), None)
                if key is None:
                    raise OptionError("team", f"{gid} has no starting team to choose")
                try:
                    game = load_game(gid, **opts, **{key: team})
                except OptionError as err:
                    raise OptionError("team", f"option 'team' for {gid}: {err}") from None
            else:
                game = load_game(gid, **opts)
            if not isinstance(game, DisasterGame):
                raise OptionError("order", f"{gid} is not a game of the Disaster series")
            games.append(game)
        self.mountains: tuple[DisasterGame, ...] = tuple(games)
        self._sizes: list[tuple[int, int]] = []
        for game in games:
            team = game.static_view().get("team", {"guides": game.ng, "clients": game.nc})
            self._sizes.append((int(team["guides"]), int(team["clients"])))
        # every guide and client marker of the sets in the campaign: (game id, card)
        guide_cards: list[tuple[str, GuideCard]] = []
        client_cards: list[tuple[str, ClientCard]] = []
        self.offsets: dict[str, tuple[int, int]] = {}
        self.titles = {g.info.id: SHORT.get(g.info.id, g.info.title) for g in games}
        for game in games:
            gid = game.info.id
            if gid in self.offsets:
                continue
            self.offsets[gid] = (len(guide_cards), len(client_cards))
            guide_cards += [(gid, g) for g in game.ruleset.guides]
            client_cards += [(gid, c) for c in game.ruleset.clients]
        self.guide_cards = tuple(guide_cards)
        self.client_cards = tuple(client_cards)
        self.sets = len(self.offsets)
        base = max(g.num_distinct_actions() for g in games)
        self.LEAVE_G = base
        self.TAKE_G = self.LEAVE_G + len(guide_cards)
        self.LEAVE_C = self.TAKE_G + len(guide_cards)
        self.TAKE_C = self.LEAVE_C + len(client_cards)
        self.NO_MORE = self.TAKE_C + len(client_cards)
        bands, _ = _chart()
        self.bands = bands

    # ----------------------------------------------------------------- statics
    def team_size(self, k: int) -> tuple[int, int]:
        """Guides and clients mountain ``k`` (0-based) takes: the team's size its game
        publishes (``static_view()["team"]``)."""
        return self._sizes[k]

    def mountain_title(self, k: int) -> str:
        """``Everest`` or ``K2`` (the game's title for a mountain without a short name)."""
        return self.titles[self.mountains[k].info.id]

    def guide_label(self, gid: int) -> str:
        """A guide marker's name, with its set when the campaign mixes sets."""
        src, card = self.guide_cards[gid]
        return card.name if self.sets == 1 else f"{card.name} ({self.titles[src]})"

    def client_label(self, cid: int) -> str:
        """A client marker's name, with its set when the campaign mixes sets."""
        src, card = self.client_cards[cid]
        return card.name if self.sets == 1 else f"{card.name} ({self.titles[src]})"

    def band(self, score: float) -> str:
        """The campaign chart's result for ``score`` [16.2]."""
        name = self.bands[0][1]
        for low, band in self.bands:
            if low is None or score >= low:
                name = band
        return name

    def score_chart(self) -> list[ScoreBand]:
        """The campaign chart, lowest first [16.2]."""
        return chart_from_minimums(self.bands)

    def rules_text(self) -> str:
        """The campaign rules in brief, citing sections."""
        return resources.files(__package__).joinpath("data/rules.md").read_text("utf-8")

    def num_distinct_actions(self) -> int:
        """The largest mountain's action ids, then leave/take per marker, then "no more"."""
        return self.NO_MORE + 1

    def max_game_length(self) -> int:
        """Every mountain's bound plus the choices between them."""
        gaps = (len(self.order) - 1) * (len(self.guide_cards) + len(self.client_cards) + 1)
        return sum(g.max_game_length() for g in self.mountains) + gaps

    def static_view(self) -> dict[str, Any]:
        """The order, each mountain's game (id and options) and static view (board, tokens,
        starting team), the team sizes and the campaign chart."""
        return {
            "order": [self.mountain_title(k) for k in range(len(self.order))],
            "games": [{"id": g.info.id, "options": dict(g.options)} for g in self.mountains],
            "mountains": [g.static_view() for g in self.mountains],
            "teams": [{"guides": g, "clients": c} for g, c in self._sizes],
            "campaign_chart": [{"min": low, "name": name} for low, name in self.bands],
        }

    def _new_state(self, seed: int) -> CampaignState:
        return CampaignState(self, seed)


class CampaignState(State):
    """A position of a campaign: the mountain being climbed, or a choice between two."""

    _game: CampaignGame

    __slots__ = (
        "cmap",
        "dead",
        "gmap",
        "inner",
        "k",
        "left",
        "marks",
        "no_more",
        "phase",
        "results",
        "surv_c",
        "surv_g",
        "used_c",
        "used_g",
    )

    def __init__(self, game: CampaignGame, seed: int) -> None:
        super().__init__(game, seed)
        first = game.mountains[0]
        off_g, off_c = game.offsets[first.info.id]
        self.k = 0
        self.phase = MOUNTAIN
        self.inner: DisasterState = self._start(first, seed)
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

    @staticmethod
    def _start(game: DisasterGame, seed: int) -> DisasterState:
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
        inner = self.inner
        return [self.gmap[i] for i in inner.guides], [self.cmap[i] for i in inner.clients]

    def _finish_mountain(self) -> None:
        game = self._game
        inner = self.inner
        guides, clients = self._team_ids()
        ng = len(inner.guides)
        for cid in clients:
            if cid not in self.used_c:
                self.used_c.append(cid)
        for gid in guides:
            if gid not in self.used_g:
                self.used_g.append(gid)
        obs = inner.observation(0)
        summits, deaths = [], []
        self.surv_g, self.surv_c = [], []
        for g, gid in enumerate(guides):
            if inner.pos[g] in _GONE:
                self.dead.append(["guide", gid, self.k])
                deaths.append(game.guide_label(gid))
            else:
                self.surv_g.append(gid)
        for c, cid in enumerate(clients):
            if obs["clients"][c]["marker"] == "Summit":
                self.marks.setdefault(cid, []).append(self.k)
                summits.append(game.client_label(cid))
            if inner.pos[ng + c] in _GONE:
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
        self._emit(
            f"{game.mountain_title(self.k)} is over: {bd.total:g} ({bd.band}); "
            f"{len(summits)} summited, {len(deaths)} died",
            R_CAMPAIGN,
        )
        if self.k == len(game.order) - 1:
            self.phase = OVER
            if self._log is not None:
                total = self.score_breakdown()[0]
                self._emit(f"campaign score {total.total:g}: {total.band}", R_SCORE)
            return
        self.k += 1
        self.no_more = False
        self._next_choice()

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
        mountain = game.mountains[self.k]
        cards = _unique_names(
            [game.guide_cards[g] for g in self.surv_g]
            + [game.client_cards[c] for c in self.surv_c],
            game.titles,
        )
        guides, clients = cards[: len(self.surv_g)], cards[len(self.surv_g) :]
        team = mountain.with_roster(guides, clients, "Campaign team")
        self.gmap, self.cmap = list(self.surv_g), list(self.surv_c)
        self.surv_g, self.surv_c = [], []
        self.inner = self._start(team, self._seed)
        self.phase = MOUNTAIN
        if self._log is not None:
            self._emit(
                f"the team sets out for {game.mountain_title(self.k)}: "
                + ", ".join(team.ruleset.guides[i].name for i in range(team.ng))
                + "; "
                + ", ".join(team.ruleset.clients[i].name for i in range(team.nc)),
                R_CARRY,
            )

    # ----------------------------------------------------------------- contract hooks
    def current_player(self) -> int:
        """The mountain's player or chance step; 0 between mountains; ``TERMINAL`` at the end."""
        if self.phase == MOUNTAIN:
            return self.inner.current_player()
        if self.phase == OVER:
            return TERMINAL
        return 0

    def legal_actions(self) -> list[int]:
        """The mountain's legal actions (chance outcomes included) during a climb, the
        campaign's choices between two mountains, none at the end."""
        if self.phase == MOUNTAIN:
            return self.inner.legal_actions()
        return super().legal_actions()

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
        return self.inner._sample_chance(u)

    def _is_legal(self, action: int) -> bool:
        if self.phase == MOUNTAIN:
            return action < self._game.LEAVE_G and self.inner._is_legal(action)
        return action in self.legal_actions()

    def _apply(self, action: int) -> None:
        if self.phase == MOUNTAIN:
            inner = self.inner
            if self._log is None:
                inner._apply(action)
                inner._history.append(action)
            else:
                inner._log = []
                inner._apply(action)
                inner._history.append(action)
                at = len(self._history)
                for e in inner._log:
                    self._log.append(LogEntry(at, e.player, e.text, e.rule))
                inner._log = None
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
            return self.inner._action_text(action)
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

    def _action_rule(self, action: int) -> str:
        if self.phase == MOUNTAIN:
            return self.inner._action_rule(action)
        return R_CARRY

    def _parse_action(self, text: str) -> int | None:
        if self.phase == MOUNTAIN:
            return self.inner._parse_action(text)
        matches = [a for a in self.legal_actions() if self._action_text(a).lower().startswith(text)]
        return matches[0] if len(matches) == 1 else None

    def _refusal(self, action: int) -> IllegalActionError:
        if self.phase == MOUNTAIN and action < self._game.LEAVE_G:
            return self.inner._refusal(action)
        if self.phase == MOUNTAIN:
            return IllegalActionError(
                rule=R_CARRY, reason="the team is chosen between two mountains", action=action
            )
        return IllegalActionError(
            rule=R_CARRY,
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
                lines=tuple(lines),
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
            "climb": self.inner._snapshot(),
        }

    def _guide_doc(self, gid: int) -> dict[str, Any]:
        card = self._game.guide_cards[gid][1]
        return {
            "kind": "guide",
            "name": self._game.guide_label(gid),
            "movement": card.movement,
            "skills": sorted(card.skills),
        }

    def _client_doc(self, cid: int) -> dict[str, Any]:
        game = self._game
        card = game.client_cards[cid][1]
        return {
            "kind": "client",
            "name": game.client_label(cid),
            "movement": card.movement,
            "traits": "".join(sorted(card.traits)),
            "points": card.points,
            "summits": [game.mountain_title(k) for k in self.marks.get(cid, [])],
        }

    def _roster(self) -> list[dict[str, Any]]:
        guides, clients = self._team_ids()
        if self.phase != MOUNTAIN:
            guides, clients = self.surv_g, self.surv_c
        return [self._guide_doc(g) for g in guides] + [self._client_doc(c) for c in clients]

    def observation(self, player: int) -> dict[str, Any]:
        """The campaign (mountains, team with summit markers, the dead, the choice on offer,
        the score so far) and the mountain's own observation (no hidden information)."""
        self._check_player(player)
        game = self._game
        offered: list[dict[str, Any]] = []
        if self.phase in (TAKE_GUIDE, LEAVE_GUIDE):
            offered = [self._guide_doc(m) for m in self._candidates()]
        elif self.phase in (TAKE_CLIENT, LEAVE_CLIENT):
            offered = [self._client_doc(m) for m in self._candidates()]
        ng, nc = game.team_size(self.k)
        score = self.score_breakdown()[0]
        return {
            "campaign": {
                "order": [game.mountain_title(k) for k in range(len(game.order))],
                "mountain": self.k + 1,
                "mountains": len(game.order),
                "shown": self._shown() + 1,
                "phase": PHASE_NAMES[self.phase],
                "team": self._roster(),
                "takes": {"guides": ng, "clients": nc},
                "offered": offered,
                "dead": [
                    {
                        "name": (game.guide_label if kind == "guide" else game.client_label)(m),
                        "kind": kind,
                        "mountain": game.mountain_title(k),
                    }
                    for kind, m, k in self.dead
                ],
                "left_behind": [
                    (game.guide_label if kind == "guide" else game.client_label)(m)
                    for kind, m, _ in self.left
                ],
                "results": [dict(r) for r in self.results],
                "score": score.total,
                "band": score.band,
            },
            "mountain": self.inner.observation(0),
        }

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
        return new


def _unique_names(cards: Sequence[tuple[str, Any]], titles: dict[str, str]) -> list[Any]:
    """The cards of a team, a name shared by markers of two sets told apart by the set."""
    seen: set[str] = set()
    out = []
    for src, card in cards:
        if card.name in seen:
            card = dataclasses.replace(card, name=f"{card.name} ({titles[src]})")
        seen.add(card.name)
        out.append(card)
    return out
