"""Verquere's move generation: where a piece may land, bearing off, the single-die steps and the dice-use
rules (V7–V19; ``ruleset=ludii``: V31–V33), as a mixin of :class:`~pygames.verquere.rules.VerquereState`,
which keeps the board (``board[player][p]``, ``bar``, ``off``), the dice and the rest of the game.
Moved out of ``rules.py`` to keep each module short; the numbering of points is rules.py's (V1).
"""
from __future__ import annotations

from itertools import compress

PIECES = 15
"""V2: each player's pieces."""
_OPP = tuple((p + 11) % 24 + 1 for p in range(25))
"""``_OPP[p]``: the opponent's number of my point ``p`` (index 0 unused)."""
_POINTS = range(25)  # the point numbers a player's counts are indexed by (0 unused, always 0)


def opp_point(p: int) -> int:
    """The opponent's number (1..24) of my point ``p`` (1..24) (V1)."""
    return (p + 11) % 24 + 1


class Movement:
    """The move-generation methods of :class:`~pygames.verquere.rules.VerquereState` (it supplies
    ``board``, ``bar``, ``off``, ``dice``, ``turn``, ``winner`` and ``ludii``)."""

    board: list[list[int]]  # board[player][p]: player's pieces on their point p (1..24; 0 unused)
    bar: list[int]  # pieces waiting to re-enter, per player
    off: list[int]  # pieces borne off, per player
    dice: list[int]  # dice still to play this turn, larger first
    turn: int | None
    winner: int | None
    ludii: bool  # ruleset=ludii (V30-V33)

    def can_land(self, pl: int, to: int) -> bool:
        """Whether ``pl`` may end a step on their point ``to`` (1..24) (V8–V11, ludii: V31)."""
        opp = self.board[1 - pl][opp_point(to)]
        if opp >= 2:  # V8: two or more opposing pieces block
            return False
        if self.ludii:
            return to > 12 or (opp == 0 and self.board[pl][to] == 0)  # V31
        return not (2 <= to <= 12 and self.board[pl][to])  # V10 (point 1 may hold many: V11)

    def can_bear_off(self, pl: int) -> bool:
        """All of ``pl``'s remaining pieces are on points 19–24 and none waits to re-enter (V16)."""
        b = self.board[pl]
        return self.bar[pl] == 0 and not any(b[1:19])

    def _raw_steps(self, pl: int, dice, first: bool = False) -> list[tuple[int, int]]:
        """Single-die steps ``(from, die)`` of ``pl`` for each distinct die, before the dice-use rule
        (V7–V17, ludii: V31, V33). ``first=True`` stops at the first step found (an existence test).

        This is :meth:`can_land` and :meth:`can_bear_off` inlined: it is the engine's hot loop."""
        out = []
        b = self.board[pl]
        ob = self.board[1 - pl]
        ludii = self.ludii
        opp = _OPP
        occupied = list(compress(_POINTS, b))  # the points pl holds, in order (index 0 is always 0)
        if self.bar[pl]:
            for d in dice:
                o = ob[opp[d]]
                if o < 2 and (o == 0 and b[d] == 0 if ludii else (d == 1 or b[d] == 0)):
                    out.append((0, d))
                    if first:
                        return out
            if not ludii:  # V13: re-entry first
                return out
            bear = False
        else:
            bear = not occupied or occupied[0] >= 19  # V16
        for p in occupied:
            for d in dice:
                to = p + d
                if to < 25:
                    o = ob[opp[to]]
                    if o >= 2:  # V8
                        continue
                    if to <= 12 and (b[to] or (ludii and o)):  # V10 (V31: empty only)
                        continue
                elif to > 25 or not bear:  # V16, V17: exact numbers only
                    continue
                out.append((p, d))
                if first:
                    return out
        return out

    def _step(self, pl: int, frm: int, d: int) -> bool:
        """Move one piece of ``pl`` from ``frm`` (0 = bar) by ``d``; return whether it hit. Unchecked."""
        to = frm + d
        board = self.board
        if frm == 0:
            self.bar[pl] -= 1
        else:
            board[pl][frm] -= 1
        if to == 25:
            self.off[pl] += 1
            return False
        board[pl][to] += 1
        op = _OPP[to]
        ob = board[1 - pl]
        if ob[op] == 1:  # V9: a lone opposing piece is hit
            ob[op] = 0
            self.bar[1 - pl] += 1
            return True
        return False

    def _unstep(self, pl: int, frm: int, d: int, hit: bool) -> None:
        to = frm + d
        if to == 25:
            self.off[pl] -= 1
        else:
            self.board[pl][to] -= 1
            if hit:
                self.board[1 - pl][_OPP[to]] = 1
                self.bar[1 - pl] -= 1
        if frm == 0:
            self.bar[pl] += 1
        else:
            self.board[pl][frm] += 1

    def _can_play(self, pl: int, dice: list[int], need: int) -> bool:
        """Whether ``need`` more of ``dice`` can be played in sequence from here."""
        if need == 0:
            return True
        if need == 1:
            return bool(self._raw_steps(pl, set(dice), first=True))
        for frm, d in self._raw_steps(pl, set(dice)):
            hit = self._step(pl, frm, d)
            rest = list(dice)
            rest.remove(d)
            ok = self.off[pl] == PIECES or self._can_play(pl, rest, need - 1)
            self._unstep(pl, frm, d, hit)
            if ok:
                return True
        return False

    def _rest_survives(self, b: list[int], frm: int, d: int, sources: list[int], need: int, die: int) -> bool:
        """A quick proof that after step ``(frm, d)`` another ``need`` steps of ``die`` can follow (the
        other die of a 6-5, or the rest of a double): ``need`` other candidates using ``die`` (their
        sources ``sources``, in candidate order) that stay legal whatever the order. Playing a step only
        removes a piece from its source, adds one where it lands (on points 2–12 that blocks our own
        landing there, V10), can only remove opposing pieces (hits) and can only enable bearing off; so
        candidates that use no piece twice and land on distinct points of 2–12 all stay playable. False
        means "not proven" (the full search decides)."""
        pl = self.turn
        assert pl is not None
        to = frm + d
        if need == 1:  # the common case (two different dice), without the bookkeeping below
            block = to - die if 2 <= to <= 12 else -1  # the source whose step would land where we did
            for g in sources:
                if g != block and (g != frm or (self.bar[pl] if g == 0 else b[g]) >= 2):
                    return True
            return False
        used = {frm: 1}
        landed = {to} if 2 <= to <= 12 else set()
        found = 0
        e = die
        for g in sources:
            have = self.bar[pl] if g == 0 else b[g]
            if used.get(g, 0) >= have:
                continue
            to = g + e
            if 2 <= to <= 12:
                if to in landed:
                    continue
                landed.add(to)
            used[g] = used.get(g, 0) + 1
            found += 1
            if found == need:
                return True
        return False

    @staticmethod
    def _all_survive(src_big: list[int], src_small: list[int]) -> bool:
        """A quick proof of V19 for every candidate of two different dice at once: with three or more
        sources for each die, whichever step is played first, a step of the other die is left, since a step
        spoils at most two of the other die's sources (its own if it held a single piece, and the one whose
        step would land where it did; see :meth:`_rest_survives`). False means "not proven"."""
        return len(src_big) >= 3 and len(src_small) >= 3

    def legal_steps(self) -> list[tuple[int, int]]:
        """Legal ``(from, die)`` steps for the player to move, after the dice-use rules (V18, V19).

        Default ruleset: only steps that begin a sequence using as many dice as possible, and when only
        one of two different dice can be used, the larger if it can. ``ruleset=ludii``: any step (V32).
        """
        pl = self.turn
        if pl is None or not self.dice or self.winner is not None:
            return []
        dice = self.dice
        if len(dice) == 2 and dice[0] != dice[1]:
            faces = [dice[0], dice[1]] if dice[0] > dice[1] else [dice[1], dice[0]]
        else:
            faces = dice[:1]  # one die, or what is left of a double (dice all alike, V6)
        cands = self._raw_steps(pl, faces)  # each face once, the higher first
        if self.ludii or len(dice) == 1 or not cands:
            return cands
        b = self.board[pl]
        if len(faces) == 2:
            return self._two_dice_steps(pl, b, cands, faces[0], faces[1])
        n, e = len(dice), faces[0]  # a double: the steps that begin a sequence using most of its n dice
        cands_from = [g for g, _ in cands]
        for k in range(n, 0, -1):
            good = []
            for frm, d in cands:
                if k == n and self._rest_survives(b, frm, e, cands_from, n - 1, e):
                    good.append((frm, d))
                    continue
                if k == 1:  # any step uses one die
                    good.append((frm, d))
                    continue
                hit = self._step(pl, frm, e)
                if self.off[pl] == PIECES or self._can_play(pl, dice[:k - 1], k - 1):
                    good.append((frm, d))
                self._unstep(pl, frm, e, hit)
            if good:
                break
        return good

    def _two_dice_steps(self, pl: int, b: list[int], cands: list[tuple[int, int]], big: int, small: int) -> list:
        """:meth:`legal_steps` for two different dice ``big > small`` (the commonest roll), ``cands`` the
        single-die steps of both: those after which the other die can still be played (V19: the quick
        proof of :meth:`_rest_survives`, else playing the step and looking for a step of the other die);
        when none is, every candidate, or only those of the larger die if it has one (V18)."""
        src_big = [g for g, x in cands if x == big]
        src_small = [g for g, x in cands if x == small]
        if self._all_survive(src_big, src_small):
            return cands
        good = []
        for frm, d in cands:
            e, src = (small, src_small) if d == big else (big, src_big)
            if self._rest_survives(b, frm, d, src, 1, e):
                good.append((frm, d))
                continue
            hit = self._step(pl, frm, d)
            if self.off[pl] == PIECES or self._raw_steps(pl, (e,), first=True):
                good.append((frm, d))
            self._unstep(pl, frm, d, hit)
        if good:
            return good
        return [(f, d) for f, d in cands if d == big] if src_big else cands  # V18
