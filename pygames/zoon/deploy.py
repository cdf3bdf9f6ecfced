"""Zoon: deployment (ZN4–ZN6, ZN44, ZN45).

A mixin of :class:`pygames.zoon.rules.ZoonState`: the random deal of each side's twelve Zoons onto its home
rows (a chance node owned by that side), the arrangement actions (pick, swap, keep, random, ready) with
their bound (ZN45: at most :data:`MAX_EDITS` changes, so at most :data:`DEPLOY_MAX` actions per side), the
reveal of the front rows when both sides are ready (ZN6), and each side's *deployment block* of the
history, which the other side sees only as ``arrange S ?`` and ``ready`` (ZN44) and which a
determinization rewrites (:mod:`pygames.zoon.hidden`).
"""
from __future__ import annotations

from ..core.state import CHANCE
from .base import ZoonBase
from .board import CELL, CELL_INDEX, EMPTY, FRONT, HEADS, HOME, MAX_EDITS, NORTH, SOUTH, _KEY_INDEX, _ROSTERS, _act, row

FULL = (1 << 12) - 1
"""The mask of every roster index: nothing is known yet of a face-down Zoon's identity (see ``could``)."""
DEAL_STEPS = 11
"""Chance actions of one deal: the Emblem to a back-row cell, then ten cards (the last takes the last cell)."""
DEPLOY_MAX = DEAL_STEPS + MAX_EDITS * (1 + DEAL_STEPS) + 1
"""The most actions one side's deployment can take (ZN45): the first deal, :data:`MAX_EDITS` changes of at
most 12 actions each (a new random arrangement and its deal; a swap or a cancelled pick takes 2) and
*ready*: 11 + 24 × 12 + 1 = 300."""

def _deal_actions(tribe: str, p: int) -> tuple:
    """``(emblem deals, card deals)`` of ``p``'s deployment (ZN5): the Emblem's deal to each back-row cell,
    and each card's deal by roster index."""
    t = _DEAL_ACTS.get((tribe, p))
    if t is None:
        ros = _ROSTERS[tribe]
        side = "SN"[p]
        e = next(z.key for z in ros if z.type == "Emblem")
        name = next(z.name for z in ros if z.type == "Emblem")
        # labels name the cards: the other side sees this block only as "arrange S ?" (ZN44)
        t = _DEAL_ACTS[tribe, p] = (tuple(_act(f"deal {side} {e} {CELL[c]}", (), CHANCE, f"Deal {name} to {CELL[c]}")
                                          for c in HOME[p][:6]),
                                    tuple(_act(f"deal {side} {z.key}", (), CHANCE, f"Deal {z.name}") for z in ros))
    return t


_DEAL_ACTS: dict[tuple, tuple] = {}
_EMBLEM = {t: next(i for i, z in enumerate(r) if z.type == "Emblem") for t, r in _ROSTERS.items()}
"""The roster index of each tribe's Emblem."""


def _arrange_actions(p: int, picked: int, may_edit: bool) -> tuple:
    """The deployment actions of ``p`` (ZN5) with cell ``picked`` picked (-1: none)."""
    key = (p, picked, may_edit)
    t = _ARRANGE_ACTS.get(key)
    if t is None:
        if picked >= 0:
            a = CELL[picked]
            out = [_act(f"keep {a}", (a,), p, "Cancel the swap")] + [
                _act(f"swap {a} {CELL[b]}", (CELL[b],), p, f"Swap {a} and {CELL[b]}") for b in HOME[p] if b != picked]
        else:
            # said as what it does, which is also what the move list keeps of it: the side, nothing hidden
            # (the other side's list shows this entry too, ZN44)
            out = [_act("ready", (), p, f"Ready: {('South', 'North')[p]}'s Zoons are placed")]
            if may_edit:
                out.append(_act("random", (), p, "Random arrangement"))
                out += [_act(f"pick {CELL[c]}", (CELL[c],), p, f"Pick {CELL[c]} to swap") for c in HOME[p]]
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
        """The roster index of ``p``'s Emblem."""
        return _EMBLEM[self.tribes[p]]

    def _deal(self, n: str) -> None:
        p, left, cells, emblem = self.dealing
        if emblem:  # ZN5: the Emblem is dealt to a back-row cell first
            i, c = self.emblem_index(p), CELL_INDEX[n.rsplit(" ", 1)[1]]
        else:
            i, c = _KEY_INDEX[self.tribes[p]][n.split(" ", 2)[2]], cells[0]
        k, m = left.index(i), cells.index(c)
        left, cells = left[:k] + left[k + 1:], cells[:m] + cells[m + 1:]
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

    def _arrange(self, n: str) -> None:
        """Apply an arrangement action of the arranger (ZN5, ZN45): ``ready``, ``random``, ``pick a1``,
        ``swap a1 b2`` or ``keep a1``. A swap, a cancelled pick (``keep``) and a new random arrangement each
        use one of the :data:`MAX_EDITS` changes; a pick is offered only while a change is left."""
        p = self.arranger
        if n == "ready":
            self.ready[p] = True
            self.ready_at[p] = len(self.history)
            self.deployed[p] = tuple(self.pos[p])
            if p == SOUTH:
                self._start_deal(NORTH)
            else:
                self._deployment_done()
        elif n == "random":
            self.edits[p] += 1
            self._start_deal(p)
        elif n.startswith("pick "):
            self.picked = CELL_INDEX[n[5:]]
        elif n.startswith("keep "):
            self.edits[p] += 1
            self.picked = -1
        else:
            _, a, b = n.split()
            ca, cb = CELL_INDEX[a], CELL_INDEX[b]
            va, vb = self.board[ca], self.board[cb]
            self.board[ca], self.board[cb] = vb, va
            self.pos[p][va % 12], self.pos[p][vb % 12] = cb, ca
            self.edits[p] += 1
            self.picked = -1

    def block_start(self, p: int) -> int:
        """Where ``p``'s deployment block begins in the history (-1: not yet): South's after the chance
        action that chose the first player (if any), North's after South's *ready* (ZN44). A position set up
        without a deployment (:meth:`~pygames.zoon.rules.ZoonState.from_position`) has none."""
        if self.ready[p] and self.ready_at[p] < 0:
            return -1
        if p == SOUTH:
            if self.options["first"] != "random":
                return 0
            return 1 if self.history or self.phase != "first" else -1
        return self.ready_at[SOUTH] + 1 if self.ready_at[SOUTH] >= 0 else -1

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

