"""ZÈRTZ boards, ring names and the notation (rules Z1, Z2 and Z20 of ``docs/rules/zertz.md``).

:class:`Layout` is one board size (Z1): its :class:`~pygames.core.hexgrid.HexBoard`, the official ring
names (Z2: column letters ``a…`` from the left, rings counted from the bottom of each column), the
neighbour tables the move generator reads, and the table of every placement action. :class:`Move` is an
action that carries what it does; :func:`parse_move` and :func:`format_move` read and write the official
notation (Z20).
"""
from __future__ import annotations

import re

from ..core.errors import IllegalAction, InvalidOption
from ..core.hexgrid import HexBoard
from ..core.state import Action
from .logic import COLOURS, WORDS, hop_lines

BOARDS = ("37 rings", "48 rings", "61 rings")
"""Board option values (Z1)."""
LETTERS = "abcdefghi"


class Layout:
    """One board size: the :class:`HexBoard`, the official ring names and the neighbour table.

    ``names[i]`` is cell ``i``'s official name (``"d4"``), ``index`` maps names back, ``nb`` is the
    neighbour table, ``columns`` the number of columns.

    Tables for the move generator (read with a ring list extended by one ``False``, so that index
    ``len(self)`` stands for "off the board"): ``links[i]`` the neighbours of ``i`` on the board,
    ``pairs[i]`` the six pairs of neighbour positions next to each other around ``i`` (``(d - 1, d)``,
    off-board ones as ``len(self)``), ``edge[i]`` whether two such positions are off the board, so
    that the ring on ``i`` is free (Z6) whenever it is vacant, and ``around[u]`` the ``(i, p, q)`` for
    each neighbour ``i`` of ``u``: the positions ``p`` and ``q`` next to ``u`` around ``i`` (once ring
    ``u`` is removed, ``i`` is free when ``p`` or ``q`` is missing too), ``through[v]`` the pairs
    ``(a, b)`` of opposite neighbours of ``v`` (a marble on ``a`` would jump the one on ``v`` to ``b``)."""

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
        self.hops = hop_lines(self.nb)  # the jump functions' table (logic.hop_lines, Z9)
        low: dict[int, int] = {}
        for x, y in board.cells:
            low[x] = min(low.get(x, y), y)
        self.names = tuple(f"{LETTERS[x]}{y - low[x] + 1}" for x, y in board.cells)
        self.index = {n: i for i, n in enumerate(self.names)}
        self.columns = len(low)
        self._tables: list = [None, None]
        n = len(board.cells)
        six = [tuple(n if j < 0 else j for j in self.nb[i]) for i in range(n)]
        self.links = tuple(tuple(j for j in self.nb[i] if j >= 0) for i in range(n))
        self.pairs = tuple(tuple((six[i][d - 1], six[i][d]) for d in range(6)) for i in range(n))
        self.edge = tuple(any(a == n and b == n for a, b in self.pairs[i]) for i in range(n))
        self.edge_cells = frozenset(i for i in range(n) if self.edge[i])
        self.around = tuple(tuple((i, six[i][(d - 1) % 6], six[i][(d + 1) % 6])
                                  for i in self.links[u] for d in range(6) if six[i][d] == u)
                            for u in range(n))
        nb = self.nb
        self.through = tuple(tuple((nb[v][d], nb[v][(d + 3) % 6]) for d in range(6)
                                   if nb[v][d] >= 0 and nb[v][(d + 3) % 6] >= 0) for v in range(n))

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
                word = f"{WORDS[col].capitalize()} marble"  # "White marble on d4, ring a1 removed"
                take = f"take-{col}"
                rows = []
                for v in range(len(names)):
                    nv = names[v]
                    row = [Move(f"{col}{nv}", (take, nv), f"{word} on {nv}", player, 0, c, v)]
                    for f in range(len(names)):
                        n = f"{col}{nv},{names[f]}"
                        row.append(Move(n, (take, nv, names[f]), f"{word} on {nv}, ring {names[f]} removed", player,
                                        0, c, v, f))
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

    kind: int
    colour: int
    cell: int
    removed: int
    isolated: tuple[int, ...]
    hops: tuple

    def __init__(self, notation: str, targets: tuple[str, ...], label: str = "", player: int = 0,
                 kind: int = 0, colour: int = 0, cell: int = 0, removed: int = -1,
                 isolated: tuple[int, ...] = (), hops: tuple = ()):
        # one update of the instance dict: Action is frozen, and a placement list builds many Moves
        self.__dict__.update(notation=notation, targets=targets, select="sequence", label=label, player=player,
                             kind=kind, colour=colour, cell=cell, removed=removed, isolated=isolated, hops=hops)

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
