"""Zoon: deployment (ZN4–ZN6, ZN44, ZN45).

A mixin of :class:`pygames.zoon.rules.ZoonState`: the random deal of each side's twelve Zoons onto its home
rows (a chance node owned by that side), the arrangement actions (pick, swap, keep, random, ready) with
their bound, and the reveal of the front rows when both sides are ready.
"""
from __future__ import annotations

from ..core.state import CHANCE
from .base import ZoonBase
from .board import CELL, CELL_INDEX, EMPTY, FRONT, HEADS, HOME, _KEY_INDEX, _ROSTERS, _act, row

def _deal_actions(tribe: str, p: int) -> tuple:
    """``(emblem deals, card deals)`` of ``p``'s deployment (ZN5): the Emblem's deal to each back-row cell,
    and each card's deal by roster index."""
    t = _DEAL_ACTS.get((tribe, p))
    if t is None:
        ros = _ROSTERS[tribe]
        side = "SN"[p]
        e = next(z.key for z in ros if z.type == "Emblem")
        t = _DEAL_ACTS[tribe, p] = (tuple(_act(f"deal {side} {e} {CELL[c]}", (), CHANCE) for c in HOME[p][:6]),
                                    tuple(_act(f"deal {side} {z.key}", (), CHANCE) for z in ros))
    return t


_DEAL_ACTS: dict[tuple, tuple] = {}


def _arrange_actions(p: int, picked: int, may_edit: bool) -> tuple:
    """The deployment actions of ``p`` (ZN5) with cell ``picked`` picked (-1: none)."""
    key = (p, picked, may_edit)
    t = _ARRANGE_ACTS.get(key)
    if t is None:
        if picked >= 0:
            a = CELL[picked]
            out = [_act(f"keep {a}", (a,), p, "Cancel the swap")] + [
                _act(f"swap {a} {CELL[b]}", (CELL[b],), p) for b in HOME[p] if b != picked]
        else:
            out = [_act("ready", (), p, "Ready: commit this arrangement")]
            if may_edit:
                out.append(_act("random", (), p, "Random arrangement"))
                out += [_act(f"pick {CELL[c]}", (CELL[c],), p) for c in HOME[p]]
        t = _ARRANGE_ACTS[key] = tuple(out)
    return t


_ARRANGE_ACTS: dict[tuple, tuple] = {}



class DeployMixin(ZoonBase):
    """Deployment of a Zoon state (see the module docstring)."""

    def _start_deal(self, p: int) -> None:
        for i in range(12):
            c = self.pos[p][i]
            if c >= 0:
                self.board[c] = EMPTY
            self.pos[p][i] = -2
        self.dealing = (p, tuple(range(12)), HOME[p], True)
        self.picked = -1
        self.phase = "deal"

    def emblem_index(self, p: int) -> int:
        return next(i for i in range(12) if self.zoon(p, i).type == "Emblem")

    def _deal(self, n: str) -> None:
        p, left, cells, emblem = self.dealing
        if emblem:  # ZN5: the Emblem is dealt to a back-row cell first
            i, c = self.emblem_index(p), CELL_INDEX[n.rsplit(" ", 1)[1]]
        else:
            i, c = _KEY_INDEX[self.tribes[p]][n.split(" ", 2)[2]], cells[0]
        left = tuple(j for j in left if j != i)
        cells = tuple(x for x in cells if x != c)
        self.pos[p][i] = c
        self.board[c] = p * 12 + i
        if len(left) == 1:  # the last card takes the last cell
            self.pos[p][left[0]] = cells[0]
            self.board[cells[0]] = p * 12 + left[0]
            self.dealing = ()
            self.arranger = p
            self.phase = "arrange"
        else:
            self.dealing = (p, left, cells, False)

    def _deployment_done(self) -> None:
        """Both arrangements are committed: the front rows are revealed (ZN6) and the first turn starts."""
        if self.mode == "alternate":
            for p in (0, 1):
                for i in range(12):
                    if row(self.pos[p][i]) == FRONT[p]:
                        self.up[p][i] = True
                        self.coin[p][i] = HEADS
        self.todo = []
        self._begin_turn(self.turn)

