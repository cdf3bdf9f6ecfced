from pygames.core import get_game
from pygames.zertz.rules import ZertzState
from ..helpers import legal, play  # noqa: F401  (shared by every game's tests)

GAME = get_game("zertz")


def pos(marbles=None, removed=(), captures=None, turn=0, counts=None, **options):
    """A position from ring names (see ZertzState.from_position); ``counts``: the pool, else whatever
    is neither on the board nor captured; other keywords are game options."""
    p = {"marbles": dict(marbles or {}), "removed": list(removed), "turn": turn,
         "captures": captures or [[0, 0, 0], [0, 0, 0]]}
    if counts is not None:
        p["pool"] = counts
    return ZertzState.from_position(GAME, p, options)


