"""G1, G2, G3: the grid and the nine boards."""
import pytest

from pygames.duerror_grandis.boards import (BOARD_NAMES, BOARDS, NUMBER, PATHS, SQUARE_NAMES, parse_square,
                                            square_name)

SYMMETRIES = [lambda c, r: (c, r), lambda c, r: (8 - c, r), lambda c, r: (c, 8 - r),
              lambda c, r: (8 - c, 8 - r), lambda c, r: (r, c), lambda c, r: (8 - r, c),
              lambda c, r: (r, 8 - c), lambda c, r: (8 - r, 8 - c)]


def cells(path):
    return [(s % 9, s // 9) for s in path]


def test_G1_squares_are_named_by_letter_and_number():
    """G1: columns A–I left to right, rows 1–9 top to bottom."""
    assert square_name(0) == "A1" and square_name(8) == "I1" and square_name(9) == "A2"
    assert square_name(40) == "E5" and square_name(80) == "I9"
    assert [parse_square(square_name(s)) for s in range(81)] == list(range(81))
    assert len(set(SQUARE_NAMES)) == 81
    for bad in ("J1", "A0", "A10", "a1", "", 5):
        with pytest.raises(ValueError):
            parse_square(bad)


@pytest.mark.parametrize("b", range(9))
def test_G2_each_board_is_a_hamiltonian_path_with_orthogonal_steps(b):
    """G2: every board visits all 81 squares exactly once, each step to an orthogonal neighbour."""
    path = cells(PATHS[b])
    assert len(path) == 81 and len(set(path)) == 81
    assert all(0 <= c < 9 and 0 <= r < 9 for c, r in path)
    for (c1, r1), (c2, r2) in zip(path, path[1:]):
        assert abs(c1 - c2) + abs(r1 - r2) == 1, f"{BOARD_NAMES[b]}: a step that is not orthogonal"
    assert len(BOARDS[b][2]) == 80


def test_G2_nine_distinct_boards_even_turned_mirrored_or_reversed():
    """G2: nine boards with their names, no two equal, nor equal under rotation, reflection or reversal."""
    assert len(PATHS) == 9 and len(set(BOARD_NAMES)) == 9
    forms = []
    for path in PATHS:
        mine = set()
        for f in SYMMETRIES:
            q = tuple(f(c, r) for c, r in cells(path))
            mine.add(q)
            mine.add(q[::-1])
        forms.append(mine)
    for i in range(9):
        for j in range(i):
            assert not forms[i] & forms[j], f"{BOARD_NAMES[i]} is {BOARD_NAMES[j]} turned or mirrored"
    # the symmetry check itself works: a mirrored Serpent is recognised
    mirrored = tuple(SYMMETRIES[1](c, r) for c, r in cells(PATHS[0]))
    assert mirrored in forms[0]


def test_G3_path_numbers_follow_each_board():
    """G3: squares numbered 1 (start) to 81 (end) along each path; the same square differs between paths."""
    for b in range(9):
        assert sorted(NUMBER[b]) == list(range(1, 82))
        assert NUMBER[b][PATHS[b][0]] == 1 and NUMBER[b][PATHS[b][80]] == 81
    e5 = parse_square("E5")
    assert NUMBER[0][e5] == 41 and NUMBER[1][e5] == 81  # the Serpent's middle, the Spiral's end
