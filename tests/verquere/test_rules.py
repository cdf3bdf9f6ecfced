"""Verquere rule tests: each test names the rule id of docs/rules/verquere.md it checks."""
import pytest

from pygames.core import CHANCE, TERMINAL, IllegalAction
from pygames.verquere.rules import BLACK, WHITE, opp_point, point_of, ring

from .helpers import GAME, legal, play, pos


def start(ruleset="text"):
    return GAME.new_initial_state({"ruleset": ruleset})


def test_V1_point_numbering_shared_ring():
    """V1: point numbering shared ring."""
    assert opp_point(1) == 13 and opp_point(13) == 1 and opp_point(12) == 24 and opp_point(24) == 12
    for p in range(1, 25):
        assert point_of(BLACK, ring(WHITE, p)) == opp_point(p)
    # a White piece on White's 14 hits a lone Black piece standing on Black's 2
    s = pos({"13": 1}, {"2": 1, "24": 14}, dice=(1, 3))
    assert "13/14*" in legal(s)
    s.apply("13/14*")
    assert s.bar[BLACK] == 1 and s.board[BLACK][2] == 0


def test_V2_start_stacks():
    """V2: start stacks."""
    s = start()
    assert s.board[WHITE][1] == 15 and s.board[BLACK][1] == 15
    assert s.pip_count(WHITE) == s.pip_count(BLACK) == 15 * 24
    obs = s.observation(None)
    assert obs["points"][ring(WHITE, 1)] == [15, 0] and obs["points"][ring(BLACK, 1)] == [0, 15]


def test_V3_chance_roll_decides_opener():
    """V3: chance roll decides opener."""
    s = start()
    assert s.current_player() == CHANCE
    assert sorted((a.notation, p) for a, p in s.chance_outcomes()) == [("black opens", 0.5), ("white opens", 0.5)]
    play(s, "black opens")
    assert s.current_player() == CHANCE  # the opener then rolls
    play(s, "roll 6-5")
    assert s.current_player() == BLACK


def test_V4_turns_alternate_with_a_roll():
    """V4: turns alternate with a roll."""
    s = play(start(), "white opens", "roll 2-1", "1/3", "1/2")
    assert s.current_player() == CHANCE
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 21 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    play(s, "roll 4-3")
    assert s.current_player() == BLACK


def test_V5_one_die_per_move_same_piece_may_take_both():
    """V5: one die per move same piece may take both."""
    s = play(start(), "white opens", "roll 6-5")
    assert legal(s) == ["1/6", "1/7"]
    play(s, "1/7")
    assert legal(s) == ["1/6", "7/12"]
    play(s, "7/12")
    assert s.board[WHITE][12] == 1 and s.board[WHITE][7] == 0


def test_V5_every_intermediate_landing_must_be_legal():
    """V5: every intermediate landing must be legal."""
    # 1 -> 12 by 6+5 needs 7 or 6 on the way; both hold a White piece (V10), so no piece leaves point 1
    s = pos({"1": 1, "6": 1, "7": 1}, dice=(6, 5))
    assert not any(n.startswith("1/") for n in legal(s))


def test_V6_doubles_give_four_moves():
    """V6: doubles give four moves."""
    s = play(start(), "white opens", "roll 3-3")
    assert s.dice == [3, 3, 3, 3]
    play(s, "1/4", "4/7", "7/10", "1/4")
    assert s.current_player() == CHANCE and s.turn == BLACK


def test_V7_pieces_only_move_forward():
    """V7: pieces only move forward."""
    s = pos({"1": 5, "14": 3, "20": 2}, dice=(4, 2))
    for a in s.legal_actions():
        f, t = a.notation.rstrip("*").split("/")
        assert int(f) < int(t)


def test_V8_two_opposing_pieces_block():
    """V8: two opposing pieces block."""
    s = pos({"7": 1}, {"22": 2, "24": 13}, dice=(3, 1))  # Black's 22 is White's 10
    assert "7/10" not in legal(s) and "7/8" in legal(s)


def test_V9_lone_opposing_piece_is_hit():
    """V9: lone opposing piece is hit."""
    s = pos({"5": 1, "20": 14}, {"21": 1, "24": 14}, dice=(4, 1))  # Black's 21 is White's 9
    assert "5/9*" in legal(s)
    play(s, "5/9*")
    assert s.bar[BLACK] == 1 and s.board[BLACK][21] == 0 and s.board[WHITE][9] == 1


def test_V10_no_two_own_pieces_on_points_2_to_12():
    """V10: no two own pieces on points 2 to 12."""
    s = pos({"3": 1, "5": 1, "20": 13}, dice=(2, 1))
    assert "3/5" not in legal(s) and "3/4" in legal(s)
    with pytest.raises(IllegalAction):
        s.apply("3/5")


def test_V11_point_1_may_hold_many_including_reentry():
    """V11: point 1 may hold many including reentry."""
    s = pos({"1": 10, "bar": 1, "20": 4}, dice=(2, 1))
    assert "bar/1" in legal(s)
    play(s, "bar/1")
    assert s.board[WHITE][1] == 11


def test_V12_hitting_on_own_first_twelve_is_allowed():
    """V12: hitting on own first twelve is allowed."""
    s = pos({"1": 2, "20": 13}, {"16": 1, "24": 14}, dice=(3, 1))  # Black's 16 is White's 4
    assert "1/4*" in legal(s)


def test_V13_reentry_before_any_other_move():
    """V13: reentry before any other move."""
    s = pos({"bar": 1, "1": 5, "14": 9}, dice=(4, 2))
    assert all(n.startswith("bar/") for n in legal(s))


def test_V14_reentry_with_one_die_hitting_allowed_and_rest_lost():
    """V14: reentry with one die hitting allowed and rest lost."""
    s = pos({"bar": 1, "20": 14}, {"16": 1, "24": 14}, dice=(4, 2))
    assert "bar/4*" in legal(s) and "bar/2" in legal(s)
    # no entry at all: the whole roll is lost and the turn passes
    s = pos({"bar": 2, "20": 13}, {"17": 2, "18": 2, "24": 11}, turn="white")
    s.turn, s.dice = WHITE, []
    s.apply("roll 6-5")
    assert s.turn == BLACK and s.current_player() == CHANCE and s.lost == [6, 5]
    # one enters, the second cannot: the rest of the roll is lost
    s = pos({"bar": 2, "20": 13}, {"18": 2, "24": 13})  # White's 6 is blocked
    s.turn, s.dice = WHITE, []
    s.apply("roll 6-5")
    assert legal(s) == ["bar/5"]
    s.apply("bar/5")
    assert s.turn == BLACK and s.lost == [6]


def test_V15_entered_piece_may_use_the_other_die():
    """V15: entered piece may use the other die."""
    s = pos({"bar": 1, "1": 14}, dice=(4, 2))
    play(s, "bar/4")
    assert "4/6" in legal(s)


def test_V16_bear_off_only_when_all_home():
    """V16: bear off only when all home."""
    s = pos({"18": 1, "19": 14}, dice=(6, 1))
    assert not any(n.endswith("/off") for n in legal(s))
    s = pos({"19": 14, "bar": 1}, dice=(6, 1))
    assert not any(n.endswith("/off") for n in legal(s))
    s = pos({"19": 15}, dice=(6, 1))
    assert "19/off" in legal(s)


def test_V17_exact_numbers_only():
    """V17: exact numbers only."""
    s = pos({"24": 15}, turn="white")
    s.turn, s.dice = WHITE, []
    s.apply("roll 6-5")  # a higher die never bears off from 24: nothing can move
    assert s.turn == BLACK and s.lost == [6, 5]
    s = pos({"21": 2, "23": 1}, dice=(4, 2))
    assert legal(s) == ["21/23", "21/off", "23/off"]


def test_V18_larger_die_when_only_one_can_be_used():
    """V18: larger die when only one can be used."""
    # 19/off uses the 6 and then the 5 has no move; 19/24 uses the 5 and then the 6 has none
    s = pos({"19": 1, "21": 1}, dice=(6, 5))
    assert legal(s) == ["19/off"]


def test_V19_as_many_dice_as_possible():
    """V19: as many dice as possible."""
    s = pos({"19": 1, "20": 1}, dice=(6, 5))
    assert legal(s) == ["19/off", "20/off"]  # 19/24 would leave the 6 unplayable
    s = play(start(), "white opens", "roll 6-6")
    assert legal(s) == ["1/7"]
    play(s, "1/7")  # 7/13 is blocked by Black's start stack and 1/7 by V10: three sixes are lost
    assert s.turn == BLACK and s.lost == [6, 6, 6]


def test_V20_notation_unique_and_round_trips():
    """V20: notation unique and round trips."""
    s = pos({"bar": 1, "21": 1, "19": 13}, {"16": 1, "1": 14}, dice=(4, 4))
    notations = legal(s)
    assert notations == ["bar/4*"] and len(set(notations)) == len(notations)
    play(s, "bar/4*", "4/8", "8/12", "12/16")
    s = pos({"21": 1, "20": 14}, dice=(6, 1))
    assert legal(s) == ["20/21", "21/22"]  # a 6 bears off from neither 20 nor 21 (V17)
    s = pos({"21": 15}, dice=(4, 3))
    assert legal(s) == ["21/24", "21/off"]
    for a in s.legal_actions():
        assert s.find_action(a.notation) is a
        assert a.targets[0] == "r20" and a.targets[1] in ("r23", "off-0")


def test_V21_first_to_bear_off_all_wins():
    """V21: first to bear off all wins."""
    s = pos({"24": 1}, dice=(1, 2))
    play(s, "24/off")
    assert s.current_player() == TERMINAL and s.is_terminal()
    assert s.returns() == [1.0, -1.0] and s.legal_actions() == []
    with pytest.raises(IllegalAction):
        s.apply("roll 1-1")


# ----- ruleset = ludii ----------------------------------------------------------------------------------
def test_V30_ludii_white_always_opens():
    """V30: ludii white always opens."""
    s = start("ludii")
    assert s.current_player() == CHANCE
    assert all(a.notation.startswith("roll ") for a, _ in s.chance_outcomes())
    play(s, "roll 6-5")
    assert s.current_player() == WHITE


def test_V31_ludii_own_first_twelve_only_when_empty():
    """V31: ludii own first twelve only when empty."""
    s = pos({"1": 2, "20": 13}, {"16": 1, "24": 14}, dice=(3, 1), ruleset="ludii")  # lone Black on White's 4
    assert "1/4*" not in legal(s) and "1/2" in legal(s)
    s = pos({"13": 1, "20": 14}, {"2": 1, "24": 14}, dice=(1, 3), ruleset="ludii")  # White's 14: second half
    assert "13/14*" in legal(s)


def test_V32_ludii_any_order_no_maximal_or_larger_die_rule():
    """V32: ludii any order no maximal or larger die rule."""
    s = pos({"19": 1, "20": 1}, dice=(6, 5), ruleset="ludii")
    assert "19/24" in legal(s)
    play(s, "19/24")
    assert s.turn == BLACK and s.lost == [6]  # the 6 is simply lost
    s = pos({"19": 1, "21": 1}, dice=(6, 5), ruleset="ludii")
    assert legal(s) == ["19/24", "19/off"]


def test_V33_ludii_reentry_without_priority_onto_empty_points():
    """V33: ludii reentry without priority onto empty points."""
    s = pos({"bar": 1, "1": 5, "14": 9}, {"16": 1, "24": 14}, dice=(4, 2), ruleset="ludii")
    notations = legal(s)
    assert "14/18" in notations and "bar/2" in notations
    assert "bar/4*" not in notations  # no hit on entry
    s = pos({"bar": 1, "1": 5, "20": 9}, dice=(1, 2), ruleset="ludii")
    assert "bar/1" not in legal(s)  # own pieces still on point 1
    s = pos({"bar": 1, "19": 14}, dice=(6, 5), ruleset="ludii")
    assert "19/off" not in legal(s)  # a waiting piece prevents bearing off


def test_V34_ludii_doubles_turn_ending_early_does_not_touch_next_roll():
    """V34: ludii doubles turn ending early does not touch next roll."""
    s = pos({"21": 1, "24": 1}, dice=(3, 3), ruleset="ludii")
    play(s, "21/24")
    assert s.turn == BLACK and s.current_player() == CHANCE
    play(s, "roll 2-1")
    assert s.dice == [2, 1]


def test_V35_the_roll_limit_ends_the_game_on_pips():
    """V35: when the 1,000th roll's turn is over with no winner, fewer pips wins; equal pips draws; the
    declared max_game_length covers the opening and five actions per roll, and loading a position past
    the limit is refused."""
    from pygames.core import InvalidState, State
    from pygames.verquere.rules import MAX_GAME_LENGTH, MAX_ROLLS
    assert MAX_GAME_LENGTH == 1 + 5 * MAX_ROLLS == GAME.max_length({"ruleset": "text"})
    s = pos({"19": 1}, {"1": 15}, dice=(2, 1), rolls=MAX_ROLLS)
    play(s, "19/21")
    assert not s.is_terminal()
    play(s, "21/22")  # the turn of the last roll is over: White has fewer pips (3 against 360)
    assert s.is_terminal() and s.limit and s.winner == WHITE and s.returns() == [1.0, -1.0]
    assert "V35" in s.result_text()
    again = State.from_json(s.to_json())
    assert again == s and again.is_terminal()
    # one roll earlier the game goes on
    s = pos({"19": 1}, {"1": 15}, dice=(2, 1), rolls=MAX_ROLLS - 1)
    play(s, "19/21", "21/22")
    assert s.current_player() == CHANCE and not s.limit
    # equal pips (3 each): a draw; Black with fewer pips wins
    s = pos({"19": 1}, {"22": 1}, dice=(2, 1), rolls=MAX_ROLLS)
    play(s, "19/21", "21/22")
    assert s.is_terminal() and s.limit and s.winner is None and s.returns() == [0.0, 0.0]
    s = pos({"19": 1}, {"23": 1}, dice=(2, 1), rolls=MAX_ROLLS)
    play(s, "19/21", "21/22")
    assert s.is_terminal() and s.winner == BLACK
    d = s.to_json()
    d["state"]["rolls"] = MAX_ROLLS + 1
    with pytest.raises(InvalidState):
        State.from_json(d)


def test_V35_fast_playout_keeps_the_limit():
    """V35: the engine's fast playout ends at the roll limit too."""
    import random
    from pygames.verquere.rules import MAX_ROLLS
    s = pos({"1": 15}, {"1": 15}, dice=(3, 1), rolls=MAX_ROLLS - 2)
    s.fast_playout(random.Random(1))
    assert s.is_terminal() and s.limit and s.rolls == MAX_ROLLS
