"""Dritzak rule tests: each test names the rule id of docs/rules/dritzak.md it checks."""
import random

import pytest

from pygames.core import CHANCE, TERMINAL, IllegalAction
from pygames.dritzak.rules import START_ORDER, STALL_PER_PLAYER, card_name, playable, rank_of

from .helpers import deal_order, legal, new, play, pos

FOUR = {"players": 4}


def test_D1_cards_ranks_and_names():
    """D1: one 52-card deck; 3 < … < 9 < J < Q < K < A; card names by rank and suit."""
    assert [card_name(c) for c in (0, 5, 8, 12, 13, 51)] == ["2c", "7c", "Tc", "Ac", "2d", "As"]
    assert card_name(52 + 5) == "7c2" and card_name(104 + 5) == "7c3"
    order = [rank_of(r + "h") for r in "3456789JQKA"]
    assert order == sorted(order)
    assert playable(rank_of("A"), rank_of("K"), False) and not playable(rank_of("K"), rank_of("A"), False)
    assert playable(rank_of("J"), rank_of("9"), False) and not playable(rank_of("9"), rank_of("J"), False)
    assert len(new().deck) == 52


def test_D2_deal_card_by_card_as_chance():
    """D2: face-down cards first (three rounds), then six hand cards each, every card a chance outcome."""
    s = new({"players": 3})
    assert s.current_player() == CHANCE
    out = s.chance_outcomes()
    assert len(out) == 52 and all(abs(p - 1 / 52) < 1e-12 for _, p in out)
    down = [["2c", "3c", "4c"], ["2d", "3d", "4d"], ["2h", "3h", "4h"]]
    hands = [["5c", "6c", "7c", "8c", "9c", "Jc"], ["5d", "6d", "7d", "8d", "9d", "Jd"],
             ["5h", "6h", "7h", "8h", "9h", "Jh"]]
    play(s, *deal_order(down, hands))
    assert s.observation(None)["down"] == [[True] * 3] * 3
    assert [sorted(card_name(c) for c in h) for h in s.hands] == [sorted(h) for h in hands]
    assert sorted(card_name(c) for c in s.down[1]) == sorted(down[1])
    assert len(s.deck) == 52 - 27 and s.phase == "choose"
    # the draw pile's order is decided only when a card is drawn
    s2 = pos(hands=[["5c"], ["6c"]], pile=["4c"], deck=["Kd", "Qd"])
    play(s2, "play 5c")
    assert s2.current_player() == CHANCE
    assert sorted(a.notation for a, _ in s2.chance_outcomes()) == ["draw Kd", "draw Qd"]


def test_D3_face_down_cards_seen_by_nobody():
    """D3: face-down cards are unseen by everyone, their owner included."""
    s = pos(hands=[["5c"], ["6c"]], down=[["Ac", "Ad", "Ah"], ["Kc", "Kd", "Kh"]])
    for viewer in (None, 0, 1):
        obs = s.observation(viewer)
        assert obs["down"] == [[True] * 3, [True] * 3]
        assert "Ac" not in str(obs) and "Kc" not in str(obs)


def _dealt(n=2, seed=0):
    s = new({"players": n})
    rng = random.Random(seed)
    while s.phase == "deal":
        s.apply(s.legal_actions()[rng.randrange(len(s.legal_actions()))])
    return s


def test_D4_secret_simultaneous_face_up_choice():
    """D4: each player secretly chooses three hand cards; all are revealed together."""
    s = _dealt(3)
    assert s.current_player() == 0
    acts = s.legal_actions()
    assert len(acts) == 20 and all(a.select == "set" and len(a.targets) == 3 for a in acts)
    hand0 = sorted(card_name(c) for c in s.hands[0])
    choice = acts[0]
    s.apply(choice)
    assert s.current_player() == 1
    other = s.observation(1)
    assert other["up"] == [[], [], []] and other["committed"] == [True, False, False]
    assert other["my_choice"] is None and not set(choice.notation.split()[1:]) & set(str(other["hand"]).split())
    assert s.observation(0)["my_choice"] == choice.notation.split()[1:]
    assert s.public_history(1)[-1] == "up ?" and s.public_history(0)[-1] == choice.notation
    s.apply(s.legal_actions()[5])
    s.apply(s.legal_actions()[7])
    assert s.phase in ("play", "start")
    assert all(len(u) == 3 for u in s.up) and all(len(h) == 3 for h in s.hands)
    assert sorted(card_name(c) for c in s.up[0]) == sorted(choice.notation.split()[1:])
    assert sorted(card_name(c) for c in s.up[0] + s.hands[0]) == hand0
    assert s.public_history(1)[-3] == choice.notation  # revealed: now in everyone's move list


def test_D5_six_player_deal():
    """D5: six players get five hand cards, lay three face up and keep (and refill to) two."""
    s = _dealt(6)
    assert all(len(h) == 5 for h in s.hands) and len(s.deck) == 52 - 48
    assert len(s.legal_actions()) == 10
    for _ in range(6):
        s.apply(s.legal_actions()[0])
    assert all(len(h) == 2 for h in s.hands)
    t = pos({"players": 6}, hands=[["5c", "6c"], ["5d"], ["5h"], ["5s"], ["6d"], ["6h"]], deck=["Kd", "Qd", "Jd"],
            pile=["4c"])
    play(t, "play 5c")
    play(t, "draw Kd")
    assert t.phase == "play" and len(t.hands[0]) == 2


def test_D6_match_or_beat_aces_high():
    """D6: a play must match or beat the top card; any card goes on the empty pile."""
    s = pos(hands=[["8c", "Jd", "9s", "3s"], ["5c"]], pile=["9h"])
    assert legal(s) == ["pick up", "play 9s", "play Jd"]
    s = pos(hands=[["Kc", "Ad"], ["5c"]], pile=["Ah"])
    assert legal(s) == ["pick up", "play Ad"]
    s = pos(hands=[["Kc", "3d"], ["5c"]])
    assert legal(s) == ["play 3d", "play Kc"]


def test_D7_two_on_anything_and_anything_on_two():
    """D7: the 2 goes on anything and anything goes on a 2."""
    s = pos(hands=[["2c", "3d"], ["4c", "5c"]], pile=["Ah"])
    assert legal(s) == ["pick up", "play 2c"]
    play(s, "play 2c")
    assert s.current_player() == 1 and legal(s) == ["pick up", "play 4c", "play 5c"]
    play(s, "play 5c")
    assert legal(s) == ["pick up"]  # after 2, 5 the count is 5 again: 3 does not beat it


def test_D8_ten_clears_and_plays_again():
    """D8: a 10 goes on anything, clears the pile, and its player plays again (after refilling)."""
    s = pos(hands=[["Tc", "3d", "4d"], ["5c"]], pile=["Ah", "Kh"], deck=["9c"])
    assert "play Tc" in legal(s)
    play(s, "play Tc")
    assert s.pile == [] and len(s.cleared) >= 3 and s.current_player() == CHANCE
    play(s, "draw 9c")
    assert s.current_player() == 0 and legal(s) == ["play 3d", "play 4d", "play 9c"]
    assert pos(hands=[["Tc"], ["5c"]]).legal_actions()[0].notation == "play Tc"  # also on an empty pile


def test_D9_who_starts_longest_run_then_chance():
    """D9: the lowest rank asked for starts; the longest run of holders in turn order; chance for a tie."""
    assert START_ORDER[-2:] == (rank_of("2"), rank_of("T")) and START_ORDER[0] == rank_of("3")
    down = [["Ac", "Ad", "Ah"], ["As", "Kc", "Kd"], ["Kh", "Ks", "Qc"]]
    hands = [["3c", "9c", "9d", "9h", "9s", "8c"], ["3d", "8d", "8h", "8s", "7c", "7d"],
             ["4c", "4d", "4h", "5c", "5d", "5h"]]
    s = new({"players": 3})
    play(s, *deal_order(down, hands))
    play(s, "up 9c 9d 9h", "up 8d 8h 8s", "up 4c 4d 4h")  # A and B keep a 3, C does not
    assert s.current_player() == 0 and s.first_rank == rank_of("3")
    assert legal(s) == ["play 3c"]  # the first play must include the starting rank
    play(s, "play 3c")
    # B and C (not A) hold the lowest card: B begins the run B, C
    s = new({"players": 3})
    play(s, *deal_order(down, [hands[2], hands[0], hands[1]]))
    play(s, "up 4c 4d 4h", "up 9c 9d 9h", "up 8d 8h 8s")
    assert s.current_player() == 1
    # four players, the two opposite each other hold 3s: equally long runs, so a chance node decides
    down4 = down + [["Qd", "Qh", "Qs"]]
    hands4 = [hands[0], ["Jc", "Jd", "Jh", "Js", "6c", "6d"], hands[1], ["2c", "2d", "2h", "2s", "6h", "6s"]]
    s = new(FOUR)
    play(s, *deal_order(down4, hands4))
    play(s, "up 9c 9d 9h", "up Jc Jd Jh", "up 8d 8h 8s", "up 2c 2d 2h")
    assert s.current_player() == CHANCE
    assert sorted((a.notation, p) for a, p in s.chance_outcomes()) == [("start 1", 0.5), ("start 3", 0.5)]
    play(s, "start 3")
    assert s.current_player() == 2 and legal(s) == ["play 3d"]


def test_D10_sets_of_equal_rank_from_one_zone():
    """D10: any number of equal cards together if the rank may be played; four only when it beats."""
    s = pos(hands=[["7c", "7d", "7h", "3s"], ["5c"]], pile=["5h"])
    plays = [a for a in legal(s) if a.startswith("play")]
    assert len(plays) == 7 and "play 7c 7d 7h" in plays and not any("3s" in p for p in plays)
    s = pos(hands=[["5c", "5d", "5h", "5s"], ["6c"]], pile=["9h"])
    assert legal(s) == ["pick up"]
    s = pos(hands=[["5c", "5d", "5h", "5s", "3c"], ["6c"]], pile=["4h"])
    play(s, "play 5c 5d 5h 5s")
    assert s.pile == [] and s.current_player() == 0  # four of a kind clears (D23)


def test_D23_four_in_a_row_across_players_clear():
    """D23: four equal ranks in a row, by several players or one, clear the pile; the completer plays again."""
    s = pos(hands=[["7h", "4c"], ["7s", "Kc"]], pile=["3c", "7c", "7d"])
    play(s, "play 7h")
    assert s.current_player() == 1
    play(s, "play 7s")
    assert s.pile == [] and s.current_player() == 1 and "cleared" in s.last
    s = pos(hands=[["2h", "2s", "4c"], ["Kc"]], pile=["9c", "2c", "2d"])
    play(s, "play 2h 2s")
    assert s.pile == [] and s.current_player() == 0  # four 2s count too
    s = pos(hands=[["7h", "4c"], ["Kc"]], pile=["7c", "2d", "7d", "7s"])
    play(s, "play 7h")
    assert s.pile  # a 2 breaks the run


def test_D11_hand_first():
    """D11: while a player holds hand cards, face-up cards cannot be played."""
    s = pos(hands=[["4c"], ["5c"]], up=[["Ac", "Kc"], []], pile=["9h"])
    assert legal(s) == ["pick up"]


def test_D12_face_up_only_on_a_turn_begun_with_empty_hand():
    """D12: face-up cards only on a turn begun with an empty hand and draw pile; never with the last
    hand card."""
    s = pos(hands=[["8c"], ["9c", "3c"]], up=[["8d", "8h", "Kc"], ["Qc"]], pile=["6h"])
    assert legal(s) == ["pick up", "play 8c"]
    play(s, "play 8c", "play 9c")
    assert legal(s) == ["pick up", "play Kc"]  # the 8s are too low now
    s = pos(hands=[[], ["9c"]], up=[["8d", "8h", "Kc"], ["Qc"]], pile=["6h"])
    assert legal(s) == ["pick up", "play 8d", "play 8d 8h", "play 8h", "play Kc"]
    play(s, "play 8d 8h")
    assert sorted(card_name(c) for c in s.up[0]) == ["Kc"]
    # with cards left in the draw pile a player always refills, never reaching the face-up cards
    s = pos(hands=[["8c"], ["9c"]], up=[["Kc"], ["Qc"]], pile=["6h"], deck=["3c"])
    play(s, "play 8c", "draw 3c")
    assert [card_name(c) for c in s.hands[0]] == ["3c"]


def test_D13_one_blind_face_down_card():
    """D13: with hand and face-up gone, one face-down card per turn; unplayable: picked up with the pile."""
    s = pos(hands=[[], ["9c", "3c"]], down=[["4c", "Ks", "5d"], ["Qc"]], pile=["6h"])
    assert legal(s) == ["down 1", "down 2", "down 3", "pick up"]
    assert all(a.targets == (f"down-{a.notation[-1]}",) for a in s.legal_actions() if a.notation.startswith("down"))
    play(s, "down 2")  # Ks beats 6h
    assert card_name(s.pile[-1]) == "Ks" and s.current_player() == 1 and s.down[0][1] is None
    play(s, "pick up")
    play(s, "down 1")  # 4c on the empty pile: any card goes
    assert s.current_player() == 1
    play(s, "play 9c")
    play(s, "down 3")  # 5d does not beat 9c: the pile with the 5d goes into the hand
    assert sorted(card_name(c) for c in s.hands[0]) == ["4c", "5d", "9c"] and s.pile == []
    assert sorted(s.observation(1)["known"][0]) == ["4c", "5d", "9c"]
    assert s.current_player() == 1


def test_D28_play_again_is_a_new_turn():
    """D28: after a clear with a face-up card the same player goes on with face-up cards; after a
    face-down 10, with another face-down card."""
    s = pos(hands=[[], ["9c"]], up=[["Tc", "5d", "Kc"], ["Qd"]], pile=["6h"])
    play(s, "play Tc")
    assert s.current_player() == 0 and legal(s) == ["play 5d", "play Kc"]
    s = pos(hands=[[], ["9c"]], up=[["Tc"], ["Qd"]], down=[["Ks", "4c", None], ["Qc"]], pile=["6h"])
    play(s, "play Tc")
    assert s.current_player() == 0 and legal(s) == ["down 1", "down 2"]
    s = pos(hands=[[], ["9c"]], down=[["Tc", "Ks", None], ["Qc"]], pile=["6h"])
    play(s, "down 1")
    assert s.current_player() == 0 and legal(s) == ["down 2"]


def test_D28_face_up_cards_wait_a_turn():
    """D28 (RULINGS Dritzak 14): clearing with the last hand card, with only face-up cards left, ends the
    turn: they are not offered in the extra play, and the next player leads on the empty pile."""
    s = pos(hands=[["Tc"], ["9c", "3c"]], up=[["5d", "Kc", "Qc"], ["Qd"]], pile=["6h"])
    assert legal(s) == ["pick up", "play Tc"]
    play(s, "play Tc")
    assert s.pile == [] and s.current_player() == 1 and legal(s) == ["play 3c", "play 9c"]
    assert s.last == "Player 1 played Tc, cleared the pile; Player 2 leads"
    play(s, "play 3c")
    assert legal(s) == ["pick up", "play 5d", "play Kc", "play Qc"]  # the turn after: face-up cards
    # four of a kind completed with the last hand cards: the same
    s = pos(hands=[["7c", "7d"], ["9c"]], up=[["5d"], ["Qd"]], pile=["7h", "7s"])
    play(s, "play 7c 7d")
    assert s.pile == [] and s.current_player() == 1
    # with cards left to draw the player refills and plays again as before (D8, D14)
    s = pos(hands=[["Tc"], ["9c"]], up=[["5d"], ["Qd"]], pile=["6h"], deck=["3h"])
    play(s, "play Tc", "draw 3h")
    assert s.current_player() == 0 and legal(s) == ["play 3h"]
    # the walk-off Deegan is not affected: it is played from face-down cards (D18)
    s = pos(hands=[[], ["9c"]], down=[["Tc", "4d", None], ["Qc"]], pile=["6h"])
    play(s, "down 1", "down 2")
    assert s.is_terminal() and s.deegans == [[0, 1]]


def test_D14_refill_to_three_while_draw_pile_lasts():
    """D14: draw back up to three after a play; not with three or more; the draw pile is not reshuffled."""
    s = pos(hands=[["5c", "6c", "7c", "8c"], ["9c"]], pile=["4c"], deck=["Kd", "Qd"])
    play(s, "play 5c")
    assert s.current_player() == 1  # still three: no draw
    play(s, "play 9c")
    assert s.current_player() == CHANCE and s.drawer == 1
    play(s, "draw Kd", "draw Qd")
    assert s.current_player() == 0 and not s.deck and len(s.hands[1]) == 2  # the draw pile ran out
    s = pos(hands=[["5c", "6c", "7c"], ["9c"]], pile=["4c"])
    play(s, "play 5c")
    assert s.current_player() == 1 and len(s.hands[0]) == 2


def test_D15_forced_and_voluntary_pick_up():
    """D15: no legal play → must pick up; may pick up whenever there is a pile; picked cards are public."""
    s = pos(hands=[["3c", "4c"], ["Kc"]], pile=["9h", "Jh"])
    assert legal(s) == ["pick up"]
    play(s, "pick up")
    assert sorted(card_name(c) for c in s.hands[0]) == ["3c", "4c", "9h", "Jh"]
    assert s.observation(1)["known"][0] == ["9h", "Jh"] and s.observation(1)["hand"] == ["Kc"]
    s = pos(hands=[["Ac"], ["Kc"]], pile=["9h"])
    assert "pick up" in legal(s)  # voluntary
    assert "pick up" not in legal(pos(hands=[["Ac"], ["Kc"]]))  # no pile: must play
    # a known card stops being known when it is played
    s = pos(hands=[["9h", "3c"], ["Kc"]], known=[["9h"], []])
    play(s, "play 9h")
    assert s.observation(1)["known"][0] == []


def test_D16_next_player_leads_after_pick_up():
    """D16: after a pick-up the next player in the direction of play leads on the empty pile."""
    s = pos(FOUR, hands=[["3c"], ["4c"], ["5c"], ["6c"]], pile=["Ah"], turn=1)
    play(s, "pick up")
    assert s.current_player() == 2 and s.pile == [] and "pick up" not in legal(s)
    s = pos(FOUR, hands=[["3c"], ["4c"], ["5c"], ["6c"]], pile=["Ah"], turn=1, direction=-1)
    play(s, "pick up")
    assert s.current_player() == 0


def test_D17_first_out_wins_also_by_a_clear():
    """D17: the first player with no cards left wins, also when the last card clears the pile."""
    s = pos(hands=[["Ac"], ["Kc", "3c"]], pile=["Qh"])
    play(s, "play Ac")
    assert s.current_player() == TERMINAL and s.returns() == [1.0, -1.0] and s.places == [0]
    s = pos(FOUR, hands=[[], ["4c"], ["5c"], ["6c"]], down=[["Tc", None, None], [], [], []], pile=["Ah"])
    play(s, "down 1")
    assert s.is_terminal() and s.returns() == [1.0, -1.0, -1.0, -1.0]
    assert "Player 1 won" in s.result_text()


@pytest.mark.parametrize("up, level", [([], 1), (["Th"], 2), (["Th", "Td"], 3), (["Th", "Td", "Ts"], 4)])
def test_D18_walk_off_deegans(up, level):
    """D18: a face-down 10 as the second-to-last card, then the last face-down card: a walk-off Deegan;
    two, three, four 10s before it: double, triple, quadruple."""
    s = pos(hands=[[], ["Kc", "3c"]], up=[up, []], down=[["Tc", "4d", None], []], pile=["Qh"])
    if up:
        play(s, "play " + " ".join(sorted(up, key=lambda c: "cdhs".index(c[1]))))
    play(s, "down 1", "down 2")
    assert s.is_terminal() and s.deegans == [[0, level]]
    name = ["", "walk-off Deegan", "double walk-off Deegan", "triple walk-off Deegan",
            "quadruple walk-off Deegan"][level]
    assert s.observation(1)["deegans"] == [[0, level]] and name in s.observation(1)["result"]


def test_D18_not_a_deegan():
    """D18: a 10 as the final card, or a hand 10 before the last face-down card, is no walk-off."""
    s = pos(hands=[[], ["Kc", "3c"]], down=[["4d", "Tc", None], []], pile=["3h"])
    play(s, "down 1", "play Kc", "down 2")
    assert s.is_terminal() and s.deegans == []
    s = pos(hands=[["Th"], ["Kc"]], down=[["4d", None, None], []], pile=["3h"])
    play(s, "play Th", "down 1")
    assert s.is_terminal() and s.deegans == [] and "Deegan" not in s.result_text()


def test_D19_rule_of_sevens():
    """D19: on a 7 only 7 or lower, 2 and 10 still allowed; only while the 7 is on top."""
    o = {"sevens": True}
    s = pos(o, hands=[["8c", "5d", "2s", "Tc", "7c", "Ac"], ["4c", "9c"]], pile=["7h"])
    assert legal(s) == ["pick up", "play 2s", "play 5d", "play 7c", "play Tc"]
    assert s.observation(0)["sevens_active"]
    play(s, "play 5d")
    assert legal(s) == ["pick up", "play 9c"]  # the 7 is no longer on top
    s = pos(hands=[["8c"], ["4c"]], pile=["7h"])
    assert legal(s) == ["pick up", "play 8c"]  # without the option


def test_D20_skip_rule():
    """D20: matching the top card skips one player per card; not on a lower card; not when clearing."""
    o = dict(FOUR, skip=True)
    hands = [["8c", "8d", "9c", "9d"], ["3c"], ["3d"], ["3h"]]
    s = pos(o, hands=hands, pile=["8h"])
    play(s, "play 8c")
    assert s.current_player() == 2
    s = pos(o, hands=hands, pile=["8h"])
    play(s, "play 8c 8d")
    assert s.current_player() == 3
    s = pos(o, hands=hands, pile=["7h"])
    play(s, "play 9c 9d")
    assert s.current_player() == 1  # two 9s on a 7: no skip
    s = pos(o, hands=hands, pile=["8h", "8s"])
    play(s, "play 8c 8d")
    assert s.current_player() == 0 and s.pile == []  # completes the four: clears, no skips
    s = pos(dict(skip=True), hands=[["8c", "3c"], ["9c"]], pile=["8h"])
    play(s, "play 8c")
    assert s.current_player() == 0  # two players: a skip comes round to the player again
    s = pos(hands=[["8c", "3c"], ["9c"]], pile=["8h"])
    play(s, "play 8c")
    assert s.current_player() == 1  # without the option


def test_D21_reversal():
    """D21: matching the top card reverses the direction, once per play; completing a set still reverses."""
    o = dict(FOUR, reversal=True)
    hands = [["8c", "8d", "9c"], ["3c"], ["3d"], ["3h"]]
    s = pos(o, hands=hands, pile=["8h"])
    play(s, "play 8c 8d")
    assert s.direction == -1 and s.current_player() == 3
    s = pos(o, hands=hands, pile=["7h"])
    play(s, "play 8c")
    assert s.direction == 1 and s.current_player() == 1
    s = pos(o, hands=hands, pile=["8h", "8s"])
    play(s, "play 8c 8d")
    assert s.direction == -1 and s.current_player() == 0 and s.pile == []
    s = pos(o, hands=[["3c"], ["4c"], ["5c"], ["6c"]], pile=["Ah"], direction=-1)
    play(s, "pick up")
    assert s.current_player() == 3  # play goes on in the reversed direction


def test_D22_reversal_before_skips():
    """D22: with skip and reversal, the direction turns first and the skips count the new way."""
    o = dict(FOUR, skip=True, reversal=True)
    s = pos(o, hands=[["8c", "8d", "9c"], ["3c"], ["3d"], ["3h"]], pile=["8h"])
    play(s, "play 8c")
    assert s.direction == -1 and s.current_player() == 2  # 3 is skipped going back
    s = pos(o, hands=[["8c", "8d", "9c"], ["3c"], ["3d"], ["3h"]], pile=["8h"])
    play(s, "play 8c 8d")
    assert s.current_player() == 1  # 3 and 2 skipped


def test_D24_stalled_game_is_called():
    """D24: after 10 pick-ups per player since the last clear the game is called; fewest cards wins."""
    limit = STALL_PER_PLAYER * 2
    s = pos(hands=[["5c", "6c"], ["5d"]], up=[[], ["Kc"]], pile=["Ah"], stall=limit - 1)
    play(s, "pick up")
    assert s.is_terminal() and s.called and s.returns() == [-1.0, 1.0]
    assert "called" in s.result_text()
    # a clear resets the count
    s = pos(hands=[["Tc", "6c"], ["5d"]], pile=["Ah"], stall=limit - 1)
    play(s, "play Tc")
    assert s.stall == 0
    # the cycle the rule ends, with no voluntary pick-up at all: the position repeats every six moves
    s = pos(hands=[["3c", "5c"], ["4c", "6c", "9c"]])
    start = (sorted(s.hands[0]), sorted(s.hands[1]))
    moves = 0
    while not s.is_terminal():
        play(s, "play 5c", "play 9c", "pick up", "play 6c", "play 9c")
        assert legal(s) == ["pick up"]  # forced
        play(s, "pick up")
        moves += 6
        if not s.is_terminal():
            assert (sorted(s.hands[0]), sorted(s.hands[1])) == start and s.current_player() == 0
        assert moves < 10 * limit
    assert s.called and s.stall == limit and s.returns() == [1.0, -1.0]  # 2 cards against 3


def test_D24_called_game_with_play_on_ranks_by_cards():
    """D24: with play on, those still in are placed by cards held after those already out."""
    o = {"players": 4, "play_on": True}
    s = pos(o, hands=[[], ["5c", "6c"], ["5d"], ["5h", "6h", "7h"]], pile=["Ah"], places=[0], turn=1,
            stall=STALL_PER_PLAYER * 4 - 1)
    play(s, "pick up")  # player 2 now holds 3, like player 4
    assert s.called and s.places[:2] == [0, 2]
    r = s.returns()
    assert r[0] == 1.0 and r[2] == pytest.approx(1 / 3) and r[1] == r[3] == pytest.approx(-2 / 3)


def test_D25_play_on_until_one_is_left():
    """D25: the game goes on after the first player is out; everyone is placed; returns rank them."""
    o = {"players": 3, "play_on": True}
    s = pos(o, hands=[["Ac"], ["Kc", "3c"], ["4c", "5c"]], pile=["Qh"])
    play(s, "play Ac")
    assert not s.is_terminal() and s.places == [0] and s.current_player() == 1
    assert legal(s) == ["pick up"]  # the pile stays: player 2 must beat the ace
    play(s, "pick up")
    assert s.current_player() == 2  # player 1 is out: play passes over them
    play(s, "play 5c", "play Ac")
    assert s.current_player() == 2
    play(s, "pick up", "play Kc")
    assert s.current_player() == 2 and s.is_terminal() is False
    s = pos(o, hands=[["Ac"], ["Kc"], ["4c", "5c"]], places=[], pile=["Qh"], turn=1)
    play(s, "play Kc")
    assert s.places == [1] and s.current_player() == 2
    play(s, "pick up", "play Ac")
    assert s.is_terminal() and s.places == [1, 0, 2] and s.returns() == [0.0, 1.0, -1.0]


def test_D26_several_decks_and_set_rules():
    """D26: two or three decks; a set clears by the four / all / suits rule."""
    assert len(new({"decks": 2}).deck) == 104 and len(new({"decks": 3}).deck) == 156
    hands = [["7h", "7h2", "4c"], ["Kc"]]
    s = pos({"decks": 2}, hands=hands, pile=["7c", "7d"])
    play(s, "play 7h 7h2")
    assert s.pile == []  # any four
    s = pos({"decks": 2, "set_rule": "suits"}, hands=hands, pile=["7c", "7d"])
    play(s, "play 7h 7h2")
    assert s.pile  # only three suits
    s = pos({"decks": 2, "set_rule": "suits"}, hands=[["7h", "7s", "4c"], ["Kc"]], pile=["7c", "7d"])
    play(s, "play 7h 7s")
    assert s.pile == []
    s = pos({"decks": 2, "set_rule": "all"}, hands=[["7h", "7s", "7h2", "7s2", "4c"], ["Kc"]],
            pile=["7c", "7d", "7c2"])
    play(s, "play 7h 7s 7h2 7s2")
    assert s.pile  # seven of eight
    s = pos({"decks": 2, "set_rule": "all"}, hands=[["7h", "7s", "7h2", "7s2", "4c"], ["Kc"]],
            pile=["7c", "7d", "7c2", "7d2"])
    play(s, "play 7h 7s 7h2 7s2")
    assert s.pile == []
    # copies of the same card may be played one by one or together (D30)
    s = pos({"decks": 2}, hands=[["7h", "7h2", "4c"], ["Kc"]])
    assert [a for a in legal(s) if a.startswith("play 7")] == ["play 7h", "play 7h 7h2", "play 7h2"]


def test_D27_observation_holds_only_what_a_player_may_see():
    """D27: own hand, face-up cards, counts, pile, cleared and known cards; no other hand or face-down."""
    s = pos(hands=[["5c", "9d"], ["6c", "Jh"]], up=[["Ac"], ["Kc"]], down=[["2c", "2d", "2h"], ["3c", "3d", "3h"]],
            pile=["4c"], deck=["Qs", "Qh"], known=[[], ["Jh"]])
    obs = s.observation(0)
    assert obs["hand"] == ["5c", "9d"] and obs["hand_counts"] == [2, 2] and obs["deck_count"] == 2
    assert obs["up"] == [["Ac"], ["Kc"]] and obs["pile"] == ["4c"] and obs["known"] == [[], ["Jh"]]
    text = str(obs)
    for hidden in ("6c", "2c", "2d", "2h", "3c", "3d", "Qs", "Qh"):
        assert f"'{hidden}'" not in text
    assert s.observation(None)["hand"] is None
    with pytest.raises(IllegalAction):
        s.apply("play 6c")
