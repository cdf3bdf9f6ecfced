"""Seeded chance: how normal games pick chance outcomes, reproducibly.

The outcome at ply ``k`` of a game with seed ``s`` depends only on ``(s, k)`` and the outcome
distribution, so replaying a record, undoing and redoing, or resuming a saved game rolls the same dice.
"""
from __future__ import annotations

import random

from .errors import IllegalAction
from .state import Action


def pick(outcomes: list[tuple[Action, float]], u: float) -> Action:
    """The outcome whose cumulative probability interval holds ``u`` (0 <= u < 1)."""
    acc = 0.0
    for a, p in outcomes:
        acc += p
        if u < acc:
            return a
    return outcomes[-1][0]


def sample_outcome(state, rng: random.Random) -> Action:
    """A chance outcome of ``state`` drawn with ``rng``. Raises IllegalAction if not a chance node."""
    return pick(state.chance_outcomes(), rng.random())


def seeded_outcome(state, seed: int) -> Action:
    """The chance outcome a game with ``seed`` takes at this state's ply (``len(state.history)``)."""
    if not state.is_chance_node():
        raise IllegalAction("not a chance node")
    rng = random.Random(f"pygames:{seed}:{len(state.history)}")
    return pick(state.chance_outcomes(), rng.random())


def advance_chance(state, seed: int) -> None:
    """Apply seeded chance outcomes while ``state`` is at a chance node."""
    while state.is_chance_node():
        state.apply(seeded_outcome(state, seed))
