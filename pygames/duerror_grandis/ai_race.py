"""Duerror Grandis: the race in turns, for the computer players (rules G8–G9, G16, G19–G26, G30–G31, G34).

A piece's worth is the expected number of turns it still needs to land exactly on square 82 (G25),
computed once by value iteration over (path number 0..81, kind, tokens 0..:data:`TMAX`) for a lone
piece: each turn, in the basic game, formactus (keep, pay a token to change, or roll: odd, change free;
G8, G9), then any veers (a token each; two d10: 81 in 100 to a uniformly random square of the path, 18
in 100 stay, 1 in 100 back to square 1; G19–G22), then the move of exactly the piece's distance, a paid
stay, or a free stay when the move would pass square 82 (G23, G24). Factiosus has no formactus (G30).
Takes are left out of the table (they are judged at the take itself) and so is misericordia, except
as a token earned in a turn with probability :data:`INCOME` (G16).

:func:`turns` gives a player's expected turns from the start of a turn and :func:`remaining` from any
part of it (in Factiosus every piece must exit, G31: the slowest piece counts fully, the others a
little, since they all move in each turn); :func:`threat` what takes by the others may cost before
the player's next turn (G14).
"""
from __future__ import annotations

from .common import OUT, REACH

TMAX = 3
"""Tokens counted in the table (more are worth as much as three)."""
INCOME = {False: 0.15, True: 0.35}
"""Chance of a token earned in a turn (misericordia, G16), basic game and Factiosus."""
DIST = {"thete": 9, "ephebe": 5, "melliran": 1}
LOSS = 99.0
"""Expected turns counted for a game another player has won."""
STUCK = 40.0
"""Turns counted for a Factiosus piece that can never land (no tokens, no income)."""
TAKEN = (0.15, 0.5)
"""Chance that another player takes a piece of ours within reach, when the swap would set the taker back
and when it would bring it forward."""
REST = 0.25
"""Factiosus: weight of the pieces other than the slowest in a player's turns."""


class RaceTable:
    """Expected turns to finish for one piece: ``V[t][k][n]`` at the start of a turn and ``W[t][k][n]``
    after formactus (kind ``k`` chosen, tokens ``t`` left), for path number ``n`` 0..81; ``N(n, k, t)``
    the same after the turn ends (income included)."""

    def __init__(self, kinds: tuple[str, ...], factiosus: bool, rho: float | None = None):
        self.kinds = kinds
        self.factiosus = factiosus
        self.rho = INCOME[factiosus] if rho is None else rho
        K = len(kinds)
        self.V = [[[0.0] * 82 for _ in range(K)] for _ in range(TMAX + 1)]
        self.W = [[[0.0] * 82 for _ in range(K)] for _ in range(TMAX + 1)]
        self._solve()

    def nxt(self, n: int, k: int, t: int) -> float:
        """Expected turns after the turn ends with the piece on ``n`` (0 once out, 82)."""
        if n >= 82:
            return 0.0
        rho, V = self.rho, self.V
        return rho * V[min(t + 1, TMAX)][k][n] + (1 - rho) * V[t][k][n]

    def move_value(self, n: int, k: int, t: int) -> float:
        """Turns left after moving (or, when no move is possible, staying free) from ``n`` (G23, G24)."""
        m = n + DIST[self.kinds[k]]
        if m == 82:
            return 0.0
        return self.nxt(m if m < 82 else n, k, t)

    def veer_value(self, n: int, k: int, t: int) -> float:
        """Turns left after paying one of ``t`` tokens (t ≥ 1) to veer from ``n`` (G20–G22), then playing
        the rest of the turn well."""
        W = self.W[t - 1][k]
        return 0.01 * self._sumW[t - 1][k] + 0.18 * W[n] + 0.01 * W[1]

    def _solve(self) -> None:
        K, V, W = len(self.kinds), self.V, self.W
        self._sumW = [[0.0] * K for _ in range(TMAX + 1)]
        for _ in range(400):
            delta = 0.0
            for t in range(TMAX + 1):
                for k in range(K):
                    Wk = W[t][k]
                    for n in range(82):
                        v = self.move_value(n, k, t)
                        if t:
                            v = min(v, self.nxt(n, k, t - 1), self.veer_value(n, k, t))
                        Wk[n] = v
                    self._sumW[t][k] = sum(Wk[1:82])
            for t in range(TMAX + 1):
                for k in range(K):
                    for n in range(82):
                        if self.factiosus:
                            v = 1.0 + W[t][k][n]
                        else:
                            best = min(W[t][j][n] for j in range(K))
                            v = W[t][k][n]
                            v = min(v, 0.5 * v + 0.5 * best)  # roll: odd, change free (G9)
                            if t:
                                v = min(v, min(W[t - 1][j][n] for j in range(K)))  # pay (G8)
                            v += 1.0
                        v = min(v, STUCK)
                        delta = max(delta, abs(v - V[t][k][n]))
                        V[t][k][n] = v
            if delta < 1e-4:
                break


_TABLES: dict = {}


def table(kinds: tuple[str, ...], factiosus: bool, income: bool = True) -> RaceTable:
    """The (cached) table for a variant's kinds (G34) and Factiosus (G30); ``income=False``: no token is
    ever earned (a Factiosus player whose pieces left are thetes, which never take, G11, G16)."""
    key = (tuple(kinds), bool(factiosus), income)
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = RaceTable(tuple(kinds), bool(factiosus), None if income else 0.0)
    return t


def earns(s, p: int) -> bool:
    """Whether ``p`` can still earn tokens by misericordia: outside Factiosus always (the piece can be
    changed, G8), in Factiosus while a piece that takes (not a thete, G11) is still to exit."""
    if not s.factiosus:
        return True
    return any(kind != "thete" and sq != OUT for kind, sq in s.pieces[p])


def threat(s, p: int, values) -> float:
    """Expected turns ``p`` may lose to takes before p's next turn (G14): for each of p's pieces on the
    board, the worst swap another player's piece (as it stands) could make with it, counted with the
    chance :data:`TAKEN` (more likely when the swap also brings the taker forward). ``values(i, n)`` is
    p's expected turns with piece ``i`` on path number ``n``."""
    total = 0.0
    for i, (kind, sq) in enumerate(s.pieces[p]):
        if not 0 <= sq < OUT:
            continue
        now = values(i, s.number(p, sq))
        worst = 0.0
        for q in range(s.n):
            if q == p or s.boards[q] is None:
                continue
            for qk, qs in s.pieces[q]:
                if 0 <= qs < OUT and sq in REACH[qk][qs]:
                    loss = values(i, s.number(p, qs)) - now
                    if loss > 0:
                        chance = TAKEN[1] if s.number(q, sq) > s.number(q, qs) else TAKEN[0]
                        worst = max(worst, chance * loss)
        total += worst
    return total


def aggregate(values: list[float]) -> float:
    """A player's turns from their pieces' turns: the slowest counts fully, the others by :data:`REST`."""
    if not values:
        return 0.0
    top = max(values)
    return top + REST * (sum(values) - top)


def turns(s, p: int) -> float:
    """Player ``p``'s expected turns to win from ``s`` at the start of a turn (0 once every piece is out).
    Uses the state's boards and kinds as they are: hand it a determinization in Caecus (G41)."""
    tb = table(s.kinds, s.factiosus, earns(s, p))
    if not s.pieces[p] or s.boards[p] is None:
        return tb.V[min(s.tokens[p], TMAX)][0][0] if not s.factiosus else 3 * tb.V[0][0][0]
    t = min(s.tokens[p], TMAX)
    vals = []
    for kind, sq in s.pieces[p]:
        n = s.number(p, sq)
        if n >= 82:
            vals.append(0.0)
        else:
            vals.append(tb.V[t][s.kinds.index(kind)][n])
    return aggregate(vals)


def remaining(s, p: int, threats: bool = True) -> float:
    """``p``'s expected turns still to play from ``s``, counted from the end of p's current turn: the
    table's ``W`` while p is still in the middle of it (after a roll or a change of piece, in flictus,
    flexus or fluctus, the d10 of a veer at their expected value), its ``N`` once the turn is over, plus
    the :func:`threat` of takes before p's next turn. Uses the state's boards and kinds as they are:
    hand it a determinization in Caecus (G41)."""
    if s.part == "over":
        return 0.0 if p in (s.ranked or []) else LOSS
    tb = table(s.kinds, s.factiosus, earns(s, p))
    t = min(s.tokens[p], TMAX)
    kinds = s.kinds
    mine = s.turn == p
    part = s.part
    if not s.pieces[p] or s.boards[p] is None:
        return turns(s, p)
    pieces = [(kinds.index(kind), s.number(p, sq)) for kind, sq in s.pieces[p]]
    if not mine or part not in ("flictus", "move", "veer", "change", "d6"):  # p's turn is over
        vals = [tb.nxt(n, k, t) if n < 82 else 0.0 for k, n in pieces]

        def values(i: int, n: int) -> float:
            return aggregate(vals[:i] + [tb.nxt(n, pieces[i][0], t)] + vals[i + 1:])

        return aggregate(vals) + (threat(s, p, values) if threats else 0.0)
    if not s.factiosus:
        k, n = pieces[0]
        if n >= 82:
            return 0.0
        K = len(kinds)
        if part == "change":
            return min(tb.W[t][j][n] for j in range(K))
        if part == "d6":
            return 0.5 * tb.W[t][k][n] + 0.5 * min(tb.W[t][j][n] for j in range(K))
        if part == "veer":
            return tb.veer_value(n, k, t + 1)
        return tb.W[t][k][n]
    handled = s.handled

    def piece_value(i: int, k: int, n: int) -> float:
        if n >= 82:
            return 0.0
        if i in handled:
            return tb.nxt(n, k, t)
        if not handled:
            return tb.W[t][k][n]
        v = tb.move_value(n, k, t)
        return min(v, tb.nxt(n, k, t - 1)) if t else v

    if part == "veer":
        vi = s.veering
        rest = [piece_value(i, k, n) for i, (k, n) in enumerate(pieces) if i != vi]
        k = pieces[vi][0]
        top = max(rest) if rest else 0.0
        low = sum(rest) - top

        def with_(v: float) -> float:
            return max(top, v) + 0.25 * (low + min(top, v))

        Wk = tb.W[t][k]
        total = sum(with_(Wk[m]) for m in range(1, 82))
        return 0.01 * total + 0.18 * with_(Wk[pieces[vi][1]]) + 0.01 * with_(Wk[1])
    return aggregate([piece_value(i, k, n) for i, (k, n) in enumerate(pieces)])
