"""Game-independent bots over the State protocol: uniform random and Monte Carlo tree search.

MCTS is open-loop UCT: tree edges are action notations, chance nodes are sampled, and for hidden
information each iteration searches a fresh determinization (``state.determinize(player, rng)``), only
considering actions legal in it (single-observer information-set MCTS). A game plugs in:

- ``Game.evaluate(state) -> list[float]``: per-player values in [-1, 1] used at the end of a short
  playout;
- optionally ``Game.rollout_policy(state, rng) -> Action`` (an action of ``state.legal_actions()``; it
  is applied without looking its notation up again), or ``Game.playout(state, rng, decisions)`` (its own
  fast playout, in place);
- optionally ``Game.extra["candidates"]``: ``candidates(state, actions) -> list[Action]``, the actions
  worth searching at a decision node, best first: a non-empty sub-list of ``actions`` (the legal actions
  of ``state``, in the order the state gives them), for games with too many legal actions to try each
  (ZÈRTZ: about 2,000 placements). With it the search *widens progressively*: a node visited ``n`` times
  considers only the first ``1 + int(WIDEN * sqrt(n))`` candidates (:data:`WIDEN`), expanding them in the
  game's order instead of at random, so the first iterations go to the game's best guesses and more
  candidates join as the node is visited more. The hook runs once per tree node (its answer is kept), so
  it may be slower than a playout step. In a hidden-information game the kept list is filtered by what is
  legal in each determinization.

Levels (:data:`LEVELS`) are search budgets; ``"random"`` is the uniform random bot.
"""
from __future__ import annotations

import math
import random
import time
from typing import Any

from .chance import sample_outcome
from .errors import PygamesError
from .state import Action, State

LEVELS: dict[str, tuple[int, int, float] | None] = {
    # name: (iterations, playout depth in player decisions, seconds cap)
    "random": None,
    "easy": (40, 4, 0.5),
    "medium": (300, 8, 1.0),
    "hard": (1500, 16, 1.8),
}
"""Computer levels: MCTS iterations, playout depth and a time cap per decision (issue 19: medium within
1 s, hard within 2 s per decision in the browser; the cap is wall-clock, so it holds however slow the
machine)."""


def random_action(state, rng: random.Random) -> Action:
    """A uniformly random legal action (chance nodes: sampled by probability).

    Draws ``rng.randrange(len(actions))``; for a :class:`random.Random` it calls the same
    ``_randbelow`` that ``randrange(n)`` calls (the same numbers from the same seed, without
    ``randrange``'s argument checks: this runs at every ply of a random playout). The action is taken
    with :meth:`State.pick_random` (the draws of :meth:`State.pick_legal`, chance: :meth:`State.pick_outcome`),
    so applying it does not look it up again. Raises :class:`PygamesError` when the game is over."""
    return state.pick_random(rng)


class RandomBot:
    """Picks a uniformly random legal action."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def step(self, state) -> Action:
        return random_action(state, self.rng)


WIDEN = 2.0
"""Progressive widening with a game's candidate list: a node visited ``n`` times searches its first
``1 + int(WIDEN * sqrt(n))`` candidates."""


class _Node:
    __slots__ = ("visits", "value", "children", "player", "order")

    def __init__(self, player: int):
        self.visits = 0
        self.value = 0.0  # sum of returns of self.player's parent mover, see select
        self.children: dict[str, _Node] = {}
        self.player = player
        self.order: list[Action] | None = None  # the game's candidates here, best first (if it has any)


def _play(s, a: Action, fast: bool) -> None:
    """Apply ``a``, an action of ``s.legal_actions()``: without the notation lookup when ``fast`` (the
    state class keeps :meth:`State.apply` as it is, so skipping the check changes nothing else)."""
    if fast:
        s.apply_unchecked(a)
    else:
        s.apply(a)


def _returns(state, game) -> list[float]:
    if state.is_terminal():
        return [float(r) for r in state.returns()]
    if game.evaluate is not None:
        return [float(v) for v in game.evaluate(state)]
    return [0.0] * state.num_players


class AnytimeBot:
    """The sliced decision every searching level offers (the page's worker thinks in slices so it stays
    responsive): :meth:`start` from a state, :meth:`think` for up to ``seconds`` a slice until it returns
    True (done), then :meth:`best`. :meth:`step` does all three at once, thinking in one slice without a
    limit of its own: a subclass's :meth:`think` stops at its level's budget and time cap."""

    rng: random.Random  # each subclass seeds its own

    def start(self, state) -> None:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def think(self, seconds: float) -> bool:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def best(self) -> Action:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def _begin(self, state) -> list | None:
        """The start every search shares: raise PygamesError at a terminal state; keep ``state``, clear
        the answer and the counters; at a chance node draw the outcome (from ``self.rng``) as the answer,
        and where one action is legal answer it. Returns the legal actions when there is a choice to
        search, else None (the answer is set)."""
        if state.is_terminal():
            raise PygamesError("no legal action: the game is over")
        self._state = state
        self._answer: Action | None = None
        self._done = 0
        self._used = 0.0
        if state.is_chance_node():
            self._answer = sample_outcome(state, self.rng)
            return None
        legal = state.legal_actions()
        if len(legal) == 1:
            self._answer = legal[0]
            return None
        return legal

    def step(self, state) -> Action:
        """The chosen action for ``state``'s player to move. Raises PygamesError at a terminal state."""
        self.start(state)
        while not self.think(math.inf):
            pass
        return self.best()


class MCTSBot(AnytimeBot):
    """UCT search with evaluation-capped playouts.

    ``iterations``: budget of simulations; ``depth``: player decisions per playout before the
    evaluation; ``seconds``: time cap; ``c``: exploration constant.

    :meth:`step` searches and answers at once. The same search can run in slices so a page stays
    responsive: :meth:`start`, then :meth:`think` repeatedly until it returns True, then :meth:`best`.
    """

    def __init__(self, iterations: int = 300, depth: int = 8, seconds: float = 2.0, seed: int = 0,
                 c: float = 1.4):
        self.iterations, self.depth, self.seconds, self.c = iterations, depth, seconds, c
        self.rng = random.Random(seed)
        self._state: Any = None
        self._root = _Node(0)
        self._answer: Action | None = None
        self._done = 0
        self._used = 0.0

    def start(self, state) -> None:
        """Begin a search from ``state`` (not modified). Raises PygamesError at a terminal state."""
        self._begin(state)
        self._root = _Node(state.current_player())

    def think(self, seconds: float) -> bool:
        """Run iterations for at most ``seconds`` (at least one); True once the budget is spent."""
        if self._answer is not None:
            return True
        t0 = time.monotonic()
        end = t0 + seconds
        while self._done < self.iterations and self._used + (time.monotonic() - t0) < self.seconds:
            self._iterate()
            self._done += 1
            if time.monotonic() > end:
                break
        self._used += time.monotonic() - t0
        return self._done >= self.iterations or self._used >= self.seconds

    def progress(self) -> float:
        """How much of the budget is spent, 0..1."""
        if self._answer is not None:
            return 1.0
        return min(1.0, max(self._done / self.iterations, self._used / self.seconds))

    def best(self) -> Action:
        """The most visited action at the root (with a game's candidates, ties go to the better mean
        value, then to the earlier candidate)."""
        if self._answer is not None:
            return self._answer
        root = self._root
        legal = self._state.legal_actions()
        if root.order is None:
            return max(legal, key=lambda a: (root.children[a.notation].visits if a.notation in root.children
                                             else -1))
        ok = {a.notation for a in legal}
        tried = [root.children[a.notation] for a in root.order if a.notation in root.children and a.notation in ok]
        if not tried:
            return legal[0]
        top = max(tried, key=lambda n: (n.visits, n.value / (n.visits or 1)))
        return next(a for a in legal if root.children.get(a.notation) is top)

    def value(self) -> float | None:
        """The searched value of :meth:`best` for the player to move, in [-1, 1] (the mean return of its
        simulations; None when nothing was searched: a forced or chance action)."""
        if self._answer is not None or not self._root.children:
            return None
        child = self._root.children.get(self.best().notation)
        if child is None or not child.visits:
            return None
        return max(-1.0, min(1.0, child.value / child.visits))

    def _iterate(self) -> None:
        state, root = self._state, self._root
        me = state.current_player()
        game = state.game
        policy = game.rollout_policy
        candidates = game.extra.get("candidates") if isinstance(game.extra, dict) else None
        s = state.determinize(me, self.rng)
        root_hook = game.extra.get("search_root") if isinstance(game.extra, dict) else None
        if root_hook is not None:  # a game's evaluation may note what the searcher knew at the root
            root_hook(s, me)
        cls = type(s)
        fast = cls.apply is State.apply
        hidden = cls.determinize is not State.determinize
        node = root
        path: list[tuple[_Node, int | None]] = [(node, None)]
        # selection / expansion
        while not s.is_terminal():
            if s.is_chance_node():
                a = sample_outcome(s, self.rng)
                s.apply(a)
                child = node.children.get(a.notation)
                if child is None:
                    child = node.children[a.notation] = _Node(s.current_player())
                node = child
                path.append((node, None))
                continue
            mover = s.current_player()
            if candidates is None:
                acts = s.legal_actions()
                untried = [a for a in acts if a.notation not in node.children]
                if untried:
                    a = untried[self.rng.randrange(len(untried))]
                    _play(s, a, fast)
                    child = node.children[a.notation] = _Node(s.current_player())
                    path.append((child, mover))
                    node = child
                    break
            else:
                if node.order is None:
                    node.order = list(candidates(s, s.legal_actions())) or list(s.legal_actions())
                acts = node.order
                if hidden:  # this determinization's own actions, in the kept order
                    legal = {a.notation: a for a in s.legal_actions()}
                    acts = [legal[a.notation] for a in acts if a.notation in legal] or list(legal.values())
                acts = acts[:1 + int(WIDEN * math.sqrt(node.visits))]
                fresh = next((x for x in acts if x.notation not in node.children), None)
                if fresh is not None:
                    _play(s, fresh, fast)
                    child = node.children[fresh.notation] = _Node(s.current_player())
                    path.append((child, mover))
                    node = child
                    break
            logn = math.log(node.visits + 1)
            best, best_v = None, -1e18
            for a in acts:
                ch = node.children[a.notation]
                v = ch.value / (ch.visits or 1) + self.c * math.sqrt(logn / (ch.visits or 1))
                if v > best_v:
                    best, best_v = a, v
            assert best is not None
            _play(s, best, fast)
            node = node.children[best.notation]
            path.append((node, mover))
        # playout
        decisions = 0
        if game.playout is not None:
            game.playout(s, self.rng, self.depth)
            decisions = self.depth
        while not s.is_terminal() and decisions < self.depth:
            if s.is_chance_node():
                s.apply(sample_outcome(s, self.rng))
                continue
            if policy:
                _play(s, policy(s, self.rng), fast)
            else:
                acts = s.legal_actions()
                _play(s, acts[self.rng.randrange(len(acts))], fast)
            decisions += 1
        ret = _returns(s, game)
        for n, mover in path:
            n.visits += 1
            if mover is not None:
                n.value += ret[mover]


def own_bot(game, level: str, seed: int, cap: bool) -> Any:
    """The game's own player for ``level``, or None where the game has none for it: ``Game.extra["bot"]``
    is ``bot(level, seed, cap)``, returning an object with :meth:`step` and optionally
    ``start``/``think``/``progress``/``best``/``value`` as :class:`MCTSBot`, or None to leave that level
    to the core's :class:`MCTSBot` (a game may bring a player for some levels only)."""
    own = game.extra.get("bot") if isinstance(game.extra, dict) else None
    return own(level, seed, cap) if own is not None else None


class LevelBot:
    """A level's bot for whichever game it is handed: the game's own player for the level when the game
    has one (:func:`own_bot`), else the level's :class:`MCTSBot`. The bot is made at its first position
    and kept for the game's later ones."""

    def __init__(self, level: str, seed: int, cap: bool):
        self.level, self.seed, self.cap = level, seed, cap
        self._bot: Any = None
        self._game: Any = None
        self._pending: Any = None

    def _for(self, state) -> Any:
        if self._bot is None or self._game is not state.game:
            self._bot = own_bot(state.game, self.level, self.seed, self.cap)
            if self._bot is None:
                it, depth, secs = LEVELS[self.level]  # type: ignore[misc]
                self._bot = MCTSBot(iterations=it, depth=depth, seconds=secs if self.cap else math.inf,
                                    seed=self.seed)
            self._game = state.game
        return self._bot

    def step(self, state) -> Action:
        return self._for(state).step(state)

    def start(self, state) -> None:
        bot = self._for(state)
        if hasattr(bot, "start"):
            bot.start(state)
        else:
            self._pending = state

    def think(self, seconds: float) -> bool:
        return self._bot.think(seconds) if hasattr(self._bot, "think") else True

    def progress(self) -> float:
        return self._bot.progress() if hasattr(self._bot, "progress") else 1.0

    def best(self) -> Action:
        return self._bot.best() if hasattr(self._bot, "best") else self._bot.step(self._pending)

    def value(self) -> float | None:
        """The searched value of the answer for the player to move, in [-1, 1], when the level's player
        tells one (else None)."""
        return self._bot.value() if hasattr(self._bot, "value") else None


def make_bot(level: str, seed: int = 0, cap: bool = True):
    """A bot for a level name in :data:`LEVELS`; raises PygamesError for an unknown level.
    ``cap=False`` lifts the level's time cap (the search is then exactly its iteration budget). A game
    may bring its own player for the levels (``Game.extra["bot"]``, see :class:`LevelBot`)."""
    if level not in LEVELS:
        raise PygamesError(f"unknown computer level {level!r}; levels: {', '.join(LEVELS)}")
    if LEVELS[level] is None:
        return RandomBot(seed)
    return LevelBot(level, seed, cap)
