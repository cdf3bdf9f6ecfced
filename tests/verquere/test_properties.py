"""Property tests (hypothesis): any sequence of legal choices keeps Verquere's invariants."""
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from pygames.core import State
from pygames.core.record import Record
from pygames.verquere.rules import PIECES, opp_point

from .helpers import GAME


def reference_steps(s, pl, dice):
    """Single-die steps spelled out with the readable predicates ``can_land`` and ``can_bear_off``
    (V7–V17, V31, V33): the hot loop ``_raw_steps`` must agree with it."""
    out = []
    if s.bar[pl]:
        out += [(0, d) for d in dice if s.can_land(pl, d)]
        if not s.ludii:
            return out
    for p in range(1, 25):
        if s.board[pl][p]:
            for d in dice:
                to = p + d
                if (to < 25 and s.can_land(pl, to)) or (to == 25 and s.can_bear_off(pl)):
                    out.append((p, d))
    return out


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["text", "ludii"]), st.lists(st.integers(0, 10_000), min_size=1, max_size=300))
def test_legal_play_keeps_invariants(ruleset, choices):
    s = GAME.new_initial_state({"ruleset": ruleset})
    for c in choices:
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply(legal[c % len(legal)])
        for pl in (0, 1):
            assert sum(s.board[pl]) + s.bar[pl] + s.off[pl] == PIECES
            assert all(s.board[pl][p] <= 1 for p in range(2, 13))  # V10 / V31
        assert not any(s.board[0][p] and s.board[1][opp_point(p)] for p in range(1, 25))
        if s.dice:
            assert s.legal_actions(), "a player to move always has a legal step (else the turn ends)"
            dice = sorted(set(s.dice))
            assert sorted(s._raw_steps(s.turn, dice)) == sorted(reference_steps(s, s.turn, dice))
    assert State.from_json(json.dumps(s.to_json())) == s
    rec = Record(game="verquere", options={"ruleset": ruleset}, seed=0, actions=list(s.history))
    assert Record.from_json(rec.dumps()).replay() == s


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 10_000), min_size=50, max_size=600))
def test_V19_quick_proof_agrees_with_full_search(choices):
    """The move generator's shortcuts for two different dice and for doubles (V6, V18, V19) give the
    same legal steps as the plain search over every sequence of dice."""
    s = GAME.new_initial_state()
    for c in choices:
        if s.is_terminal():
            break
        if s.dice:
            fast = s.legal_steps()
            slow_state = s.clone()
            slow_state._rest_survives = lambda *a: False
            slow_state._all_survive = lambda *a: False
            assert sorted(fast) == sorted(slow_state.legal_steps())
        legal = s.legal_actions()
        s.apply(legal[c % len(legal)])


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["text", "ludii"]), st.integers(0, 2**32), st.integers(0, 400))
def test_fast_playout_keeps_invariants(ruleset, seed, decisions):
    """The search playout plays by the same rules: pieces are conserved, V10 holds, and the state it
    leaves is a valid state (it loads back strictly)."""
    import random as _random
    s = GAME.new_initial_state({"ruleset": ruleset})
    s.fast_playout(_random.Random(seed), decisions)
    for pl in (0, 1):
        assert sum(s.board[pl]) + s.bar[pl] + s.off[pl] == PIECES
        assert all(s.board[pl][p] <= 1 for p in range(2, 13))
    assert State.from_json(json.dumps(s.to_json())).to_json() == s.to_json()
    if s.winner is not None:
        assert s.off[s.winner] == PIECES and s.is_terminal()
