"""The nine Duerror Grandis boards (RULINGS.md "Duerror Grandis" 1; rules G1–G3).

The original board pictures are lost, so these nine paths are our own design. Each board is a name, a
start square and 80 steps (``R`` right, ``L`` left, ``D`` down, ``U`` up) through the 9×9 grid, columns
A–I left to right and rows 1–9 top to bottom. Every path visits all 81 squares once with orthogonal
steps, so that a veer always lands on the path; squares are numbered 1 (start) to 81 (end) along it.

Squares are indices ``0..80``: ``row * 9 + column`` (A1 = 0, I1 = 8, A2 = 9, I9 = 80).

>>> square_name(0), square_name(80), parse_square("E5")
('A1', 'I9', 40)
>>> PATHS[0][:3], NUMBER[0][PATHS[0][80]]
((0, 1, 2), 81)
>>> BOARD_NAMES[1]
'Spiral'
"""
from __future__ import annotations

COLS = "ABCDEFGHI"
SIZE = 9

BOARDS: tuple[tuple[str, str, str], ...] = (
    ("Serpent", "A1", "RRRRRRRRDLLLLLLLLDRRRRRRRRDLLLLLLLLDRRRRRRRRDLLLLLLLLDRRRRRRRRDLLLLLLLLDRRRRRRRR"),
    ("Spiral", "A1", "RRRRRRRRDDDDDDDDLLLLLLLLUUUUUUURRRRRRRDDDDDDLLLLLLUUUUURRRRRDDDDLLLLUUURRRDDLLUR"),
    ("Meander", "A1", "DDRUURDDRUURDDRUURDDRUURDDDDDLUULDDLUULDDLUULDDLUULDDDDDRUURDDRUURDDRUURDDRUURDD"),
    ("Comb", "I1", "LLLLLLLLDDDDDDDDRUUUUUUURDDDDDDDRUUUUUUURDDDDDDDRUUUUUUURDDDDDDDRUUUUUUURDDDDDDD"),
    ("Rings", "A1", "RRRRRRRRDDDDDDDDLLLLLLLLUUUUUUURDDDDDDRRRRRRUUUUUULLLLLDRRRRDDDDLLLLUUURDDRRUULD"),
    ("Blocks", "A1", "DDRRULURRDDRRULURRDDRUURDDDDDLUULDDLUULDDLUULDDLUULDDDDDRRULURRDDRRULURRDDRRUULD"),
    ("Wander", "H6", "URDDDDLUULUUURRULURULLLLLLLLDDDDDDRDLDRRUURRDLDRRRULUULLURRUULDLLDDLUUUURDRURRRD"),
    ("Labyrinth", "G3", "LURRRULLLLLLLLDRRRRDLLDDRURRRRURDDDDLUULDDDRRDLLLLURUUULDDLULLUUULDDDDDDRRRULLUR"),
    ("Eddy", "I9", "UUUULLDRDLLLLLLDRRRRRRDLLLLLLLUUUUUURRULLURRRRRRRRDDDLLLLDRDLLULDLUURRURRRRULLLL"),
)
"""(name, start square, steps) of each board, board 1 first."""

_STEP = {"R": 1, "L": -1, "D": SIZE, "U": -SIZE}


def square_name(s: int) -> str:
    """The name (``A1`` … ``I9``) of square index ``s`` (0..80)."""
    return COLS[s % SIZE] + str(s // SIZE + 1)


def parse_square(name: str) -> int:
    """The index of a square name such as ``E5``; raises ValueError for anything else."""
    if not isinstance(name, str) or len(name) != 2 or name[0] not in COLS or name[1] not in "123456789":
        raise ValueError(f"not a square: {name!r}")
    return (int(name[1]) - 1) * SIZE + COLS.index(name[0])


def _path(start: str, steps: str) -> tuple[int, ...]:
    s = parse_square(start)
    out = [s]
    for ch in steps:
        s += _STEP[ch]
        out.append(s)
    return tuple(out)


BOARD_NAMES: tuple[str, ...] = tuple(b[0] for b in BOARDS)
PATHS: tuple[tuple[int, ...], ...] = tuple(_path(start, steps) for _, start, steps in BOARDS)
"""``PATHS[b][i]``: the square of path number ``i + 1`` on board ``b`` (0..8)."""
NUMBER: tuple[tuple[int, ...], ...] = tuple(
    tuple(p.index(s) + 1 for s in range(81)) for p in PATHS)
"""``NUMBER[b][s]``: the path number (1..81) of square ``s`` on board ``b``."""
SQUARE_NAMES: tuple[str, ...] = tuple(square_name(s) for s in range(81))
