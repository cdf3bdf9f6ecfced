"""Duerror Grandis: flictus, the taking part of a turn (G10–G18, G32, G37, G38).

Which takes the player to move has (the reach of each piece, the chain rules G37 and G38), their
notation, misericordia (G16, G17, G32) and the take itself (the two pieces change squares, G14).
"""
from __future__ import annotations

from ..core.errors import InvalidState
from .common import OUT, REACH, _OTHERS, _take_names
from .base import StateBase


class FlictusMixin(StateBase):
    """Part of :class:`~pygames.duerror_grandis.rules.DuerrorState` (see its fields)."""

    def _label(self, player: int, index: int) -> str:
        """How a victim piece is named in notation: ``Blue`` (``Blue thete`` in Factiosus, but never the
        kind in Caecus, G41)."""
        if self.factiosus and not self.caecus:
            return f"{self.name(player)} {self.pieces[player][index][0]}"
        return self.name(player)

    def takes(self) -> list[tuple[int, int, int]]:
        """Legal takes of the player to move now as ``(taker piece, victim player, victim piece)`` (G11–G17,
        G37, G38), by taker, then victim player and piece. (A reach holds squares 0..80 only, so pieces off
        the board or out are never in it, G18.) Within a chain, a piece barred by G38 is not offered, nor
        a take that would bring back a position the chain already reached (G37)."""
        p = self.turn
        pieces = self.pieces
        chain = self.chain
        if chain:
            seen, barred = self._chain_sets()
            cfg = [sq for row in pieces for _, sq in row]
            m = len(pieces[p])
        out: list = []
        one = self.caecus and self.factiosus
        got: set = set()
        for ti, (kind, s) in enumerate(pieces[p]):
            if kind == "thete" or s < 0 or s == OUT:
                continue
            zone = REACH[kind][s]
            for q in _OTHERS[self.n][p]:
                for vi, pc in enumerate(pieces[q]):
                    vs = pc[1]
                    if vs in zone:
                        if chain:
                            if (q, vi) in barred:
                                continue
                            a, b = p * m + ti, q * m + vi
                            cfg[a], cfg[b] = vs, s  # the position after this take (swapped back below)
                            again = tuple(cfg) in seen
                            cfg[a], cfg[b] = s, vs
                            if again:
                                continue
                        if one:  # G41: one take of a player's pieces on one square (their kinds unseen)
                            if (ti, q, vs) in got:
                                continue
                            got.add((ti, q, vs))
                        out.append((ti, q, vi))
        return out

    def _chain_sets(self) -> tuple[set, set]:
        """``chain`` and ``barred`` as sets of tuples, kept in step while a chain of takes grows (G37, G38):
        extended by the entries appended since, worked out afresh for other lists (a new chain, a copy)."""
        chain, barred = self.chain, self.barred
        cs = self.__dict__.get("_cs")
        if cs is None or cs[0] is not chain or cs[1] is not barred or cs[2] > len(chain) or cs[3] > len(barred):
            cs = self.__dict__["_cs"] = [chain, barred, 0, 0, set(), set()]
        if cs[2] < len(chain) or cs[3] < len(barred):  # the chain grew (it only grows): add what is new
            cs[4].update(tuple(c) for c in chain[cs[2]:])
            cs[5].update(tuple(b) for b in barred[cs[3]:])
            cs[2], cs[3] = len(chain), len(barred)
        return cs[4], cs[5]

    def _take_list(self) -> list[tuple[str, tuple, int, int, int]]:
        """``(notation, targets, taker, victim player, victim piece)`` of every legal take (G27).

        Targets are the victim's square (Factiosus: the taker's square, then the victim's); when two
        takes share their targets (two victims on one square) they are offered as buttons instead."""
        p = self.turn
        found = self.__dict__.get("_tk")
        if found is None:
            found = self.takes()
        pieces = self.pieces
        mine = pieces[p]
        fac = self.factiosus
        if len(found) == 1:
            ti, q, vi = found[0]
            kind, s = mine[ti]
            n, tg = _take_names(fac, kind, s, pieces[q][vi][1], None)
            return [(n, tg, ti, q, vi)]
        per_sq: dict = {}
        for ti, q, vi in found:
            key = (ti, pieces[q][vi][1])
            per_sq[key] = per_sq.get(key, 0) + 1
        groups: dict = {}
        out = []
        for ti, q, vi in found:
            kind, s = mine[ti]
            vs = pieces[q][vi][1]
            n, tg = _take_names(fac, kind, s, vs, self._label(q, vi) if per_sq[(ti, vs)] > 1 else None)
            out.append((n, tg, ti, q, vi))
            groups[tg] = groups.get(tg, 0) + 1
        return [(n, tg if groups[tg] == 1 else (), ti, q, vi) for n, tg, ti, q, vi in out]

    def _begin_flictus(self) -> None:
        """G10: flictus only when a take is possible; remember who could be taken (G15)."""
        self.chain, self.barred = [], []
        found = self.takes()
        if self.caecus:
            self._note_could(found)
        if not found:
            self._begin_move()
            return
        self.could = sorted({q for _, q, _ in found})
        self.part = "flictus"
        self.__dict__["_tk"] = found  # for the legal actions of the position this turn part begins with

    def _apply_flictus(self, p: int, n: str, tl: list | None = None) -> None:
        if n == "stop":
            self._begin_move()
            return
        if n.startswith("spare"):  # G15, G16
            self._spare(p, None if n == "spare" else self._named(n.split()[1]))
            return
        for name, _, ti, q, vi in (tl if tl is not None else self._take_list()):
            if name == n:
                break
        else:  # pragma: no cover - find_action only hands over legal notations
            raise InvalidState(f"no take {n!r}")
        self._take(p, ti, q, vi)

    def _spare(self, p: int, q: int | None) -> None:
        """G16: misericordia for ``p``, paid by the bank (``q`` None; nothing when it is empty) or by
        player ``q``; flexus follows."""
        if self.caecus and self.bank == 0:  # G41: who paid (or that none could) is evidence
            self.evidence[p].append(["p", -1 if q is None else q, [r for r in self.could if self.tokens[r] > 0]])
        if q is None:
            if self.bank > 0:
                self.bank -= 1
                self.tokens[p] += 1
                self.trail.append(["spare", p, None])
        else:
            self.tokens[q] -= 1
            self.tokens[p] += 1
            self.trail.append(["spare", p, q])
        self._begin_move()

    def _take(self, p: int, ti: int, q: int, vi: int) -> None:
        """G14, G15, G37, G38: ``p``'s piece ``ti`` takes player ``q``'s piece ``vi`` (they change squares);
        every other piece that shared the victim's square is barred for the rest of the chain, and the
        position reached joins the chain's; the chain goes on while another take is possible, else flexus
        follows."""
        pieces = self.pieces
        mine, theirs = pieces[p][ti], pieces[q][vi]
        vs = theirs[1]
        for r in _OTHERS[self.n][p]:  # G38: the others on the victim's square
            for j, pc in enumerate(pieces[r]):
                if pc[1] == vs and (r != q or j != vi):
                    self.barred.append([r, j])
        self.trail.append(["take", p, mine[1], vs, q])
        if self.caecus:  # G41
            if self.factiosus:
                self._mark(p, ti)
            self.evidence[p].append(["t", self._unit(p, ti), mine[1], vs])
        mine[1], theirs[1] = vs, mine[1]  # G14: swap squares
        self.chain.append([sq for row in pieces for _, sq in row])
        self.took = True
        found = self.takes()
        if self.caecus:
            self._note_could(found)
        if found:
            self.__dict__["_tk"] = found  # the chain goes on from this position
            self.could = sorted({r for _, r, _ in found})  # (misericordia is over once a take is made)
        else:
            self._begin_move()
