"""The layout of the Disaster-series package: no import circle among its modules."""

from __future__ import annotations

import ast
from pathlib import Path

import highcamp.games.disaster_series as series

ROOT = Path(series.__file__).parent


def _module(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _runtime_imports(path: Path, module: str) -> set[str]:
    """Modules of the package ``path`` imports when it runs (not under TYPE_CHECKING)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            typing_only |= {id(n) for n in ast.walk(node)}
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    package = [p for p in package if p]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level and id(node) not in typing_only:
            base = package[: len(package) - (node.level - 1)]
            if node.module:
                out.add(".".join([*base, node.module]))
            else:  # from . import a, b: the modules a and b
                out |= {".".join([*base, alias.name]) for alias in node.names}
    return out


def test_no_import_circle_inside_the_series() -> None:
    paths = sorted(ROOT.rglob("*.py"))
    graph = {_module(p): _runtime_imports(p, _module(p)) for p in paths}
    circles = []

    def visit(node: str, stack: list[str]) -> None:
        for dep in graph.get(node, ()):
            if dep in stack:
                circles.append([*stack[stack.index(dep) :], dep])
            elif dep in graph:
                visit(dep, [*stack, dep])

    for module in graph:
        visit(module, [module])
    assert circles == []
    assert "engine" in graph["game"] and "seats" in graph["game"]
    assert "movement" in graph["engine"]


# ---------------------------------------------------------------------- the phase table
# The phase switch (who acts, chance outcomes, legality, refusals, texts, rules, the
# transition) is one table per state class (``PHASES``); the contract's methods that read
# it belong to the shared engine alone.
PHASE_SWITCH = (
    "current_player",
    "_chance_outcomes",
    "_sample_chance",
    "_is_legal",
    "_compute_legal",
    "_legal_actions",
    "_action_text",
    "_rule_of",
    "_refuse",
    "_apply",
    "_phase_name",
)
OVERRIDDEN_MORE_THAN_ONCE: frozenset[str] = frozenset()
"""The engine's methods still overridden by more than one layer: none (26 before the phases
became one table, 13 after; 0 once the set-up, the Game End, the copy, the checks, the
observation and the score sheets became the engine's for any number of teams, and the hot
path's ``_die_rolled``, ``_do_step``, ``_move_actions``, ``_place_event`` and ``_resume``
the engine's alone, each difference a named hook or data of the class: ``_seat_setup``,
``_team_line``, ``_secret_draw``, ``_seat_fates``, ``_closing_steps``, ``_mountain_view``,
``_table_problems``, ``_move_play``, ``_ridges_placed`` and the data ``_END_KEEPS``,
``_END_RETURNS``, ``_LEFT_OUT_OF_POOL``, ``_MARKER_PLACES``, ``_LAYER_FIELDS``,
``_RESUME_FIRST``, ``_ROLL_FIRST``, ``_UNBLOCKS``, ``_UNBUYABLE``, ``_FOR_BOTH``,
``_PLAIN_STEPS``). It must stay empty (issue 17)."""

OVERRIDDEN_AT_MOST_ONCE = (
    "_begin_end",
    "_finish",
    "_setup",
    "_setup_next",
    "clone",
    "invariants",
    "observation",
    "score_breakdown",
)
"""Once overridden by two layers or three; now by one layer at most (issue 17)."""


GENERATED = frozenset({"_copy_own"})
"""Written for each class by ``DisasterState.__init_subclass__`` (the copy of its own
fields), not by a layer."""


def _layers() -> list[type]:
    from highcamp.games.disaster_series.k2.state import K2State
    from highcamp.games.disaster_series.k2.two_player import K2TwoPlayerState
    from highcamp.games.disaster_series.seats import TwoPlayerRules, TwoPlayerState

    return [TwoPlayerRules, TwoPlayerState, K2State, K2TwoPlayerState]


def _overrides() -> dict[str, list[str]]:
    """Each method of the shared engine (its state class and their base class, where the
    contract's hot paths are written), with the layers that override it."""
    from highcamp.games.disaster_series.engine import DisasterState
    from highcamp.games.disaster_series.hooks import EngineHooks
    from highcamp.games.disaster_series.series_base import SeriesBase

    names = [
        n
        for n, v in {**vars(SeriesBase), **vars(EngineHooks), **vars(DisasterState)}.items()
        if not n.startswith("__")
        and n not in GENERATED
        and (callable(v) or isinstance(v, property))
    ]
    return {n: [c.__name__ for c in _layers() if _defines(c, n)] for n in names}


def _defines(layer: type, name: str) -> bool:
    """Whether ``layer`` overrides ``name``: binds it, or (compiled, ``make native``) its
    native class does, for which its binding gave way (:func:`.binding.bind_compiled`)."""
    native = vars(layer).get("_NATIVE_RULES")
    return name in vars(layer) or (native is not None and name in vars(native))


def test_set_up_game_end_copy_checks_and_views_overridden_at_most_once() -> None:
    over = _overrides()
    assert {n: over[n] for n in OVERRIDDEN_AT_MOST_ONCE} == {
        n: ["TwoPlayerRules"] if n == "observation" else [] for n in OVERRIDDEN_AT_MOST_ONCE
    }
    # the named hooks they call are never among the ones overridden more than once
    hooks = ("_seat_setup", "_team_line", "_secret_draw", "_seat_fates", "_closing_steps")
    hooks += ("_mountain_view", "_table_problems", "_begin_fates", "_next_seat_fates")
    assert {n: len(over[n]) for n in hooks} == dict.fromkeys(hooks, 1)


def test_no_layer_overrides_the_phase_switch() -> None:
    over = _overrides()
    assert {n: over[n] for n in PHASE_SWITCH} == {n: [] for n in PHASE_SWITCH}


def test_no_method_of_the_shared_engine_is_overridden_more_than_once() -> None:
    over = _overrides()
    more = {n for n, layers in over.items() if len(layers) > 1}
    assert more == OVERRIDDEN_MORE_THAN_ONCE, sorted(more - OVERRIDDEN_MORE_THAN_ONCE)


def test_every_class_reads_its_own_merged_table() -> None:
    from highcamp.games.disaster_series.engine import DisasterState
    from highcamp.games.disaster_series.phases import NO_PHASE, Phase

    tables = [DisasterState.PHASES] + [c.PHASES for c in _layers()]  # type: ignore[attr-defined]
    for table in tables:
        assert isinstance(table, tuple) and all(isinstance(e, Phase) for e in table)
        assert NO_PHASE not in table[:16]  # the engine's phases are in every table
    assert len({id(t) for t in tables}) == 4  # TwoPlayerState shares TwoPlayerRules'


def test_the_docs_turn_cycle_is_read_from_the_table() -> None:
    """Each mountain's page lists its phases and their sections as the table gives them."""
    import highcamp
    from highcamp.games.disaster_series.phases import turn_cycle

    docs = ROOT.parents[3] / "docs" / "games"
    for game_id in ("disaster-on-everest", "disaster-on-k2"):
        game = highcamp.load_game(game_id, players=2)
        text = (docs / f"{game_id}.md").read_text(encoding="utf-8")
        rows = turn_cycle(game.new_initial_state().PHASES, game.ruleset.cite)  # type: ignore[attr-defined]
        missing = [r for r in rows if f"| {r[0]} | {r[1]} |" not in text]
        assert rows and missing == [], (game_id, missing)


def test_no_diamond_among_the_state_classes() -> None:
    """The two-player rules are a mixin of no state class: each state class derives from one
    state class, so its method order is one line (no resolution depends on a diamond)."""
    from highcamp.games.disaster_series.engine import DisasterState
    from highcamp.games.disaster_series.seats import TwoPlayerRules

    assert TwoPlayerRules.__bases__ == (object,)
    for cls in [*_layers(), DisasterState]:
        states = [b for b in cls.__bases__ if issubclass(b, DisasterState)]
        assert len(states) <= 1, (cls.__name__, states)
