"""The game contract: :class:`Game` (static facts and options) and :class:`State`.

Every game of highcamp subclasses these two classes. The base classes enforce the shared
invariants once (pgx style): an illegal action is refused with the state unchanged, chance
steps draw from the state's own seeded generator, histories replay exactly, and state
documents round-trip through JSON.

A game implements a handful of hooks (``_legal_actions``, ``_chance_outcomes``, ``_apply``,
``_action_text``, ``_snapshot``, ``observation``, ``returns``...). Hot paths may override
``_is_legal`` and ``_sample_chance`` with table lookups.

>>> import highcamp
>>> game = highcamp.load_game("everest-1924")
>>> state = game.new_initial_state(seed=3)
>>> state.current_player()
0
>>> [state.action_to_string(a) for a in state.legal_actions()]
['roll', 'abandon']
>>> state.apply_action(state.string_to_action("roll"))
>>> state.current_player() == highcamp.CHANCE
True
>>> clone = state.clone()
>>> clone == state and game.replay(state.history(), seed=3) == state
True
"""

from __future__ import annotations

import abc
import json
import operator
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from .chance import CHANCE, TERMINAL, ChanceSteps
from .documents import STATE_FORMAT, read_state_document, snapshot_matches
from .errors import IllegalActionError, InvalidActionError, PositionError, StateFormatError
from .fields import ContractFields
from .info import Component, GameInfo
from .log import LogEntry, as_told
from .options import validate_options
from .rng import seed_key
from .scores import ScoreBand, ScoreBreakdown, ScoreLine

__all__ = [
    "CHANCE",
    "STATE_FORMAT",
    "TERMINAL",
    "Component",
    "Game",
    "GameInfo",
    "LogEntry",
    "ScoreBreakdown",
    "ScoreLine",
    "State",
    "as_told",
]

_S = TypeVar("_S", bound="State")

# what a reader is told of a chance outcome by default in a game with hidden information
_WITHHELD_CHANCE = "hidden from you"


class Game(abc.ABC):
    """A game with its options fixed: static facts, and a factory of states.

    Subclasses set ``INFO`` and implement ``num_distinct_actions``, ``max_game_length``
    and ``_new_state``.
    """

    INFO: ClassVar[GameInfo]

    @classmethod
    def variants(cls) -> list[dict[str, Any]]:
        """Option sets that together cover every variant and player count (for tests,
        listings and benchmarks). Games with variants override this."""
        info = cls.INFO
        if any(o.name == "players" for o in info.options):
            return [{"players": n} for n in range(info.min_players, info.max_players + 1)]
        return [{}]

    def __init__(self, **options: Any) -> None:
        self._options: Mapping[str, Any] = MappingProxyType(
            validate_options(self.INFO.options, options)
        )

    @property
    def info(self) -> GameInfo:
        """Static facts about the game (id, title, players, options, provenance)."""
        return self.INFO

    @property
    def options(self) -> Mapping[str, Any]:
        """The validated options, defaults filled in (read-only)."""
        return self._options

    @property
    def num_players(self) -> int:
        """Number of seats in this game (the ``players`` option, if the game has one)."""
        players = self._options.get("players", self.INFO.min_players)
        return int(players)

    def rules_text(self) -> str:
        """A summary of the rules in highcamp's own words (Markdown), citing sections."""
        return self.INFO.summary

    def score_bands(self) -> list[str]:
        """Names of the game's score bands (victory chart, legend), lowest first; [] if none."""
        return [band.name for band in self.score_chart()]

    def score_chart(self) -> list[ScoreBand]:
        """The game's score bands with their limits, lowest first; [] if it has none.

        Reports draw them on score distributions; games with a chart override this.
        """
        return []

    def exact_solver(self, use_cache: bool = True) -> Any | None:
        """The game's exact solver, a capability; None when the game offers none.

        A solver answers ``is_solved()``, ``solve(progress)``, ``action_values(state)``
        (the expected final score of each legal action) and ``figures()``.
        """
        return None

    def static_view(self) -> dict[str, Any]:
        """Public, unchanging facts renderers need (board layout, sheet rows), JSON-able."""
        return {}

    @abc.abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the action id space: every action id is in ``range(...)``."""

    @abc.abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the length of any history (chance steps included)."""

    @abc.abstractmethod
    def _new_state(self, seed: int) -> State:
        """A fresh initial state for ``seed``."""

    def new_initial_state(self, seed: int = 0) -> State:
        """The initial state; ``seed`` drives every chance step resolved by the state."""
        if type(seed) is not int:
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        return self._new_state(seed)

    def replay(
        self, history: Sequence[int], *, seed: int = 0, position: Mapping[str, Any] | None = None
    ) -> State:
        """Replay ``history`` (player and chance actions) from the initial state, or from
        the state set up from ``position`` (:meth:`state_from_position`).

        A game record is ``(options, seed, history)``, with its position when it did not
        start from the initial state; the seed only matters for chance steps resolved after
        the replay.
        """
        state = (
            self.new_initial_state(seed)
            if position is None
            else self.state_from_position(position, seed=seed)
        )
        for index, action in enumerate(history):
            try:
                state.apply_action(action)
            except IllegalActionError as err:
                raise IllegalActionError(
                    rule=err.rule,
                    reason=f"step {index} of the history: {err.reason}",
                    action=action,
                ) from None
        return state

    def upgrade_history(
        self, history: Sequence[int], *, seed: int = 0, position: Mapping[str, Any] | None = None
    ) -> list[int]:
        """``history`` recorded under an earlier reading of the rules, as today's engine
        plays it: where a ruling changed what the engine asks (a mandatory step now applied
        at once, R-0-4), the game drops the choices it no longer asks for, so stored tables
        and saved games stay playable. The default keeps every history as it is.

        >>> import highcamp
        >>> highcamp.load_game("disaster", players=2).upgrade_history([0, 1])
        [0, 1]
        """
        return list(history)

    def state_from_position(self, position: Mapping[str, Any], *, seed: int = 0) -> State:
        """A state set up from a *position document*, for a test, a puzzle or a study: a
        JSON object in the game's own words (hands, markers, spaces by name) describing
        where things stand, documented by each game that offers one (see its ``docs/games``
        page). Things the document leaves out take their set-up values; ``seed`` drives the
        chance steps that follow.

        The document is validated: a malformed document, or one that breaks a rule or an
        invariant of the game (a card placed twice, a hand too big), raises
        :class:`PositionError` naming the field, the reason and the rule; a game that
        offers no position documents raises it too. The state starts with an empty history
        and keeps its position (:attr:`State.start_position`), which its ``to_json()``
        document and :meth:`replay` carry, so every round trip of the contract holds.

        >>> import highcamp
        >>> game = highcamp.load_game("disaster", players=2)
        >>> state = game.state_from_position({"turn": 1})
        >>> state.current_player(), state.history(), state.start_position
        (1, [], {'turn': 1})
        >>> game.state_from_position({"turn": 2})
        Traceback (most recent call last):
        ...
        highcamp.core.errors.PositionError: position turn: must be in 0..1, not 2
        """
        if type(seed) is not int:
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        if not isinstance(position, Mapping):
            raise PositionError("", "a position document is a JSON object")
        state = self._state_from_position(position, seed)
        problems = state.invariants()
        if problems:
            raise PositionError(
                "", "the position breaks the game's invariants: " + "; ".join(problems)
            )
        state._position = json.loads(json.dumps(dict(position)))
        return state

    def _state_from_position(self, position: Mapping[str, Any], seed: int) -> State:
        """The game's hook for :meth:`state_from_position`: check ``position`` and build
        the state (raising :class:`PositionError`); the contract then checks the state's
        invariants. Games without position documents keep this refusal."""
        raise PositionError("", f"{self.INFO.id} offers no position documents")

    def state_from_json(self, doc: Mapping[str, Any] | str | bytes) -> State:
        """Rebuild a state from a ``State.to_json()`` document (a dict or its JSON text).

        The document is checked: wrong game, options or format, a malformed history, or a
        ``state`` section that does not match its history raise :class:`StateFormatError`.
        """
        if isinstance(doc, str | bytes):
            try:
                doc = json.loads(doc)
            except ValueError as err:
                raise StateFormatError(f"not JSON: {err}") from None
        seed, history, position = read_state_document(doc, self.INFO.id, self._options)
        upgraded = False
        try:
            try:
                state = self.replay(history, seed=seed, position=position)
            except IllegalActionError:  # saved under an earlier reading of the rules?
                newer = self.upgrade_history(history, seed=seed, position=position)
                if newer == list(history):
                    raise
                state, upgraded = self.replay(newer, seed=seed, position=position), True
        except PositionError as err:
            raise StateFormatError(f"the document's position is refused: {err}") from None
        except IllegalActionError as err:
            raise StateFormatError(f"history does not replay: {err}") from None
        assert isinstance(doc, Mapping)  # read_state_document refused anything else
        if (
            "state" in doc
            and not upgraded
            and not snapshot_matches(doc["state"], state._snapshot())
        ):
            raise StateFormatError("the document's 'state' does not match its history")
        return state

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self._options.items())
        return f"load_game({self.INFO.id!r}{', ' if opts else ''}{opts})"


class State(ChanceSteps, metaclass=ContractFields):
    """A position of a game: whose turn, what is legal, and how it changes.

    Two states are equal when their :meth:`to_json` documents are equal. The fields below
    live in the slots of a game's first slotted class (:mod:`highcamp.core.fields`).
    """

    if not TYPE_CHECKING:  # (the checker does not see the metaclass add the fields)
        __slots__ = ()

    _game: Game
    _seed: int
    _key: int | None  # the generator's key, computed at the first draw
    _history: list[int]
    _log: list[LogEntry] | None
    _position: dict[str, Any] | None  # the position document it was set up from, if any

    def __init__(self, game: Game, seed: int) -> None:
        self._game = game
        self._seed = seed
        self._key = None
        self._history = []
        self._log = None
        self._position = None

    # ----------------------------------------------------------------- game hooks
    @abc.abstractmethod
    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` at a chance step, or ``TERMINAL``."""

    @abc.abstractmethod
    def _legal_actions(self) -> Sequence[int]:
        """Legal actions at a player decision (sorted ids)."""

    def _chance_outcomes(self) -> Sequence[tuple[int, float]]:
        """Outcomes and probabilities at a chance step."""
        return ()

    @abc.abstractmethod
    def _apply(self, action: int) -> None:
        """Apply an action already known to be legal."""

    @abc.abstractmethod
    def _action_text(self, action: int) -> str:
        """Readable text of an action that is legal now."""

    @abc.abstractmethod
    def _snapshot(self) -> dict[str, Any]:
        """A JSON-able dict of the game-specific state (everything that matters)."""

    @abc.abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` can see, as a JSON-able dict (hidden information removed)."""

    @abc.abstractmethod
    def returns(self) -> list[float]:
        """Each player's return (the final score at the end; zeros before it)."""

    def _refusal(self, action: int) -> IllegalActionError:
        """The error for an illegal action; games override it to name the rule."""
        return IllegalActionError(rule="[turn]", reason="not a legal action now", action=action)

    def _is_legal(self, action: int) -> bool:
        """Whether ``action`` is legal now (games may override with a table lookup)."""
        return action in self.legal_actions()

    def _sample_chance(self, u: int) -> int:
        """The chance outcome for the 64-bit draw ``u`` (games may override)."""
        x = u / 2.0**64
        outcomes = self.chance_outcomes()
        acc = 0.0
        for action, p in outcomes:
            acc += p
            if x < acc:
                return action
        return outcomes[-1][0]

    def _action_rule(self, action: int) -> str:
        """The rule an action's log entry cites (games override)."""
        return ""

    def _parse_action(self, text: str) -> int | None:
        """Parse text that names no legal action (games may override); None if unknown."""
        return None

    def invariants(self) -> list[str]:
        """Violated invariants of this state (conservation of tokens, cards...), as texts.

        The conformance suite calls it after every action; games override it.
        """
        return []

    def resample_hidden(self, player: int, seed: int) -> State:
        """A state ``player`` cannot tell from this one: hidden information redrawn at
        random (determinisation for information-set search). Games without hidden
        information return a clone."""
        self._check_player(player)
        return self.clone()

    def ending(self) -> str | None:
        """How the game ended (``None`` while it is running)."""
        return "end" if self.is_terminal() else None

    def score_breakdown(self) -> list[ScoreBreakdown]:
        """Each player's score line by line (games override with their score sheet)."""
        return [
            ScoreBreakdown(player=p, lines=(ScoreLine("score", r),), total=r)
            for p, r in enumerate(self.returns())
        ]

    # ------------------------------------------------------------ the contract
    @property
    def game(self) -> Game:
        """The game this state belongs to."""
        return self._game

    @property
    def seed(self) -> int:
        """The seed of the state's random source."""
        return self._seed

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        """True at a chance step."""
        return self.current_player() == CHANCE

    def legal_actions(self) -> list[int]:
        """Legal action ids now: player actions, or chance outcomes at a chance step."""
        player = self.current_player()
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [a for a, _ in self._chance_outcomes()]
        return list(self._legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(action, probability)]`` at a chance step (summing to 1), else ``[]``."""
        if self.current_player() != CHANCE:
            return []
        return list(self._chance_outcomes())

    def apply_action(self, action: int) -> None:
        """Apply a player action or a chance outcome.

        Raises :class:`IllegalActionError` naming the rule when ``action`` is not legal
        now; the state is then unchanged.
        """
        if type(action) is not int:  # numpy integers and the like; text is refused
            action = operator.index(action)
        if not self._is_legal(action):
            if self.is_terminal():
                raise IllegalActionError(rule="[end]", reason="the game is over", action=action)
            raise self._refusal(action)
        if self._log is not None:
            self._log_action(action)
        self._apply(action)
        self._history.append(action)

    def _keep_key(self) -> int:
        key = self._key = seed_key(self._seed)
        return key

    def action_to_string(self, action: int) -> str:
        """Readable text of a legal action (unique among the legal actions now)."""
        if not self._is_legal(action):
            raise self._refusal(action)
        return self._action_text(action)

    def legal_action_texts(self) -> dict[str, int]:
        """Every legal action's readable text (what :meth:`action_to_string` gives it),
        mapped to its id, in the order of :meth:`legal_actions`: one pass, without asking
        again of each whether it is legal (what an agent reading the texts wants).

        >>> import highcamp
        >>> s = highcamp.load_game("everest-1924").new_initial_state(seed=1)
        >>> s.apply_action(s.legal_actions()[0])
        >>> texts = s.legal_action_texts()
        >>> list(texts.values()) == s.legal_actions()
        True
        >>> all(s.action_to_string(a) == t for t, a in texts.items())
        True
        """
        text = self._action_text
        return {text(a): a for a in self.legal_actions()}

    def public_action_text(self, action: int, player: int | None = None) -> str:
        """What ``player`` may be told of ``action``, legal now and about to be applied;
        ``player=None`` is a spectator, who is told only what is public.

        This is the primitive of what a seat may read: :meth:`log_for` is built on it, and
        terminal and web play show a seat nothing else of an action. Without hidden
        information it is :meth:`action_to_string`. With hidden information the default is
        cautious: the acting seat is told its own action in full, every other reader only
        who acted (``"seat 2 acts"``), and a chance outcome is told to no one (``"hidden
        from you"``). Games with hidden information override it to tell what is public (a
        card played face up) and hide what is not (a card drawn is ``"draw Tent"`` to the
        drawer and ``"seat 2 draws a card"`` to everyone else).

        >>> import highcamp
        >>> s = highcamp.load_game("everest-1924").new_initial_state(seed=1)
        >>> s.public_action_text(s.string_to_action("roll"), None)
        'roll'
        """
        text = self.action_to_string(action)
        if not self._game.INFO.hidden_information:
            return text
        actor = self.current_player()
        if actor == CHANCE:
            return _WITHHELD_CHANCE
        if player is not None and player == actor:
            return text
        return f"seat {actor + 1} acts"

    def string_to_action(self, text: str) -> int:
        """Parse action text (or a numeric id) into an action id.

        Raises :class:`InvalidActionError` when the text names no action.
        """
        wanted = " ".join(text.lower().split())
        if not wanted:
            raise InvalidActionError(text, "empty text")
        legal = self.legal_actions()
        for action in legal:
            if " ".join(self._action_text(action).lower().split()) == wanted:
                return action
        parsed = self._parse_action(wanted)
        if parsed is not None:
            return parsed
        digits = wanted.removeprefix("#")
        if digits.isascii() and digits.isdigit():
            return int(digits)
        shown = ", ".join(repr(self._action_text(a)) for a in legal[:8])
        more = " ..." if len(legal) > 8 else ""
        raise InvalidActionError(
            text, f"legal now: {shown}{more}" if legal else "no action is legal"
        )

    def history(self) -> list[int]:
        """Every action applied so far, chance outcomes included."""
        return list(self._history)

    def _replay_start(self) -> State:
        """A fresh state where this state's game started: the initial state, or the state
        set up from its position document (the logs replay the history from there)."""
        if self._position is None:
            return self._game._new_state(self._seed)
        return self._game.state_from_position(self._position, seed=self._seed)

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """The game's log: each action and each automatic event with its rule citation.

        Logs are not kept during play (simulation speed); asking for one replays the
        history with recording on.
        """
        if self._log is not None:
            return tuple(self._log)
        replica = self._replay_start()
        replica._log = []
        for action in self._history:
            replica.apply_action(action)
        return tuple(replica._log)

    def log_for(self, player: int | None) -> tuple[LogEntry, ...]:
        """The log as ``player`` may read it (``None``: a spectator).

        Without hidden information this is :attr:`log`. With it, the history is replayed
        and the entry of each action reads what ``player`` was told of it when it was taken
        (:meth:`public_action_text`); its ``action`` id is kept only when that is the full
        text. Automatic events (entries without an action) are public by contract and read
        as they are.

        >>> import highcamp
        >>> s = highcamp.load_game("everest-1924").new_initial_state(seed=1)
        >>> s.apply_action(s.string_to_action("roll"))
        >>> s.log_for(0) == s.log_for(None) == s.log
        True
        """
        if player is not None:
            self._check_player(player)
        if not self._game.INFO.hidden_information:
            return self.log
        replica = self._replay_start()
        entries: list[LogEntry] = []
        replica._log = entries
        for action in self._history:
            at = len(entries)
            told = replica.public_action_text(action, player)
            replica.apply_action(action)
            entries[at:] = as_told(entries[at:], told)
        return tuple(entries)

    def keep_log(self, keep: bool = True) -> None:
        """Keep this state's log from now on (``False``: stop). A kept log is replayed once,
        then every action appends its entries and clones keep it too, so :attr:`log` costs
        no replay: for a state whose log is read after every move (a table in play).
        Search and simulation keep none.

        >>> import highcamp
        >>> s = highcamp.load_game("everest-1924").new_initial_state(seed=1)
        >>> s.apply_action(s.string_to_action("roll"))
        >>> before = s.log
        >>> s.keep_log()
        >>> t = s.clone()
        >>> t.apply_action(t.legal_actions()[0])
        >>> t.log[: len(before)] == before and len(t.log) > len(before)
        True
        """
        if not keep:
            self._log = None
        elif self._log is None:
            self._log = list(self.log)

    def public_observation(self) -> dict[str, Any] | None:
        """What a spectator sees, JSON-able; ``None`` when the game does not say.

        Without hidden information this is ``observation(0)``. A game with hidden
        information overrides it with the public part of its position (the board, counts
        of cards in hands, never a card face that is not public); the conformance suite
        checks that every registered game does, and that it is the same in every state
        :meth:`resample_hidden` gives for any seat.

        >>> import highcamp
        >>> s = highcamp.load_game("everest-1924").new_initial_state(seed=1)
        >>> s.public_observation() == s.observation(0)
        True
        """
        if self._game.INFO.hidden_information:
            return None
        return self.observation(0)

    def _emit(self, text: str, rule: str, player: int | None = None) -> None:
        """Record an automatic event in the log (if one is being kept)."""
        if self._log is not None:
            self._log.append(
                LogEntry(index=len(self._history), player=player, text=text, rule=rule)
            )

    def _copy_base(self: _S) -> _S:
        """A new, uninitialised state of this class holding a copy of the contract's own
        fields (game, seed, key, history, log): a game's cheap ``clone()`` starts here and
        copies its own fields.

        >>> import highcamp
        >>> s = highcamp.load_game("everest-1924").new_initial_state(seed=3)
        >>> c = s._copy_base()
        >>> c.history() == s.history() and c._history is not s._history
        True
        """
        new = type(self).__new__(type(self))
        new._game = self._game
        new._seed = self._seed
        new._key = self._key
        new._history = self._history.copy()
        new._log = None if self._log is None else self._log.copy()
        new._position = self._position
        return new

    def clone(self) -> State:
        """An independent copy (games override with a cheaper copy built on
        :meth:`_copy_base`)."""
        import copy

        memo: dict[int, Any] = {id(self._game): self._game}
        return copy.deepcopy(self, memo)

    @property
    def start_position(self) -> dict[str, Any] | None:
        """The position document this state's game was set up from
        (:meth:`Game.state_from_position`), or ``None`` for a game from its initial state."""
        return self._position

    def to_json(self) -> dict[str, Any]:
        """The state as a JSON-able document: ``(game, options, seed, history)`` + state
        (and ``position`` for a game set up from a position document)."""
        doc = {
            "format": STATE_FORMAT,
            "game": self._game.INFO.id,
            "options": dict(self._game.options),
            "seed": self._seed,
            "history": list(self._history),
            "state": self._snapshot(),
        }
        if self._position is not None:
            doc["position"] = self._position
        return doc

    def _check_player(self, player: int) -> None:
        if not isinstance(player, int) or not 0 <= player < self._game.num_players:
            raise ValueError(f"player must be in 0..{self._game.num_players - 1}, not {player!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self._game.INFO.id} after {len(self._history)} actions>"
