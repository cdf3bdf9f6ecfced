"""Dvertz (seed 000): DVONN's stacks carrying ZÈRTZ's marbles, two games in one turn.

Registered as ``dvertz`` (no options). The stacks follow :mod:`pygames.dvonn.board`, the marbles
:mod:`pygames.zertz.logic`; :mod:`pygames.dvertz.rules` holds the turn of two parts and the State.
"""
from ..core.registry import Game, register
from . import ai, svg
from .rules import DvertzState

GAME = register(Game(
    id="dvertz",
    title="Dvertz",
    min_players=2,
    max_players=2,
    state_class=DvertzState,
    options=(),
    draw_svg=svg.draw,
    evaluate=ai.evaluate,
    rollout_policy=ai.rollout_policy,
    playout=ai.playout,
    player_names=("White", "Black"),
    summary="DVONN with ZÈRTZ marbles riding the stacks: each turn a stack move and a marble jump or "
            "placement, in either order; 4 white, 5 grey or 6 black marbles win at once.",
    rules_page="rules/dvertz.html",
    information="perfect",
    chance="none",
    max_game_length=2_000,  # provisional: the Dvertz owner derives it
    extra={"bench": [("from the empty board", {})], "candidates": ai.candidates},
))

__all__ = ["GAME", "DvertzState"]
