"""Random draws (issue 19's speed work): ``pick_random`` draws exactly what the protocol's lists give, so a
seed plays the same game however the action is found (V5 rolls, V7–V19 and V32 steps)."""
import random

import pytest

from pygames.core.state import pick
from pygames.verquere.rules import _ROLL_CUMULATIVE, _ROLL_OUTCOMES

from .helpers import GAME


@pytest.mark.parametrize("ruleset", ["text", "ludii"])
def test_drawn_step_is_the_listed_one(ruleset):
    """At every decision of seeded random games, ``_draw_legal`` gives ``legal_actions()[k]`` for every
    ``k`` (the same object), and games drawn through ``pick_random`` equal games drawn from the lists."""
    decisions = 0
    for seed in range(12):
        s = GAME.new_initial_state({"ruleset": ruleset})
        rng = random.Random(seed)
        while not s.is_terminal():
            if not s.is_chance_node():
                fresh = s.clone()  # no kept steps: _draw_legal works them out
                acts = s.legal_actions()
                for k, b in enumerate(acts):
                    assert s._draw_legal(lambda n, k=k: k if n == len(acts) else -1) is b
                    assert fresh._draw_legal(lambda n, k=k: k if n == len(acts) else -1) is b
                decisions += 1
                s.apply(acts[rng.randrange(len(acts))])
            else:
                s.apply(pick(s.chance_outcomes(), rng.random()))
        a, b = GAME.new_initial_state({"ruleset": ruleset}), GAME.new_initial_state({"ruleset": ruleset})
        ra, rb = random.Random(seed), random.Random(seed)
        while not a.is_terminal():
            x = a.pick_random(ra)
            if b.is_chance_node():
                y = pick(b.chance_outcomes(), rb.random())
            else:
                y = b.legal_actions()[rb.randrange(len(b.legal_actions()))]
            assert x is y
            a.apply(x)
            b.apply(y)
        assert a.history == b.history
    assert decisions > 1000


def test_drawn_roll_is_the_summed_one():
    """V5: the roll ``pick_random`` bisects for ``u`` is the one :func:`pick` finds by summing the
    probabilities, also at and just around every cumulative boundary."""
    s = GAME.new_initial_state({"ruleset": "text"})
    s.apply("white opens")
    assert s.is_chance_node()
    us = [k / 1000 for k in range(1000)]
    for c in _ROLL_CUMULATIVE:
        us += [c, min(c, 0.9999999999999999), c - 1e-15, c + 1e-15]
    us = [u for u in us if 0 <= u < 1]

    class Fixed(random.Random):
        def random(self):
            return self.u

    r = Fixed()
    for u in us:
        r.u = u
        assert s.pick_random(r) is pick(list(_ROLL_OUTCOMES), u), u
