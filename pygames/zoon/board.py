"""Zoon: the battlefield, the cards' movement tables and the shared action tables (ZN1–ZN3, ZN9–ZN11).

Cells are ``a1`` … ``f6``: columns a–f from South's left, rows 1–6 from South's back row (ZN3); cell index
``row * 6 + column``. Player 0 is South (home rows 1–2), player 1 North (home rows 5–6). A Zoon is coded
``player * 12 + i`` where ``i`` is its index in its tribe's roster (:func:`pygames.zoon.tribes.roster`).
"""
from __future__ import annotations

from ..core.state import CHANCE, Action
from .tribes import TRIBES, TRUMPS, Zoon, roster

SOUTH, NORTH = 0, 1
NAMES = ("South", "North")
HEADS, TAILS = 0, 1
COLS = "abcdef"
CELL = tuple(f"{COLS[i % 6]}{i // 6 + 1}" for i in range(36))
CELL_INDEX = {n: i for i, n in enumerate(CELL)}
HOME = (tuple(range(0, 12)), tuple(range(30, 36)) + tuple(range(24, 30)))
"""Each side's twelve deployment cells, back row first (ZN3, ZN5)."""
BACK = (0, 5)
FRONT = (1, 4)
MAX_EDITS = 24
"""Changes (swaps, cancelled picks or random arrangements) a player may make to their deployment (ZN45)."""
QUIET_LIMIT = 60
"""Consecutive turns without progress that end the game in a draw (ZN40)."""
TURN_LIMIT = 1000
"""Without the anti-stalling option, the game is a draw once this many turns are over (ZN50)."""
TURN_ACTIONS = 22
"""The most actions one turn can take, chance included, apart from the minimum-six reveals (ZN51)."""
PROGRESS_EVENTS = 52
"""The most turns that can make progress in the sense of ZN40: 22 Zoons lost before an Emblem, 6 trumps
discarded or placed, 24 cards turned face up, each at most once (ZN51)."""
CORNERS = ("TL", "TR", "BR", "BL")
EMPTY = -1
OBST = 100

_ROSTERS: dict[str, list[Zoon]] = {t: roster(t) for t in TRIBES}
_KEY_INDEX = {t: {z.key: i for i, z in enumerate(r)} for t, r in _ROSTERS.items()}
_TRUMP_ORDER = {t: tuple(x.code for x in TRUMPS[t]) for t in TRIBES}
_EFFECT = {"Cloboulon": "grognard", "Gold-Hure": "again", "Bouclefeuille": "leaf", "King Louis": "kingswap",
           "Kombo Bongo": "bongo", "Trice": "push", "Ratops": "push", "Ouistiti": "hop",
           "Berserkorse": "berserk"}
"""Zoons whose ★ corner carries a tribe-card effect (ZN31–ZN38)."""

_ACTS: dict[tuple, Action] = {}


def _act(notation: str, targets: tuple = (), player: int = 0, label: str = "", select: str = "sequence") -> Action:
    key = (notation, targets, player, label)
    a = _ACTS.get(key)
    if a is None:
        a = _ACTS[key] = Action(notation, targets, select, label, player)
    return a


def move_label(frm: str, to: str, attack: bool, name: str = "") -> str:
    """A move or attack as a player reads it: ``c2 → c3``, ``c2 attacks c3``, with the Zoon's name in front
    (``Grognard c2 → c3``) only when both players see it (face up, ZN7). Labels are shared by both
    players' move lists, so a face-down Zoon's move never names it."""
    head = f"{name} {frm}" if name else frm
    return f"{head} attacks {to}" if attack else f"{head} \u2192 {to}"


def move_action(player: int, frm: int, to: int, attack: bool, name: str = "") -> Action:
    """The move (``c2-c3``) or attack (``c2xc3``) of ``player`` from cell ``frm`` to ``to``, labelled by
    :func:`move_label` (``name``: the face-up Zoon's name, "" for a face-down one)."""
    f, t = CELL[frm], CELL[to]
    return _act(f"{f}{'x' if attack else '-'}{t}", (f, t), player, move_label(f, t, attack, name))


_DICE = tuple((_act(f"dice {a}-{b}", (), CHANCE, f"Attacker rolls {a}, defender {b}"), 1 / 36)
              for a in range(1, 7) for b in range(1, 7))
_FIRST = ((_act("south starts", (), CHANCE, "South plays first"), 0.5),
          (_act("north starts", (), CHANCE, "North plays first"), 0.5))
_MOVE_ACTS = tuple(move_action(p, f, t, bool(att)) for p in (0, 1) for f in range(36) for t in range(36) for att in (0, 1))
"""The move and attack actions, at ``((player * 36 + from) * 36 + to) * 2 + attack``, labelled without a
name (a face-down Zoon's: ``c2 → c3``); a face-up Zoon's carry its name (see :func:`move_action`)."""



def row(cell: int) -> int:
    return cell // 6


def step(player: int, cell: int, dx: int, dy: int) -> int:
    """The cell ``(dx, dy)`` away from ``cell`` in ``player``'s frame (dy > 0 forward), or -1 if off the
    board (ZN3)."""
    c, r = cell % 6, cell // 6
    if player == SOUTH:
        c, r = c + dx, r + dy
    else:
        c, r = c - dx, r - dy
    return r * 6 + c if 0 <= c < 6 and 0 <= r < 6 else -1


_TRAJ: dict[tuple, tuple] = {}


def abs_trajectories(tribe: str, i: int, player: int, cell: int) -> tuple:
    """Trajectories of Zoon ``i`` of ``tribe`` standing on ``cell`` for ``player``: tuples
    ``(special, cells)``, walks cut at the board's edge, special cells off the board dropped (ZN9, ZN10)."""
    key = (tribe, i, player, cell)
    t = _TRAJ.get(key)
    if t is None:
        out: list[tuple[bool, tuple[int, ...]]] = []
        for traj in _ROSTERS[tribe][i].trajectories:
            if traj[0][2]:
                c = step(player, cell, traj[0][0], traj[0][1])
                if c >= 0:
                    out.append((True, (c,)))
            else:
                cells = []
                for dx, dy, _s in traj:
                    c = step(player, cell, dx, dy)
                    if c < 0:
                        break
                    cells.append(c)
                if cells:
                    out.append((False, tuple(cells)))
        t = _TRAJ[key] = tuple(out)
    return t


def _move_table(tribe: str, player: int) -> tuple:
    """For each roster index and cell: ``(groups, shared)`` where ``groups`` lists ``(first cell, second
    cells)`` of the trajectories of :func:`abs_trajectories` in order, grouped by their first cell (a
    special cell or a one-cell walk has no second cells), and ``shared`` tells whether a second cell is
    reached from two first cells (then only the first walk that reaches it counts, as in ZN20's recoil)."""
    out = []
    for i in range(12):
        per_cell = []
        for cell in range(36):
            groups: list[tuple[int, list[int]]] = []
            for _special, cells in abs_trajectories(tribe, i, player, cell):
                if groups and groups[-1][0] == cells[0]:
                    groups[-1][1].extend(cells[1:])
                else:
                    groups.append((cells[0], list(cells[1:])))
            seconds = [c for _f, sec in groups for c in sec]
            per_cell.append((tuple((f, tuple(sec)) for f, sec in groups), len(seconds) != len(set(seconds))))
        out.append(tuple(per_cell))
    return tuple(out)


_MOVES = {(t, p): _move_table(t, p) for t in TRIBES for p in (0, 1)}
_GRIDS = {k: tuple((grid, sum(1 << i for i in range(12) if rows[i] == grid)) for grid in dict.fromkeys(rows))
          for k, rows in _MOVES.items()}
"""``_GRIDS[tribe, player]``: each distinct movement table of ``_MOVES[tribe, player]`` once (a tribe's twelve
Zoons have five or six grids), with the bit mask of the roster indices that move by it (ZN44's masks)."""
