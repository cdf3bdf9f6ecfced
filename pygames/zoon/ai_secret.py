"""Zoon, classic combat: the game of secret choices solved for the computer players (ZN42, ZN43; issue 19).

In a classic combat each side secretly picks one of eight choices (its card upright or turned, and the
corner of the enemy card it touches), and the pair of choices decides the outcome. The bots used to judge
a pending combat with every choice not yet made equally likely; a player instead picks a strong mix. Here
the 8 × 8 game is solved as a zero-sum matrix game:

- :func:`classic_classes` weighs a pending combat's outcomes by both sides' equilibrium mixes of the game
  whose payoff is the combat's result (win, draw, loss, a tribe-card effect half a win), the game a player
  plays to win the fight (:func:`outcome_mixes`, kept by pattern: a search meets the same two cards again
  and again), each outcome then judged by the evaluation. A choice already made counts as made only when it
  is the searching player's own: the other side's is secret (ZN42).
- :func:`choose` picks the bot's own secret choice by sampling its equilibrium mix of the game whose payoffs
  are the evaluation of each outcome, averaged over determinizations (:func:`secret_game`: the enemy card
  face down may be any the player cannot tell apart, ZN44), so the rest of the board counts too.

:func:`solve` is a small exact-enough solver, stdlib only: duplicate rows and columns merged, dominated ones
removed, a pure saddle point or a 2 × 2 game solved in closed form, else regret matching+ (Tammelin 2014)
with linear averaging.
"""
from __future__ import annotations

import random

CHOICES = tuple((o, k) for o in (0, 1) for k in range(4))
"""The eight secret choices ``(orientation, corner)``: 0 upright / 1 turned, the corner TL, TR, BR, BL (ZN42)."""
ITERATIONS = 120
"""Regret-matching+ iterations for a game with no pure or 2 × 2 solution."""


def _classes(state) -> tuple[list, list[list[int]], list]:
    """The pending classic combat's outcome classes: ``(reps, idx, keys)`` where ``reps[c]`` is a choice
    pair ``[attacker's, defender's]`` reaching class ``c``, ``keys[c]`` its ``(result, effect side)`` and
    ``idx[i][j]`` the class of the attacker's choice ``CHOICES[i]`` against the defender's ``CHOICES[j]``."""
    keys: dict = {}
    reps: list = []
    idx = []
    for sa in CHOICES:
        row = []
        for sd in CHOICES:
            res, eff = state.classic_result((sa, sd))[:2]
            c = keys.get((res, eff))
            if c is None:
                c = keys[(res, eff)] = len(reps)
                reps.append([sa, sd])
            row.append(c)
        idx.append(row)
    return reps, idx, list(keys)


WORTH = {"attacker": 1.0, "draw": 0.0, "defender": -1.0}
"""The attacker's payoff of a combat's result in the game the search assumes both sides play (a tribe-card
effect, which a Star brings on a draw, counts half a win to the side whose card fires it)."""
_MIXES: dict = {}
"""Solved games of outcomes, by their pattern of classes: ``{(keys, idx): (x, y)}``."""


def outcome_mixes(keys: list, idx: list[list[int]]) -> tuple[list[float], list[float]]:
    """Both sides' equilibrium mixes ``(x, y)`` (the attacker's over :data:`CHOICES`, the defender's) of
    the game whose payoff is the combat's result, :data:`WORTH` (a side picks its card's turn and the
    corner it touches to win the combat, not knowing the rest of the board's worth). A search meets the
    same two cards many times: solved games are kept by their pattern (at most 20,000)."""
    key = (tuple(keys), tuple(map(tuple, idx)))
    got = _MIXES.get(key)
    if got is None:
        worth = [WORTH[r] + (0.5 if e == "a" else -0.5 if e == "d" else 0.0) for r, e in keys]
        got = solve([[worth[c] for c in row] for row in idx])[:2]
        if len(_MIXES) > 20_000:
            _MIXES.clear()
        _MIXES[key] = got
    return got


def _reduce(a: list[list[float]]) -> tuple[list[list[int]], list[list[int]]]:
    """Groups of equal rows and columns of ``a`` (the row player maximizes), dominated groups dropped:
    ``(row groups, column groups)``, each a list of original indices."""
    rows: dict = {}
    for i, r in enumerate(a):
        rows.setdefault(tuple(r), []).append(i)
    rg = list(rows.values())
    cols: dict = {}
    for j in range(len(a[0])):
        cols.setdefault(tuple(a[i][j] for i in range(len(a))), []).append(j)
    cg = list(cols.values())
    changed = True
    while changed and (len(rg) > 1 or len(cg) > 1):
        changed = False
        for g in list(rg):
            r = a[g[0]]
            if any(h is not g and all(a[h[0]][c[0]] >= r[c[0]] for c in cg) for h in rg):
                rg.remove(g)
                changed = True
                break
        for g in list(cg):
            c = g[0]
            if any(h is not g and all(a[r[0]][h[0]] <= a[r[0]][c] for r in rg) for h in cg):
                cg.remove(g)
                changed = True
                break
    return rg, cg


def solve(a: list[list[float]], iterations: int = ITERATIONS) -> tuple[list[float], list[float], float]:
    """An equilibrium of the zero-sum matrix game ``a`` (``m × n`` payoffs to the row player, who maximizes):
    ``(x, y, v)`` with ``x`` the row mix (length ``m``), ``y`` the column mix (length ``n``) and ``v`` the
    value ``xᵀ a y``. Equal choices share their weight evenly. Exact for pure and 2 × 2 games, else within
    about a hundredth of the payoffs' range (regret matching+ over ``iterations`` rounds).

    >>> x, y, v = solve([[1, -1], [-1, 1]])
    >>> x, y, v
    ([0.5, 0.5], [0.5, 0.5], 0.0)
    """
    m, n = len(a), len(a[0])
    rg, cg = _reduce(a)
    b = [[a[r[0]][c[0]] for c in cg] for r in rg]
    p, q = len(rg), len(cg)
    lo = max(range(p), key=lambda i: min(b[i]))
    hi = min(range(q), key=lambda j: max(b[i][j] for i in range(p)))
    if min(b[lo]) >= max(b[i][hi] for i in range(p)):  # a saddle point
        xs, ys = [0.0] * p, [0.0] * q
        xs[lo], ys[hi] = 1.0, 1.0
    elif p == 2 and q == 2:
        (e, f), (g, h) = b
        den = e - f - g + h  # no saddle point: den is not 0
        xs = [(h - g) / den, (e - f) / den]
        ys = [(h - f) / den, (e - g) / den]
    else:
        xs, ys = _regret_matching(b, iterations)
    x, y = [0.0] * m, [0.0] * n
    for wx, gx in zip(xs, rg):
        for i in gx:
            x[i] = wx / len(gx)
    for wy, gy in zip(ys, cg):
        for j in gy:
            y[j] = wy / len(gy)
    v = sum(x[i] * a[i][j] * y[j] for i in range(m) if x[i] for j in range(n) if y[j])
    return x, y, v


def _regret_matching(b: list[list[float]], iterations: int) -> tuple[list[float], list[float]]:
    """Regret matching+ with alternating updates and linearly weighted averages: the average mixes."""
    p, q = len(b), len(b[0])
    rx, ry = [0.0] * p, [0.0] * q
    x, y = [1.0 / p] * p, [1.0 / q] * q
    sx, sy = [0.0] * p, [0.0] * q
    cols = [[b[i][j] for i in range(p)] for j in range(q)]
    for t in range(1, iterations + 1):
        u = [sum(r[j] * y[j] for j in range(q)) for r in b]
        ev = sum(x[i] * u[i] for i in range(p))
        rx = [max(0.0, rx[i] + u[i] - ev) for i in range(p)]
        tot = sum(rx)
        x = [r / tot for r in rx] if tot > 0 else [1.0 / p] * p
        for i in range(p):
            sx[i] += t * x[i]
        w = [sum(c[i] * x[i] for i in range(p)) for c in cols]
        ev = sum(y[j] * w[j] for j in range(q))
        ry = [max(0.0, ry[j] + ev - w[j]) for j in range(q)]
        tot = sum(ry)
        y = [r / tot for r in ry] if tot > 0 else [1.0 / q] * q
        for j in range(q):
            sy[j] += t * y[j]
    tx, ty = sum(sx), sum(sy)
    return [s / tx for s in sx], [s / ty for s in sy]


def _no_value(how) -> float:
    return 0.0


def classic_classes(state, value=None) -> list[tuple[float, list, float]]:
    """The pending classic combat's outcome classes weighed by both sides' equilibrium mixes of the game of
    outcomes (:func:`outcome_mixes`): ``[(probability, how, value), ...]`` with ``how`` a choice pair
    reaching the class (see :func:`pygames.zoon.ai._resolved`) and ``value`` South's value of it,
    ``value(how)`` (in (-1, 1); asked only for the classes that may happen; 0.0 with no ``value``). A
    choice already made is fixed only when it is the searching player's own (``_bot_root``), or when no
    search is under way; the other side's made choice is secret to the searcher (ZN42) and mixed as if
    not yet made."""
    if value is None:
        value = _no_value
    reps, idx, keys = _classes(state)
    if len(reps) == 1:
        return [(1.0, reps[0], value(reps[0]))]
    root = state.__dict__.get("_bot_root")
    a_owner = state.combat["a"][0]
    owners = (a_owner, 1 - a_owner)
    fixed = [state.secret[k] is not None and (root is None or root[0] == owners[k]) for k in (0, 1)]
    if fixed[0] and fixed[1]:
        c = idx[CHOICES.index(tuple(state.secret[0]))][CHOICES.index(tuple(state.secret[1]))]
        return [(1.0, reps[c], value(reps[c]))]
    x, y = outcome_mixes(keys, idx)  # neither side sees the other's choice: each plays its mix
    if fixed[0]:
        x = [1.0 if c == tuple(state.secret[0]) else 0.0 for c in CHOICES]
    elif fixed[1]:
        y = [1.0 if c == tuple(state.secret[1]) else 0.0 for c in CHOICES]
    prob = [0.0] * len(reps)
    for i in range(8):
        if x[i]:
            row = idx[i]
            for j in range(8):
                if y[j]:
                    prob[row[j]] += x[i] * y[j]
    return [(prob[c], reps[c], value(reps[c])) for c in range(len(reps)) if prob[c] > 1e-9]


def secret_game(state, me: int, rng: random.Random, dets: int, judge) -> list[list[float]]:
    """The game of secret choices as ``me`` sees it in ``state`` (phase ``secret``): the 8 × 8 payoffs to
    the attacker (rows its :data:`CHOICES`, columns the defender's) averaged over ``dets`` determinizations
    for ``me``, each noted as a search root, with neither side's made choice read, each outcome judged by
    ``judge(state, how)``: South's value of the combat resolved by the choice pair ``how``."""
    from . import ai
    sign = 1.0 if state.combat["a"][0] == 0 else -1.0
    pay = [[0.0] * 8 for _ in range(8)]
    for _ in range(dets):
        d = state.determinize(me, rng)
        ai.note_root(d, me)
        d.secret = [None, None]  # own choice is being made, the other's is secret (ZN42)
        reps, idx, _keys = _classes(d)
        vals = [sign * judge(d, how) for how in reps]
        for i in range(8):
            for j in range(8):
                pay[i][j] += vals[idx[i][j]] / dets
    return pay


def choose(state, me: int, rng: random.Random, dets: int, judge) -> str:
    """The notation of ``me``'s secret choice in ``state`` (phase ``secret``, ``me`` to choose): drawn with
    ``rng`` from ``me``'s equilibrium mix of :func:`secret_game` (same arguments)."""
    from .board import CORNERS
    x, y, _v = solve(secret_game(state, me, rng, dets, judge))
    mix = x if me == state.combat["a"][0] else y
    o, t = rng.choices(CHOICES, weights=mix)[0]
    return f"secret {('up', 'down')[o]} {CORNERS[t]}"
