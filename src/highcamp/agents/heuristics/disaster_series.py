"""The Disaster series heuristic: lead the expedition as a sensible leader would, from the
seat's observation, ``static_view()`` and the action texts only.

* Buying: an event is bought when it helps (Ridges Open, Chocolate Bars, Energy Boost, Oxygen,
  Med Kit, Luck, Calm Wind, Khumbu Ice Field) and Prestige stays comfortable afterwards; every
  event bought stays off the Storm Watch, so once the watch is nearly full any affordable
  event is bought to hold the storm back [10.0].
* Movement: guides carry clients up while the weather holds, everyone heads down once the
  storm is near (Storm Watch nearly full, pending or arrived); clients with a Summit marker
  head down; held events are played at once; early on a guide prepares.
* Fate: a guide's sacrifice, a Med Kit or Luck before accepting a death; the helicopter
  always rescues.
* Two players [15.*]: bid for a helpful event up to two Prestige over its cost while
  Prestige stays comfortable (at cost only to hold the storm back), pass otherwise; play
  Acute Mountain Sickness and Broken Rope on the opponent, sweep the space with most of
  their clients, remove their blocks and leave the other ridges' markers where they are.

>>> import highcamp
>>> from highcamp.core import play_game
>>> game = highcamp.load_game("disaster-on-everest")
>>> play_game(game, [DisasterSeriesHeuristic(seed=1)], seed=3).is_terminal()
True
"""

from __future__ import annotations

from typing import Any

from highcamp.core import State

from .base import RuleOfThumbAgent

__all__ = ["DisasterOnK2Heuristic", "DisasterSeriesHeuristic"]

# events worth buying -> Prestige to keep in hand after paying
GOOD_EVENTS = {
    "Ridges Open": 3,
    "Chocolate Bars": 3,
    "Energy Boost": 3,
    "Oxygen": 2,
    "Med Kit": 2,
    "Luck": 3,
    "Calm Wind": 3,
    "Khumbu Ice Field": 3,
}
PRESTIGE_RESERVE = 4  # on top of the per-event margin above
STORM_NEAR = 1  # the storm is "near" when the watch lacks this many tokens or fewer
WATCH_BUY_RESERVE = 6  # buy any event to hold the storm back while Prestige stays above this


class DisasterSeriesHeuristic(RuleOfThumbAgent):
    """Rules of thumb over the observation and action texts (seeded only for the few choices
    no rule covers, such as where to place a disaster)."""

    def _view(self, state: State) -> dict[str, Any]:
        view: dict[str, Any] = self._static(state)
        return view

    # ------------------------------------------------------------------ rules
    def _choose(self, state: State) -> tuple[int, str]:
        obs: dict[str, Any] = state.observation(state.current_player())
        legal = state.legal_actions()
        texts = state.legal_action_texts()
        view = self._view(state)
        late = (
            obs["storm_phase"]
            or obs["storm_track"] > 0
            or obs["storm_pending"]
            or len(obs["storm_watch"]) >= view["storm_watch"] - STORM_NEAR
        )

        starts = "\n" + "\n".join(texts)  # (no text or prefix holds a newline)

        def first(prefix: str) -> int | None:
            if "\n" + prefix not in starts:  # one search of all the texts at once
                return None
            return next((a for t, a in texts.items() if t.startswith(prefix)), None)

        if obs.get("bidding") is not None:
            return self._bid(obs, view, texts)
        two = obs.get("players") == 2
        if two:
            chosen = self._two_player_choice(obs, texts)
            if chosen is not None:
                return chosen
        buy = first("buy ")
        if buy is not None:
            event = obs["event"] or {}
            name, cost = event.get("name", ""), int(event.get("cost", 0))
            after = obs["prestige"] - cost
            keep = GOOD_EVENTS.get(name)
            if keep is not None and after >= keep + PRESTIGE_RESERVE:
                return buy, f"{name} helps and {after} Prestige remain"
            watch_left = view["storm_watch"] - len(obs["storm_watch"])
            if not obs["storm_phase"] and watch_left <= 2 and after >= WATCH_BUY_RESERVE:
                return buy, f"bought to keep it off the Storm Watch ({watch_left} spaces left)"
            decline = first("decline ")
            if decline is not None:
                return decline, "not worth its Prestige now"
        for prefix, why in (
            (" gives their life for ", "a guide's life for a client's"),
            ("use a Med Kit", "the Med Kit saves the client"),
            ("discard Luck", "Luck: draw the fate again"),
            ("helicopter rescues ", "the helicopter brings a client down"),
            ("team bonus: summit push", "summit push while the weather holds"),
            ("play ", "play the held event now"),
        ):
            if prefix not in starts:
                continue
            hit = next((a for t, a in texts.items() if prefix in t), None)
            if hit is not None and not (prefix.startswith("team") and (late or obs["turn"] < 4)):
                return hit, why
        if "option a: move 2 guides" in texts or "option a: move the guide" in texts:
            prep = first("option a with Preparations")
            if prep is not None and obs["turn"] <= 2 and obs["preparations"] == "none":
                return prep, "prepare early while the weather is good"
            return first("option a") or legal[0], "move the guides: they carry clients"
        return self._move(state, obs, texts, late)

    def _bid(
        self, obs: dict[str, Any], view: dict[str, Any], texts: dict[str, int]
    ) -> tuple[int, str]:
        """Two players [15.3]: bid for a helpful event up to two over its printed cost
        while Prestige stays comfortable; near a full Storm Watch, take any event at its
        cost to hold the storm back; otherwise pass."""
        bid = obs["bidding"]
        name, cost, price = bid["event"], int(bid["cost"]), int(bid["next_bid"])
        after = obs["prestige"] - price
        bid_action = next((a for t, a in texts.items() if t.startswith("bid ")), None)
        pass_action = next(a for t, a in texts.items() if t.startswith("pass "))
        keep = GOOD_EVENTS.get(name)
        if bid_action is not None:
            if keep is not None and price <= cost + 2 and after >= keep + PRESTIGE_RESERVE:
                return bid_action, f"{name} is worth {price} Prestige and {after} remain"
            watch_left = view["storm_watch"] - len(obs["storm_watch"])
            if (
                not obs["storm_phase"]
                and watch_left <= 2
                and price == cost
                and bid["high_bidder"] is None
                and after >= WATCH_BUY_RESERVE
            ):
                return bid_action, f"bid to keep it off the Storm Watch ({watch_left} left)"
        return pass_action, f"{name} is not worth {price} Prestige"

    def _two_player_choice(
        self, obs: dict[str, Any], texts: dict[str, int]
    ) -> tuple[int, str] | None:
        """Two players: strike the opponent's clients, sweep their space, clear their
        blocks, and keep one's own way open."""
        theirs = obs["opponent"]["label"]
        for t, a in texts.items():
            if " strikes " in t and t.endswith(theirs):
                return a, "the event strikes the opponent's client"
        spaces = {
            t[len("Avalanche at ") :]: a for t, a in texts.items() if t.startswith("Avalanche at ")
        }
        if spaces:

            def gain(space: str) -> int:
                foes = sum(1 for c in obs["opponent"]["clients"] if c["where"] == space)
                mine = sum(1 for c in obs["clients"] if c["where"] == space)
                return foes - mine

            best = max(spaces, key=gain)
            return spaces[best], f"the Avalanche sweeps the opponent's clients at {best}"
        for t, a in texts.items():
            if t.startswith("remove the block on "):
                return a, "clear the opponent's block from the route"
            if t.startswith("leave ") and t.endswith(" unblocked"):
                return a, "keep the other ridges as they are"
        return None

    def _move(
        self, state: State, obs: dict[str, Any], texts: dict[str, int], late: bool
    ) -> tuple[int, str]:
        guides = {g["name"]: g for g in obs["guides"]}
        clients = {c["name"]: c for c in obs["clients"]}
        move = obs["movement"]
        mover = move["mover"]

        def up(name: str) -> bool:
            return not late and clients[name]["marker"] != "Summit"

        def step(name: str, going_up: bool) -> int | None:
            word = " up to " if going_up else " down to "
            return next(
                (a for t, a in texts.items() if t.startswith(name) and word in t),
                None,
            )

        fallback = next((a for t, a in texts.items() if t.startswith("end ")), min(texts.values()))
        if mover is None:
            for name in guides:
                if f"move {name}" in texts:
                    return texts[f"move {name}"], f"move {name} to guide clients"
            waiting = [n for n in clients if f"move {n}" in texts]
            if waiting:
                name = self._rng.choice(waiting)
                return texts[f"move {name}"], f"move {name} on alone"
            return texts.get("end movement", fallback), "nobody left worth moving"
        if mover in guides:
            if move["carried"]:
                name = move["carried"][0]
                going = up(name)
                hit = step(mover, going)
                if hit is not None:
                    return hit, (
                        f"carry {name} up: the weather holds"
                        if going
                        else f"bring {name} down before the storm"
                    )
                drop = next((a for t, a in texts.items() if " drops off " in t), None)
                if drop is not None:
                    return drop, f"no way on for {name}: drop off"
                return fallback, "no way on"
            pick = next((a for t, a in texts.items() if " picks up " in t), None)
            if pick is not None:
                return pick, "pick up a client to guide"
            here = guides[mover]["space"]
            spots = [
                c["space"]
                for n, c in clients.items()
                if c["space"] >= 0 and not c["moved"] and c["fate"] == ""
            ]
            if spots:
                nearest = min(spots, key=lambda s: abs(s - here))
                if nearest != here:
                    hit = step(mover, nearest > here)
                    if hit is not None:
                        return hit, "walk to the nearest waiting client"
            if late:
                hit = step(mover, False)
                if hit is not None:
                    return hit, "head down in the storm"
            return fallback, "nothing to do for this guide"
        going = up(mover)
        hit = step(mover, going)
        if hit is not None:
            return hit, (
                f"{mover} climbs while the weather holds" if going else f"{mover} heads down"
            )
        return fallback, f"{mover} stays"


K2_GOOD_EVENTS = {
    "Synthetic Rope": 2,
    "Ridges Open": 3,
    "Chocolate Bars": 3,
    "Luck": 3,
    "Flashlight": 4,
    "Sherpa Stamina": 3,
}
K2_HARMFUL = ("Broken Rope", "Icy", "House's Chimney")
K2_STRIKES = ("Broken Rope", "Acute Mountain Sickness")  # on the opponent's climbers [15.3]
K2_CLIMB_UNTIL = 4  # climbers head up while fewer tokens cover the Avalanche Track


class DisasterOnK2Heuristic(DisasterSeriesHeuristic):
    """Disaster on K2: climb while the Bottleneck stands (buying events to hold the Serac
    back), come down before it collapses, rope down rather than scale, play Luck on a
    descent or a bivouac, bivouac in the dark when High Camp is out of reach.

    >>> import highcamp
    >>> from highcamp.core import play_game
    >>> game = highcamp.load_game("disaster-on-k2", guide="sherpa")
    >>> play_game(game, [DisasterOnK2Heuristic(seed=1)], seed=3).is_terminal()
    True
    """

    def _choose(self, state: State) -> tuple[int, str]:
        obs: dict[str, Any] = state.observation(state.current_player())
        k2 = obs["k2"]
        legal = state.legal_actions()
        texts = state.legal_action_texts()
        late = (
            k2["darkness_phase"]
            or k2["darkness_pending"]
            or len(k2["avalanche_track"]) >= K2_CLIMB_UNTIL
        )

        joined = "\n".join(texts)  # (no text or part holds a newline)

        def first(part: str) -> int | None:
            if part not in joined:  # one search of all the texts at once
                return None
            return next((a for t, a in texts.items() if part in t), None)

        if obs.get("bidding") is not None:
            return self._k2_bid(obs, texts, late)
        if obs.get("players") == 2:
            chosen = self._two_player_choice(obs, texts)
            if chosen is not None:
                return chosen
        if "play Luck: +2 to this roll" in texts:
            if k2["roll_for"] in ("descent", "bivouac"):
                return texts["play Luck: +2 to this roll"], "Luck on a roll that decides a life"
            return texts["roll without Luck"], "keep Luck for a descent"
        for part, why in (
            ("Lucky: roll again", "a Lucky climber rolls again"),
            ("together by the rope", "rope down together"),
            ("descends by the rope", "the rope is there"),
            ("together placing a Synthetic Rope", "a rope for both"),
            ("placing a Synthetic Rope", "a rope is safer than scaling"),
            ("together scaling", "the guide's help on the cliff"),
            ("descends scaling", "no rope: scale down"),
            (" gives their life for ", "a guide's life for a climber's"),
            ("discard Luck", "Luck: draw the fate again"),
            ("recruit ", "the next climber"),
            ("hire ", "the guide"),
        ):
            hit = first(part)
            if hit is not None:
                return hit, why
        buy = first("buy ")
        if buy is not None:
            event = obs["event"] or {}
            name, cost = event.get("name", ""), int(event.get("cost", 0))
            after = obs["prestige"] - cost
            keep = K2_GOOD_EVENTS.get(name)
            if keep is not None and after >= keep + 2:
                return buy, f"{name} helps and {after} Prestige remain"
            if not late and name not in K2_HARMFUL and after >= 3:
                return buy, "bought to hold the Serac back while climbers go up"
            return first("decline ") or legal[0], "not worth its Prestige now"
        if "no Noble Sacrifice" in texts:
            return texts["no Noble Sacrifice"], "no one to save"
        play = first("play ")
        if play is not None:
            return play, "play the held event now"
        if "option b: move up to all five climbers" in texts:
            guide = obs["guides"][0] if obs["guides"] else None
            slow = guide is not None and any(
                c["space"] == guide["space"] and c["movement"] == 0 and c["marker"] == ""
                for c in obs["clients"]
            )
            if "option a: move the guide" in texts and slow:
                return texts["option a: move the guide"], "the guide carries the slow climbers"
            return texts["option b: move up to all five climbers"], "everyone climbs"
        if k2["darkness_phase"] and obs["movement"]["mover"] is None:
            left = max(self._static(state)["k2"]["darkness_track"] - k2["darkness_track"], 1)
            for c in obs["clients"]:
                hit = texts.get(f"{c['name']} tries to bivouac")
                if hit is not None and c["space"] > 2 * left:
                    return hit, f"{c['name']} cannot reach High Camp: bivouac"
        return self._move(state, obs, texts, late)

    def _k2_bid(self, obs: dict[str, Any], texts: dict[str, int], late: bool) -> tuple[int, str]:
        """Two players on K2 [15.3]: bid up to two over the printed cost for a helpful
        event while Prestige stays comfortable; take a strike on the opponent's climbers
        (Broken Rope, Acute Mountain Sickness) or any harmless event at its cost while the
        Serac must be held back; otherwise pass."""
        bid = obs["bidding"]
        name, cost, price = bid["event"], int(bid["cost"]), int(bid["next_bid"])
        after = obs["prestige"] - price
        bid_action = next((a for t, a in texts.items() if t.startswith("bid ")), None)
        pass_action = next(a for t, a in texts.items() if t.startswith("pass "))
        if bid_action is None:
            return pass_action, f"not enough Prestige for {name}"
        keep = K2_GOOD_EVENTS.get(name)
        if keep is not None and price <= cost + 2 and after >= keep + 4:
            return bid_action, f"{name} is worth {price} Prestige and {after} remain"
        climbing = any(c["space"] > 0 and c["marker"] == "" for c in obs["opponent"]["clients"])
        if name in K2_STRIKES and climbing and price == cost and after >= 5:
            return bid_action, f"{name} can strike the opponent's climbers"
        opening = price == cost and bid["high_bidder"] is None
        if not late and opening and name not in K2_HARMFUL and after >= 5:
            return bid_action, "bid to hold the Serac back while climbers go up"
        return pass_action, f"{name} is not worth {price} Prestige"
