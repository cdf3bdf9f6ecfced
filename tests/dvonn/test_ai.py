"""The bot's evaluation, playout policy and candidate order stay within the protocol and rank sensibly."""
import random

from pygames.dvonn import ai
from pygames.dvonn.board import DVONN, INDEX, INTERIOR, NAMES, NEIGHBOURS, N_CELLS

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
    assert sorted(a.notation for a in first) == sorted(["f3", *(NAMES[j] for j in NEIGHBOURS[INDEX["f3"]])])
    for seed in range(6):
        s = random_prefix("dvonn", {}, seed=seed, plies=10 + 5 * seed)
        acts = s.legal_actions()
        cands = ai.candidates(s, acts)
        assert 1 <= len(cands) <= ai.SHORTLIST and all(a in acts for a in cands)

        def rank(a):
            i = INDEX[a.notation]
            return (any(DVONN in s.board[j] for j in NEIGHBOURS[i]), not INTERIOR[i])
        best = max(rank(a) for a in acts)
        assert all(rank(a) == best for a in cands)  # only the best-ranked spaces: beside a DVONN piece, edge


def test_search_value_judges_leaves_by_their_change_since_the_root():
    """The search notes its root on the copy it starts from; a leaf is valued by its change since then
    (the best move open to the player to move counted for them), so two leaves one captured piece apart
    stay clearly apart even when White is far ahead."""
    import math
    import random as rnd
    for s in _phase2(8):
        d = s.determinize(s.turn, rnd.Random(0))
        assert d == s and "_bot_root" not in s.__dict__
        root = d.__dict__["_bot_root"]
        assert root == ai.static_value(s.board)
        best = max(ai.move_value(s.board, m, s.turn) for m in s.moves)
        x = root + (best if s.turn == 0 else -best)
        v = ai.search_value(d)
        assert v == [math.tanh((x - root) / ai.SHARP + x / ai.SCALE), -math.tanh((x - root) / ai.SHARP + x / ai.SCALE)]
        assert ai.search_value(s) == [math.tanh(x / 10), -math.tanh(x / 10)]  # no root noted: the standing
    far = 40.0  # White far ahead: the standing alone hardly tells 40 from 42 feature points, the change does
    assert math.tanh(42 / 10) - math.tanh(far / 10) < 0.001
    assert math.tanh(2 / ai.SHARP + 42 / ai.SCALE) - math.tanh(far / ai.SCALE) > 0.02
    assert ai.search_value(GAME.new_initial_state()) == ai.evaluate(GAME.new_initial_state())
