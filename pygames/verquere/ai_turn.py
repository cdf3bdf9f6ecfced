"""Verquere: whole-turn search for the computer players (rules V5–V19, V31–V33 for what a turn may be).

The player to move tries every way to play the rest of the roll (each die a step, in every order the
rules allow: :meth:`~pygames.verquere.rules.VerquereState.legal_steps` after each step, so the dice-use
rules V18, V19 and the Ludii ruleset's V32 hold), merging orders that reach the same position, and
judges each final position by :func:`position_value`: the race (pips, V35's count), the risk that a
lone piece is hit before the next turn (V8, V9; the shots of the opponent's pieces behind it, in
36ths of a roll), points held with two or more pieces (they block, V8) and pieces on the bar.
"""
from __future__ import annotations

import math
import random
import time

from ..core.errors import PygamesError
from .rules import PIECES, opp_point

SHOTS = (0, 11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3, 0, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 1)
"""``SHOTS[d]``: rolls (of 36) with which a piece ``d`` points behind a lone piece hits it (with one die,
or both dice or a double added up), ignoring blocked points in between."""
RISK_EXTRA = 6.0
"""Pips counted beyond the lost distance for a piece hit (the turn spent re-entering)."""
BLOCK = 10.0
"""Pips a held point on our own side (13–24) is worth: it blocks the opponent (V8)."""
LUDII_BLOCK = 10.0
"""Ludii ruleset: pips a point of our own side (13–24) holding any of our pieces is worth while the
opponent still has pieces to bring past it: they may land only on empty points there (V31)."""
BAR = 6.0
"""Pips a piece waiting on the bar costs beyond its distance (it must re-enter first, V13)."""
PRIME = 2.0
"""Ludii ruleset, hard level: pips for the square of the longest run of consecutive points of our own side
(13–24) holding a piece of ours: on those points, the opponent's first twelve, the opponent may land only
on empty points (V31), so a run of them is a wall their pieces must jump whole (a run of six cannot be
passed at all). Tuned by matches (``docs/bots.md``, Verquere)."""


def _risk(s, pl: int) -> float:
    """Expected pips ``pl`` loses to hits on lone pieces in the opponent's next turn (V9, V12; Ludii:
    no hit on one's own first twelve, V31, nor on entry, V33)."""
    b, ob = s.board[pl], s.board[1 - pl]
    obar = s.bar[1 - pl]
    risk = 0.0
    for p in range(1, 25):
        if b[p] != 1:
            continue
        op = opp_point(p)  # the opponent's number of this point
        if s.ludii and op <= 12:
            continue
        shots = 0
        for q in range(max(1, op - 24), op):
            if ob[q]:
                shots += SHOTS[op - q]
        if obar and op <= 6 and not s.ludii:
            shots += 11
        if shots:
            risk += min(shots, 30) / 36.0 * (p + RISK_EXTRA)
    return risk


def _blocks(s, pl: int) -> float:
    """Pips ``pl``'s blocking points on their own side are worth (V8; Ludii: V31)."""
    b = s.board[pl]
    if not s.ludii:
        return BLOCK * sum(1 for p in range(13, 25) if b[p] >= 2)
    ob = s.board[1 - pl]
    behind = s.bar[1 - pl]  # the opponent's pieces before each point, counted along their path
    v = 0.0
    for q in range(1, 13):  # the opponent's first twelve is our 13..24: their q is our q + 12
        if b[q + 12] and (behind or any(ob[1:q])):
            v += LUDII_BLOCK
    return v


def _run(s, pl: int) -> int:
    """The longest run of consecutive points of ``pl``'s own side (13–24) holding a piece of ``pl``'s."""
    b = s.board[pl]
    run = best = 0
    for p in range(13, 25):
        if b[p]:
            run += 1
            if run > best:
                best = run
        else:
            run = 0
    return best


def side_value(s, pl: int, blocks: float = 1.0) -> float:
    """``pl``'s side of :func:`position_value`, in pips (higher is better)."""
    return -float(s.pip_count(pl)) - BAR * s.bar[pl] - _risk(s, pl) + blocks * _blocks(s, pl)


def position_value(s, pl: int, blocks: float = 1.0, prime: float = 0.0) -> float:
    """How good ``s`` is for ``pl`` at the end of pl's turn (the opponent to roll), in pips: pl's side
    minus the opponent's (the opponent's lone pieces are at risk from pl only after their own turn, so
    they count at half). ``blocks`` weighs the points held (0: a player who only races and keeps
    safe); ``prime`` (Ludii ruleset only) the square of each side's longest run of held points on its
    own side (:data:`PRIME`)."""
    if s.off[pl] == PIECES:
        return 1e6
    opp = 1 - pl
    mine = side_value(s, pl, blocks)
    theirs = -float(s.pip_count(opp)) - BAR * s.bar[opp] - 0.5 * _risk(s, opp)
    theirs += blocks * _blocks(s, opp)
    if prime and s.ludii:
        mine += prime * _run(s, pl) ** 2
        theirs += prime * _run(s, opp) ** 2
    return mine - theirs


def turn_ends(s, blocks: float = 1.0, prime: float = 0.0) -> list[tuple[float, list[tuple[int, int]], object]]:
    """Every distinct way to play the rest of the player's roll from ``s`` (not modified): ``(value,
    steps, final state)`` with steps ``(from, die)``, best first by :func:`position_value` (orders that
    reach the same position are merged)."""
    pl = s.turn
    w = s.clone()
    seen: set = set()
    out: list = []

    def walk(path: list) -> None:
        key = (tuple(w.board[0]), tuple(w.board[1]), tuple(w.bar), tuple(w.off), tuple(sorted(w.dice)))
        if key in seen:
            return
        seen.add(key)
        steps = w.legal_steps() if w.dice and w.off[pl] < PIECES else []
        if not steps:
            out.append((position_value(w, pl, blocks, prime), list(path), w.clone()))
            return
        dice = list(w.dice)
        for frm, d in steps:
            hit = w._step(pl, frm, d)
            w.dice.remove(d)
            path.append((frm, d))
            walk(path)
            path.pop()
            w.dice = list(dice)
            w._unstep(pl, frm, d, hit)

    walk([])
    out.sort(key=lambda e: -e[0])
    return out


def best_reply_value(s, pl: int, blocks: float = 1.0, prime: float = 0.0) -> float:
    """``pl``'s expected :func:`position_value` after the opponent's next roll (every roll with its
    chance, V4–V6) and their best reply by :func:`position_value`: ``s`` is the position at the end of
    pl's turn (not modified)."""
    from .rules import ROLLS
    opp = 1 - pl
    if s.off[pl] == PIECES:
        return 1e6
    w = s.clone()
    w.turn = opp
    total = 0.0
    for a, b in ROLLS:
        w.dice = [a] * 4 if a == b else [a, b]
        ends = turn_ends(w, blocks, prime)
        v = -ends[0][0] if ends else position_value(w, pl, blocks, prime)
        total += (1 if a == b else 2) / 36.0 * v
    return total


def best_turn(s, rng: random.Random | None = None, width: int = 0, deadline: float = math.inf,
              blocks: float = 1.0, prime: float = 0.0) -> list[tuple[int, int]]:
    """The steps ``(from, die)`` of the best way to play the rest of the player's roll from ``s`` (not
    modified): by :func:`position_value` (``width`` 0), or, for the ``width`` best of those, by
    :func:`best_reply_value` (one roll of the opponent looked ahead), as far as ``deadline``
    (``time.monotonic()``) allows. Ties go to ``rng``."""
    ends = turn_ends(s, blocks, prime)
    if not ends:
        return []
    noise = rng.random if rng is not None else (lambda: 0.0)
    if width <= 0 or len(ends) == 1:
        top = ends[0][0]
        tied = [e for e in ends if e[0] >= top - 1e-9]
        return tied[int(noise() * len(tied))][1]
    pl = s.turn
    best, best_v = ends[0][1], -math.inf
    for v0, path, end in ends[:width]:
        if time.monotonic() > deadline:
            break
        v = best_reply_value(end, pl, blocks, prime) + 1e-6 * noise()
        if v > best_v:
            best, best_v = path, v
    return best


class TurnBot:
    """Plays each roll by :func:`best_turn` (``width`` 0: the best position at the end of the turn; else
    the ``width`` best also judged after the opponent's reply to every roll), within ``seconds`` per
    decision; the plan found for a roll is kept for its later dice. ``blocks`` and ``width``: one value
    for the text's rules and one for the Ludii ruleset (``width`` may be one number for both);
    ``prime``: the weight of the longest run of held points (:data:`PRIME`, Ludii ruleset only)."""

    def __init__(self, seed: int = 0, width: int | tuple[int, int] = 0, seconds: float = math.inf,
                 blocks: tuple[float, float] = (1.0, 1.0), prime: float = 0.0):
        self.rng = random.Random(seed)
        self.width = (width, width) if isinstance(width, int) else tuple(width)
        self.seconds, self.blocks, self.prime = seconds, blocks, prime
        self._plan: list = []
        self._at = -1

    def step(self, state):
        """The chosen action (one die's step) for the player to move; raises PygamesError when the game
        is over."""
        if state.is_terminal():
            raise PygamesError("no legal action: the game is over")
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self._at != len(state.history) or not self._plan:
            self._plan = best_turn(state, self.rng, self.width[state.ludii], time.monotonic() + self.seconds,
                                   self.blocks[state.ludii], self.prime)
        frm, d = self._plan.pop(0)
        self._at = len(state.history) + 1
        for a in legal:
            if a.frm == frm and a.die == d:
                return a
        self._plan = []  # pragma: no cover - the plan is made of legal steps
        return legal[0]


LEVELS = {
    # level: (blocks weight with the text's rules, with the Ludii ruleset; width looked ahead with each;
    # prime weight (Ludii ruleset); seconds cap)
    "easy": ((0.0, 0.2), (0, 0), 0.0, 0.5),
    "medium": ((1.0, 1.0), (0, 0), 0.0, 1.0),
    "hard": ((1.0, 1.0), (4, 4), PRIME, 1.8),
}
"""The computer levels (issue 19): easy races and keeps its pieces safe but leaves out the points it
holds (with the Ludii ruleset, where any piece blocks, it counts them at a fifth); medium values them
fully; hard also looks one roll of the opponent ahead for its four best turns and, with the Ludii
ruleset, values a run of held points on its own side (:data:`PRIME`: one roll ahead alone did not beat
medium there). Measured in ``docs/bots.md``."""


def make_level_bot(level: str, seed: int = 0, cap: bool = True) -> TurnBot:
    """``Game.extra["bot"]``: the player for ``level`` (a key of :data:`LEVELS`); ``cap=False`` lifts the
    time cap (hard then judges all four turns). Raises PygamesError for an unknown level."""
    if level not in LEVELS:
        raise PygamesError(f"unknown Verquere computer level {level!r}; levels: {', '.join(LEVELS)}")
    blocks, width, prime, secs = LEVELS[level]
    return TurnBot(seed=seed, width=width, seconds=secs if cap else math.inf, blocks=blocks, prime=prime)
