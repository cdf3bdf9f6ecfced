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
    """N13: move_stack's shortcuts (cannot_disconnect, then the search of the emptied space's neighbours
    only, cut_off) remove exactly what the full search of the board would, for every legal move of every
    position of random games (from placements and from random boards), DVONN moves included."""
    from pygames.dvonn.board import DVONN, move_stack, remove_disconnected
    g = get_game("dvonn")
    checked = cuts = dvonn_moves = 0
    for seed in range(60):
        rng = random.Random(seed)
        s = g.new_initial_state({"random_board": seed % 2 == 1})
        while not s.is_terminal():
            if s.phase == 2:
                for i, j in s.moves:
                    full = list(s.board)
                    full[j], full[i] = full[j] + full[i], ""
                    want = remove_disconnected(full)
                    quick = list(s.board)
                    assert move_stack(quick, i, j) == want and quick == full, (s.picture(), i, j)
                    checked += 1
                    cuts += bool(want)
                    dvonn_moves += DVONN in s.board[i]
            s.apply(rng.choice(s.legal_actions()))
    assert checked > 20000 and cuts > 1000 and dvonn_moves > 500, (checked, cuts, dvonn_moves)


def test_kept_free_stacks_agree_with_the_board():
    """N11: the unsurrounded stacks a state keeps move by move (``move_stack``'s ``free``) are at every
    position of random games (and after clones and fast playouts) exactly ``free_cells`` of its board,
    and the moves found from them are those of the full scan (same list, same order: N8–N12)."""
    from pygames.dvonn.board import free_cells, has_move, is_surrounded
    g = get_game("dvonn")
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        s = g.new_initial_state({"random_board": seed % 2 == 1})
        while not s.is_terminal():
            if s.phase == 2:
                kept = s.__dict__["_free"]
                assert kept == free_cells(s.board)
                assert kept == [i for i in range(N_CELLS) if s.board[i] and not is_surrounded(s.board, i)]
                for p in (0, 1):
                    assert player_moves(s.board, p, kept) == player_moves(s.board, p)
                    assert has_move(s.board, p, kept) == has_move(s.board, p) == bool(player_moves(s.board, p))
                checked += 1
                if checked % 7 == 0:
                    c = s.clone()
                    c.fast_playout(random.Random(seed), decisions=5)
                    assert c.__dict__.get("_free", free_cells(c.board)) == free_cells(c.board)
                    assert s.__dict__["_free"] is kept and kept == free_cells(s.board)
            s.apply(s.pick_random(rng))
    assert checked > 1000


def test_random_board_draws_are_the_listed_ones():
    """N6: ``pick_random`` on a random board draws, from the same numbers, exactly the placement that
    ``pick(chance_outcomes(), u)`` sums its way to (also at and around every cumulative boundary), and
    the moves ``legal_actions()[randrange(n)]`` gives: a seed plays the same game either way."""
    from pygames.core.state import pick
    g = get_game("dvonn")
    for seed in range(30):
        a, b = g.new_initial_state({"random_board": True}), g.new_initial_state({"random_board": True})
        ra, rb = random.Random(seed), random.Random(seed)
        while not a.is_terminal():
            x = a.pick_random(ra)
            y = pick(b.chance_outcomes(), rb.random()) if b.is_chance_node() else \
                b.legal_actions()[rb.randrange(len(b.legal_actions()))]
            assert x is y
            a.apply(x)
            b.apply(y)

    class Fixed(random.Random):
        def random(self):
            return self.u

    r, s = Fixed(), g.new_initial_state({"random_board": True})
    while s.is_chance_node():
        outcomes = s.chance_outcomes()
        sums = [sum(p for _, p in outcomes[:k + 1]) for k in range(len(outcomes))]
        us = [k / 997 for k in range(997)] + [x + e for x in sums for e in (-1e-15, 0.0, 1e-15)]
        for u in us:
            if 0 <= u < 1:
                r.u = u
                assert s.pick_random(r) is pick(outcomes, u), (s.placed, u)
        s.apply(outcomes[len(outcomes) // 2][0])
