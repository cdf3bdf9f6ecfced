"""DVONN's computer players: the levels easy, medium and hard as alpha-beta searches
(:mod:`pygames.dvonn.search`) judged by DVONN's own evaluation (:mod:`pygames.dvonn.evaluation`, whose
docstring explains each term and the game situation behind it), and the hooks other code reads.

Registered through ``Game.extra["bot"]`` (:func:`make_level_bot`), which ``pygames.core.bots.make_bot``
asks for a game's own bot; the level names and their meaning stay the core's. Each level is a depth and
a time budget (:data:`LEVELS`): iterative deepening to the level's depth, further while time remains for
hard, stopped at its seconds (``cap=False``: exactly the level's depth, whatever the time). Placements
(N3) are searched too, with the placement evaluation, two placements deep for medium and hard; hard's
last eight to the full board and on into the stacking phase (:data:`PLACE_END`, N4, N5). Hard
first tries to solve the end of the game exactly once at most 22 stacks stand (:data:`SOLVE`,
:class:`pygames.dvonn.search.Solver`: win, draw or loss under perfect play, N15–N18), with half of its
time; it plays a win or a draw it finds, and searches as usual otherwise.

``Game.evaluate`` is :func:`evaluate` (values in (-1, 1) per player); Dvertz reads :func:`evaluate`,
:func:`capture_gain` and the stacking evaluation for its DVONN half.

Measured (``docs/bots.md``, DVONN section, with ``tools/primadvonna.py``; a shared machine, load average
0.4–11): hard against PrimaDvonna's 1 s per move with both time limits in CPU seconds (``--cpu``) 10.5 of
60 (0.175, 0.10–0.29; as White 8.5 of 30, as Black 2 of 30; mean margin -14.2 pieces; 1.20 CPU s per
stacking move against its 0.26): the 0.5 target is not met (the wall-clock series before, 19.5 of 60,
starved PrimaDvonna more than hard); against its two-ply setting 19 of 20 (0.95, 0.76–0.99; 18 of 20
before, wall clock); alpha-beta against MCTS with this evaluation at the same 0.5 s per move 9 of 10;
medium against easy (no time cap) 0.769 (0.725–0.807) over 400 games, hard against medium 0.750
(0.551–0.880) over 24 and, with its last placements searched into the stacking phase (:data:`PLACE_END`),
0.875 (0.529–0.978) over 8; in the browser (Pyodide worker) hard's decisions took 1.72–2.00 s, mean 1.78,
over 60 timed.
"""
from __future__ import annotations

import math
import random
import time
from typing import Any

from ..core.bots import AnytimeBot
from ..core.errors import PygamesError
from .board import COLOURS, DVONN, N_CELLS, NAMES
from .evaluation import placement_value, stacking_value
from .search import Search

LEVELS: dict[str, tuple[int, int, float, int]] = {
    # level: (depth without a time cap, deepest with the cap, seconds, placement depth)
    "easy": (1, 1, 0.5, 1),
    "medium": (2, 2, 1.0, 2),
    "hard": (4, 16, 1.7, 2),
}
"""Each level's search: its depth when the time cap is lifted, the deepest iteration with the cap, the
time cap in seconds per decision (hard stays within 2 s), and the depth of its placement search."""
SCALE = 10.0
"""Evaluation points (about pieces of score) per unit of ``tanh`` argument in :func:`evaluate`."""
TABLE_LIMIT = 100_000
"""A player keeps its transposition table and evaluation cache from move to move (positions are keyed
by Zobrist keys, whoever's turn, so what one search learnt about the positions two plies on is reused
by the next); both are emptied when either holds more entries than this (memory, in the browser too)."""
SOLVE = {"hard": (22, 0.5, 200_000)}
"""Levels that first try to solve the stacking phase to its end (:class:`pygames.dvonn.search.Solver`):
``(at most this many stacks on the board, share of the decision's time, most nodes)``; a win or a draw
found is played, otherwise the level searches as usual in the time left."""
PLACE_END = {"hard": (8, 4)}
"""Levels whose placement search, with at most this many placements left, deepens to the full board
and then into the stacking phase (``(placements left, stacking plies)``,
:attr:`pygames.dvonn.search.Search.place_end`) within the time cap: the last placements decide which
stacks can move and take first once White opens the stacking phase (N5), which the placement evaluation
does not see. With 8 left a search reaches the full board and 2–4 stacking plies in hard's 1.7 s."""
SOLVE_TABLE_LIMIT = 400_000
"""The solver's table (exact bounds, kept from move to move) is emptied past this many entries."""


def evaluate(state) -> list[float]:
    """Per-player values in (-1, 1) (White, Black) of a DVONN state (or any object with ``status``,
    ``board``, ``placed`` and ``turn``): the final result once the game is over, else ``tanh`` of the
    evaluation (:func:`pygames.dvonn.evaluation.stacking_value`, or ``placement_value`` while placing)
    over :data:`SCALE`."""
    if state.status == "over":
        return state.returns()
    board = state.board
    if state.placed < N_CELLS:
        x = placement_value(board)
    else:
        x = stacking_value(board, state.turn)
    v = math.tanh(x / SCALE)
    return [v, -v]


def capture_gain(board: list[str], move: tuple[int, int], player: int) -> int:
    """What ``move`` does to the score difference (N17) for ``player``, before any disconnection: landing
    on an opponent's stack takes its pieces (its height counts twice: theirs lost, ours gained), on a lone
    DVONN piece adds one, on one's own stack nothing."""
    s = board[move[1]]
    top = s[-1]
    if top == DVONN:
        return 1
    return 2 * len(s) if top != COLOURS[player] else 0


def rollout_policy(state, rng: random.Random):
    """Playout policy (``Game.rollout_policy``): a uniformly random legal action."""
    acts = state.legal_actions()
    return acts[rng.randrange(len(acts))]


class DvonnBot(AnytimeBot):
    """A level's player (see the module doc), with the core's bot interface: :meth:`step`, or
    :meth:`start`, :meth:`think` (a time slice) until it returns True, :meth:`progress` and :meth:`best`.

    ``depth``: deepest iteration; ``seconds``: time cap per decision (None: none); ``placement_depth``;
    ``seed``: breaks ties between equal moves. ``clock`` (an attribute, ``time.monotonic`` unless set):
    what the time cap is measured on; ``tools/primadvonna.py --cpu`` sets ``time.process_time``, so
    that a loaded machine does not shorten the search."""

    def __init__(self, depth: int, seconds: float | None, placement_depth: int = 2, seed: int = 0,
                 solve: tuple[int, float, int] | None = None,
                 place_end: tuple[int, int] | None = None):
        self.depth, self.seconds, self.placement_depth = depth, seconds, placement_depth
        self.solve = solve
        self.place_end = place_end
        self._solved: dict = {}
        self.rng = random.Random(seed)
        self._state = None
        self._search: Search | None = None
        self._gen: Any = None
        self._answer: Any = None
        self._done = 0
        self.last_depth = 0
        self._tables: tuple[dict, dict] = ({}, {})
        self.clock = time.monotonic

    def start(self, state) -> None:
        """Begin deciding for ``state`` (not modified). Raises PygamesError at a terminal state."""
        if self._begin(state) is None:
            return
        deadline = None if self.seconds is None else self.clock() + self.seconds
        tt, leaves = self._tables
        if len(tt) > TABLE_LIMIT or len(leaves) > TABLE_LIMIT:
            tt.clear()
            leaves.clear()
        self._search = Search(state.board, state.placed, state.turn, self.depth, deadline,
                              self.placement_depth, self.rng, self._tables, self.clock)
        if self.solve is not None:
            if len(self._solved) > SOLVE_TABLE_LIMIT:
                self._solved.clear()
            self._search.solve = self.solve + (self._solved,)
        self._search.place_end = self.place_end
        self._gen = self._search.run()

    def think(self, seconds: float) -> bool:
        """Search for at most about ``seconds`` (at least one root move); True once decided."""
        if self._answer is not None:
            return True
        end = time.monotonic() + seconds
        assert self._gen is not None
        for _ in self._gen:
            self._done += 1
            if time.monotonic() > end:
                return False
        return True

    def progress(self) -> float:
        """How much of the decision is done, 0..1 (time used over the cap)."""
        s = self._search
        if self._answer is not None or s is None or s.done:
            return 1.0
        if s.deadline is None or self.seconds is None:
            return min(0.99, self._done / max(1, len(s.root_moves) * s.max_depth))
        return min(0.99, 1.0 - (s.deadline - self.clock()) / self.seconds)

    def best(self):
        """The chosen action (an :class:`~pygames.core.state.Action` of the state's legal actions)."""
        if self._answer is not None:
            return self._answer
        s = self._search
        assert s is not None and self._state is not None
        self.last_depth = s.depth
        m = s.best
        if m is None:
            return self._state.find_action("pass")
        if isinstance(m, int):
            return self._state.find_action(NAMES[m])
        return self._state.find_action(NAMES[m[0]] + NAMES[m[1]])


def make_level_bot(level: str, seed: int = 0, cap: bool = True) -> DvonnBot:
    """``Game.extra["bot"]``: the player for ``level`` (a key of :data:`LEVELS`); ``cap=False`` searches
    exactly the level's depth with no time cap. Raises PygamesError for an unknown level."""
    if level not in LEVELS:
        raise PygamesError(f"unknown DVONN computer level {level!r}; levels: {', '.join(LEVELS)}")
    plain, deep, secs, pdepth = LEVELS[level]
    if cap:
        return DvonnBot(deep, secs, pdepth, seed, SOLVE.get(level), PLACE_END.get(level))
    return DvonnBot(plain, None, pdepth, seed, SOLVE.get(level), PLACE_END.get(level))
