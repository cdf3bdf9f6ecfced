"""DVONN's evaluation for the computer players, on the plain board (:mod:`pygames.dvonn.board`), for DVONN
and for the DVONN half of Dvertz. It judges positions; it does not play (rule ids: ``docs/rules/dvonn.md``
N3–N17, which it reads: placement order, moves, the surrounded rule, disconnection, the score).

**The stacking phase** (:func:`stacking_terms`, :func:`stacking_value`). Each term is counted for White and
for Black, and the value is White's minus Black's, each term times its weight in :data:`WEIGHTS` (the
unit is about one piece of score). Why each term is there:

- ``pieces`` (N17): the pieces in the stacks a player controls, the score itself. Early on it says little:
  a player ahead on pieces with few stacks and few moves runs out of moves and sees tall stacks picked
  off (a stack that cannot move is a target), so it weighs nothing while 20 stacks or more stand. Its
  weight grows as the board empties (:func:`piece_weight`), because near the end the count is all that
  is left to play for: the *endgame count*.
- ``stacks``: the stacks a player controls, each worth more the nearer its space is to a DVONN piece
  (:data:`NEAR`). Every controlled stack is a move in reserve and a vote on who takes what; stacks next to
  a DVONN piece are hard to cut off.
- ``mobility``: the moves a player has now, each worth the :data:`NEAR` value of the space it lands on.
  The player who runs out of moves first passes while the other keeps taking: most games are lost there.
- ``blocked``: moves of stacks surrounded on six sides (N11), which may open as neighbours leave.
- ``dvonn_reach``: moves that land on a stack holding a DVONN piece: control of such a stack can never be
  cut off, and taking it from the opponent is often the biggest swing on the board.
- ``dvonn_control``: pieces in controlled stacks that hold a DVONN piece (safe from any cut-off, N13).
- ``dead``: controlled stacks that can never move again: every space at their height along the six lines
  is off the board or empty (an emptied space stays empty in this phase, and a stack only grows). They
  still count at the end, if nobody lands on them first, but they make no moves and are the opponent's
  targets.
- ``threats``: the moves a player has onto opposing stacks, each worth the :data:`NEAR` value of the
  space: every one is a stack the opponent may lose, and they keep the opponent's stacks from moving
  freely.
- ``attack``: the tallest opposing stack a player can land on now (its pieces change hands). The player
  to move can do it at once; for the other it is a threat (:data:`TEMPO` is the mover's extra). Its own
  weight is 0: only the player to move is credited, since a capture of a tall stack is mostly pieces,
  which count late (``pieces``), and the stack lost, which ``stacks`` counts after the move.
- ``cut``: the best cut-off a player can make now: a stack of theirs that can move, standing on an
  *articulation point* of the stacks' link graph to the DVONN pieces (:func:`cut_points`), so that moving
  it away takes out everything hanging behind it; counted as the opponent's pieces lost minus one's own.
  A piece-count lookahead sees nothing of this until the group is gone.
- ``exposed``: one's own controlled pieces hanging on one link (an articulation point) that the opponent
  controls and can move away.

When neither player can move, the value is the final score difference (:func:`final_value`).

**The placement phase** (:func:`placement_value`): a piece beside a DVONN piece stays linked and can take
a DVONN stack (``near``); pieces between the DVONN pieces rather than far from them (``spread``); a piece
among its own colour only is wasted, having nothing to take or be taken by (``crowded``); pieces on the
edge are the ones that can move when the stacking phase begins (``edge``). DVONN pieces are placed to
spread over the board (:func:`dvonn_spread`), so that no part of it is far from one.
"""
from __future__ import annotations

from ..core.hexgrid import hex_distance
from .board import CELLS, DVONN, INTERIOR, LANDING, N_CELLS, NEIGHBOURS, arcs, scores

NEAR = (2.0, 1.25, 1.06, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
"""The value of a space by its distance (in steps) to the nearest DVONN piece: a stack there, or a move
landing there (``stacks``, ``mobility``)."""
WEIGHTS = {"stacks": 1.0, "mobility": 0.25, "blocked": 0.25, "dvonn_reach": 0.2, "dvonn_control": 0.05,
           "dead": -0.1, "threats": 0.2, "attack": 0.0, "cut": 0.3, "exposed": -0.05}
"""Weight of each stacking term (see the module doc), in pieces of score per unit; ``pieces`` has its own
weight, :func:`piece_weight`. Measured (``tools/primadvonna.py``, 20 games from random full boards, depth
2 against PrimaDvonna's depth 2): ``stacks``, ``mobility``, ``blocked``, ``dvonn_reach`` and ``threats``
alone (the terms PrimaDvonna also counts) scored 10/20; adding the cut-off and the capture open to the
player to move 9/20 (margin +0.8); our first weights, with pieces weighing 0.15 to 1.5 from the start and
the capture at 0.35, 7/20 with 38 passes against 11: chasing pieces runs out of moves."""
TEMPO = 0.3
"""The weight of the ``attack`` and ``cut`` terms that the player to move gets on top of their weight: the
player to move strikes first, for the other it is only a threat."""
TERMS = ("pieces",) + tuple(WEIGHTS)
WIN = 1000.0
"""The value of a won end position, before the score margin is added (:func:`final_value`)."""

_DIST = tuple(tuple(hex_distance(a, b) for b in CELLS) for a in CELLS)
_near_cache: dict[tuple[int, ...], tuple[list[float], list[int]]] = {}


def near_values(board: list[str]) -> tuple[list[float], list[int]]:
    """For each space: its :data:`NEAR` value and its distance to the nearest DVONN piece (geometric,
    in steps on the board), cached by where the DVONN pieces stand."""
    key = tuple(i for i in range(N_CELLS) if DVONN in board[i])
    got = _near_cache.get(key)
    if got is None:
        dist = [min((_DIST[i][d] for d in key), default=10) for i in range(N_CELLS)]
        got = ([NEAR[min(d, 10)] for d in dist], dist)
        if len(_near_cache) > 4096:
            _near_cache.clear()
        _near_cache[key] = got
    return got


def cut_points(board: list[str], dvonn_cells: list[int] | None = None) -> dict[int, list[int]]:
    """The articulation points of the stacks' links to the DVONN pieces (N13): for each space ``v`` whose
    stack, were it to move away, would cut stacks off, the pieces those stacks hold by controller,
    ``{v: [white, black]}`` (a lone DVONN piece's pieces count for nobody). Spaces whose stack holds a
    DVONN piece are left out (the DVONN piece would move with it). Tarjan's depth-first search from a
    virtual root joined to every DVONN piece, without recursion."""
    n = N_CELLS
    disc = [-1] * n
    low = [0] * n
    sub_w = [0] * n
    sub_b = [0] * n
    out: dict[int, list[int]] = {}
    nbs = NEIGHBOURS
    roots = dvonn_cells if dvonn_cells is not None else [i for i in range(n) if DVONN in board[i]]
    t = 1
    for r in roots:
        if disc[r] >= 0:
            continue
        disc[r] = t
        t += 1
        low[r] = 0  # joined to the virtual root
        s = board[r]
        sub_w[r] = len(s) if s[-1] == "W" else 0
        sub_b[r] = len(s) if s[-1] == "B" else 0
        st = [[r, 0]]
        while st:
            top = st[-1]
            v, k = top
            nb = nbs[v]
            if k < len(nb):
                top[1] = k + 1
                u = nb[k]
                su = board[u]
                if not su:
                    continue
                if disc[u] < 0:
                    disc[u] = t
                    low[u] = 0 if DVONN in su else t
                    t += 1
                    c = su[-1]
                    sub_w[u] = len(su) if c == "W" else 0
                    sub_b[u] = len(su) if c == "B" else 0
                    st.append([u, 0])
                elif disc[u] < low[v]:
                    low[v] = disc[u]
            else:
                st.pop()
                if st:
                    p = st[-1][0]
                    if low[v] < low[p]:
                        low[p] = low[v]
                    sub_w[p] += sub_w[v]
                    sub_b[p] += sub_b[v]
                    if low[v] >= disc[p] and DVONN not in board[p]:
                        h = out.get(p)
                        if h is None:
                            out[p] = [sub_w[v], sub_b[v]]
                        else:
                            h[0] += sub_w[v]
                            h[1] += sub_b[v]
    return out



def _may_cut(board: list[str], movable: list[bool]) -> bool:
    """Whether some stack that can move stands where its occupied neighbours form two or more separate
    arcs around it (only such a space can be an articulation point): a quick test that spares
    :func:`cut_points` on crowded boards."""
    for v in range(N_CELLS):
        if movable[v] and arcs(board, v) >= 2:
            return True
    return False


def piece_weight(stacks: int) -> float:
    """The weight of a piece of score when ``stacks`` stacks stand on the board (``pieces`` term): nothing
    while 20 or more stand (stacks and moves decide then), growing to 0.5 at 8 stacks and fewer, when the
    count is nearly all that is left to play for (the endgame count)."""
    if stacks >= 20:
        return 0.0
    if stacks <= 8:
        return 0.5
    return 0.5 * (20 - stacks) / 12.0


def stacking_terms(board: list[str]) -> tuple[dict[str, list[float]], int, bool]:
    """The stacking terms of ``board`` (see the module doc): ``({term: [white, black]}, stacks on the
    board, whether any stack can move)``."""
    near, _ = near_values(board)
    landing, interior, nbs = LANDING, INTERIOR, NEIGHBOURS
    pieces: list[float] = [0, 0]
    stacks = [0.0, 0.0]
    mob = [0.0, 0.0]
    blocked = [0.0, 0.0]
    reach = [0.0, 0.0]
    dctl: list[float] = [0, 0]
    dead: list[float] = [0, 0]
    attack: list[float] = [0, 0]
    threats = [0.0, 0.0]
    movable = [False] * N_CELLS
    dvonn_cells = []
    count = 0
    for i in range(N_CELLS):
        s = board[i]
        if not s:
            continue
        count += 1
        t = s[-1]
        if DVONN in s:
            dvonn_cells.append(i)
        if t == DVONN:
            continue
        c = 0 if t == "W" else 1
        h = len(s)
        pieces[c] += h
        stacks[c] += near[i]
        if DVONN in s:
            dctl[c] += h
        free = True
        if interior[i]:
            free = False
            for j in nbs[i]:
                if not board[j]:
                    free = True
                    break
        any_target = False
        for j in landing[i][h] if h < 12 else ():
            sj = board[j]
            if not sj:
                continue
            any_target = True
            if free:
                mob[c] += near[j]
                if DVONN in sj:
                    reach[c] += near[j]
                tj = sj[-1]
                if tj != t and tj != DVONN:
                    threats[c] += near[j]
                    if len(sj) > attack[c]:
                        attack[c] = len(sj)
            else:
                blocked[c] += near[j]
        if not any_target:
            dead[c] += 1
        elif free:
            movable[i] = True
    moving = movable.count(True) > 0
    cut: list[float] = [0, 0]
    exposed: list[float] = [0, 0]
    if moving and dvonn_cells and _may_cut(board, movable):
        for v, (hw, hb) in cut_points(board, dvonn_cells).items():
            if not movable[v]:
                continue
            c = 0 if board[v][-1] == "W" else 1
            gain = (hb - hw) if c == 0 else (hw - hb)
            if gain > cut[c]:
                cut[c] = gain
            exposed[1 - c] += hb if c == 0 else hw
    terms: dict[str, list[float]] = {"pieces": pieces, "stacks": stacks, "mobility": mob, "blocked": blocked, "dvonn_reach": reach,
             "dvonn_control": dctl, "dead": dead, "threats": threats, "attack": attack, "cut": cut, "exposed": exposed}
    return terms, count, moving


def final_value(board: list[str]) -> float:
    """White's value of an end position (N17, N18): :data:`WIN` plus the margin for a win, minus for a
    loss, 0 for a draw."""
    w, b = scores(board)
    if w == b:
        return 0.0
    return (WIN if w > b else -WIN) + (w - b)


def terms_value(board: list[str], to_move: int) -> float:
    """White's value of a stacking-phase ``board`` with ``to_move`` (0 White, 1 Black) to play: the
    weighted terms of :func:`stacking_terms`, or :func:`final_value` when no stack can move (N16). The
    readable definition; :func:`stacking_value` computes the same number faster."""
    terms, count, moving = stacking_terms(board)
    if not moving:
        return final_value(board)
    x = piece_weight(count) * (terms["pieces"][0] - terms["pieces"][1])
    for k, w in WEIGHTS.items():
        a, b = terms[k]
        if k == "attack" or k == "cut":
            if to_move == 0:
                x += (w + TEMPO) * a - w * b
            else:
                x += w * a - (w + TEMPO) * b
        else:
            x += w * (a - b)
    return x


def stacking_value(board: list[str], to_move: int) -> float:
    """White's value of a stacking-phase ``board`` (49 stack strings) with ``to_move`` (0 White, 1 Black)
    to play: exactly :func:`terms_value`, computed on the fast board
    (:func:`pygames.dvonn.fasteval.fast_value`, about twice as fast)."""
    return fasteval.fast_value(FastBoard.from_board(board), to_move)


def dvonn_spread(board: list[str]) -> int:
    """How far the board's spaces are from the DVONN pieces: the sum over spaces of the squared distance
    to the nearest one (lower is better spread). For placing DVONN pieces (N3)."""
    cells = [i for i in range(N_CELLS) if DVONN in board[i]]
    if not cells:
        return 0
    return sum(min(_DIST[i][d] for d in cells) ** 2 for i in range(N_CELLS))


PLACEMENT = {"near1": 1.0, "near2": 0.5, "spread": 0.1, "crowded": 0.5, "edge": 0.15}
"""Weights of the placement terms (see the module doc): a piece beside a DVONN piece, two steps from
one, per step of its distances to the DVONN pieces (summed over them), per missing non-own neighbour below two, per
edge piece more than three beyond the opponent's."""


def placement_value(board: list[str]) -> float:
    """White's value of a placement-phase ``board`` (N3, N4): see the module doc."""
    dvonn = [i for i in range(N_CELLS) if board[i] == DVONN]
    W = PLACEMENT
    v = [0.0, 0.0]
    edge = [0, 0]
    for i in range(N_CELLS):
        s = board[i]
        if s != "W" and s != "B":
            continue
        c = 0 if s == "W" else 1
        if dvonn:
            dists = [_DIST[i][d] for d in dvonn]
            m = min(dists)
            if m == 1:
                v[c] += W["near1"]
            elif m == 2:
                v[c] += W["near2"]
            v[c] -= W["spread"] * sum(dists)
        other = 0
        for j in NEIGHBOURS[i]:
            if board[j] != s:
                other += 1
        if other < 2:
            v[c] -= W["crowded"] * (2 - other)
        if not INTERIOR[i]:
            edge[c] += 1
    if edge[1] - edge[0] > 3:
        v[0] -= W["edge"] * (edge[1] - edge[0] - 3)
    if edge[0] - edge[1] > 3:
        v[1] -= W["edge"] * (edge[0] - edge[1] - 3)
    return v[0] - v[1]


from . import fasteval  # noqa: E402  (it reads the weights above)
from .fastboard import FastBoard  # noqa: E402
