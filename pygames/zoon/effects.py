"""Zoon: tribe-card effects, the tasks of a turn and the choices they ask for (ZN22, ZN24, ZN25,
ZN30–ZN38, ZN46, ZN47).

A mixin of :class:`pygames.zoon.rules.ZoonState`. A turn is run as a stack of tasks (``todo``): the end of
the turn, a combat, the minimum-six top-up, a trump's remaining moves, an effect; :meth:`_run` pops them
until a player or chance must act.
"""
from __future__ import annotations

from ..core.state import Action
from .base import ZoonBase
from .board import CELL, CELL_INDEX, EMPTY, _act, move_action, step


_REVEAL_ACTS = tuple(tuple(_act(f"reveal {CELL[c]}", (CELL[c],), p, f"Turn {CELL[c]} face up") for c in range(36))
                     for p in (0, 1))
"""``_REVEAL_ACTS[p][cell]``: ``p`` turns the Zoon on ``cell`` face up (ZN22)."""


class EffectsMixin(ZoonBase):
    """Effects and turn tasks of a Zoon state (see the module docstring)."""

    def _queue_effect(self, effect: str, effect_side: str, a: tuple, d: tuple) -> None:
        """Queue the tribe-card effect ``effect`` of the ``effect_side`` (``"a"`` or ``"d"``) of a drawn
        combat between Zoons ``a`` and ``d`` (ZN31–ZN37)."""
        ep, ei = a if effect_side == "a" else d
        other = d if effect_side == "a" else a
        attacker = effect_side == "a"
        if effect == "grognard":
            if attacker:
                self.todo.append(("extra", ep, tuple(j for j in range(12) if self.pos[ep][j] >= 0
                                                     and self.zoon(ep, j).name == "Grognard")))
        elif effect == "again":
            if attacker:
                self.todo.append(("extra", ep, (ei,)))
        elif effect == "kingswap":
            self.todo.append(("kingswap", (ep, ei), other))
        elif effect == "push":
            self.todo.append(("push", other[0], other[1]))
        else:  # leaf, hop, bongo
            self.todo.append((effect, ep, ei))

    def _decision_actions(self) -> list[Action]:
        t = self.decide
        assert t is not None
        kind, p = t[0], t[1]
        if kind == "reveal6":
            pos, up, reveal = self.pos[p], self.up[p], _REVEAL_ACTS[p]
            return [reveal[pos[i]] for i in range(12) if pos[i] >= 0 and not up[i]]
        if kind in ("tactic", "extra"):
            acts = self._move_actions(p, t[2])
            if kind == "tactic" and not t[4]:
                acts.append(_act("done", (), p, "End the trump's moves"))
            return acts
        if kind == "scarper":
            out = []
            for i in t[2]:
                f = CELL[self.pos[p][i]]
                name = self.zoon(p, i).name if self.up[p][i] else ""  # named only when both sides see it (ZN7)
                for c in self._behind(p, i):
                    out.append(move_action(p, self.pos[p][i], c, False, name))
            if not t[4]:
                out.append(_act("done", (), p, "End the trump's moves"))
            return out
        if kind in ("leaf", "push", "hop"):
            said = f"{self._who(p, t[2])} {'goes back' if kind == 'push' else 'goes'} to"
            return [_act(f"{kind} {CELL[c]}", (CELL[c],), p, f"{said} {CELL[c]}") for c in t[3]]
        if kind == "bongo":
            return [_act(f"bongo {CELL[self.pos[p][i]]}", (CELL[self.pos[p][i]],), p,
                         f"{self._who(p, t[2])} swaps with {CELL[self.pos[p][i]]}") for i in t[3]]
        raise AssertionError(kind)


    def _who(self, p: int, i: int) -> str:
        """Zoon (p, i) in an action's label: its name when face up (both sides see it, ZN7; one that fought
        is, ZN46), else ``Zoon on c3``: labels are shared by both players' move lists."""
        return self.zoon(p, i).name if self.up[p][i] else f"Zoon on {CELL[self.pos[p][i]]}"

    def _decided(self, action: Action) -> None:
        t = self.decide
        assert t is not None
        self.decide = None
        kind, p = t[0], t[1]
        n = action.notation
        if kind == "reveal6":
            c = CELL_INDEX[n.split()[1]]
            self._mark(-1, c, "reveal")
            self._reveal(p, self.board[c] % 12)
            self.todo.append(("reveal6", p))
        elif kind == "tactic":
            if n == "done":
                return
            i = self.board[CELL_INDEX[action.targets[0]]] % 12
            if t[3] > 1:
                self.todo.append(("tactic", p, tuple(j for j in t[2] if j != i), t[3] - 1, False, t[5], t[6]))
            self._move(p, action, t[6], reveal=t[5] in ("tortoise", "fury", "pair"))
        elif kind == "extra":
            self._move(p, action, reveal=True)
        elif kind == "scarper":
            if n == "done":
                return
            f, c = CELL_INDEX[action.targets[0]], CELL_INDEX[action.targets[1]]
            i = self.board[f] % 12
            if t[3] > 1:
                self.todo.append(("scarper", p, tuple(j for j in t[2] if j != i), t[3] - 1, False))
            self._mark(f, c, "move")
            self._place(p, i, c)
        elif kind in ("leaf", "push", "hop"):
            c = CELL_INDEX[n.split()[1]]
            self._reveal(p, t[2])  # ZN46: the moved Zoon fought, so it is named and face up already
            self._mark(self.pos[p][t[2]], c, "move")
            self._place(p, t[2], c)
        elif kind == "bongo":
            j = self.board[CELL_INDEX[n.split()[1]]] % 12
            self._swap((p, t[2]), (p, j))

    def _none_can_move(self, p: int, t: tuple) -> None:
        """ZN44: a trump's or an effect's moves end because none of the Zoons it allows can move; the other
        side sees that, so a face-down Zoon of ``p`` that could have moved cannot be one of them. Cards
        named as such (Conque de charge's remaining Zoons) keep the identities that have no move from their
        cell; for lists defined by type or name (Soldiers, Elites and Monsters, Grognards) every face-down
        Zoon loses the identities of that list that would have a move from its cell."""
        by_card = t[0] == "tactic" and t[5] == "conch"
        for i in range(12):
            c = self.pos[p][i]
            if c < 0 or self.up[p][i]:
                continue
            if by_card:
                if i in t[2]:
                    self.could[p][i] &= sum(1 << j for j in range(12) if not self._dests(p, j, c))
            else:
                self.could[p][i] &= ~sum(1 << j for j in t[2] if self._dests(p, j, c))

    def _swap(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        """Swap the cells of Zoons ``a`` and ``b`` (King Louis, Kombo Bongo). ZN46: the record names both
        cards, so both are face up from now on (King or Kong may have been face down in its back row)."""
        self._reveal(*a)
        self._reveal(*b)
        ca, cb = self.pos[a[0]][a[1]], self.pos[b[0]][b[1]]
        self._mark(ca, cb, "swap")
        self.board[ca] = self.board[cb] = EMPTY
        self._place(a[0], a[1], cb)
        self._place(b[0], b[1], ca)

    def _run(self) -> None:
        """Run the pending tasks until a player or chance must act (or the game is over)."""
        while self.phase != "over":
            if not self.todo:
                raise AssertionError("no task left")
            t = self.todo.pop()
            kind = t[0]
            if kind == "endturn":
                self._end_turn()
                return
            if kind == "combat":
                self._start_combat()
                return
            if kind == "reveal6":
                p = t[1]
                alive = self.alive(p)
                n_up = sum(1 for i in alive if self.up[p][i])
                if n_up < min(6, len(alive)):
                    self.decide = t
                    self.phase = "decide"
                    return
                continue
            if kind == "kingswap":
                a, b = t[1], t[2]
                if self.pos[a[0]][a[1]] >= 0 and self.pos[b[0]][b[1]] >= 0:
                    self._swap(a, b)
                continue
            if kind in ("tactic", "extra"):
                p = t[1]
                if any(self.moves_of(p, i) for i in t[2]):
                    self.decide, self.phase = t, "decide"
                    return
                self._none_can_move(p, t)
                continue
            if kind == "scarper":
                p = t[1]
                if any(self._behind(p, i) for i in t[2]):
                    self.decide, self.phase = t, "decide"
                    return
                continue
            if kind in ("leaf", "push", "hop", "bongo"):
                p, i = t[1], t[2]
                if self.pos[p][i] < 0:
                    continue
                if kind == "leaf":
                    opts = tuple(c for c in range(36) if self.board[c] == EMPTY)
                elif kind == "push":
                    opts = tuple(self._behind(p, i))
                elif kind == "hop":
                    opts = tuple(c for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx or dy)
                                 for c in (step(p, self.pos[p][i], dx, dy),) if c >= 0 and self.board[c] == EMPTY)
                else:
                    opts = tuple(j for j in self._of_type(p, ("Monster",)) if self.zoon(p, j).name in ("King", "Kong"))
                if opts:
                    self.decide, self.phase = (kind, p, i, opts), "decide"
                    return
                continue
            raise AssertionError(kind)

