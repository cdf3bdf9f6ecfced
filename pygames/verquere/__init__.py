"""Verquere (Verkehren, Verkeer, Revertier): a backgammon-family race game (Cotton 1725, seed 003).

Registered as ``verquere`` with the option ``ruleset`` (``text``, the default, or ``ludii``).
"""
from ..core.options import Option
from ..core.registry import Game, register
from . import ai, ai_turn, svg
from .rules import MAX_GAME_LENGTH, VerquereState

GAME = register(Game(
    id="verquere",
    title="Verquere",
    min_players=2,
    max_players=2,
    state_class=VerquereState,
    options=(
        Option("ruleset", "choice", "text",
               "text: the rules text with our rulings (maximal dice use, larger die, re-entry first, hits "
               "on re-entry); ludii: the Ludii portal's encoding (White opens, any order of dice, "
               "own first twelve points only when empty)", ("text", "ludii")),
    ),
    draw_svg=svg.draw,
    draw_text=svg.draw_text,
    evaluate=ai.evaluate,
    rollout_policy=ai.rollout_policy,
    playout=lambda state, rng, decisions: state.fast_playout(rng, decisions),
    player_names=("White", "Black"),
    summary="A backgammon-family race: fifteen pieces each travel the same ring from opposite corners.",
    rules_page="rules/verquere.html",
    information="perfect",
    chance="dice",
    max_game_length=MAX_GAME_LENGTH,  # V35
    extra={"bench": [("text", {"ruleset": "text"}), ("ludii", {"ruleset": "ludii"})],
           "bot": ai_turn.make_level_bot,
           "eval_scale": 2.86},  # the review's chance to win, 1/(1+exp(-2.86 v)): build.py bench --calibrate
))

__all__ = ["GAME", "VerquereState"]
