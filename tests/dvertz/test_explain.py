""""Why not?" for Dvertz (issue 17): each refused click or notation says why and names its rule (X3, X5,
X6, X7, X8, X9, X10, X11, X12, X19, X20); every rejection names a rule of docs/rules/dvertz.md."""
from ..explain_helpers import assert_refused, check_rule_ids_in_source
from .helpers import GAME, full_board, legal, pos


def test_every_rejection_names_a_rule_of_the_page():
    check_rule_ids_in_source("dvertz", GAME.new_initial_state())


def test_x3_placement():
    """X3: a taken space; no marble before the board is full."""
    s = GAME.new_initial_state()
    s.apply("a1")
    assert s.explain(["a1"]).rule == "X3"
    assert s.explain(["take-W"]).rule == "X3"
    assert_refused(s, "Wb1", "X3")


def test_x12_dvonn_part_reasons():
    """X12: the DVONN part is DVONN's move (surrounded, not one's colour, a wrong distance, empty)."""
    s = pos({"c3": "W", "d3": "D", "e3": "B", "f3": "B"})
    assert "c3d3" in legal(s)
    why = s.explain(["e3"])
    assert why.rule == "X12" and "own colour" in why.text
    assert s.explain(["c3", "e3"]).rule == "X12"
    assert s.explain(["c3", "b3"]).rule == "X12" and "empty" in s.explain(["c3", "b3"]).text
    assert_refused(s, "c3b3", "X12")
    s = full_board()
    assert all(s.explain([t]).rule == "X12" for t in ("e3", "f3") if not any(
        a.targets[:1] == (t,) for a in s.legal_actions()))


def test_x8_x9_jumps():
    """X8: a jump is compulsory and goes over a neighbouring marble; X9: the marble keeps jumping."""
    s = pos({"c3": "W", "d3": "D", "e3": "B", "f3": "B"}, {"c3": "W", "d3": "G"})
    assert any(n.startswith("x ") for n in legal(s))
    why = s.explain(["take-W"])
    assert why.rule == "X8" and "compulsory" in why.text
    assert_refused(s, "Wf3", "X8")
    assert s.explain(["m-d3"]).rule == "X8"  # the grey marble has nothing to jump into
    s = pos({"c3": "W", "d3": "D", "e3": "B", "f3": "B", "g3": "B"}, {"c3": "W", "d3": "G", "f3": "B"})
    assert "x c3Ge3Bg3" in legal(s)
    assert s.explain(["m-c3", "e3", "d2"]).rule == "X9"


def test_x10_x11_x7_marble_placement():
    """X10: a colour the reserve holds, on a stack without a marble; X11: captures once it is empty;
    X7: never on an empty space; X19: the colour first."""
    s = pos({"c3": "W", "d3": "D", "e3": "B"}, {"e3": "W"}, reserve=[0, 8, 10], captures=((2, 0, 0), (3, 0, 0)))
    assert s.explain(["take-W"]).rule == "X10"
    why = s.explain(["take-G", "e3"])
    assert why.rule == "X10" and "already carries" in why.text
    assert s.explain(["take-G", "b3"]).rule == "X7"
    s = pos({"c3": "W", "d3": "D", "e3": "B", "d4": "B"}, {"c3": "W", "e3": "W", "d4": "W"}, reserve=[0, 0, 0],
            captures=((0, 4, 5), (3, 4, 5)), turn=0)
    assert s.explain(["take-W"]).rule == "X11"
    s.apply("c3d3")
    assert s.status == "zertz" and s.explain(["e3"]).rule == "X19"


def test_x5_x6_parts():
    """X5: a part already played; X6: a part with nothing to play."""
    s = pos({"c3": "W", "d3": "D", "e3": "B", "f3": "B"})
    s.apply("c3d3")
    why = s.explain(["d3"])
    assert why.rule == "X5" and "over" in why.text


def test_x20_notation():
    s = GAME.new_initial_state()
    assert_refused(s, "zz", "X20")
    assert s.explain_notation("x a1").rule == "X20"
