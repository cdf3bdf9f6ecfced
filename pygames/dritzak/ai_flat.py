"""Dritzak's own computer player (issue 19): a card player's policy and a flat Monte Carlo search over it.

- :func:`policy` is what a plain good player does, reading only what the mover may see (their own hand,
  every face-up card, the pile, the counts; D27): lay the strongest cards face up (D4); play the lowest
  rank that goes, every copy of it (D10); finish a run of four on the pile when it can (D23: the pile
  clears and the player plays again); keep 2s and 10s for when nothing else goes (D7, D8), a 10 rather
  than a 2 on a big pile; never pick up by choice (D15); when the next player has nothing in hand and
  the draw pile is gone (D12, D13), play the highest rank instead, which a face-up or blind card must beat.
- :class:`FlatBot` judges each root action by policy playouts over many determinizations
  (``state.determinize(me, rng)``: the unseen cards dealt afresh in agreement with what the player saw,
  never the true hidden state), each action played out from the same determinization with the same
  random numbers, and plays the best mean. A playout runs ``depth`` player decisions (or to the end)
  and is judged by :func:`win_chance`.
"""
from __future__ import annotations

import math
import random
import time
from typing import Any

from ..core.bots import AnytimeBot
from ..core.chance import sample_outcome
from ..core.errors import PygamesError
from ..core.state import Action
from .cards import _DRAW, _PLAY_CARDS, _RANK, START_ORDER, TEN, TWO

_VALUE = [0] * 13
for _i, _r in enumerate(START_ORDER):
    _VALUE[_r] = _i  # 3 → 0 … A → 10, 2 → 11, 10 → 12
_COST = [0.35 if r in (TWO, TEN) else 1.0 + 0.05 * (10 - _VALUE[r]) for r in range(13)]
"""What a hand card costs its holder, in cards still to shed: a low card waits for a low pile or a reset,
a 2 or a 10 goes on anything (D7, D8)."""


def load(s, q: int) -> float:
    """Cards ``q`` must still shed, weighted (hand cards by :data:`_COST`, face-up cards a little less, a
    face-down card a little more: it is played blind and may bring the pile back, D13)."""
    w = 0.0
    for c in s.hands[q]:
        w += _COST[_RANK[c]]
    for c in s.up[q]:
        w += 0.5 if _RANK[c] in (TWO, TEN) else 0.9
    for c in s.down[q]:
        if c is not None:
            w += 1.3
    return w


TEMP = 2.0
"""How many weighted cards of lead make a player ``e`` times likelier to go out first (:func:`win_chance`)."""


def win_chance(s, me: int) -> float:
    """``me``'s chance to go out first (0..1), guessed from the loads of the players still in: a softmax
    of minus their loads over :data:`TEMP`. At the end of the game: 1 for a win alone, ``1/k`` shared
    by ``k`` (a called game, D24), else 0. With play on (D25) the value of the place ``me`` may expect
    instead, 1 for first down to 0 for last (the same softmax for who goes out next)."""
    n = len(s.hands)
    if s.phase == "over":
        r = s.returns()
        if s.options["play_on"]:
            return (r[me] + 1.0) / 2.0
        best = max(r)
        if r[me] != best:
            return 0.0
        return 1.0 / sum(1 for x in r if x == best)
    places = s.places
    if places and me in places:
        return 1.0 - places.index(me) / (n - 1)
    mine = load(s, me)
    tot = 0.0
    for q in range(n):
        if q not in places:
            tot += math.exp((mine - load(s, q)) / TEMP)
    p = 1.0 / tot
    if not places:
        return p
    # play on: the next place out is worth 1 - k / (n - 1) for k players already out; later ones less
    k = len(places)
    return p * (1.0 - k / (n - 1)) + (1.0 - p) * 0.5 * (1.0 - (k + 1) / (n - 1))


def up_choice(acts):
    """D4: the face-up choice with the strongest three cards (10, 2, A, K, … by :data:`_VALUE`), a pair
    preferred among equals."""
    def key(a):
        cards = [_RANK_BY_NAME[x[0]] for x in a.notation.split()[1:]]
        return sum(_VALUE[r] for r in cards) + 0.5 * (len(set(cards)) < 3)
    return max(acts, key=key)


_RANK_BY_NAME = {ch: i for i, ch in enumerate("23456789TJQKA")}


def _next_bare(s, p: int) -> bool:
    """Whether the player after ``p`` plays from the table (no hand, no draw pile: D12, D13)."""
    if s.deck:
        return False
    n = len(s.hands)
    q = (p + s.direction) % n
    while q in s.places and q != p:
        q = (q + s.direction) % n
    return q != p and not s.hands[q]


def policy(s, rng: random.Random, eps: float = 0.0):
    """The plain player's action at ``s`` (a decision node), from what the mover sees only; with
    probability ``eps`` a uniformly random legal action instead."""
    acts = s.legal_actions()
    if len(acts) == 1:
        return acts[0]
    if eps and rng.random() < eps:
        return acts[rng.randrange(len(acts))]
    if s.phase == "choose":
        return up_choice(acts)
    p = s.turn
    best = None
    bkey: tuple | None = None
    pile = s.pile
    top = _RANK[pile[-1]] if pile else None
    run = 0
    if pile:
        for c in reversed(pile):
            if _RANK[c] != top:
                break
            run += 1
    bare = _next_bare(s, p)
    big = len(pile) >= 4
    downs = []
    for a in acts:
        note = a.notation
        if note[0] == "d":
            downs.append(a)
            continue
        if note[0] != "p" or note[1] != "l":
            continue  # pick up
        cards = _PLAY_CARDS[note]
        r = _RANK[cards[0]]
        k = len(cards)
        if r == top and run + k >= 4 and (s.decks == 1 or s.options["set_rule"] == "four"):
            key: tuple = (3, k)  # completes four: the pile clears and the player plays again (D23)
        elif r == TWO or r == TEN:
            # keep them for when nothing else goes: a 10 on a big pile, else a 2 first
            key = (0, (2 if r == TEN else 1) if big else (1 if r == TEN else 2), -k)
        else:
            key = (1, _VALUE[r] if bare else -_VALUE[r], k)
        if bkey is None or key > bkey:
            best, bkey = a, key
    if best is not None:
        return best
    if downs:
        return downs[rng.randrange(len(downs))]
    return acts[-1]


def playout(s, me: int, rng: random.Random, depth: int, eps: float) -> float:
    """Play ``s`` on in place with :func:`policy` for every player for ``depth`` decisions (chance: a
    uniformly drawn card of the draw pile), then :func:`win_chance` for ``me``."""
    n = 0
    while s.phase != "over" and n < depth:
        ph = s.phase
        if ph == "draw":
            deck = s.deck
            s.apply_unchecked(_DRAW[deck[rng.randrange(len(deck))]])
            continue
        if ph != "play" and ph != "choose":  # the tie break of D9 (or a deal)
            s.apply(sample_outcome(s, rng))
            continue
        s.apply_unchecked(policy(s, rng, eps))
        n += 1
    return win_chance(s, me)


class FlatBot(AnytimeBot):
    """Flat Monte Carlo over determinizations (see the module docstring): ``sims`` playouts in all,
    spread evenly over the root's candidate actions, each ``depth`` decisions deep, within ``seconds``
    (wall clock; ``math.inf`` for none). Same interface as :class:`pygames.core.bots.MCTSBot`."""

    def __init__(self, sims: int, depth: int, seconds: float, seed: int = 0, eps: float = 0.1):
        self.sims, self.depth, self.seconds, self.eps = sims, depth, seconds, eps
        self.rng = random.Random(seed)
        self._answer: Action | None = None
        self._state: Any = None
        self._cands: list = []
        self._stats: dict = {}
        self._done = 0
        self._used = 0.0

    def start(self, state) -> None:
        """Begin a search from ``state`` (not modified); raises PygamesError at a terminal state."""
        legal = self._begin(state)
        if legal is None:
            return
        if all(a.notation[0] == "d" for a in legal):
            self._answer = legal[self.rng.randrange(len(legal))]  # blind: every slot is alike to the player
            return
        self._cands = candidates(state, legal)
        if len(self._cands) == 1:
            self._answer = self._cands[0]
            return
        self._stats = {a.notation: [0, 0.0] for a in self._cands}

    def think(self, seconds: float) -> bool:
        """Run determinizations for at most ``seconds`` (at least one); True once the budget is spent."""
        if self._answer is not None:
            return True
        t0 = time.monotonic()
        state = self._state
        me = state.current_player()
        per = len(self._cands)
        while self._done < self.sims and self._used + (time.monotonic() - t0) < self.seconds:
            d = state.determinize(me, self.rng)
            seed = self.rng.getrandbits(32)
            for a in self._cands:
                s = d.clone()
                s.apply(a.notation)
                v = playout(s, me, random.Random(seed), self.depth, self.eps)
                st = self._stats[a.notation]
                st[0] += 1
                st[1] += v
            self._done += per
            if time.monotonic() - t0 > seconds:
                break
        self._used += time.monotonic() - t0
        return self._done >= self.sims or self._used >= self.seconds

    def progress(self) -> float:
        if self._answer is not None:
            return 1.0
        return min(1.0, max(self._done / self.sims, self._used / self.seconds))

    def best(self):
        """The candidate with the best mean (ties: the earlier candidate, the policy's order)."""
        if self._answer is not None:
            return self._answer
        legal = {a.notation: a for a in self._state.legal_actions()}
        top = max(self._cands, key=lambda a: self._stats[a.notation][1] / max(self._stats[a.notation][0], 1))
        return legal[top.notation]

    def value(self):
        """The best candidate's mean chance to win, as a value in [-1, 1] (None when nothing was searched)."""
        if self._answer is not None or not self._done:
            return None
        n, tot = self._stats[self.best().notation]
        return 2.0 * tot / max(n, 1) - 1.0


def candidates(state, legal: list) -> list:
    """The root actions worth playing out, the policy's choice first: in the face-up choice the six
    strongest choices (D4); in play every rank's largest set and single card, and the pick-up."""
    if state.phase == "choose":
        first = up_choice(legal)
        rest = sorted((a for a in legal if a is not first),
                      key=lambda a: -sum(_VALUE[_RANK_BY_NAME[x[0]]] for x in a.notation.split()[1:]))
        return [first] + rest[:5]
    first = policy(state, random.Random(0))
    out = [first]
    by_rank: dict = {}
    down = first.notation[0] == "d"
    for a in legal:
        if a.notation[0] == "p" and a.notation[1] == "l":
            cards = _PLAY_CARDS[a.notation]
            by_rank.setdefault(_RANK[cards[0]], []).append(a)
        elif a.notation[0] == "d":
            if not down:  # blind: one face-down slot stands for them all
                out.append(a)
                down = True
        elif a is not first:
            out.append(a)
    for acts in by_rank.values():
        big = max(acts, key=lambda a: len(_PLAY_CARDS[a.notation]))
        small = min(acts, key=lambda a: len(_PLAY_CARDS[a.notation]))
        for a in (big, small):
            if a not in out:
                out.append(a)
    return out


class PolicyBot:
    """The plain player (:func:`policy`, no search): easy's level."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def step(self, state):
        """The policy's action at ``state`` (a decision node); raises PygamesError at a terminal state."""
        if state.is_terminal():
            raise PygamesError("no legal action: the game is over")
        return policy(state, self.rng)


LEVELS: dict = {"medium": (200, 10 ** 6), "hard": (800, 10 ** 6)}
"""The searching levels: ``(playouts, depth in decisions)``; playouts run to the end of the game, every
player by the plain policy without random moves (the easy player is that policy)."""


def make_level_bot(level: str, seed: int = 0, cap: bool = True):
    """``Game.extra["bot"]``: the plain policy for ``easy``, a :class:`FlatBot` for the levels of
    :data:`LEVELS`, stopped by the level's time cap (:data:`pygames.core.bots.LEVELS`) unless ``cap`` is
    False; None for any other level (:func:`pygames.core.bots.own_bot`)."""
    if level == "easy":
        return PolicyBot(seed)
    if level not in LEVELS:
        return None
    from ..core.bots import LEVELS as CORE
    sims, depth = LEVELS[level]
    secs = CORE[level][2] if cap else math.inf  # type: ignore[index]
    return FlatBot(sims, depth, secs, seed=seed, eps=0.0)
