"""Seeded and keyed chance: how games pick chance outcomes, reproducibly.

- :func:`seeded_outcome`: the outcome at ply ``k`` of a game with seed ``s`` depends only on ``(s, k)``
  and the outcome distribution. Tests, the terminal, bot matches and *arranged* records (tutorials,
  puzzles: outcomes fixed in advance, and said so) use it: a seed replays a game.
- :func:`keyed_outcome`: the same, but mixed with a secret ``key`` (HMAC-SHA256). In the browser the
  key is fresh random bytes that the worker draws for each game and never sends out
  (:mod:`pygames.web`): a record's ``seed`` is then only a public game id, and nothing a page, its
  storage, a saved file or a share link holds tells the outcomes still to come. Within a game an
  outcome depends only on its ply, so undo and redo bring back the same one.
"""
from __future__ import annotations

import hashlib
import hmac
import random

from .errors import IllegalAction
from .state import Action, pick

__all__ = ["advance_chance", "keyed_outcome", "pick", "sample_outcome", "seeded_outcome"]


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


def keyed_outcome(state, key: bytes, seed: int) -> Action:
    """The chance outcome at this state's ply for game id ``seed`` under the secret ``key`` (bytes):
    ``u = HMAC-SHA256(key, "pygames:{seed}:{ply}")`` read as a fraction in [0, 1). Raises IllegalAction
    if this is not a chance node."""
    if not state.is_chance_node():
        raise IllegalAction("not a chance node")
    digest = hmac.new(key, f"pygames:{seed}:{len(state.history)}".encode(), hashlib.sha256).digest()
    return pick(state.chance_outcomes(), int.from_bytes(digest[:8], "big") / 2**64)
