"""Shared helpers of the Dvertz tests: positions from a few stacks and marbles, readable legal lists."""
from pygames.core import State, get_game
from pygames.dvertz.rules import RESERVE, DvertzState
from pygames.dvonn.board import INDEX, N_CELLS

GAME = get_game("dvertz")


def pos(stacks: dict, marbles: dict | None = None, captures=((0, 0, 0), (0, 0, 0)), turn: int = 0,
        part: str = "", reserve=None) -> DvertzState:
    """A phase-2 position: ``stacks`` maps space names to stacks (bottom to top), ``marbles`` space names
    to ``W``/``G``/``B``; the reserve holds every other marble unless given. Pieces not on the board
    count as removed; DVONN pieces not given stand alone on i1 and k5 (out of reach of the small
    positions the tests use)."""
    board = [""] * N_CELLS
    for name, s in stacks.items():
        board[INDEX[name]] = s
    for name in ("i1", "k5")[:3 - "".join(board).count("D")]:
        board[INDEX[name]] = "D"  # DVONN pieces never leave (X1): the missing ones stand far away
    m = ["-"] * N_CELLS
    for name, c in (marbles or {}).items():
        m[INDEX[name]] = c
    caps = [list(captures[0]), list(captures[1])]
    if reserve is None:
        reserve = [RESERVE[c] - caps[0][c] - caps[1][c] - m.count("WGB"[c]) for c in range(3)]
    joined = "".join(board)
    state = {"board": board, "marbles": "".join(m), "reserve": list(reserve), "captures": caps,
             "placed": N_CELLS, "turn": turn, "part": part,
             "removed": [23 - joined.count("W"), 23 - joined.count("B")], "last": []}
    s = State.from_json({"game": "dvertz", "options": {}, "history": [], "state": state})
    assert isinstance(s, DvertzState)
    return s


def legal(state) -> list[str]:
    return sorted(a.notation for a in state.legal_actions())


def full_board(seed: int = 0) -> DvertzState:
    """The position right after a seeded random placement phase (White to move, phase 2)."""
    import random
    rng = random.Random(seed)
    s = GAME.new_initial_state()
    while s.phase == 1:
        s.apply(rng.choice(s.legal_actions()))
    return s
