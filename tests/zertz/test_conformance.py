"""ZÈRTZ passes the conformance kit with its invariants: every marble in exactly one place (pool, a
ring, a player's captures), rings only ever removed, and no full group left on the board (Z14)."""
import pytest

from pygames.zertz import logic
from pygames.zertz.rules import POOLS, wins_with

from ..conformance import check_game


def invariants():
    prev: list = []

    def check(s):
        start = POOLS[s.pool_kind]
        for c in range(3):
            on_board = sum(1 for r, m in zip(s.ring, s.marbles) if r and m == c + 1)
            assert s.pool[c] + on_board + s.captures[0][c] + s.captures[1][c] == start[c]
        assert all(r or not m for r, m in zip(s.ring, s.marbles)), "a marble on a removed ring"
        if prev and s.history[:len(prev[1])] == prev[1]:  # later in the same game
            assert all(b or not a for a, b in zip(s.ring, prev[0])), "a removed ring came back"
        prev[:] = [list(s.ring), list(s.history)]
        assert not logic.isolated_groups(s.ring, s.marbles, s.L.nb)
        if s.result is None:
            assert not any(wins_with(c, s.pool_kind) for c in s.captures)
        elif s.reason == "set":
            assert wins_with(s.captures[s.result], s.pool_kind)
    return check


@pytest.mark.parametrize("options", [{}, {"pool": "blitz"}, {"board": "48 rings"},
                                     {"board": "61 rings", "pool": "blitz"}])
def test_zertz_conformance(options):
    finals = check_game("zertz", options, range(3), invariants(), every=2)
    assert all(f.is_terminal() for f in finals)


def test_every_game_ends_with_a_reason():
    import random

    from pygames.core import get_game
    g = get_game("zertz")
    reasons = set()
    for seed in range(60):
        s = g.new_initial_state({"pool": "blitz"} if seed % 2 else {})
        rng = random.Random(seed)
        while not s.is_terminal():
            acts = s.legal_actions()
            s.apply(acts[rng.randrange(len(acts))])
        reasons.add(s.reason)
        assert s.reason in ("set", "filled", "stuck", "repetition")
    assert "set" in reasons
