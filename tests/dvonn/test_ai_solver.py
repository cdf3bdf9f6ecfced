"""The DVONN computer's endgame solver: its win, draw or loss is the game's own result under perfect play
(N15 passes, N16 the end, N17 the score, N18 the winner), checked against plain minimax over the rules'
board functions, and hard plays a winning move once one exists."""
import random

from pygames.dvonn import ai
from pygames.dvonn.board import N_CELLS, has_move, move_stack, player_moves, scores
from pygames.dvonn.fastboard import FastBoard
from pygames.dvonn.search import Search, Solver

from ..conformance import random_prefix


def _margin(board: list[str], player: int) -> int:
    """Plain minimax to the end of the game (N15–N17): the final margin for ``player`` to move."""
    moves = player_moves(board, player)
    if not moves:
        if not has_move(board, 1 - player):
            w, b = scores(board)
            return w - b if player == 0 else b - w
        return -_margin(board, 1 - player)
    best = -100
    for m in moves:
        b = list(board)
        move_stack(b, *m)
        best = max(best, -_margin(b, 1 - player))
    return best


def _endgames(lo: int, hi: int):
    """Stacking positions with a move for the player to move and at most a few thousand lines left."""
    rng = random.Random(31)
    out = []
    for k in range(200):
        s = random_prefix("dvonn", {"random_board": True}, seed=7000 + k, plies=49 + 20 + rng.randrange(30))
        if s.status == "move" and lo <= sum(1 for c in s.board if c) <= hi:
            out.append(s)
    return out


def sign(v: int) -> int:
    return (v > 0) - (v < 0)


def test_n15_n18_solver_finds_the_result_of_perfect_play():
    """N15–N18: the solver's value in the window (-1, 1) has the sign of the minimax margin (a win, a
    draw or a loss), with a fresh table and with one kept from position to position."""
    kept: dict = {}
    checked = 0
    for s in _endgames(6, 11):
        want = sign(_margin(s.board, s.turn))
        for table in ({}, kept):
            got = Solver(FastBoard.from_board(s.board), table, None, 10 ** 7).value(s.turn, -1, 1)
            assert sign(got) == want
        checked += 1
    assert checked >= 12


def test_n18_search_with_the_solver_plays_a_winning_move():
    """N18: where the player to move can force a win, the search with the solver says so and its move
    keeps the win (checked by minimax); where it cannot, it says draw or loss and still moves legally."""
    wins = losses = 0
    for s in _endgames(6, 12):
        search = Search(s.board, N_CELLS, s.turn, 2)
        search.solve = ai.SOLVE["hard"] + ({},)
        for _ in search.run():
            pass
        value = sign(_margin(s.board, s.turn))
        if len(player_moves(s.board, s.turn)) == 1:
            continue
        assert search.solved == value if value >= 0 else search.solved == -1
        frm, to = search.best
        assert (frm, to) in player_moves(s.board, s.turn)
        if value > 0:
            b = list(s.board)
            move_stack(b, frm, to)
            assert _margin(b, 1 - s.turn) < 0
            wins += 1
        elif value < 0:
            losses += 1
    assert wins >= 5 and losses >= 2


def test_solver_gives_up_on_its_budget_and_the_search_goes_on():
    """A solve cut short by its node budget leaves the search's board as it was and the search plays on
    (a legal move from its own iterations)."""
    for s in _endgames(16, 22)[:3]:
        search = Search(s.board, N_CELLS, s.turn, 2)
        search.solve = (30, 0.5, 300, {})
        for _ in search.run():
            pass
        assert search.solved == 2
        assert search.fb.cells() == FastBoard.from_board(s.board).cells()
        assert search.best in player_moves(s.board, s.turn)
