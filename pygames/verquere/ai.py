"""Verquere evaluation and playout policy for the MCTS bot (pip count, blots, blocks, borne off)."""
from __future__ import annotations

import math
import random

from .rules import BLACK, WHITE, opp_point


def features(state, pl: int) -> float:
    """A heuristic score for ``pl`` (higher is better), in pips.

    Race (the opponent's pip count minus ours), minus the risk of blots that can be hit (pieces alone on
    our points 13–24 that are the opponent's first twelve, and pieces waiting to re-enter), plus points
    we hold with two or more pieces (they block the opponent), plus pieces borne off.
    """
    opp = 1 - pl
    score = state.pip_count(opp) - state.pip_count(pl)
    b, ob = state.board[pl], state.board[opp]
    blocks = 0
    for p in range(13, 25):
        if b[p] >= 2:
            blocks += 1
        elif b[p] == 1 and p <= 24:
            # a lone piece on the opponent's first twelve can be hit by their pieces behind it
            if any(ob[q] for q in range(1, opp_point(p))):
                score -= 0.15 * (25 - p)
    score += 2.0 * blocks - 8.0 * state.bar[pl] + 1.0 * state.off[pl]
    return score


def evaluate(state) -> list[float]:
    """Per-player values in (-1, 1): ``tanh`` of the feature difference, scaled (WHITE, BLACK)."""
    if state.winner is not None:
        return state.returns()
    v = math.tanh((features(state, WHITE) - features(state, BLACK)) / 80.0)
    return [v, -v]


def rollout_policy(state, rng: random.Random):
    """Playout policy: prefer hits and bearing off, otherwise random."""
    acts = state.legal_actions()
    good = [a for a in acts if a.notation.endswith("*") or a.notation.endswith("/off")]
    pool = good if good and rng.random() < 0.7 else acts
    return pool[rng.randrange(len(pool))]
