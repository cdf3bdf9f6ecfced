"""Duerror Grandis rule tests: each names the rule id of docs/rules/duerror_grandis.md it checks."""
import pytest

from pygames.core import CHANCE, IllegalAction, State
from pygames.duerror_grandis.boards import NUMBER, parse_square
from pygames.duerror_grandis.rules import MAX_ROUNDS

from .helpers import legal, play, pos, start, where

SETUP3 = ("first Player 1", "colour Red", "board 1", "start thete", "colour Blue", "board 2", "start ephebe",
          "colour Green", "board 3", "start melliran")


def test_G4_opening_roll_decides_first_then_seat_order():
    """G4: each player equally likely to be first; then play goes round in seat order from them."""
    s = start(3)
    assert s.current_player() == CHANCE
    outs = s.chance_outcomes()
    assert sorted(a.notation for a, _ in outs) == ["first Player 1", "first Player 2", "first Player 3"]
    assert all(abs(p - 1 / 3) < 1e-12 for _, p in outs)
    play(s, "first Player 3")
    order = []
    for b, c in ((4, "Red"), (5, "Blue"), (6, "Green")):
        order.append(s.current_player())
        play(s, f"colour {c}", f"board {b}", "start thete")
    assert order == [2, 0, 1]
    turns = []
    for _ in range(4):
        turns.append(s.current_player())
        play(s, "keep")
        nxt = next(a.notation for a in s.legal_actions() if a.notation.startswith("enter") or "-" in a.notation)
        play(s, nxt)
    assert turns == [2, 0, 1, 2]


def test_G5_tokens_one_each_and_one_in_the_bank_public():
    """G5: players start with one token, the bank with one; every viewer sees every count."""
    s = start(4)
    assert s.tokens == [1, 1, 1, 1] and s.bank == 1
    for p in (None, 0, 1, 2, 3):
        obs = s.observation(p)
        assert obs["tokens"] == [1, 1, 1, 1] and obs["bank"] == 1


def test_G6_boards_in_turn_order_no_two_alike_and_free_first_piece():
    """G6: boards chosen in turn order among those left; the starting piece is free."""
    s = play(start(3), "first Player 2", "colour Blue")
    assert legal(s) == [f"board {b}" for b in range(1, 10)]
    assert [a.targets for a in s.legal_actions()][0] == ("board-1",)
    play(s, "board 4")
    assert s.current_player() == 1 and legal(s) == ["start ephebe", "start melliran", "start thete"]
    play(s, "start melliran")
    play(s, "colour Green")
    assert s.current_player() == 2 and "board 4" not in legal(s) and len(legal(s)) == 8
    play(s, "board 1", "start ephebe", "colour Red", "board 9", "start thete")
    assert s.tokens == [1, 1, 1] and s.bank == 1
    assert s.boards == [8, 3, 0] and s.part == "formactus" and s.current_player() == 1
    with pytest.raises(IllegalAction):
        play(start(2), "first Player 1", "colour Red", "board 2", "start thete", "colour Blue", "board 2")


def test_G7_pieces_start_off_and_enter_on_square_n():
    """G7: off the board at first; a move of n from off the board ends on square n of the path."""
    s = play(start(3), *SETUP3)
    assert all(where(s, p) == "off" for p in range(3))
    play(s, "keep")
    assert "enter I1" in legal(s)  # thete on the Serpent: square 9 is I1
    play(s, "enter I1")
    assert where(s, 0) == "I1" and s.number(0, s.pieces[0][0][1]) == 9
    play(s, "keep")
    assert "enter E1" in legal(s)  # ephebe on the Spiral: square 5 is E1
    play(s, "enter E1", "keep")
    assert "enter A1" in legal(s)  # melliran on the Meander: square 1 is A1


def test_G8_formactus_keep_pay_or_roll():
    """G8: keep, pay one token to the bank to change, or roll; no paying without a token."""
    s = pos([[("thete", "A5")], [("thete", "I9")]], tokens=[1, 0], bank=1)
    assert s.part == "formactus"
    assert legal(s) == ["keep", "pay ephebe", "pay melliran", "roll"]
    play(s, "pay melliran")
    assert s.pieces[0][0][0] == "melliran" and s.tokens == [0, 0] and s.bank == 2
    s = pos([[("thete", "A5")], [("thete", "I9")]], tokens=[0, 0], bank=3)
    assert legal(s) == ["keep", "roll"]


def test_G9_odd_roll_changes_free_even_roll_forbids_change():
    """G9: odd: change free (or keep); even: no change this turn, not even by paying."""
    s = pos([[("thete", "A5")], [("thete", "I9")]], tokens=[1, 1])
    play(s, "roll")
    assert s.current_player() == CHANCE and sorted(a.notation for a, _ in s.chance_outcomes()) == [
        f"d6 {k}" for k in range(1, 7)]
    play(s, "d6 3")
    assert legal(s) == ["change ephebe", "change melliran", "keep"]
    play(s, "change ephebe")
    assert s.pieces[0][0][0] == "ephebe" and s.tokens == [1, 1] and s.part == "move"
    s = pos([[("thete", "A5")], [("thete", "I9")]], tokens=[1, 1])
    play(s, "roll", "d6 4")
    assert s.part == "move" and s.pieces[0][0][0] == "thete"
    assert not any(n.startswith(("pay", "change")) for n in legal(s))


def test_G10_flictus_only_when_a_take_is_possible():
    """G10: with no take possible the turn goes straight from formactus to flexus and fluctus."""
    s = pos([[("ephebe", "A1")], [("thete", "I9")]])
    play(s, "keep")
    assert s.part == "move"
    s = pos([[("ephebe", "A1")], [("thete", "C3")]])
    play(s, "keep")
    assert s.part == "flictus" and "take C3" in legal(s)


def test_G11_thete_never_takes_and_moves_nine():
    """G11: a thete cannot take, not even a piece on its own square; it moves exactly 9."""
    s = pos([[("thete", "E5")], [("thete", "E5")]])  # Serpent: E5 is 41
    play(s, "keep")
    assert s.part == "move"
    assert "E5-E6" in legal(s)  # 41 + 9 = 50 is E6 (row 6 runs right to left)
    assert NUMBER[0][parse_square("E6")] == 50


def test_G12_ephebe_takes_in_its_five_by_five_block_and_moves_five():
    """G12: ephebe takes within the 5x5 block centred on it, its own square included; moves 5."""
    s = pos([[("ephebe", "E5")], [("thete", "C3")], [("thete", "G7")], [("thete", "E5")]])
    play(s, "keep")
    assert sorted(n for n in legal(s) if n.startswith("take")) == ["take C3", "take E5", "take G7"]
    s = pos([[("ephebe", "E5")], [("thete", "B5")], [("thete", "E8")], [("thete", "H2")]])
    play(s, "keep")
    assert s.part == "move" and "E5-I6" in legal(s)  # Serpent 41 + 5 = 46: row 6 runs right to left
    assert NUMBER[0][parse_square("I6")] == 46


def test_G13_melliran_takes_along_lines_jumping_and_moves_one():
    """G13: melliran takes along its row, column or diagonals at any distance, jumping over pieces,
    its own square included; it moves exactly 1."""
    s = pos([[("melliran", "E5")], [("thete", "A1")], [("thete", "E9")], [("thete", "H2")]])
    play(s, "keep")
    assert sorted(n for n in legal(s) if n.startswith("take")) == ["take A1", "take E9", "take H2"]
    s = pos([[("melliran", "E5")], [("thete", "F7")], [("thete", "E5")], [("thete", "B3")]])
    play(s, "keep")
    assert sorted(n for n in legal(s) if n.startswith("take")) == ["take E5"]
    # jumping: a piece on E6 does not shield one on E8
    s = pos([[("melliran", "E5")], [("thete", "E6")], [("thete", "E8")]])
    play(s, "keep")
    assert {"take E6", "take E8"} <= set(legal(s))
    play(s, "stop" if False else "spare")
    assert "E5-F5" in legal(s)  # Serpent 41 -> 42


def test_G14_a_take_swaps_squares_and_numbers_follow_each_path():
    """G14: the pieces change squares; each takes its new square's number on its own path."""
    s = pos([[("ephebe", "E5")], [("thete", "D4")]], boards=[1, 2])
    play(s, "keep", "take D4")
    assert where(s, 0) == "D4" and where(s, 1) == "E5"
    assert s.number(0, s.pieces[0][0][1]) == NUMBER[0][parse_square("D4")]
    assert s.number(1, s.pieces[1][0][1]) == 81  # E5 is the Spiral's end square


def test_G15_chained_takes_same_player_twice_and_stop():
    """G15: takes chain from each new square, the same player may be taken twice, and the taker may stop
    at any time."""
    s = pos([[("melliran", "A1")], [("thete", "A5")], [("thete", "E5")]])
    play(s, "keep")
    assert sorted(n for n in legal(s) if n.startswith("take")) == ["take A5", "take E5"]
    play(s, "take E5")  # melliran to E5, Green to A1
    assert where(s, 0) == "E5" and where(s, 2) == "A1"
    assert "take A5" in legal(s) and "stop" in legal(s) and "spare" not in legal(s)
    play(s, "take A5")  # melliran to A5, Blue to E5
    assert where(s, 0) == "A5" and where(s, 1) == "E5"
    play(s, "take A1")  # Green again, now on A1
    assert where(s, 0) == "A1" and where(s, 2) == "A5"
    play(s, "stop")
    assert s.part == "move" and s.tokens == [1, 1, 1]


def test_G37_retakes_allowed_but_no_position_of_the_chain_twice():
    """G37 (ruling 12): a piece may be taken again in the same chain, even on the same square, as long
    as the take does not bring back a position the chain's takes already reached; so a chain ends."""
    s = pos([[("melliran", "A1")], [("thete", "A5")], [("thete", "E5")]])
    play(s, "keep", "take A5", "take A1")  # Blue taken twice: back to the position flictus began with
    assert where(s, 0) == "A1" and where(s, 1) == "A5" and where(s, 2) == "E5"
    assert "take A5" not in legal(s)  # it would bring back the position of the first take
    play(s, "take E5")  # Green: melliran E5, Green A1, Blue A5
    assert "take A5" in legal(s)  # Blue on A5 again, but the other pieces stand elsewhere: a new position
    play(s, "take A5")
    assert where(s, 0) == "A5" and where(s, 1) == "E5" and where(s, 2) == "A1"
    # two pieces: take, take back, and the chain is over (every take left would repeat a position)
    s = pos([[("ephebe", "E5")], [("thete", "E6")]])
    play(s, "keep", "take E6")
    assert legal(s) == ["stop", "take E5"]
    play(s, "take E5")
    assert s.part == "move" and where(s, 0) == "E5" and where(s, 1) == "E6"


def test_G37_every_chain_ends():
    """G37: from crowded positions, chains of takes chosen at random always end (each take reaches a
    position the chain has not reached before, and there are finitely many)."""
    import random
    rng = random.Random(7)
    squares = ["D4", "D5", "E4", "E5", "E6", "F5", "F6"]
    for trial in range(60):
        pieces = [[("melliran" if q == 0 else rng.choice(["thete", "ephebe", "melliran"]), rng.choice(squares))]
                  for q in range(4)]
        s = pos(pieces)
        play(s, "keep")
        steps = 0
        while s.part == "flictus":
            takes = [n for n in legal(s) if n.startswith("take")]
            if not takes:
                break
            play(s, rng.choice(takes))
            steps += 1
            assert steps < 200
        assert steps < 200


def test_G38_after_taking_one_of_several_on_a_square_the_others_are_safe():
    """G38 (ruling 13): after taking one of two players who shared a square, the other cannot be taken
    in the same chain, though it stands on the taker's new square (basic game and Factiosus)."""
    s = pos([[("ephebe", "E5")], [("thete", "E6")], [("thete", "E6")]])
    play(s, "keep")
    assert {"take E6 Blue", "take E6 Green"} <= set(legal(s))
    play(s, "take E6 Blue")  # ephebe to E6 (with Green), Blue to E5
    assert legal(s) == ["stop", "take E5"]  # Green on E6 is not offered
    play(s, "take E5")  # Blue again: the ephebe back on E5, Green still on E6
    assert s.part == "move"  # Green stays barred, and taking Blue again would repeat a position
    s = pos([[("melliran", "E5"), ("thete", "A1"), ("ephebe", "off")],
             [("thete", "E7"), ("ephebe", "E7"), ("melliran", "off")]], factiosus=True)
    assert legal(s) == ["melliran take E7 Blue ephebe", "melliran take E7 Blue thete", "spare"]
    play(s, "melliran take E7 Blue thete")
    assert not any("ephebe" in n for n in legal(s))  # Blue's ephebe shared the square: safe this chain


def test_G16_misericordia_from_the_bank_else_a_chosen_victim_else_nothing():
    """G16: sparing earns a token from the bank; an empty bank: from a could-be victim with tokens."""
    s = pos([[("ephebe", "E5")], [("thete", "E6")], [("thete", "E7")]], tokens=[0, 1, 1], bank=1)
    play(s, "keep")
    assert "spare" in legal(s)
    play(s, "spare")
    assert s.tokens == [1, 1, 1] and s.bank == 0 and s.part == "move"
    s = pos([[("ephebe", "E5")], [("thete", "E6")], [("thete", "E7")], [("thete", "A1")]],
            tokens=[0, 1, 1, 1], bank=0)
    play(s, "keep")
    assert [n for n in legal(s) if n.startswith("spare")] == ["spare Blue", "spare Green"]  # not Gold
    play(s, "spare Green")
    assert s.tokens == [1, 1, 0, 1] and s.bank == 0
    s = pos([[("ephebe", "E5")], [("thete", "E6")]], tokens=[0, 0], bank=0)
    play(s, "keep", "spare")
    assert s.tokens == [0, 0] and s.bank == 0


def test_G17_at_most_one_token_and_none_after_a_take():
    """G17: one token at most in a turn, and none once the player has taken anyone."""
    s = pos([[("melliran", "E5")], [("thete", "E6")], [("thete", "E7")]], tokens=[0, 0, 0], bank=2)
    play(s, "keep", "take E6")
    assert not any(n.startswith("spare") for n in legal(s))
    play(s, "stop")
    assert s.tokens == [0, 0, 0] and s.bank == 2
    s = pos([[("melliran", "E5")], [("thete", "E6")], [("thete", "E7")]], tokens=[0, 0, 0], bank=2)
    play(s, "keep", "spare")
    assert s.tokens == [1, 0, 0] and s.bank == 1 and s.part == "move"


def test_G18_pieces_off_the_board_neither_take_nor_are_taken_and_sharing_is_harmless():
    """G18: off-board (and exited) pieces do not take or get taken; landing on others does nothing."""
    s = pos([[("melliran", "off")], [("thete", "A1")]])
    play(s, "keep")
    assert s.part == "move"
    s = pos([[("melliran", "A1")], [("thete", "off")]])
    play(s, "keep")
    assert s.part == "move"
    s = pos([[("melliran", "A1"), ("thete", "out"), ("ephebe", "I9")], [("thete", "off"), ("ephebe", "out"),
                                                                       ("melliran", "E9")]],
            factiosus=True)
    assert s.part == "move"  # nothing in reach: exited pieces are not on the board
    s = pos([[("thete", "A1")], [("thete", "I1")]])  # Serpent: A1 + 9 = A2? No: 1 + 9 = 10 is I2
    play(s, "keep", "A1-I2")
    s2 = pos([[("thete", "A1")], [("thete", "I2")]])
    play(s2, "keep", "A1-I2")
    assert where(s2, 0) == "I2" and where(s2, 1) == "I2"


def test_G19_any_number_of_paid_veers_before_moving():
    """G19: each veer costs one token to the bank; veering may be repeated while tokens last."""
    s = pos([[("thete", "A1")], [("thete", "I9")]], tokens=[2, 0], bank=0)
    play(s, "keep")
    assert "veer" in legal(s)
    play(s, "veer")
    assert s.tokens == [1, 0] and s.bank == 1 and s.current_player() == CHANCE
    play(s, "veer E5")
    assert where(s, 0) == "E5" and "veer" in legal(s)
    play(s, "veer", "veer C3")
    assert where(s, 0) == "C3" and s.tokens == [0, 0] and "veer" not in legal(s)
    play(s, "C3-G4")  # Serpent 21 + 9 = 30: row 4 runs right to left, 30 is G4
    assert s.current_player() == 1


def test_G20_two_d10_letter_then_number_ten_off_the_grid():
    """G20: a hundred equally likely outcomes; the first die the letter (J = 10), the second the number."""
    s = pos([[("thete", "A1")], [("thete", "I9")]])
    play(s, "keep", "veer")
    outs = s.chance_outcomes()
    assert len(outs) == 100 and all(abs(p - 0.01) < 1e-12 for _, p in outs)
    names = {a.notation for a, _ in outs}
    assert {"veer A1", "veer I9", "veer J1", "veer A10", "veer J10"} <= names
    play(s, "veer B7")
    assert where(s, 0) == "B7" and s.roll == ["d10", 2, 7, 0]


@pytest.mark.parametrize("dice,expected", [("veer G7", "G7"), ("veer J7", "D4"), ("veer G10", "D4"),
                                           ("veer J10", "A1")])
def test_G21_three_outcomes_of_a_veer(dice, expected):
    """G21: both dice on the grid: go there; only one: stay; none: back to square 1 of the path."""
    s = pos([[("thete", "D4")], [("thete", "I9")]])
    play(s, "keep", "veer", dice)
    assert where(s, 0) == expected
    s = pos([[("thete", "D4")], [("thete", "I9")]], boards=[2, 4])
    play(s, "keep", "veer", dice)
    assert where(s, 0) == expected  # the Spiral starts on A1 too
    s = pos([[("thete", "I9")], [("thete", "D4")]], boards=[4, 2])
    play(s, "keep", "veer", "veer J10")
    assert where(s, 0) == "I1"  # the Comb starts on I1


@pytest.mark.parametrize("dice,expected", [("veer C2", "C2"), ("veer C10", "off"), ("veer J2", "off"),
                                           ("veer J10", "A1")])
def test_G22_veering_from_off_the_board(dice, expected):
    """G22: a veer from off the board enters the same way (one die off the grid: stays off)."""
    s = pos([[("ephebe", "off")], [("thete", "I9")]])
    play(s, "keep", "veer", dice)
    assert where(s, 0) == expected


def test_G23_move_exactly_or_pay_to_stay():
    """G23: the piece moves exactly its distance, or the player pays a token to stay."""
    s = pos([[("ephebe", "A1")], [("thete", "I9")]], tokens=[1, 1], bank=1)
    play(s, "keep")
    assert legal(s) == ["A1-F1", "stay", "veer"]
    play(s, "stay")
    assert where(s, 0) == "A1" and s.tokens == [0, 1] and s.bank == 2 and s.current_player() == 1
    s = pos([[("ephebe", "A1")], [("thete", "I9")]], tokens=[0, 1], bank=1)
    play(s, "keep")
    assert legal(s) == ["A1-F1"]


def test_G24_no_move_near_the_end_stays_free():
    """G24: a move beyond 82 is impossible: the piece stays free (after a possible veer)."""
    s = pos([[("thete", "B9")], [("thete", "I1")]], tokens=[1, 1], bank=1)  # Serpent B9 = 74
    play(s, "keep")
    assert legal(s) == ["stay", "veer"]
    play(s, "stay")
    assert s.tokens == [1, 1] and s.current_player() == 1 and where(s, 0) == "B9"
    s = pos([[("thete", "B9")], [("thete", "I1")]], tokens=[0, 1], bank=1)
    play(s, "keep")
    assert s.current_player() == 1  # nothing to decide: the turn passes


def test_G25_exactly_one_beyond_the_end_wins():
    """G25: a move ending exactly on 82 wins, whatever the piece; square 81 alone does not."""
    s = pos([[("melliran", "I9")], [("thete", "B7")]])
    play(s, "keep")
    assert "I9-out" in legal(s)
    play(s, "I9-out")
    assert s.is_terminal() and s.returns() == [1.0, -1.0] and s.winner == 0
    s = pos([[("ephebe", "E9")], [("thete", "A1")]])  # Serpent E9 = 77: 77 + 5 = 82
    play(s, "keep", "E9-out")
    assert s.is_terminal() and s.winner == 0
    s = pos([[("thete", "A9")], [("thete", "A1")]])  # A9 = 73: 73 + 9 = 82
    play(s, "keep", "A9-out")
    assert s.is_terminal()
    s = pos([[("ephebe", "D9")], [("thete", "A1")]])  # D9 = 76: lands on 81, I9, no win
    play(s, "keep", "D9-I9")
    assert not s.is_terminal() and s.current_player() == 1


def test_G26_dead_positions_and_the_round_limit_end_the_game_ranked():
    """G26: when nobody can decide anything the game ends, as after MAX_ROUNDS rounds; most pieces
    out, then most progress, wins; equal players share."""
    s = pos([[("thete", "I9"), ("ephebe", "out"), ("melliran", "out")],
             [("thete", "E5"), ("ephebe", "out"), ("melliran", "out")]], boards=[1, 2],
            tokens=[0, 0], bank=2, factiosus=True)
    # Serpent I9 is 81 and the Spiral's E5 is 81: neither thete can ever move, take, or pay
    assert s.is_terminal() and s.returns() == [1.0, 1.0] and s.ending == "stuck"
    assert "No one can move any more" in s.result_text() and s.observation(0)["ending"] == "stuck"
    s = pos([[("thete", "H9")], [("thete", "A1")]], rnd=MAX_ROUNDS - 1, turn=1)
    play(s, "keep", "A1-I2")
    assert s.is_terminal() and s.returns() == [1.0, -1.0] and s.leaders() == [0]
    assert s.round == MAX_ROUNDS and State.from_json(s.to_json()) == s  # a game so ended saves and loads
    assert s.ending == "rounds" and "300 rounds" in s.result_text()


def test_G26_factiosus_stuck_game_ranked_by_exits_then_distance_left():
    """G26 (ruling 14): a whole round in which no one can do anything but stay ends a Factiosus game at
    once; most pieces out ranks first, then the least total distance to square 82 of the pieces left;
    the result says how it ended, not that someone won by the text."""
    # Serpent I9 = 81 (1 square from 82), Spiral E6 = 78 (4 from 82): neither thete can ever move again
    s = pos([[("thete", "I9"), ("ephebe", "out"), ("melliran", "out")],
             [("thete", "E6"), ("ephebe", "out"), ("melliran", "out")]], boards=[1, 2],
            tokens=[0, 0], bank=2, factiosus=True)
    # both have two out; Red's thete is nearer to 82: Red ranks first
    assert s.is_terminal() and s.ending == "stuck" and s.leaders() == [0] and s.returns() == [1.0, -1.0]
    assert s.result_text().startswith("No one can move any more")
    s = pos([[("thete", "out"), ("ephebe", "out"), ("melliran", "I9")],
             [("thete", "B1"), ("ephebe", "off"), ("melliran", "off")]], factiosus=True)
    play(s, "I9-out")
    assert s.is_terminal() and s.ending == "exit" and s.result_text() == ""


def test_G27_notation_uses_the_squares():
    """G27: the notations of the rules page's table are the engine's."""
    s = pos([[("ephebe", "E5")], [("thete", "E6")], [("thete", "E6")]])
    play(s, "keep")
    assert {"take E6 Blue", "take E6 Green", "spare"} == set(legal(s))
    assert all(a.targets == () for a in s.legal_actions())  # two victims on one square: buttons
    s = pos([[("ephebe", "E5")], [("thete", "E6")]])
    play(s, "keep")
    assert [a.targets for a in s.legal_actions() if a.notation == "take E6"] == [("sq-E6",)]
    s = pos([[("melliran", "E5"), ("thete", "A1"), ("ephebe", "off")], [("thete", "E6"), ("ephebe", "off"),
                                                                         ("melliran", "off")]], factiosus=True)
    assert legal(s) == ["melliran take E6", "spare"]
    assert [a.targets for a in s.legal_actions()][0] == ("sq-E5", "sq-E6")  # taker's square, then victim's
    play(s, "spare")
    assert {"veer thete", "stay thete", "A1-I2", "E5-F5", "enter E1"} <= set(legal(s))
    s = pos([[("melliran", "E5"), ("thete", "A1"), ("ephebe", "off")], [("thete", "E5"), ("ephebe", "off"),
                                                                         ("melliran", "off")]], factiosus=True)
    # a victim on the taker's own square (G13) is a button: a square cannot be clicked twice in a row
    assert [(a.notation, a.targets) for a in s.legal_actions()][0] == ("melliran take E5", ())
