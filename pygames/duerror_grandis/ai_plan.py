"""Duerror Grandis: the easy level as a whole-turn planner over the race in turns (rules G8–G26, G30–G31, G37).

At each of its decisions the player tries every chain of its own decisions to the end of its turn
(formactus, every take of a chain and the spare or stop, G10–G17 and G37; every order of its pieces'
veers, moves and paid stays in Factiosus, G19–G24 and G31), stopping at a chance node (the d6 of
formactus, the two d10 of a veer: judged there by the race table at their expected value, G9, G20–G22)
or where its turn ends, and plays the first decision of the best chain. A chain is judged by
:func:`lead`: the fastest other player's expected turns to finish (:mod:`.ai_race`, takes the others
may make before the player's next turn included) minus the player's own, with a small tie-break on
the distance still to square 82 (G26: a game that cannot finish ranks the players by pieces out, then
by distance). Positions met twice in a turn (the same pieces, tokens and part reached by moves in
another order) are judged once; at most :data:`BUDGET` positions are judged a decision. In Caecus the
plan is made on one determinization of what the player may know (G41), never the true hidden boards.
"""
from __future__ import annotations

import random

from .ai_race import INCOME, OUT, TMAX, earns, remaining, table

BUDGET = 120
"""Positions judged at most per decision (the rest are judged where they stand)."""
WIN = 1000.0
"""A finished game in expected turns of lead: won (+), lost (-)."""
CHAIN = 1
"""Decisions of flictus followed within one plan (the rest of a chain of takes is judged where it
stands and decided at the next decision); 2 measured no better at twice the CPU (``docs/bots.md``)."""
DISTANCE = 0.001
"""Turns of lead per square of distance still to go (G26's tie-break only)."""


def lead(state, p: int) -> float:
    """``p``'s lead in expected turns over the fastest other player (higher is better), with the G26
    distance tie-break; a finished game counts :data:`WIN` for a winner, ``-WIN`` otherwise (a share
    of a first place in between)."""
    if state.part == "over":
        ranked = state.ranked or []
        if p in ranked:
            return WIN / len(ranked)
        return -WIN
    t = [remaining(state, q) + strand(state, q) for q in range(state.n)]
    rival = min(t[q] for q in range(state.n) if q != p)
    dist = 0
    for _, sq in state.pieces[p]:
        dist += 82 - state.number(p, sq)
    return rival - t[p] - DISTANCE * dist


def strand(s, p: int) -> float:
    """Factiosus: the turns ``p``'s thetes may lose for the tokens no longer earned once the pieces that
    take are out (G11, G16, G31). The race table counts a thete with misericordia tokens earned for
    ever; here its turns are also judged without income but with the tokens the other pieces may earn
    before they exit (their expected turns times the income), and the worse of the two counts."""
    if not s.factiosus or s.boards[p] is None or not earns(s, p):
        return 0.0
    kinds = s.kinds
    inc, bare = table(kinds, True, True), table(kinds, True, False)
    t = min(s.tokens[p], TMAX)
    left = 0.0
    for kind, sq in s.pieces[p]:
        if kind != "thete" and sq != OUT:
            n = s.number(p, sq)
            left = max(left, inc.V[t][kinds.index(kind)][n])
    x = min(t + INCOME[True] * left, float(TMAX))
    lo = int(x)
    hi = min(lo + 1, TMAX)
    frac = x - lo
    extra = 0.0
    for kind, sq in s.pieces[p]:
        if kind == "thete" and sq != OUT:
            k, n = kinds.index(kind), s.number(p, sq)
            v0 = (1 - frac) * bare.V[lo][k][n] + frac * bare.V[hi][k][n]
            extra = max(extra, v0 - inc.V[t][k][n])
    return extra


def _key(s) -> tuple:
    return (s.part, s.turn, tuple(tuple(tuple(x) for x in ps) for ps in s.pieces), tuple(s.tokens), s.bank,
            s.took, tuple(s.handled), s.veering, len(s.chain))


class PlanBot:
    """The whole-turn planner (module docstring); ``step(state)`` returns one of
    ``state.legal_actions()`` for the player to move (of equal chains, the first in the state's order).
    ``seed`` draws the determinization in Caecus."""

    def __init__(self, seed: int = 0, budget: int = BUDGET):
        self.rng = random.Random(seed)
        self.budget = budget

    def step(self, state):
        acts = state.legal_actions()
        if len(acts) == 1:
            return acts[0]
        root = state.determinize(state.current_player(), self.rng) if state.caecus else state
        return self.plan(root, acts)

    def plan(self, root, acts=None):
        """The first decision of the best chain judged on ``root``, a full state (in Caecus a
        determinization, never the true hidden one): one of ``acts`` (default ``root.legal_actions()``;
        the true state's actions when ``root`` is a determinization of it)."""
        acts = root.legal_actions() if acts is None else acts
        p = root.current_player()
        self._left = self.budget
        self._seen: dict = {}
        best, best_v = acts[0], -float("inf")
        legal = {a.notation: a for a in acts}
        for a in root.legal_actions():
            if a.notation not in legal:
                continue
            c = root.clone()
            c.apply(a)
            v = self._value(c, p, int(root.part == "flictus"))
            if v > best_v + 1e-9:
                best, best_v = legal[a.notation], v
        return best

    def _value(self, s, p: int, takes: int) -> float:
        self._left -= 1
        if (s.part == "over" or s.is_chance_node() or s.turn != p or self._left <= 0
                or (takes >= CHAIN and s.part == "flictus")):
            return lead(s, p)
        k = _key(s)
        v = self._seen.get(k)
        if v is not None:
            return v
        v = -float("inf")
        for a in s.legal_actions():
            c = s.clone()
            c.apply(a)
            v = max(v, self._value(c, p, takes + (s.part == "flictus")))
        self._seen[k] = v
        return v

