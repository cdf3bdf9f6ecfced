"""DVONN evaluation, candidate order and playouts for the MCTS bot: control, mobility and links to the
DVONN pieces.

The MCTS hooks (``core.bots``): :func:`evaluate`, :func:`candidates` (``Game.extra["candidates"]``: every
action, the best guesses first, so the search's progressive widening tries big captures and cut-offs
first), :func:`playout` and :func:`rollout_policy`. The evaluation reads the plain board
(:mod:`pygames.dvonn.board`), so Dvertz can reuse :func:`board_features`, :func:`evaluate` and
:func:`capture_gain` for its DVONN half.
"""
from __future__ import annotations

import math
import random

from ..core.hexgrid import hex_distance
from .board import (CELLS, COLOURS, DVONN, INDEX, INTERIOR, N_CELLS, NEIGHBOURS, move_stack, player_moves,
                    scores)

_WEIGHTS = {"control": 1.0, "mobility": 0.35, "safe": 0.5, "dvonn_stack": 2.0}
_CENTRE = tuple(hex_distance(c, (5, 2)) for c in CELLS)
"""Each space's distance from the middle space f3."""
PLAYOUT_TURNS = 0
"""The longest playout, whatever the level's depth. Measured (seat-balanced games, this machine under
load): medium with no playout against easy with 4-turn playouts 0.833 over 30 games, with 2-turn playouts
0.767 over 30, and medium with 8-turn playouts 0.444 over 18; both with no playout 0.500 over 30: quick
greedy play only adds noise to the evaluation, so the search evaluates its leaves directly."""
TEMPO = 0.6
"""How much of the best capture open to the player to move is counted for them."""


def capture_gain(board: list[str], move: tuple[int, int], player: int) -> int:
    """What ``move`` does to the score difference (N17) for ``player``, before any disconnection: landing
    on an opponent's stack takes its pieces (its height counts twice: theirs lost, ours gained), on a lone
    DVONN piece adds one, on one's own stack nothing."""
    s = board[move[1]]
    top = s[-1]
    if top == DVONN:
        return 1
    return 2 * len(s) if top != COLOURS[player] else 0


def greedy_choice(board: list[str], moves: list[tuple[int, int]], player: int, rng: random.Random):
    """Playout policy on the plain board: usually the move that takes the most, else a random one."""
    if rng.random() < 0.6:
        best, best_g = None, 0
        for m in moves:
            g = capture_gain(board, m, player)
            if g > best_g:
                best, best_g = m, g
        if best is not None:
            return best
    return moves[rng.randrange(len(moves))]


def dvonn_distance(board: list[str]) -> list[int]:
    """For every occupied cell, the number of steps over occupied spaces to the nearest stack holding a
    DVONN piece (0 for such a stack); 99 for empty cells."""
    dist = [99] * N_CELLS
    frontier = [i for i in range(N_CELLS) if DVONN in board[i]]
    for i in frontier:
        dist[i] = 0
    d = 0
    while frontier:
        d += 1
        nxt = []
        for i in frontier:
            for j in NEIGHBOURS[i]:
                if board[j] and dist[j] > d:
                    dist[j] = d
                    nxt.append(j)
        frontier = nxt
    return dist


def board_features(board: list[str], player: int) -> dict[str, float]:
    """Phase-2 features of ``board`` for ``player`` minus the opponent's:

    - ``control``: pieces in the stacks each controls (the score, N17);
    - ``mobility``: legal moves;
    - ``safe``: pieces in controlled stacks next to (or holding) a DVONN piece, which a disconnection cannot
      take away;
    - ``dvonn_stack``: controlled stacks holding a DVONN piece (they can never be cut off).
    """
    me, op = COLOURS[player], COLOURS[1 - player]
    sc = scores(board)
    dist = dvonn_distance(board)
    safe = {me: 0, op: 0}
    dstack = {me: 0, op: 0}
    for i in range(N_CELLS):
        s = board[i]
        if s and s[-1] != DVONN:
            if dist[i] <= 1:
                safe[s[-1]] += len(s)
            if dist[i] == 0:
                dstack[s[-1]] += 1
    return {"control": sc[player] - sc[1 - player],
            "mobility": len(player_moves(board, player)) - len(player_moves(board, 1 - player)),
            "safe": safe[me] - safe[op], "dvonn_stack": dstack[me] - dstack[op]}


def placement_features(board: list[str], player: int) -> float:
    """Phase-1 heuristic for ``player`` minus the opponent: own pieces next to DVONN pieces (they stay
    linked), and pieces on the edge (the only ones that can move when phase 2 starts)."""
    me, op = COLOURS[player], COLOURS[1 - player]
    v = 0.0
    for i in range(N_CELLS):
        s = board[i]
        if s not in (me, op):
            continue
        near = any(DVONN in board[j] for j in NEIGHBOURS[i])
        w = (1.0 if near else 0.0) + (0.6 if not INTERIOR[i] else 0.0)
        v += w if s == me else -w
    return v


def evaluate(state) -> list[float]:
    """Per-player values in (-1, 1) (White, Black): the final result once the game is over, else ``tanh``
    of a weighted feature difference."""
    if state.status == "over":
        return state.returns()
    board = state.board
    if state.placed < N_CELLS:
        v = math.tanh(placement_features(board, 0) / 8.0)
        return [v, -v]
    f = board_features(board, 0)
    x = sum(_WEIGHTS[k] * f[k] for k in _WEIGHTS)
    if state.moves:  # the player to move can take the best capture open now
        best = max(capture_gain(board, m, state.turn) for m in state.moves)
        x += TEMPO * best if state.turn == 0 else -TEMPO * best
    v = math.tanh(x / 10.0)
    return [v, -v]


def rollout_policy(state, rng: random.Random):
    """Playout policy: a uniformly random legal action."""
    acts = state.legal_actions()
    return acts[rng.randrange(len(acts))]


def playout(state, rng: random.Random, decisions: int) -> None:
    """The search's playout (``Game.playout``): at most :data:`PLAYOUT_TURNS` of the level's
    ``decisions`` actions on the engine's fast path, greedy for captures (:func:`greedy_choice`)."""
    n = min(decisions, PLAYOUT_TURNS)
    if n:
        state.fast_playout(rng, n, greedy_choice)


def move_value(board: list[str], move: tuple[int, int], player: int) -> int:
    """What ``move`` does to ``player``'s score minus the opponent's (N17), disconnections (N13)
    included: the move is played on a copy of ``board``."""
    b = list(board)
    before = scores(b)
    move_stack(b, move[0], move[1])
    after = scores(b)
    return (after[player] - after[1 - player]) - (before[player] - before[1 - player])


def candidates(state, actions: list) -> list:
    """The order the search tries actions in (``Game.extra["candidates"]``), best first; none dropped.

    Moves: by what they do to the score at once (:func:`move_value`: captures and cut-off stacks), then
    moves that leave the mover's own stacks next to a DVONN piece. Placements: DVONN pieces toward the
    middle; coloured pieces next to a DVONN piece, then on the edge (:func:`placement_features`)."""
    if len(actions) <= 1:
        return actions
    board, p = state.board, state.turn
    if state.placed < N_CELLS:
        if state.placed < 3:
            return sorted(actions, key=lambda a: _CENTRE[INDEX[a.notation]])
        key = {}
        for a in actions:
            i = INDEX[a.notation]
            near = any(DVONN in board[j] for j in NEIGHBOURS[i])
            key[a.notation] = -((1.0 if near else 0.0) + (0.6 if not INTERIOR[i] else 0.0))
        return sorted(actions, key=lambda a: key[a.notation])
    if state.status != "move":
        return actions
    dist = dvonn_distance(board)
    scored = []
    for a in actions:
        n = a.notation
        m = (INDEX[n[:2]], INDEX[n[2:]])
        scored.append((move_value(board, m, p) + (0.3 if dist[m[1]] <= 1 else 0.0), a))
    scored.sort(key=lambda t: -t[0])
    return [a for _, a in scored]
