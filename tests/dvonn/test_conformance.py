"""DVONN passes the conformance kit, with its own invariants checked at every ply (N2, N13, N14)."""
import random

import pytest

from pygames.core import get_game
from pygames.dvonn.board import N_CELLS, linked_cells, player_moves, scores
from pygames.dvonn.rules import DvonnState

from ..conformance import check_game


def dvonn_invariants(s: DvonnState) -> None:
    """N2, N14: the 49 pieces are accounted for (board + removed); N13: every stack is linked."""
    joined = "".join(s.board)
    assert joined.count("D") == min(s.placed, 3)
    if s.placed == N_CELLS:
        assert joined.count("W") + s.removed[0] == 23 and joined.count("B") + s.removed[1] == 23
        assert len(joined) + sum(s.removed) == 49, "49 pieces accounted for"
        assert all(s.board[i] == "" or i in linked_cells(s.board) for i in range(N_CELLS))
    else:
        assert len(joined) == s.placed and s.removed == [0, 0]
    if s.is_terminal():
        assert not player_moves(s.board, 0) and not player_moves(s.board, 1)
        w, b = scores(s.board)
        assert s.returns() == ([0.0, 0.0] if w == b else [1.0, -1.0] if w > b else [-1.0, 1.0])
    elif s.phase == 2:
        acts = [a.notation for a in s.legal_actions()]
        assert (acts == ["pass"]) == (not player_moves(s.board, s.current_player()))


@pytest.mark.parametrize("options", [{}, {"random_board": True}])
def test_dvonn_conformance(options):
    finals = check_game("dvonn", options, range(6), dvonn_invariants)
    assert all(f.is_terminal() for f in finals)


def test_fast_playout_agrees_with_the_protocol():
    """The search's fast path plays by the same rules: same invariants, a finished legal game."""
    g = get_game("dvonn")
    for seed in range(20):
        s = g.new_initial_state({})
        s.fast_playout(random.Random(seed))
        assert s.is_terminal()
        dvonn_invariants(s)
        again = DvonnState.from_json(s.to_json())
        assert again.to_json() == s.to_json() and again.is_terminal()


def test_clone_is_independent():
    g = get_game("dvonn")
    s = g.new_initial_state({})
    rng = random.Random(4)
    for _ in range(60):
        s.apply(rng.choice(s.legal_actions()))
    c = s.clone()
    assert c == s and c.to_json() == s.to_json()
    c.apply(c.legal_actions()[0])
    assert c != s and len(s.history) == 60


def test_quick_disconnection_test_agrees_with_the_full_search():
    """N13: move_stack's shortcut (cannot_disconnect) never skips a removal the full search would make."""
    from pygames.dvonn.board import INDEX, move_stack, remove_disconnected
    g = get_game("dvonn")
    checked = 0
    for seed in range(60):
        rng = random.Random(seed)
        s = g.new_initial_state({})
        while not s.is_terminal():
            a = rng.choice(s.legal_actions())
            if s.phase == 2 and a.notation != "pass":
                i, j = INDEX[a.notation[:2]], INDEX[a.notation[2:]]
                full = list(s.board)
                full[j], full[i] = full[j] + full[i], ""
                want = remove_disconnected(full)
                quick = list(s.board)
                assert move_stack(quick, i, j) == want and quick == full
                checked += 1
            s.apply(a)
    assert checked > 1000
