"""DVONN's game-tree search: alpha-beta (negamax) with iterative deepening, a transposition table,
move ordering and futility pruning one ply above the leaves (:data:`FUTILITY`), judged by
:mod:`pygames.dvonn.evaluation`. Rule ids: ``docs/rules/dvonn.md`` N3–N5 (placement order, White's
double turn at the 49th piece), N9–N13 (moves, disconnection), N15 (a pass only without a move), N16
(the end), N17–N18 (the score and the winner, for the endgame solver).

Placements are searched on the plain board (:mod:`pygames.dvonn.board`, strings copied per node); the
stacking phase on the fast board (:mod:`pygames.dvonn.fastboard`: bitmasks, make and unmake, Zobrist
keys for the transposition table) with the fast evaluation (:mod:`pygames.dvonn.fasteval`, the same
numbers). Values are from the point of view of the player to move.
The search is a generator (:meth:`Search.run`) that yields after each move at the root, so a caller can
spread it over time slices; it stops at the deadline (the depth under way is abandoned, except for root
moves already proved better than the previous depth's choice).

Near the end of the game (:attr:`Search.solve`) the search first asks :class:`Solver` for the exact
result: the game searched to its end with no evaluation, only the final margin, in a null window around
a draw; that costs a move generation and a make per node, several times less than an evaluated node, so
from about 22 stacks down a position is often solved in well under a second, and a win found is a win
kept whatever the opponent does.
"""
from __future__ import annotations

import time
from typing import Any

from .board import DVONN, N_CELLS, placement_piece
from .evaluation import WIN, dvonn_spread, placement_value, stacking_value
from .fastboard import BIT, CELL, SIDE, FastBoard, arcs
from .fasteval import fast_value

INF = 1e9
SIDES = (0, SIDE)
"""Xored into the board's key for the player to move."""
EXACT, LOWER, UPPER = 0, 1, 2
HIST_SCALE = 1.0
"""The weight of a move's history (the sum of depth squared over the cut-offs it made in this search)
in the move order, against the capture order's units (10 plus the height taken): 8% fewer nodes at
depth 4 over 24 early stacking decisions than without it."""


FUTILITY = (20, 1.0, 5.0)
"""Futility pruning one ply above the leaves: ``(fewest stacks, margin of a quiet move, margin of any
other move that cuts nothing off)``. Over random games with 20 or more stacks, a quiet move (onto one's
own stack, no DVONN piece moved or landed on, nothing cut off, N9, N13) raised the mover's evaluation by
at most 0.24 (9,472 moves; median −4.7: a quiet move gives up the tempo terms), a move onto an opposing
stack or with or onto a DVONN piece by at most 7.2, 99.9% of them by less than 4.4 (11,697 moves).
So once the first move of a node one ply above the leaves has not reached beta, and the position's own
value plus a move's margin cannot reach alpha, that move is not searched (the bound stands for it);
moves that may cut stacks off (the emptied space joins two or more arcs of neighbours) always are.
Below 20 stacks the piece count weighs in and the end of the game may be one move away: every move is
searched there. Measured on 12 stacking positions: the same move and value at depths 4 and 5, 48% less
CPU time at depth 5; on 46 positions the same moves at depth 4 with 36% less."""


class Timeout(Exception):
    """The search's deadline passed."""


def placement_moves(board: list[str], placed: int) -> list[int]:
    """The empty spaces (placements open, N3)."""
    return [i for i in range(N_CELLS) if not board[i]]


class Search:
    """One search from one position.

    ``board`` (49 stacks), ``placed`` (0..49), ``player`` (to move). ``max_depth``: the deepest iteration;
    ``deadline``: a value of ``clock`` (default ``time.monotonic``; a match tool may pass
    ``time.process_time`` to give the search CPU seconds rather than wall-clock ones) or None;
    ``placement_depth``: the depth of a placement search (placements are judged by a heuristic, deeper
    adds little; only the last few are deepened, see ``place_end``).
    ``tables``: the transposition table and the cache of evaluations to use (kept from move to move by
    a player, so that what the last search learnt about the positions ahead is not searched again);
    fresh ones if None.
    ``solve`` (set before :meth:`run`; None: never): ``(most stacks, share of the time, most nodes,
    table)`` for :meth:`solve_root`. ``place_end`` (set before :meth:`run`; None: never):
    ``(placements left, stacking plies)``: with a deadline and at most that many placements left, the
    placement search deepens (iterative deepening) to the full board (N4) and then that many plies into
    the stacking phase (N5), judged there by the stacking evaluation.
    After :meth:`run`, ``best`` is the chosen move (a cell for a placement, ``(from, to)`` for a move,
    None for a pass) and ``depth`` the deepest completed iteration (99 when solved), ``nodes`` the nodes
    visited, ``solved`` what the solver found (see :meth:`solve_root`).
    """

    def __init__(self, board: list[str], placed: int, player: int, max_depth: int = 3,
                 deadline: float | None = None, placement_depth: int = 2, rng=None,
                 tables: tuple[dict, dict] | None = None, clock=time.monotonic):
        self.board, self.placed, self.player = list(board), placed, player
        self.clock = clock
        self.rng = rng
        self.max_depth, self.deadline, self.placement_depth = max_depth, deadline, placement_depth
        self.tt: dict[int, tuple]
        self.leaves: dict[int, float]
        self.tt, self.leaves = tables if tables is not None else ({}, {})
        self.killers: dict[int, tuple] = {}
        self.history: dict[tuple[int, int], int] = {}
        self.nodes = 0
        self.futility = True
        self.solve: tuple | None = None
        self.place_end: tuple[int, int] | None = None
        self.place_plies = 0  # stacking plies searched below a full board in a placement search
        self.solved = 2
        self.best: Any = None
        self.value = 0.0
        self.depth = 0
        self.done = False
        self.root_moves: list = []
        self.fb = FastBoard()  # the stacking-phase position, built by run()

    # ----- the placement phase (boards of strings) ----------------------------------------------------
    def placement_leaf(self, board: list[str], placed: int, player: int) -> float:
        """The evaluation for ``player`` to move of a position of the placement search (the stacking
        evaluation once the 49th piece is down)."""
        v = placement_value(board) if placed < N_CELLS else stacking_value(board, player)
        return v if player == 0 else -v

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

    def place_negamax(self, board: list[str], placed: int, player: int, depth: int, alpha: float,
                      beta: float) -> float:
        """Negamax over placements (N3–N5); ``depth`` never passes the 49th piece."""
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 63 and self.clock() > self.deadline:
            raise Timeout
        if placed >= N_CELLS and self.place_plies:  # the board is full: search the first moves
            self.fb = FastBoard.from_board(board)
            return self.negamax(player, self.place_plies, alpha, beta)
        if depth <= 0 or placed >= N_CELLS:
            return self.placement_leaf(board, placed, player)
        piece = placement_piece(placed)
        nxt = 0 if placed + 1 == N_CELLS else 1 - player  # N5: White places the 49th, then moves
        best = -INF
        cells = placement_moves(board, placed)
        order = self.placement_order(board, placed, player, cells) if depth > 1 else cells
        for i in order:
            board[i] = piece
            if nxt == player:
                v = self.place_negamax(board, placed + 1, nxt, depth - 1, alpha, beta)
            else:
                v = -self.place_negamax(board, placed + 1, nxt, depth - 1, -beta, -alpha)
            board[i] = ""
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best

    # ----- the stacking phase (the fast board) ----------------------------------------------------------
    def leaf(self, player: int, key: int) -> float:
        """The evaluation for ``player`` to move (cached by the position's key: the same position is
        often reached by the same moves in another order)."""
        got = self.leaves.get(key)
        if got is None:
            got = fast_value(self.fb, player)
            if player:
                got = -got
            self.leaves[key] = got
        return got

    def ordered(self, player: int, moves: list, first) -> list:
        """Stacking moves best first: the transposition table's move, then landings on the tallest
        opposing stacks and on DVONN stacks, then the rest (moves of short stacks first), each raised by
        its history (the history heuristic: a move that cut the search off elsewhere often does here)."""
        fb = self.fb
        height, dvonn = fb.height, fb.dvonn
        theirs = fb.black if player == 0 else fb.white

        hist = self.history

        def key(m):
            q = m[1]
            b = BIT[q]
            k = 0.0
            if theirs & b:
                k = 10.0 + height[q]
            if dvonn & b:
                k += 5.0
            return 0.1 * height[m[0]] - k - hist.get(m, 0) * HIST_SCALE

        out = sorted(moves, key=key)
        if first is not None and first in moves:
            out.remove(first)
            out.insert(0, first)
        return out

    def negamax(self, player: int, depth: int, alpha: float, beta: float) -> float:
        """Negamax over stacking moves (N9–N16) on :attr:`fb`, for ``player`` to move."""
        self.nodes += 1
        if self.deadline is not None and not self.nodes & 63 and self.clock() > self.deadline:
            raise Timeout
        fb = self.fb
        key = fb.key ^ SIDES[player]
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
        if depth <= 0:
            return self.leaf(player, key)
        moves = fb.moves(player)
        if not moves:
            if not fb.has_move(1 - player):  # N16: the end
                return self.leaf(player, key)
            return -self.negamax(1 - player, depth - 1, -beta, -alpha)  # N15: a pass
        alpha0 = alpha
        best, best_move = -INF, None
        moves_order = self.ordered(player, moves, first)
        killer = self.killers.get(depth)
        if killer is not None and killer != first and killer in moves:
            moves_order.remove(killer)
            moves_order.insert(1 if first in moves else 0, killer)
        make, unmake = fb.make, fb.unmake
        stand = None  # depth 1: the position's own value, once futility pruning applies (FUTILITY)
        for m in moves_order:
            if stand is not None:
                p, q = m
                if arcs(occ ^ BIT[p], p) < 2:  # nothing can be cut off
                    bound = stand + (FUTILITY[2] if (theirs | dvonn) & BIT[q] or dvonn & BIT[p]
                                     else FUTILITY[1])
                    if bound <= alpha:
                        if bound > best:
                            best = bound
                        continue
            undo = make(m[0], m[1])
            v = -self.negamax(1 - player, depth - 1, -beta, -alpha)
            unmake(undo)
            if depth == 1 and best == -INF and v < beta and self.futility:
                occ, dvonn = fb.occ, fb.dvonn
                if occ.bit_count() >= FUTILITY[0]:
                    stand = self.leaf(player, key)
                    if stand + FUTILITY[1] > alpha:  # not even a quiet move can be pruned
                        stand = None
                    theirs = fb.black if player == 0 else fb.white
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        self.killers[depth] = m
                        self.history[m] = self.history.get(m, 0) + depth * depth
                        break
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        self.tt[key] = (depth, best, flag, best_move)
        return best

    # ----- the root -------------------------------------------------------------------------------------
    def _set_best(self, m) -> None:
        self.best = m if isinstance(m, int) else (CELL[m[0]], CELL[m[1]])

    def run(self):
        """Iterative deepening; a generator that yields after each root move. Sets ``best``, ``value``,
        ``depth`` and ``done``."""
        board, placed, player = self.board, self.placed, self.player
        if placed < N_CELLS:
            cells = placement_moves(board, placed)
            if self.rng is not None:  # equal placements in a random order (a player's seed): the
                self.rng.shuffle(cells)  # search keeps the first of equals, so games vary
            order = self.placement_order(board, placed, player, cells)
            self.best = order[0]
            if placement_piece(placed) == DVONN or len(order) == 1:
                self.depth, self.done = 1, True
                return
            left = N_CELLS - placed
            plan = [(min(self.placement_depth, left), 0)]
            end = self.place_end
            if end is not None and self.deadline is not None and left <= end[0]:  # to the full
                plan += [(d, 0) for d in range(self.placement_depth + 1, left + 1)]  # board, then
                plan += [(left, k) for k in range(1, end[1] + 1)]  # into the stacking phase
            moves: list = order
        else:
            self.fb = FastBoard.from_board(board)
            moves = self.fb.moves(player)
            if not moves:
                self.best, self.done = None, True
                return
            if self.rng is not None:
                self.rng.shuffle(moves)
            moves = self.ordered(player, moves, None)
            self._set_best(moves[0])
            if len(moves) == 1:
                self.depth, self.done = 1, True
                return
            if self.solve is not None and self.fb.occ.bit_count() <= self.solve[0]:
                yield from self.solve_root(moves)
                if self.solved in (0, 1):
                    self.done = True
                    return
            plan = [(d, 0) for d in range(1, self.max_depth + 1)]
        self.root_moves = moves
        try:
            for depth, self.place_plies in plan:
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
                            self._set_best(m)
                    yield
                self._set_best(best)
                self.value, self.depth = best_v, depth
                moves = sorted(moves, key=lambda m: -scores[m])  # the best first, then by bound
                if abs(best_v) >= WIN / 2:  # the end is in sight
                    break
        except Timeout:
            pass
        self.done = True

    def solve_root(self, moves: list):
        """Try to solve the game from the root (:class:`Solver`), with the share of the time and the
        nodes :attr:`solve` gives: ``(most stacks, share of the time left, most nodes, table)``. Sets
        :attr:`solved` to 1 (a win found: ``best`` is the winning move), 0 (a draw, no win: ``best``
        draws), -1 (every move loses: the search goes on, for the best practical chance) or 2 (not
        solved in time). A generator that yields after each root move."""
        assert self.solve is not None  # solve_root runs only when a solve is configured
        _, share, limit, table = self.solve
        deadline = None
        if self.deadline is not None:
            now = self.clock()
            deadline = now + share * max(0.0, self.deadline - now)
        sv = Solver(self.fb, table, deadline, limit, self.clock)
        fb, player = self.fb, self.player
        alpha, best_v, best = -1, -INF_SCORE, None
        self.solved = 2
        try:
            for m in moves:
                undo = fb.make(m[0], m[1])
                try:
                    v = -sv.value(1 - player, -1, -alpha)
                finally:
                    fb.unmake(undo)
                if v > best_v:
                    best_v, best = v, m
                    if v > alpha:
                        alpha = v
                        if v >= 1:
                            break
                yield
        except Timeout:  # the solver's makes below the root were not taken back: start afresh
            self.nodes += sv.nodes
            self.fb = FastBoard.from_board(self.board)
            return
        self.nodes += sv.nodes
        self.solved = 1 if best_v >= 1 else 0 if best_v == 0 else -1
        if self.solved >= 0:
            self._set_best(best)
            self.value = WIN + best_v if best_v > 0 else 0.0
            self.depth = 99

    def child_value(self, m, depth: int, alpha: float) -> float:
        """The value for the player to move at the root of root move ``m`` searched ``depth`` deep (a
        lower bound when it is at most ``alpha``)."""
        board, placed, player = self.board, self.placed, self.player
        if placed < N_CELLS:
            b = list(board)
            b[m] = placement_piece(placed)
            nxt = 0 if placed + 1 == N_CELLS else 1 - player
            if nxt == player:
                return self.place_negamax(b, placed + 1, nxt, depth - 1, alpha, INF)
            return -self.place_negamax(b, placed + 1, nxt, depth - 1, -INF, -alpha)
        fb = self.fb
        undo = fb.make(m[0], m[1])
        try:
            return -self.negamax(1 - player, depth - 1, -INF, -alpha)
        finally:
            fb.unmake(undo)


class Solver:
    """The exact result (win, draw or loss, N16–N18) of a stacking position on :attr:`fb`, searched to
    the end of the game: alpha-beta over the score margin in the null window ``(-1, 1)`` (a value of 1
    or more is a win, -1 or less a loss, 0 a draw), no evaluation (a node costs a move generation and a
    make, several times less than an evaluated one), captures of the tallest stacks first. ``table``
    maps a position's key to its bounds ``(low, high)``; it holds only results of that same window, so a
    player may keep it from move to move. Raises :class:`Timeout` past ``deadline`` (a value of
    ``clock``) or ``limit`` nodes."""

    def __init__(self, fb: FastBoard, table: dict, deadline: float | None, limit: int,
                 clock=time.monotonic):
        self.fb, self.table, self.deadline, self.limit, self.clock = fb, table, deadline, limit, clock
        self.nodes = 0

    def value(self, player: int, alpha: int, beta: int) -> int:
        """The margin for ``player`` to move (fail-soft: a bound outside ``(alpha, beta)``)."""
        self.nodes += 1
        if not self.nodes & 255 and (self.nodes > self.limit or (
                self.deadline is not None and self.clock() > self.deadline)):
            raise Timeout
        fb = self.fb
        key = fb.key ^ SIDES[player]
        e = self.table.get(key)
        if e is not None:
            lo, hi = e[0], e[1]
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
        moves = fb.moves(player)
        if not moves:
            if not fb.has_move(1 - player):  # N16: the end; N17: the margin
                w, b = fb.scores()
                return w - b if player == 0 else b - w
            return -self.value(1 - player, -beta, -alpha)  # N15: a pass
        theirs = fb.black if player == 0 else fb.white
        height = fb.height
        if len(moves) > 1:
            moves.sort(key=lambda m: -height[m[1]] if theirs & BIT[m[1]] else 0)
            if e is not None and e[2] in moves:
                moves.remove(e[2])
                moves.insert(0, e[2])
        a0, best, best_move = alpha, -INF_SCORE, None
        make, unmake = fb.make, fb.unmake
        for m in moves:
            undo = make(m[0], m[1])
            v = -self.value(1 - player, -beta, -alpha)
            unmake(undo)
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        if best <= a0:
            self.table[key] = (-INF_SCORE, best, best_move)
        elif best >= beta:
            self.table[key] = (best, INF_SCORE, best_move)
        else:
            self.table[key] = (best, best, best_move)
        return best


INF_SCORE = 100
"""More than any score margin (49 pieces)."""


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
