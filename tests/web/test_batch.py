"""A move and the automatic steps it sets off are stored in one transaction before any view
shows them; a step another server stored first is refused (409) and the table rebuilt."""

from __future__ import annotations

from pathlib import Path

import pytest

from highcamp.store import Store
from highcamp.web.hub import Hub
from highcamp.web.tables import WebError


def test_a_move_and_its_chance_steps_share_one_commit(tmp_path: Path) -> None:
    hub = Hub(Store(f"sqlite:///{tmp_path / 'b.db'}"))
    made, table = hub.create({"game": "everest-1924", "mode": "hotseat"})
    view = table.view("host", None)
    before, commits = view["step"], hub.writer.commits
    with table.batch():
        table.act("host", None, view["legal"][0]["id"], step=before)  # roll: dice follow
        table.advance()
    after = len(table.state.history())
    assert after > before + 1 and hub.writer.commits == commits + 1
    stored = hub.store.load(made["table"])
    assert stored is not None and stored.history == table.state.history()


def test_a_step_stored_first_elsewhere_is_refused_and_the_table_rebuilt(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'two.db'}"
    first, second = Hub(Store(url)), Hub(Store(url))
    made, mine = first.create({"game": "everest-1924", "mode": "hotseat"})
    theirs = second.get(made["table"])  # the same table held by a second server
    step = len(mine.state.history())
    action = mine.view("host", None)["legal"][0]["id"]
    mine.act("host", None, action, step=step)  # stored first (with its chance steps)
    version = theirs.version
    with pytest.raises(WebError) as refused, theirs.batch():
        theirs.act("host", None, action, step=step)
        theirs.advance()
    assert refused.value.status == 409
    assert theirs.state.history() == mine.state.history() and theirs.version > version
    stored = first.store.load(made["table"])
    assert stored is not None and stored.history == mine.state.history()
