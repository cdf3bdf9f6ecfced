"""ZÈRTZ evaluation, playout policy and candidate moves for the MCTS bot: the marble race toward each
winning set, the captures the player to move can make now (a forced sequence), placements that hand the
opponent no capture, and placements that leave the opponent none (so they must hand one over).

A placement adds one marble and removes at most one vacant ring; removing rings or marbles never opens
a jump, and no jump is open before a placement (capturing is compulsory, Z9). So the jumps open after a
placement on ``v`` are those through ``v`` (:func:`openings`), less the one whose landing ring was just
removed: that is how :func:`gives_capture` and :func:`safe_cells` decide in a few steps what would
otherwise need the move played and every jump listed.

The MCTS hooks (``core.bots``): :func:`evaluate`, :func:`rollout_policy` and :func:`candidates` (the
game's shortlist, ``Game.extra["candidates"]``).
"""
from __future__ import annotations

import math
import random
from typing import Sequence

from . import logic
from .rules import WINS

ZUGZWANG_SCAN = 10
"""Placements are checked one by one for the opponent's safe replies only when the player to move has at
most this many safe rings (the end of a game, where running the opponent out of safe moves decides it)."""
PLAYOUT_TURNS = 2
"""The longest playout, whatever the level's depth: the evaluation after two turns judged better than
after longer quick play (medium against easy, 8-turn playouts: 0.794 over 17 games; at most 4: 0.850
over 40; at most 2: 0.883 over 30; easy with 2 still beat random 40 of 40)."""
GIVE_BACK = 0.8
"""How much of the opponent's best single-marble gain counts against a player to move who has no safe
placement (they must hand a capture over)."""


def race(captured, pool_kind: str) -> float:
    """How close ``captured`` (white, grey, black) is to the nearest winning set, 0..1 (1 = won)."""
    best = 0.0
    for need in WINS[pool_kind]:
        parts = [min(1.0, c / n) for c, n in zip(captured, need) if n]
        best = max(best, sum(parts) / len(parts))
    return best


def gain(captured: Sequence[int], colours: Sequence[int], pool_kind: str) -> float:
    """How much taking the marbles of ``colours`` (indices 0..2) moves ``captured`` toward a win."""
    caps = list(captured)
    for c in colours:
        caps[c] += 1
    return race(caps, pool_kind) - race(captured, pool_kind)


def best_capture(state) -> tuple[float, list[int]]:
    """The most valuable capture the player to move can make now (forced: Z9) and its colours."""
    jumps = state.jumps()
    best, colours = 0.0, []
    pl = state.turn
    for start, hops in jumps:
        taken = [state.marbles[o] - 1 for o, _ in hops]
        caps = list(state.captures[pl])
        for c in taken:
            caps[c] += 1
        v = race(caps, state.pool_kind)
        if v > best:
            best, colours = v, taken
    return best, colours


def openings(marbles: Sequence[int], ring: Sequence[bool], nb, v: int) -> list[int]:
    """The landing rings of the jumps a marble placed on the vacant ring ``v`` would open: it jumps a
    neighbour, or a neighbour jumps it (Z9). Assumes no jump is open before the placement."""
    out = []
    nv = nb[v]
    for d in range(6):
        j = nv[d]
        if j >= 0 and marbles[j]:
            k = nb[j][d]  # the new marble jumps j
            if k >= 0 and ring[k] and not marbles[k]:
                out.append(k)
            k = nv[d - 3]  # j jumps the new marble
            if k >= 0 and ring[k] and not marbles[k]:
                out.append(k)
    return out


def safe_at(marbles: Sequence[int], ring: Sequence[bool], nb, v: int) -> bool:
    """Whether a placement on the vacant ring ``v`` can hand the opponent no capture: it opens no jump,
    or only jumps onto one free ring (Z6) that the same turn removes. Assumes no jump is open now. (A
    placement that isolates a group may also be safe; it is not counted here.)"""
    o = openings(marbles, ring, nb, v)
    if not o:
        return True
    k = o[0]
    for x in o:
        if x != k:
            return False
    return logic.is_free(ring, marbles, nb, k)


def safe_cells(marbles: Sequence[int], ring: Sequence[bool], nb) -> list[int]:
    """The vacant rings where a placement can hand the opponent no capture (:func:`safe_at`)."""
    return [v for v in range(len(ring)) if ring[v] and not marbles[v] and safe_at(marbles, ring, nb, v)]


def has_safe_cell(marbles: Sequence[int], ring: Sequence[bool], nb) -> bool:
    """Whether :func:`safe_cells` is not empty (stops at the first)."""
    for v in range(len(ring)):
        if ring[v] and not marbles[v] and safe_at(marbles, ring, nb, v):
            return True
    return False


def gives_capture(state, action, opens: dict[int, list[int]] | None = None) -> bool:
    """Whether the placement ``action`` (a legal placement of ``state``, no jump open) leaves the
    opponent a jump. ``opens`` caches :func:`openings` by ring."""
    if action.isolated:
        child = state.clone()
        child.play(action)
        return child.result is None and logic.has_jump(child.marbles, child.ring, child.L.hops)
    v = action.cell
    o = opens.get(v) if opens is not None else None
    if o is None:
        o = openings(state.marbles, state.ring, state.L.nb, v)
        if opens is not None:
            opens[v] = o
    f = action.removed
    return any(k != f for k in o)


def _no_safe_reply(state, v: int, f: int) -> bool:
    """After a safe placement on ``v`` removing ``f`` (no isolation), whether the opponent has no safe
    placement (so must hand over a capture)."""
    m = list(state.marbles)
    r = list(state.ring)
    m[v] = 1
    if f >= 0:
        r[f] = False
    return not has_safe_cell(m, r, state.L.nb)


def evaluate(state) -> list[float]:
    """Per-player values in (-1, 1): the race difference, counting the mover's best capture now, or,
    when the mover has no capture and no safe placement, part of the opponent's best single gain."""
    if state.result is not None:
        return state.returns()
    r = [race(state.captures[p], state.pool_kind) for p in (0, 1)]
    pl = state.turn
    m, ring, nb = state.marbles, state.ring, state.L.nb
    if logic.has_jump(m, ring, state.L.hops):
        r[pl] = max(r[pl], best_capture(state)[0])
    elif not has_safe_cell(m, ring, nb):
        op = state.captures[1 - pl]
        on_board = {x - 1 for x in m if x}
        if on_board:
            r[1 - pl] += GIVE_BACK * max(gain(op, [c], state.pool_kind) for c in on_board)
    v = math.tanh(2.5 * (r[0] - r[1]))
    return [v, -v]


def _best_jump(state, acts, rng: random.Random):
    if len(acts) == 1:
        return acts[0]
    caps0 = state.captures[state.turn]
    scored = []
    for a in acts:
        caps = list(caps0)
        for o, _ in a.hops:
            caps[state.marbles[o] - 1] += 1
        scored.append((race(caps, state.pool_kind), rng.random(), a))
    return max(scored, key=lambda t: (t[0], t[1]))[2]


def rollout_policy(state, rng: random.Random):
    """Captures: the most valuable sequence (ties at random). Placements: a random one among a few
    samples that leaves the opponent no capture, when one is found."""
    acts = state.legal_actions()
    if acts[0].kind == 1:
        return _best_jump(state, acts, rng)
    opens: dict[int, list[int]] = {}
    for _ in range(8):
        a = acts[rng.randrange(len(acts))]
        if not gives_capture(state, a, opens):
            return a
    return acts[rng.randrange(len(acts))]


def playout_move(state, rng: random.Random):
    """The playout's move for the player to move in ``state`` (not over), built without listing every
    legal action: the most valuable jump sequence when capturing is forced (Z9, ties at random); else
    usually a placement that isolates a group (Z14), then one of a few random placements that hands the
    opponent no capture, else a random one. Returns a legal :class:`~pygames.zertz.rules.Move`.

    It reads the position through the state's own move builders (``_jump_move``, ``_isolations``,
    ``_isolating`` and the layout's move table), so its moves are the engine's moves."""
    m, ring, nb = state.marbles, state.ring, state.L.nb
    pl = state.turn
    jumps = state.jumps()
    if jumps:
        kind = state.pool_kind
        caps = state.captures[pl]
        best = max(jumps, key=lambda j: (gain(caps, [m[o] - 1 for o, _ in j[1]], kind), rng.random()))
        return state._jump_move(best[0], best[1])
    colours = logic.supply(state.pool, state.captures[pl])[1]
    vacant = [i for i in range(len(ring)) if ring[i] and not m[i]]
    free = [i for i in vacant if logic.is_free(ring, m, nb, i)]
    iso = state._isolations(vacant, free)
    c = colours[rng.randrange(len(colours))]
    row_of = state.L.table(pl)[c]
    if iso and rng.random() < 0.8:
        pairs = list(iso)
        v, f = pairs[rng.randrange(len(pairs))]
        return state._isolating(row_of[v][f + 1], c, v, f, iso[(v, f)])
    v = f = -1
    for _ in range(8):
        v = vacant[rng.randrange(len(vacant))]
        others = [x for x in free if x != v]
        f = others[rng.randrange(len(others))] if others else -1
        if (v, f) in iso:
            return state._isolating(row_of[v][f + 1], c, v, f, iso[(v, f)])
        if all(k == f for k in openings(m, ring, nb, v)):
            break
    return row_of[v][f + 1]


def playout(state, rng: random.Random, decisions: int) -> None:
    """The search's playout (``Game.playout``): up to ``decisions`` turns, at most :data:`PLAYOUT_TURNS`,
    of :func:`playout_move`, played in place on the engine (no history is kept: the state is the
    search's own copy)."""
    state.invalidate()
    for _ in range(min(decisions, PLAYOUT_TURNS)):
        if state.result is not None:
            break
        state.play(playout_move(state, rng))
    state.invalidate()


def candidates(state, actions: list) -> list:
    """The shortlist the search considers (``Game.extra["candidates"]``), best first.

    Captures: every sequence, the most valuable first. Placements, scored by: the marbles an isolation
    takes (Z14); not handing the opponent a capture; near the end (:data:`ZUGZWANG_SCAN`), leaving the
    opponent no safe reply; then the colour the opponent needs least. A few placements that hand over a
    capture (possible sacrifices) stay at the back; the rest are dropped. Ties are spread over the
    board by a fixed shuffle so the first candidates are not all on one ring."""
    if not actions:
        return actions
    pl, kind = state.turn, state.pool_kind
    if actions[0].kind == 1:
        caps = state.captures[pl]
        m = state.marbles
        return sorted(actions, key=lambda a: -gain(caps, [m[o] - 1 for o, _ in a.hops], kind))
    mine, theirs = state.captures[pl], state.captures[1 - pl]
    feed = [gain(theirs, [c], kind) for c in range(3)]  # what each colour is worth to the opponent
    opens: dict[int, list[int]] = {}
    tight = len(safe_cells(state.marbles, state.ring, state.L.nb)) <= ZUGZWANG_SCAN
    squeeze: dict[tuple[int, int], bool] = {}
    scored = []
    n = len(state.ring)
    for a in actions:
        v, f = a.cell, a.removed
        s = -feed[a.colour] + ((v * 37 + f * 11) % n) / (n * 100.0)
        if a.isolated:
            s += 10 * gain(mine, [a.colour if i == v else state.marbles[i] - 1 for i in a.isolated], kind)
        gives = gives_capture(state, a, opens)
        if gives:
            s -= 5
        elif tight and not a.isolated:
            key = (v, f)
            if key not in squeeze:
                squeeze[key] = _no_safe_reply(state, v, f)
            if squeeze[key]:
                s += 3
        scored.append((s, gives, a))
    scored.sort(key=lambda t: -t[0])
    safe = [a for s, g, a in scored if not g]
    given = [a for s, g, a in scored if g]
    return (safe[:40] + given[:4]) if safe else given[:40]
