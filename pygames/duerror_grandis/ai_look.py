"""Duerror Grandis: medium and hard, the planner's moves judged by sampling the next round (rules G8–G26, G30–G31).

At each decision of its turn the player tries each legal action and plays on from it, many times, with
the dice drawn at random: its own turn to the end, then the other players' turns, every decision made
by the easy level's whole-turn planner (:class:`~pygames.duerror_grandis.ai_plan.PlanBot`, the level
below, so the model of the others is the player it meets in the ladder). A line stops at the start of
the player's next turn (``phases=2``; 3: at the end of it; 0: never), or when the game is over; it is
judged by ``tanh`` of the player's lead in expected turns over the fastest other player
(:func:`~pygames.duerror_grandis.ai_plan.lead`, :data:`SCALE`), a finished game +1 for a win alone, a
share of the first place for a shared one, -1 for a loss. The action with the best mean is played. All
actions are tried on the same draws (common random numbers: in a sample each player's dice come from
their own generator, seeded alike for each action), so their difference is measured more than the luck
of the dice.

The planner judges the takes the others may make with a fixed chance (:func:`.ai_race.threat`) and
knows nothing of the others' dice; here the others' formactus rolls, takes and veers are played out.
Choices before the first turn (colour, board, starting piece) are the planner's. In Caecus each sample
is played on a fresh determinization of what the player may know (``state.determinize``, G41), never
the true hidden boards.
"""
from __future__ import annotations

import math
import random
import time

from ..core.chance import sample_outcome
from .ai_plan import BUDGET, PlanBot, lead

SCALE = 2.5
"""Expected turns of lead worth about three quarters of a win (``tanh(1)``)."""
LEVELS = {"medium": {"samples": 16, "phases": 3, "factiosus_samples": 4},
          "hard": {"samples": 64, "phases": 3, "factiosus_samples": 12}}
"""Each level's samples per legal action (per decision), in Factiosus (``factiosus_samples``) and in the
other variants, and horizon (``phases``, :class:`LookBot`). Factiosus turns are long (every piece on the
board veers, moves or pays to stay, G31), so a sampled line costs about forty times one of the other
variants: with the others' samples medium took 1.4 CPU s a decision there and hard 5.7 (2026-11-27),
past issue 19's 1 s and 2 s; with these, about 0.35 and 1.0 (``docs/bots.md``)."""
CAPS = {"medium": 0.9, "hard": 1.6}
"""Wall-clock seconds a decision at most when capped (issue 19: medium within 1 s, hard within 2 s)."""
MAX_DECISIONS = 60
"""Decisions played at most in one sampled line (Factiosus turns are long)."""
SETUP = ("colour", "board", "piece")


class LookBot:
    """Judges each legal action by ``samples`` sampled lines of play (module docstring); ``step(state)``
    returns one of ``state.legal_actions()`` for the player to move. ``seed`` draws the
    determinizations and the dice; ``phases`` where a line stops (module docstring), ``limit`` the
    decisions of a line at most; ``budget`` is the planner's (positions a decision), ``scale`` the turns
    of lead of ``tanh``; ``seconds`` a wall-clock cap a decision (at least one sample is played);
    ``factiosus_samples`` the samples in a Factiosus game (G31; default ``samples``)."""

    def __init__(self, seed: int = 0, samples: int = 6, phases: int = 2, budget: int = BUDGET,
                 scale: float = SCALE, limit: int = MAX_DECISIONS, seconds: float = math.inf,
                 factiosus_samples: int | None = None):
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.samples = samples
        self.factiosus_samples = samples if factiosus_samples is None else factiosus_samples
        self.phases = phases
        self.limit = limit
        self.scale = scale
        self.planner = PlanBot(seed, budget)
        self._value: float | None = None

    def step(self, state):
        acts = state.legal_actions()
        self._value: float | None = None
        if len(acts) == 1:
            return acts[0]
        p = state.current_player()
        if state.part in SETUP:
            root = state.determinize(p, self.rng) if state.caecus else state
            return self.planner.plan(root, acts)
        total = {a.notation: 0.0 for a in acts}
        count = dict.fromkeys(total, 0)
        end = time.monotonic() + self.seconds
        for i in range(self.factiosus_samples if state.factiosus else self.samples):
            if i and time.monotonic() > end:
                break
            root = state.determinize(p, self.rng) if state.caecus else state
            seed = self.rng.getrandbits(32) * 8
            for a in root.legal_actions():
                if a.notation not in total:
                    continue
                c = root.clone()
                c.apply(a)
                total[a.notation] += self._line(c, p, [random.Random(seed + q) for q in range(state.n)])
                count[a.notation] += 1
        mean = {k: total[k] / count[k] for k in total if count[k]}
        best = max(acts, key=lambda a: mean.get(a.notation, -9.0))
        self._value = mean.get(best.notation)
        return best

    def value(self) -> float | None:
        """The mean judgement in [-1, 1] of the last :meth:`step`'s answer (None when it was forced or a
        choice before the first turn): read by the hint (``pygames.web_hint``)."""
        return self._value

    def _line(self, s, p: int, rngs: list) -> float:
        """Play ``s`` on to the horizon (the planner's decisions; the dice of player ``q``'s turn drawn
        from ``rngs[q]``, so the others' dice stay alike whatever ``p`` did); ``p``'s value there."""
        game = s.game_no
        phase = 0  # 0: p's turn, 1: the others', 2: p's next turn, 3: after it
        stop = self.phases
        plan = self.planner.plan
        for _ in range(self.limit):
            if s.part == "over" or s.game_no != game:
                break
            if s.is_chance_node():
                s.apply(sample_outcome(s, rngs[s.turn]))
                continue
            if (s.current_player() == p) == (phase % 2 == 1):
                phase += 1
                if stop and phase >= stop:
                    break
            s.apply(plan(s))
        return self._judge(s, p, game)

    def _judge(self, s, p: int, game: int) -> float:
        """``p``'s value of ``s`` in [-1, 1]: a finished game (of the match, Parcus) +1 won alone, ``2/k - 1``
        shared by ``k``, -1 lost; else ``tanh(lead / scale)``."""
        if s.part == "over" or s.game_no != game:
            ranked = s.ranked or []
            return 2.0 / len(ranked) - 1.0 if p in ranked else -1.0
        return math.tanh(lead(s, p) / self.scale)


def make_level_bot(level: str, seed: int = 0, cap: bool = True) -> PlanBot | LookBot | None:
    """``Game.extra["bot"]``: the planner for ``easy``, a :class:`LookBot` of :data:`LEVELS` for ``medium`` and
    ``hard`` (``cap``: stopped after the level's :data:`CAPS` seconds of wall clock, else exactly its
    samples); None for another level name."""
    if level == "easy":
        return PlanBot(seed)
    if level in LEVELS:
        return LookBot(seed, seconds=CAPS[level] if cap else math.inf, **LEVELS[level])
    return None
