""""Why not?" for Dritzak (issue 17): each refused selection or play says why and names its rule (D1, D3,
D4, D6, D9, D10, D11, D12, D13, D15, D19); every rejection names a rule of docs/rules/dritzak.md; the
reasons use only what the player sees (the same after determinize)."""
import random

from ..explain_helpers import assert_refused, check_rule_ids_in_source
from .helpers import new, pos


def test_every_rejection_names_a_rule_of_the_page():
    check_rule_ids_in_source("dritzak", new())


def test_d6_does_not_beat_the_pile_and_d19_rule_of_sevens():
    """D6: match or beat the top card; D19: on a 7 only a 7 or lower."""
    s = pos(hands=[["5c", "Kd", "3s"], ["6c"]], pile=["9h"], down=[["Ac", "Ad", "Ah"], ["Kc", "Kh", "Ks"]])
    why = s.explain(["card-5c"])
    assert why.rule == "D6" and "9 of hearts" in why.text
    assert_refused(s, "play 5c", "D6")
    s = pos({"sevens": True}, hands=[["9c", "5d"], ["6c"]], pile=["7h"])
    why = s.explain(["card-9c"])
    assert why.rule == "D19" and "7 or lower" in why.text


def test_d10_one_rank_and_d12_one_zone_and_d11_hand_first():
    """D10: a set is of one rank; D11: the hand first; D12: never hand and face-up cards together."""
    s = pos(hands=[["8c", "9d"], ["6c"]], up=[["Ad", "As", "Ac"], ["3c", "3d", "3h"]])
    assert s.explain(["card-8c", "card-9d"]).rule == "D10"
    assert s.explain(["card-Ad"]).rule == "D11"
    assert s.explain(["card-8c", "card-Ad"]).rule == "D12"


def test_d13_face_down_last_and_d3_d4_choosing():
    """D13: face-down cards only when hand and face-up cards are gone; D3/D4 while choosing."""
    s = pos(hands=[["8c"], ["6c"]], down=[["Ac", "Ad", "Ah"], ["Kc", "Kh", "Ks"]])
    why = s.explain(["down-1"])
    assert why.rule == "D13" and "face-down" in why.text.lower()
    s = new()
    while s.is_chance_node():
        s.apply(s.legal_actions()[0])
    assert s.phase == "choose"
    assert s.explain(["down-1"]).rule == "D3"
    hand = [a for a in s.legal_actions()[0].targets]
    assert_refused(s, "play " + hand[0][5:], "D4")


def test_d9_opening_rank():
    """D9: the first play is of the starting rank."""
    s = pos(hands=[["3c", "9d"], ["4c"]], first_rank="3")
    why = s.explain(["card-9d"])
    assert why.rule == "D9" and "3s" in why.text


def test_d15_no_pile_and_d1_notation():
    s = pos(hands=[["3c", "9d"], ["4c"]])
    assert s.explain_notation("pick up").rule == "D15"
    assert s.explain_notation("play Zz").rule == "D1"
    assert_refused(s, "hello there", "D1")
    assert s.explain_notation("play 4c").rule == "D11"  # not in the player's hand


def test_reasons_see_only_the_players_own_cards():
    """D27: the reason is the same in every deal the player cannot tell apart (determinize)."""
    s = new({"players": 3})
    rng = random.Random(5)
    while s.phase != "play" or s.is_chance_node():
        s.apply(rng.choice(s.legal_actions()))
    p = s.current_player()
    for path in (["down-1"], ["card-" + "Ah"], ["down-2", "down-3"]):
        why = s.explain(path) if not any(a.targets[:1] == tuple(path[:1]) for a in s.legal_actions()) else None
        if why is not None:
            for k in range(3):
                assert s.determinize(p, random.Random(k)).explain(path) == why
