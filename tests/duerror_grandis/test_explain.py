""""Why not?" for Duerror Grandis (issue 17): each refused click or notation says why and names its rule
(G6, G8, G9, G43, G11, G12, G13, G23, G24, G25, G31); every rejection names a rule of
docs/rules/duerror_grandis.md; in Caecus the reasons never depend on what the player cannot see."""
import random

from ..explain_helpers import assert_refused, check_rule_ids_in_source
from .helpers import GAME, pos, start


def test_every_rejection_names_a_rule_of_the_page():
    check_rule_ids_in_source("duerror_grandis", start(2))


def test_g6_board_taken_and_g43_colour():
    """G6: a board no one has taken yet; G43: the colour first, one no one has taken."""
    s = start(2)
    while s.is_chance_node():
        s.apply(s.legal_actions()[0])
    assert s.part == "colour" and s.explain(["board-1"]).rule == "G43"
    s.apply(s.legal_actions()[0])
    s.apply("board 3")
    assert s.explain(["board-1"]).rule == "G6"  # the piece is chosen next (buttons)
    s.apply("start thete")
    assert s.part == "colour"
    taken = s.explain_notation("colour Red")
    assert taken.rule == "G43" and "taken" in taken.text
    s.apply(s.legal_actions()[0])
    why = s.explain(["board-3"])
    assert why.rule == "G6" and "taken" in why.text
    assert_refused(s, "board 3", "G6")


def test_g8_formactus_first_then_g12_g13_reach():
    """G8: the piece is decided first; G12: the ephebe's 5x5 block; G13: the melliran's lines."""
    s = pos([[("ephebe", "E5")], [("thete", "E6")]])
    assert s.explain(["sq-A1"]).rule == "G8"
    s.apply("keep")
    assert s.part == "flictus"
    why = s.explain(["sq-A1"])
    assert why.rule == "G12" and "5×5" in why.text
    assert s.explain(["sq-E4"]).rule == "G12"  # in reach, but nobody there
    assert_refused(s, "take A1", "G12")
    m = pos([[("melliran", "E5")], [("thete", "E6")]])
    m.apply("keep")
    assert m.explain(["sq-F7"]).rule == "G13"


def test_g23_exact_distance_and_g25_exit():
    """G23: the piece moves exactly its distance along its path; G25: leaving needs square 82 exactly."""
    s = pos([[("ephebe", "E5")], [("thete", "A1")]])
    s.apply("keep")
    assert s.part == "move"
    why = s.explain(["sq-A1"])
    assert why.rule == "G23" and "exactly 5 squares" in why.text
    assert s.explain(["exit"]).rule == "G25"


def test_g31_gang_pieces_one_by_one():
    """G31: in Factiosus a piece is clicked first."""
    s = pos([[("thete", "A1"), ("ephebe", "E5"), ("melliran", "I9")],
             [("thete", "A9"), ("ephebe", "C3"), ("melliran", "G2")]], factiosus=True)
    p = s.current_player()
    assert p == 0 and s.part in ("flictus", "move")
    why = s.explain(["sq-H1"])
    assert why.rule == "G31"


def test_caecus_reasons_see_no_hidden_piece():
    """G41: the same reasons whatever the others' hidden pieces and boards (determinize)."""
    s = start(3, caecus=True)
    rng = random.Random(2)
    checked = 0
    while checked < 20 and not s.is_terminal():
        if not s.is_chance_node():
            p = s.current_player()
            d = s.determinize(p, random.Random(checked))
            for t in ("sq-A1", "sq-E5", "sq-I9", "exit"):
                if not any(a.targets[:1] == (t,) for a in s.legal_actions()):
                    assert d.explain([t]) == s.explain([t])
            checked += 1
        s.apply(rng.choice(s.legal_actions()))
