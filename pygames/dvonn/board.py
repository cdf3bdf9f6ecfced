"""DVONN's board and its rules as plain functions over a plain board, for DVONN and for Dvertz.

A *board* is a list of 49 strings, one per space in :data:`CELLS` order: the stack on that space written
bottom to top, one character per piece, ``"W"`` (white), ``"B"`` (black) or ``"D"`` (a red DVONN piece);
``""`` is an empty space. The top character says who controls the stack (N8). Strings are immutable, so
copying a board is ``list(board)``.

Geometry (N1): columns A–K are ``x = 0..10``, rows 1–5 are ``y = 0..4``; row 1 holds A1–I1, row 2 A2–J2,
row 3 A3–K3, row 4 B4–K4 and row 5 C5–K5 (rows of 9, 10, 11, 10 and 9 spaces), the layout of
``shared/research/dvonn_zertz.md`` §1.2 (Little Golem, CodeCup 2011, PrimaDvonna). Neighbours and the
three straight lines through a space come from :mod:`pygames.core.hexgrid`.

Every function here takes the board (and cell indices ``0..48``) and returns plain values; none keeps
state. Rule ids refer to ``docs/rules/dvonn.md``.

>>> board = [""] * N_CELLS
>>> board[INDEX["e3"]] = "WB"
>>> sorted(NAMES[j] for j in landing_cells(INDEX["e3"], 2))
['c1', 'c3', 'e1', 'e5', 'g3', 'g5']
>>> scores(board)
[0, 2]
"""
from __future__ import annotations

from bisect import bisect_left

from ..core.hexgrid import DIRECTIONS, HexBoard

WHITE, BLACK = 0, 1
COLOURS = "WB"
"""The piece letter of each player: ``COLOURS[WHITE] == "W"``."""
DVONN = "D"
PIECES_PER_COLOUR = 23
DVONN_PIECES = 3
TOTAL_PIECES = 2 * PIECES_PER_COLOUR + DVONN_PIECES  # 49, the board is exactly filled (N1)

COLUMNS = "abcdefghijk"
ROWS = ((0, 8), (0, 9), (0, 10), (1, 10), (2, 10))
"""For rows 1..5 (``y = 0..4``), the first and last column index ``x`` on the board (N1)."""

CELLS: tuple[tuple[int, int], ...] = tuple(
    (x, y) for x in range(11) for y in range(5) if ROWS[y][0] <= x <= ROWS[y][1])
"""The 49 spaces as axial ``(x, y)``, column by column (a1, a2, a3, b1, … k5)."""

GRID = HexBoard(CELLS)
"""Neighbour tables of the board (``GRID.neighbours[i][d]``, ``-1`` off the board)."""
N_CELLS = len(CELLS)
NAMES: tuple[str, ...] = tuple(f"{COLUMNS[x]}{y + 1}" for x, y in CELLS)
"""Lower-case space names (``a1`` … ``k5``), the Little Golem spelling, in cell order."""
INDEX: dict[str, int] = {n: i for i, n in enumerate(NAMES)}
"""Space name (lower case) → cell index."""

NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(j for j in nb if j >= 0) for nb in GRID.neighbours)
"""The on-board neighbours of each cell (3 at the six corners, 4 on the rest of the edge, 6 inside)."""
INTERIOR: tuple[bool, ...] = tuple(len(nb) == 6 for nb in NEIGHBOURS)
"""Whether a cell has six neighbours on the board (only such a cell can be surrounded, N11)."""
INNER_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(j for j in nb if INTERIOR[j]) for nb in NEIGHBOURS)
"""The neighbours of each cell that have six neighbours themselves (those that can be surrounded, N11)."""


def _line_targets() -> tuple[tuple[tuple[int, ...], ...], ...]:
    out = []
    for i in range(N_CELLS):
        per_h: list[tuple[int, ...]] = [()]  # height 0: nothing
        for h in range(1, TOTAL_PIECES + 1):
            per_h.append(tuple(j for d in range(6) if (j := GRID.step(i, d, h)) >= 0))
        out.append(tuple(per_h))
    return tuple(out)


LANDING: tuple[tuple[tuple[int, ...], ...], ...] = _line_targets()
"""``LANDING[i][h]``: the cells exactly ``h`` steps from cell ``i`` along its six lines, on the board."""
MOVES_FROM: tuple[tuple[tuple[tuple[int, tuple[int, int]], ...], ...], ...] = tuple(
    tuple(tuple((j, (i, j)) for j in LANDING[i][h]) for h in range(TOTAL_PIECES + 1)) for i in range(N_CELLS))
"""``MOVES_FROM[i][h]``: the pairs ``(j, (i, j))`` for each ``j`` of ``LANDING[i][h]``, in the same order: a
landing cell and the move to it, built once so that move generation need not build the move tuple."""

assert len(CELLS) == TOTAL_PIECES and len(DIRECTIONS) == 6


def landing_cells(i: int, h: int) -> tuple[int, ...]:
    """The spaces a stack of height ``h`` on cell ``i`` could reach (N9): exactly ``h`` steps in a straight
    line in each of the six directions, passing over anything, staying on the board. Whether the space is
    occupied (N10) is the caller's test. ``h`` is 1..49; anything else gives ``()``."""
    if 1 <= h <= TOTAL_PIECES:
        return LANDING[i][h]
    return ()


def is_surrounded(board: list[str], i: int) -> bool:
    """N11: whether the stack on cell ``i`` has all six neighbouring spaces on the board and occupied (a
    space on the edge never is)."""
    if not INTERIOR[i]:
        return False
    for j in NEIGHBOURS[i]:
        if not board[j]:
            return False
    return True


def stack_moves(board: list[str], i: int) -> list[int]:
    """The landing cells of the stack on cell ``i`` whoever owns it (N9–N12): none if ``i`` is empty,
    surrounded, or a lone DVONN piece; else the occupied cells exactly its height away in a line."""
    s = board[i]
    if not s or s == DVONN or is_surrounded(board, i):
        return []
    return [j for j in LANDING[i][len(s)] if board[j]]


def free_cells(board: list[str]) -> list[int]:
    """N11: the occupied cells whose stacks are not surrounded, in cell order: the only stacks that may
    ever move again. Once the board is full spaces only ever empty (N9, N13), so a stack, once free,
    stays free: :func:`move_stack` keeps such a list up to date (:func:`vacate`) instead of asking again."""
    return [i for i, s in enumerate(board) if s and not is_surrounded(board, i)]


def vacate(board: list[str], free: list[int], v: int) -> None:
    """Keep ``free`` (the list of :func:`free_cells`, in cell order) true after cell ``v`` was emptied:
    ``v`` leaves it, and its occupied neighbours join it (none is surrounded any more, N11; those on the
    edge never were, so they are in it already)."""
    k = bisect_left(free, v)
    if k < len(free) and free[k] == v:
        del free[k]
    for j in INNER_NEIGHBOURS[v]:
        if board[j]:
            k = bisect_left(free, j)
            if k == len(free) or free[k] != j:
                free.insert(k, j)


def player_moves(board: list[str], player: int, free: list[int] | None = None) -> list[tuple[int, int]]:
    """Every move ``(from, to)`` of ``player`` (0 White, 1 Black): stacks topped by their colour (N8) that
    may move (N9–N12). Ordered by source cell, then by :data:`DIRECTIONS`. This is the engine's hot loop,
    :func:`stack_moves` inlined. ``free``, when the caller keeps it (:func:`free_cells` of ``board``),
    spares looking at the surrounded stacks (N11) at all."""
    c = COLOURS[player]
    out: list[tuple[int, int]] = []
    add = out.append
    moves_from = MOVES_FROM
    if free is not None:
        for i in free:  # occupied, not surrounded (N11)
            s = board[i]
            if s[-1] == c:  # N8 (a lone DVONN piece is nobody's, N12)
                for j, m in moves_from[i][len(s)]:  # N9
                    if board[j]:  # N10
                        add(m)
        return out
    interior, nbs = INTERIOR, NEIGHBOURS
    for i, s in enumerate(board):
        if not s or s[-1] != c:
            continue
        if interior[i]:
            for j in nbs[i]:
                if not board[j]:
                    break
            else:
                continue  # surrounded (N11)
        for j, m in moves_from[i][len(s)]:
            if board[j]:
                out.append(m)
    return out


def has_move(board: list[str], player: int, free: list[int] | None = None) -> bool:
    """Whether ``player`` has at least one move (an early-exit :func:`player_moves`; ``free`` as there)."""
    c = COLOURS[player]
    interior, nbs, landing = INTERIOR, NEIGHBOURS, LANDING
    if free is not None:
        for i in free:  # occupied, not surrounded (N11)
            s = board[i]
            if s[-1] == c:
                for j in landing[i][len(s)]:
                    if board[j]:
                        return True
        return False
    for i, s in enumerate(board):
        if not s or s[-1] != c:
            continue
        if interior[i]:
            for j in nbs[i]:
                if not board[j]:
                    break
            else:
                continue
        for j in landing[i][len(s)]:
            if board[j]:
                return True
    return False


def _linked_flags(board: list[str]) -> list[bool]:
    """N13 by cell: ``flags[i]`` is whether cell ``i`` holds a stack linked to a DVONN piece (a walk
    over occupied neighbours from the stacks holding one)."""
    seen = [False] * N_CELLS
    todo = [i for i, s in enumerate(board) if DVONN in s]
    for i in todo:
        seen[i] = True
    nbs = NEIGHBOURS
    while todo:
        for j in nbs[todo.pop()]:
            if board[j] and not seen[j]:
                seen[j] = True
                todo.append(j)
    return seen


def linked_cells(board: list[str]) -> set[int]:
    """N13: the occupied cells linked to a DVONN piece, directly or through a chain of adjacent occupied
    spaces (a stack holding a DVONN piece is linked to itself)."""
    return {i for i, linked in enumerate(_linked_flags(board)) if linked}


def remove_disconnected(board: list[str]) -> list[tuple[int, str]]:
    """N13: take every stack not linked to a DVONN piece off ``board`` (in place); return the removed
    ``(cell, stack)`` pairs in cell order."""
    linked = _linked_flags(board)
    out = []
    for i, s in enumerate(board):
        if s and not linked[i]:
            out.append((i, s))
            board[i] = ""
    return out


def cut_off(board: list[str], v: int) -> list[tuple[int, str]]:
    """N13 after the stack on cell ``v`` moved away, every stack having been linked before the move: take
    the stacks now cut off ``board`` (in place) and return them as ``(cell, stack)`` pairs in cell order,
    as :func:`remove_disconnected` would. Only emptying ``v`` changed which spaces are occupied, so a group
    of adjacent stacks that lost its link must touch ``v`` (its old link ran through ``v``, entering it
    from a neighbour; the same holds when the moved stack carried the DVONN piece it was linked to). So
    only the groups of ``v``'s occupied neighbours are searched: each until it meets a DVONN piece or a
    group already found linked (then it is linked), else to its end (then it leaves the board)."""
    nbs = NEIGHBOURS
    linked: set[int] = set()  # cells of the groups found linked so far
    cut: list[int] = []
    for r in nbs[v]:
        if not board[r] or r in linked or r in cut:
            continue
        group, mine = [r], {r}
        found = DVONN in board[r]
        k = 0
        while not found and k < len(group):
            for j in nbs[group[k]]:
                if board[j] and j not in mine:
                    if DVONN in board[j] or j in linked:
                        found = True
                        break
                    mine.add(j)
                    group.append(j)
            k += 1
        if found:
            linked |= mine
        else:
            cut += group
    cut.sort()
    out = [(i, board[i]) for i in cut]
    for i in cut:
        board[i] = ""
    return out


_RING = GRID.neighbours  # six neighbours in DIRECTIONS order: consecutive ones touch each other


def cannot_disconnect(board: list[str], vacated: int) -> bool:
    """Whether emptying cell ``vacated`` surely leaves every other stack as linked as before: true when its
    occupied neighbours form one unbroken arc around it (any chain through it can go round instead).
    A quick test that lets :func:`move_stack` skip the search of :func:`remove_disconnected`."""
    return arcs(board, vacated) <= 1


def arcs(board: list[str], v: int) -> int:
    """How many separate arcs the occupied neighbours of cell ``v`` form around it (0 to 3)."""
    ring = _RING[v]
    count = 0
    prev = ring[5] >= 0 and board[ring[5]] != ""
    for j in ring:
        occ = j >= 0 and board[j] != ""
        if occ and not prev:
            count += 1
        prev = occ
    return count


def move_stack(board: list[str], frm: int, to: int, free: list[int] | None = None) -> list[tuple[int, str]]:
    """Play the move ``frm`` → ``to`` on ``board`` in place, unchecked: the whole stack goes on top of the
    stack at ``to`` (N9), then disconnected stacks leave the board (N13). Returns the removed
    ``(cell, stack)`` pairs. Assumes every stack was linked before the move (as after every move); the
    search for cut-off stacks is skipped when the emptied space cannot have cut anything off and the
    moving stack carries no DVONN piece, and otherwise only the stacks near ``frm`` are searched
    (:func:`cut_off`). ``free`` (:func:`free_cells` of the board before the move), when given, is kept true
    for the board after it (:func:`vacate` for every emptied space)."""
    s = board[frm]
    board[to] = board[to] + s
    board[frm] = ""
    if DVONN not in s and cannot_disconnect(board, frm):
        removed = []
    else:
        removed = cut_off(board, frm)
    if free is not None:
        vacate(board, free, frm)
        for i, _ in removed:
            vacate(board, free, i)
    return removed


def turn_status(board: list[str], player: int, free: list[int] | None = None) -> tuple[str, list[tuple[int, int]]]:
    """What ``player``, whose turn it is in phase 2, does next: ``("move", moves)`` with their moves
    (:func:`player_moves`); ``("pass", [])`` when they have none but the opponent has (N15); ``("over", [])``
    when neither can move (N16). ``free`` as in :func:`player_moves`."""
    moves = player_moves(board, player, free)
    if moves:
        return "move", moves
    if has_move(board, 1 - player, free):
        return "pass", []
    return "over", []


def scores(board: list[str]) -> list[int]:
    """N17: ``[white, black]``, the number of pieces (any colours, DVONN pieces included) in the stacks each
    controls; a lone DVONN piece counts for nobody."""
    w = b = 0
    for s in board:
        if s:
            t = s[-1]
            if t == "W":
                w += len(s)
            elif t == "B":
                b += len(s)
    return [w, b]


def piece_counts(board: list[str]) -> dict[str, int]:
    """How many pieces of each kind stand on ``board``: ``{"W": n, "B": n, "D": n}``."""
    joined = "".join(board)
    return {k: joined.count(k) for k in "WBD"}


def board_problem(board: list[str], placed: int, removed: list[int]) -> str:
    """What is wrong with a board (49 stack strings) after ``placed`` placements with ``removed``
    ``[white, black]`` pieces out of the game, or ``""`` when nothing is: during placement (N3) only the
    pieces placed so far stand alone and nothing was removed; afterwards the 49 pieces are accounted for
    (N2, N14) and every stack is linked to a DVONN piece (N13). For loaders of saved states."""
    counts = piece_counts(board)
    if placed < N_CELLS:
        want = {"W": 0, "B": 0, "D": 0}
        for k in range(placed):
            want[placement_piece(k)] += 1
        if any(len(s) > 1 for s in board) or counts != want or removed != [0, 0]:
            return (f"after {placed} placements the board holds exactly {want['D']} DVONN, {want['W']} white "
                    f"and {want['B']} black single pieces, and nothing has left the game")
        return ""
    if counts["D"] != DVONN_PIECES or [counts["W"] + removed[0], counts["B"] + removed[1]] != [PIECES_PER_COLOUR] * 2:
        return "the 49 pieces must be accounted for: 3 DVONN pieces on the board, 23 of each colour on it or removed"
    linked = linked_cells(board)
    if any(board[i] and i not in linked for i in range(N_CELLS)):
        return "a stack on the board is not linked to a DVONN piece (it would have left)"
    return ""


def placement_piece(k: int) -> str:
    """N3: the piece placed at placement number ``k`` (0-based): DVONN for the first three, then black and
    white alternately (Black's first coloured piece is number 3)."""
    if k < DVONN_PIECES:
        return DVONN
    return COLOURS[k % 2]


PLACEMENT_PIECES: tuple[str, ...] = tuple(placement_piece(k) for k in range(TOTAL_PIECES))
"""N3: :func:`placement_piece` of every placement number 0..48, looked up by the engine's hot loop."""


def placement_player(k: int) -> int:
    """N3: who places piece number ``k`` (0-based): White the even numbers, Black the odd ones."""
    return k % 2
