"""Every example printed in the rulebook, as a test named after its section."""

from __future__ import annotations

from .helpers import act, logged, marker, moving, roll, start, texts, to_move, where


def test_7_2_yuri_example() -> None:
    """[7.2]: Yuri carries a client two spaces, drops it off, walks one space, picks up a
    second client and carries it two more: five spaces, his maximum; then option (a)
    still lets the other guide move."""
    s = start(options={"company": "summit-adventures"}, where={"Doug": "The Balcony"})
    to_move(s)
    act(s, "option a: move 2 guides")
    act(s, "move Yuri")
    act(s, "Yuri picks up Beck")
    act(s, "Yuri carries Beck 1 up to Triangular Face")
    act(s, "Yuri carries Beck 2 up to Snow Gully")
    assert not any("carries Beck 3" in t for t in texts(s))  # two spaces per pick-up
    act(s, "Yuri drops off Beck")
    act(s, "Yuri up to The Balcony")
    act(s, "Yuri picks up Doug")
    act(s, "Yuri carries Doug 1 up to Southeast Ridge")
    act(s, "Yuri carries Doug 2 up to South Summit")
    assert where(s, "Yuri") == "South Summit"
    assert where(s, "Doug") == "South Summit"
    assert where(s, "Beck") == "Snow Gully"
    assert s.remaining == 0 and s.mover == -1  # five spaces: his move is over
    assert s.team.moved[marker(s, "Beck")] and s.team.moved[marker(s, "Doug")]  # turned over
    assert texts(s) == ["end movement", "move Rob"]
    assert "Doug is dropped off at South Summit after 2" in logged(s)[-1]


def test_8_2_queue_entry_example() -> None:
    """[8.2]: a client enters the bottom of the Hillary Step and rolls a 3; spot 3 is
    taken, so it goes to 4; if 4 were taken too, further back."""
    s = moving(
        where={"Frank": "Cornice Traverse"},
        queue=[  # spots 3 and 4 held by other companies' clients
            {"spot": 3, "who": "another company"},
            {"spot": 4, "who": "another company"},
        ],
    )
    act(s, "option c: move 4 clients")
    act(s, "move Frank")
    act(s, "Frank up to Up")
    roll(s, 3)
    assert where(s, "Frank") == "the Hillary Step queue"
    assert [e for e in s.queue if e[1] == marker(s, "Frank")] == [[4, marker(s, "Frank"), 1]]


def test_9_0_roll_4_example() -> None:
    """[9.0]: a 4 is rolled and a client on the 6 space moves to the 2 space."""
    s = moving(
        queue=[{"spot": 6, "who": "Doug", "direction": "up"}], marker={"Doug": "Hillary Step"}
    )
    doug = marker(s, "Doug")
    act(s, "option c: move 4 clients")
    act(s, "end movement")
    assert s.die_for == "resolve"
    roll(s, 4)
    assert s.queue == [[1, doug, 1]]  # spot 2 (0-based 1)
