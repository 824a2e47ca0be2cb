"""A few figures of each seat of a Disaster position, for the learned value.

The learned value (:mod:`highcamp.agents.heuristics.learned_value`) first read every figure
of Disaster's observations (``flatten``): 291 figures from 400 games, among them one for
each card title a seat holds, and its weights for two cards of the same disaster came out
as far apart as +0.76 and -0.74 (noise: a card does what its disaster does). Here a seat is
read as figures that mean the same in every game (:func:`seat_figures`):

* its survival chips, one figure per count (``chips=3``), and its lead over the best of
  the others (``lead``, ``lead^2``): the win is a race to the target;
* the space it stands on (``at=17``: the escape odds depend on where in an area a seat
  stands) and the area (``area=ship``), its starting corner (``start=0``: where a seat
  goes back to when it perishes);
* the card it holds, by its disaster only (``card=plane``), and whether it stands in that
  disaster's area (``armed``);
* during a disaster, whether it must escape (``escaping``, ``escaping=ship``) and the
  round;
* how many seats play before it (``order=2``).

>>> import highcamp
>>> s = highcamp.load_game("disaster", players=3).state_from_position({"players": [
...     {"space": "Ship 2", "chips": 4, "escapes": {"plane": 3}, "card": "Hull Breach"},
...     {"chips": 2, "escapes": {"ship": 1}}, {}]})
>>> f = seat_figures(s, 0)
>>> f["chips=4"], f["lead"], f["area=ship"], f["card=ship"], f["armed"]
(1.0, 2.0, 1.0, 1.0, 1.0)
>>> "card=ship" in seat_figures(s, 1), seat_figures(s, 1)["order=1"]
(False, 1.0)
"""

from __future__ import annotations

from typing import Any

from highcamp.core import State

from .disaster import _areas

__all__ = ["seat_figures"]

_Table = tuple[dict[int, str], dict[str, str], dict[int, int], int]
_TABLES: dict[int, tuple[object, _Table]] = {}


def _table(state: State) -> _Table:
    """Space -> its disaster area, card title -> its disaster, corner space -> its index,
    and the winning count, from the game's static view (once per game object: the game
    is kept with its table, so a new game at the same address is not mistaken for it)."""
    game = state.game
    cached = _TABLES.get(id(game))
    if cached is not None and cached[0] is game:
        return cached[1]
    view: dict[str, Any] = game.static_view()
    area = _areas(view)  # the heuristic's map of the board's areas
    cards = {c["title"]: c["disaster"] for c in view["cards"]}
    corners = {c: k for k, c in enumerate(view["corners"])}
    table = (area, cards, corners, int(view["target"]))
    if len(_TABLES) >= 64:  # games made and dropped by a long-running server
        _TABLES.clear()
    _TABLES[id(game)] = (game, table)
    return table


def seat_figures(state: State, seat: int) -> dict[str, float]:
    """The figures of ``seat`` read from its own observation (see the module)."""
    area_of, card_area, corners, target = _table(state)
    obs: dict[str, Any] = state.observation(seat)
    players = obs["players"]
    n = len(players)
    me = players[seat]
    chips = int(me["chips"])
    best_other = max(int(p["chips"]) for s, p in enumerate(players) if s != seat)
    lead = float(max(-3, min(3, chips - best_other)))
    out: dict[str, float] = {f"chips={min(chips, target + 1)}": 1.0, "lead": lead}
    out["lead^2"] = lead * lead
    pos = int(me["position"])
    out[f"at={pos}"] = 1.0
    area = area_of.get(pos)
    if area is not None:
        out[f"area={area}"] = 1.0
    start = corners.get(int(me["start"]))
    out[f"start={start if start is not None else 'extra'}"] = 1.0
    title = me.get("card")
    if title:
        held = card_area.get(str(title))
        out[f"card={held}"] = 1.0
        if held == area:
            out["armed"] = 1.0
    disaster = obs.get("disaster")
    if disaster is not None and seat in disaster["escaping"]:
        out["escaping"] = 1.0
        out[f"escaping={disaster['area']}"] = 1.0
        out["escaping*round"] = float(disaster["round"])
    out[f"order={(seat - int(obs['turn'])) % n}"] = 1.0
    return out
