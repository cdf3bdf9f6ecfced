"""The bridge command ``hint`` (issue 19): the computer as a teacher, and what the review
(:mod:`pygames.web_review`) shares with it: a state read as a chance to win (:func:`_chance`), the states that
look alike to a player (:func:`_looks`), a search's value read as a chance (:func:`_win`), the hard level's
player (:func:`_hint_bot`).

``hint {}`` — for the human seat to move: the action the hard level would play and its estimated chance to
win, ``{"notation", "label", "targets": [ids…], "win": 0..1, "level": "hard"}`` (``label``: the action's
button text, else its notation), within :data:`HINT_SECONDS` of
search (under 2 s with the call). The search starts from ``state.determinize(player, rng)`` (a state drawn
among those that look the same to that player), so it uses only what that player may see; the bots decide
alike from states that look alike (``tests/test_bots_information.py``). ``win`` is the searched value of the
move for the player, ``(v + 1) / 2`` for a value ``v`` in [-1, 1] (the mean return of the search's
simulations; a two-player game's returns are ±1, so this is the chance to win, a draw counting half), or,
when the level's player tells no value (a DVONN placement), the mean evaluation after the move over a few
such states. Raises PygamesError with no game, at the end of a game, or when no human seat is to move.
"""
from __future__ import annotations

import math
import random

from .core.bots import LEVELS, MCTSBot, own_bot
from .core.chance import sample_outcome
from .core.errors import PygamesError

HINT_SECONDS = 1.4
"""Search time of a hint (the issue's bound is 2 s per hint in the browser, where the worker's Python
adds about 0.4 s to a search of 1.6 s: ``e2e/test_hint_review.py`` prints each game's time)."""
SAMPLES = 4
"""States drawn per judgement in a hidden-information game (``determinize``)."""
EVAL_SCALE = 2.0
"""The slope of a game's evaluation as a chance to win where the game states none (about ``(v + 1) / 2``
near an even position)."""


def _hint_bot(state, seed: int, cap: bool = True):
    """The hard level's player, its search capped at :data:`HINT_SECONDS` (a game's own player keeps its
    own cap, within 2 s: DVONN's hard stops at 1.7 s); ``cap=False`` lifts the caps (exactly its budget)."""
    own = own_bot(state.game, "hard", seed, cap)
    if own is not None:
        return own
    it, depth, secs = LEVELS["hard"]  # type: ignore[misc]
    return MCTSBot(iterations=it, depth=depth, seconds=min(secs, HINT_SECONDS) if cap else math.inf, seed=seed)


def _chance(state, player: int, rng: random.Random) -> float:
    """``player``'s chance to win in [0, 1] in ``state`` (a full state): at the end ``(r + 1) / 2`` of the
    return ``r`` (1 a win, 0 a loss, 1/2 a draw), else ``1 / (1 + exp(-a v))`` of the game's evaluation
    ``v`` with the game's slope ``a`` (``Game.extra["eval_scale"]``, fitted by ``build.py bench
    --calibrate``; :data:`EVAL_SCALE` where a game has none), or the game's own estimate
    ``Game.extra["review_chance"](state, player)`` where it has one; a chance node is first resolved by a
    sampled outcome."""
    state = _resolved(state, rng)
    if state.is_terminal():
        return max(0.0, min(1.0, (float(state.returns()[player]) + 1.0) / 2.0))
    own = state.game.extra.get("review_chance") if isinstance(state.game.extra, dict) else None
    if own is not None:  # a game's own estimate where its evaluation saturates (Dritzak)
        return max(0.0, min(1.0, float(own(state, player))))
    ev = state.game.evaluate
    if ev is None:
        return 0.5
    a = state.game.extra.get("eval_scale", EVAL_SCALE) if isinstance(state.game.extra, dict) else EVAL_SCALE
    return 1.0 / (1.0 + math.exp(-a * max(-1.0, min(1.0, float(ev(state)[player])))))


def _resolved(state, rng: random.Random):
    """``state``, or past its chance nodes by outcomes drawn from ``rng`` (at most 16 in a row)."""
    for _ in range(16):
        if not state.is_chance_node():
            break
        state = state.child(sample_outcome(state, rng))
    return state


def _looks(state, player: int, rng: random.Random, samples: int = SAMPLES) -> list:
    """States that look the same to ``player`` as ``state`` does: ``samples`` determinizations in a
    hidden-information game, else the state itself."""
    if not state.game.hides_information(state.options):
        return [state]
    return [state.determinize(player, rng) for _ in range(samples)]


def _win(v: float) -> float:
    """A search's value ``v`` in [-1, 1] (a mean return) as a chance to win, ``(v + 1) / 2``, to 3 places."""
    return round(max(0.0, min(1.0, (v + 1.0) / 2.0)), 3)


def cmd_hint(args: dict) -> dict:
    """See the module docstring."""
    from . import web  # late: web registers this command

    s = web._require()
    state = s.state
    if state.is_terminal():
        raise PygamesError("hint: the game is over")
    p = state.current_player()
    if p < 0 or s.seats[p] != "human":
        raise PygamesError("hint: no human seat is to move")
    seed = s.record.seed * 7919 + len(s.record.actions) + 17
    rng = random.Random(seed)
    root = state.determinize(p, rng)  # only what p may see: the truth is never searched
    bot = _hint_bot(state, seed)
    if hasattr(bot, "start"):
        bot.start(root)
        while not bot.think(HINT_SECONDS):
            pass
        action = bot.best()
    else:
        action = bot.step(root)
    v = bot.value() if hasattr(bot, "value") else None
    if v is None:
        looks = _looks(state, p, rng)
        win = round(sum(_chance(d.child(action.notation), p, rng) for d in looks) / len(looks), 3)
    else:
        win = _win(v)
    mine = state.find_action(action.notation)  # the action as the real state offers it (same notation)
    return {"notation": mine.notation, "label": mine.label or mine.notation, "targets": list(mine.targets),
            "win": win, "level": "hard"}
