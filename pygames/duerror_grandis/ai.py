"""Duerror Grandis evaluation for the MCTS bot (path progress, tokens, threats).

The core's MCTS plans over the parts of a turn (formactus, flictus, flexus, fluctus) as separate
decisions, with the dice (d6, two d10) as sampled chance nodes; in Caecus it searches determinizations
in which the other players' boards are drawn among those consistent with their observed moves. Its
playouts are the engine's own uniform random playout (``Game.playout``,
:meth:`~pygames.duerror_grandis.rules.DuerrorState.fast_playout`), scored by :func:`evaluate`.
"""
from __future__ import annotations

import math

from .rules import DISTANCE, OUT, REACH

TOKEN = 5.0
"""A token is worth about five squares of progress (it buys a veer, a stay or a change of piece)."""
EXITED = 95.0
"""A piece out (square 82) in Factiosus: more than being on square 81, which still needs a move."""
GAME_WIN = 300.0
"""A game won in a Parcus match."""


def _piece(num: int, kind: str, factiosus: bool) -> float:
    """Value of one piece on path number ``num`` (0 off the board, 82 out)."""
    if num == 82:
        return EXITED
    v = float(num)
    # close to the end a piece needs an exact count: a thete or ephebe that can no longer land on 82
    # without a change or a veer is worth a little less (in Factiosus much less: no formactus)
    if num + DISTANCE[kind] > 82:
        v -= 12.0 if factiosus else 3.0
    return v


def features(s, p: int) -> float:
    """A heuristic score of player ``p``'s position, in squares: progress of their pieces along their own
    path, plus tokens, minus the worst loss a take by another player could inflict next, plus the best
    gain one of ``p``'s own takes could make, plus Parcus games already won."""
    if not s.pieces[p]:
        return TOKEN * s.tokens[p] + GAME_WIN * s.wins[p]
    fact = s.factiosus
    score = 0.0
    mine = []
    for kind, sq in s.pieces[p]:
        num = s.number(p, sq)
        score += _piece(num, kind, fact)
        if 0 <= sq < OUT:
            mine.append((kind, sq, num))
    share = 1.0 / len(s.pieces[p]) if fact else 1.0
    threat = gain = 0.0
    for q in range(s.n):
        if q == p or not s.pieces[q] or s.boards[q] is None:
            continue
        for qk, qs in s.pieces[q]:
            if not 0 <= qs < OUT:
                continue
            qzone = REACH[qk][qs]
            for kind, sq, num in mine:
                if sq in qzone:  # q could swap with this piece: p's piece lands on qs
                    loss = num - s.number(p, qs)
                    if loss > threat:
                        threat = loss
                if qs in REACH[kind][sq]:  # p could swap onto qs
                    g = s.number(p, qs) - num
                    if g > gain:
                        gain = g
    # Factiosus: every piece must exit, so a square gained or lost by any piece counts alike; the whole is
    # scaled by ``share`` (one piece's worth), the takes' swings too (before issue 19 only the progress was
    # divided, so a threat or a take weighed three times a piece's progress and the bot chased takes)
    return (score - 0.4 * threat + 0.5 * gain) * share + TOKEN * s.tokens[p] + GAME_WIN * s.wins[p]


def evaluate(state) -> list[float]:
    """Per-player values in (-1, 1): ``tanh`` of each player's score minus the best other score."""
    if state.part == "over":
        return state.returns()
    f = [features(state, p) for p in range(state.n)]
    out = []
    for p in range(state.n):
        best_other = max(f[q] for q in range(state.n) if q != p)
        out.append(math.tanh((f[p] - best_other) / 25.0))
    return out
