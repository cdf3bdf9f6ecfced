""""Why not?" for ZÈRTZ (issue 17): each refused click or notation says why and names its rule (Z5, Z6,
Z7, Z9, Z10, Z17, Z20, Z21); every rejection names a rule of docs/rules/zertz.md."""
import pytest

from pygames.core import PygamesError, get_game

from ..explain_helpers import assert_refused, check_rule_ids_in_source
from ..helpers import play


def state_after(actions, options=None):
    return play(get_game("zertz").new_initial_state(options), *actions)


def test_every_rejection_names_a_rule_of_the_page():
    check_rule_ids_in_source("zertz", state_after([]))


def test_z21_colour_first_and_z7_z6_removal():
    """Z21: a colour before the ring; Z7: not the ring just filled; Z6: only a free ring."""
    s = state_after([])
    assert s.explain(["d4"]).rule == "Z21"
    why = s.explain(["take-W", "d4", "d4"])
    assert why.rule == "Z7" and "just filled" in why.text
    why = s.explain(["take-W", "d4", "d3"])
    assert why.rule == "Z6" and "d3 is not free" in why.text
    assert_refused(s, "Wd4,d3", "Z6")
    assert_refused(s, "Wd4", "Z7")  # a removal is due


def test_z5_taken_or_removed_ring():
    """Z5: a marble goes on a vacant ring."""
    s = state_after(["Wd4,a1", "Ga4,g4"])
    s2 = state_after(["Wd1,a1"])
    assert s2.explain(["take-G", "a1"]).rule == "Z5" and "removed" in s2.explain(["take-G", "a1"]).text
    assert s2.explain(["take-G", "d1"]).rule == "Z5" and "already holds" in s2.explain(["take-G", "d1"]).text
    assert s.current_player() == 0


def test_z9_capture_compulsory_and_z10_keep_jumping():
    """Z9: when a marble can jump, no placement; a non-jumping marble or a non-jump landing is refused."""
    s = state_after(["Wd4,a1", "Gd5,g4"])
    why = s.explain(["take-W"])
    assert why.rule == "Z9" and "compulsory" in why.text
    assert s.explain(["c3"]).rule == "Z9"
    assert s.explain(["d4", "d7"]).rule == "Z9"
    assert_refused(s, "Wd1,a2", "Z9")
    assert s.explain_notation("x d4").rule == "Z20"  # not notation at all


def test_z17_pool_empty_own_captures():
    """Z5/Z17: a colour the pool does not hold; with the pool empty, one of one's own captured marbles."""
    g = get_game("zertz")
    s = g.state_class.from_position(g, {"marbles": {"a1": "W", "g1": "W", "d7": "W"}, "pool": [0, 8, 10],
                                        "turn": 0, "captures": [[0, 0, 0], [3, 0, 0]]})
    assert s.explain(["take-W"]).rule == "Z5"
    board = {"a1": "W", "g1": "W", "d7": "W", "a4": "G", "g4": "G", "d1": "B", "c5": "B", "f3": "B"}
    s = g.state_class.from_position(g, {"marbles": board, "pool": [0, 0, 0], "turn": 0,
                                        "captures": [[0, 4, 5], [3, 2, 2]]})
    why = s.explain(["take-W"])
    assert why.rule == "Z17" and "no white" in why.text


def test_z20_notation():
    """Z20: text that is no ZÈRTZ notation, and a jump written with the wrong colours."""
    s = state_after(["Wd4,a1", "Gd5,g4"])
    assert_refused(s, "zz", "Z20")
    assert s.explain_notation("x d4Wd6").rule == "Z20"
    with pytest.raises(PygamesError):
        s.explain_notation("x d4Gd6")  # legal: nothing to explain


def test_z10_the_jumping_marble_goes_on():
    """Z10: mid-sequence, the marble must keep jumping: another ring is refused."""
    g = get_game("zertz")
    s = g.state_class.from_position(g, {"marbles": {"d1": "W", "d2": "G", "d4": "B"}, "turn": 0})
    assert [a.notation for a in s.legal_actions()] == ["x d1Gd3Bd5"]
    why = s.explain(["d1", "d3", "c3"])
    assert why.rule == "Z10" and "keep jumping" in why.text
    assert s.explain_notation("x d1Gd3").rule == "Z10"
