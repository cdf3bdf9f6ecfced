from pygames.core import get_game
from pygames.dritzak.rules import from_position
from ..helpers import legal, play  # noqa: F401  (shared by every game's tests)

GAME = get_game("dritzak")


def pos(options=None, **spec):
    """A play-phase position (see ``rules.from_position``); options default to 2 players."""
    return from_position(GAME, spec, dict({"players": 2}, **(options or {})))


def deal_order(down, hands):
    """The deal notations giving player q the face-down cards ``down[q]`` and hand ``hands[q]`` (D2)."""
    n = len(down)
    out = [f"deal {down[q][k]}" for k in range(3) for q in range(n)]
    out += [f"deal {hands[q][k]}" for k in range(len(hands[0])) for q in range(n)]
    return out


def new(options=None):
    return GAME.new_initial_state(dict({"players": 2}, **(options or {})))
