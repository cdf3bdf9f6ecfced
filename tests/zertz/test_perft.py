"""Move counts (perft) of whole turns from the start, each checked by a second counter written here.

Whole turns are counted as the engine's actions are: a placement is a colour, a ring and the free ring
removed (or none when no other ring is free); a capture is a complete jump sequence (Z5–Z12). The second
counter below is independent of the engine: plain sets of axial coordinates and readable predicates.

============  =======  ==========
board          depth    turns
============  =======  ==========
37 rings       1        1 944
37 rings       2        3 277 260
48 rings       1        2 961
61 rings       1        4 320
============  =======  ==========
"""
import pytest

from pygames.zertz.rules import perft

from .helpers import GAME

PERFT = [("37 rings", 1, 1944), ("37 rings", 2, 3_277_260), ("48 rings", 1, 2961), ("61 rings", 1, 4320)]

STEPS = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)]  # around a ring, in order


def board_cells(size):
    """The rings of the full board as axial (x, y) cells."""
    if size == 48:
        return {(x, y) for x in range(8) for y in range(8) if -3 <= y - x <= 4}
    r = {37: 3, 61: 4}[size]
    return {(x, y) for x in range(2 * r + 1) for y in range(2 * r + 1)
            if max(abs(x - r), abs(y - r), abs((y - r) - (x - r))) <= r}


def around(cell):
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in STEPS]


def is_free(rings, marbles, cell):
    """Vacant, and two neighbouring positions next to each other around it are missing."""
    if cell in marbles:
        return False
    missing = [n not in rings for n in around(cell)]
    return any(missing[k] and missing[k - 1] for k in range(6))


def jump_sequences(rings, marbles, cell):
    """Number of complete jump sequences of the marble on ``cell``."""
    total = 0
    for dx, dy in STEPS:
        over = (cell[0] + dx, cell[1] + dy)
        land = (cell[0] + 2 * dx, cell[1] + 2 * dy)
        if over in marbles and land in rings and land not in marbles:
            after = dict(marbles)
            colour = after.pop(cell)
            del after[over]
            after[land] = colour
            total += jump_sequences(rings, after, land) or 1
    return total


def count_turns(rings, marbles, colours):
    captures = sum(jump_sequences(rings, marbles, c) for c in marbles)
    if captures:
        return captures
    vacant = [c for c in rings if c not in marbles]
    free = [c for c in vacant if is_free(rings, marbles, c)]
    return len(colours) * sum(len([f for f in free if f != v]) or 1 for v in vacant)


def isolate(rings, marbles):
    """Take away every group of rings with no vacant ring (its marbles are captured)."""
    rings = set(rings)
    for start in sorted(rings):
        if start not in rings:
            continue
        group, todo = {start}, [start]
        while todo:
            for n in around(todo.pop()):
                if n in rings and n not in group:
                    group.add(n)
                    todo.append(n)
        if all(c in marbles for c in group):
            rings -= group
            marbles = {c: m for c, m in marbles.items() if c not in group}
    return rings, marbles


def reference_perft(size, depth):
    """Depth 1 or 2 from the start (no capture is possible before the third turn)."""
    rings = board_cells(size)
    pool = {"W": 6, "G": 8, "B": 10}
    colours = [c for c, n in pool.items() if n]
    if depth == 1:
        return count_turns(rings, {}, colours)
    total = 0
    for colour in colours:
        left = [c for c, n in pool.items() if n - (c == colour)]
        for v in rings:
            free = [f for f in rings if f != v and is_free(rings, {}, f)]
            for f in free or [None]:
                r2 = rings - {f}
                r2, m2 = isolate(r2, {v: colour})
                total += count_turns(r2, m2, left)
    return total


@pytest.mark.parametrize("board, depth, expected", PERFT)
def test_perft_from_the_start(board, depth, expected):
    """Z5–Z12: whole-turn counts from the start, by the engine and by the reference counter."""
    s = GAME.new_initial_state({"board": board})
    assert perft(s, depth) == expected
    assert reference_perft(int(board.split()[0]), depth) == expected


def test_count_actions_matches_legal_actions_in_play():
    """The counting shortcut used for the last ply agrees with the legal actions along a game."""
    import random
    rng = random.Random(5)
    for board in ("37 rings", "61 rings"):
        s = GAME.new_initial_state({"board": board})
        while not s.is_terminal():
            acts = s.legal_actions()
            assert s.count_actions() == len(acts)
            s.apply(acts[rng.randrange(len(acts))])


def test_drawn_placement_is_the_listed_one_z5_z8_z14_z17():
    """Z5–Z8, Z14, Z17: random playouts draw a placement without building the list
    (``placement.draw_placement``, ``ZertzState._draw_legal``); for every index ``k`` it is exactly
    ``legal_actions()[k]`` (notation, targets, colour, rings, isolated group), at every position of seeded
    random games on the three boards, isolating placements included; and seeded games drawn through
    ``pick_random`` equal those drawn from the built list."""
    import random

    from pygames.zertz import placement
    positions = isolating = 0
    for board in ("37 rings", "48 rings", "61 rings"):
        for seed in range(3):
            rng = random.Random(seed)
            s = GAME.new_initial_state({"board": board})
            t = GAME.new_initial_state({"board": board})
            ra, rb = random.Random(seed), random.Random(seed)
            while not s.is_terminal():
                legal = s.legal_actions()
                if not s.jumps():
                    positions += 1
                    isolating += any(a.isolated for a in legal)
                    for k, b in enumerate(legal):
                        a = placement.draw_placement(s, lambda n, k=k: k if n == len(legal) else -1)
                        assert (a.notation, a.targets, a.label, a.colour, a.cell, a.removed, a.isolated) == \
                               (b.notation, b.targets, b.label, b.colour, b.cell, b.removed, b.isolated)
                s.apply(legal[rng.randrange(len(legal))])
            while not t.is_terminal():  # the hook's draws against the list's
                x = t.pick_random(ra)
                assert x.notation == t.legal_actions()[rb.randrange(len(t.legal_actions()))].notation
                t.apply(x)
    assert positions > 100 and isolating > 0
