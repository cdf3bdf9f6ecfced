"""DVONN move counts (perft, as python-chess keeps them): leaves at depth 1-3 from fixed phase-2 positions.

Each count is checked twice: by the engine through the State protocol (``legal_actions`` / ``apply``, a
pass counting as one move, a finished game as none) and by :class:`Reference` below, a second counter
written from the rules page alone (N1, N8-N13, N15, N16), on a dictionary board with its own geometry.
"""
import pytest

from .helpers import BALANCED, play, pos


# ----- an independent, readable counter -----------------------------------------------------------------
class Reference:
    """DVONN's phase 2 on ``{(column, row): stack}`` where a stack is a list of "W"/"B"/"D", bottom first."""

    DIRECTIONS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)]  # N1: row, column, diagonal

    def __init__(self, rows):
        # N1: the spaces are those within five steps of F3 = (5, 2) on rows 0..4
        self.spaces = [(x, y) for y in range(5) for x in range(11)
                       if max(abs(x - 5), abs(y - 2), abs((y - 2) - (x - 5))) <= 5]
        assert len(self.spaces) == 49
        self.board = {}
        for r, line in enumerate(rows):
            y = 4 - r
            row = sorted(x for x, yy in self.spaces if yy == y)
            for x, tok in zip(row, line.split()):
                self.board[(x, y)] = [] if tok == "." else list(tok)

    def moves(self, board, colour):
        out = []
        for (x, y), stack in board.items():
            if not stack or stack[-1] != colour:  # N8 (a lone DVONN piece is topped by "D": N12)
                continue
            around = [(x + dx, y + dy) for dx, dy in self.DIRECTIONS]
            if all(board.get(c) for c in around):  # N11 (off-board neighbours are missing: not surrounded)
                continue
            h = len(stack)
            for dx, dy in self.DIRECTIONS:  # N9, N10
                to = (x + dx * h, y + dy * h)
                if board.get(to):
                    out.append(((x, y), to))
        return out

    def play(self, board, move):
        frm, to = move
        new = {c: list(s) for c, s in board.items()}
        new[to] = new[to] + new[frm]
        new[frm] = []
        # N13: keep only what a chain of occupied neighbours links to a DVONN piece
        linked = [c for c, s in new.items() if "D" in s]
        seen = set(linked)
        while linked:
            x, y = linked.pop()
            for dx, dy in self.DIRECTIONS:
                c = (x + dx, y + dy)
                if new.get(c) and c not in seen:
                    seen.add(c)
                    linked.append(c)
        return {c: (s if c in seen else []) for c, s in new.items()}

    def perft(self, board, colour, depth):
        other = "B" if colour == "W" else "W"
        mine = self.moves(board, colour)
        if not mine:
            if not self.moves(board, other):
                return 0  # N16: the game is over
            return 1 if depth == 1 else self.perft(board, other, depth - 1)  # N15: a forced pass
        if depth == 1:
            return len(mine)
        return sum(self.perft(self.play(board, m), other, depth - 1) for m in mine)


def engine_perft(state, depth):
    if state.is_terminal():
        return 0
    acts = state.legal_actions()
    if depth == 1:
        return len(acts)
    total = 0
    for a in acts:
        child = state.clone()
        child.apply(a)
        total += engine_perft(child, depth - 1)
    return total


# ----- the positions ---------------------------------------------------------------------------------
MIDGAME_MOVES = ["f1g2", "i5i4", "j2i2", "d1e2", "g2g4", "h4i4", "h1g1", "k4j4", "j3j4", "b4c5", "j4g4", "a3b3"]

POSITIONS = {
    # EveryBoard's balanced start, White to move first (N5)
    "balanced": (BALANCED, 0, [41, 1777, 77833]),
    # the balanced start after the twelve moves of MIDGAME_MOVES (stacks, one white piece removed)
    "midgame": (["WB B B B W W . D B", ". B W W W BBWBBW . WBB . .", ". BB B B W D B W W . .",
                 "W W B W WB B . B WW .", "W D W . B . WW . B"], 0, [33, 1416, 47085]),
    # a late position (a random game from the balanced start, 27 moves in) where a player soon has no
    # move and must pass while the other plays on (N15)
    "endgame": ([". . . . . WW . DB .", ". . . . . BBWBBWWB . WBB . .", ". BB B . . D . WWBB . . .",
                 "WWBW WB . . . BB . . . .", ". D . . . . . . ."], 0, [3, 11, 10]),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_perft_agrees_with_reference(name):
    rows, turn, _ = POSITIONS[name]
    state = pos(rows, turn=turn)
    ref = Reference(rows)
    got = [engine_perft(state, d) for d in (1, 2, 3)]
    want = [ref.perft(ref.board, "WB"[turn], d) for d in (1, 2, 3)]
    assert got == want == POSITIONS[name][2]


def test_midgame_is_reached_from_the_balanced_start():
    """N5, N9, N13: the midgame position is the balanced start after MIDGAME_MOVES."""
    state = play(pos(BALANCED), *MIDGAME_MOVES)
    assert state.picture() == POSITIONS["midgame"][0] and state.removed == [1, 0]


def test_endgame_tree_holds_a_forced_pass():
    """N15: the endgame's tree (depth 3) reaches a position where the only action is a pass."""
    rows, turn, _ = POSITIONS["endgame"]
    frontier, passes = [pos(rows, turn=turn)], 0
    for _ in range(3):
        nxt = []
        for s in frontier:
            acts = [a.notation for a in s.legal_actions()]
            passes += acts == ["pass"]
            nxt += [s.child(a) for a in acts]
        frontier = nxt
    assert passes > 0


def test_drawn_action_is_the_listed_one_n3_n9_n15():
    """N3, N9-N12, N15: random playouts draw their action without building the legal list
    (``DvonnState._draw_legal``, the hook of ``State.pick_random``); for every index ``k`` it is exactly
    ``legal_actions()[k]``, at every decision of seeded random games (placements, moves, passes), and
    games drawn through ``pick_random`` equal games drawn from the built list."""
    from .helpers import GAME, drawn_as_listed
    assert drawn_as_listed(GAME, 4) > 300
