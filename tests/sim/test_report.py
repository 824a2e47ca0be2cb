"""The simulation report: summary tables, HTML and PNG charts of stored runs."""

from __future__ import annotations

import math
import re
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("matplotlib")
pytest.importorskip("numpy")

import highcamp
from highcamp.sim import PointData, RunData, run_simulation, summarize
from highcamp.sim.report import (
    MissingAnalysisError,
    summary_renderables,
    write_report,
)
from highcamp.sim.stats import Z95, wilson

PNG = b"\x89PNG\r\n\x1a\n"


def _run(game: str, games: int, *, options: dict[str, Any] | None = None, **kw: Any) -> RunData:
    records = run_simulation(game, games=games, options=options, seed=3).records
    return RunData.of_records(game, ("random",), records, seed=3, options=options, **kw)


def _sweep(game: str, key: str, values: list[Any], games: int, empty: bool = False) -> RunData:
    points = []
    for i, value in enumerate(values):
        options = dict(highcamp.load_game(game, **{key: value}).options)
        records = run_simulation(game, games=games, options={key: value}, seed=5).records
        points.append(PointData(i, {key: value}, options, records))
    if empty:  # an interrupted run: the last point has no games yet
        points[-1] = PointData(len(values) - 1, {key: values[-1]}, points[-1].options, [])
    loaded = highcamp.load_game(game)
    return RunData(
        id=7,
        name=f"sweep {key}",
        game=game,
        title=loaded.info.title,
        agents=("random",) * loaded.num_players,
        seed=5,
        games=games,
        options={},
        sweep={key: list(values)},
        chart=loaded.score_chart(),
        points=points,
        created=1_700_000_000.0,
        version="0.1.0",
    )


def _check_report(index: Path) -> str:
    """Every PNG the page embeds exists and is a real PNG of a sensible size; no temporary
    file is left; returns the page."""
    assert index.name == "index.html"
    page = index.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert "<script" not in page and "http://" not in page and "https://" not in page
    files = re.findall(r'<img src="([^"]+)"', page)
    assert files
    for name in files:
        data = (index.parent / name).read_bytes()
        assert data[:8] == PNG, name
        assert 5_000 < len(data) < 400_000, (name, len(data))
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert 400 <= width <= 2000 and 250 <= height <= 1600, (name, width, height)
    on_disk = {p.name for p in index.parent.glob("*.png")}
    assert on_disk == set(files)
    assert not list(index.parent.glob(".*tmp"))
    return page


# ----------------------------------------------------------------------------- runs
@pytest.fixture(scope="module")
def everest() -> RunData:
    return _run("everest-1924", 200)


@pytest.fixture(scope="module")
def disaster() -> RunData:
    return _run("disaster", 40, options={"players": 4})


@pytest.fixture(scope="module")
def sweep() -> RunData:
    return _sweep("disaster", "long_game", [False, True], 20)


# --------------------------------------------------------------------------- one run
def test_everest_1924_report_draws_the_score_chart(everest: RunData, tmp_path: Path) -> None:
    names: list[str] = []
    index = write_report(everest, tmp_path / "deep" / "report", on_chart=names.append)
    page = _check_report(index)
    assert names == ["scores", "length", "figures", "endings"]  # one seat: no win rates
    summary = summarize(everest.points[0].records, [b.name for b in everest.chart])
    for band in summary.seats[0].bands:  # every band of the chart, with its share
        assert band.name in page
    reached = [b for b in summary.seats[0].bands if b.count]
    assert reached
    for band in reached:
        assert f"{100 * band.share:.1f}%" in page
    assert "Everest 1924 (everest-1924)" in page and "200" in page
    assert "highest row" in page  # a figure, named in words


def test_disaster_win_rates_equal_summarize(disaster: RunData, tmp_path: Path) -> None:
    summary = summarize(disaster.points[0].records)
    tables = summary_renderables(disaster)
    score = tables[0]
    assert score.title == "Score (40 games)"
    labels = list(score.columns[0]._cells)
    win_row = labels.index("win rate")
    for k, seat in enumerate(summary.seats):
        assert seat.win_rate is not None
        cell = str(score.columns[k + 1]._cells[win_row])
        assert cell == f"{100 * seat.win_rate:.1f}%"
    interval_row = labels.index("95% interval of the win rate")
    lo, hi = wilson(summary.seats[0].win_rate * 40, 40)  # type: ignore[operator]
    assert str(score.columns[1]._cells[interval_row]) == f"{100 * lo:.1f}%..{100 * hi:.1f}%"
    assert sum(s.win_rate or 0 for s in summary.seats) == pytest.approx(1.0)

    names: list[str] = []
    page = _check_report(write_report(disaster, tmp_path, on_chart=names.append))
    # Disaster's many figures (escapes and perishings per disaster) fill two grids
    assert names == ["scores", "wins", "length", "figures_1", "figures_2", "endings"]
    assert "Legend bands" not in page  # Disaster has no score chart: a plain histogram
    assert "seat 4: random" in page
    from highcamp.sim.report import data

    point = data._analyse(disaster).whole  # a figure of the whole game counts once a game
    assert sum(point.pooled("turns").values()) == 40
    assert sum(point.pooled("chips").values()) == 4 * 40


def test_everest_go_flattens_nested_figures(tmp_path: Path) -> None:
    run = _run("everest-go", 12)
    page = _check_report(write_report(run, tmp_path))
    assert "garments by points.4" in page  # {'garments_by_points': {'4': n}} -> a.b
    assert "everest" in page and "winner" in page  # booleans, as shares
    figures = summary_renderables(run)[-1]
    assert figures.title == "Figures (mean)"
    assert "special items" in list(figures.columns[0]._cells)


# ---------------------------------------------------------------------------- sweeps
def test_sweep_report_has_a_column_per_point(sweep: RunData, tmp_path: Path) -> None:
    tables = summary_renderables(sweep)
    assert [t.title for t in tables] == ["Points", "Sweep (40 games, 2 points)"]
    points, table = tables
    assert list(points.columns[0]._cells) == ["1", "2"]
    assert list(points.columns[1]._cells) == ["long_game=False", "long_game=True"]
    assert list(points.columns[2]._cells) == ["20", "20"]
    assert [str(c.header) for c in table.columns] == ["figure", "#1", "#2"]
    rows = [str(c) for c in table.columns[0]._cells]
    for i, point in enumerate(sweep.points):
        summary = summarize(point.records)
        cell = str(table.columns[1 + i]._cells[rows.index("win rate (95%) seat 2")])
        assert cell.startswith(f"{100 * (summary.seats[1].win_rate or 0):.1f}% (")
        mean = str(table.columns[1 + i]._cells[rows.index("mean score (95%) seat 1")])
        assert mean.startswith(f"{summary.seats[0].mean:,.2f} (")
    names: list[str] = []
    page = _check_report(write_report(sweep, tmp_path, on_chart=names.append))
    assert names[-1].startswith("sweep") and "scores" in names
    assert "long_game = False, True" in page


def test_sweep_with_an_empty_point(tmp_path: Path) -> None:
    run = _sweep("everest-go", "beginners", [False, True], 6, empty=True)
    points, table = summary_renderables(run)
    assert list(points.columns[2]._cells) == ["6", "0"]
    assert str(table.columns[2]._cells[0]) == "-"  # the empty point's first figure
    page = _check_report(write_report(run, tmp_path))
    assert "beginners=True" in page


def test_a_run_without_games(tmp_path: Path) -> None:
    run = RunData.of_records("everest-1924", ("random",), [], name="nothing yet")
    assert [t.title for t in summary_renderables(run)] == ["No games stored"]
    index = write_report(run, tmp_path)
    page = index.read_text()
    assert "No games stored" in page and "<img" not in page


# --------------------------------------------------------------------------- compare
def test_compare_reports_differences(everest: RunData, tmp_path: Path) -> None:
    other = _run("everest-1924", 150, name="other")
    tables = summary_renderables(everest, other)
    diff = tables[-1]
    assert diff.title == "Differences: everest-1924 minus other"
    first = [str(col._cells[0]) for col in diff.columns]
    assert first[0] == "mean score"
    a = summarize(everest.points[0].records).seats[0]
    b = summarize(other.points[0].records).seats[0]
    d = a.mean - b.mean
    half = Z95 * math.sqrt(a.sd**2 / 200 + b.sd**2 / 150)
    assert first[3] == f"{d:+,.3f}"
    assert first[4] == f"{d - half:+,.3f} .. {d + half:+,.3f}"

    names: list[str] = []
    page = _check_report(write_report(everest, tmp_path, other, on_chart=names.append))
    assert names[-2:] == ["compare_scores", "compare_figures"]
    assert "Compare: other" in page and "Run: everest-1924" in page
    assert "Differences: everest-1924 minus other" in page


def test_compare_with_an_empty_run(everest: RunData, tmp_path: Path) -> None:
    empty = RunData.of_records("everest-1924", ("random",), [], name="empty")
    titles = [t.title for t in summary_renderables(everest, empty)]
    assert titles[-1] == "Differences: a run has no games"
    page = _check_report(write_report(everest, tmp_path, empty))
    assert "compare_scores" not in page


# ----------------------------------------------------------------------------- HTML
def test_strings_are_escaped(tmp_path: Path) -> None:
    records = run_simulation("everest-1924", games=10, seed=1).records
    run = RunData.of_records(
        "everest-1924", ("random",), records, name='<script>alert("x")</script> & $money$'
    )
    page = _check_report(write_report(run, tmp_path))
    assert "<script>" not in page
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; $money$" in page


def test_missing_matplotlib_says_what_to_install(
    everest: RunData, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(MissingAnalysisError, match=r"pip install 'highcamp\[analysis\]'"):
        write_report(everest, tmp_path / "out")
    assert not (tmp_path / "out").exists()
    # the text summary needs neither matplotlib nor numpy
    assert summary_renderables(everest)[0].title == "Score (200 games)"


def test_a_failed_chart_leaves_no_index(
    everest: RunData, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from highcamp.sim.report import page

    empty = RunData.of_records("everest-1924", ("random",), [], name="before")
    index = write_report(empty, tmp_path)
    before = index.read_text()

    def broken(*args: Any) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(page, "_chart_scores", broken)
    with pytest.raises(RuntimeError, match="disk full"):
        write_report(everest, tmp_path)
    assert index.read_text() == before  # the old page stays whole
    assert not list(tmp_path.glob(".*tmp"))


def test_sweep_axis_is_numeric_for_one_numeric_key() -> None:
    from highcamp.sim.report.data import _analyse
    from highcamp.sim.report.sweep_charts import _sweep_x

    records = run_simulation("everest-go", games=3, options={"first_player": 1}, seed=1).records
    loaded = highcamp.load_game("everest-go")
    points = [PointData(i, {"first_player": v}, {}, records) for i, v in enumerate([1, 2, 4])]
    run = RunData(
        1, "n", "everest-go", loaded.info.title, ("random",) * 3, 1, 3, {},
        {"first_player": [1, 2, 4]}, [], points,
    )  # fmt: skip
    assert _sweep_x(_analyse(run)) == (
        [1.0, 2.0, 4.0],
        ["1", "2", "4"],
        True,
        "first_player",
    )
    two = RunData(**{**run.__dict__, "sweep": {"first_player": [1, 2, 4], "x": ["a", "b"]}})
    points = [PointData(i, {"first_player": 1, "x": v}, {}, records) for i, v in enumerate("ab")]
    two = RunData(**{**two.__dict__, "points": points})
    x, labels, numeric, name = _sweep_x(_analyse(two))
    assert (x, labels, numeric, name) == (
        [0.0, 1.0],
        ["first_player=1 x=a", "first_player=1 x=b"],
        False,
        "point",
    )
