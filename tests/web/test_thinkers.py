"""The quick AI's worker over a pipe (:class:`highcamp.web.thinkers.PipeThinker`): answers
reach the decision that asked, an agent's failure is raised to its caller, a worker that
dies fails the decisions waiting and the next one starts another, and a new event loop (a
test client's) takes the pipe over."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from highcamp.core import State
from highcamp.games import load_game
from highcamp.web.thinkers import Decision, PipeThinker


def _state() -> State:
    state = load_game("everest-1924").new_initial_state(5)
    while state.current_player() < 0:
        state.apply_action(state.clone().apply_random_chance())
    return state


def _job(table: str, agent: str = "random") -> Decision:
    return Decision(table, 0, "everest-1924", {}, 5, _state().history(), agent, 3)


def test_many_decisions_at_once_each_get_their_own_answer() -> None:
    thinker = PipeThinker()
    legal = set(_state().legal_actions())

    async def main() -> list[int]:
        return await asyncio.gather(*(thinker.ask(_job(f"t{i}")) for i in range(200)))

    try:
        answers = asyncio.run(main())
    finally:
        thinker.close()
    assert len(answers) == 200 and set(answers) <= legal


def test_an_agents_failure_is_raised_to_the_decision_that_asked() -> None:
    thinker = PipeThinker()

    async def main() -> int:
        with pytest.raises(Exception, match="oracle"):
            await thinker.ask(_job("t1", agent="oracle"))
        return await thinker.ask(_job("t1"))  # the worker goes on

    try:
        assert isinstance(asyncio.run(main()), int)
    finally:
        thinker.close()


def test_a_dead_worker_fails_its_waiters_and_the_next_decision_starts_another() -> None:
    thinker = PipeThinker()

    async def main() -> int:
        await thinker.ask(_job("t1"))
        first = thinker._process.pid
        waiting = asyncio.ensure_future(thinker.ask(_job("t2", agent="mcts:5s")))
        await asyncio.sleep(0.3)  # the worker is searching
        os.kill(first, signal.SIGKILL)
        with pytest.raises(RuntimeError, match="worker"):
            await asyncio.wait_for(waiting, 10)
        answer = await thinker.ask(_job("t1"))
        assert thinker._process.pid != first and thinker.started
        os.kill(thinker._process.pid, signal.SIGKILL)  # found dead before the next ask
        thinker._process.join(5)
        return answer + await thinker.ask(_job("t1"))

    try:
        assert isinstance(asyncio.run(main()), int)
    finally:
        thinker.close()
    assert not thinker.started


def test_a_new_loop_takes_the_pipe_over() -> None:
    thinker = PipeThinker()
    try:
        for _ in range(3):  # each a loop of its own, as a test client's requests are
            assert isinstance(asyncio.run(thinker.ask(_job("t1"))), int)
        thinker.warm()  # off any loop: starts nothing new
        assert thinker.started
    finally:
        thinker.close()
