"""The pygames core: what every game shares.

- :mod:`.state`: the State protocol, :class:`Action`, :data:`CHANCE`, :data:`TERMINAL`
- :mod:`.registry`: the game registry and :class:`Game`
- :mod:`.options`: typed options
- :mod:`.chance`: seeded chance outcomes
- :mod:`.record`: game records, replay, undo/redo (:class:`Session`)
- :mod:`.bots`: random and MCTS bots
- :mod:`.svg`: small SVG helpers
"""
from .errors import (AmbiguousAction, IllegalAction, InvalidNotation, InvalidOption, InvalidRecord,
                     InvalidState, PygamesError, UnknownGame)
from .options import Option, validate_options
from .registry import Game, get_game, list_games, register, unregister
from .state import CHANCE, TERMINAL, Action, Explanation, State

__all__ = [
    "Action", "AmbiguousAction", "CHANCE", "Explanation", "InvalidNotation", "Game", "IllegalAction", "InvalidOption", "InvalidRecord", "InvalidState",
    "Option", "PygamesError", "State", "TERMINAL", "UnknownGame", "get_game", "list_games", "register",
    "unregister", "validate_options",
]
