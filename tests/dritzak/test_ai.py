"""The Dritzak bot: decides from its own observation (determinized search) and plays legal moves."""
import random

from pygames.core.bots import MCTSBot, random_action
from pygames.dritzak import ai

from .helpers import GAME


def test_bot_plays_legal_moves_in_every_phase():
    s = GAME.new_initial_state({"players": 3, "skip": True})
    rng = random.Random(2)
    bot = MCTSBot(iterations=15, depth=4, seconds=1.0, seed=1)
    phases = set()
    for _ in range(120):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply(random_action(s, rng))
            continue
        phases.add(s.phase)
        a = bot.step(s)
        assert a.notation in {x.notation for x in s.legal_actions()}
        s.apply(a)
    assert {"choose", "play"} <= phases


def test_evaluate_and_policy():
    s = GAME.new_initial_state({"players": 4})
    rng = random.Random(0)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(random_action(s, rng))
        else:
            v = ai.evaluate(s)
            assert len(v) == 4 and all(-1 <= x <= 1 for x in v)
            a = ai.rollout_policy(s, rng)
            assert a in s.legal_actions()
            s.apply(a)
    assert ai.evaluate(s) == s.returns()
