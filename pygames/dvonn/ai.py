"""DVONN evaluation, candidate order and playouts for the MCTS bot: control, mobility and links to the
DVONN pieces.

The MCTS hooks (``core.bots``): :func:`search_value` (``Game.evaluate``), :func:`candidates`
(``Game.extra["candidates"]``: in the stacking phase every action, the best guesses first, so the search's
progressive widening tries big captures and cut-offs first; in the placement phase a short list),
:func:`playout` and :func:`rollout_policy`. The evaluation reads the plain board
(:mod:`pygames.dvonn.board`), so Dvertz can reuse :func:`board_features`, :func:`evaluate` and
:func:`capture_gain` for its DVONN half.

Measured with ``pygames/core/bots.py``'s levels and no time cap (seat-balanced, 6 random opening
decisions, this machine under load): medium against easy scored 0.575 over 80 games and 0.625 over 40 with
every placement searched and leaves judged on an absolute scale. Searching the placements made medium
*weaker* (medium's budget only in the placement phase, easy's after it: 0.417 over 60 games; the
other way round 0.617): the placement heuristic is a sum over pieces, so a deeper search adds nothing
but the noise of 35 near-equal candidates. With the placement short list and leaves judged by their
change since the root (:func:`search_value`), medium against easy scored 0.683 over 60 and 0.655 over
100 games; the matches (200 games, ``--opening 6 --no-cap``): medium vs easy 0.647 (0.579-0.710), hard vs
medium 0.595 (0.526-0.661), easy vs random 0.995 (0.972-0.999).
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
SHARP = 4.0
"""Feature points (:data:`_WEIGHTS`) of change since the search's root per unit of ``tanh`` argument in
:func:`search_value`: one captured piece moves a sibling's value by about 0.4."""
SCALE = 20.0
"""Feature points of standing difference per unit of ``tanh`` argument in :func:`search_value`."""
SHORTLIST = 4
"""Placements of a coloured piece the search considers: the first of the best-ranked spaces."""


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


def static_value(board: list[str]) -> float:
    """White's weighted feature difference (:func:`board_features`, :data:`_WEIGHTS`) of a phase-2 board,
    in feature points (about two per piece of score)."""
    f = board_features(board, 0)
    return sum(_WEIGHTS[k] * f[k] for k in _WEIGHTS)


def note_root(state) -> None:
    """Called by :meth:`DvonnState.determinize` on the copy a search iteration starts from: remembers the
    root's :func:`static_value` (stacking phase only) for :func:`search_value`."""
    if state.placed == N_CELLS and state.status == "move":
        state.__dict__["_bot_root"] = static_value(state.board)


def search_value(state) -> list[float]:
    """The search's evaluation (``Game.evaluate``), per player in (-1, 1) (White, Black): the result once
    the game is over; in the placement phase :func:`evaluate`; in the stacking phase the
    :func:`static_value` plus the whole score change of the best move open to the player to move
    (:func:`move_value`, cut-offs included), judged by its change since the search's root (``tanh`` of
    the change over :data:`SHARP` plus the standing over :data:`SCALE`). Judging the change keeps
    sibling moves apart when one side is far ahead, where ``tanh`` of the standing alone flattens them.
    Without a noted root (:func:`note_root`) the standing alone over 10."""
    if state.status == "over":
        return state.returns()
    board = state.board
    if state.placed < N_CELLS:
        return evaluate(state)
    x = static_value(board)
    if state.moves:
        best = max(move_value(board, m, state.turn) for m in state.moves)
        x += best if state.turn == 0 else -best
    root = state.__dict__.get("_bot_root")
    v = math.tanh(x / 10.0) if root is None else math.tanh((x - root) / SHARP + x / SCALE)
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
    """The actions the search tries (``Game.extra["candidates"]``), best first.

    Moves, none dropped: by what they do to the score at once (:func:`move_value`: captures and cut-off
    stacks), then moves that leave the mover's own stacks next to a DVONN piece. Placements, a short
    list: DVONN pieces on the middle space f3 or next to it; coloured pieces on the best-ranked spaces
    (next to a DVONN piece and on the edge first, :func:`placement_features`), at most
    :data:`SHORTLIST` of them (see the module doc for why a wider search of placements played worse)."""
    if len(actions) <= 1:
        return actions
    board, p = state.board, state.turn
    if state.placed < N_CELLS:
        if state.placed < 3:
            order = sorted(actions, key=lambda a: _CENTRE[INDEX[a.notation]])
            return [a for a in order if _CENTRE[INDEX[a.notation]] <= 1] or order[:1]
        key = {}
        for a in actions:
            i = INDEX[a.notation]
            near = any(DVONN in board[j] for j in NEIGHBOURS[i])
            key[a.notation] = -((1.0 if near else 0.0) + (0.6 if not INTERIOR[i] else 0.0))
        order = sorted(actions, key=lambda a: key[a.notation])
        best = key[order[0].notation]
        return [a for a in order if key[a.notation] == best][:SHORTLIST]
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
