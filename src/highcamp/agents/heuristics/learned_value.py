"""Learned position values read from observations, for the Disaster series and Disaster.

Search's ``learned`` leaf valuation (``mcts:1s:learned``, and the truncated rollouts
``mcts:1s:heuristic30``) asks what a position is worth without playing it to the end. Here a
position is each player's ``observation(player)`` flattened into figures (:func:`flatten`:
every number and truth value by its path, ``clients.2.space``; every text as a
``path=value`` indicator, ``clients.2.marker=Summit``), and

* alone (Disaster on Everest and K2 solitaire, the campaign), the final score is a linear
  function of the figures (ridge regression);
* with others (two-player Disaster on Everest and K2, Disaster), the chance that player
  ``p`` wins is a conditional logit ``exp(w . x_p) / sum_q exp(w . x_q)`` (Newton's method).

Both are fitted in numpy on positions of heuristic self-play (a tenth of the moves random,
for variety), every sixth decision, labelled with the game's end; a fifth of the games is
held out and the fit's figures on it are stored with the weights
(``data/<game>_value.json``, with the command that made them). Refit with::

    .venv/bin/python -m highcamp.agents.heuristics.learned_value disaster-on-k2 --games 400

Observation documents are the games' public contract, so the weights survive any rework of
an engine that keeps its observations.

>>> flatten({"a": 1, "b": [True, {"c": "x"}], "d": None})
{'a': 1.0, 'b.0': 1.0, 'b.1.c=x': 1.0}
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from importlib import resources
from pathlib import Path
from typing import Any

from highcamp.core import State

__all__ = ["VALUED_GAMES", "ObservationValue", "flatten", "main", "team_figures"]

VALUED_GAMES = ("disaster-on-everest", "disaster-on-k2", "disaster-campaign", "disaster")
RELATIVE = frozenset({"disaster"})
"""Games whose observations list the seats absolutely: read from each player's place."""
SKIP = frozenset({"effect", "label", "rule", "name", "lines", "text", "band"})
"""Keys whose values are prose (names, rule texts), not position."""
MIN_SHARE = 0.01  # a figure present in fewer positions than this is dropped
TEAMS = "teams"
"""A model's ``kind`` when it reads each team's few figures (:func:`team_figures`) from
the ``teams`` of a two-player Disaster series observation, instead of every figure
(``flatten``): 889 figures from 200 games predicted the winner worse than no skill on new
games before the last turns (docs/benchmarks.md, third round)."""
SEATS = "seats"
"""A model's ``kind`` when it reads each seat's few figures of a Disaster position
(:func:`~highcamp.agents.heuristics.disaster_figures.seat_figures`), instead of every
figure of its observation (``flatten``)."""
PROGRESS_TURNS = 15.0  # team figures are also taken times turn / this (a game's middle)
STEEPER = ("score", "prestige", "summit_points", "climb_points")  # also times its square


def team_figures(team: dict[str, Any], turn: int) -> dict[str, float]:
    """A few figures of one team of a two-player Disaster series observation (an item of
    its ``teams``): its score if the game ended now, Prestige, clients' summits and
    heights, what tires or threatens them, held tokens, guides; each also times the game's
    progress (``turn / PROGRESS_TURNS``), so that the weights can change as the game goes.

    >>> team = {"score": {"total": 9}, "prestige": 5, "held": ["Rope"], "kept": [],
    ...         "guides": [{"space": 3, "oxygen": False}],
    ...         "clients": [{"points": 6, "space": 2, "marker": "", "tired": "t",
    ...                      "ams": False, "fate": ""}]}
    >>> f = team_figures(team, turn=15)
    >>> f["score"], f["climb"], f["climb_points"], f["tired"], f["score*turn^2"]
    (9.0, 2.0, 1.2, 1.0, 9.0)
    """
    clients = team.get("clients", [])
    summit = [c for c in clients if c.get("marker") == "Summit"]
    climbing = [c for c in clients if not c.get("marker")]
    guides = team.get("guides", [])
    base = {
        "score": float(team["score"]["total"]),
        "prestige": float(team.get("prestige", 0)),
        "summits": float(len(summit)),
        "summit_points": float(sum(c["points"] for c in summit)),
        "climb": float(sum(c["space"] for c in climbing)),
        "climb_points": sum(c["points"] * c["space"] for c in climbing) / 10.0,
        "home": float(sum(1 for c in summit if c["space"] == 0)),
        "tired": float(sum(1 for c in clients if c.get("tired"))),
        "ams": float(sum(1 for c in clients if c.get("ams"))),
        "fate": float(sum(1 for c in clients if c.get("fate"))),
        "tokens": float(len(team.get("held", [])) + len(team.get("kept", []))),
        "guides": float(sum(g["space"] for g in guides)),
        "oxygen": float(sum(1 for g in guides if g.get("oxygen"))),
    }
    u = turn / PROGRESS_TURNS
    out = dict(base)
    for key, value in base.items():
        out[f"{key}*turn"] = value * u
    for key in STEEPER:  # late in the game the score decides more and more
        out[f"{key}*turn^2"] = base[key] * u * u
    return out


def _team_rows(doc: dict[str, Any]) -> list[dict[str, float]]:
    """Each team's figures (:func:`team_figures`) from one observation."""
    turn = int(doc.get("turn", 0))
    return [team_figures(team, turn) for team in doc["teams"]]


def flatten(
    doc: Any,
    prefix: str = "",
    out: dict[str, float] | None = None,
    seat: tuple[int, int] | None = None,
) -> dict[str, float]:
    """Every number, truth value and text of a JSON document, by path (see the module).

    ``seat=(p, n)`` reads a list of ``n`` items (one per seat) from seat ``p``'s place: item
    ``p`` first, then the next seats (for a game whose observation names seats absolutely).

    >>> flatten({"chips": [1, 2, 3]}, seat=(1, 3))
    {'chips.0': 2.0, 'chips.1': 3.0, 'chips.2': 1.0}
    """
    if out is None:
        out = {}
    if isinstance(doc, dict):
        for key, value in doc.items():
            if key not in SKIP:
                flatten(value, f"{prefix}{key}.", out, seat)
    elif isinstance(doc, list):
        if seat is not None and len(doc) == seat[1]:
            doc = doc[seat[0] :] + doc[: seat[0]]
        for i, value in enumerate(doc):
            flatten(value, f"{prefix}{i}.", out, seat)
    elif isinstance(doc, bool):
        if doc:
            out[prefix[:-1]] = 1.0
    elif isinstance(doc, int | float):
        if doc:
            out[prefix[:-1]] = float(doc)
    elif isinstance(doc, str) and doc:
        out[f"{prefix[:-1]}={doc}"] = 1.0
    return out


def _data_name(game_id: str) -> str:
    return f"{game_id.replace('-', '_')}_value.json"


class ObservationValue:
    """A game's learned value: alone, the expected final score; with others, each
    player's chance of winning (a list summing to 1). A finished game gives its returns."""

    def __init__(self, game_id: str, doc: dict[str, Any] | None = None) -> None:
        if doc is None:
            text = resources.files(__package__).joinpath("data", _data_name(game_id))
            doc = json.loads(text.read_text("utf-8"))
        self.game_id = game_id
        self.models: dict[int, tuple[dict[str, int], list[float], float]] = {}
        self.kinds: dict[int, str] = {}
        for n, model in doc["models"].items():
            index = {f: i for i, f in enumerate(model["features"])}
            self.models[int(n)] = (index, model["weights"], float(model.get("bias", 0.0)))
            self.kinds[int(n)] = model.get("kind", "flat")

    def _model(self, n: int) -> tuple[dict[str, int], list[float], float]:
        return self.models.get(n) or self.models[min(self.models, key=lambda k: abs(k - n))]

    def logits(self, state: State) -> list[float]:
        """``b + w . x_p`` for each player."""
        index, w, b = self._model(state.game.num_players)
        out = []
        kind = self.kinds.get(state.game.num_players)
        if kind == TEAMS:  # one observation, every team
            for figs in _team_rows(state.observation(0)):
                out.append(b + sum(w[index[k]] * v for k, v in figs.items() if k in index))
            return out
        if kind == SEATS:
            from .disaster_figures import seat_figures

            for p in range(state.game.num_players):
                figs = seat_figures(state, p)
                out.append(b + sum(w[index[k]] * v for k, v in figs.items() if k in index))
            return out
        for p in range(state.game.num_players):
            z = b
            seat = (p, state.game.num_players) if self.game_id in RELATIVE else None
            for key, value in flatten(state.observation(p), seat=seat).items():
                i = index.get(key)
                if i is not None:
                    z += w[i] * value
            out.append(z)
        return out

    def __call__(self, state: State) -> list[float]:
        if state.is_terminal():
            return list(state.returns())
        z = self.logits(state)
        if len(z) == 1:
            return z
        top = max(z)
        e = [math.exp(v - top) for v in z]
        norm = sum(e)
        return [v / norm for v in e]


# ------------------------------------------------------------------------ fitting
def _positions(
    game_id: str,
    options: dict[str, Any],
    games: int,
    seed: int,
    every: int = 6,
    kind: str = "flat",
) -> list[tuple[int, list[dict[str, float]], list[float]]]:
    """(game number, each player's figures, the outcome) for every ``every``-th decision
    of heuristic self-play (a tenth of the moves random); ``kind`` :data:`TEAMS`: each
    team's few figures (:func:`team_figures`); :data:`SEATS`: each seat's few figures of a
    Disaster position."""
    import highcamp
    from highcamp.agents.heuristics import make_heuristic

    game = highcamp.load_game(game_id, **options)
    n = game.num_players
    out: list[tuple[int, list[dict[str, float]], list[float]]] = []
    for g in range(games):
        rng = random.Random(seed * 1_000_003 + g)
        agents = [make_heuristic(game_id, seed=seed * 7919 + g * 10 + p) for p in range(n)]
        state = game.new_initial_state(seed=seed * 1_000_003 + g)
        taken = []
        decision = rng.randrange(every)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_random_chance()
                continue
            decision += 1
            if decision % every == 0 and kind == TEAMS:
                taken.append(_team_rows(state.observation(0)))
            elif decision % every == 0 and kind == SEATS:
                from .disaster_figures import seat_figures

                taken.append([seat_figures(state, p) for p in range(n)])
            elif decision % every == 0:
                relative = game_id in RELATIVE
                taken.append(
                    [
                        flatten(state.observation(p), seat=(p, n) if relative else None)
                        for p in range(n)
                    ]
                )
            legal = state.legal_actions()
            if rng.random() < 0.1:
                state.apply_action(rng.choice(legal))
            else:
                state.apply_action(agents[state.current_player()].act(state))
        returns = state.returns()
        if n > 1:
            won = sum(returns) or 1.0
            returns = [r / won for r in returns] if sum(returns) else [1.0 / n] * n
        out.extend((g, figs, list(returns)) for figs in taken)
    return out


def _fit(
    rows: list[tuple[int, list[dict[str, float]], list[float]]], holdout: int, l2: float
) -> dict[str, Any]:
    import numpy as np

    train = [r for r in rows if r[0] % 5 != holdout]
    test = [r for r in rows if r[0] % 5 == holdout]
    counts: dict[str, int] = {}
    for _, figs, _ in train:
        for f in figs:
            for key in f:
                counts[key] = counts.get(key, 0) + 1
    total = sum(len(r[1]) for r in train)
    features = sorted(k for k, c in counts.items() if c >= MIN_SHARE * total)
    index = {f: i for i, f in enumerate(features)}

    def tensor(part: list[Any]) -> tuple[Any, Any]:
        n = len(part[0][1])
        x = np.zeros((len(part), n, len(features)))
        for i, (_, figs, _) in enumerate(part):
            for p, f in enumerate(figs):
                for key, value in f.items():
                    j = index.get(key)
                    if j is not None:
                        x[i, p, j] = value
        return x, np.asarray([r[2] for r in part], dtype=float)

    x, y = tensor(train)
    xt, yt = tensor(test)
    k = len(features)
    if x.shape[1] == 1:  # ridge regression of the final score
        a, at = x[:, 0, :], xt[:, 0, :]
        mean, scale = a.mean(axis=0), a.std(axis=0)
        scale[scale == 0] = 1.0
        z = (a - mean) / scale
        target = y[:, 0]
        w = np.linalg.solve(z.T @ z + l2 * len(z) * np.eye(k), z.T @ (target - target.mean()))
        weights = w / scale
        bias = float(target.mean() - mean @ weights)
        pred = at @ weights + bias
        base = float(np.mean((yt[:, 0] - target.mean()) ** 2))
        mse = float(np.mean((yt[:, 0] - pred) ** 2))
        figures = {
            "held_out_rmse": math.sqrt(mse),
            "held_out_rmse_of_the_mean": math.sqrt(base),
            "held_out_r2": 1 - mse / base if base else 0.0,
        }
        return {
            "features": features,
            "weights": [float(v) for v in weights],
            "bias": bias,
            "figures": figures,
        }
    scale = x.reshape(-1, k).std(axis=0)
    scale[scale == 0] = 1.0
    z = x / scale
    w = np.zeros(k)
    n = len(z)
    for _ in range(25):
        u = z @ w
        u -= u.max(axis=1, keepdims=True)
        p = np.exp(u)
        p /= p.sum(axis=1, keepdims=True)
        grad = np.einsum("nj,njk->k", y - p, z) - l2 * n * w
        mean = np.einsum("nj,njk->nk", p, z)
        weighted = ((z - mean[:, None, :]) * np.sqrt(p)[:, :, None]).reshape(-1, k)
        hess = weighted.T @ weighted + l2 * n * np.eye(k)  # one matrix product (BLAS)
        step = np.linalg.solve(hess, grad)
        w += step
        if np.abs(step).max() < 1e-8:
            break
    weights = w / scale

    def loglik(xs: Any, ys: Any) -> float:
        u = xs @ weights
        u -= u.max(axis=1, keepdims=True)
        logp = u - np.log(np.exp(u).sum(axis=1, keepdims=True))
        return float((ys * logp).sum(axis=1).mean())

    players = x.shape[1]
    figures = {
        "held_out_loglik": loglik(xt, yt),
        "held_out_loglik_no_skill": -math.log(players),
        "train_loglik": loglik(x, y),
        "held_out_top_pick_accuracy": float(
            np.mean(np.argmax(xt @ weights, axis=1) == np.argmax(yt, axis=1))
        ),
    }
    return {
        "features": features,
        "weights": [float(v) for v in weights],
        "bias": 0.0,
        "figures": figures,
    }


def main(argv: list[str] | None = None) -> int:
    """Fit a game's value (every player count given) and write the package's data file."""
    parser = argparse.ArgumentParser(prog="python -m highcamp.agents.heuristics.learned_value")
    parser.add_argument("game", choices=VALUED_GAMES)
    parser.add_argument("--games", type=int, default=400, help="self-play games per count")
    parser.add_argument("--players", type=int, nargs="*", help="player counts (default: 1 or 4)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=6, help="every n-th decision is taken")
    parser.add_argument("--l2", type=float, default=1e-3)
    parser.add_argument("--out", type=Path, help="another file (default: the package's)")
    parser.add_argument(
        "--teams", action="store_true", help="each team's few figures (two-player series)"
    )
    parser.add_argument("--seats", action="store_true", help="each seat's few figures (Disaster)")
    args = parser.parse_args(argv)
    counts = args.players or ([4] if args.game == "disaster" else [1])
    models: dict[str, Any] = {}
    command = "python -m highcamp.agents.heuristics.learned_value " + " ".join(
        argv if argv is not None else sys.argv[1:]
    )
    for n in counts:
        start = time.process_time()
        options = {} if n == 1 else {"players": n}
        kind = TEAMS if args.teams and n > 1 else "flat"
        if args.seats:
            kind = SEATS
        rows = _positions(args.game, options, args.games, args.seed, args.every, kind)
        model = _fit(rows, holdout=0, l2=args.l2)
        model["kind"] = kind
        model["positions"] = len(rows)
        model["cpu_seconds"] = round(time.process_time() - start, 1)
        model["command"] = command
        models[str(n)] = model
        print(
            f"{args.game}, {n} player(s): {len(rows)} positions, {len(model['features'])} "
            f"figures, {model['cpu_seconds']} CPU s, held out: {model['figures']}"
        )
    out = args.out or Path(__file__).parent / "data" / _data_name(args.game)
    doc: dict[str, Any] = {}
    if out.exists():
        doc = json.loads(out.read_text())
    doc.setdefault("models", {}).update(models)
    out.write_text(json.dumps(doc, indent=0) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
