"""The bot's evaluation and playout policy stay within the protocol."""
import random

from pygames.zertz import ai

from .helpers import GAME, play


def test_evaluation_and_policy_along_random_games():
    rng = random.Random(3)
    for _ in range(5):
        s = GAME.new_initial_state()
        while not s.is_terminal():
            v = ai.evaluate(s)
            assert -1 <= v[0] <= 1 and abs(v[0] + v[1]) < 1e-9
            a = ai.rollout_policy(s, rng)
            assert a in s.legal_actions()
            s.apply(a)
        assert ai.evaluate(s) == s.returns()


def test_evaluation_counts_the_movers_forced_capture():
    s = play(GAME.new_initial_state(), "Wd4,a1", "Gd5,g4")  # Player 1 must capture now
    assert ai.evaluate(s)[0] > 0
    assert ai.race([4, 0, 0], "standard") == 1.0 and ai.race([0, 0, 0], "blitz") == 0.0
