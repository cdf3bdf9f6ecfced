"""Test helpers every game's tests share (each game's ``tests/<game>/helpers.py`` adds its positions)."""
from __future__ import annotations


def legal(state) -> list[str]:
    """The notations of ``state``'s legal actions, sorted."""
    return sorted(a.notation for a in state.legal_actions())


def play(state, *notations: str):
    """Apply ``notations`` in order (each checked) and return ``state``."""
    for n in notations:
        state.apply(n)
    return state


def drawn_as_drawn_from_lists(game, options: dict, seeds, visit=None) -> int:
    """Check a game's own ``pick_random`` (issue 19's speed work) against the protocol's lists: at every
    node of the seeded random games ``seeds``, for every ``k`` the action drawn for ``randrange(n) = k`` is
    ``legal_actions()[k]`` of a fresh copy (nothing kept; ``n`` its length) at a decision, and at a chance
    node the outcome ``pick(chance_outcomes(), u)`` for ``u`` at, just under and just over each running
    sum; and the game drawn through ``pick_random`` equals the game drawn from the lists, state for state.
    ``visit(state)``, if given, runs at every node (a game's own checks). Returns the decisions checked."""
    import math
    import random

    from pygames.core.state import pick

    class Fixed(random.Random):  # a subclass: pick_random draws with randrange, not _randbelow
        def __init__(self, k=0, n=None, u=0.0):
            super().__init__(0)
            self.k, self.n, self.u = k, n, u

        def randrange(self, n):
            assert self.n is None or n == self.n, (n, self.n)
            return self.k

        def random(self):
            return self.u

    decisions = 0
    for seed in seeds:
        s, t = game.new_initial_state(options), game.new_initial_state(options)
        ra, rb = random.Random(seed), random.Random(seed)
        while not s.is_terminal():
            fresh = s.clone()
            if visit is not None:
                visit(s)
            if s.is_chance_node():
                outs, acc, us = fresh.chance_outcomes(), 0.0, [0.0, 0.5]
                for _a, pr in outs:
                    acc += pr
                    us += [u for u in (acc, math.nextafter(acc, 0.0), math.nextafter(acc, 2.0)) if u < 1.0]
                for u in us:
                    assert s.pick_random(Fixed(u=u)) == pick(outs, u), u
            else:
                acts = fresh.legal_actions()
                for k, a in enumerate(acts):
                    b = s.pick_random(Fixed(k, len(acts)))
                    assert b == a and b.alike == a.alike, (k, a, b)
                decisions += 1
            x = s.pick_random(ra)
            y = pick(t.chance_outcomes(), rb.random()) if t.is_chance_node() else \
                t.legal_actions()[rb.randrange(len(t.legal_actions()))]
            assert x == y
            s.apply(x)
            t.apply(y)
        assert s.history == t.history and s._state_json() == t._state_json()
    return decisions
