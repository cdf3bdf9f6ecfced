"""ZÈRTZ (Kris Burm, 1999): place marbles, shrink the board, capture by jumping and by isolation.

Registered as ``zertz`` with the options ``board`` (``37 rings``, the standard board; ``48 rings``;
``61 rings``) and ``pool`` (``standard`` 6/8/10 marbles, or ``blitz`` 5/7/9; Blitz is official on 37
rings only, on 48 or 61 a house combination: RULINGS "DVONN and ZÈRTZ" 3, rule Z3). The marble logic that
Dvertz reuses (jump sequences, free rings, isolation, where a placed marble comes from) is in
:mod:`pygames.zertz.logic`, as plain functions over plain lists.
"""
from ..core.options import Option
from ..core.registry import Game, register
from . import ai, svg
from .rules import BOARDS, POOLS, ZertzState, perft


def max_game_length(options: dict) -> int:
    """Z22: the most turns (one action each) a game can last with these options: ``2n`` while the pool's
    ``n`` marbles last (each turn places one or captures one placed), then ``2Q + 1`` with the pool empty,
    ``Q = 2 * 5**R * H`` positions (``R`` ring spaces each removed, vacant or holding one of three colours;
    ``H`` holdings of Player 1; the player to move), none occurring a third time without ending the game
    (Z19)."""
    pool = POOLS[options.get("pool", "standard")]
    rings = int(str(options.get("board", BOARDS[0])).split()[0])
    holdings = (pool[0] + 1) * (pool[1] + 1) * (pool[2] + 1)
    q = 2 * 5 ** rings * holdings
    return 2 * sum(pool) + 2 * q + 1

GAME = register(Game(
    id="zertz",
    title="ZÈRTZ",
    min_players=2,
    max_players=2,
    state_class=ZertzState,
    options=(
        Option("board", "choice", BOARDS[0],
               "37 rings: the standard board; 48 rings: the tournament board (+11); 61 rings: the largest "
               "(+24)", BOARDS),
        Option("pool", "choice", "standard",
               "standard: 6 white, 8 grey, 10 black (win with 4 white, 5 grey, 6 black or 3 of each); "
               "blitz: 5, 7, 9 (win with 3 white, 4 grey, 5 black or 2 of each), official on 37 rings "
               "only: Blitz on 48 or 61 rings is a house combination", ("standard", "blitz")),
    ),
    draw_svg=svg.draw,
    evaluate=ai.evaluate,
    rollout_policy=ai.rollout_policy,
    playout=ai.playout,
    player_names=("Player 1", "Player 2"),
    summary="Place a marble, take away a ring; jump to capture. The board shrinks until someone holds "
            "a winning set of marbles.",
    rules_page="rules/zertz.html",
    information="perfect",
    chance="none",
    max_game_length=max_game_length,  # Z22
    extra={"bench": [("37 rings", {"board": "37 rings", "pool": "standard"})], "perft": perft,
           "candidates": ai.candidates,
           "eval_scale": 1.9},  # the review's chance to win, 1/(1+exp(-1.9 v)): build.py bench --calibrate
))

__all__ = ["GAME", "ZertzState", "perft"]
