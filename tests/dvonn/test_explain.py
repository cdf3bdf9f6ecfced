""""Why not?" for DVONN (issue 17): each refused click or notation says why and names its rule (N3, N7,
N8, N9, N10, N11, N12, N15, N16, N19); every rejection names a rule of docs/rules/dvonn.md."""
import json

import pytest

from pygames import web
from pygames.core import PygamesError, get_game

from ..explain_helpers import assert_refused, check_rule_ids_in_source
from ..helpers import play

FULL = ["b1", "f3", "j5", "a3", "a1", "b3", "a2", "b4", "b2", "c2", "c1", "c3", "c5", "c4", "d2", "d1", "d4",
        "d3", "e2", "d5", "e3", "e1", "e4", "e5", "f1", "f2", "f4", "f5", "g1", "g2", "g5", "g3", "h1", "g4",
        "h3", "h2", "h5", "h4", "i2", "i1", "i3", "i5", "i4", "j4", "j2", "k4", "j3", "k5", "k3"]


def state_after(actions):
    return play(get_game("dvonn").new_initial_state(), *actions)


def test_every_rejection_names_a_rule_of_the_page():
    """N19 and the rest: the source's IllegalAction raises and explain.py's ids are all on the page."""
    check_rule_ids_in_source("dvonn", state_after([]))


def test_n3_taken_space():
    """N3: a piece goes on a vacant space."""
    s = state_after(FULL[:5])
    why = s.explain(["a1"])
    assert why.rule == "N3" and "A1 is taken" in why.text
    assert_refused(s, "a1", "N3")


def test_n11_surrounded_stack_and_n8_other_colour_and_n12_lone_dvonn():
    """N11 surrounded, N8 the opponent's piece, N12 a lone DVONN piece (the rules page's example)."""
    s = state_after(FULL)
    assert s.explain(["e3"]).rule == "N11" and "surrounded on all six sides" in s.explain(["e3"]).text
    assert s.explain(["f2"]).rule == "N8"
    assert s.explain(["b1"]).rule == "N12"
    assert_refused(s, "e3e4", "N11")


def board(row3, turn=0):
    g = get_game("dvonn")
    empty = ". " * 8
    return g.state_class.from_board(g, [empty + ".", empty + ". .", row3, empty + ". .", empty + "."], turn=turn)


def test_n9_wrong_distance_and_n10_empty_landing():
    """N9: exactly its height in a straight line; N10: never onto an empty space."""
    s = board("D B . W D D . . . . .")
    assert [a.notation for a in s.legal_actions()] == ["d3e3"]
    why = s.explain(["d3", "f3"])
    assert why.rule == "N9" and "exactly one space" in why.text
    why = s.explain(["d3", "c3"])
    assert why.rule == "N10" and "C3 is empty" in why.text
    assert_refused(s, "d3c3", "N10")


def test_n10_all_landings_empty():
    """N10: a stack whose every reachable space is empty cannot move."""
    s = board("D . . BW D . D W . . .")
    why = s.explain(["d3"])
    assert why.rule == "N10" and "2 high" in why.text


def test_n15_pass_and_n16_over_and_n7_turn():
    """N15: no pass while a move exists; N7: not your turn; N16: the game is over."""
    s = state_after(FULL)
    assert_refused(s, "pass", "N15")
    assert s.explain(["a1"], viewer=1).rule == "N7"
    over = board("D . . BW D . D . . . .")
    assert over.is_terminal() and over.explain(["a3"]).rule == "N16"


def test_n19_not_notation():
    """N19: text that is no DVONN notation."""
    s = state_after([])
    assert_refused(s, "z9", "N19")
    assert s.explain_notation("hello").rule == "N19"


def test_legal_prefix_is_not_explained():
    with pytest.raises(PygamesError):
        state_after(FULL).explain(["a1"])


def test_bridge_command():
    """The bridge's explain: text, rule and the link into the rules page."""
    web.call("new_game", json.dumps({"game": "dvonn", "seats": ["human", "human"], "seed": 1}))
    for a in FULL[:5]:
        web.call("act", json.dumps({"notation": a}))
    out = json.loads(web.call("explain", json.dumps({"targets": ["a1"]})))["ok"]
    assert out == {"text": "A1 is taken: each piece goes on a vacant space.", "rule": "N3",
                   "href": "rules/dvonn.html#N3"}
    out = json.loads(web.call("explain", json.dumps({"notation": "a1"})))["ok"]
    assert out["rule"] == "N3"
    assert "error" in json.loads(web.call("explain", json.dumps({"targets": "a1"})))
    assert "error" in json.loads(web.call("explain", json.dumps({})))
