"""Disaster's decisions judged by whole-game rollouts: what a search's choices are worth.

A four-player Disaster game between a search and three heuristics turns on a dozen
decisions of the search's seat, and 200 games measure a win share only to +-6 points. Here
the decisions are judged one by one instead:

* ``oracle``: four-player heuristic self-play of games ``--first`` .. ``--last - 1`` (the
  game's seed; seat ``s`` seeded ``1000 * game + s``); at every decision with a choice of
  seat ``game % 4``, every legal action is rolled out ``--rollouts`` times to the end of
  the game by the heuristic at every seat, rollout ``i`` of every action from the same
  redraw of what the seat cannot see and the same dice (honest and paired, as the
  ``paired`` search is); each action's mean win share and its paired gain over the
  heuristic's action, with its standard error, are written as one JSON line;
* ``choose``: a search spec decides every decision of those files (budgets in CPU
  seconds); its choices are written as JSON lines;
* ``score``: each choices file's total gain over the heuristic by the oracle's whole-game
  values (an estimate of what the choices add to the seat's win share over these games,
  under heuristic play afterwards), with a 95% interval from the oracle's errors, by kind
  of decision.

Run it from the repository root::

    PYTHONPATH=src .venv/bin/python benchmarks/disaster_decisions.py oracle \\
        --first 0 --last 12 --rollouts 200 --out oracle_0_12.jsonl
    PYTHONPATH=src .venv/bin/python benchmarks/disaster_decisions.py choose \\
        --search paired:0.95s:heuristic20:redraw --oracle oracle_0_12.jsonl --out medium.jsonl
    .venv/bin/python benchmarks/disaster_decisions.py score medium.jsonl --oracle oracle_0_12.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from typing import Any

Key = tuple[int, int, str]


def _kind(texts: list[str]) -> str:
    """A decision's kind from its actions' texts."""
    if any(t.startswith("start at") for t in texts):
        return "corner"
    if any(t.startswith("move") for t in texts):
        return "escape"
    if "draw a second card" in texts:
        return "second card"
    if "keep the old card" in texts:
        return "keep new or old"
    if "keep the card" in texts:
        return "play or keep the drawn card"
    return "play or end turn"


def _rollout(state: Any, action: int, seed: int, player: int) -> float:
    """``player``'s share of the win after ``action``, the heuristic at every seat to the
    end, dice from ``seed``."""
    from highcamp.agents.heuristics import make_heuristic
    from highcamp.core import CHANCE, TERMINAL

    s = state.clone()
    s.apply_action(action)
    dice = random.Random(seed)
    seats = [make_heuristic("disaster", seed * 4 + p) for p in range(4)]
    while True:
        p = s.current_player()
        if p == TERMINAL:
            break
        if p == CHANCE:
            s.apply_legal(s.sample_chance(dice.random()))
        else:
            s.apply_action(seats[p].act(s))
    returns = s.returns()
    won = sum(returns)
    return returns[player] / won if won else 0.25


def _decisions(games: list[int]) -> Any:
    """(game, state, heuristic's action) at each decision with a choice of seat
    ``game % 4`` of four-player heuristic self-play."""
    import highcamp
    from highcamp.agents.heuristics import make_heuristic

    game = highcamp.load_game("disaster", players=4)
    for g in games:
        state = game.new_initial_state(seed=g)
        seats = [make_heuristic("disaster", 1000 * g + p) for p in range(4)]
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_random_chance()
                continue
            p = state.current_player()
            move = seats[p].act(state)
            if p == g % 4 and len(state.legal_actions()) > 1:
                yield g, state, move
            state.apply_action(move)


def _key(g: int, state: Any, move: int) -> Key:
    return g, int(state.observation(state.current_player())["turns"]), state.action_to_string(move)


def oracle(first: int, last: int, rollouts: int) -> None:
    for g, state, move in _decisions(list(range(first, last))):
        p = state.current_player()
        legal = state.legal_actions()
        values: dict[int, list[float]] = {a: [] for a in legal}
        for i in range(rollouts):
            seed = random.Random(g * 100003 + len(state.history()) * 7 + i).getrandbits(32)
            start = state.resample_hidden(p, seed)
            for a in legal:
                values[a].append(_rollout(start, a, seed, p))
        gains = {}
        for a in legal:
            if a != move:
                d = [x - y for x, y in zip(values[a], values[move], strict=True)]
                gains[state.action_to_string(a)] = [
                    statistics.fmean(d),
                    statistics.stdev(d) / math.sqrt(rollouts),
                ]
        _, turns, text = _key(g, state, move)
        row = {
            "game": g,
            "turns": turns,
            "kind": _kind([state.action_to_string(a) for a in legal]),
            "heuristic": text,
            "values": {state.action_to_string(a): statistics.fmean(v) for a, v in values.items()},
            "gains": gains,
            "chips": list(state.observation(p)["players"][i]["chips"] for i in range(4)),
        }
        print(json.dumps(row), flush=True)


def _lines(path: str) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def _load(paths: list[str]) -> dict[Key, dict[str, Any]]:
    rows = [row for path in paths for row in _lines(path)]
    return {(r["game"], r["turns"], r["heuristic"]): r for r in rows}


def choose(spec: str, paths: list[str]) -> None:
    from highcamp.agents import make_agent
    from highcamp.agents.budget import use_clock

    use_clock(time.thread_time)
    wanted = _load(paths)
    for g, state, move in _decisions(sorted({k[0] for k in wanted})):
        key = _key(g, state, move)
        if key in wanted:
            agent = make_agent(spec, seed=g * 100 + key[1])
            chosen = state.action_to_string(agent.act(state.clone()))
            print(json.dumps({"game": g, "turns": key[1], "heuristic": key[2], "chosen": chosen}))
            sys.stdout.flush()


def score(oracle_paths: list[str], choices: list[str]) -> None:
    rows = _load(oracle_paths)
    for path in choices:
        total, var, n, changed = 0.0, 0.0, 0, 0
        kinds: dict[str, list[float]] = {}
        for c in _lines(path):
            r = rows.get((c["game"], c["turns"], c["heuristic"]))
            if r is None:
                continue
            n += 1
            if c["chosen"] != c["heuristic"]:
                gain, se = r["gains"][c["chosen"]]
                total, var, changed = total + gain, var + se * se, changed + 1
                k = kinds.setdefault(r["kind"], [0, 0.0])
                k[0] += 1
                k[1] += gain
        games = len({k[0] for k in rows})
        by = ", ".join(f"{k} {int(v[0])} ({v[1]:+.3f})" for k, v in sorted(kinds.items()))
        print(
            f"{path}: {n} decisions of {games} games, {changed} changed, gain over the "
            f"heuristic {total:+.3f} ± {1.96 * math.sqrt(var):.3f} ({total / games:+.4f} a "
            f"game); changed by kind: {by}"
        )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("part", choices=("oracle", "choose", "score"))
    parser.add_argument("files", nargs="*", help="score: choices files")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--last", type=int, default=12)
    parser.add_argument("--rollouts", type=int, default=200)
    parser.add_argument("--search", default="paired:0.95s:heuristic20:redraw")
    parser.add_argument("--oracle", nargs="*", default=[], help="oracle files")
    parser.add_argument("--out", help="write here instead of the standard output")
    args = parser.parse_args(argv)
    if args.out:
        sys.stdout = open(args.out, "w", encoding="utf-8")  # noqa: SIM115
    if args.part == "oracle":
        oracle(args.first, args.last, args.rollouts)
    elif args.part == "choose":
        choose(args.search, args.oracle)
    else:
        score(args.oracle, args.files)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
