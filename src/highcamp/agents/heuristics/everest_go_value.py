"""A learned value of Everest Go! positions: each player's chance of winning, for search.

Search's ``learned`` leaf valuation (``ismcts:2000:learned``) asks what a position is worth
without playing it out. The score totals alone miss what the heuristic's rules of thumb
know: a 4-point garment in hand is nearly as good as one worn, a Tent guards a good outfit,
a Fire in hand makes Hypothermia and Cold less fearsome, a fully dressed mountaineer can end
the game. Here each player's position is a vector of such figures (:func:`features`, read
from the contract: ``observation(player)`` and ``score_breakdown()``), and the chance that
player ``p`` wins is a conditional logit over the players::

    P(p wins) = exp(w . x_p) / sum_q exp(w . x_q)

with one weight vector per player count, fitted by maximum likelihood (L2-regularised,
Newton's method in numpy) on positions of heuristic self-play labelled with who won
(:func:`fit`). Figures every player shares (how far the game has gone) cancel out of a
logit, so they enter only as products with the others (``progress x score`` and so on);
who is ahead enters as each player's lead over the best of the others, and whether that
player could end the game by shouting EVEREST! while ahead (every game of heuristic
self-play ends with a shout, and the shouter nearly always wins).

Refit and rewrite the stored weights (``data/everest_go_value.json``) with::

    .venv/bin/python -m highcamp.agents.heuristics.everest_go_value --games 3000

>>> import highcamp
>>> s = highcamp.load_game("everest-go", players=3).new_initial_state(seed=3)
>>> while s.is_chance_node():
...     _ = s.apply_random_chance()
>>> value = EverestGoValue()
>>> shares = value(s)
>>> len(shares), round(sum(shares), 6)
(3, 1.0)
>>> len(features(s, 0)) == len(FEATURES)
True
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Any

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from highcamp.core import State

__all__ = ["FEATURES", "EverestGoValue", "features", "figures", "fit", "positions"]


def _action_names() -> tuple[str, ...]:
    """The action cards, in the game's own order (its static view: the kinds worth no
    points)."""
    import highcamp

    kinds = highcamp.load_game("everest-go", players=2).static_view()["kinds"]
    return tuple(k["name"] for k in kinds if not k["points"])


ACTIONS = _action_names()
BASE = (
    "score",
    "hand points",
    "hand garments for bare parts",
    *(f"hand {name}" for name in ACTIONS),
    "dressed parts",
    "can shout",
    "exposed points",
    "frozen parts",
    "cold",
    "to move",
    "hand size",
    "lead",
    "can shout x ahead",
    "can shout x ahead x to move",
)
FEATURES = (*BASE, *(f"progress x {name}" for name in BASE))
DATA = "data/everest_go_value.json"


_POINTS: dict[str, int] = {}


def _points(card: str) -> int | None:
    """A garment's or special item's points (the game's static view), else ``None``."""
    return _POINTS.get(card)


def _learn_points(state: State) -> None:
    if not _POINTS:
        kinds = state.game.static_view()["kinds"]
        _POINTS.update({k["name"]: int(k["points"]) for k in kinds if k["points"]})


def _progress(obs: dict[str, Any], deck0: int) -> float:
    """How far the game has gone, 0 at the deal to 1 at the third exhaustion."""
    within = 1.0 - min(obs["deck"] / deck0, 1.0) if deck0 else 0.0
    return min((float(obs["exhaustions"]) + within) / 3.0, 1.0)


def features(state: State, player: int, totals: list[float] | None = None) -> list[float]:
    """``player``'s figures (:data:`FEATURES`), from what the player sees and the score
    totals (the same for every player: :func:`figures` counts them once)."""
    if totals is None:
        totals = [b.total for b in state.score_breakdown()]
    _learn_points(state)
    obs = state.observation(player)
    me = obs["mountaineers"][player]
    parts = me["parts"]
    bare = {p["part"] for p in parts if p["top"] is None and not p["frozen"]}
    hand_points = 0.0
    for_bare = 0.0
    counts = dict.fromkeys(ACTIONS, 0.0)
    for card in obs["hand"]:
        if card in counts:
            counts[card] += 1.0
            continue
        pts = _points(card)
        if pts is not None:
            hand_points += pts
            if card.rpartition(" ")[0] in bare:
                for_bare += 1.0
    lead = totals[player] - max((t for q, t in enumerate(totals) if q != player), default=0.0)
    to_move = float(obs["to_act"] == player or (obs["to_act"] < 0 and obs["turn"] == player))
    shout_ahead = float(me["can_shout"] and lead > 0)
    exposed = 0.0
    for p in parts:
        top = p["top"]
        if top is not None and not p["frozen"]:
            pts = _points(top) or 0
            if pts < 4:
                exposed += pts
    base = [
        totals[player],
        hand_points,
        for_bare,
        *counts.values(),
        float(sum(1 for p in parts if p["top"] is not None and not p["frozen"])),
        float(me["can_shout"]),
        exposed,
        float(sum(1 for p in parts if p["frozen"])),
        float(me["cold"]),
        to_move,
        float(len(obs["hand"])),
        lead,
        shout_ahead,
        shout_ahead * to_move,
    ]
    progress = _progress(obs, _deck0(state))
    return base + [progress * x for x in base]


def figures(state: State) -> list[list[float]]:
    """Every player's figures, the score totals counted once."""
    totals = [b.total for b in state.score_breakdown()]
    return [features(state, p, totals) for p in range(state.game.num_players)]


_DECK0: dict[str, int] = {}


def _deck0(state: State) -> int:
    """The deck's size once the hands are dealt, for this game's options (found once by
    dealing a game: it depends on the outfits returned to the box and the beginners' game)."""
    key = repr(sorted(state.game.options.items()))
    if key not in _DECK0:
        start = state.game.new_initial_state(seed=0)
        while start.is_chance_node():
            start.apply_random_chance()
        _DECK0[key] = int(start.observation(start.current_player())["deck"])
    return _DECK0[key]


def _load_weights() -> dict[int, list[float]]:
    text = resources.files(__package__).joinpath(DATA).read_text("utf-8")
    data = json.loads(text)
    if list(data["features"]) != list(FEATURES):
        raise ValueError(f"{DATA} was fitted on other features; refit it")
    return {int(n): [float(w) for w in ws] for n, ws in data["weights"].items()}


class EverestGoValue:
    """Each player's chance of winning from here (a list summing to 1), by the fitted
    conditional logit; a finished game gives its returns."""

    def __init__(self, weights: dict[int, list[float]] | None = None) -> None:
        self.weights = weights if weights is not None else _load_weights()

    def logits(self, state: State) -> list[float]:
        """``w . x_p`` for each player."""
        n = state.game.num_players
        w = self.weights.get(n) or self.weights[min(self.weights, key=lambda k: abs(k - n))]
        return [sum(a * b for a, b in zip(w, x, strict=True)) for x in figures(state)]

    def __call__(self, state: State) -> list[float]:
        if state.is_terminal():
            return list(state.returns())
        z = self.logits(state)
        top = max(z)
        e = [math.exp(v - top) for v in z]
        norm = sum(e)
        return [v / norm for v in e]


# ------------------------------------------------------------------------ fitting
def positions(
    players: int,
    games: int,
    seed: int = 0,
    epsilon: float = 0.1,
    every: int = 6,
    done: Callable[[], object] | None = None,
) -> tuple[list[list[list[float]]], list[list[float]]]:
    """Positions of heuristic self-play (each seat plays a random legal action with
    probability ``epsilon``, for variety): every ``every``-th decision's figures for each
    player, and the game's outcome (1 per winner, shared on a tie). ``done`` is called
    after each game (a progress bar's advance)."""
    import highcamp
    from highcamp.agents.heuristics import make_heuristic

    game = highcamp.load_game("everest-go", players=players)
    xs: list[list[list[float]]] = []
    ys: list[list[float]] = []
    for g in range(games):
        rng = random.Random(seed * 1_000_003 + g)
        agents = [
            make_heuristic("everest-go", seed=seed * 7919 + g * 10 + p) for p in range(players)
        ]
        state = game.new_initial_state(seed=seed * 1_000_003 + g)
        taken: list[list[list[float]]] = []
        decision = rng.randrange(every)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_random_chance()
                continue
            decision += 1
            if decision % every == 0:
                taken.append(figures(state))
            p = state.current_player()
            legal = state.legal_actions()
            if rng.random() < epsilon:
                state.apply_action(rng.choice(legal))
            else:
                state.apply_action(agents[p].act(state))
        returns = state.returns()
        won = sum(returns) or 1.0
        outcome = [r / won for r in returns]
        xs.extend(taken)
        ys.extend([outcome] * len(taken))
        if done is not None:
            done()
    return xs, ys


def fit(
    xs: list[list[list[float]]], ys: list[list[float]], l2: float = 1e-3, steps: int = 30
) -> tuple[list[float], float]:
    """Maximum-likelihood weights of the conditional logit (Newton's method, L2 penalty
    ``l2`` per sample on standardised figures); the weights and the mean log-likelihood."""
    import numpy as np

    x = np.asarray(xs, dtype=float)  # positions x players x features
    y = np.asarray(ys, dtype=float)
    n, _, k = x.shape
    flat = x.reshape(-1, k)
    scale = flat.std(axis=0)
    scale[scale == 0] = 1.0
    z = x / scale
    w = np.zeros(k)
    for _ in range(steps):
        u = z @ w
        u -= u.max(axis=1, keepdims=True)
        p = np.exp(u)
        p /= p.sum(axis=1, keepdims=True)
        grad = np.einsum("nj,njk->k", y - p, z) - l2 * n * w
        mean = np.einsum("nj,njk->nk", p, z)
        centred = z - mean[:, None, :]
        hess = np.einsum("nj,nja,njb->ab", p, centred, centred) + l2 * n * np.eye(k)
        step = np.linalg.solve(hess, grad)
        w += step
        if np.abs(step).max() < 1e-8:
            break
    weights = w / scale
    return [float(v) for v in weights], _loglik(weights, x, y)


def main(argv: list[str] | None = None) -> int:
    """Fit the weights for 2, 3 and 4 players (or ``--players``) and write them to the
    package's data file (player counts not refitted keep their weights)."""
    parser = argparse.ArgumentParser(prog="python -m highcamp.agents.heuristics.everest_go_value")
    parser.add_argument("--games", type=int, default=3000, help="self-play games per count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--out", type=Path, help="where to write (default: the package data)")
    args = parser.parse_args(argv)
    out = args.out or Path(__file__).with_name("data") / "everest_go_value.json"
    weights: dict[str, list[float]] = {}
    report: dict[str, dict[str, float]] = {}
    commands: dict[str, str] = {}
    if out.exists():  # keep the player counts not refitted now
        old = json.loads(out.read_text("utf-8"))
        if list(old["features"]) == list(FEATURES):
            weights, report, commands = old["weights"], old["fit"], old["commands"]
    command = "python -m highcamp.agents.heuristics.everest_go_value " + " ".join(
        argv if argv is not None else sys.argv[1:]
    )
    for players in args.players:
        started = time.perf_counter()
        with Progress(
            TextColumn(f"{players} players: self-play"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            transient=True,
        ) as bar:
            task = bar.add_task("games", total=args.games)
            xs, ys = positions(players, args.games, seed=args.seed, done=partial(bar.advance, task))
        split = len(xs) * 4 // 5
        w, train = fit(xs[:split], ys[:split])
        held = _loglik(w, xs[split:], ys[split:])
        w, _ = fit(xs, ys)
        weights[str(players)] = [round(v, 6) for v in w]
        commands[str(players)] = command
        report[str(players)] = {
            "positions": len(xs),
            "train_loglik": round(train, 4),
            "held_out_loglik": round(held, 4),
            "uniform_loglik": round(-math.log(players), 4),
        }
        print(
            f"{players} players: {len(xs)} positions from {args.games} games, mean log-likelihood "
            f"{train:.4f} (held-out fifth {held:.4f}; no skill {-math.log(players):.4f}), "
            f"{time.perf_counter() - started:.0f} s",
            file=sys.stderr,
        )
    data = {
        "about": "Everest Go! position value: conditional-logit weights per player count, "
        "fitted by highcamp.agents.heuristics.everest_go_value on heuristic self-play",
        "commands": dict(sorted(commands.items())),
        "features": list(FEATURES),
        "fit": dict(sorted(report.items())),
        "weights": dict(sorted(weights.items())),
    }
    staged = out.with_suffix(".partial")
    staged.write_text(json.dumps(data, indent=1) + "\n", "utf-8")
    staged.replace(out)  # whole or not at all: a search reading the file never sees half
    print(f"wrote {out}", file=sys.stderr)
    return 0


def _loglik(w: Any, xs: Any, ys: Any) -> float:
    """The mean log-likelihood of the outcomes ``ys`` under weights ``w`` (lists or arrays)."""
    import numpy as np

    x = np.asarray(xs, dtype=float)
    y = np.asarray(ys, dtype=float)
    u = x @ np.asarray(w, dtype=float)
    u -= u.max(axis=1, keepdims=True)
    logp = u - np.log(np.exp(u).sum(axis=1, keepdims=True))
    return float((y * logp).sum() / len(x))


if __name__ == "__main__":
    sys.exit(main())
