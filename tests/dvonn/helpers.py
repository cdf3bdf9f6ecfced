"""Shared helpers of the DVONN tests: positions from pictures, readable legal lists, EveryBoard's start."""
from pygames.core import get_game
from pygames.dvonn.rules import DvonnState
from ..helpers import legal, play  # noqa: F401  (shared by every game's tests)

GAME = get_game("dvonn")

BALANCED = ["W B B B W W B D B",
            "B B W W W B B W B B",
            "B B B B W D B W W W W",
            "W W B W W B B B W W",
            "W D W B B W W W B"]
"""EveryBoard's ``balancedBoard()`` (``DvonnState.ts``), row 5 first, in our coordinates."""

BALANCED_PLACEMENTS = ["b1", "f3", "j5", "a3", "a1", "b3", "a2", "b4", "b2", "c2", "c1", "c3", "c5", "c4", "d2",
                       "d1", "d4", "d3", "e2", "d5", "e3", "e1", "e4", "e5", "f1", "f2", "f4", "f5", "g1", "g2",
                       "g5", "g3", "h1", "g4", "h3", "h2", "h5", "h4", "i2", "i1", "i3", "i5", "i4", "j4", "j2",
                       "k4", "j3", "k5", "k3"]
"""A placement phase (N3) that ends on the balanced board."""


def pos(rows, turn=0, removed=None) -> DvonnState:
    """A phase-2 position from a picture (see DvonnState.from_board)."""
    return DvonnState.from_board(GAME, list(rows), turn=turn, removed=removed)


def new(**options) -> DvonnState:
    return GAME.new_initial_state(options)


def drawn_as_listed(game, seeds: int) -> int:
    """Check a game's ``_draw_legal`` (the hook of ``State.pick_random``) against its legal list: at
    every decision of ``seeds`` seeded random games, for every index ``k``, the drawn action is exactly
    ``legal_actions()[k]``; and games drawn through ``pick_random`` equal games drawn from the built
    list. Returns the number of decisions checked (DVONN and Dvertz share it)."""
    import random
    positions = 0
    for seed in range(seeds):
        rng, ra, rb = random.Random(seed), random.Random(seed), random.Random(seed)
        s, t = game.new_initial_state(), game.new_initial_state()
        while not s.is_terminal():
            acts = s.legal_actions()
            positions += 1
            for k, b in enumerate(acts):
                assert s._draw_legal(lambda n, k=k: k if n == len(acts) else -1) == b
            s.apply(acts[rng.randrange(len(acts))])
        while not t.is_terminal():
            x = t.pick_random(ra)
            assert x == t.legal_actions()[rb.randrange(len(t.legal_actions()))]
            t.apply(x)
    return positions
