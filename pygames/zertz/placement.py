"""ZÈRTZ placements: which rings are free, which groups a placement isolates, and the list of every
placement action (rules Z5–Z8, Z14 and Z17 of ``docs/rules/zertz.md``).

A placement puts a marble of a colour the mover may take (Z5, Z17) on a vacant ring and then removes a
free ring (Z6–Z8; none when no other ring is free), capturing every group of rings it leaves full
(Z14). These functions read a :class:`~pygames.zertz.rules.ZertzState` and never change it; they are
the engine's hot loop, so they read the layout's precomputed neighbour tables
(:class:`~pygames.zertz.layout.Layout`) instead of walking the six directions each time.
"""
from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING

from ..core.errors import PygamesError
from . import logic
from .layout import Move
from .logic import CODES, COLOURS, WORDS

if TYPE_CHECKING:  # pragma: no cover
    from .rules import ZertzState


def vacant_and_free(state: "ZertzState") -> tuple[list[int], list[int]]:
    """The vacant rings and, among them, the free ones (Z6: two neighbour positions next to each other
    around it are both missing), each in cell order. Same answer as :func:`logic.free_rings`."""
    ring, m = state.ring, state.marbles
    vacant = [i for i in range(len(ring)) if ring[i] and not m[i]]
    shaped = open_cells(state)
    return vacant, [i for i in vacant if i in shaped]


def _opened_by(ring: list, around, gone) -> list[int]:
    """The cells next to the missing rings ``gone`` that have two neighbour positions next to each other
    missing: with ring ``u`` gone, its neighbour ``i`` has when ``p`` or ``q`` (``around[u]``) is
    missing too."""
    r = ring + [False]  # index len(ring): off the board
    return [i for u in gone for i, p, q in around[u] if not (r[p] and r[q])]


def open_cells(state: "ZertzState") -> frozenset[int]:
    """The cells with two neighbour positions next to each other missing (off the board or a removed
    ring): a vacant ring there is free (Z6). Rings never come back, so the set only grows: it is kept on
    the state with the number of rings gone, extended as rings leave (:func:`rings_gone`), and worked out
    again whenever that number does not match."""
    ring, lay = state.ring, state.L
    gone = len(ring) - ring.count(True)
    kept = state.__dict__.get("_open")
    if kept is not None and kept[0] == gone:
        return kept[1]
    cells = lay.edge_cells.union(_opened_by(ring, lay.around, [u for u in range(len(ring)) if not ring[u]]))
    state.__dict__["_open"] = (gone, cells)
    return cells


def rings_gone(state: "ZertzState", gone: tuple[int, ...]) -> None:
    """Note that the rings ``gone`` just left the board (Z7, Z14) in the kept :func:`open_cells`."""
    kept = state.__dict__.get("_open")
    if kept is None:
        return
    ring = state.ring
    now = len(ring) - ring.count(True)
    if kept[0] + len(gone) != now:  # the kept set was not current: work it out when asked
        del state.__dict__["_open"]
        return
    state.__dict__["_open"] = (now, kept[1].union(_opened_by(ring, state.L.around, gone)))


def _arcs(r: list, pairs) -> int:
    """How many separate arcs of present rings surround a cell whose neighbour pairs are ``pairs``."""
    n = 0
    for a, b in pairs:
        if r[b] and not r[a]:
            n += 1
    return n


def isolations(state: "ZertzState", vacant: list[int], free: list[int]) -> dict[tuple[int, int], tuple[int, ...]]:
    """``{(v, f): cells}`` for the placements on ``v`` removing ``f`` (-1: none) that isolate a full
    group (Z14); pairs not listed isolate nothing. ``vacant`` and ``free`` are
    :func:`vacant_and_free`'s answer.

    Between turns every group of rings holds a vacant ring (full ones are captured at once). A placement
    on ``v`` fills ``v``'s group when ``v`` was its only vacant ring. Removing ``f`` takes a vacant ring
    from ``f``'s group and may split it, which can only happen when ``f``'s remaining neighbours form
    more than one arc around it (else they stay linked through each other); the parts left with no
    vacant ring, or with only ``v``, are captured."""
    ring, m, lay = state.ring, state.marbles, state.L
    links, pairs = lay.links, lay.pairs
    n = len(ring)
    r = ring + [False]
    members = logic.groups(ring, links)  # in the order of their lowest cell (links: on-board neighbours)
    comp = [-1] * n
    for k, mem in enumerate(members):
        for i in mem:
            comp[i] = k
    vac = [0] * len(members)
    last = [0] * len(members)
    for i in vacant:
        vac[comp[i]] += 1
        last[comp[i]] = i
    ones = {last[k]: g for k, g in enumerate(members) if vac[k] == 1}  # v fills its group
    out: dict[tuple[int, int], tuple[int, ...]] = {}
    if not ones and all(vac[comp[f]] > 2 for f in free):
        # fast exit: no group is one placement from full, and no removal can split a group unless
        # some free ring's neighbours form several arcs
        if all(_arcs(r, pairs[f]) <= 1 for f in free):
            return out
    fset = set(free)
    for v, g in ones.items():
        if not (fset - {v}):
            out[(v, -1)] = tuple(sorted(g))
    for f in free:
        k = comp[f]
        base: list[int] = []
        local: dict[int, list[int]] = {}
        if _arcs(r, pairs[f]) <= 1:
            if vac[k] <= 2 and len(members[k]) > 1:
                rest = [i for i in members[k] if i != f]
                left = [i for i in rest if not m[i]]
                if not left:
                    base = rest
                elif len(left) == 1:
                    local[left[0]] = rest
        else:  # the parts of f's group once f is gone
            seen = {f}
            for s in links[f]:
                if ring[s] and s not in seen:
                    seen.add(s)
                    stack, mem = [s], []
                    while stack:
                        i = stack.pop()
                        mem.append(i)
                        for j in links[i]:
                            if ring[j] and j not in seen:
                                seen.add(j)
                                stack.append(j)
                    left = [i for i in mem if not m[i]]
                    if not left:
                        base += mem
                    elif len(left) == 1:
                        local[left[0]] = mem
        if base:
            for v in vacant:
                if v != f:
                    out[(v, f)] = tuple(sorted(base + local.get(v, ones.get(v, []))))
        else:
            for v, g in local.items():
                out[(v, f)] = tuple(sorted(g))
            for v, g in ones.items():
                if v != f:
                    out[(v, f)] = tuple(sorted(g))
    return out


def isolating(state: "ZertzState", base: Move, c: int, v: int, f: int, iso: tuple[int, ...]) -> Move:
    """The placement ``base`` (colour index ``c`` on ``v``, removing ``f``) with the marbles of the
    group it isolates, ``iso``, captured (Z14): ``Bd7,b2 x Wa1Wa2``."""
    names, m = state.L.names, state.marbles
    suffix = " x " + "".join((COLOURS[c] if i == v else CODES[m[i]]) + names[i] for i in iso)
    n = base.notation + suffix
    label = base.label + ", capturing " + ", ".join(
        f"{WORDS[COLOURS[c] if i == v else CODES[m[i]]]} on {names[i]}" for i in iso)
    return Move(n, base.targets, label=label, player=state.turn, kind=0, colour=c, cell=v, removed=f,
                isolated=iso)


def _picker(idx: list[int]):
    """``row -> tuple of row[i] for i in idx`` (``itemgetter`` returns a bare item for one index)."""
    if len(idx) == 1:
        i = idx[0]
        return lambda row: (row[i],)
    return itemgetter(*idx)


def placements(state: "ZertzState") -> list:
    """Every placement (Z5–Z8, Z14, Z17) of the player to move, ordered by colour, ring, removed ring;
    ``[]`` when they have no marble to place. The actions without isolation come from the layout's
    table (:meth:`~pygames.zertz.layout.Layout.table`), built once."""
    colours = logic.supply(state.pool, state.captures[state.turn])[1]
    if not colours:
        return []
    vacant, free = vacant_and_free(state)
    special = state._isolations(vacant, free)
    table = state.L.table(state.turn)
    # the removals that may follow a placement on v: every free ring but v, or none (index 0) (Z7, Z8)
    plus = [f + 1 for f in free] or [0]
    every = _picker(plus)
    fset = set(free)
    plan = []
    for v in vacant:
        if v in fset:
            idx = [f + 1 for f in free if f != v] or [0]
            plan.append((v, idx, _picker(idx)))
        else:
            plan.append((v, plus, every))
    by_v: dict[int, list] = {}  # the isolating placements (Z14) by ring: (removal column, cells)
    for (v, f), iso in special.items():
        if iso:
            by_v.setdefault(v, []).append((f + 1, iso))
    out: list = []
    for c in colours:
        tc = table[c]
        for v, idx, pick in plan:
            row = tc[v]
            start = len(out)
            out += pick(row)
            isos = by_v.get(v)
            if isos:  # those placements capture too: put them in their places
                for fi, iso in isos:
                    if fi in idx:
                        out[start + idx.index(fi)] = isolating(state, row[fi], c, v, fi - 1, iso)
    return out


def count_placements(state: "ZertzState") -> int:
    """``len(placements(state))`` without building the actions (for perft)."""
    colours = logic.supply(state.pool, state.captures[state.turn])[1]
    if not colours:
        return 0
    return len(colours) * per_colour(*vacant_and_free(state))


def per_colour(vacant: list[int], free: list[int]) -> int:
    """How many placements each colour has (Z7, Z8): a ring for the marble, each with every free ring
    but itself removed, or with none when no other ring is free. Every free ring is vacant (Z8), so
    with ``nf`` free rings that is ``nf`` per ring, ``nf - 1`` on the free ones."""
    nf = len(free)
    return len(vacant) if nf <= 1 else (len(vacant) - 1) * nf


def opens_jump(state: "ZertzState", v: int) -> bool:
    """Whether the marble just placed on ``v`` can jump, or be jumped by a neighbour (Z9): after a
    placement the only jumps that can be open, since none was open before it (capturing is compulsory)
    and removing rings or marbles opens none."""
    m, ring, lay = state.marbles, state.ring, state.L
    if not m[v]:  # isolated at once with its group (Z14)
        return False
    for j, k in lay.hops[v]:
        if m[j] and ring[k] and not m[k]:
            return True
    for a, b in lay.through[v]:
        if m[a] and ring[b] and not m[b]:
            return True
    return False


def isolated_by(state: "ZertzState", v: int, f: int) -> tuple[int, ...]:
    """Z14: the cells (sorted) of the groups of rings left full by a placement on ``v`` removing ``f``
    (-1: none), ``()`` when it isolates nothing; the same cells as :func:`isolations` gives for
    ``(v, f)``. Between turns every group holds a vacant ring, so only ``v``'s group and the parts of
    ``f``'s group can be full after it: each is walked from ``v`` or a neighbour of ``f`` until a vacant
    ring shows (most often at once)."""
    ring, m, links = state.ring, state.marbles, state.L.links
    seeds = [v] if f < 0 else [v, *links[f]]
    out: list[int] = []
    judged = {f}  # cells of the parts already walked; one walked up to a vacant ring may be partial
    for s in seeds:
        if s in judged or not ring[s] or (s != v and not m[s]):
            continue
        seen = {s}
        stack = [s]
        full = True
        while stack and full:
            for j in links[stack.pop()]:
                if ring[j] and j not in seen and j != f:
                    if j in judged or (j != v and not m[j]):  # a vacant ring (or a part known to hold one)
                        full = False
                        break
                    seen.add(j)
                    stack.append(j)
        if full:
            out += seen
        judged |= seen
    return tuple(sorted(out))


def draw_placement(state: "ZertzState", draw) -> Move:
    """``placements(state)[draw(n)]`` with ``n = len(placements(state))`` (Z5–Z8, Z14, Z17), without
    building the list: ``n`` counted as :func:`count_placements` counts, the drawn index walked down the
    list's order (colour, ring, removed ring) and only that placement's isolation (Z14) worked out, by
    :func:`isolated_by`. For random playouts (:meth:`State.pick_random`). Raises :class:`PygamesError`
    when the player to move has no marble to place."""
    colours = logic.supply(state.pool, state.captures[state.turn])[1]
    vacant, free = vacant_and_free(state)
    nf = len(free)
    total = per_colour(vacant, free)
    if not colours or not total:
        raise PygamesError("no legal action: the player to move has no marble to place")
    k = draw(len(colours) * total)
    c = colours[k // total]
    k %= total
    if nf <= 1:  # one placement per ring
        v, f = vacant[k], (free[0] if nf and free[0] != vacant[k] else -1)
    else:  # nf per ring, nf - 1 on a free ring (every free ring is vacant)
        fset = set(free)
        for v in vacant:
            cnt = nf - 1 if v in fset else nf
            if k < cnt:
                break
            k -= cnt
        f = [g for g in free if g != v][k]
    base = state.L.table(state.turn)[c][v][f + 1]
    iso = isolated_by(state, v, f)
    return isolating(state, base, c, v, f, iso) if iso else base
