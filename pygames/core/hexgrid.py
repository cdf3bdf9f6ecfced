"""Hexagonal grid geometry shared by DVONN, ZÈRTZ and Dvertz (standard library only).

Cells are axial coordinates ``(x, y)`` of integers: ``x`` is the column (DVONN's A–K, ZÈRTZ's a–g) and
``y`` the row, the convention of PrimaDvonna, CodeCup 2011 and the ZÈRTZ notation page (see
``shared/research/dvonn_zertz.md`` §1.2). The six neighbours of ``(x, y)`` are ``(x±1, y)``,
``(x, y±1)``, ``(x+1, y+1)`` and ``(x-1, y-1)``; the three lines through a cell are its row, its
column and its ``x = y`` diagonal.

A :class:`HexBoard` numbers the cells of one board shape ``0..n-1`` and precomputes, per cell and
direction, the neighbour index (``-1`` off the board), so that hot loops work on small integers.

>>> b = HexBoard.hexagon(3)          # the 37 positions of ZÈRTZ's standard board
>>> len(b), len(b.neighbours[b.index[(3, 3)]])
(37, 6)
>>> b.step(b.index[(0, 0)], 0, 2) == b.index[(2, 0)]
True
"""
from __future__ import annotations

from typing import Iterable

DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))
"""The six unit steps, counter-clockwise; ``DIRECTIONS[(d + 3) % 6]`` is the opposite of ``d``."""


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Number of steps between two cells: ``max(|dx|, |dy|, |dy - dx|)``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    return max(abs(dx), abs(dy), abs(dy - dx))


class HexBoard:
    """One board shape: ``cells`` (tuple of ``(x, y)`` in the order given), ``index`` (cell → int),
    ``neighbours[i]`` (six neighbour indices, ``-1`` where the board ends, in :data:`DIRECTIONS`
    order)."""

    def __init__(self, cells: Iterable[tuple[int, int]]):
        self.cells: tuple[tuple[int, int], ...] = tuple(cells)
        self.index: dict[tuple[int, int], int] = {c: i for i, c in enumerate(self.cells)}
        if len(self.index) != len(self.cells):
            raise ValueError("a cell is listed twice")
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.index.get((x + dx, y + dy), -1) for dx, dy in DIRECTIONS) for x, y in self.cells)

    def __len__(self) -> int:
        return len(self.cells)

    @classmethod
    def hexagon(cls, radius: int, centre: tuple[int, int] | None = None) -> "HexBoard":
        """All cells within ``radius`` steps of ``centre`` (default ``(radius, radius)``, so that the
        lowest column and row are 0), ordered by column then row."""
        cx, cy = centre if centre is not None else (radius, radius)
        cells = [(x, y) for x in range(cx - radius, cx + radius + 1) for y in range(cy - radius, cy + radius + 1)
                 if hex_distance((cx, cy), (x, y)) <= radius]
        return cls(cells)

    def step(self, i: int, direction: int, n: int = 1) -> int:
        """The cell ``n`` steps from cell ``i`` in ``direction`` (index into :data:`DIRECTIONS`), or
        ``-1`` if the line leaves the board first."""
        nb = self.neighbours
        for _ in range(n):
            i = nb[i][direction]
            if i < 0:
                return -1
        return i

    def is_line(self, a: int, b: int) -> bool:
        """Whether cells ``a`` and ``b`` (indices) lie on one of the three lines through ``a``."""
        (ax, ay), (bx, by) = self.cells[a], self.cells[b]
        return a != b and (ax == bx or ay == by or bx - ax == by - ay)
