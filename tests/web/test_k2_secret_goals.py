"""Disaster on K2 for two players with a Sherpa on each side: no Secret Goal reaches the
other seat or a spectator over a whole online game (the checks of ``test_secrets``; the
registry lists K2 without hidden information, as its solitaire game has none)."""

from __future__ import annotations

from starlette.testclient import TestClient

import highcamp

from .test_secrets import test_no_secret_reaches_another_seat as _no_secret_reaches

OPTIONS = {"players": 2, "guide": "sherpa", "guide_2": "sherpa"}


def test_no_secret_goal_reaches_the_other_seat(client: TestClient) -> None:
    assert highcamp.load_game("disaster-on-k2", **OPTIONS).info.hidden_information
    _no_secret_reaches(client, "disaster-on-k2", OPTIONS)
