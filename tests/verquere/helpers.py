from pygames.core import get_game
from pygames.verquere.rules import VerquereState
from ..helpers import legal, play  # noqa: F401  (shared by every game's tests)

GAME = get_game("verquere")


def pos(white, black=None, turn="white", dice=(), ruleset="text", rolls=None):
    """A position from readable per-player point numbers (see VerquereState.from_position);
    pieces not placed are borne off so each side has fifteen."""
    white = dict(white)
    black = dict(black or {"1": 15})  # Black's start stack stands on White's 13
    for side in (white, black):
        placed = sum(v for k, v in side.items() if k != "off")
        side.setdefault("off", 15 - placed)
    spec = {"white": white, "black": black, "turn": turn, "dice": list(dice)}
    if rolls is not None:
        spec["rolls"] = rolls
    return VerquereState.from_position(GAME, spec, {"ruleset": ruleset})


