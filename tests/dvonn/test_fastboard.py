"""The search's fast board (:mod:`pygames.dvonn.fastboard`) and its evaluation
(:mod:`pygames.dvonn.fasteval`) agree with the referee: random games replayed through the rules
(:mod:`pygames.dvonn.rules`) and through the fast board give the same legal moves (N9–N12), the same
boards after every move, cut-offs included (N13), and the same scores (N17); take-backs restore the
position exactly; the fast evaluation is exactly the readable one (``terms_value``)."""
import random

from pygames.dvonn import evaluation as ev
from pygames.dvonn.board import NAMES
from pygames.dvonn.fastboard import CELL, POS, FastBoard, arcs, linked
from pygames.dvonn.fasteval import fast_value

from .helpers import GAME


def _cells(board):
    return [(len(s), s[-1] if s else "", "D" in s) for s in board]


def _stacking_games(n, seed):
    """Positions of ``n`` seeded random games from their first stacking move to their end (the rules
    play them: placements at random, or a random board by chance), with the random generator."""
    for k in range(n):
        rng = random.Random(seed + k)
        s = GAME.new_initial_state({"random_board": k % 2 == 0})
        while s.placed < len(NAMES) and not s.is_terminal():
            acts = s.legal_actions()
            s.apply(acts[rng.randrange(len(acts))])
        yield s, rng


def test_n9_n13_fast_board_replays_random_games_as_the_rules_do():
    """N9–N13, N15–N17: at every position of 24 random games the fast board's moves are the referee's
    legal actions in the same order; every legal move played on it gives the board the rules give
    (heights, controllers, DVONN pieces, cut-off stacks gone) with the key a fresh build computes, and
    taking it back restores the position and key; a player without moves passes and the game ends when
    neither has one, on both boards."""
    positions = moves_checked = 0
    for s, rng in _stacking_games(24, 4100):
        fb = FastBoard.from_board(s.board)
        while not s.is_terminal():
            p = s.current_player()
            fast = [NAMES[CELL[a]] + NAMES[CELL[b]] for a, b in fb.moves(p)]
            legal = [a.notation for a in s.legal_actions()]
            if legal == ["pass"]:
                assert fast == [] and fb.has_move(1 - p)
            else:
                assert fast == legal and fb.has_move(p)
            before, key = fb.cells(), fb.key
            for a, b in fb.moves(p):
                undo = fb.make(a, b)
                child = s.child(NAMES[CELL[a]] + NAMES[CELL[b]])
                assert fb.cells() == _cells(child.board)
                assert fb.key == FastBoard.from_board(child.board).key
                assert list(fb.scores()) == child.scores()
                fb.unmake(undo)
                assert fb.cells() == before and fb.key == key
                moves_checked += 1
            a = s.legal_actions()[rng.randrange(len(legal))]
            s.apply(a)
            if a.notation != "pass":
                fb.make(POS[NAMES.index(a.notation[:2])], POS[NAMES.index(a.notation[2:])])
            positions += 1
        assert not fb.has_move(0) and not fb.has_move(1)
        assert list(fb.scores()) == s.scores()
    assert positions > 600 and moves_checked > 3000


def test_n13_linked_and_arcs_match_the_board_functions():
    """N13: the flood fill finds the stacks linked to a DVONN piece, and a space whose occupied
    neighbours form one arc or none never cuts anything off when emptied."""
    from pygames.dvonn.board import arcs as board_arcs, linked_cells
    for s, rng in _stacking_games(6, 4300):
        fb = FastBoard.from_board(s.board)
        got = {CELL[p] for p in range(len(CELL)) if linked(fb.dvonn, fb.occ) >> p & 1}
        assert got == linked_cells(s.board)
        for i in range(len(NAMES)):
            assert arcs(fb.occ, POS[i]) == board_arcs(s.board, i)


def test_fast_value_is_exactly_the_readable_evaluation():
    """The fast evaluation returns exactly :func:`terms_value` (the weighted terms of ``stacking_terms``)
    for either player to move, along random games, end positions included."""
    checked = 0
    for s, rng in _stacking_games(12, 4500):
        while True:
            fb = FastBoard.from_board(s.board)
            for p in (0, 1):
                assert fast_value(fb, p) == ev.terms_value(s.board, p) == ev.stacking_value(s.board, p)
                checked += 1
            if s.is_terminal():
                break
            acts = s.legal_actions()
            s.apply(acts[rng.randrange(len(acts))])
    assert checked > 400
