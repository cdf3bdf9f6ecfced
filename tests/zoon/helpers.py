from pygames.core import get_game
from pygames.zoon.rules import ZoonState
from ..helpers import legal, play  # noqa: F401  (shared by every game's tests)

GAME = get_game("zoon")


def pos(south=None, north=None, tribes=("boarix", "monkus"), mode="alternate", turn="south", down=(), tails=(),
        hands=None, anti_stalling=True):
    """A battle position from readable placements (ZoonState.from_position); Zoons not placed are lost."""
    return ZoonState.from_position(
        GAME, {"south": south or {}, "north": north or {}, "turn": turn, "down": list(down),
               "tails": list(tails), "hands": hands or {}},
        {"south": tribes[0], "north": tribes[1], "combat": mode, "anti_stalling": anti_stalling})


def at(state, cell):
    """(owner, card key) on a cell, None if empty, or the obstacle's trump code."""
    from pygames.zoon.rules import CELL_INDEX, OBST
    v = state.board[CELL_INDEX[cell]]
    if v < 0:
        return None
    if v >= OBST:
        return state.obst[v - OBST][2]
    return (v // 12, state.zoon(v // 12, v % 12).key)
