"""The review's confirmation (issue 19, :mod:`pygames.web_review`): so that the review and the hint never
contradict each other, each player's first marks are put to the hard level's search (the hint's player,
:func:`pygames.web_hint._hint_bot`) from what the mover could see then, and only the marks it confirms are
shown (the newcomer's Dritzak game, 2026-11-27: the hint said "pick up", the review then marked picking up
and suggested a play; ``docs/bots.md``, "The review agrees with the hint").

The rule (:func:`_confirmed`): in the order of play, a player's marks in at most :data:`CONFIRM` turns of
the move list, a turn's first :data:`PER_TURN` until one is confirmed, within :data:`CONFIRM_SECONDS` in
all, are each put to the search from a determinization drawn from the ply's own stream
(:func:`pygames.web_review._stream`, player ``-2``); a mark whose played move the search would also play is
dropped, and a kept mark's ``better`` is the move the search chose, kept only when the mark's judgement (the
valuing search's where it had one, else the evaluation's) rates it more than
:data:`~pygames.web_review.MARK` above the move played (its ``loss`` is that difference). Marks past those
limits or out of time are left out. With :data:`~pygames.web_review.REVIEW_SECONDS` lifted (at least 1e9:
tests, ``tools/review_recall.py --lifted``) the time limit and the search's own cap are lifted too, so a
review is the same on any machine.
"""
from __future__ import annotations

import math
import random
from typing import Callable

from . import web_hint as hint

CONFIRM = 6
"""Each player's marks are put to the hard level's search in at most this many turns of the move list (the
first in the game with marks), and one mark at most is kept a turn (the first the search confirms); only
confirmed marks are shown. One a turn: a newcomer's Zoon deployment (one turn of 22 placements) had 12 to
26 marks, so all six went to it and the game's later blunders (turns 44-54 of 59, say) were never checked
(ui23, ten random games against easy)."""
PER_TURN = 3
"""At most this many of a turn's marks are put to the search (in the order of play) until one is
confirmed."""
CONFIRM_SECONDS = 4.0
"""The confirming searches stop after this much time in all (the marks not yet confirmed are left out);
with :data:`~pygames.web_review.REVIEW_SECONDS` lifted (tests) this limit and the level's time cap are
lifted too, so a review is the same on any machine."""


def _search_pick(state, mover: int, rng: random.Random, lifted: bool, over: Callable[[], bool]):
    """A generator (its steps yield None, it returns the pick): the notation the hard level's search (the
    hint's player) picks for ``mover`` from a determinization of ``state`` drawn from ``rng``; None when
    ``over()`` said the time was out first (a player that does not think in slices is bound by its own cap
    instead, within 2 s, and thinks in one step). ``lifted``: the search's own time cap lifted (its
    simulation budget alone, the same on any machine). The search thinks in steps of
    :data:`~pygames.web_review.STEP` seconds, so the page's slices end within one."""
    from . import web_review as review  # late: web_review imports this module

    root = state.determinize(mover, rng)  # what the mover could see, as the hint searches
    bot = hint._hint_bot(state, rng.randrange(1 << 30), cap=not lifted)
    if not hasattr(bot, "start"):  # a player without slices (Zoon's, Verquere's, Duerror Grandis's hard) is
        yield  # bound by its own cap: a slice may end before it, never within it
        return bot.step(root).notation
    bot.start(root)
    while not bot.think(review.STEP):
        if over():
            return None
        yield
    return bot.best().notation


def _confirmed(marks: list[dict], found: dict, seed: int, turns: list[int], clock):
    """A generator (its steps yield None; it returns the marks shown): ``marks`` (``{"ply", "player",
    "loss", "better", "targets"}``, in the order of play) as the hard level's search confirms them (the
    module docstring's rule), within :data:`CONFIRM_SECONDS` of ``clock``
    (:class:`~pygames.web_review._Clock`, seconds); ``found[ply]``: the mark's
    :class:`~pygames.web_review.Found` (its ``judged`` gets the search's pick), ``turns[i]`` ply ``i + 1``'s
    turn in the move list, ``seed`` the record's. A shown mark gets ``label`` (the better action's button
    text, else its notation) and the search's ``better``, ``loss`` (0..1, rounded to 3 places) and
    ``targets``."""
    from . import web_review as review  # late: web_review imports this module (and a test's patch there counts)

    lifted = review.REVIEW_SECONDS >= 1e9
    end = math.inf if lifted else clock.now() + CONFIRM_SECONDS
    out = {m["ply"]: m for m in marks}
    tried: dict = {}  # player -> turns tried
    tries: dict = {}  # (player, turn) -> marks of that turn tried
    kept: set = set()  # (player, turn) with a confirmed mark
    for m in marks:  # in the order of play, so a player's marks never depend on what came after them
        turn = (m["player"], turns[m["ply"] - 1])
        # one a turn (ui23: a newcomer's Zoon deployment, 16 marks of one turn, took all six): its first
        # mark the search confirms, among its first PER_TURN
        fresh = turn not in tries
        if turn in kept or tries.get(turn, 0) >= PER_TURN or (fresh and tried.get(m["player"], 0) >= CONFIRM):
            continue
        if fresh:
            tried[m["player"]] = tried.get(m["player"], 0) + 1
        tries[turn] = tries.get(turn, 0) + 1
        f = found[m["ply"]]
        rng = review._stream(seed, m["ply"], -2)
        pick = None  # out of time: not put to the search
        if clock.now() < end:
            pick = yield from _search_pick(f.state, m["player"], rng, lifted, lambda: clock.now() > end)
        if pick is None:
            break  # out of time: this mark and the rest are not confirmed
        if pick not in f.judged and f.value is not None:  # valued by the search, as the mark was
            f.judged[pick] = yield from f.value.steps(pick)
        elif pick not in f.judged:
            looks = hint._looks(f.state, m["player"], rng, f.samples)
            f.judged[pick] = sum(review._move_value(d, pick, m["player"], rng, f.deep) for d in looks) / len(looks)
        loss = f.judged[pick] - f.judged[f.played]
        if pick != f.played and loss > review.MARK:
            better = f.state.find_action(pick)
            out[m["ply"]] = dict(m, better=pick, label=better.label or pick, loss=round(loss, 3),
                                 targets=list(better.targets))
            kept.add(turn)
    return [m for m in out.values() if "label" in m]  # confirmed only: the review never contradicts a hint
