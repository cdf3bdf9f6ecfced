"""ZÈRTZ's marble logic as plain functions over plain lists, reusable by Dvertz (standard library only).

A *board* here is three things indexed by the cells of a :class:`~pygames.core.hexgrid.HexBoard`:

- ``marbles[i]``: ``0`` for no marble, else a colour code ``1`` white, ``2`` grey, ``3`` black
  (:data:`CODES`; a colour *index* ``c`` in 0..2 is code ``c + 1``);
- ``landable[i]``: whether a marble may stand on cell ``i`` at all, true or false (ZÈRTZ: the ring is
  still there; Dvertz: a DVONN stack is there, its stack string itself). A marble may *land* on ``i``
  when ``landable[i]`` and no marble is on it: this is the pluggable part;
- ``neighbours``: :attr:`HexBoard.neighbours` (six indices per cell, ``-1`` off the board), and the
  hop table built from it once per board (:func:`hop_lines`), which the jump functions take.

A jump sequence is ``(start, hops)`` with ``hops`` a tuple of ``(over, land)`` cell pairs: the marble on
``start`` jumps the marble on ``over`` (an adjacent cell) to the landable, marble-free cell ``land``
directly beyond, then goes on from ``land``. Sources: GIPF-Z "Capturing" (research note
``dvonn_zertz.md`` §2.3, rules Z9–Z12 of ``docs/rules/zertz.md``) and RULINGS.md "Dvertz" 5.

>>> from pygames.core.hexgrid import HexBoard
>>> b = HexBoard.hexagon(1)                       # 7 cells around (1, 1)
>>> m = [0] * 7
>>> m[b.index[(0, 0)]], m[b.index[(1, 1)]] = 1, 3  # white at (0,0), black at the centre
>>> seqs = jump_sequences(m, [True] * 7, hop_lines(b.neighbours))
>>> [(b.cells[s], [(b.cells[o], b.cells[l]) for o, l in h]) for s, h in seqs]
[((0, 0), [((1, 1), (2, 2))])]
"""
from __future__ import annotations

from itertools import compress
from typing import Sequence

CODES = "-WGB"
"""Colour letters by code: ``CODES[1] == "W"``; code 0 is "no marble"."""
COLOURS = "WGB"
"""Colour letters by colour index 0..2."""
WORDS = {"W": "white", "G": "grey", "B": "black"}
"""A colour letter as a player reads it, for the actions' labels (presentation only)."""


def jump_label(start: str, hops: Sequence[tuple[str, str]]) -> str:
    """A jump's label: ``Jump from d1: over grey to d3, over white to d5`` for the notation ``x d1Gd3Wd5``
    (``hops``: the jumped marble's colour letter and the landing ring's name of each hop)."""
    return f"Jump from {start}: " + ", ".join(f"over {WORDS[c]} to {land}" for c, land in hops)

Hop = tuple[int, int]
Jump = tuple[int, tuple[Hop, ...]]


Hops = tuple[tuple[Hop, ...], ...]
"""A board's hop table (:func:`hop_lines`): ``hops[i]`` the ``(over, land)`` pairs from cell ``i``."""


def hop_lines(neighbours) -> Hops:
    """``hops[i]``: the ``(over, land)`` cell pairs of the hops a marble on cell ``i`` could make (Z9):
    for each of the six directions in order, the adjacent cell and the one directly beyond, when both
    are on the board. ``neighbours[i][d]`` is cell ``i``'s neighbour in direction ``d`` (``-1``: off
    the board). Built once per board by its owner (``Layout.hops``, Dvertz's ``HOPS``) and passed to
    the functions below."""
    return tuple(tuple((nb[d], neighbours[nb[d]][d]) for d in range(6)
                       if nb[d] >= 0 and neighbours[nb[d]][d] >= 0) for nb in neighbours)


def has_jump(marbles: Sequence[int], landable: Sequence[object], hops: Hops) -> bool:
    """Whether any marble on the board can jump (Z9: then capturing is compulsory); ``hops`` is the
    board's :func:`hop_lines`."""
    lines = hops
    for i in compress(range(len(marbles)), marbles):  # the cells holding a marble
        for j, k in lines[i]:
            if marbles[j] and landable[k] and not marbles[k]:
                return True
    return False


def jump_sequences(marbles: Sequence[int], landable: Sequence[object], hops: Hops,
                   starts: Sequence[int] | None = None) -> list[Jump]:
    """Every complete jump sequence (Z9–Z12): any marble may start, each hop jumps an adjacent marble
    onto the landable, marble-free cell beyond, and a sequence goes on while its marble can jump again,
    in any direction, so only maximal sequences are listed (sequences of different lengths are all
    legal: there is no rule of the longest capture). ``hops`` is the board's :func:`hop_lines`; ``starts``
    limits the starting cells.

    Returns ``[(start, ((over, land), ...)), ...]`` ordered by start cell then direction; ``[]`` when no
    marble can jump. ``marbles`` is not modified (a private copy is used)."""
    lines = hops
    out: list[Jump] = []
    m: list[int] = []

    def extend(i: int, path: list[Hop], start: int) -> None:
        moved = False
        for j, k in lines[i]:
            if m[j] and landable[k] and not m[k]:
                moved = True
                me, over = m[i], m[j]
                m[i] = m[j] = 0
                m[k] = me
                path.append((j, k))
                extend(k, path, start)
                path.pop()
                m[k] = 0
                m[i], m[j] = me, over
        if not moved and path:
            out.append((start, tuple(path)))

    cells = range(len(marbles)) if starts is None else starts
    for i in compress(cells, map(marbles.__getitem__, cells)):  # the cells holding a marble
        for j, k in lines[i]:
            if marbles[j] and landable[k] and not marbles[k]:  # it can jump (Z9)
                if not m:
                    m = list(marbles)
                extend(i, [], i)
                break
    return out


def apply_jump(marbles: list[int], start: int, hops: Sequence[Hop]) -> list[int]:
    """Play a jump sequence on ``marbles`` in place; returns the captured colour codes in order.
    Unchecked: the caller passes a sequence from :func:`jump_sequences`."""
    me = marbles[start]
    marbles[start] = 0
    taken = []
    for over, land in hops:
        taken.append(marbles[over])
        marbles[over] = 0
    marbles[hops[-1][1]] = me
    return taken


def supply(pool: Sequence[int], own_captures: Sequence[int]) -> tuple[str, list[int]]:
    """Where the marble of a placement comes from and which colours (indices 0..2) may be placed (Z5,
    Z17): ``("pool", colours)`` while the pool holds any marble, else ``("captures", colours)`` from the
    mover's own captured marbles; the list is empty when neither holds a marble."""
    if pool[0] or pool[1] or pool[2]:
        return "pool", [c for c in range(3) if pool[c]]
    return "captures", [c for c in range(3) if own_captures[c]]


def is_free(ring: Sequence[bool], marbles: Sequence[int], neighbours, i: int) -> bool:
    """Z6: ring ``i`` is free: present, vacant, and two neighbour positions next to each other around it
    are both missing (off the board or removed), so it slides out without disturbing the others."""
    if not ring[i] or marbles[i]:
        return False
    nb = neighbours[i]
    prev = nb[5] < 0 or not ring[nb[5]]
    for d in range(6):
        miss = nb[d] < 0 or not ring[nb[d]]
        if miss and prev:
            return True
        prev = miss
    return False


def free_rings(ring: Sequence[bool], marbles: Sequence[int], neighbours) -> list[int]:
    """All free rings (Z6), in cell order."""
    return [i for i in range(len(ring)) if ring[i] and not marbles[i] and is_free(ring, marbles, neighbours, i)]


def groups(ring: Sequence[bool], neighbours) -> list[list[int]]:
    """The connected groups of present rings (each sorted), in order of their lowest cell."""
    seen = [False] * len(ring)
    out = []
    for s in range(len(ring)):
        if ring[s] and not seen[s]:
            seen[s] = True
            stack, comp = [s], []
            while stack:
                i = stack.pop()
                comp.append(i)
                for j in neighbours[i]:
                    if j >= 0 and ring[j] and not seen[j]:
                        seen[j] = True
                        stack.append(j)
            comp.sort()
            out.append(comp)
    return out


def isolated_groups(ring: Sequence[bool], marbles: Sequence[int], neighbours) -> list[list[int]]:
    """Z14: the groups of present rings on which every ring holds a marble (captured by the mover)."""
    return [g for g in groups(ring, neighbours) if all(marbles[i] for i in g)]
