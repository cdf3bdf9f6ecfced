"""Dritzak: a shedding card game of the Palace / Shithead family (seed 002, "Dritzak!", 2009).

Registered as ``dritzak`` with the options ``players`` (2–17, as the decks allow: D29), ``deal``
(``standard`` or ``hand of two``: D5), ``decks`` (1–3), ``set_rule`` (how a set clears with several decks),
``skip``, ``sevens``, ``reversal`` and ``play_on``.
"""
from typing import Any, Mapping

from ..core.errors import InvalidOption
from ..core.options import Option
from ..core.registry import Game, register
from . import ai, ai_flat, svg
from .cards import SUITS_RULE, max_game_length, max_players
from .rules import DritzakState


class DritzakGame(Game):
    """The Dritzak :class:`~pygames.core.registry.Game`: its options are also checked together (D29)."""

    def validate_options(self, options: Mapping[str, Any] | None) -> dict:
        """Defaults filled in; raises InvalidOption naming an unknown or bad option, or a player count the
        decks and the deal do not allow (D29: one deck 5, or 6 with the hand of two; two decks 11; three
        decks 17). Six players on one deck without a stated deal get the hand of two (D5)."""
        opts = super().validate_options(options)
        given = options if isinstance(options, Mapping) else {}
        n, decks = opts["players"], opts["decks"]
        if "deal" not in given and n > max_players(decks, "standard") and n <= max_players(decks, "hand of two"):
            opts["deal"] = "hand of two"
        cap = max_players(decks, opts["deal"])
        if n > cap:
            if decks == 1 and n == 6:
                why = ("six players on one deck need the hand of two deal (deal: hand of two): the standard "
                       "deal gives 9 cards each, 54 in all, and one deck has 52")
            else:
                why = (f"{n} players need {9 * n} cards (9 each) and at least one left to draw; "
                       f"{decks} deck(s) allow at most {cap} players" + (" with this deal" if decks == 1 else "")
                       + ("; more decks allow more players" if decks < 3 else ""))
            raise InvalidOption(f"option 'players': {why}")
        return opts


GAME = register(DritzakGame(
    id="dritzak",
    title="Dritzak",
    min_players=2,
    max_players=17,
    state_class=DritzakState,
    draw_svg=svg.draw,
    evaluate=ai.evaluate,
    rollout_policy=ai.rollout_policy,
    options=(
        Option("players", "int", 4, "number of players: up to 5 with one deck (6 with the hand of two), 11 with "
               "two decks, 17 with three", (2, 17)),
        Option("deal", "choice", "standard",
               "standard: 3 face-down cards and 6 to the hand, 3 of them laid face up, a hand of 3; hand of "
               "two: 5 to the hand, 3 laid face up, a hand of 2 (six players on one deck need it)",
               ("standard", "hand of two")),
        Option("decks", "int", 1, "number of 52-card decks shuffled together", (1, 3)),
        Option("set_rule", "choice", "four",
               "with several decks, which run of equal cards clears the pile: four: any four equal cards in "
               "a row; all: every copy of the rank in a row (8 with two decks, 12 with three); suits: "
               + SUITS_RULE, ("four", "all", "suits")),
        Option("skip", "bool", False, "skip rule: matching the top card skips one player per card played"),
        Option("sevens", "bool", False, "rule of 7s: on a 7 the next play must be a 7 or lower (2 and 10 "
               "still go)"),
        Option("reversal", "bool", False, "reversal: matching the top card reverses the direction of play"),
        Option("play_on", "bool", False, "play on until one player is left holding cards; everyone is "
               "ranked"),
    ),
    summary="A shedding card game of the Palace family for 2 to 17 players: match or beat the pile, 2s reset, "
            "10s clear; play your hand, then your face-up cards, then your face-down cards blind.",
    rules_page="rules/dritzak.html",
    information="imperfect",
    chance="deal",
    max_game_length=max_game_length,  # D31: 3,457 for four players on one deck
    extra={"bot": ai_flat.make_level_bot,  # easy: the card player's policy; medium, hard: flat Monte Carlo over it
           "eval_scale": 1.49,  # the evaluation as a chance to win, 1/(1+exp(-1.49 v)): build.py bench --calibrate
                                 # --level medium --level easy-random (equal and unequal games pooled)
           "review_chance": ai.review_chance,  # the review's chart: a softmax of the cards to shed
           "bench": [("4 players", {"players": 4}),
                     ("all options", {"players": 4, "decks": 2, "set_rule": "suits", "skip": True,
                                      "sevens": True, "reversal": True, "play_on": True})]},
))

__all__ = ["GAME", "DritzakState"]
