"""DVONN's game-tree search: alpha-beta (negamax) with iterative deepening, a transposition table and
move ordering, over the plain board (:mod:`pygames.dvonn.board`), judged by
:mod:`pygames.dvonn.evaluation`. Rule ids: ``docs/rules/dvonn.md`` N3–N5 (placement order, White's
double turn at the 49th piece), N9–N13 (moves, disconnection), N15 (a pass only without a move), N16
(the end).

A node is ``(board, placed, player to move)``; values are from the point of view of the player to move.
The search is a generator (:meth:`Search.run`) that yields after each move at the root, so a caller can
spread it over time slices; it stops at the deadline (the depth under way is abandoned, except for root
moves already proved better than the previous depth's choice).
"""
from __future__ import annotations

import time

from .board import DVONN, N_CELLS, has_move, move_stack, placement_piece, player_moves
from .evaluation import WIN, dvonn_spread, placement_value, stacking_value

INF = 1e9
EXACT, LOWER, UPPER = 0, 1, 2


class Timeout(Exception):
    """The search's deadline passed."""


def placement_moves(board: list[str], placed: int) -> list[int]:
    """The empty spaces (placements open, N3)."""
    return [i for i in range(N_CELLS) if not board[i]]


class Search:
    """One search from one position.

    ``board`` (49 stacks), ``placed`` (0..49), ``player`` (to move). ``max_depth``: the deepest iteration;
    ``deadline``: a ``time.monotonic()`` value or None; ``placement_depth``: the depth of a placement
    search (it is not deepened: placements are judged by a heuristic, deeper adds little).
    After :meth:`run`, ``best`` is the chosen move (a cell for a placement, ``(from, to)`` for a move,
    None for a pass) and ``depth`` the deepest completed iteration, ``nodes`` the nodes visited.
    """

    def __init__(self, board: list[str], placed: int, player: int, max_depth: int = 3,
                 deadline: float | None = None, placement_depth: int = 2, rng=None):
        self.board, self.placed, self.player = list(board), placed, player
        self.rng = rng
        self.max_depth, self.deadline, self.placement_depth = max_depth, deadline, placement_depth
        self.tt: dict[tuple, tuple] = {}
        self.leaves: dict[tuple, float] = {}
        self.killers: dict[int, tuple] = {}
        self.nodes = 0
        self.best = None
        self.value = 0.0
        self.depth = 0
        self.done = False
        self.root_moves: list = []

    # ----- evaluation at the leaves -------------------------------------------------------------------
    def leaf(self, board: list[str], placed: int, player: int) -> float:
        """The evaluation for ``player`` to move (cached: the same position is often reached by the same
        moves in another order)."""
        if placed < N_CELLS:
            v = placement_value(board)
        else:
            key = (player, *board)
            got = self.leaves.get(key)
            if got is not None:
                return got
            v = stacking_value(board, player)
            v = v if player == 0 else -v
            self.leaves[key] = v
            return v
        return v if player == 0 else -v

    # ----- move generation and ordering ---------------------------------------------------------------
    def ordered(self, board: list[str], player: int, moves: list, first) -> list:
        """Stacking moves best first: the transposition table's move, then landings on the tallest
        opposing stacks and on DVONN stacks, then the rest (moves of short stacks first)."""
        me = "W" if player == 0 else "B"
        keyed = []
        for m in moves:
            t = board[m[1]]
            top = t[-1]
            k = 0.0
            if top != me and top != DVONN:
                k = 10.0 + len(t)
            if DVONN in t:
                k += 5.0
            k -= 0.1 * len(board[m[0]])
            keyed.append((k, m))
        keyed.sort(key=lambda x: -x[0])
        out = [m for _, m in keyed]
        if first is not None and first in moves:
            out.remove(first)
            out.insert(0, first)
        return out

    def placement_order(self, board: list[str], placed: int, player: int, cells: list[int]) -> list[int]:
        """Placements best first by a one-ply look at :func:`placement_value` (DVONN pieces: by
        :func:`dvonn_spread`)."""
        piece = placement_piece(placed)
        scored: list[tuple[float, int]] = []
        for i in cells:
            board[i] = piece
            if piece == DVONN:
                k: float = -dvonn_spread(board) if placed else -abs(i - 24)
            else:
                k = placement_value(board) * (1 if player == 0 else -1)
            board[i] = ""
            scored.append((k, i))
        scored.sort(key=lambda x: -x[0])
        return [i for _, i in scored]

    # ----- negamax --------------------------------------------------------------------------------------
    def negamax(self, board: list[str], placed: int, player: int, depth: int, alpha: float,
                beta: float) -> float:
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 63 and time.monotonic() > self.deadline:
            raise Timeout
        if placed < N_CELLS:
            if depth <= 0:
                return self.leaf(board, placed, player)
            piece = placement_piece(placed)
            nxt = 0 if placed + 1 == N_CELLS else 1 - player  # N5: White places the 49th, then moves
            best = -INF
            cells = placement_moves(board, placed)
            order = self.placement_order(board, placed, player, cells) if depth > 1 else cells
            for i in order:
                board[i] = piece
                if nxt == player:
                    v = self.negamax(board, placed + 1, nxt, depth - 1, alpha, beta)
                else:
                    v = -self.negamax(board, placed + 1, nxt, depth - 1, -beta, -alpha)
                board[i] = ""
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            return best
        key = (player, *board)
        entry = self.tt.get(key)
        first = None
        if entry is not None:
            e_depth, e_val, e_flag, e_move = entry
            first = e_move
            if e_depth >= depth:
                if e_flag == EXACT:
                    return e_val
                if e_flag == LOWER and e_val >= beta:
                    return e_val
                if e_flag == UPPER and e_val <= alpha:
                    return e_val
        moves = player_moves(board, player)
        if not moves:
            if not has_move(board, 1 - player):  # N16: the end
                v = stacking_value(board, player)
                return v if player == 0 else -v
            if depth <= 0:
                return self.leaf(board, placed, player)
            return -self.negamax(board, placed, 1 - player, depth - 1, -beta, -alpha)  # N15: a pass
        if depth <= 0:
            return self.leaf(board, placed, player)
        alpha0 = alpha
        best, best_move = -INF, None
        moves_order: list[tuple[int, int]] = self.ordered(board, player, moves, first)
        killer = self.killers.get(depth)
        if killer is not None and killer != first and killer in moves:
            moves_order.remove(killer)
            moves_order.insert(1 if first in moves else 0, killer)
        for m in moves_order:
            b = list(board)
            move_stack(b, m[0], m[1])
            v = -self.negamax(b, placed, 1 - player, depth - 1, -beta, -alpha)
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        self.killers[depth] = m
                        break
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        self.tt[key] = (depth, best, flag, best_move)
        return best

    # ----- the root -------------------------------------------------------------------------------------
    def run(self):
        """Iterative deepening; a generator that yields after each root move. Sets ``best``, ``value``,
        ``depth`` and ``done``."""
        board, placed, player = self.board, self.placed, self.player
        if placed < N_CELLS:
            cells = placement_moves(board, placed)  # not shuffled: placements are deterministic
            order = self.placement_order(board, placed, player, cells)
            self.best = order[0]
            if placement_piece(placed) == DVONN or len(order) == 1:
                self.depth, self.done = 1, True
                return
            depths = [min(self.placement_depth, N_CELLS - placed)]
            moves: list = order
        else:
            moves = player_moves(board, player)
            if not moves:
                self.best, self.done = None, True
                return
            if self.rng is not None:
                self.rng.shuffle(moves)
            moves = self.ordered(board, player, moves, None)
            self.best = moves[0]
            if len(moves) == 1:
                self.depth, self.done = 1, True
                return
            depths = list(range(1, self.max_depth + 1))
        self.root_moves = moves
        try:
            for depth in depths:
                alpha, best, best_v = -INF, None, -INF
                scores: dict = {}
                for m in moves:
                    v = self.child_value(m, depth, alpha)
                    scores[m] = v
                    if v > best_v:
                        best, best_v = m, v
                        if v > alpha:
                            alpha = v
                        if depth > 1:  # a root move proved better at this depth counts even if cut short
                            self.best = m
                    yield
                self.best, self.value, self.depth = best, best_v, depth
                moves = sorted(moves, key=lambda m: -scores[m])  # the best first, then by bound
                if abs(best_v) >= WIN / 2:  # the end is in sight
                    break
        except Timeout:
            pass
        self.done = True

    def child_value(self, m, depth: int, alpha: float) -> float:
        board, placed, player = self.board, self.placed, self.player
        if placed < N_CELLS:
            b = list(board)
            b[m] = placement_piece(placed)
            nxt = 0 if placed + 1 == N_CELLS else 1 - player
            if nxt == player:
                return self.negamax(b, placed + 1, nxt, depth - 1, alpha, INF)
            return -self.negamax(b, placed + 1, nxt, depth - 1, -INF, -alpha)
        b = list(board)
        move_stack(b, m[0], m[1])
        return -self.negamax(b, placed, 1 - player, depth - 1, -INF, -alpha)


def best_move(board: list[str], placed: int, player: int, max_depth: int = 3, seconds: float | None = None,
              placement_depth: int = 2):
    """The move :class:`Search` chooses (a cell, ``(from, to)`` or None for a pass), searching to
    ``max_depth`` or until ``seconds`` have passed."""
    s = Search(board, placed, player, max_depth,
               None if seconds is None else time.monotonic() + seconds, placement_depth)
    for _ in s.run():
        pass
    return s.best


__all__ = ["Search", "best_move", "Timeout"]
