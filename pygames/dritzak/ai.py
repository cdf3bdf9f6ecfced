"""Dritzak evaluation and playout policy for the core's determinized MCTS (``core.bots.MCTSBot``); the
evaluation also judges the moves of a review (``web_hint``). The levels are the game's own
player now (``ai_flat``: a card player's policy for easy, flat Monte Carlo over it for
medium and hard), so the core's search plays Dritzak only where it is asked for directly.

That search searches from its own observation only: every iteration runs on ``state.determinize(me, rng)``,
which reshuffles every card the player cannot see (other hands except publicly known cards, all
face-down cards, the draw pile).
"""
from __future__ import annotations

import math
import random

from .rules import _RANK, START_ORDER, TEN, TWO

_ORDER = {r: i for i, r in enumerate(START_ORDER)}  # 3 lowest … A, then 2, then 10 (most valuable)


def _weight(state, p: int) -> float:
    """Cards still to shed, weighted: hand cards count by how hard they are to get rid of."""
    w = 0.0
    for c in state.hands[p]:
        r = _RANK[c]
        w += 0.5 if r in (TWO, TEN) else 1.0 + 0.05 * (12 - _ORDER[r])
    w += 0.8 * len(state.up[p]) + 1.2 * sum(c is not None for c in state.down[p])
    return w


def evaluate(state) -> list[float]:
    """Per-player values in (-1, 1): how far fewer (weighted) cards a player holds than the others."""
    if state.is_terminal():
        return state.returns()
    n = state.num_players
    w = [_weight(state, p) for p in range(n)]
    out = []
    for p in range(n):
        if p in state.places:
            out.append(1.0 - 2.0 * state.places.index(p) / max(n - 1, 1))
            continue
        others = [w[q] for q in range(n) if q != p and q not in state.places] or [0.0]
        out.append(math.tanh((sum(others) / len(others) - w[p]) / 8.0))
    return out


def _key(a):
    c = a.notation.split()[1]
    from .rules import _IDS
    return _ORDER[_RANK[_IDS[c]]]


def rollout_policy(state, rng: random.Random):
    """Playout policy: lay the three best cards face up; play the lowest legal set (saving 2s and 10s),
    never pick up by choice; a random face-down card."""
    acts = state.legal_actions()
    if state.phase == "choose":
        return max(acts, key=lambda a: sum(_ORDER[_RANK_OF(x)] for x in a.notation.split()[1:]))
    plays = [a for a in acts if a.notation.startswith("play")]
    if plays:
        best = min(_key(a) for a in plays)
        group = [a for a in plays if _key(a) == best]
        if rng.random() < 0.1:
            return plays[rng.randrange(len(plays))]
        return max(group, key=lambda a: len(a.targets))
    downs = [a for a in acts if a.notation.startswith("down")]
    if downs:
        return downs[rng.randrange(len(downs))]
    return acts[-1]


def _RANK_OF(name: str) -> int:
    return "23456789TJQKA".index(name[0])
