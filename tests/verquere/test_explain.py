""""Why not?" for Verquere (issue 17): each refused click or die move says why and names its rule (V1, V5,
V7, V8, V10, V13, V16, V17, V18, V19, V20, V31); every rejection names a rule of docs/rules/verquere.md."""
from pygames.core import State, get_game

from ..explain_helpers import assert_refused, check_rule_ids_in_source

G = get_game("verquere")


def pos(position, options=None):
    return G.state_class.from_position(G, position, options)


def t(pl, p):
    """The click target of ``pl``'s point ``p``."""
    return f"r{(p - 1 + 12 * pl) % 24}"


def test_every_rejection_names_a_rule_of_the_page():
    check_rule_ids_in_source("verquere", G.new_initial_state())


def test_v1_no_piece_v7_backwards_v5_distance():
    """V1: no piece of yours there; V7: forward only; V5: exactly a die's number."""
    s = pos({"white": {1: 13, 5: 1, 9: 1}, "black": {1: 15}, "turn": "white", "dice": [6, 3]})
    assert s.explain([t(0, 2)]).rule == "V1"
    assert s.explain(["bar-1"]).rule == "V1" and "Black's bar" in s.explain(["bar-1"]).text
    assert s.explain([t(0, 9), t(0, 5)]).rule == "V7"
    why = s.explain([t(0, 1), t(0, 3)])
    assert why.rule == "V5" and "2 points on" in why.text
    assert_refused(s, "1/3", "V5")


def test_v8_blocked_and_v10_own_piece_on_first_twelve():
    """V8: two or more opposing pieces block; V10: never two of one's own on points 2-12."""
    s = pos({"white": {1: 13, 5: 1, 7: 1}, "black": {1: 15}, "turn": "white", "dice": [6, 6, 6, 6]})
    why = s.explain([t(0, 7)])
    assert why.rule == "V8" and "blocked" in why.text  # White's 13 is Black's 1
    why = s.explain([t(0, 1)])
    assert why.rule == "V10" and "point 7" in why.text
    s = pos({"white": {1: 14, 4: 1}, "black": {1: 15}, "turn": "white", "dice": [3, 3, 3, 3]})
    why = s.explain([t(0, 1), t(0, 4)])
    assert why.rule == "V10"


def test_v13_bar_first():
    """V13: a piece on the bar re-enters before any other move."""
    s = pos({"white": {1: 14, "bar": 1}, "black": {1: 15}, "turn": "white", "dice": [6, 5]})
    why = s.explain([t(0, 1)])
    assert why.rule == "V13" and "bar" in why.text
    assert_refused(s, "1/7", "V13")


def test_v16_v17_bearing_off():
    """V16: all home first; V17: the exact number."""
    s = pos({"white": {18: 1, 22: 14}, "black": {1: 15}, "turn": "white", "dice": [3, 3, 3, 3]})
    assert s.explain([t(0, 22), "off-0"]).rule == "V16"
    s = pos({"white": {19: 1, 22: 14}, "black": {1: 15}, "turn": "white", "dice": [6, 4]})
    why = s.explain([t(0, 22), "off-0"])
    assert why.rule == "V17", why


def from_game(state):
    """A position reached in a seeded random game (its state part)."""
    return State.from_json({"game": "verquere", "options": {}, "history": [], "state": dict(
        state, off=[0, 0], turn_steps=[], prev_steps=[], lost=[], winner=None, limit=False)})


def test_v19_v18_dice_use():
    """V19: a step after which the other die cannot be used; V18: only one die can be used, the larger."""
    s = from_game({"board": [[0, 2, 0, 1, 1, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 5],
                             [0, 4, 0, 1, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 3]],
                   "bar": [2, 0], "turn": 1, "dice": [2, 1], "roll": [2, 1], "rolls": 335})
    why = s.explain([t(1, 23)])
    assert why.rule == "V19" and "die unused" in why.text
    s = from_game({"board": [[0, 2, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4],
                             [0, 6, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5]],
                   "bar": [0, 0], "turn": 0, "dice": [2, 1], "roll": [2, 1], "rolls": 165})
    why = s.explain([t(0, 2)])
    assert why.rule == "V18" and "the larger, the 2" in why.text


def test_v31_ludii_first_twelve_empty_only():
    """V31: in Ludii's rules a piece lands on points 1-12 only when empty."""
    s = pos({"white": {1: 14, 3: 1}, "black": {1: 14, 19: 1}, "turn": "white", "dice": [6, 4]},
            {"ruleset": "ludii"})
    assert s.explain([t(0, 3), t(0, 7)]).rule == "V31"


def test_v20_notation():
    s = pos({"white": {1: 15}, "black": {1: 15}, "turn": "white", "dice": [6, 5]})
    assert_refused(s, "hello", "V20")
    assert s.explain_notation("1/7*").rule == "V20"
    assert s.explain_notation("1/7 7/12").rule == "V5"
