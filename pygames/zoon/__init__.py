"""Zoon (Yéti 1999, West End Games) with Steffan O'Sullivan's alternate rules (seed 004).

Registered as ``zoon`` with the options ``combat`` (``alternate``, the default, or ``classic``), a tribe for
each side (``south``, ``north``), ``first`` (who starts: ``random`` by default) and ``anti_stalling``.
"""
from ..core.options import Option
from ..core.registry import Game, register
from . import ai, ai_deep, svg
from .rules import NAMES, ZoonState, max_game_length
from .tribes import TRIBES

GAME = register(Game(
    id="zoon",
    title="Zoon",
    min_players=2,
    max_players=2,
    state_class=ZoonState,
    options=(
        Option("combat", "choice", "alternate",
               "alternate: O'Sullivan's pennies and d6 (front rows face up); classic: the original secret "
               "corner choices, every Zoon face down", ("alternate", "classic")),
        Option("south", "choice", "boarix", "South's tribe", TRIBES),
        Option("north", "choice", "monkus", "North's tribe", TRIBES),
        Option("first", "choice", "random", "who plays the first turn", ("random", "south", "north")),
        Option("anti_stalling", "bool", True,
               "draw on a third repetition or after 60 turns without a Zoon lost, a trump discarded or a card "
               "turned face up"),
    ),
    draw_svg=svg.draw,
    evaluate=ai.evaluate,
    playout=ai.playout,
    player_names=NAMES,
    summary="Two tribes of twelve Zoons fight on a 6×6 battlefield: pennies, dice, trumps and a hidden Emblem.",
    rules_page="rules/zoon.html",
    information="imperfect",
    chance="dice and deal",
    max_game_length=max_game_length,  # ZN51: derived from the rules, per options
    extra={"candidates": ai.candidates, "search_root": ai.note_root,
           "bot": ai_deep.make_level_bot,  # medium, hard: the two- and three-ply look-aheads; easy: the core's search
           "eval_scale": 3.39,  # the review's chance to win, 1/(1+exp(-3.39 v)): build.py bench --calibrate
           "bench": [("alternate", {"combat": "alternate", "first": "south"}),
                     ("classic", {"combat": "classic", "first": "south"})],
           # the level ladder plays mirrors, each tribe against itself in turn: the tribe weighs more than
           # a level (Boarix against Monkus 0.65-0.73 between equal players), docs/bots.md "Zoon's ladder"
           "ladder": [(f"{combat}, mirrored tribes", {"combat": combat, "first": "south"},
                       [{"south": t, "north": t} for t in TRIBES]) for combat in ("alternate", "classic")]},
))

__all__ = ["GAME", "ZoonState"]
