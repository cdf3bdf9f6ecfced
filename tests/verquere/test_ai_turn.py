"""The computer levels' whole-turn search (pygames/verquere/ai_turn.py): every way to play a roll is
tried, and the plain decisions come out right."""
import random

import pytest

from pygames.core.bots import random_action
from pygames.core.errors import PygamesError
from pygames.verquere import ai_turn

from .helpers import GAME, pos


def _ends_by_protocol(s) -> set:
    """The positions the mover can reach by the end of the roll, through legal_actions (V5, V18, V19,
    V32): the rules' own answer, to check the search against."""
    pl, out = s.turn, set()

    def walk(t):
        if t.is_terminal() or t.turn != pl or t.is_chance_node():
            out.add((tuple(t.board[0]), tuple(t.board[1]), tuple(t.bar), tuple(t.off)))
            return
        for a in t.legal_actions():
            walk(t.child(a.notation))

    walk(s)
    return out


@pytest.mark.parametrize("ruleset", ["text", "ludii"])
def test_turn_ends_are_exactly_the_rolls_legal_plays(ruleset):
    """V5, V6, V18, V19 (ludii V32): the search's final positions are exactly those legal play reaches."""
    rng = random.Random(7)
    s = GAME.new_initial_state({"ruleset": ruleset})
    checked = 0
    while not s.is_terminal() and checked < 25:
        if not s.is_chance_node() and len(s.legal_actions()) > 1 and rng.random() < 0.3:
            got = {(tuple(e.board[0]), tuple(e.board[1]), tuple(e.bar), tuple(e.off))
                   for _, _, e in ai_turn.turn_ends(s)}
            assert got == _ends_by_protocol(s)
            checked += 1
        s.apply(random_action(s, rng))
    assert checked >= 10


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_bears_off_its_last_piece(level):
    """V17, V21: with one piece left on point 24 and a 1 to play, every level bears it off and wins."""
    s = pos({"24": 1}, {"1": 15}, dice=(3, 1))
    bot = ai_turn.make_level_bot(level, seed=1, cap=False)
    assert bot.step(s).notation == "24/off"


def test_medium_hits_a_piece_far_along():
    """V9: a lone Black piece on Black's point 22 (White's 10) can be hit from White's 5 with a 5: it
    sends the piece back 22 points, so medium takes it rather than a quiet move."""
    s = pos({"1": 13, "5": 1, "14": 1}, {"1": 13, "22": 1, "off": 1}, dice=(5, 2))
    bot = ai_turn.make_level_bot("medium", seed=3, cap=False)
    first = bot.step(s)
    s.apply(first)
    second = bot.step(s)
    assert "5/10*" in (first.notation, second.notation)


def test_unknown_level_is_refused():
    with pytest.raises(PygamesError):
        ai_turn.make_level_bot("grandmaster")


def test_hard_values_a_wall_of_held_points_in_the_ludii_ruleset():
    """V31: on the opponent's first twelve (our 13-24) they may land only on empty points, so hard (Ludii)
    counts the square of our longest run of held points there; the text's rules and the other levels do
    not. Pieces on 14, 15, 16, 17 (a run of four) against 14, 16, 18, 20 (runs of one)."""
    wall = {"1": 11, "14": 1, "15": 1, "16": 1, "17": 1}
    spread = {"1": 11, "14": 1, "16": 1, "18": 1, "20": 1}
    s, t = pos(wall, ruleset="ludii"), pos(spread, ruleset="ludii")
    assert ai_turn._run(s, 0) == 4 and ai_turn._run(t, 0) == 1
    gain = ai_turn.position_value(s, 0, 1.0, ai_turn.PRIME) - ai_turn.position_value(s, 0, 1.0)
    assert gain == ai_turn.PRIME * 16  # Black, all on its point 1, holds no run on its own side
    text = pos(wall, ruleset="text")
    assert ai_turn.position_value(text, 0, 1.0, ai_turn.PRIME) == ai_turn.position_value(text, 0, 1.0)
    assert ai_turn.LEVELS["hard"][2] == ai_turn.PRIME and ai_turn.LEVELS["medium"][2] == 0.0
