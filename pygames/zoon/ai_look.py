"""Zoon's medium level: a two-ply look-ahead over determinizations (issue 19, "each level beats the one
below"; ZN7 and ZN44: the bot decides from its own observation only).

The core's search of 300 simulations scored no better than easy's 40 against easy (0.458 over 24 games):
its simulations were spread over about 35 candidates and two or three plies, where the opponent's replies
are averaged (an exploration term of 1.4 against values that differ by hundredths) rather than answered,
and its visit counts chose among moves the evaluation could barely tell apart. This player spends the
same order of work on a plain expectimax instead:

1. ``DETS`` states are drawn among those that look the same to the player (:meth:`ZoonState.determinize`)
   and each is noted as a search root (:func:`pygames.zoon.ai.note_root`);
2. every legal action is judged one ply deep (:func:`pygames.zoon.ai.evaluate`, a pending combat by its
   exact odds), averaged over the determinizations;
3. the ``TOP`` best are judged again two plies deep: a pending combat is resolved each way it can end
   (weighted by its chance), then the opponent answers with the reply (among its first ``REPLIES``
   candidates, :func:`pygames.zoon.ai.candidates`) that leaves the player's evaluation lowest. Where the
   opponent attacks one of the player's face-down Zoons, the combat is judged over every identity the
   opponent cannot tell apart (as the evaluation does for the player's own attacks), so the opponent's
   answer never reads the player's hidden Emblem.

The most valuable of the ``TOP`` by the two-ply value is played. A secret choice of classic combat (ZN42)
is drawn from the player's equilibrium mix of the game of secret choices, averaged over ``DETS``
determinizations (:func:`pygames.zoon.ai_secret.choose`). With the level's time cap (medium: 1 s
a decision), determinizations stop after half of 0.8 of it and the two-ply checks at 0.8 of it (without
the cap, ``--no-cap``, the work is exactly the budget above). Other decisions (deployment, effects)
are left to the core's search.
"""
from __future__ import annotations

import math
import random
import time

from . import ai, ai_secret

DETS = 6
"""Determinizations judged per decision."""
TOP = 6
"""Actions judged two plies deep (the best by the one-ply value)."""
REPLIES = 10
"""Opponent replies tried per position two plies deep (its first candidates)."""


def _hidden_cells(state, p: int) -> tuple:
    """The cells of ``p``'s face-down Zoons: what ``p``'s opponent cannot tell apart."""
    return tuple(state.pos[p][i] for i in range(12) if state.pos[p][i] >= 0 and not state.up[p][i])


def _after_reply(state, me: int) -> float:
    """``me``'s evaluation of ``state`` (just after the opponent's reply); a combat the opponent started on
    one of ``me``'s face-down Zoons is judged over the identities the opponent cannot tell apart."""
    if state.phase in ("dice", "secret"):
        root = state.__dict__.get("_bot_root")
        if root is not None:
            s = state.clone()
            s.__dict__["_bot_root"] = (1 - me, root[1], _hidden_cells(state, me), root[3])
            return ai.evaluate(s)[me]
    return ai.evaluate(state)[me]


def two_ply(state, me: int) -> float:
    """``me``'s value of ``state`` (just after ``me``'s action) with the opponent's best answer: a pending
    combat resolved each way it can end, weighted by its chance; at the opponent's turn the minimum over
    its first :data:`REPLIES` candidates of ``me``'s evaluation after the reply."""
    if state.is_terminal():
        return state.returns()[me]
    if state.phase in ("dice", "secret"):
        return sum(pr * two_ply(ai._resolved(state, how), me) for pr, how in ai._outcome_classes(state))
    if state.phase != "turn" or state.current_player() == me:
        return ai.evaluate(state)[me]
    low = math.inf
    for r in ai.candidates(state, state.legal_actions())[:REPLIES]:
        s = state.clone()
        s.apply(r)
        low = min(low, _after_reply(s, me))
    return low if low < math.inf else ai.evaluate(state)[me]


class LookaheadBot:
    """Zoon's medium level (see the module docstring). ``fallback`` decides outside a turn's main
    decision (deployment, effects): the core's search, :class:`pygames.core.bots.MCTSBot`.
    ``step(state)`` returns an action of ``state.legal_actions()``; raises PygamesError at a terminal state
    (through ``fallback``)."""

    def __init__(self, seed: int, fallback, dets: int = DETS, top: int = TOP, seconds: float = math.inf):
        self.rng = random.Random(seed)
        self.fallback, self.dets, self.top, self.seconds = fallback, dets, top, seconds

    def step(self, state):
        if not state.is_terminal() and state.phase == "secret":  # classic combat: a mix of the game's equilibrium
            me = state.current_player()
            n = ai_secret.choose(state, me, self.rng, self.dets,
                                 lambda d, how: ai.evaluate(ai._resolved(d, how))[0])
            return next(a for a in state.legal_actions() if a.notation == n)
        if state.is_terminal() or state.phase != "turn":
            return self.fallback.step(state)
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = state.current_player()
        t0 = time.monotonic()  # the cap: fewer determinizations and deeper checks
        half, end = t0 + self.seconds / 2, t0 + self.seconds
        one = {a.notation: 0.0 for a in legal}
        kids: dict[str, list] = {a.notation: [] for a in legal}
        for k in range(self.dets):
            if k and time.monotonic() > half:
                break
            d = state.determinize(me, self.rng)
            ai.note_root(d, me)
            for a in d.legal_actions():  # the same actions as the player's own (ZN7)
                c = d.clone()
                c.apply(a)
                one[a.notation] += ai.evaluate(c)[me]
                kids[a.notation].append(c)
        order = sorted(range(len(legal)), key=lambda k: (-one[legal[k].notation], k))
        best, best_v = legal[order[0]], -math.inf
        for k in order[:self.top]:
            if time.monotonic() > end:
                break
            a = legal[k]
            v = self.judge(kids[a.notation], me, t0)
            if v is None:
                break
            if v > best_v:
                best, best_v = a, v
        return best

    def judge(self, kids: list, me: int, t0: float) -> float | None:
        """An action's value for ``me``: the mean over ``kids`` (the states after it, one per
        determinization) of :func:`two_ply`; a deeper level (:class:`pygames.zoon.ai_deep.DeepBot`) judges
        deeper, and answers None when its time is up (``t0``: the decision's start, :func:`time.monotonic`),
        which ends the search of further actions."""
        return sum(two_ply(c, me) for c in kids) / max(1, len(kids))


def make_level_bot(level: str, seed: int = 0, cap: bool = True) -> LookaheadBot | None:
    """``Game.extra["bot"]``: the look-ahead for ``medium`` (its other decisions by the core's search of the
    medium budget, capped as the level is unless ``cap`` is False); None for the other levels, which the core's
    search plays (:func:`pygames.core.bots.own_bot`)."""
    if level != "medium":
        return None
    from ..core.bots import LEVELS, MCTSBot
    it, depth, secs = LEVELS["medium"]  # type: ignore[misc]
    secs = secs if cap else math.inf
    return LookaheadBot(seed, MCTSBot(iterations=it, depth=depth, seconds=secs, seed=seed), seconds=0.8 * secs)
