"""ZÈRTZ: the rules engine (GIPF-Z and HUCH-Z via ``shared/research/dvonn_zertz.md`` §2, and
RULINGS.md "DVONN and ZÈRTZ" 2). Rule ids (Z1, Z2, …) refer to ``docs/rules/zertz.md``.

Cells are numbered by :class:`~pygames.core.hexgrid.HexBoard` (axial ``(x, y)``, ordered by column then
row). A position is ``ring[i]`` (the ring is still on the table), ``marbles[i]`` (0 none, 1 white, 2 grey,
3 black), the shared ``pool`` ``[white, grey, black]``, each player's ``captures`` and whose ``turn`` it
is. Ring names are the official coordinates of the original full layout (Z2): column letters ``a…``
from the left, rings counted from the bottom of each column, so ``d1`` is the bottom ring of the middle
column of the 37-ring board.

A whole turn is one action (Z20): ``Wd4,d1`` (place white on d4, remove d1), ``Wd4`` (no free ring to
remove), ``Bd7,b2 x Wa1Wa2`` (the same with the marbles of an isolated group), ``x d1Gd3Wd5`` (a jump
sequence: the start ring, then per hop the jumped colour and the landing ring).

>>> from pygames.core import get_game
>>> s = get_game("zertz").new_initial_state()
>>> len(s.legal_actions())
1944
>>> s.apply("Wd4,a1"); s.apply("Gd5,g4"); s.board_string()
'-.................WG................-'
"""
from __future__ import annotations

import re
from typing import Sequence

from ..core.errors import IllegalAction, InvalidOption, InvalidState
from ..core.hexgrid import HexBoard
from ..core.state import TERMINAL, Action, State
from . import logic
from .logic import CODES, COLOURS

BOARDS = ("37 rings", "48 rings", "61 rings")
"""Board option values (Z1)."""
POOLS = {"standard": (6, 8, 10), "blitz": (5, 7, 9)}
"""Marbles in the pool at the start, white/grey/black (Z3)."""
WINS = {"standard": ((4, 0, 0), (0, 5, 0), (0, 0, 6), (3, 3, 3)),
        "blitz": ((3, 0, 0), (0, 4, 0), (0, 0, 5), (2, 2, 2))}
"""Winning sets of captured marbles, white/grey/black (Z15)."""
NAMES = ("Player 1", "Player 2")
REASONS = ("", "set", "filled", "stuck", "repetition")
"""Why the game ended: a winning set (Z15), every ring filled (Z16), the player to move could do
nothing (Z18), threefold repetition (Z19)."""
LETTERS = "abcdefghi"


class Layout:
    """One board size: the :class:`HexBoard`, the official ring names and the neighbour table.

    ``names[i]`` is cell ``i``'s official name (``"d4"``), ``index`` maps names back, ``nb`` is the
    neighbour table, ``columns`` the number of columns."""

    def __init__(self, size: int):
        if size == 37:
            board = HexBoard.hexagon(3)
        elif size == 61:
            board = HexBoard.hexagon(4)
        elif size == 48:
            # sides 5-4-5-4-5-4 (GIPF-Z "Expanded board"): columns a..h of 5,6,7,8,7,6,5,4 rings
            board = HexBoard([(x, y) for x in range(8) for y in range(8) if -3 <= y - x <= 4])
        else:
            raise InvalidOption(f"board must have 37, 48 or 61 rings, not {size!r}")
        self.size = size
        self.board = board
        self.nb = board.neighbours
        low: dict[int, int] = {}
        for x, y in board.cells:
            low[x] = min(low.get(x, y), y)
        self.names = tuple(f"{LETTERS[x]}{y - low[x] + 1}" for x, y in board.cells)
        self.index = {n: i for i, n in enumerate(self.names)}
        self.columns = len(low)
        self._tables: list = [None, None]

    def __len__(self) -> int:
        return len(self.names)

    def table(self, player: int) -> list:
        """``table(player)[c][v][f + 1]``: ``player``'s placement action of colour index ``c`` on cell
        ``v`` removing ``f`` (``f = -1``: no removal) with no isolation, built once per board size."""
        tab = self._tables[player]
        if tab is None:
            names = self.names
            tab = []
            for c in range(3):
                col = COLOURS[c]
                take = f"take-{col}"
                rows = []
                for v in range(len(names)):
                    nv = names[v]
                    row = [Move(f"{col}{nv}", (take, nv), f"{col}{nv}", player, 0, c, v)]
                    for f in range(len(names)):
                        n = f"{col}{nv},{names[f]}"
                        row.append(Move(n, (take, nv, names[f]), n, player, 0, c, v, f))
                    rows.append(row)
                tab.append(rows)
            self._tables[player] = tab
        return tab


_LAYOUTS: dict[int, Layout] = {}


def layout(size: int) -> Layout:
    """The :class:`Layout` of a board of ``size`` rings (37, 48 or 61); raises InvalidOption."""
    lay = _LAYOUTS.get(size)
    if lay is None:
        lay = _LAYOUTS[size] = Layout(size)
    return lay


class Move(Action):
    """An action that also carries what it does: ``kind`` 0 placement / 1 capture, ``colour`` (index),
    ``cell`` (placement ring or jump start), ``removed`` (cell or -1), ``isolated`` (cells captured by
    isolation, Z14) and ``hops`` (``(over, land)`` pairs of a jump)."""

    __slots__ = ("kind", "colour", "cell", "removed", "isolated", "hops")
    kind: int
    colour: int
    cell: int
    removed: int
    isolated: tuple[int, ...]
    hops: tuple

    def __init__(self, notation: str, targets: tuple[str, ...], label: str = "", player: int = 0,
                 kind: int = 0, colour: int = 0, cell: int = 0, removed: int = -1,
                 isolated: tuple[int, ...] = (), hops: tuple = ()):
        object.__setattr__(self, "notation", notation)
        object.__setattr__(self, "targets", targets)
        object.__setattr__(self, "select", "sequence")
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "colour", colour)
        object.__setattr__(self, "cell", cell)
        object.__setattr__(self, "removed", removed)
        object.__setattr__(self, "isolated", isolated)
        object.__setattr__(self, "hops", hops)

    def __repr__(self) -> str:
        return f"Move({self.notation!r})"


# ----- notation (Z20) -----------------------------------------------------------------------------------
_RING = r"[a-i][1-9]"
_PLACE_RE = re.compile(rf"^([WGB])({_RING})(?:,({_RING}))?(?: x ((?:[WGB]{_RING})+))?$")
_JUMP_RE = re.compile(rf"^x ({_RING})((?:[WGB]{_RING})+)$")
_PAIR_RE = re.compile(rf"([WGB])({_RING})")


def parse_move(notation: str, size: int = 37) -> dict:
    """Parse official ZÈRTZ notation (Z20) into a dict, checking ring names against the board.

    Placement: ``{"place": "W", "ring": "d4", "remove": "d1" | None, "isolated": [["W", "a1"], ...]}``;
    jump: ``{"jump": "d1", "hops": [["G", "d3"], ["W", "d5"]]}``. Raises :class:`IllegalAction` quoting
    malformed notation or an unknown ring. Structure only: whether the move is legal is the state's
    business.

    >>> parse_move("Bd7,b2 x Wa1Wa2")
    {'place': 'B', 'ring': 'd7', 'remove': 'b2', 'isolated': [['W', 'a1'], ['W', 'a2']]}
    >>> format_move(parse_move("x d1Gd3Wd5"))
    'x d1Gd3Wd5'
    """
    if not isinstance(notation, str):
        raise IllegalAction(f"ZÈRTZ notation must be a string, not {notation!r}", rule="Z20")
    lay = layout(size)
    m = _PLACE_RE.match(notation)
    if m:
        rings = [m.group(2)] + ([m.group(3)] if m.group(3) else [])
        iso = [[c, r] for c, r in _PAIR_RE.findall(m.group(4) or "")]
        out = {"place": m.group(1), "ring": m.group(2), "remove": m.group(3), "isolated": iso}
    else:
        m = _JUMP_RE.match(notation)
        if not m:
            raise IllegalAction(f"{notation!r} is not ZÈRTZ notation (e.g. Wd4,d1 or x d1Gd3Wd5)", rule="Z20")
        rings = [m.group(1)]
        iso = [[c, r] for c, r in _PAIR_RE.findall(m.group(2))]
        out = {"jump": m.group(1), "hops": iso}
    for r in rings + [r for _, r in iso]:
        if r not in lay.index:
            raise IllegalAction(f"{notation!r}: there is no ring {r} on the {size}-ring board", rule="Z20")
    return out


def format_move(move: dict) -> str:
    """The notation of a move dict as :func:`parse_move` returns it (its inverse)."""
    if "jump" in move:
        return "x " + move["jump"] + "".join(c + r for c, r in move["hops"])
    s = move["place"] + move["ring"] + ("," + move["remove"] if move.get("remove") else "")
    if move.get("isolated"):
        s += " x " + "".join(c + r for c, r in move["isolated"])
    return s


def wins_with(captured: Sequence[int], pool_kind: str) -> bool:
    """Z15: whether these captured counts (white, grey, black) make a winning set."""
    w, g, b = captured
    for sw, sg, sb in WINS[pool_kind]:
        if w >= sw and g >= sg and b >= sb:
            return True
    return False


class ZertzState(State):
    """A ZÈRTZ position (see the module docstring for the fields). ``result`` is None while the game
    goes on, the winner (0 or 1), or ``"draw"``; ``reason`` is one of :data:`REASONS`; ``seen`` counts
    positions for the repetition rule (Z19), kept only once the pool is empty since no earlier position
    can come back (the pool never refills), and cleared whenever a ring leaves (rings never return)."""

    def __init__(self, game, options: dict, history: list | None = None):
        super().__init__(game=game, options=options, history=[] if history is None else history)
        board = options.get("board", BOARDS[0])
        pool = options.get("pool", "standard")
        if board not in BOARDS or pool not in POOLS:
            raise InvalidOption(f"unknown ZÈRTZ board {board!r} or pool {pool!r}")
        self.L = layout(int(board.split()[0]))
        self.pool_kind = pool
        n = len(self.L)
        self.ring = [True] * n
        self.marbles = [0] * n
        self.pool = list(POOLS[pool])
        self.captures = [[0, 0, 0], [0, 0, 0]]
        self.turn = 0
        self.result: int | str | None = None
        self.reason = ""
        self.seen: dict[str, int] = {}

    # ----- protocol ----------------------------------------------------------------------------------
    explain_rules = {"turn": "Z4", "end": "Z15", "legal": "Z21", "notation": "Z20"}  # issue 17, see explain.py

    def _explain(self, targets, notation):
        from .explain import explain  # late: explain.py imports this module
        return explain(self, targets, notation)

    def _current_player(self) -> int:
        return TERMINAL if self.result is not None else self.turn

    def returns(self) -> list[float]:
        if self.result is None or self.result == "draw":
            return [0.0, 0.0]
        return [1.0 if p == self.result else -1.0 for p in (0, 1)]

    def _legal_actions(self) -> list[Action]:
        jumps = self.jumps()
        if jumps:  # Z9: capturing is compulsory
            return [self._jump_move(s, h) for s, h in jumps]
        return self._placements()

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Move)
        self.play(action)

    # ----- move generation ---------------------------------------------------------------------------
    def jumps(self) -> list[logic.Jump]:
        """Every complete jump sequence available now (Z9–Z12)."""
        return logic.jump_sequences(self.marbles, self.ring, self.L.nb)

    def _jump_move(self, start: int, hops: tuple) -> Move:
        names, m = self.L.names, self.marbles
        notation = "x " + names[start] + "".join(CODES[m[o]] + names[k] for o, k in hops)
        targets = [names[start]]
        for o, k in hops:  # the landing ring, or the jumped ring if the marble lands there twice
            targets.append(names[k] if names[k] not in targets else names[o])
        return Move(notation, tuple(targets), label=notation, player=self.turn, kind=1,
                    colour=m[start] - 1, cell=start, hops=hops)

    def free(self) -> list[int]:
        """The free rings now (Z6)."""
        return logic.free_rings(self.ring, self.marbles, self.L.nb)

    def _isolations(self, vacant: list[int], free: list[int]) -> dict[tuple[int, int], tuple[int, ...]]:
        """``{(v, f): cells}`` for the placements on ``v`` removing ``f`` (-1: none) that isolate a
        full group (Z14); pairs not listed isolate nothing.

        Between turns every group of rings holds a vacant ring (full ones are captured at once). A
        placement on ``v`` fills ``v``'s group when ``v`` was its only vacant ring. Removing ``f`` takes
        a vacant ring from ``f``'s group and may split it, which can only happen when ``f``'s remaining
        neighbours form more than one arc around it (else they stay linked through each other); the
        parts left with no vacant ring, or with only ``v``, are captured."""
        ring, m, nb = self.ring, self.marbles, self.L.nb
        n = len(ring)
        comp = [-1] * n
        members: list[list[int]] = []
        for s in range(n):
            if ring[s] and comp[s] < 0:
                k = len(members)
                comp[s] = k
                stack, mem = [s], []
                while stack:
                    i = stack.pop()
                    mem.append(i)
                    for j in nb[i]:
                        if j >= 0 and ring[j] and comp[j] < 0:
                            comp[j] = k
                            stack.append(j)
                members.append(mem)
        vac = [0] * len(members)
        last = [0] * len(members)
        for i in vacant:
            vac[comp[i]] += 1
            last[comp[i]] = i
        ones = {last[k]: g for k, g in enumerate(members) if vac[k] == 1}  # v fills its group
        out: dict[tuple[int, int], tuple[int, ...]] = {}
        if not ones and all(vac[comp[f]] > 2 for f in free):
            # fast exit: no group is one placement from full, and no removal can split a group unless
            # some free ring's neighbours form several arcs
            if all(sum(1 for d in range(6) if (nb[f][d] >= 0 and ring[nb[f][d]])
                       and not (nb[f][d - 1] >= 0 and ring[nb[f][d - 1]])) <= 1 for f in free):
                return out
        fset = set(free)
        for v, g in ones.items():
            if not (fset - {v}):
                out[(v, -1)] = tuple(sorted(g))
        for f in free:
            k = comp[f]
            around = [nb[f][d] >= 0 and ring[nb[f][d]] for d in range(6)]
            arcs = sum(1 for d in range(6) if around[d] and not around[d - 1])
            base: list[int] = []
            local: dict[int, list[int]] = {}
            if arcs <= 1:
                if vac[k] <= 2 and len(members[k]) > 1:
                    rest = [i for i in members[k] if i != f]
                    left = [i for i in rest if not m[i]]
                    if not left:
                        base = rest
                    elif len(left) == 1:
                        local[left[0]] = rest
            else:  # the parts of f's group once f is gone
                seen = {f}
                for s in nb[f]:
                    if s >= 0 and ring[s] and s not in seen:
                        seen.add(s)
                        stack, mem = [s], []
                        while stack:
                            i = stack.pop()
                            mem.append(i)
                            for j in nb[i]:
                                if j >= 0 and ring[j] and j not in seen:
                                    seen.add(j)
                                    stack.append(j)
                        left = [i for i in mem if not m[i]]
                        if not left:
                            base += mem
                        elif len(left) == 1:
                            local[left[0]] = mem
            if base:
                for v in vacant:
                    if v != f:
                        out[(v, f)] = tuple(sorted(base + local.get(v, ones.get(v, []))))
            else:
                for v, g in local.items():
                    out[(v, f)] = tuple(sorted(g))
                for v, g in ones.items():
                    if v != f:
                        out[(v, f)] = tuple(sorted(g))
        return out

    def _placements(self) -> list[Action]:
        """Every placement (Z5–Z8, Z14, Z17), ordered by colour, ring, removed ring."""
        src, colours = logic.supply(self.pool, self.captures[self.turn])
        if not colours:
            return []
        ring, m, nb = self.ring, self.marbles, self.L.nb
        vacant = [i for i in range(len(ring)) if ring[i] and not m[i]]
        free = [i for i in vacant if logic.is_free(ring, m, nb, i)]
        special = self._isolations(vacant, free)
        pl = self.turn
        table = self.L.table(pl)
        out: list[Action] = []
        plus = [f + 1 for f in free]
        idx = {v: ([f + 1 for f in free if f != v] or [0]) if v in special_v else plus
               for special_v in (set(free),) for v in vacant}
        if not plus:
            idx = {v: [0] for v in vacant}
        svs = {v for v, _ in special}
        for c in colours:
            tc = table[c]
            for v in vacant:
                row = tc[v]
                if v in svs:
                    for fi in idx[v]:
                        iso = special.get((v, fi - 1))
                        out.append(self._isolating(row[fi], c, v, fi - 1, iso) if iso else row[fi])
                else:
                    out.extend(map(row.__getitem__, idx[v]))
        return out

    def _isolating(self, base: Move, c: int, v: int, f: int, iso: tuple[int, ...]) -> Move:
        names, m = self.L.names, self.marbles
        suffix = " x " + "".join((COLOURS[c] if i == v else CODES[m[i]]) + names[i] for i in iso)
        n = base.notation + suffix
        return Move(n, base.targets, label=n, player=self.turn, kind=0, colour=c, cell=v, removed=f,
                    isolated=iso)

    def count_actions(self) -> int:
        """``len(self.legal_actions())`` computed without building the actions (for perft)."""
        if self.result is not None:
            return 0
        ring, m, nb = self.ring, self.marbles, self.L.nb
        if logic.has_jump(m, ring, nb):
            return len(self.jumps())
        src, colours = logic.supply(self.pool, self.captures[self.turn])
        if not colours:
            return 0
        vacant = [i for i in range(len(ring)) if ring[i] and not m[i]]
        free = [i for i in vacant if logic.is_free(ring, m, nb, i)]
        nf = len(free)
        fset = set(free)
        per = sum((nf - 1 if v in fset else nf) or 1 for v in vacant)
        return len(colours) * per

    # ----- playing -----------------------------------------------------------------------------------
    def play(self, mv: Move) -> None:
        """Play a legal :class:`Move` of this position (unchecked) and end the turn (Z5–Z19)."""
        pl = self.turn
        m, ring = self.marbles, self.ring
        caps = self.captures[pl]
        if mv.kind == 1:
            for c in logic.apply_jump(m, mv.cell, mv.hops):
                caps[c - 1] += 1
        else:
            c, v, f = mv.colour, mv.cell, mv.removed
            if self.pool[0] or self.pool[1] or self.pool[2]:
                self.pool[c] -= 1
            else:
                caps[c] -= 1
            m[v] = c + 1
            if f >= 0:
                ring[f] = False
            for i in mv.isolated:
                caps[m[i] - 1] += 1
                m[i] = 0
                ring[i] = False
            if f >= 0 or mv.isolated:
                self.seen.clear()  # Z19: positions with more rings cannot come back
        self._end_turn(pl)

    def _end_turn(self, pl: int) -> None:
        if wins_with(self.captures[pl], self.pool_kind):  # Z15, checked after the whole turn (Z13)
            self.result, self.reason = pl, "set"
            return
        if not any(self.ring):  # Z16: every ring was filled, the mover took them all
            self.result, self.reason = pl, "filled"
            return
        q = 1 - pl
        self.turn = q
        if not self.can_move(q):  # Z18
            self.result, self.reason = pl, "stuck"
            return
        p = self.pool
        if not (p[0] or p[1] or p[2]):  # Z19
            key = self.position_key()
            k = self.seen.get(key, 0) + 1
            self.seen[key] = k
            if k >= 3:
                self.result, self.reason = "draw", "repetition"

    def can_move(self, player: int) -> bool:
        """Whether ``player``, to move, has any action: a jump, or a marble to place (Z17, Z18)."""
        if logic.has_jump(self.marbles, self.ring, self.L.nb):
            return True
        return bool(logic.supply(self.pool, self.captures[player])[1])

    def position_key(self) -> str:
        """The position for the repetition rule (Z19): rings, marbles, pool, captures, player to move."""
        c0, c1 = self.captures
        return self.board_string() + "/" + ",".join(map(str, [*self.pool, *c0, *c1, self.turn]))

    def board_string(self) -> str:
        """One character per cell in cell order: ``-`` removed ring, ``.`` vacant ring, ``W``/``G``/``B``."""
        return "".join("-" if not r else ".WGB"[m] for r, m in zip(self.ring, self.marbles))

    def clone(self) -> "ZertzState":
        s = ZertzState.__new__(ZertzState)
        s.game, s.options, s.history = self.game, self.options, list(self.history)
        s.L, s.pool_kind = self.L, self.pool_kind
        s.ring, s.marbles, s.pool = list(self.ring), list(self.marbles), list(self.pool)
        s.captures = [list(self.captures[0]), list(self.captures[1])]
        s.turn, s.result, s.reason, s.seen = self.turn, self.result, self.reason, dict(self.seen)
        return s

    @classmethod
    def from_position(cls, game, position: dict, options: dict | None = None) -> "ZertzState":
        """A state built from a readable position, for tests and diagrams.

        ``position``: ``{"removed": ["a1", ...], "marbles": {"d4": "W", ...}, "captures": [[w, g, b],
        [w, g, b]], "turn": 0, "pool": [w, g, b]}``; every key is optional; without ``pool`` the pool
        holds whatever marbles are neither on the board nor captured. Raises :class:`InvalidState` when
        the position is inconsistent (see ``_load_json``)."""
        s = game.new_initial_state(options)
        lay = s.L
        chars = ["."] * len(lay)
        try:
            for r in position.get("removed", []):
                chars[lay.index[r]] = "-"
            for r, col in position.get("marbles", {}).items():
                chars[lay.index[r]] = col
        except KeyError as e:
            raise InvalidState(f"no ring {e} on the {lay.size}-ring board") from None
        board = "".join(chars)
        caps = position.get("captures", [[0, 0, 0], [0, 0, 0]])
        pool = position.get("pool")
        if pool is None:
            start = POOLS[s.pool_kind]
            pool = [start[c] - board.count(COLOURS[c]) - caps[0][c] - caps[1][c] for c in range(3)]
        s._load_json({"board": board, "pool": pool, "captures": caps, "turn": position.get("turn", 0),
                      "result": None, "reason": "", "seen": {}})
        return s

    # ----- views and serialisation -------------------------------------------------------------------
    def last_move(self) -> dict:
        """What the last action did, for drawing: ``{}`` or the parsed notation (see parse_move)."""
        if not self.history:
            return {}
        try:
            return parse_move(self.history[-1], self.L.size)
        except IllegalAction:
            return {}

    def observation(self, player: int | None) -> dict:
        """Everything in ZÈRTZ is public; ``viewer`` is who the view is for."""
        cp = self.current_player()
        names = self.L.names
        legal_jumps = self.result is None and logic.has_jump(self.marbles, self.ring, self.L.nb)
        src, colours = logic.supply(self.pool, self.captures[self.turn])
        return {
            "game": "zertz", "viewer": player, "rings": self.L.size, "pool_kind": self.pool_kind,
            "board": self.board_string(), "names": list(names),
            "pool": list(self.pool), "captures": [list(c) for c in self.captures],
            "start_pool": list(POOLS[self.pool_kind]), "wins": [list(w) for w in WINS[self.pool_kind]],
            "turn": self.turn, "current_player": cp,
            "result": self.result, "reason": self.reason,
            "free": [names[i] for i in self.free()] if self.result is None and not legal_jumps else [],
            "capture_forced": legal_jumps,
            "supply": src if self.result is None else "", "supply_colours": [COLOURS[c] for c in colours],
            "last": self.last_move(), "player_names": list(NAMES),
        }

    def _state_json(self) -> dict:
        return {"board": self.board_string(), "pool": list(self.pool),
                "captures": [list(c) for c in self.captures], "turn": self.turn, "result": self.result,
                "reason": self.reason, "seen": dict(self.seen)}

    def _load_json(self, d: dict) -> None:
        keys = {"board", "pool", "captures", "turn", "result", "reason", "seen"}
        if set(d) != keys:
            raise InvalidState(f"zertz state needs exactly the keys {', '.join(sorted(keys))}")
        n = len(self.L)
        board = d["board"]
        if not isinstance(board, str) or len(board) != n or set(board) - set("-.WGB"):
            raise InvalidState(f"board must be a string of {n} characters from - . W G B")
        start = POOLS[self.pool_kind]

        def counts(v, what):
            if not isinstance(v, list) or len(v) != 3 or not all(type(x) is int and x >= 0 for x in v):
                raise InvalidState(f"{what} must be a list of three non-negative integers (white, grey, black)")
            return list(v)

        pool = counts(d["pool"], "pool")
        caps = d["captures"]
        if not isinstance(caps, list) or len(caps) != 2:
            raise InvalidState("captures must hold two lists of counts")
        caps = [counts(caps[0], "captures[0]"), counts(caps[1], "captures[1]")]
        for c in range(3):
            total = pool[c] + caps[0][c] + caps[1][c] + board.count(COLOURS[c])
            if total != start[c]:
                raise InvalidState(f"there must be exactly {start[c]} {'white grey black'.split()[c]} marbles, "
                                   f"not {total}")
        turn, result, reason = d["turn"], d["result"], d["reason"]
        if turn not in (0, 1) or type(turn) is not int:
            raise InvalidState("turn must be 0 or 1")
        if result not in (None, 0, 1, "draw") or type(result) is bool:
            raise InvalidState("result must be null, 0, 1 or \"draw\"")
        if reason not in REASONS or (reason == "") != (result is None) or (
                (reason == "repetition") != (result == "draw")):
            raise InvalidState(f"reason {reason!r} does not match result {result!r}")
        seen = d["seen"]
        if not isinstance(seen, dict) or not all(isinstance(k, str) and type(v) is int and 1 <= v <= 3
                                                 for k, v in seen.items()):
            raise InvalidState("seen must map position keys to counts 1..3")
        ring = [ch != "-" for ch in board]
        marbles = [".WGB".index(ch) if ch != "-" else 0 for ch in board]
        if logic.isolated_groups(ring, marbles, self.L.nb):
            raise InvalidState("a group of rings with no vacant ring would already have been captured")
        self.ring, self.marbles, self.pool, self.captures = ring, marbles, pool, caps
        self.turn, self.result, self.reason = turn, result, reason
        if any(pool) and seen:
            raise InvalidState("positions are only counted for repetition once the pool is empty")
        key_re = re.compile(rf"^[-.WGB]{{{n}}}/\d+(,\d+){{8}},[01]$")
        if not all(key_re.match(k) for k in seen):
            raise InvalidState("seen keys must be position keys (board/pool,captures,turn)")
        if any(v == 3 for v in seen.values()) != (reason == "repetition"):
            raise InvalidState("a position seen three times must have ended the game in a draw")
        self.seen = dict(seen)
        won = [p for p in (0, 1) if wins_with(caps[p], self.pool_kind)]
        if result is None:
            if won:
                raise InvalidState(f"{NAMES[won[0]]} holds a winning set but the game goes on")
            if not any(ring):
                raise InvalidState("no ring is left but the game goes on")
            if not self.can_move(turn):
                raise InvalidState("the player to move can do nothing but the game goes on")
        elif reason == "set" and result not in won:
            raise InvalidState("the winner by a set must hold a winning set")
        elif reason == "filled" and any(ring):
            raise InvalidState("a game won by filling every ring has no ring left")
        elif reason == "stuck" and (result != 1 - turn or self.can_move(turn)):
            raise InvalidState("a game won because the opponent was stuck needs a stuck player to move")


def perft(state: ZertzState, depth: int) -> int:
    """The number of whole-turn action sequences of length ``depth`` from ``state`` (the last ply is
    counted without being played, :meth:`ZertzState.count_actions`); games that end early count as
    leaves only at their own depth (they contribute nothing deeper).

    >>> from pygames.core import get_game
    >>> perft(get_game("zertz").new_initial_state(), 1)
    1944
    """
    if depth <= 0:
        return 1
    if depth == 1:
        return state.count_actions()
    total = 0
    for a in state.legal_actions():
        child = state.clone()
        child.play(a)  # type: ignore[arg-type]
        total += perft(child, depth - 1)
    return total
