"""Duerror Grandis: the legal actions of every part, flexus (veers) and fluctus (moves) (G19–G25, G31).

Formactus' choices (G8, G9, built once per case), veers (two d10, G20–G22), the move of exactly the piece's distance or a paid stay (G23), the free
stay when no move is possible (G24), the exit on square 82 (G25) and Factiosus' pieces handled one
by one in any order (G31).
"""
from __future__ import annotations

from ..core.errors import InvalidState
from ..core.state import Action
from .boards import BOARD_NAMES, PATHS
from .common import ARTICLE, COLOURS, DISTANCE, OUT, _D10, _NUMX, _STAY_ACTS, _VEER_ACTS, _act, _move
from .base import StateBase


_PIECE_ACTS: dict = {}


def _piece_actions(part: str, p: int, kind: str, paid: bool, kinds: tuple, caecus: bool = False) -> tuple:
    """The actions of ``p``, whose piece is a ``kind``, in formactus (G8: keep it, pay a token to change
    it when ``paid``, i.e. ``p`` has one, or roll the die) or after an odd roll (``part`` ``"change"``,
    G9: keep it or change it for free), built once per case. In Caecus the others do not see the kind
    (G41, ruling 10) and ``keep`` shows in their move list as it is, so its label does not name it."""
    key = (part, p, kind, paid, kinds, caecus)
    acts = _PIECE_ACTS.get(key)
    if acts is None:
        out = [_act("keep", p, (), "keep the piece" if caecus else f"keep the {kind}")]
        if part == "change":
            out += [_act(f"change {k}", p, (), f"change to {k} (free)") for k in kinds if k != kind]
        else:
            if paid:
                out += [_act(f"pay {k}", p, (), f"pay 1 token: change to {k}") for k in kinds if k != kind]
            out.append(_act("roll", p, (), "roll the die"))
        acts = _PIECE_ACTS[key] = tuple(out)
    return acts


class MovingMixin(StateBase):
    """Part of :class:`~pygames.duerror_grandis.rules.DuerrorState` (see its fields)."""

    def _pending(self) -> list[int]:
        p = self.turn
        return [i for i, (_, s) in enumerate(self.pieces[p]) if s != OUT and i not in self.handled]

    def _movable(self, pending: list[int]) -> list[int]:
        p = self.turn
        pieces = self.pieces[p]
        numx = _NUMX[self.boards[p]]
        return [i for i in pending if numx[pieces[i][1] + 1] + DISTANCE[pieces[i][0]] <= 82]

    def _legal_actions(self) -> list[Action]:
        part, p = self.part, self.turn
        if part == "colour":  # G43: any colour no one has chosen
            taken = {c for c in self.colours if c is not None}
            return [_act(f"colour {c}", p, (f"colour-{c.lower()}",), f"play {c}")
                    for i, c in enumerate(COLOURS) if i not in taken]
        if part == "board":
            taken = set() if self.caecus else {b for b in self.boards if b is not None}
            return [_act(f"board {b + 1}", p, (f"board-{b + 1}",), f"Board {b + 1}: {BOARD_NAMES[b]}")
                    for b in range(9) if b not in taken]
        if part == "piece":
            return [_act(f"start {k}", p, (), f"start with {ARTICLE[k]} {k}") for k in self.kinds]
        if part == "formactus" or part == "change":
            return list(_piece_actions(part, p, self.pieces[p][0][0], self.tokens[p] > 0, self.kinds, self.caecus))
        if part == "flictus":
            tl = self.__dict__["_tl"] = self._take_list()  # kept for applying one of them
            return [_act(n, p, tg) for n, tg, _, _, _ in tl] + self._flictus_ends(p)
        # part == "move": flexus (veers) and fluctus (moves)
        out = []
        pieces = self.pieces[p]
        handled = self.handled
        board = self.boards[p]
        numx = _NUMX[board]
        fac = self.factiosus
        paid = self.tokens[p] > 0
        pending = [i for i, (_, s) in enumerate(pieces) if s != OUT and i not in handled]
        veer, stay = _VEER_ACTS[p], _STAY_ACTS[p]
        if paid and not handled:
            if fac:
                out += [veer[pieces[i][0]] for i in pending]
            else:
                out.append(veer[""])
        moves = {}
        for i in pending:
            kind, s = pieces[i]
            if numx[s + 1] + DISTANCE[kind] > 82:
                continue
            a, end = _move(p, board, kind, s, fac)
            out.append(a)
            moves[a.notation] = (i, end)
            if paid:
                out.append(stay[kind if fac else ""])
        if not moves:
            out.append(stay[None])
        self.__dict__["_mv"] = moves  # kept for applying one of them
        return out

    def _flictus_ends(self, p: int) -> list[Action]:
        """The actions that end ``p``'s flictus, listed after the takes: ``stop`` once a take is made,
        else misericordia (G15, G16): ``spare`` from the bank (or nothing left to get), or from each
        player ``p`` could take who has a token. Labels name both players, never "you": every viewer's move
        list shows the same label."""
        if self.took:
            return [_act("stop", p, (), "stop taking")]
        if self.bank > 0 or not any(self.tokens[q] for q in self.could):
            return [_act("spare", p, (), "spare: get 1 token from the bank" if self.bank > 0
                         else "spare (no token left to get)")]
        return [_act(f"spare {self.name(q)}", p, (), f"spare: {self.name(q)} pays {self.name(p)} 1 token")
                for q in self.could if self.tokens[q] > 0]

    def _begin_move(self) -> None:
        self.part = "move"
        self.could = []
        self._settle()

    def _settle(self) -> None:
        """Mark the turn ``done`` when the mover has nothing left to decide in flexus and fluctus
        (G23, G24); :meth:`_apply` then ends it."""
        p = self.turn
        handled = self.handled
        numx = _NUMX[self.boards[p]]
        pending = False
        for i, (kind, s) in enumerate(self.pieces[p]):
            if s != OUT and i not in handled:
                if numx[s + 1] + DISTANCE[kind] <= 82:
                    if self.caecus and (handled or self.tokens[p] == 0):  # G41: seen to go on
                        self._note_movable(True)
                    return  # a piece can still move
                pending = True
        if not (pending and self.tokens[p] > 0 and not handled):  # else: may still veer, or stay free
            if self.caecus and pending:  # G41: seen to end with pieces unmoved
                self._note_movable(False)
            self.part = "done"

    def _apply_veer(self, p: int, n: str) -> None:
        self._veer(p, _D10.index(n[5]), int(n[6:]) - 1)

    def _veer(self, p: int, a: int, b: int) -> None:
        """G20–G22: the two d10 of a veer show ``a + 1`` and ``b + 1`` (0-based, 9 is the ten)."""
        self.roll = ["d10", a + 1, b + 1, p]
        piece = self.pieces[p][self.veering]  # type: ignore[index]
        before = piece[1]
        if a < 9 and b < 9:  # G21: both on the grid
            piece[1] = b * 9 + a
        elif a == 9 and b == 9:  # G21: none: back to square 1
            piece[1] = PATHS[self.boards[p]][0]
            if self.caecus:  # G41: square 1 of the path seen
                self.evidence[p].append(["h", piece[1]])
        self.trail.append(["veer", p, before, piece[1]])
        self.veering = None
        self.part = "move"
        self._settle()

    def _apply_move(self, p: int, n: str, moves: dict | None = None) -> None:
        pieces = self.pieces[p]
        if n.startswith("veer"):  # G20
            kind = n[5:]
            self._start_veer(p, next(i for i, pc in enumerate(pieces) if pc[0] == kind) if kind else 0)
            return
        if n.startswith("stay"):
            kind = n[5:]
            if kind:  # G23 (Factiosus): pay for one piece
                self._stay_piece(p, next(i for i, pc in enumerate(pieces) if pc[0] == kind))
            else:
                self._stay(p)
            return
        # a move: the piece whose move this is (two pieces may share a square, or both be off)
        found = moves.get(n) if moves else None
        if found is None:
            for i in self._movable(self._pending()):
                a, end = _move(p, self.boards[p], pieces[i][0], pieces[i][1], self.factiosus)
                if a.notation == n:
                    found = (i, end)
                    break
            else:  # pragma: no cover
                raise InvalidState(f"no move {n!r}")
        self._move_piece(p, *found)

    def _start_veer(self, p: int, i: int) -> None:
        """G19: ``p`` pays a token to veer piece ``i``; the two d10 follow."""
        self.tokens[p] -= 1
        self.bank += 1
        self.veering = i
        self.part = "veer"
        if self.caecus and self.factiosus:
            self._mark(p, i)

    def _stay_piece(self, p: int, i: int) -> None:
        """G23, G31: in Factiosus ``p`` pays a token for piece ``i`` to stay; the turn goes on."""
        self.tokens[p] -= 1
        self.bank += 1
        self.handled.append(i)
        self.trail.append(["stay", p, self.pieces[p][i][1]])
        if self.caecus:  # G41: only a piece that could move pays to stay
            self._mark(p, i)
            self.evidence[p].append(["v", 1, [[i, self.pieces[p][i][1]]]])
        self._settle()

    def _stay(self, p: int) -> None:
        """G23, G24: ``stay`` ends the turn; it costs a token when a move was possible."""
        paid = bool(self._movable(self._pending()))
        if paid:  # G23: paid stay
            self.tokens[p] -= 1
            self.bank += 1
        if self.caecus:  # G41: a free stay shows that no move was possible
            self._note_movable(paid)
        self.trail.append(["stay", p, self.pieces[p][0][1]])
        self._end_turn()

    def _move_piece(self, p: int, i: int, dest: int) -> None:
        """G23, G25, G31: ``p``'s piece ``i`` moves its distance to ``dest`` (:data:`OUT` wins when it
        is the player's last piece); the turn ends, or goes on with the other pieces in Factiosus."""
        pieces = self.pieces[p]
        kind, s = pieces[i]
        self.trail.append(["move", p, s, dest])
        if self.caecus:  # G41: the squares of a move are seen, not the piece
            self.evidence[p].append(["m", self._unit(p, i), s, dest])
        pieces[i][1] = dest
        self.handled.append(i)
        if dest == OUT and all(pc[1] == OUT for pc in pieces):  # G25, G31
            self._win([p], "exit")
            return
        if not self.factiosus:
            self._end_turn()
        else:
            self._settle()
