"""The bot's evaluation, playout policy and candidate order stay within the protocol and rank sensibly."""
import random

from pygames.dvonn import ai
from pygames.dvonn.board import DVONN, INDEX, INTERIOR, NEIGHBOURS, N_CELLS

from ..conformance import random_prefix
from .helpers import GAME


def _phase2(n=12):
    out = []
    for k in range(n):
        s = random_prefix("dvonn", {"random_board": k % 2 == 0}, seed=200 + k, plies=49 + 3 * k)
        if s.status == "move":
            out.append(s)
    return out


def test_move_value_is_the_score_change_of_playing_the_move():
    checked = 0
    for s in _phase2():
        p = s.turn
        before = s.scores()
        for a in s.legal_actions():
            child = s.child(a)
            after = child.scores()
            n = a.notation
            assert ai.move_value(s.board, (INDEX[n[:2]], INDEX[n[2:]]), p) == \
                (after[p] - after[1 - p]) - (before[p] - before[1 - p])
            checked += 1
    assert checked > 100


def test_candidates_order_every_action_best_capture_first():
    for s in _phase2():
        acts = s.legal_actions()
        cands = ai.candidates(s, acts)
        assert sorted(a.notation for a in cands) == sorted(a.notation for a in acts)
        values = [ai.move_value(s.board, (INDEX[a.notation[:2]], INDEX[a.notation[2:]]), s.turn) for a in cands]
        assert values[0] == max(values)
    s = GAME.new_initial_state()
    first = ai.candidates(s, s.legal_actions())
    assert first[0].notation == "f3"  # the first DVONN piece toward the middle
    s = random_prefix("dvonn", {}, seed=3, plies=10)
    cands = ai.candidates(s, s.legal_actions())
    i = INDEX[cands[0].notation]
    assert any(DVONN in s.board[j] for j in NEIGHBOURS[i])  # next to a DVONN piece first
    assert not INTERIOR[i] or all(not INTERIOR[INDEX[a.notation]] or
                                  not any(DVONN in s.board[j] for j in NEIGHBOURS[INDEX[a.notation]])
                                  for a in cands[:1])


def test_evaluation_and_policy_along_random_games():
    rng = random.Random(4)
    for k in range(3):
        s = GAME.new_initial_state({"random_board": k == 1})
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(s.legal_actions()[rng.randrange(len(s.legal_actions()))])
                continue
            v = ai.evaluate(s)
            assert -1 <= v[0] <= 1 and abs(v[0] + v[1]) < 1e-9
            s.apply(ai.rollout_policy(s, rng))
        assert ai.evaluate(s) == s.returns()
        assert len(s.board) == N_CELLS
