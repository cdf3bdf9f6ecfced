"""Dritzak: a shedding card game of the Palace / Shithead family (seed 002, "Dritzak!", 2009).

Registered as ``dritzak`` with the options ``players`` (2–6), ``decks`` (1–3), ``set_rule`` (how a set
clears with several decks), ``skip``, ``sevens``, ``reversal`` and ``play_on``.
"""
from ..core.options import Option
from ..core.registry import Game, register
from . import ai, svg
from .rules import DritzakState

GAME = register(Game(
    id="dritzak",
    title="Dritzak",
    min_players=2,
    max_players=6,
    state_class=DritzakState,
    draw_svg=svg.draw,
    evaluate=ai.evaluate,
    rollout_policy=ai.rollout_policy,
    options=(
        Option("players", "int", 4, "number of players (six players use the six-player deal: a hand of "
               "two)", (2, 6)),
        Option("decks", "int", 1, "number of 52-card decks shuffled together", (1, 3)),
        Option("set_rule", "choice", "four",
               "with several decks, which run of equal cards clears the pile: four: any four in a row; "
               "all: every copy of the rank (8 with two decks, 12 with three); suits: four in a row of four "
               "different suits", ("four", "all", "suits")),
        Option("skip", "bool", False, "skip rule: matching the top card skips one player per card played"),
        Option("sevens", "bool", False, "rule of 7s: on a 7 the next play must be a 7 or lower (2 and 10 "
               "still go)"),
        Option("reversal", "bool", False, "reversal: matching the top card reverses the direction of play"),
        Option("play_on", "bool", False, "play on until one player is left holding cards; everyone is "
               "ranked"),
    ),
    summary="A shedding card game of the Palace family for 2 to 6 players: match or beat the pile, 2s reset, "
            "10s clear; play your hand, then your face-up cards, then your face-down cards blind.",
    rules_page="rules/dritzak.html",
    information="imperfect",
    chance="deal",
    max_game_length=50_000,  # provisional: the Dritzak owner derives it
    extra={"bench": [("4 players", {"players": 4}),
                     ("all options", {"players": 4, "decks": 2, "set_rule": "suits", "skip": True,
                                      "sevens": True, "reversal": True, "play_on": True})]},
))

__all__ = ["GAME", "DritzakState"]
