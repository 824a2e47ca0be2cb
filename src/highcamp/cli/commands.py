"""What ``?`` shows at the prompt: the commands of the game being played, then the prompt's
own commands.

Each game's entry lists the forms its actions are typed in, with an example of each (the
texts are the games' own ``action_to_string`` forms, which ``string_to_action`` reads back),
and the short forms the game accepts. A game without an entry is shown the actions legal now.

>>> "roll" in help_text("disaster", ["roll"])
True
>>> "combine" in help_text("disaster", ["roll"])
False
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["GAME_COMMANDS", "help_text"]

_SERIES = (
    ("option a: move 2 guides", "choose a movement option (its letter: option a)"),
    ("move Beck", "choose the climber or guide to move next"),
    ("Beck up to Triangular Face", "step the marker up (or down to ...) one space"),
    ("Rob picks up Stuart", "a guide picks up (or drops off) a client"),
    ("end Beck's move", "stop moving that marker"),
    ("end movement", "end the movement phase"),
    ("buy Icy for 1 Prestige", "buy the event (or decline it)"),
    ("play Ridges Open", "play a held token"),
)

GAME_COMMANDS: dict[str, tuple[tuple[str, str], ...]] = {
    "everest-1924": (
        ("roll", "roll the dice"),
        ("reroll 1,3", "reroll the dice in those places"),
        ("combine 1,2 -> 6", "combine two dice into the number to climb"),
        ("ascend", "climb the row up (or: camp, move right, abandon)"),
    ),
    "disaster": (
        ("start at the north-west corner", "choose your starting corner"),
        ("roll", "roll the dice (or r)"),
        ("keep the card", "keep the card you drew, hidden (or keep)"),
        ("play Iceberg Ahead", "play a card: its disaster happens at once"),
        ("draw a second card", "holding a card on a Disaster space: draw another (or draw)"),
        ("keep the new card", "with two cards: keep one, the other goes to the bottom"),
        ("end turn", "end your turn, keeping your card (or end, pass)"),
        ("move back", "escaping: the way towards the entrance side (or back)"),
        ("move on", "escaping: the way ahead (or on, forward)"),
    ),
    "everest-go": (
        ("play head 2", "put on a garment, or play a special item or action card"),
        ("target seat 2 boots", "choose whose garment an action card hits"),
        ("take jacket 2", "take a card (Equipment Theft, Mountain Goddess)"),
        ("thaw boots", "Fire: thaw a frozen part (or: pass the Cold left)"),
        ("avalanche head left", "move every head garment one seat round the table"),
        ("Tent", "shelter from an action card with your Tent (or: no Tent)"),
        ("discard Snowball", "improve your hand: discard a card, then draw"),
        ("stop discarding", "end improving your hand"),
        ("EVEREST!", "shout, dressed from head to boots (or: end turn)"),
    ),
    "disaster-on-everest": _SERIES,
    "disaster-on-k2": (
        *_SERIES,
        ("Bojan tries to bivouac", "a climber on the mountain tries to bivouac"),
        ("pass the Flashlight to Jelena", "hand the Flashlight on"),
    ),
    "disaster-campaign": _SERIES,
}

_PROMPT = (
    ("a number", "the numbered choice"),
    ("undo", "take back your last action, if it revealed nothing (no roll or draw since)"),
    ("log", "the last entries of the game log, with their rules"),
    ("rules", "the rules in brief"),
    ("hint [AGENT]", "what an agent would do and why (hint heuristic, hint mcts:500)"),
    ("help or ?", "this help"),
    ("q or quit", "save the game and quit (highcamp play --load FILE resumes it)"),
)


def help_text(game_id: str, legal_now: Sequence[str]) -> str:
    """The help for ``game_id`` as rich markup: its commands (or, for a game without an
    entry, the texts legal now), then the prompt's commands."""
    lines = ["[bold]Commands of this game[/] (type the text, or its number)"]
    commands = GAME_COMMANDS.get(game_id)
    if commands is None:
        commands = tuple((text, "legal now") for text in legal_now)
    width = max(len(text) for text, _ in commands) if commands else 0
    lines += [f"  [cyan]{text:<{width}}[/]  {what}" for text, what in commands]
    if legal_now and game_id in GAME_COMMANDS:
        shown = ", ".join(legal_now[:8]) + (", ..." if len(legal_now) > 8 else "")
        lines.append(f"  [dim]legal now: {shown}[/]")
    lines.append("[bold]At the prompt[/]")
    width = max(len(text) for text, _ in _PROMPT)
    lines += [f"  [cyan]{text:<{width}}[/]  {what}" for text, what in _PROMPT]
    return "\n".join(lines)
