"""Disaster on K2 for two players [15.*]: K2's rules and the series' two-player rules.

``load_game("disaster-on-k2", players=2)`` plays two International Teams on one K2 board
with the two-player rules of the series (:class:`~..seats.TwoPlayerRules`: the alternating
First Player, Prestige 14, bidding, ridges blocked by two climbers, the First Player moving
first, Preparations only as First Player, victory and ties) and K2's rules
(:class:`~.rules.K2State`: the Avalanche Track and Serac collapses, avalanche spaces,
bivouacs, Luck, the Flashlight, House's Chimney, the Sherpa's Secret Goal).

Each seat chooses its own team and guide (``team``/``team_2``, ``guide``/``guide_2``).
Per-team state (held and kept tokens, Prestige, Preparations, the Flashlight's holder,
bivouacs, the Secret Goal and its achievement) is each seat's ``K2Team``; the board (the
Avalanche Track, Serac collapses, ropes on avalanche spaces, Blocked Ridge markers,
darkness) is shared. The player aid's 2-Player Event Clarifications, as highcamp plays
them on K2:

* Acute Mountain Sickness and Broken Rope may strike the opponent's climbers;
* Chocolate Bars and House's Chimney serve only the buyer's climbers;
* HAP Stuck, Icy and Thick Snow hit both teams; Ridges Open removes every block and
  stops new ones for both players that turn;
* Sherpa Stamina gives +3 to *any* sherpa in the game that turn (both players');
* the Flashlight lights every climber on its holder's space (both teams); it passes only
  between the buyer's climbers;
* a Darkness token is never bid on: it goes straight to the Avalanche Track [7.2].

A Sherpa's Secret Goal is drawn face down: the draw is told only to its seat, the goal
appears only in its seat's observation (its points are left out of the score the opponent
sees) until it is achieved (Summit w/Climber, Bivouac: the marker goes onto the status card
[13.0]) or the game ends.

>>> import highcamp
>>> game = highcamp.load_game("disaster-on-k2", players=2, guide="sherpa")
>>> [g.team.name for g in game.seat_games], game.info.hidden_information
(['Serbia', 'Netherlands'], True)
>>> s = game.new_initial_state(seed=1)
>>> s.public_action_text(s.chance_outcomes()[0][0], 1)
'Seat 1 (Serbia) draws a Secret Goal'
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, cast

from ..constants import P_DIE, Rule
from ..events import EFFECTS, Effect
from ..phases import merged
from ..seats import (
    OTHER,
    R_BID,
    TWO_PLAYER_EFFECTS,
    TwoPlayerRules,
    seat_games,
)
from ..team import K2Team
from ..two_player_events import _both
from . import avalanche, dice, secret_goals
from .protocols import K2TwoPlayerSeries
from .state import K2State
from .two_player_phases import K2_TWO_PLAYER_PHASES
from .vocabulary import (
    _LUCK_ROLLS,
    P_GOAL,
    P_NOBLE,
    R_AVALANCHE,
    R_BUY,
)

if TYPE_CHECKING:
    from .protocols import K2Game

__all__ = ["K2_TWO_PLAYER_EFFECTS", "K2TwoPlayerState", "setup_two_player"]

R_SHERPA = Rule.SHERPA


def setup_two_player(game: K2Game) -> None:
    """Give a two-player K2 game its seats' teams [15.0]; a game where a Sherpa (or a
    multinational team's hired Sherpa) may draw a Secret Goal has hidden information."""
    game.seat_games = seat_games(game)  # type: ignore[misc]  # a field of the game
    secret = game.multinational or any(
        cast("K2Game", g).options["guide"] == "sherpa" for g in game.seat_games
    )
    if secret:
        # the instance's facts: this variant hides each Sherpa's goal from the other seat
        setattr(game, "INFO", replace(type(game).INFO, hidden_information=True))  # noqa: B010


# ====================================================================== clarifications
def _icy_k2_2p(state: Any, t: int) -> None:
    """Icy on K2 for both teams (the clarifications)."""
    assert isinstance(state, K2TwoPlayerState)
    EFFECTS["icy_serac"](state, t)
    with state._seated(1 - state.active):
        EFFECTS["icy_serac"](state, t)
    state._unblock()


def _flashlight_2p(state: Any, t: int) -> None:
    """There is one Flashlight: bought again (after a refill [7.4]), it leaves the
    opponent's climber for one of the buyer's."""
    assert isinstance(state, K2TwoPlayerState)
    state.other.flash = -1
    EFFECTS["flashlight"](state, t)


K2_TWO_PLAYER_EFFECTS: dict[str, Effect] = {
    **{k: v for k, v in TWO_PLAYER_EFFECTS.items() if k != "icy"},
    "icy_serac": _icy_k2_2p,
    "hap_stuck": _both("hap_stuck"),
    "flashlight": _flashlight_2p,
}
"""K2's events with two players, where they differ from solitaire (the player aid's
2-Player Event Clarifications, as :mod:`.two_player` lists them)."""


class K2TwoPlayerState(TwoPlayerRules, K2State, K2TwoPlayerSeries):
    """A position of Disaster on K2 for two players [15.0]."""

    _game: K2Game  # type: ignore[assignment]  # a DisasterGame: K2's
    team: K2Team
    teams: Sequence[K2Team]

    _K2P_DOC = ("o_bivouacked", "summited_with", "o_flash", "noble_next", "noble_next_space")
    """The two-player K2 document's own keys, after K2's: the waiting team's bivouacs and
    Flashlight (``o_``) and, per seat, whether the Sherpa summited with a climber."""
    _K2_DOC = (*K2State._K2_DOC, *_K2P_DOC)  # type: ignore[assignment]  # K2's _snapshot writes them all
    _K2P_SCALARS = ("noble_next", "noble_next_space")
    __slots__ = (*TwoPlayerRules._SLOTS_2P, *_K2P_SCALARS)
    _LAYER_FIELDS = ((), (), _K2P_SCALARS)  # copied by the engine's clone

    def __init__(self, game: K2Game, seed: int) -> None:
        self.noble_next = -1  # a second team's Noble Sacrifice at the same collapse
        self.noble_next_space = -1
        super().__init__(game, seed)

    # ------------------------------------------------------------------ seats
    @property
    def other(self) -> K2Team:
        """The waiting seat's team."""
        return self.teams[1 - self.active]

    def _k2_seat(self, seat: int | None = None) -> K2Game:
        return cast("K2Game", self._seat_game(seat))

    def _reserved(self, kind: str) -> set[int]:
        """Markers the other seat holds or will take from its own team: a marker plays on
        one team only [14.6]."""
        other = self._k2_seat(1 - self.active)
        team = self.teams[1 - self.active]
        held = set(team.guides if kind == "guides" else team.clients)
        if other.multinational:
            return held
        return held | set(other.team.guides if kind == "guides" else other.team.clients)

    # ------------------------------------------------------------------ events [7.*] [15.3]
    _UNBUYABLE: ClassVar[Mapping[str, tuple[str, str]]] = {
        "darkness": ("a Darkness token cannot be bought: no bidding", f"{R_BUY} {R_BID}")
    }
    """A Darkness token is never bid on [7.2]; any other is bid for [15.3]."""

    _EFFECTS: ClassVar[Mapping[str, Effect]] = ChainMap(K2_TWO_PLAYER_EFFECTS, EFFECTS)

    def _collapse(self, space: int, rule: str) -> None:
        """A Serac collapse kills the climbers of both teams on the space; each team's
        guide there may make a Noble Sacrifice for one of its own climbers [7.3]."""
        self.collapsed.append(space)
        if space in self.blocked:
            self.blocked.remove(space)
        self._say(f"Balcony Serac Collapse! on {self.rs.board.names[space]}", rule)
        ng = self._game.ng
        asks = []
        for seat in (self.active, 1 - self.active):
            with self._seated(seat):
                victims = self._client_at(space)
                if victims and any(self.team.pos[g] == space for g in range(ng)):
                    asks.append(seat)
                    continue
                for c in victims:
                    self._kill(c, "Serac collapse", R_AVALANCHE)
        if asks:
            self._seat(asks[0])
            self.noble_victims = self._client_at(space)
            self.noble_space = space
            self.phase = P_NOBLE
            if len(asks) > 1:
                self.noble_next, self.noble_next_space = asks[1], space

    _FOR_BOTH = frozenset({"ridges_open", "sherpa_stamina"})  # both players, that turn
    _RESUME_FIRST: ClassVar[tuple[()] | tuple[Callable[[Any], bool]]] = (
        avalanche._two_player_hold,
    )
    """Before play resumes, in one call: each team's Noble Sacrifice in turn [7.3], the
    two-player interruptions [15.4] [8.2], K2's descents [9.2]."""

    # ------------------------------------------------------------------ movement
    def _lit(self, space: int) -> bool:
        """The Flashlight lights the climbers of both teams on its holder's space [8.6]."""
        t = self.team  # K2's _lit for each team, written out (asked at every step)
        if t.flash >= 0 and t.pos[t.flash] == space:
            return True
        o = self.teams[1 - self.active]
        return o.flash >= 0 and o.pos[o.flash] == space

    def _settle(self, space: int) -> None:
        """[15.4] on K2: no block on an avalanche space; the Serac collapses use up Blocked
        Ridge markers [7.3]."""
        b = self.rs.board
        if space < 0 or space in self.collapsed or not b.is_ridge(space) or space in self.blocked:
            return
        if "ridges_open" in self.team.fx or sum(self._clients_on(space)) < 2:
            return
        if len(self.blocked) + len(self.collapsed) < b.blocked_ridge_markers:
            self._block(space)
        else:
            self.pending_block = space

    # ------------------------------------------------------------------ dice
    def _opponents_roll(self) -> bool:
        """Whether the die is rolled for the other seat's climber (Broken Rope, getting
        lost after Icy): the active player's Luck and Lucky trait are not offered (the
        owner's Luck is, before a Broken Rope roll: :meth:`_owner_luck_offer`)."""
        if self.die_for == "rope":
            return self.rope_client >= OTHER
        if self.die_for == "lost":
            return bool(self.lost_checks) and self.lost_checks[0] >= OTHER
        return False

    def _owner_luck_offer(self) -> bool:
        """Whether the player whose climber the opponent's Broken Rope strikes may play
        their Luck before the roll ("before any die roll", Player Aid: Luck)."""
        return (
            self.phase == P_DIE
            and self.die_for == "rope"
            and self.rope_client >= OTHER
            and not self.luck_asked
            and any(self.rs.tokens[t].effect == "luck" for t in self.other.held)
        )

    def _luck_offer(self) -> bool:
        """Whether Luck is offered before this roll: the struck climber's owner's before
        the opponent's Broken Rope (:meth:`_owner_luck_offer`), none before the roll for
        the waiting team's lost climber, else K2's (:func:`.luck._luck_offer`). Written
        out in one call: asked at every die roll, twice (test_hot_path.py keeps it equal
        to the three)."""
        if self.phase != P_DIE or self.luck_asked:
            return False  # the common case, first (it is asked at every step)
        kind = self.die_for
        if kind == "rope" and self.rope_client >= OTHER:  # the opponent's roll
            held = self.teams[1 - self.active].held
        elif kind == "lost" and self.lost_checks and self.lost_checks[0] >= OTHER:
            return False
        else:
            held = self.team.held
            if not held or kind not in _LUCK_ROLLS:
                return False
        effects = self.rs.token_effects
        return any(effects[t] == "luck" for t in held)

    def _lucky_subject(self) -> bool:
        return not self._opponents_roll() and super()._lucky_subject()

    _ROLL_FIRST: ClassVar[tuple[()] | tuple[Callable[[Any, int], int | None]]] = (
        dice._two_player_roll_first,
    )
    """In one call: the owner's Luck before the opponent's Broken Rope, the rolls for the
    waiting team's climbers, then K2's (each seat's Luck and Lucky [14.1])."""

    # ------------------------------------------------------------------ the contract
    # the phases as one table (:mod:`.two_player_phases`)
    PHASES = merged(K2_TWO_PLAYER_PHASES)

    def public_action_text(self, action: int, player: int | None = None) -> str:
        """Everything is public but the Secret Goal drawn, told only to its seat."""
        if self.phase == P_GOAL and player != self.active:
            return f"{self.label(self.active)} draws a Secret Goal"
        return self.action_to_string(action)

    # ------------------------------------------------------------------ hidden goals
    # the reads of :mod:`.secret_goals`
    _goal_shown = secret_goals._goal_shown
    _secret_choices = secret_goals._secret_choices
    resample_hidden = secret_goals.resample_hidden
    _k2_team = secret_goals._k2_team
    _hide_goal_points = secret_goals._hide_goal_points

    def _observation(self, player: int) -> dict[str, Any]:
        """The table as ``player`` sees it (see :class:`TwoPlayerRules`), with K2's board
        and each team's K2 status under ``k2`` (one's own, also in ``obs["k2"]``); the
        opponent's Secret Goal is ``"hidden"`` while face down; ``descents`` are each team's
        own markers waiting to descend from an avalanche space."""
        obs = super()._observation(player)
        mine = self._k2_team(player, True)
        theirs = self._k2_team(1 - player, self._goal_shown(1 - player))
        # the markers waiting to descend are the moving team's: under its own k2
        moving = obs["k2"]["descents"]
        mine["descents"] = moving if player == self.active else []
        theirs["descents"] = [] if player == self.active else moving
        obs["k2"].update(mine)
        obs["teams"][player]["k2"] = mine
        obs["opponent"]["k2"] = theirs
        if theirs["secret_goal"] == "hidden":
            self._hide_goal_points(obs["opponent"])
        elif theirs["secret_goal"] is not None:
            obs["opponent_secret"] = theirs["secret_goal"]["name"]
        return obs

    def _public_observation(self) -> dict[str, Any] | None:
        """What a spectator sees: both Secret Goals face down until shown."""
        obs = super()._public_observation()
        assert obs is not None
        for seat, key in ((0, "secret"), (1, "opponent_secret")):
            team = obs["teams"][seat]
            shown = self._goal_shown(seat)
            if team["k2"]["secret_goal"] is None:
                continue
            if not shown:
                team["k2"]["secret_goal"] = "hidden"
                if seat == 0:
                    obs["k2"]["secret_goal"] = "hidden"
                    self._hide_goal_points(team)
                obs[key] = "hidden"
            else:
                obs[key] = self.secret[seat]
        return obs
