"""ZÈRTZ evaluation and playout policy for the MCTS bot: the marble race toward each winning set, the
captures the player to move can make now (a forced sequence), and placements that hand the opponent
no capture."""
from __future__ import annotations

import math
import random

from . import logic
from .rules import WINS


def race(captured, pool_kind: str) -> float:
    """How close ``captured`` (white, grey, black) is to the nearest winning set, 0..1 (1 = won)."""
    best = 0.0
    for need in WINS[pool_kind]:
        parts = [min(1.0, c / n) for c, n in zip(captured, need) if n]
        best = max(best, sum(parts) / len(parts))
    return best


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


def evaluate(state) -> list[float]:
    """Per-player values in (-1, 1): the race difference, counting the mover's best capture now."""
    if state.result is not None:
        return state.returns()
    r = [race(state.captures[p], state.pool_kind) for p in (0, 1)]
    if not state.is_terminal() and logic.has_jump(state.marbles, state.ring, state.L.nb):
        r[state.turn] = max(r[state.turn], best_capture(state)[0])
    v = math.tanh(2.5 * (r[0] - r[1]))
    return [v, -v]


def _gives_capture(state, action) -> bool:
    child = state.clone()
    child.play(action)
    return child.result is None and logic.has_jump(child.marbles, child.ring, child.L.nb)


def rollout_policy(state, rng: random.Random):
    """Captures: the most valuable sequence (ties at random). Placements: a random one among a few
    samples that leaves the opponent no capture, when one is found."""
    acts = state.legal_actions()
    if acts[0].notation.startswith("x "):
        if len(acts) == 1:
            return acts[0]
        scored = []
        for a in acts:
            caps = list(state.captures[state.turn])
            for o, _ in a.hops:
                caps[state.marbles[o] - 1] += 1
            scored.append((race(caps, state.pool_kind), rng.random(), a))
        return max(scored, key=lambda t: (t[0], t[1]))[2]
    for _ in range(6):
        a = acts[rng.randrange(len(acts))]
        if not _gives_capture(state, a):
            return a
    return acts[rng.randrange(len(acts))]
