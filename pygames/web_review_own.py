"""A step of a player's whole judged like for like in the review (review29, :mod:`pygames.web_review`):
where a game's ``Game.extra["review_own_steps"]`` (a predicate of a state) says a decision is one of the
mover's steps of a whole (Zoon's deployment: pick, swap, keep, random, ready), each action is judged as the
whole it leaves the mover with (:func:`_own_end`), not one ply after it. Standard library only."""
from __future__ import annotations

import random

from . import web_hint as hint
from .core.chance import sample_outcome

OWN_STEPS = 24
"""At most this many of the mover's own actions (its own chance outcomes counted) complete a step
(:func:`_own_end`)."""


def _mine(t, mover: int, own) -> bool:
    """Whether ``t`` is still within ``mover``'s whole (:func:`_own_end`): ``own(t)`` holds and ``mover`` is
    to move, or ``t`` is a chance node of ``mover``'s (its own deal)."""
    if t.is_terminal() or not own(t):
        return False
    return t.chance_owner() == mover if t.is_chance_node() else t.current_player() == mover


def _own_end(state, t, mover: int, rng: random.Random, own):
    """Where a step of ``mover``'s whole is judged (review29), ``t`` the state just after it in ``state``
    (a full state; ``own(state)`` holds, ``own`` the game's ``extra["review_own_steps"]``, a predicate of a
    state: Zoon's deployment). A half-finished arrangement was judged against finished ones: in a newcomer's
    Zoon game (seed 3 against easy, ply 18) *pick f1*, the first half of a swap, was judged 0.334 (a pending
    pick, one ply), *random* 0.640 (four lucky deals of the Emblem, 3 of 4 to a corner, where a third is
    expected) and *ready* 0.554 (the opponent's next random deal, which its evaluation then read), so the
    pick was marked 31 points lost to "Random arrangement". Now each is judged as the arrangement it leaves
    the mover with, in a position where the mover could end its arrangement: a step that ends it (*ready*,
    ``t`` no longer the mover's) by ``state`` itself, the arrangement it commits; any other is completed
    the way the mover would, its own deals drawn from ``rng`` and, while every legal action keeps the
    mover within the whole (a pending pick: a swap or keeping the card), the action best for it by one ply
    (at most :data:`OWN_STEPS` actions); its value is then read where the mover could stop (the pick above
    completed by its best swap: 0.737)."""
    if not _mine(t, mover, own):
        return state  # the step ends the whole: the whole as committed
    for _ in range(OWN_STEPS):
        if not _mine(t, mover, own):
            break
        if t.is_chance_node():
            t = t.child(sample_outcome(t, rng))
            continue
        kids = [t.child(a.notation) for a in t.legal_actions()]
        if not all(_mine(k, mover, own) for k in kids):
            break  # the mover could end its whole here: judged as it stands
        t = max(kids, key=lambda c: hint._chance(c, mover, rng))
    return t

