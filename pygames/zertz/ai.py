"""ZÈRTZ evaluation and playout policy (placeholder while the engine lands)."""
from __future__ import annotations


def evaluate(state) -> list[float]:
    return state.returns() if state.result is not None else [0.0, 0.0]


def rollout_policy(state, rng):
    acts = state.legal_actions()
    return acts[rng.randrange(len(acts))]
