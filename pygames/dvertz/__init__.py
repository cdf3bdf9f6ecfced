"""Dvertz (seed 000): DVONN's stacks carrying ZÈRTZ's marbles, two games in one turn.

Registered as ``dvertz`` (no options). The stacks follow :mod:`pygames.dvonn.board`, the marbles
:mod:`pygames.zertz.logic`; :mod:`pygames.dvertz.rules` holds the turn of two parts and the State.
"""
from ..core.registry import Game, register
from . import ai, svg
from .rules import DvertzState

MAX_GAME_LENGTH = 49 + 2 * 48 + 48
"""X21: 49 placements, at most 48 turns with a stack move (two parts at most), at most 48 turns without
one (one part or a pass; never two in a row, since the other player can still move a stack)."""

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
    max_game_length=MAX_GAME_LENGTH,  # X21
    extra={"bench": [("from the empty board", {})], "candidates": ai.candidates,
           "bot": ai.make_level_bot,  # hard: the core's search with a bigger budget
           "eval_scale": 8.0},  # the review's chance to win, 1/(1+exp(-8 v)): build.py bench --calibrate
))

__all__ = ["GAME", "DvertzState"]
