"""DVONN (Kris Burm, 2001): stacks on a 49-space board, kept alive by three red DVONN pieces.

Registered as ``dvonn`` with the option ``random_board`` (skip the placement phase: chance fills the
board). The rules are plain functions over a plain board in :mod:`pygames.dvonn.board`, so that Dvertz
can reuse them; :mod:`pygames.dvonn.rules` holds the turn order and the State.
"""
from ..core.options import Option
from ..core.registry import Game, register
from . import ai, svg
from .rules import DvonnState

MAX_GAME_LENGTH = 49 + 48 + 48
"""N21: 49 placements, at most 48 moves (each puts a stack on another), at most as many passes as moves
(a pass is always followed by a move)."""

GAME = register(Game(
    id="dvonn",
    title="DVONN",
    min_players=2,
    max_players=2,
    state_class=DvonnState,
    options=(
        Option("random_board", "bool", False,
               "random full board: skip the placement phase, chance fills the board (every arrangement "
               "equally likely) and White moves first, as Board Game Arena offers"),
    ),
    draw_svg=svg.draw,
    evaluate=ai.evaluate,
    rollout_policy=ai.rollout_policy,
    player_names=("White", "Black"),
    summary="Place, then stack: stacks move exactly their height, and whatever loses touch with the three "
            "red DVONN pieces leaves the game.",
    rules_page="rules/dvonn.html",
    information="perfect",
    chance=lambda options: "deal" if options.get("random_board") else "none",
    max_game_length=MAX_GAME_LENGTH,  # N21
    extra={"bench": [("from the empty board", {}), ("random full board", {"random_board": True})],
           "bot": ai.make_level_bot,
           "eval_scale": 2.65},  # the review's chance to win, 1/(1+exp(-2.65 v)): build.py bench --calibrate
))

__all__ = ["GAME", "DvonnState"]
