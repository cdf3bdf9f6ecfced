"""Duerror Grandis evaluation for the MCTS bot: the race in expected turns (rules G8–G26, G30–G33).

The core's MCTS plans over the parts of a turn (formactus, flictus, flexus, fluctus) as separate
decisions, with the dice (d6, two d10) as sampled chance nodes; in Caecus it searches determinizations
in which the other players' boards are drawn among those consistent with their observed moves (G40,
G41). Its playouts are the engine's own uniform random playout (``Game.playout``,
:meth:`~pygames.duerror_grandis.rules.DuerrorState.fast_playout`), scored by :func:`evaluate`: each
player's expected turns still needed to land exactly on square 82 (:mod:`.ai_race`: a table solved
once for a lone piece with formactus, veers, tokens and the exact landing, plus the takes the others
could make before the player's next turn), compared with the fastest other player's. The levels no longer play
that search (easy is the whole-turn planner of :mod:`.ai_plan`, medium and hard its sampled look-ahead,
:mod:`.ai_look`); the evaluation still judges the review of a finished game (``Game.evaluate``).
"""
from __future__ import annotations

import math

from .ai_race import remaining

SCALE = 2.5
"""Expected turns of lead worth about three quarters of a win (``tanh(1)``)."""
GAME_TURNS = 12.0
"""A Parcus game already won (G33) counts as this many turns of lead (about one game's length)."""


def evaluate(state) -> list[float]:
    """Per-player values in (-1, 1): ``tanh`` of how many fewer expected turns a player needs than the
    fastest other player, over :data:`SCALE` (Parcus: games won count :data:`GAME_TURNS` each); the
    returns once the match is over."""
    if state.part == "over":
        return state.returns()
    t = [remaining(state, p) - GAME_TURNS * state.wins[p] for p in range(state.n)]
    out = []
    for p in range(state.n):
        rival = min(t[q] for q in range(state.n) if q != p)
        out.append(math.tanh((rival - t[p]) / SCALE))
    return out
