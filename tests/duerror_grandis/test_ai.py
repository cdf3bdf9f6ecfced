"""The bot's evaluation, and a few decisions any player would make."""
import random

from pygames.core.bots import MCTSBot, random_action
from pygames.duerror_grandis import ai

from .helpers import GAME, play, pos


def test_evaluation_is_bounded():
    for opts in ({"players": 3}, {"players": 2, "factiosus": True}, {"players": 4, "caecus": True}):
        rng = random.Random(4)
        s = GAME.new_initial_state(opts)
        while not s.is_terminal():
            v = ai.evaluate(s)
            assert len(v) == s.n and all(-1 <= x <= 1 for x in v)
            s.apply(random_action(s, rng))
        assert ai.evaluate(s) == s.returns()


def test_bot_wins_when_it_can():
    s = pos([[("melliran", "I9")], [("thete", "B7")]])
    play(s, "keep")
    assert MCTSBot(iterations=60, depth=4, seed=1).step(s).notation == "I9-out"


def test_bot_takes_a_swap_far_ahead():
    """Red's ephebe on the Serpent's C1 (3) can swap with Blue on E3 (Serpent 23; the Spiral's 59, where
    C1 is Blue's 3): Red gains 20 squares and Blue loses 56, so a bot takes rather than spares."""
    s = pos([[("ephebe", "C1")], [("thete", "E3")]], boards=[1, 2])
    play(s, "keep")
    assert MCTSBot(iterations=200, depth=4, seed=2).step(s).notation == "take E3"
