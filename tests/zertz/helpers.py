from pygames.core import get_game
from pygames.zertz.rules import ZertzState

GAME = get_game("zertz")


def pos(marbles=None, removed=(), captures=None, turn=0, counts=None, **options):
    """A position from ring names (see ZertzState.from_position); ``counts``: the pool, else whatever
    is neither on the board nor captured; other keywords are game options."""
    p = {"marbles": dict(marbles or {}), "removed": list(removed), "turn": turn,
         "captures": captures or [[0, 0, 0], [0, 0, 0]]}
    if counts is not None:
        p["pool"] = counts
    return ZertzState.from_position(GAME, p, options)


def legal(state):
    return sorted(a.notation for a in state.legal_actions())


def play(state, *notations):
    for n in notations:
        state.apply(n)
    return state
