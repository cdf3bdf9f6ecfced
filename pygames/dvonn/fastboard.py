"""A fast DVONN board for the computer's search: bitmasks and make/unmake instead of copied strings.

The rules referee is :mod:`pygames.dvonn.board` (and :mod:`pygames.dvonn.rules`); this board plays the
same stacking phase (rule ids of ``docs/rules/dvonn.md``: N8 control, N9 a move of exactly the stack's
height in a line onto an occupied space, N10 never onto an empty one, N11 a surrounded stack cannot
move, a lone DVONN piece never moves, N13 stacks no longer linked to a DVONN piece leave, N17 the score),
and ``tests/dvonn/test_fastboard.py`` replays random games through both and compares every legal move
and every board.

What play needs of a stack is its height, who controls it (its top piece, N8) and whether it holds a
DVONN piece (N13): the colours below the top never matter again. So a position is

- ``occ``, ``white``, ``black``, ``dvonn``: bitmasks of the occupied spaces, the stacks White and Black
  control, and the stacks holding a DVONN piece (a lone DVONN piece is in ``occ`` and ``dvonn`` only);
- ``height``: a list of stack heights by *position*;
- ``key``: a Zobrist hash of all of it, updated move by move (for the transposition table).

Positions: space ``(x, y)`` (axial, :mod:`pygames.core.hexgrid`) is bit ``x * 6 + y + 7``, so the six
neighbours are the shifts by ±1, ±6 and ±7, and the gaps (``y = 5`` in each column, below column 0)
are never occupied: a neighbour off the board is a bit that is never set. Positions grow with the
cell index of :mod:`pygames.dvonn.board` (:data:`POS`, :data:`CELL` convert).
"""
from __future__ import annotations

import random

from .board import CELLS, DVONN, GRID, LANDING, N_CELLS, TOTAL_PIECES

POS: tuple[int, ...] = tuple(x * 6 + y + 7 for x, y in CELLS)
"""Cell index (0..48) → position (bit number)."""
SIZE = max(POS) + 8
CELL: tuple[int, ...] = tuple(POS.index(p) if p in POS else -1 for p in range(SIZE))
"""Position → cell index (-1 for a gap)."""
BIT: tuple[int, ...] = tuple(1 << p for p in range(SIZE))
VALID = sum(BIT[p] for p in POS)
"""The mask of the 49 spaces."""
NEVER = 1 << (SIZE + 1)
"""A bit no position has: the surround mask of an edge space (it can never be surrounded, N11)."""


def _per_pos(values, default):
    out = [default] * SIZE
    for i, p in enumerate(POS):
        out[p] = values[i]
    return tuple(out)


LAND: tuple = _per_pos([tuple(sum(BIT[POS[j]] for j in LANDING[i][h]) for h in range(TOTAL_PIECES + 1))
                        for i in range(N_CELLS)], None)
"""``LAND[p][h]``: the mask of the spaces exactly ``h`` steps from position ``p`` along its six lines
(N9); ``h`` is 0..49 (0 and anything past the board's width give 0)."""
LAND_SEQ: tuple = _per_pos([tuple(tuple(POS[j] for j in LANDING[i][h]) for h in range(TOTAL_PIECES + 1))
                            for i in range(N_CELLS)], None)
"""The same spaces as positions, in :data:`pygames.core.hexgrid.DIRECTIONS` order (move generation)."""
SURROUND: tuple = _per_pos([sum(BIT[POS[j]] for j in GRID.neighbours[i]) if min(GRID.neighbours[i]) >= 0
                            else NEVER for i in range(N_CELLS)], NEVER)
"""``SURROUND[p]``: the mask of the six neighbours of an interior space, :data:`NEVER` on the edge; the
stack on ``p`` is surrounded (N11) when ``occ & SURROUND[p] == SURROUND[p]``."""


def _arcs_table() -> tuple[int, ...]:
    # index bits: 0 ↔ p-7, 1 ↔ p-6, 2 ↔ p-1, 3 ↔ p+1, 4 ↔ p+6, 5 ↔ p+7; ring (DIRECTIONS) order:
    # +6, +7, +1, -6, -7, -1
    ring = (4, 5, 3, 1, 0, 2)
    out = []
    for k in range(64):
        occ = [(k >> b) & 1 for b in ring]
        out.append(sum(1 for r in range(6) if occ[r] and not occ[r - 1]))
    return tuple(out)


ARCS = _arcs_table()


def arcs(occ: int, p: int) -> int:
    """How many separate arcs the occupied neighbours of position ``p`` form around it (0 to 3): with one
    or none, emptying ``p`` cannot cut anything off (N13)."""
    w = occ >> (p - 7)
    return ARCS[(w & 3) | ((w >> 4) & 4) | ((w >> 5) & 8) | ((w >> 9) & 48)]


def spread(mask: int) -> int:
    """``mask`` and its neighbours (on the board or not: mask the result)."""
    return mask | mask << 1 | mask >> 1 | mask << 6 | mask >> 6 | mask << 7 | mask >> 7


def linked(dvonn: int, occ: int) -> int:
    """N13: the occupied spaces (``occ``) linked to a stack of ``dvonn`` through adjacent occupied
    spaces (a flood fill, a few shifts per step)."""
    r = dvonn & occ
    while True:
        n = (r | r << 1 | r >> 1 | r << 6 | r >> 6 | r << 7 | r >> 7) & occ
        if n == r:
            return r
        r = n


def positions(mask: int):
    """The positions of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


_rng = random.Random(20111016)
ZOBRIST: tuple[int, ...] = tuple(_rng.getrandbits(64) for _ in range(SIZE * (TOTAL_PIECES + 1) * 5))
"""Random keys per (position, height, kind): kind 0/1 a stack White controls without/with a DVONN piece,
2/3 Black's, 4 a lone DVONN piece."""
SIDE = _rng.getrandbits(64)
"""Xored into a key when Black is to move (the search's transposition keys)."""


def zkey(p: int, h: int, kind: int) -> int:
    return ZOBRIST[(p * (TOTAL_PIECES + 1) + h) * 5 + kind]


class FastBoard:
    """A stacking-phase position (see the module doc) with :meth:`make` and :meth:`unmake`.

    Built from a board of :mod:`pygames.dvonn.board` (49 stack strings) by :meth:`from_board`.
    """

    __slots__ = ("occ", "white", "black", "dvonn", "height", "key")

    def __init__(self) -> None:
        self.occ = self.white = self.black = self.dvonn = 0
        self.height = [0] * SIZE
        self.key = 0

    @classmethod
    def from_board(cls, board: list[str]) -> "FastBoard":
        """The position of ``board`` (49 stack strings, cell order)."""
        fb = cls()
        key = 0
        for i, s in enumerate(board):
            if not s:
                continue
            p = POS[i]
            b = BIT[p]
            fb.occ |= b
            fb.height[p] = len(s)
            d = DVONN in s
            if d:
                fb.dvonn |= b
            t = s[-1]
            if t == "W":
                fb.white |= b
                kind = 1 if d else 0
            elif t == "B":
                fb.black |= b
                kind = 3 if d else 2
            else:
                kind = 4
            key ^= zkey(p, len(s), kind)
        fb.key = key
        return fb

    def kind(self, p: int) -> int:
        """The Zobrist kind of the stack on position ``p`` (see :data:`ZOBRIST`)."""
        b = BIT[p]
        d = 1 if self.dvonn & b else 0
        if self.white & b:
            return d
        if self.black & b:
            return 2 + d
        return 4

    def cells(self) -> list[tuple[int, str, bool]]:
        """Per cell (cell order): ``(height, top, holds a DVONN piece)`` with top ``"W"``, ``"B"``,
        ``"D"`` or ``""`` (empty): what play depends on, for comparing with a board of strings."""
        out = []
        for p in POS:
            b = BIT[p]
            top = "W" if self.white & b else "B" if self.black & b else "D" if self.occ & b else ""
            out.append((self.height[p], top, bool(self.dvonn & b)))
        return out

    def moves(self, player: int) -> list[tuple[int, int]]:
        """The moves ``(from, to)`` (positions) of ``player`` (0 White, 1 Black), N9–N11, in the order of
        :func:`pygames.dvonn.board.player_moves` (by source cell, then by direction)."""
        occ = self.occ
        height = self.height
        out = []
        m = self.white if player == 0 else self.black
        while m:
            low = m & -m
            m ^= low
            p = low.bit_length() - 1
            sm = SURROUND[p]
            if occ & sm == sm:
                continue
            for q in LAND_SEQ[p][height[p]]:
                if occ >> q & 1:
                    out.append((p, q))
        return out

    def has_move(self, player: int) -> bool:
        """Whether ``player`` has a move (asked only where the player to move has none: rare)."""
        return bool(self.moves(player))

    def make(self, p: int, q: int) -> tuple:
        """Play the move ``p`` → ``q`` (positions; unchecked): the stack goes onto the stack at ``q`` (N9),
        then stacks no longer linked to a DVONN piece leave (N13). Returns what :meth:`unmake` needs."""
        height = self.height
        occ, white, black, dvonn, key = self.occ, self.white, self.black, self.dvonn, self.key
        undo: tuple = (p, q, occ, white, black, dvonn, key, height[p], height[q], None)
        bp, bq = BIT[p], BIT[q]
        h, hq = height[p], height[q]
        kp, kq = self.kind(p), self.kind(q)
        d = 1 if (dvonn & (bp | bq)) else 0
        if white & bp:
            white = (white ^ bp) | bq
            black &= ~bq
            kn = d
        else:
            black = (black ^ bp) | bq
            white &= ~bq
            kn = 2 + d
        key ^= zkey(p, h, kp) ^ zkey(q, hq, kq) ^ zkey(q, h + hq, kn)
        height[q] = h + hq
        height[p] = 0
        occ ^= bp
        moved_dvonn = dvonn & bp
        if moved_dvonn:
            dvonn = (dvonn ^ bp) | bq
        lost_list = None
        if moved_dvonn or arcs(occ, p) >= 2:
            lost = occ & ~linked(dvonn, occ)
            if lost:
                lost_list = []
                m = lost
                while m:
                    low = m & -m
                    m ^= low
                    r = low.bit_length() - 1
                    hr = height[r]
                    lost_list.append((r, hr))
                    key ^= zkey(r, hr, 0 if white & low else 2)
                    height[r] = 0
                keep = ~lost
                occ &= keep
                white &= keep
                black &= keep
                undo = undo[:9] + (lost_list,)
        self.occ, self.white, self.black, self.dvonn, self.key = occ, white, black, dvonn, key
        return undo

    def unmake(self, undo: tuple) -> None:
        """Take back the move :meth:`make` returned ``undo`` for."""
        p, q, self.occ, self.white, self.black, self.dvonn, self.key, hp, hq, lost = undo
        height = self.height
        if lost:  # first: the stack just built on q may have left too
            for r, hr in lost:
                height[r] = hr
        height[p] = hp
        height[q] = hq

    def scores(self) -> tuple[int, int]:
        """N17: the pieces in the stacks White and Black control."""
        height = self.height
        return (sum(height[p] for p in positions(self.white)),
                sum(height[p] for p in positions(self.black)))


__all__ = ["FastBoard", "POS", "CELL", "BIT", "LAND", "LAND_SEQ", "SURROUND", "VALID", "SIDE", "arcs",
           "linked", "positions", "spread"]
