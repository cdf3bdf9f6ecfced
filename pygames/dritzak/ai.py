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


REVIEW_SLOPE = 0.11
"""How much likelier a player is to go out first per weighted card of lead, as a power of ``e``
(:func:`review_chance`): fitted by maximum likelihood over 20 games of medium against itself and 20 of
easy against random, two players, caps off (log loss 0.545 over both, against 0.565 for the evaluation
read through its fitted slope; ``build.py bench --calibrate --game dritzak`` prints it, see
``docs/bots.md``)."""


def review_chance(state, p: int) -> float:
    """``p``'s chance to win alone, for the review's chart (``Game.extra["review_chance"]``): a softmax of
    minus the players' weighted cards still to shed (:func:`_weight`) times :data:`REVIEW_SLOPE`. Unlike
    :func:`evaluate`'s ``tanh``, it does not saturate: a lead of 25 weighted cards reads about 6%, where
    the fitted ``tanh`` reading stopped at 18%. Once a player is out (D24) the first one out has won."""
    if state.places:
        return 1.0 if state.places[0] == p else 0.0
    w = [_weight(state, q) for q in range(state.num_players)]
    low = min(w)
    z = [math.exp(-REVIEW_SLOPE * (x - low)) for x in w]
    return z[p] / sum(z)
