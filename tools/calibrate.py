"""How far a game's evaluation is from a chance to win (issue 19's hints and review): ``python3 build.py
bench --calibrate [--game ID]... [--games N] [--level L]... [--options JSON]``.

The review draws each player's chance to win after every move from the game's evaluation
(:attr:`pygames.core.registry.Game.evaluate`, values in [-1, 1]) as ``1 / (1 + exp(-a v))``, with a slope
``a`` per game (``Game.extra["eval_scale"]``, default :data:`pygames.web_hint.EVAL_SCALE`). Read as
``(v + 1) / 2``, an evaluation that moves little (DVONN's, Zoon's) draws a flat chart and marks nothing,
and one that swings (Dritzak's) marks good moves as blunders. This tool fits ``a`` the way engines fit
their score-to-win curves: it plays ``N`` games of the level against itself (seat-balanced by symmetry,
each seat's value at every decision paired with that seat's result: 1 a win alone, 0 a loss, 1/2 a
shared first place) and maximises the log-likelihood of the results over ``a`` (golden-section search on
[0.25, 8]; the likelihood is concave in ``a``). It prints per configuration the decisions used, the
fitted slope, and the mean log loss per decision at the fitted slope, at the game's current slope and of
a coin (ln 2 = 0.693), so a reader sees what the fit buys. Two-player configurations only (a chance to
win of one seat against one): the ladder's, or ``--options`` for the named games (Dritzak's two
players); a game's slope serves all its configurations. Several ``--level`` flags pool their games; a
level may name a pair, ``--level easy-random`` (the first level against the second, seats alternating):
a review is of a game a person played, who may be far weaker or stronger than the computer, and an
evaluation's large leads are only seen, and their slope only fitted, in such games.
"""
from __future__ import annotations

import math
import random

GOLDEN = (math.sqrt(5) - 1) / 2


def log_loss(data: list[tuple[float, float]], a: float) -> float:
    """Mean log loss (nats per decision) of results ``y`` in {0, 1/2, 1} predicted as ``sigmoid(a v)`` for
    ``data`` = ``[(v, y)]``; a coin scores ln 2."""
    total = 0.0
    for v, y in data:
        z = a * v
        # log(sigmoid(z)) and log(1 - sigmoid(z)) without overflow
        lp = -math.log1p(math.exp(-z)) if z >= 0 else z - math.log1p(math.exp(z))
        lq = -z + lp
        total -= y * lp + (1 - y) * lq
    return total / max(1, len(data))


def fit_scale(data: list[tuple[float, float]], low: float = 0.25, high: float = 8.0) -> float:
    """The slope ``a`` in [low, high] that minimises :func:`log_loss` (golden-section search, to 0.01).
    The bounds keep a chart readable: the values of a few games that one side won from every lead
    separate, and their best slope is then infinite (Dvertz between medium players)."""
    a, b = low, high
    c, d = b - GOLDEN * (b - a), a + GOLDEN * (b - a)
    fc, fd = log_loss(data, c), log_loss(data, d)
    while b - a > 0.01:
        if fc < fd:
            b, d, fd = d, c, fc
            c = b - GOLDEN * (b - a)
            fc = log_loss(data, c)
        else:
            a, c, fc = c, d, fd
            d = a + GOLDEN * (b - a)
            fd = log_loss(data, d)
    return round((a + b) / 2, 2)


def prob_log_loss(data: list[tuple[float, float]]) -> float:
    """Mean log loss (nats) of results ``y`` predicted as probabilities ``c`` (clipped to [0.001, 0.999])
    for ``data`` = ``[(c, y)]``."""
    total = 0.0
    for c, y in data:
        c = min(0.999, max(0.001, c))
        total -= y * math.log(c) + (1 - y) * math.log(1 - c)
    return total / max(1, len(data))


def self_play(game_id: str, options: dict, games: int, level: str,
              chances: list | None = None) -> list[tuple[float, float]]:
    """``[(v, y)]``: every seat's evaluation at every decision of ``games`` games of ``level`` against
    itself (caps off, seeds 0..games-1), with that seat's result. ``level`` may name two levels,
    ``"easy-random"``: the first plays seat 0 in even games and seat 1 in odd ones, the second the other
    seats (games between unequal players, where the evaluation's leads grow large). With ``chances`` (a
    list) and a game that has its own ``extra["review_chance"]``, the same games also append
    ``(that estimate of the seat's chance, its result)`` to it, at the same decisions."""
    from pygames.core.bots import make_bot
    from pygames.core.chance import sample_outcome
    from pygames.core.registry import get_game
    g = get_game(game_id)
    own = g.extra.get("review_chance") if chances is not None else None
    first, _, second = level.partition("-")
    data = []
    for seed in range(games):
        s = g.new_initial_state(options)
        seat = seed % s.num_players
        levels = [first if not second or i == seat else second for i in range(s.num_players)]
        bots = [make_bot(levels[i], seed=seed * 31 + i, cap=False) for i in range(s.num_players)]
        rng = random.Random(seed)
        seen, owns = [], []
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(sample_outcome(s, rng))
                continue
            seen.append([float(x) for x in g.evaluate(s)])
            if own is not None:
                owns.append([float(own(s, p)) for p in range(s.num_players)])
            s.apply(bots[s.current_player()].step(s))
        ret = s.returns()
        top = max(ret)
        result = [0.0 if r < top else 1.0 if ret.count(top) == 1 else 0.5 for r in ret]
        data += [(v[p], result[p]) for v in seen for p in range(len(v))]
        if chances is not None:
            chances += [(c[p], result[p]) for c in owns for p in range(len(c))]
    return data


def bench_calibrate(args: list[str]) -> int:
    """The command line (see the module docstring)."""
    from pygames import games as _games  # noqa: F401
    from pygames.core.registry import list_games
    from pygames.web_hint import EVAL_SCALE
    from tools.ladder import _flag, _ladder_configs
    n = int(_flag(args, "--games", "20"))
    levels = [args[i + 1] for i, a in enumerate(args) if a == "--level" and i + 1 < len(args)] or ["medium"]
    only = [args[i + 1] for i, a in enumerate(args) if a == "--game" and i + 1 < len(args)]
    configs = [c[:3] for c in _ladder_configs(list_games())]  # the options alone, not a ladder rotation's setups
    if "--options" in args:  # one configuration of the named games, e.g. Dritzak's two players
        import json
        configs = [(g, "options " + _flag(args, "--options", "{}"), g.validate_options(json.loads(
            _flag(args, "--options", "{}")))) for g in list_games() if g.id in only]
    pooled: dict = {}
    for g, label, opts in configs:
        if (only and g.id not in only) or g.num_players(opts) != 2 or g.evaluate is None:
            continue
        for level in levels:
            owns: list = []
            data = self_play(g.id, opts, n, level, owns)
            if owns:  # the game's own chance for the review, where it has one, on the same games
                print(f"{g.id} {label}, {level}: its review_chance, log loss {prob_log_loss(owns):.4f} over "
                      f"{len(owns)} values", flush=True)
            pooled.setdefault(g.id, (g, []))[1].append((f"{label}, {level}", data))
            a = fit_scale(data)
            now = g.extra.get("eval_scale", EVAL_SCALE)
            print(f"{g.id} {label}: {len(data)} values from {n} games of {level}; fitted slope {a}, log loss "
                  f"{log_loss(data, a):.4f} (at the game's slope {now}: {log_loss(data, now):.4f}; a coin "
                  f"{math.log(2):.4f})", flush=True)
    for g, parts in pooled.values():  # one slope serves every configuration (and pairing) of a game
        data = [x for _label, part in parts for x in part]
        a = fit_scale(data)
        now = g.extra.get("eval_scale", EVAL_SCALE)
        each = "; ".join(f"{label} {log_loss(part, a):.4f}" for label, part in parts)
        print(f"{g.id}, all its configurations and levels: {len(data)} values; fitted slope {a}, log loss "
              f"{log_loss(data, a):.4f} (at {now}: {log_loss(data, now):.4f}); each at {a}: {each}")
    return 0
