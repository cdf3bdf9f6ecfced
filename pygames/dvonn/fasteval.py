"""DVONN's stacking evaluation on the fast board (:mod:`pygames.dvonn.fastboard`), for the search.

The terms, their weights and the game situations behind them are those of
:mod:`pygames.dvonn.evaluation` (its module doc explains each one; rule ids of ``docs/rules/dvonn.md``
N8–N17). That module's :func:`~pygames.dvonn.evaluation.stacking_terms` counts them one by one on a board
of strings, readably; this one adds up the same weighted sum with bitmasks, about ten times faster,
which is what lets the search go a ply deeper. ``tests/dvonn/test_fastboard.py`` checks that the two
agree on random positions.

How the terms are counted here: a space's :data:`~pygames.dvonn.evaluation.NEAR` value is 1, plus 1 on a
DVONN stack, 0.25 one step from one, 0.06 two steps away; so a set of landing spaces ``t`` is worth
``popcount(t) + popcount(t & n0) + 0.25 popcount(t & n1) + 0.06 popcount(t & n2)`` with the masks of
the spaces at distance 0, 1 and 2 (:func:`near_masks`). A cut-off (``cut``, ``exposed``) is looked for
only under a stack that can move, holds no DVONN piece and whose occupied neighbours form two or more
arcs: emptying the space and flooding from the DVONN pieces shows what would leave (N13).
"""
from __future__ import annotations

from .evaluation import NEAR, TEMPO, WEIGHTS, WIN, piece_weight
from .fastboard import (ARCS, BIT, LAND_SEQ, POS, SIZE, SURROUND, VALID, FastBoard, linked, positions,
                        spread)

_near: dict[int, list[float]] = {}
_lost: dict[int, int] = {}
LOST_LIMIT = 50_000
"""The cut-off cache (:func:`fast_value`): what leaves (N13) when a space is emptied depends only on the
spaces still occupied and where the DVONN pieces stand, and sibling positions of a search (one stack
moved to different spaces) share them; emptied past this many entries (about 6 MB, in the browser too)."""

W_STACKS, W_MOB, W_BLOCKED = WEIGHTS["stacks"], WEIGHTS["mobility"], WEIGHTS["blocked"]
W_REACH, W_DCTL, W_DEAD = WEIGHTS["dvonn_reach"], WEIGHTS["dvonn_control"], WEIGHTS["dead"]
W_THREATS, W_ATTACK, W_CUT = WEIGHTS["threats"], WEIGHTS["attack"], WEIGHTS["cut"]
W_EXPOSED = WEIGHTS["exposed"]


def near_table(dvonn: int) -> list[float]:
    """Per position, the :data:`~pygames.dvonn.evaluation.NEAR` value of its distance to the nearest
    stack holding a DVONN piece (``dvonn``, a mask), cached by that mask."""
    got = _near.get(dvonn)
    if got is None:
        got = [0.0] * SIZE
        ring, seen, d = dvonn, dvonn, 0
        while ring:
            for p in positions(ring):
                got[p] = NEAR[min(d, 10)]
            nxt = spread(ring) & VALID & ~seen
            seen |= nxt
            ring, d = nxt, d + 1
        if not dvonn:
            for p in POS:
                got[p] = NEAR[10]
        if len(_near) > 4096:
            _near.clear()
        _near[dvonn] = got
    return got


def _side(fb: FastBoard, c: int, near: list[float], candidates: list[int]) -> tuple:
    """One player's raw terms: ``(pieces, stacks, mobility, blocked, reach, dvonn control, dead,
    threats, attack, any stack movable)``; appends to ``candidates`` the stacks that may stand on a
    cut point (movable, no DVONN piece, two or more arcs of occupied neighbours)."""
    occ, dvonn, height = fb.occ, fb.dvonn, fb.height
    mine = fb.white if c == 0 else fb.black
    theirs = fb.black if c == 0 else fb.white
    pieces = dead = dctl = att = 0
    stacks = mob = blk = reach = thr = 0.0
    moving = False
    m = mine
    while m:
        low = m & -m
        m ^= low
        p = low.bit_length() - 1
        h = height[p]
        pieces += h
        stacks += near[p]
        if dvonn & low:
            dctl += h
        sm = SURROUND[p]
        seq = LAND_SEQ[p][h]
        target = False
        if occ & sm == sm:  # surrounded (N11)
            for q in seq:
                if height[q]:
                    target = True
                    blk += near[q]
            if not target:
                dead += 1
            continue
        for q in seq:
            if height[q]:
                target = True
                w = near[q]
                mob += w
                b = BIT[q]
                if dvonn & b:
                    reach += w
                if theirs & b:
                    thr += w
                    if height[q] > att:
                        att = height[q]
        if not target:
            dead += 1
            continue
        moving = True
        if not dvonn & low:
            w = occ >> (p - 7)  # fastboard.arcs, inlined
            if ARCS[(w & 3) | ((w >> 4) & 4) | ((w >> 5) & 8) | ((w >> 9) & 48)] >= 2:
                candidates.append(p)
    return pieces, stacks, mob, blk, reach, dctl, dead, thr, att, moving


def fast_value(fb: FastBoard, to_move: int) -> float:
    """White's value of the position, exactly :func:`pygames.dvonn.evaluation.stacking_value` of the
    same board (the same terms summed in the same order): the weighted terms, or the final score margin
    plus or minus :data:`WIN` when no stack can move (N16, N17)."""
    near = near_table(fb.dvonn)
    candidates: list[int] = []
    pw, sw, mw, bw, rw, cw, dw, tw, aw, movw = _side(fb, 0, near, candidates)
    pb, sb, mb, bb, rb, cb, db, tb, ab, movb = _side(fb, 1, near, candidates)
    if not (movw or movb):
        if pw == pb:
            return 0.0
        return (WIN if pw > pb else -WIN) + (pw - pb)
    occ, dvonn, height, white = fb.occ, fb.dvonn, fb.height, fb.white
    cut = [0, 0]
    exposed = [0, 0]
    cache = _lost
    dkey = dvonn << SIZE
    for v in candidates:
        rest = occ ^ BIT[v]
        k = rest | dkey
        lost = cache.get(k)
        if lost is None:
            lost = rest & ~linked(dvonn, rest)
            if len(cache) > LOST_LIMIT:
                cache.clear()
            cache[k] = lost
        if not lost:
            continue
        hw = hb = 0
        while lost:
            low = lost & -lost
            lost ^= low
            if white & low:
                hw += height[low.bit_length() - 1]
            else:
                hb += height[low.bit_length() - 1]
        if white & BIT[v]:
            if hb - hw > cut[0]:
                cut[0] = hb - hw
            exposed[1] += hb
        else:
            if hw - hb > cut[1]:
                cut[1] = hw - hb
            exposed[0] += hw
    x = piece_weight(occ.bit_count()) * (pw - pb)
    x += W_STACKS * (sw - sb)
    x += W_MOB * (mw - mb)
    x += W_BLOCKED * (bw - bb)
    x += W_REACH * (rw - rb)
    x += W_DCTL * (cw - cb)
    x += W_DEAD * (dw - db)
    x += W_THREATS * (tw - tb)
    if to_move == 0:
        x += (W_ATTACK + TEMPO) * aw - W_ATTACK * ab
        x += (W_CUT + TEMPO) * cut[0] - W_CUT * cut[1]
    else:
        x += W_ATTACK * aw - (W_ATTACK + TEMPO) * ab
        x += W_CUT * cut[0] - (W_CUT + TEMPO) * cut[1]
    x += W_EXPOSED * (exposed[0] - exposed[1])
    return x


__all__ = ["fast_value", "near_table"]
