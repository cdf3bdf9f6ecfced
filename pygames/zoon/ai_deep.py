"""Zoon's hard level: a three-ply look-ahead over determinizations (issue 19, "each level beats the one
below"; ZN7 and ZN44: the bot decides from its own observation only).

Medium (:mod:`pygames.zoon.ai_look`) judges its best actions two plies deep: the opponent answers and the
position is judged with the player to move. This player goes one ply further, and every line ends the same
way, on a position just after one of the player's own moves:

1. ``DETS`` states are drawn among those that look the same to the player (:meth:`ZoonState.determinize`)
   and each is noted as a search root (:func:`pygames.zoon.ai.note_root`);
2. every legal action is judged one ply deep (:func:`pygames.zoon.ai.evaluate`), averaged over them;
3. the ``TOP`` best are searched again: a pending combat is resolved each way it can end (weighted by its
   chance); the opponent answers with the reply, among its first ``REPLIES`` candidates
   (:func:`pygames.zoon.ai.candidates`) and every move of its Emblem (in that determinization: a walk
   sideways out of reach, ZN49), that leaves the player's value lowest; a combat of that reply is resolved
   each way it can end; then the player answers with its best action of all (each judged one ply, a
   pending combat by its exact odds), tried first the one that answered the previous reply best.

The player's answers are cut off (alpha-beta) as soon as one reaches the lowest value a reply has left so
far: that reply cannot lower the minimum further. Where the opponent's reply attacks one of the player's
face-down Zoons, or leaves a decision other than the player's own turn, the line stops there and is judged
as medium judges it (:func:`pygames.zoon.ai_look._after_reply`, over every identity the opponent cannot
tell apart, so the opponent's answer never reads the player's hidden Emblem).

With the level's time cap (hard: 1.8 s a decision), determinizations stop after half of 0.8 of it and the
three-ply checks start no later than 0.8 of it; a check still running at 0.96 of it is abandoned and its
action not judged (a few positions, many attacks on face-down Zoons each judged over every identity, take
far longer). Without the cap (``--no-cap``) the work is exactly the budget above. Other
decisions (deployment, effects) are left to the core's search; secret choices as medium makes them.
"""
from __future__ import annotations

import math
import time

from . import ai, ai_look
from .ai_look import _after_reply, _hidden_cells
from .rules import CELL_INDEX

DETS = 6
"""Determinizations judged per decision."""
TOP = 6
"""Actions searched three plies deep (the best by the one-ply value)."""
REPLIES = 10
"""Opponent replies tried per position (its first candidates; its Emblem's moves besides)."""


def _replies(state, q: int) -> list:
    """``q``'s replies worth trying in ``state``: its first :data:`REPLIES` candidates and every move of its
    Emblem (where this determinization put it)."""
    legal = state.legal_actions()
    out = ai.candidates(state, legal)[:REPLIES]
    cell = state.pos[q][ai._emblem(state, q)]
    if cell >= 0:
        seen = {a.notation for a in out}
        out += [a for a in legal if a.notation not in seen and len(a.targets) == 2
                and CELL_INDEX.get(a.targets[0]) == cell]
    return out


class _OutOfTime(Exception):
    """The level's time is up in the middle of an action's search (that action's value is not used)."""


class _Killer:
    """The player's answer that did best last (tried first at the next answer node), and the deadline
    (:func:`time.monotonic` seconds) past which the search stops (:class:`_OutOfTime`)."""

    __slots__ = ("notation", "deadline")

    def __init__(self, deadline: float = math.inf):
        self.notation = ""
        self.deadline = deadline


def _answer(state, me: int, beta: float, killer: _Killer) -> float:
    """``me``'s value of ``state`` (``me`` to move, after the opponent's reply): the best one-ply value of
    ``me``'s actions, stopping as soon as one reaches ``beta``."""
    legal = state.legal_actions()
    order = ai.candidates(state, legal)
    if killer.notation:
        for k, a in enumerate(order):
            if a.notation == killer.notation:
                order.insert(0, order.pop(k))
                break
    best = -math.inf
    if time.monotonic() > killer.deadline:
        raise _OutOfTime
    for a in order:
        c = state.clone()
        c.apply(a)
        v = ai.evaluate(c)[me]
        if v > best:
            best = v
            killer.notation = a.notation
            if v >= beta:
                break
    return best if best > -math.inf else ai.evaluate(state)[me]


def _after(state, me: int, beta: float, killer: _Killer) -> float:
    """``me``'s value of ``state`` just after the opponent's reply: a combat resolved each way it can end
    (one on ``me``'s face-down Zoon judged as medium does, see the module docstring), then ``me``'s best
    answer."""
    if state.is_terminal():
        return state.returns()[me]
    if state.phase in ("dice", "secret"):
        if state.combat is not None and state.combat["to"] in _hidden_cells(state, me):
            return _after_reply(state, me)
        return sum(pr * _after(ai._resolved(state, how), me, math.inf, killer)
                   for pr, how in ai._outcome_classes(state))
    if state.phase != "turn" or state.current_player() != me:
        return _after_reply(state, me)
    return _answer(state, me, beta, killer)


def three_ply(state, me: int, deadline: float = math.inf) -> float:
    """``me``'s value of ``state`` (just after ``me``'s action): a pending combat resolved each way it can
    end, weighted by its chance; at the opponent's turn the minimum over its replies (:func:`_replies`) of
    ``me``'s best answer (:func:`_after`). Raises :class:`_OutOfTime` past ``deadline``
    (:func:`time.monotonic` seconds)."""
    if state.is_terminal():
        return state.returns()[me]
    if state.phase in ("dice", "secret"):
        return sum(pr * three_ply(ai._resolved(state, how), me, deadline) for pr, how in ai._outcome_classes(state))
    if state.phase != "turn" or state.current_player() == me:
        return ai.evaluate(state)[me]
    low = math.inf
    killer = _Killer(deadline)
    for r in _replies(state, 1 - me):
        s = state.clone()
        s.apply(r)
        low = min(low, _after(s, me, low, killer))
    return low if low < math.inf else ai.evaluate(state)[me]


class DeepBot(ai_look.LookaheadBot):
    """Zoon's hard level (see the module docstring): medium's player (:class:`pygames.zoon.ai_look.LookaheadBot`:
    the determinizations, every action judged one ply, the ``top`` best judged again) with its best actions
    judged by :func:`three_ply`. ``fallback`` decides outside a turn's main decision (deployment, effects):
    the core's search, :class:`pygames.core.bots.MCTSBot`; secret choices as medium makes them. ``step(state)``
    returns an action of ``state.legal_actions()``; raises PygamesError at a terminal state (through ``fallback``)."""

    def __init__(self, seed: int, fallback, dets: int = DETS, top: int = TOP, seconds: float = math.inf):
        super().__init__(seed, fallback, dets, top, seconds)

    def judge(self, kids: list, me: int, t0: float) -> float | None:
        """The mean of :func:`three_ply` over ``kids``; None when the search runs past 1.2 times the cap
        from ``t0`` (that action is not judged, and no further one is tried)."""
        try:
            return sum(three_ply(c, me, t0 + self.seconds * 1.2) for c in kids) / max(1, len(kids))
        except _OutOfTime:
            return None


def make_level_bot(level: str, seed: int = 0, cap: bool = True):
    """``Game.extra["bot"]``: the three-ply look-ahead for ``hard`` (its other decisions by the core's search
    of the medium budget, capped as hard is unless ``cap`` is False), the two-ply look-ahead for ``medium``
    (:func:`pygames.zoon.ai_look.make_level_bot`); None for easy, which the core's search plays."""
    if level != "hard":
        return ai_look.make_level_bot(level, seed, cap)
    from ..core.bots import LEVELS, MCTSBot
    it = LEVELS["medium"][0]  # type: ignore[index]
    secs = LEVELS["hard"][2] if cap else math.inf  # type: ignore[index]
    return DeepBot(seed, MCTSBot(iterations=it, depth=8, seconds=secs, seed=seed), seconds=0.8 * secs)
