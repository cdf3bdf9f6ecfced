"""Duerror Grandis: a path race on nine 9×9 boards (Mahoney 1999, seed 001, with RULINGS.md).

Registered as ``duerror_grandis`` with the options ``players`` (2–4), ``caecus``, ``parcus`` (games in
the match), ``factiosus`` and ``merus`` (G28–G36 of ``docs/rules/duerror_grandis.md``); imperfect
information only in Caecus (G40, G41); ``max_game_length`` by G42.
"""
from ..core.options import Option
from ..core.registry import Game, register
from . import ai, ai_look, svg
from .common import max_game_length
from .rules import NAMES, DuerrorState

GAME = register(Game(
    id="duerror_grandis",
    title="Duerror Grandis",
    min_players=2,
    max_players=4,
    state_class=DuerrorState,
    options=(
        Option("players", "int", 3, "number of players", (2, 4)),
        Option("caecus", "bool", False, "Caecus (blind): each player sees only their own path; the others "
               "show only as squares"),
        Option("parcus", "int", 1, "Parcus (frugal): a match of this many games, tokens carried over "
               "(1: a single game)", (1, 9)),
        Option("factiosus", "bool", False, "Factiosus (gang warfare): all pieces on the board at once, no "
               "piece choosing; all must exit to win"),
        Option("merus", "bool", False, "Merus (bare-bones): thete and melliran only; the bank starts with "
               "one token per player and the players with none"),
    ),
    draw_svg=svg.draw,
    evaluate=ai.evaluate,
    playout=lambda state, rng, decisions: state.fast_playout(rng, decisions),
    player_names=NAMES,
    summary="A path race on nine 9×9 boards with three kinds of piece, tokens, taking and veering; "
            "four variants.",
    rules_page="rules/duerror_grandis.html",
    information=lambda options: "imperfect" if options.get("caecus") else "perfect",
    chance="dice",
    max_game_length=max_game_length,  # G42, derived from the rules on the rules page
    extra={"bench": [("3 players", {"players": 3}), ("Factiosus", {"players": 3, "factiosus": True})],
           "bot": ai_look.make_level_bot,  # easy: the whole-turn planner; medium, hard: its sampled look-ahead
           "eval_scale": 1.64},  # the review's chance to win, 1/(1+exp(-1.64 v)): build.py bench --calibrate
))

__all__ = ["GAME", "DuerrorState"]
