"""The batch runner (seeds, chunks, workers, interruption) and the summary statistics."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterator

import pytest

import highcamp
from highcamp.agents import AGENTS, make_agent
from highcamp.core import Agent, State
from highcamp.sim import (
    GameRecord,
    Simulation,
    SummaryBuilder,
    game_seeds,
    parse_agents,
    play_range,
    quantiles_from_counts,
    run_simulation,
    summarize,
)

GAME = "everest-1924"


# ------------------------------------------------------------------------- the runner
def test_same_seed_same_records() -> None:
    a = run_simulation(GAME, games=300, seed=11).records
    b = run_simulation(GAME, games=300, seed=11).records
    assert a == b
    assert [r.index for r in a] == list(range(300))


def test_other_seed_other_records() -> None:
    a = run_simulation(GAME, games=300, seed=11).records
    b = run_simulation(GAME, games=300, seed=12).records
    assert [r.seed for r in a] != [r.seed for r in b]
    assert [r.length for r in a] != [r.length for r in b]


def test_chunk_size_does_not_change_records() -> None:
    whole = run_simulation(GAME, games=120, seed=5, chunk_size=1000).records
    assert run_simulation(GAME, games=120, seed=5, chunk_size=7).records == whole
    assert run_simulation(GAME, games=120, seed=5, chunk_size=1).records == whole


def test_two_workers_give_the_records_of_one() -> None:
    one = run_simulation(GAME, games=400, seed=3, workers=1).records
    two = run_simulation(GAME, games=400, seed=3, workers=2, chunk_size=37).records
    assert two == one


def test_two_workers_with_adaptive_chunks_yield_in_order() -> None:
    sim = Simulation(GAME, games=500, seed=9, workers=2)
    indices = [r.index for chunk in sim.chunks() for r in chunk]
    assert indices == list(range(500))
    assert sim.done == 500 and not sim.interrupted


def test_a_run_is_a_prefix_of_a_longer_run() -> None:
    short = run_simulation(GAME, games=50, seed=8).records
    long = run_simulation(GAME, games=90, seed=8).records
    assert long[:50] == short
    assert play_range(highcamp.load_game(GAME), ["random"], 8, 50, 90) == long[50:]


def test_a_record_replays_from_its_seeds() -> None:
    game = highcamp.load_game(GAME)
    for record in run_simulation(GAME, games=20, seed=21).records:
        seed, agent_seeds = game_seeds(21, record.index, 1)
        assert (seed, agent_seeds) == (record.seed, record.agent_seeds)
        state = highcamp.play_game(game, [make_agent("random", agent_seeds[0])], seed=seed)
        sheet = state.score_breakdown()[0]
        assert tuple(state.returns()) == record.returns
        assert record.scores == (sheet.total,) and record.bands == (sheet.band,)
        assert record.ending == state.ending() and record.length == len(state.history())
        assert record.figures == (dict(sheet.figures),)


def test_records_are_json_able() -> None:
    import json

    record = run_simulation(GAME, games=1, seed=1).records[0]
    doc = json.loads(json.dumps(record.to_dict()))
    assert doc["index"] == 0 and doc["seed"] == record.seed
    assert set(doc) == set(GameRecord._fields)


def test_agents_one_for_all_or_one_per_seat() -> None:
    assert parse_agents("random", 1) == ("random",)
    assert parse_agents(["random"], 3) == ("random",) * 3
    assert parse_agents("random,random", 2) == ("random", "random")
    with pytest.raises(ValueError, match="has 1 seat, but 2 agents"):
        parse_agents("random,random", 1, GAME)
    with pytest.raises(ValueError, match="has 3 seats, but 2 agents"):
        parse_agents(["random", "random"], 3)
    with pytest.raises(ValueError, match="unknown agent 'oracle'"):
        parse_agents("oracle", 1)
    with pytest.raises(ValueError, match="agent names separated by commas"):
        parse_agents("random,", 2)


def test_bad_runs_are_refused_before_playing() -> None:
    with pytest.raises(highcamp.UnknownGameError):
        Simulation("chess", games=10)
    with pytest.raises(highcamp.OptionError, match="unknown option 'colour'"):
        Simulation(GAME, games=10, options={"colour": "red"})
    with pytest.raises(ValueError, match="2 agents"):
        Simulation(GAME, games=10, agents="random,random")
    with pytest.raises(ValueError, match="workers"):
        Simulation(GAME, games=10, workers=-1)
    with pytest.raises(ValueError, match="number of games"):
        Simulation(GAME, games=-1)


def test_zero_workers_means_every_core() -> None:
    assert Simulation(GAME, games=1, workers=0).workers >= 1


def test_a_simulation_runs_once() -> None:
    sim = Simulation(GAME, games=3)
    sim.run()
    with pytest.raises(RuntimeError):
        sim.run()


class _StopAfter:
    """A random agent that presses Ctrl-C once more than ``limit`` agents have been built
    (one is built to validate the name, then one a game)."""

    name = "stopper"
    built = 0
    limit = 0

    def __init__(self, seed: int) -> None:
        type(self).built += 1
        self._random = make_agent("random", seed)

    def act(self, state: State) -> int:
        if type(self).built > type(self).limit:
            raise KeyboardInterrupt
        return self._random.act(state)


@pytest.fixture
def stopper() -> Iterator[type[_StopAfter]]:
    def factory(seed: int) -> Agent:
        return _StopAfter(seed)

    _StopAfter.built, _StopAfter.limit = 0, 1 + 45
    AGENTS["stopper"] = factory
    try:
        yield _StopAfter
    finally:
        del AGENTS["stopper"]


def test_ctrl_c_keeps_the_finished_games(stopper: type[_StopAfter]) -> None:
    result = run_simulation(GAME, games=1000, agents="stopper", seed=4, chunk_size=10)
    assert result.interrupted
    assert [r.index for r in result.records] == list(range(45))
    assert result.records == run_simulation(GAME, games=45, seed=4).records


# ----------------------------------------------------------------------- statistics
def _record(i: int, scores: tuple[float, ...], **kw: object) -> GameRecord:
    seats = len(scores)
    fields: dict[str, object] = {
        "index": i,
        "seed": i,
        "agent_seeds": (i,) * seats,
        "returns": tuple(float(s) for s in scores),
        "scores": scores,
        "bands": (None,) * seats,
        "ending": "end",
        "length": 10,
        "figures": ({},) * seats,
    }
    fields.update(kw)
    return GameRecord(**fields)  # type: ignore[arg-type]


def test_summary_of_hand_made_records() -> None:
    scores = [-1, -1, 4, 12, 30, 35, 52, 61, -1, 8]
    bands = {-1: "low", 4: "low", 8: "low", 12: "low", 30: "mid", 35: "mid", 52: "top", 61: "top"}
    endings = ["abandoned"] * 3 + ["summit"] * 2 + ["perished"] * 5
    records = [
        _record(
            i,
            (s,),
            bands=(bands[s],),
            ending=endings[i],
            length=i + 1,
            figures=({"row": i % 3, "summit": s > 50, "note": "x"},),
        )
        for i, s in enumerate(scores)
    ]
    summary = summarize(records)
    seat = summary.seats[0]
    assert summary.count == 10
    assert seat.mean == pytest.approx(statistics.fmean(scores))
    assert seat.sd == pytest.approx(statistics.stdev(scores))
    half = 1.959963984540054 * statistics.stdev(scores) / math.sqrt(10)
    assert seat.ci95 == pytest.approx((seat.mean - half, seat.mean + half))
    cuts = statistics.quantiles(scores, n=20, method="inclusive")
    assert seat.quantiles.values() == pytest.approx(
        (min(scores), cuts[0], cuts[4], cuts[9], cuts[14], cuts[18], max(scores))
    )
    assert [(b.name, b.count, b.share) for b in seat.bands] == [
        ("low", 6, 0.6),
        ("mid", 2, 0.2),
        ("top", 2, 0.2),
    ]
    assert [(e.name, e.count) for e in summary.endings] == [
        ("perished", 5),
        ("abandoned", 3),
        ("summit", 2),
    ]
    assert summary.mean_length == 5.5
    assert seat.figures == pytest.approx({"row": 0.9, "summit": 0.2})
    assert seat.win_rate is None
    assert not summary.returns_differ
    assert summary.to_dict()["seats"][0]["quantiles"]["median"] == seat.quantiles.median


def test_band_order_given_by_the_game() -> None:
    records = [_record(i, (s,), bands=(b,)) for i, (s, b) in enumerate([(1, "b"), (5, "a")])]
    assert [b.name for b in summarize(records).seats[0].bands] == ["b", "a"]
    ordered = summarize(records, band_order=["a", "b"]).seats[0].bands
    assert [b.name for b in ordered] == ["a", "b"]


def test_win_rates_share_ties() -> None:
    records = [
        _record(0, (3, 1, 0)),
        _record(1, (2, 2, 0)),
        _record(2, (1, 1, 1)),
        _record(3, (0, 5, 0), returns=(1.0, -1.0, 0.0)),
    ]
    summary = summarize(records)
    rates = [s.win_rate for s in summary.seats]
    assert rates == pytest.approx([(1 + 1 / 2 + 1 / 3 + 1) / 4, (1 / 2 + 1 / 3) / 4, (1 / 3) / 4])
    assert sum(r or 0 for r in rates) == pytest.approx(1.0)
    assert summary.returns_differ
    assert summary.seats[1].mean == 2.25 and summary.seats[1].mean_return == 0.75


def test_chunked_summary_equals_whole() -> None:
    records = run_simulation(GAME, games=500, seed=2).records
    builder = SummaryBuilder()
    for start in range(0, 500, 64):
        builder.add(records[start : start + 64])
    assert builder.summary() == summarize(records)


def test_quantiles_match_the_statistics_module() -> None:
    import random

    rng = random.Random(1)
    values = [rng.randint(-5, 40) for _ in range(999)]
    counts: dict[float, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    levels = [k / 20 for k in range(1, 20)]
    expected = statistics.quantiles(values, n=20, method="inclusive")
    assert quantiles_from_counts(counts, levels) == pytest.approx(expected)


def test_single_game_has_no_interval() -> None:
    summary = summarize([_record(0, (7,))])
    assert summary.seats[0].ci95 is None and summary.seats[0].sd == 0.0
    with pytest.raises(ValueError):
        summarize([])
