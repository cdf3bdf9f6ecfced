"""Duerror Grandis: the rules engine (seed 001, Mahoney 1999, Appendix D; RULINGS.md "Duerror Grandis").

Rule ids (G1, G2, …) refer to ``docs/rules/duerror_grandis.md``.

Each player follows their own path (one of the nine boards of :mod:`.boards`) over the one shared 9×9
grid of squares. A piece is ``[kind, square]`` with ``kind`` one of ``thete``, ``ephebe``, ``melliran``
and ``square`` an index 0..80, :data:`OFF` (-1, not yet on the board) or :data:`OUT` (81, exited one
square beyond the end of its path). Its *path number* (0 off, 1..81 on, 82 out) follows from its owner's
board. A player has one piece in play, or two or three in Factiosus.

A turn is made of parts, kept explicit in ``part``: ``formactus`` (keep, pay or ``roll`` a d6; after an
odd roll ``change``), ``flictus`` (takes, ``spare`` or ``stop``), ``move`` (flexus and fluctus: ``veer``
any number of times, then move or ``stay``). Chance nodes: ``opening`` (who is first), ``d6`` and
``veer`` (two d10). Before the first turn the players choose in ``board`` and ``piece``.

Notation (G27): ``first Red``; ``board 3``; ``start melliran``; ``keep``, ``pay ephebe``, ``roll``,
``d6 5``, ``change melliran``; ``take E5`` (``take E5 Blue`` when two pieces on E5 could be taken;
Factiosus: ``ephebe take E5``, ``… take E5 Blue thete``), ``spare``, ``spare Blue``, ``stop``;
``veer`` (Factiosus ``veer thete``), ``veer G7`` (the dice: letter then number, ``J`` and ``10`` are
the tens, off the grid); ``enter E1``, ``D4-D9``, ``H8-out``, ``stay`` (Factiosus ``stay thete``).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import InvalidState
from ..core.state import CHANCE, TERMINAL, Action, State
from .boards import BOARD_NAMES, NUMBER, PATHS, SQUARE_NAMES

OFF, OUT = -1, 81
KINDS = ("thete", "ephebe", "melliran")
DISTANCE = {"thete": 9, "ephebe": 5, "melliran": 1}
ARTICLE = {"thete": "a", "ephebe": "an", "melliran": "a"}
NAMES = ("Red", "Blue", "Green", "Gold")
MAX_ROUNDS = 300
"""G26: a game still undecided after this many rounds ends (ranked by pieces out, then progress)."""

PARTS = ("opening", "board", "piece", "formactus", "d6", "change", "flictus", "move", "veer", "over")
CHANCE_PARTS = ("opening", "d6", "veer")
ENDINGS = (None, "exit", "stuck", "rounds")
"""How the last game ended: not yet, a piece (Factiosus: the last piece) out on square 82 (G25, G31), a
whole round in which no one could do anything but stay, or the round limit (G26)."""


def _reach(kind: str) -> tuple[frozenset, ...]:
    """Squares a piece of ``kind`` on each square could take on (G12, G13), the square itself included."""
    out = []
    for s in range(81):
        c, r = s % 9, s // 9
        zone = set()
        for t in range(81):
            dc, dr = abs(t % 9 - c), abs(t // 9 - r)
            if kind == "ephebe" and dc <= 2 and dr <= 2:
                zone.add(t)
            elif kind == "melliran" and (dc == 0 or dr == 0 or dc == dr):
                zone.add(t)
        out.append(frozenset(zone))
    return tuple(out)


REACH = {"thete": tuple(frozenset() for _ in range(81)), "ephebe": _reach("ephebe"),
         "melliran": _reach("melliran")}
"""``REACH[kind][s]``: the squares a ``kind`` standing on ``s`` may take on."""

_ACTIONS: dict = {}


def _act(notation: str, player: int, targets: tuple = (), label: str = "") -> Action:
    """A cached Action (the same notation, player and targets always give the same object)."""
    key = (notation, player, targets, label)
    a = _ACTIONS.get(key)
    if a is None:
        if len(_ACTIONS) > 100_000:  # bound the memory of a long session
            _ACTIONS.clear()
            _MOVES.clear()
            _TAKES.clear()
        a = _ACTIONS[key] = Action(notation, targets=targets, label=label, player=player)
    return a


_MOVES: dict = {}
_TAKES: dict = {}
_VEER_ACTS = tuple({"": Action("veer", label="veer (1 token)", player=p),
                    **{k: Action(f"veer {k}", label=f"veer the {k} (1 token)", player=p) for k in KINDS}}
                   for p in range(4))
"""Per player: the paid veer (G19) as an action, of the piece (Factiosus: by kind, else key "")."""
_STAY_ACTS = tuple({"": Action("stay", label="stay (1 token)", player=p),
                    None: Action("stay", label="stay (no move is possible)", player=p),
                    **{k: Action(f"stay {k}", label=f"the {k} stays (1 token)", player=p) for k in KINDS}}
                   for p in range(4))
"""Per player: the paid stay (G23; Factiosus by kind, else key ""), and the free one when no move is
possible (key None, G24)."""


def _move(player: int, board: int, kind: str, square: int, factiosus: bool) -> tuple[Action, int]:
    """The move action of ``player``'s ``kind`` on ``square`` (its whole distance along ``board``'s path,
    G18, G19) and the square it ends on (:data:`OUT` one beyond the end), cached. The piece must be able
    to move (path number plus distance at most 82)."""
    key = (player, board, kind, square, factiosus)
    r = _MOVES.get(key)
    if r is None:
        to = _NUMX[board][square + 1] + DISTANCE[kind]
        end = OUT if to == 82 else PATHS[board][to - 1]
        dest = "out" if to == 82 else SQUARE_NAMES[end]
        dt = "exit" if to == 82 else _TGT[end]
        if square == OFF:
            n = f"enter {dest}"
            tg: tuple = (f"off-{kind}", dt) if factiosus else (dt,)
        else:
            n = f"{SQUARE_NAMES[square]}-{dest}"
            tg = (_TGT[square], dt) if factiosus else (dt,)
        r = _MOVES[key] = (_act(n, player, tg), end)
    return r


def _take_names(factiosus: bool, kind: str, square: int, victim_square: int, label: str | None) -> tuple:
    """``(notation, targets)`` of a take (G27), cached: ``take E5`` (``take E5 Blue``: ``label`` names
    the victim when two could be taken there); Factiosus: the taker's kind first and both squares (none:
    a button, when the victim shares the taker's square)."""
    key = (factiosus, kind, square, victim_square, label)
    r = _TAKES.get(key)
    if r is None:
        n = f"take {SQUARE_NAMES[victim_square]}"
        if label is not None:
            n += " " + label
        if factiosus:  # a victim on the taker's own square is a button (a square cannot be clicked twice)
            r = (f"{kind} {n}", (_TGT[square], _TGT[victim_square]) if square != victim_square else ())
        else:
            r = (n, (_TGT[victim_square],))
        _TAKES[key] = r
    return r


_D10 = "ABCDEFGHIJ"
_VEER_OUTCOMES = tuple((Action(f"veer {_D10[a]}{b + 1}", player=CHANCE), 0.01)
                       for a in range(10) for b in range(10))
_D6_OUTCOMES = tuple((Action(f"d6 {k}", player=CHANCE), 1 / 6) for k in range(1, 7))
_VEER_NOTES = tuple(a.notation for a, _ in _VEER_OUTCOMES)


_TGT = tuple(f"sq-{n}" for n in SQUARE_NAMES)


def _tgt(s: int) -> str:
    return _TGT[s]


_OTHERS = {n: tuple(tuple(q for q in range(n) if q != p) for p in range(n)) for n in range(2, 5)}
"""``_OTHERS[n][p]``: the players other than ``p`` among ``n``, in seat order."""

_NUMX = tuple((0,) + row + (82,) for row in NUMBER)
"""``_NUMX[b][s + 1]``: the path number of square ``s`` on board ``b``, off (-1) and out (81) included."""


@dataclass(eq=False)
class DuerrorState(State):
    """A Duerror Grandis position: the match, the game, and the part of the turn.

    Fields (all JSON-able, see :meth:`_state_json`): ``first`` (None until the opening roll),
    ``turn`` (the player whose turn or choice it is), ``part`` (one of :data:`PARTS`), ``setup`` (how
    many players have chosen), ``boards`` (board index 0..8 or None per player), ``pieces`` (per
    player a list of ``[kind, square]``), ``tokens`` per player and ``bank``, ``could`` (players a
    take could reach when flictus began), ``took`` (a take was made this turn), ``chain`` (the positions this
    turn's takes reached: every piece's square, player by player, G37), ``barred`` (``[player, piece]``
    that may not be taken again in this chain, G38), ``handled`` (pieces moved or paid for in
    Factiosus), ``veering`` (piece being veered), ``roll`` (the last dice: ``[]``, ``["d6", k]`` or
    ``["d10", a, b]``), ``trail`` (this turn's events for drawing), ``round``, ``game_no``, ``wins``
    per player, ``winner`` (of the last finished game) and ``ranked`` (winners of a game ended by G26).
    """

    def __post_init__(self) -> None:
        o = self.options
        self.n = self.num_players
        self.caecus = bool(o.get("caecus"))
        self.factiosus = bool(o.get("factiosus"))
        self.merus = bool(o.get("merus"))
        self.games = int(o.get("parcus", 1))
        self.kinds = ("thete", "melliran") if self.merus else KINDS
        self.tokens = [0 if self.merus else 1] * self.n  # G5
        self.game_no = 0
        self.wins = [0] * self.n
        self.winner: int | None = None
        self.ranked: list[int] = []
        self.ending: str | None = None
        self._new_game()

    def _new_game(self) -> None:
        """Reset the board for a (next) game of the match; tokens stay (Parcus, G33)."""
        self.bank = self.n if self.merus else 1  # G5, G35
        self.first: int | None = None
        self.turn = 0
        self.part = "opening"
        self.setup = 0
        self.boards: list = [None] * self.n
        self.pieces: list = [[] for _ in range(self.n)]
        self.round = 0
        self.evidence: list = [[] for _ in range(self.n)]
        self.roll: list = []
        self.prev_trail: list = []
        self._clear_turn()

    def _clear_turn(self) -> None:
        self.could: list[int] = []
        self.took = False
        self.chain: list = []
        self.barred: list = []
        self.handled: list[int] = []
        self.veering: int | None = None
        self.trail: list = []

    # ----- protocol ----------------------------------------------------------------------------------
    def _current_player(self) -> int:
        part = self.part
        if part == "over":
            return TERMINAL
        if part in CHANCE_PARTS:
            return CHANCE
        return self.turn

    def chance_owner(self) -> int | None:
        """Who rolls: the player to move (None for the opening roll)."""
        return None if self.part == "opening" else self.turn

    def _chance_outcomes(self):
        if self.part == "opening":
            return [(Action(f"first {NAMES[p]}", player=CHANCE), 1 / self.n) for p in range(self.n)]
        if self.part == "d6":
            return list(_D6_OUTCOMES)
        return list(_VEER_OUTCOMES)

    def number(self, player: int, square: int) -> int:
        """Path number of ``square`` on ``player``'s path: 0 off the board, 1..81, 82 out (G3)."""
        return _NUMX[self.boards[player]][square + 1]

    def _label(self, player: int, index: int) -> str:
        """How a victim piece is named in notation: ``Blue`` (``Blue thete`` in Factiosus)."""
        return f"{NAMES[player]} {self.pieces[player][index][0]}" if self.factiosus else NAMES[player]

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
        out = []
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
                            after = list(cfg)
                            after[p * m + ti], after[q * m + vi] = vs, s
                            if tuple(after) in seen:
                                continue
                        out.append((ti, q, vi))
        return out

    def _chain_sets(self) -> tuple[set, set]:
        """``chain`` and ``barred`` as sets of tuples, kept in step while a chain of takes grows (G37, G38)."""
        chain = self.chain
        cs = self.__dict__.get("_cs")
        if cs is None or cs[0] is not chain or cs[1] != len(chain):
            cs = self.__dict__["_cs"] = [chain, len(chain), {tuple(c) for c in chain},
                                         {tuple(b) for b in self.barred}]
        return cs[2], cs[3]

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
        if part == "board":
            taken = set() if self.caecus else {b for b in self.boards if b is not None}
            return [_act(f"board {b + 1}", p, (f"board-{b + 1}",), f"Board {b + 1}: {BOARD_NAMES[b]}")
                    for b in range(9) if b not in taken]
        if part == "piece":
            return [_act(f"start {k}", p, (), f"start with {ARTICLE[k]} {k}") for k in self.kinds]
        if part == "formactus":
            kind = self.pieces[p][0][0]
            out = [_act("keep", p, (), f"keep the {kind}")]
            if self.tokens[p] > 0:
                out += [_act(f"pay {k}", p, (), f"pay 1 token: change to {k}") for k in self.kinds if k != kind]
            out.append(_act("roll", p, (), "roll the die"))
            return out
        if part == "change":
            kind = self.pieces[p][0][0]
            return [_act("keep", p, (), f"keep the {kind}")] + [_act(f"change {k}", p, (), f"change to {k} (free)")
                                                               for k in self.kinds if k != kind]
        if part == "flictus":
            tl = self.__dict__["_tl"] = self._take_list()  # kept for applying one of them
            out = [_act(n, p, tg) for n, tg, _, _, _ in tl]
            if self.took:
                out.append(_act("stop", p, (), "stop taking"))
            elif self.bank > 0 or not any(self.tokens[q] for q in self.could):
                out.append(_act("spare", p, (), "spare: get 1 token from the bank" if self.bank > 0
                                else "spare (no token left to get)"))
            else:
                out += [_act(f"spare {NAMES[q]}", p, (), f"spare: {NAMES[q]} pays you 1 token")
                        for q in self.could if self.tokens[q] > 0]
            return out
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

    # ----- applying ----------------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        d = self.__dict__
        tl = d.pop("_tl", None)  # the takes listed for the legal actions of this very position
        mv = d.pop("_mv", None)  # the moves listed for them
        d.pop("_tk", None)
        part = self.part
        if part == "flictus":
            self._apply_flictus(self.turn, action.notation, tl)
        elif part == "move":
            self._apply_move(self.turn, action.notation, mv)
        else:
            self._apply_part(action.notation)
        if self.part == "done":  # the mover has nothing left to decide
            self._end_turn()

    def _apply_part(self, n: str) -> None:
        part, p = self.part, self.turn
        if part == "opening":  # G4
            self.first = NAMES.index(n.split()[1])
            self.turn = self.first
            self.part = "board"
            self.setup = 0
            return
        if part == "board":  # G6
            self.boards[p] = int(n.split()[1]) - 1
            if self.factiosus:  # G30: all pieces, no starting choice
                self.pieces[p] = [[k, OFF] for k in self.kinds]
                self._next_chooser()
            else:
                self.part = "piece"
            return
        if part == "piece":  # G6
            self.pieces[p] = [[n.split()[1], OFF]]
            self._next_chooser()
            return
        if part == "formactus":  # G8
            if n == "roll":
                self.part = "d6"
                return
            if n.startswith("pay "):
                self.tokens[p] -= 1
                self.bank += 1
                self.pieces[p][0][0] = n[4:]
                self.trail.append(["change", p, n[4:]])
            self._begin_flictus()
            return
        if part == "d6":  # G9
            k = int(n[3:])
            self.roll = ["d6", k, p]
            if k % 2:
                self.part = "change"
            else:
                self._begin_flictus()
            return
        if part == "change":  # G9
            if n != "keep":
                self.pieces[p][0][0] = n[7:]
                self.trail.append(["change", p, n[7:]])
            self._begin_flictus()
            return
        if part == "flictus":
            self._apply_flictus(p, n)
            return
        if part == "veer":  # G20–G22
            self._apply_veer(p, n)
            return
        self._apply_move(p, n)

    def _next_chooser(self) -> None:
        self.setup += 1
        if self.setup == self.n:
            self.turn = self.first  # type: ignore[assignment]
            self._begin_turn()
        else:
            self.turn = (self.first + self.setup) % self.n  # type: ignore[operator]
            self.part = "board"

    def _begin_turn(self) -> None:
        self.prev_trail = self.trail
        self._clear_turn()
        if self.factiosus:  # G30: no formactus
            self._begin_flictus()
        else:
            self.part = "formactus"

    def _begin_flictus(self) -> None:
        """G10: flictus only when a take is possible; remember who could be taken (G15)."""
        self.chain, self.barred = [], []
        found = self.takes()
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
            self._spare(p, None if n == "spare" else NAMES.index(n.split()[1]))
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
        mine[1], theirs[1] = vs, mine[1]  # G14: swap squares
        self.chain.append([sq for row in pieces for _, sq in row])
        self.took = True
        found = self.takes()
        if found:
            self.__dict__["_tk"] = found  # the chain goes on from this position
        else:
            self._begin_move()

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
                    return  # a piece can still move
                pending = True
        if not (pending and self.tokens[p] > 0 and not handled):  # else: may still veer, or stay free
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
            self.evidence[p].append([-2, piece[1], 0])
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

    def _stay_piece(self, p: int, i: int) -> None:
        """G23, G31: in Factiosus ``p`` pays a token for piece ``i`` to stay; the turn goes on."""
        self.tokens[p] -= 1
        self.bank += 1
        self.handled.append(i)
        self.trail.append(["stay", p, self.pieces[p][i][1]])
        self._settle()

    def _stay(self, p: int) -> None:
        """G23, G24: ``stay`` ends the turn; it costs a token when a move was possible."""
        if self._movable(self._pending()):  # G23: paid stay
            self.tokens[p] -= 1
            self.bank += 1
        self.trail.append(["stay", p, self.pieces[p][0][1]])
        self._end_turn()

    def _move_piece(self, p: int, i: int, dest: int) -> None:
        """G23, G25, G31: ``p``'s piece ``i`` moves its distance to ``dest`` (:data:`OUT` wins when it
        is the player's last piece); the turn ends, or goes on with the other pieces in Factiosus."""
        pieces = self.pieces[p]
        kind, s = pieces[i]
        self.trail.append(["move", p, s, dest])
        self.evidence[p].append([s, dest, DISTANCE[kind]])
        pieces[i][1] = dest
        self.handled.append(i)
        if dest == OUT and all(pc[1] == OUT for pc in pieces):  # G25, G31
            self._win([p], "exit")
            return
        if not self.factiosus:
            self._end_turn()
        else:
            self._settle()

    def _end_turn(self) -> None:
        """Pass the turn on. A player with nothing to decide is passed over; when every player in a row
        is, nothing can ever change again and the game ends as in G26 (so does round MAX_ROUNDS)."""
        skipped = 0
        while True:
            self.turn = (self.turn + 1) % self.n
            if self.turn == self.first:
                self.round += 1
                if self.round >= MAX_ROUNDS:  # G26
                    self._win(self.leaders(), "rounds")
                    return
            self._begin_turn()
            if self.part != "done":
                return
            skipped += 1
            if skipped >= self.n:  # G26: a whole round in which no one could do anything but stay
                self._win(self.leaders(), "stuck")
                return

    def leaders(self) -> list[int]:
        """G26: the players with most pieces out, then the least total distance to square 82 of the pieces
        left (every player has as many pieces, so: the greatest sum of path numbers); equal ones share."""
        def key(q):
            return (sum(1 for pc in self.pieces[q] if pc[1] == OUT),
                    -sum(82 - self.number(q, pc[1]) for pc in self.pieces[q] if pc[1] != OUT))
        best = max(key(q) for q in range(self.n))
        return [q for q in range(self.n) if key(q) == best]

    def _win(self, winners: list[int], ending: str) -> None:
        """A game of the match ends (``ending``: ``exit`` by G25/G31, ``stuck`` or ``rounds`` by G26); the
        next starts (Parcus, G33, keeping tokens by G39) or the match is over."""
        for q in winners:
            self.wins[q] += 1
        self.winner = winners[0] if len(winners) == 1 else None
        self.ranked = list(winners)
        self.ending = ending
        self.game_no += 1
        if self.game_no < self.games:
            fill = 0 if self.merus else 1  # G39: keep the tokens or take the starting fill, whichever is more
            self.tokens = [max(t, fill) for t in self.tokens]
            self._new_game()
        else:
            self.part = "over"

    def result_text(self) -> str:
        """How the (last) game ended when it was not by a piece reaching square 82 (G26, ruling 14): said as
        what it is, never as a win by the text's rules; ``""`` for an ordinary win or before the end."""
        if self.part != "over" or self.ending not in ("stuck", "rounds"):
            return ""
        why = ("No one can move any more" if self.ending == "stuck"
               else f"{MAX_ROUNDS} rounds played without a winner")
        return (f"{why}: the game is ranked by pieces out, then by the least distance left to square 82"
                + (" (the last game of the match)" if self.games > 1 else ""))

    def returns(self) -> list[float]:
        """+1 for the player(s) with most game wins once the match is over, -1 for the others; 0 before."""
        if self.part != "over":
            return [0.0] * self.n
        best = max(self.wins)
        return [1.0 if w == best else -1.0 for w in self.wins]

    # ----- fast playout -------------------------------------------------------------------------------
    def fast_playout(self, rng, decisions: int = 10**9) -> None:
        """Play up to ``decisions`` player decisions in place, each uniformly at random among exactly the
        legal actions :meth:`legal_actions` offers, chance sampled with ``rng`` by its probabilities (the
        search's playout, ``Game.playout``; rules G4–G36 as the protocol plays them).

        It skips the protocol's bookkeeping (no :class:`Action` lists, no look-up of the notation): the
        options of the frequent parts (flictus, flexus and fluctus, the dice) are counted on the engine's
        own fields, one is drawn, and only its notation is made. The state is left exactly as the
        protocol would leave it after the same actions: ``history`` included, so it replays to it.
        Chance outcomes do not count as decisions; it stops early once the match is over."""
        d = self.__dict__
        for cached in ("_cache_legal", "_tl", "_mv"):
            d.pop(cached, None)
        hist = self.history
        rnd = rng.random  # int(rnd() * k) is uniform on 0..k-1 (to within 2**-53 · k)
        fac = self.factiosus
        done = 0
        while True:
            part = self.part
            p = self.turn
            if part == "veer":  # G20: two d10, 100 equally likely outcomes
                k = int(rnd() * 100)
                hist.append(_VEER_NOTES[k])
                self._veer(p, k // 10, k % 10)
            elif part == "move":  # flexus and fluctus, the options of _legal_actions in their order
                if done >= decisions:
                    break
                done += 1
                pieces = self.pieces[p]
                handled = self.handled
                numx = _NUMX[self.boards[p]]
                paid = self.tokens[p] > 0
                veer = paid and not handled
                opts: list = []  # i: veer piece i; 4 + i: move it; 8 + i: pay for it to stay; 12: stay
                stuck = True
                for i, (kind, s) in enumerate(pieces):
                    if s == OUT or i in handled:
                        continue
                    if veer and (fac or not opts):
                        opts.append(i)
                    if numx[s + 1] + DISTANCE[kind] <= 82:
                        stuck = False
                        opts.append(4 + i)
                        if paid:
                            opts.append(8 + i)
                if stuck:
                    opts.append(12)
                c = opts[int(rnd() * len(opts))]
                if c < 4:
                    hist.append("veer " + pieces[c][0] if fac else "veer")
                    self._start_veer(p, c)
                elif c < 8:
                    kind, s = pieces[c - 4]
                    a, end = _move(p, self.boards[p], kind, s, fac)
                    hist.append(a.notation)
                    self._move_piece(p, c - 4, end)
                elif c < 12 and fac:
                    hist.append("stay " + pieces[c - 8][0])
                    self._stay_piece(p, c - 8)
                else:
                    hist.append("stay")
                    self._stay(p)
            elif part == "flictus":  # the takes, then stop or spare (as _legal_actions lists them)
                if done >= decisions:
                    break
                done += 1
                found = d.pop("_tk", None) or self.takes()
                if self.took:
                    extra: list = ["stop"]
                elif self.bank > 0 or not any(self.tokens[q] for q in self.could):
                    extra = [None]
                else:
                    extra = [q for q in self.could if self.tokens[q] > 0]
                k = int(rnd() * (len(found) + len(extra)))
                if k < len(found):
                    ti, q, vi = found[k]
                    pieces = self.pieces
                    kind, s = pieces[p][ti]
                    vs = pieces[q][vi][1]
                    label = None
                    if len(found) > 1:  # another victim of this taker on the same square: name the victim
                        for t2, q2, v2 in found:
                            if t2 == ti and pieces[q2][v2][1] == vs and (q2 != q or v2 != vi):
                                label = self._label(q, vi)
                                break
                    hist.append(_take_names(fac, kind, s, vs, label)[0])
                    self._take(p, ti, q, vi)
                elif extra[0] == "stop":
                    hist.append("stop")
                    self._begin_move()
                else:
                    q = extra[k - len(found)]
                    hist.append("spare" if q is None else "spare " + NAMES[q])
                    self._spare(p, q)
            elif part == "d6":
                k = int(rnd() * 6)
                hist.append(_D6_OUTCOMES[k][0].notation)
                self._apply_part(hist[-1])
            elif part == "opening":
                hist.append(f"first {NAMES[int(rnd() * self.n)]}")
                self._apply_part(hist[-1])
            elif part == "over":
                break
            else:  # board, piece, formactus, change: rare, through the engine's own list
                if done >= decisions:
                    break
                done += 1
                d.pop("_tk", None)
                acts = self._legal_actions()
                a = acts[int(rnd() * len(acts))]
                hist.append(a.notation)
                self._apply_part(a.notation)
            if self.part == "done":
                self._end_turn()

    # ----- information ---------------------------------------------------------------------------------
    def _sq(self, s) -> str | None:
        if s is None:
            return None
        return "off" if s == OFF else "out" if s == OUT else SQUARE_NAMES[s]

    def _trail_view(self, trail: list) -> list:
        out = []
        for e in trail:
            if e[0] in ("take", "veer", "move"):
                out.append([e[0], e[1], self._sq(e[2]), self._sq(e[3])] + e[4:])
            elif e[0] == "stay":
                out.append([e[0], e[1], self._sq(e[2])])
            else:
                out.append(list(e))
        return out

    def observation(self, player: int | None) -> dict:
        """What ``player`` (None: a spectator) sees: everything but, in Caecus, the other players' boards,
        paths and path numbers, of which it shows only the squares (G5, G32, RULINGS 8)."""
        n = self.n

        def visible(q: int) -> bool:
            return not self.caecus or q == player

        cp = self._current_player()
        mover = self.turn
        reach: set = set()
        targets: set = set()
        if self.part == "flictus":
            for kind, s in self.pieces[mover]:
                if 0 <= s < OUT:
                    reach |= REACH[kind][s]
            for _, q, vi in self.takes():
                targets.add(self.pieces[q][vi][1])
        pieces = []
        for q in range(n):
            row = []
            for i, (kind, s) in enumerate(self.pieces[q]):
                row.append({"kind": kind, "square": self._sq(s),
                            "number": self.number(q, s) if visible(q) else None,
                            "handled": q == mover and i in self.handled and self.part == "move"})
            pieces.append(row)
        available: list[int] = []
        if self.part == "board":
            taken = set() if self.caecus else {b for b in self.boards if b is not None}
            available = [b + 1 for b in range(9) if b not in taken]
        return {
            "game": "duerror_grandis", "viewer": player, "players": n, "player_names": list(NAMES[:n]),
            "caecus": self.caecus, "factiosus": self.factiosus, "merus": self.merus, "games": self.games,
            "kinds": list(self.kinds), "part": self.part, "turn": None if self.part == "opening" else mover,
            "current_player": cp, "first": self.first, "setup": self.setup,
            "chosen": [b is not None for b in self.boards],
            "boards": [b + 1 if b is not None and visible(q) else None for q, b in enumerate(self.boards)],
            "board_names": list(BOARD_NAMES),
            "paths": [[SQUARE_NAMES[s] for s in PATHS[b]] if b is not None and visible(q) else None
                      for q, b in enumerate(self.boards)],
            "available_boards": available,
            "pieces": pieces, "tokens": list(self.tokens), "bank": self.bank,
            "roll": list(self.roll), "trail": self._trail_view(self.trail),
            "prev_trail": self._trail_view(self.prev_trail), "took": self.took,
            "reach": sorted(SQUARE_NAMES[s] for s in reach),
            "take_squares": sorted(SQUARE_NAMES[s] for s in targets),
            "round": self.round, "max_rounds": MAX_ROUNDS, "game_no": self.game_no, "wins": list(self.wins),
            "winner": self.winner, "ranked": list(self.ranked), "ending": self.ending,
        }

    def public_history(self, player: int | None) -> list[str]:
        """The move list ``player`` may see: in Caecus other players' board choices read ``board ?``."""
        if not self.caecus:
            return list(self.history)
        out = []
        first, k = 0, 0
        for a in self.history:
            if a.startswith("first "):
                first, k = NAMES.index(a[6:]), 0
            elif a.startswith("board "):
                if (first + k) % self.n != player:
                    a = "board ?"
                k += 1
            out.append(a)
        return out

    def consistent_boards(self, q: int) -> list[int]:
        """The boards (0..8) ``q``'s path could be, judged only by what everyone saw: every move of a
        piece (from, to, distance) and every veer back to square 1 (Caecus determinization)."""
        ok = []
        for b in range(9):
            num = NUMBER[b]
            good = True
            for f, t, d in self.evidence[q]:
                if f == -2:
                    good = PATHS[b][0] == t
                else:
                    good = (82 if t == OUT else num[t]) - (0 if f == OFF else num[f]) == d
                if not good:
                    break
            if good:
                ok.append(b)
        return ok

    def determinize(self, player: int, rng) -> "DuerrorState":
        """A copy in which, in Caecus, every other player's board is drawn among those consistent with
        their observed moves (``player``'s own board is kept)."""
        s = self.clone()
        if self.caecus:
            for q in range(self.n):
                if q != player and self.boards[q] is not None:
                    cand = self.consistent_boards(q) or list(range(9))
                    s.boards[q] = cand[rng.randrange(len(cand))]
        return s

    # ----- serialisation -------------------------------------------------------------------------------
    _KEYS = ("first", "turn", "part", "setup", "boards", "pieces", "tokens", "bank", "could", "took", "chain",
             "barred",
             "handled", "veering", "roll", "trail", "prev_trail", "round", "game_no", "wins", "winner",
             "ranked", "ending", "evidence")

    def _state_json(self) -> dict:
        return {"first": self.first, "turn": self.turn, "part": self.part, "setup": self.setup,
                "boards": list(self.boards), "pieces": [[list(pc) for pc in row] for row in self.pieces],
                "tokens": list(self.tokens), "bank": self.bank, "could": list(self.could), "took": self.took,
                "chain": [list(c) for c in self.chain], "barred": [list(b) for b in self.barred],
                "handled": list(self.handled), "veering": self.veering,
                "roll": list(self.roll), "trail": [list(e) for e in self.trail],
                "prev_trail": [list(e) for e in self.prev_trail], "round": self.round,
                "game_no": self.game_no, "wins": list(self.wins), "winner": self.winner,
                "ranked": list(self.ranked), "ending": self.ending, "evidence": [[list(e) for e in ev] for ev in self.evidence]}

    def _load_json(self, d: dict) -> None:
        _load(self, d)

    def clone(self) -> "DuerrorState":
        s = DuerrorState.__new__(DuerrorState)
        s.game, s.options, s.history = self.game, self.options, list(self.history)
        s.n, s.caecus, s.factiosus, s.merus = self.n, self.caecus, self.factiosus, self.merus
        s.games, s.kinds = self.games, self.kinds
        s.first, s.turn, s.part, s.setup = self.first, self.turn, self.part, self.setup
        s.boards = list(self.boards)
        s.pieces = [[[k, q] for k, q in row] for row in self.pieces]
        s.tokens, s.bank = list(self.tokens), self.bank
        s.could, s.took = list(self.could), self.took
        s.chain, s.barred = [list(c) for c in self.chain], [list(b) for b in self.barred]
        s.handled, s.veering, s.roll = list(self.handled), self.veering, list(self.roll)
        s.trail, s.prev_trail = list(self.trail), list(self.prev_trail)
        s.round, s.game_no, s.wins, s.winner = self.round, self.game_no, list(self.wins), self.winner
        s.ranked, s.ending = list(self.ranked), self.ending
        s.evidence = [list(ev) for ev in self.evidence]
        return s


def _load(s: DuerrorState, d: dict) -> None:
    """Strictly load a state dict into ``s`` (see :meth:`DuerrorState._state_json`); raises InvalidState
    naming the first problem. ``s`` is only changed once everything checked out."""
    for k in ("_tk", "_tl", "_mv", "_cs"):
        s.__dict__.pop(k, None)
    def bad(msg: str):
        raise InvalidState(f"duerror_grandis state: {msg}")

    def is_int(v, lo, hi) -> bool:
        return type(v) is int and lo <= v <= hi

    def ints(v, what, lo, hi, length=None) -> list:
        if not isinstance(v, list) or (length is not None and len(v) != length) \
                or not all(is_int(x, lo, hi) for x in v):
            bad(f"{what} must be a list of {length if length is not None else 'some'} integers in {lo}..{hi}")
        return list(v)

    if not isinstance(d, dict) or set(d) != set(DuerrorState._KEYS):
        bad(f"needs exactly the keys {', '.join(DuerrorState._KEYS)}")
    n = s.n
    part = d["part"]
    if part not in PARTS:
        bad(f"unknown part {part!r}")
    first, turn, setup = d["first"], d["turn"], d["setup"]
    if not (first is None or is_int(first, 0, n - 1)) or not is_int(turn, 0, n - 1) or not is_int(setup, 0, n):
        bad("first, turn and setup must be player indices (setup 0..players)")
    boards = d["boards"]
    if not isinstance(boards, list) or len(boards) != n or not all(b is None or is_int(b, 0, 8) for b in boards):
        bad("boards must hold one board index 0..8 (or null) per player")
    chosen = [b for b in boards if b is not None]
    if not s.caecus and len(set(chosen)) != len(chosen):
        bad("two players cannot follow the same board (G6)")
    pieces = d["pieces"]
    if not isinstance(pieces, list) or len(pieces) != n:
        bad("pieces must hold one list per player")
    clean: list = []
    for q, row in enumerate(pieces):
        if not isinstance(row, list) or not all(
                isinstance(pc, list) and len(pc) == 2 and pc[0] in s.kinds and is_int(pc[1], OFF, OUT)
                for pc in row):
            bad(f"pieces of player {q} must be [kind, square] pairs with a kind of {', '.join(s.kinds)}")
        if row and boards[q] is None:
            bad(f"player {q} has pieces but no board")
        if s.factiosus:
            if row and [pc[0] for pc in row] != list(s.kinds):
                bad(f"in Factiosus player {q} has one piece of each kind: {', '.join(s.kinds)}")
        elif len(row) > 1:
            bad(f"player {q} may have only one piece in play")
        if row and all(pc[1] == OUT for pc in row) and part != "over":
            bad(f"player {q} has every piece out, so the game would be over")
        clean.append([[pc[0], pc[1]] for pc in row])
    tokens = ints(d["tokens"], "tokens", 0, 10**6, n)
    if not is_int(d["bank"], 0, 10**6):
        bad("bank must be a non-negative integer")
    # setup consistency: the first `setup` choosers (from `first`) have chosen, the others not
    if part == "opening":
        if first is not None or setup != 0 or chosen or any(clean):
            bad("before the opening roll no one has a first turn, a board or a piece")
    else:
        if first is None:
            bad("after the opening roll `first` is a player")
        done = {(first + k) % n for k in range(setup)}
        if part in ("board", "piece"):
            if turn != (first + setup) % n or setup == n:
                bad("the player choosing must be the next in turn order")
        elif setup != n:
            bad("play begins only once every player has chosen")
        for q in range(n):
            has_board = boards[q] is not None
            want_board = q in done or (part == "piece" and q == turn)
            if has_board != want_board or bool(clean[q]) != (q in done):
                bad(f"player {q}'s board and pieces do not match the choosing so far")
    if part in ("formactus", "d6", "change") and s.factiosus:
        bad("Factiosus has no formactus (G30)")
    could = ints(d["could"], "could", 0, n - 1)
    if not isinstance(d["took"], bool):
        bad("took must be true or false")
    chain, barred = d["chain"], d["barred"]
    width = sum(len(row) for row in clean)
    if not isinstance(chain, list) or not all(
            isinstance(c, list) and len(c) == width and all(is_int(x, OFF, OUT) for x in c) for c in chain):
        bad(f"chain must be a list of positions, each the {width} squares of every piece")
    if not isinstance(barred, list) or not all(
            isinstance(b, list) and len(b) == 2 and is_int(b[0], 0, n - 1) and is_int(b[1], 0, 2)
            and b[1] < len(clean[b[0]]) for b in barred):
        bad("barred must be a list of [player, piece]")
    handled = ints(d["handled"], "handled", 0, len(s.kinds) - 1)
    veering = d["veering"]
    if len(set(handled)) != len(handled):
        bad("handled lists a piece twice")
    mine = clean[turn]
    if any(h >= len(mine) for h in handled):
        bad("handled names a piece the player does not have")
    if part == "veer":
        if not is_int(veering, 0, len(mine) - 1) or mine[veering][1] == OUT:
            bad("a veer needs the piece being veered")
    elif veering is not None:
        bad("veering must be null outside a veer")
    roll = d["roll"]
    if not (roll == [] or (isinstance(roll, list) and len(roll) == 3 and roll[0] == "d6" and is_int(roll[1], 1, 6)
                           and is_int(roll[2], 0, n - 1))
            or (isinstance(roll, list) and len(roll) == 4 and roll[0] == "d10" and is_int(roll[1], 1, 10)
                and is_int(roll[2], 1, 10) and is_int(roll[3], 0, n - 1))):
        bad("roll must be [], [\"d6\", k, player] or [\"d10\", a, b, player]")
    def sq(v) -> bool:
        return is_int(v, OFF, OUT)

    for key in ("trail", "prev_trail"):
        events: list = d[key] if isinstance(d[key], list) else [None]
        for e in events:
            ok = isinstance(e, list) and len(e) >= 2 and is_int(e[1], 0, n - 1)
            if ok and isinstance(e, list):
                kind = e[0]
                ok = ((kind == "change" and len(e) == 3 and e[2] in s.kinds)
                      or (kind == "spare" and len(e) == 3 and (e[2] is None or is_int(e[2], 0, n - 1)))
                      or (kind == "take" and len(e) == 5 and sq(e[2]) and sq(e[3]) and is_int(e[4], 0, n - 1))
                      or (kind in ("veer", "move") and len(e) == 4 and sq(e[2]) and sq(e[3]))
                      or (kind == "stay" and len(e) == 3 and sq(e[2])))
            if not ok:
                bad(f"{key} entries must be events such as [\"move\", player, from, to]")
    over = part == "over"
    if not is_int(d["round"], 0, MAX_ROUNDS if over else MAX_ROUNDS - 1):  # G26 ends a game at MAX_ROUNDS
        bad(f"round must be 0..{MAX_ROUNDS - 1} ({MAX_ROUNDS} once a game ended by G26 is over)")
    if not is_int(d["game_no"], 0, s.games) or (d["game_no"] == s.games) != over:
        bad(f"game_no must count the finished games of the match (0..{s.games}, {s.games} once over)")
    wins = ints(d["wins"], "wins", 0, s.games, n)
    if sum(wins) < d["game_no"]:
        bad("every finished game has at least one winner")
    winner = d["winner"]
    if not (winner is None or is_int(winner, 0, n - 1)):
        bad("winner must be null or a player")
    ranked = ints(d["ranked"], "ranked", 0, n - 1)
    ending = d["ending"]
    if ending not in ENDINGS or (ending is None) != (d["game_no"] == 0):
        bad("ending must be null before the first game ends, else exit, stuck or rounds")
    evidence = d["evidence"]
    if not isinstance(evidence, list) or len(evidence) != n or not all(
            isinstance(ev, list) and all(isinstance(e, list) and len(e) == 3 and is_int(e[0], -2, 80)
                                         and is_int(e[1], 0, OUT) and is_int(e[2], 0, 9) for e in ev)
            for ev in evidence):
        bad("evidence must hold per player a list of [from, to, distance]")
    s.first, s.turn, s.part, s.setup = first, turn, part, setup
    s.boards, s.pieces, s.tokens, s.bank = list(boards), clean, tokens, d["bank"]
    s.could, s.took, s.handled, s.veering = could, d["took"], handled, veering
    s.chain, s.barred = [list(c) for c in chain], [list(b) for b in barred]
    s.roll = list(roll)
    s.trail = [list(e) for e in d["trail"]]
    s.prev_trail = [list(e) for e in d["prev_trail"]]
    s.round, s.game_no, s.wins, s.winner, s.ranked = d["round"], d["game_no"], wins, winner, ranked
    s.ending = ending
    s.evidence = [[list(e) for e in ev] for ev in evidence]
    if part == "flictus" and (not could or turn in could or not s.takes()):
        bad("flictus needs a take to be possible and the players it could reach")
    if part == "move":
        pending = s._pending()
        if not pending or (not s._movable(pending) and (s.tokens[turn] == 0 or s.handled)):
            bad("the player to move has nothing left to decide, so the turn would have ended")
    if not s.factiosus and part not in ("opening", "board", "piece", "over") and handled:
        bad("handled is only used in Factiosus")


def from_position(game, position: dict, options: dict | None = None) -> DuerrorState:
    """A state at the start of a player's turn, built from a readable position (tests, diagrams).

    ``position``: ``{"boards": [1, 2, ...]`` (board numbers 1..9 per player), ``"pieces": [[["ephebe",
    "E5"]], [["thete", "off"]], ...]`` (per player, squares by name, ``off`` or ``out``), and optionally
    ``"tokens": [...]``, ``"bank": k``, ``"turn": p``, ``"round": r``. The turn begins as a real one
    does (formactus, or in Factiosus flictus or flexus). Raises InvalidState if inconsistent.
    """
    s = game.new_initial_state(options)
    try:
        boards = [b - 1 for b in position["boards"]]
        pieces = [sorted([[k, OFF if q == "off" else OUT if q == "out" else SQUARE_NAMES.index(q)]
                          for k, q in row], key=lambda pc: KINDS.index(pc[0])) for row in position["pieces"]]
    except (KeyError, TypeError, ValueError) as e:
        raise InvalidState(f"bad position: {e}") from None
    d = s._state_json()
    turn = position.get("turn", 0)
    d.update(first=0, turn=turn, part="flictus" if s.factiosus else "formactus", setup=s.n,
             boards=boards, pieces=pieces, tokens=position.get("tokens", s.tokens),
             bank=position.get("bank", s.bank), round=position.get("round", 0))
    if s.factiosus:  # loaded as flictus only to pass the checks; the turn then begins for real
        d["part"] = "over"
        d["game_no"] = s.games
        d["wins"] = [s.games] * s.n
        d["ending"] = "exit"
    _load(s, d)
    if s.factiosus:
        s.game_no, s.wins, s.ending = 0, [0] * s.n, None
        s._begin_turn()
        if s.part == "done":
            s._end_turn()
    return s
