"""Seat-balanced bot matches with a 95% interval: how the project measures its bots.

``play_match`` plays ``games`` games of one game between bot level ``a`` (one seat, rotating through all
seats game by game) and bot level ``b`` (every other seat). A game scores 1 for ``a`` when ``a``'s
return is the highest alone, ``1/k`` when ``k`` seats share the highest, else 0. The interval is
Wilson's score interval at 95% on the mean score. With more than two players the match also keeps the
head-to-head score (``pairwise``): per game, the share of the other seats whose return ``a``'s exceeds,
an equal return counting half; it is 0.5 at equal play whatever the number of players, and equals the
score in a two-player game. Chance is drawn from the game's seed, so a match is
reproducible.

Games are independent of each other (each draws its chance from its own seed), so ``jobs=N`` plays them in
``N`` processes with the same results as one. The level's time cap per decision binds when the machine is
slow or busy, which makes a match depend on the load; ``cap=False`` lifts it so a level is exactly its
iteration budget and a match is reproducible on any machine.

Bots that search without randomness (a game's candidate order and no playout) would repeat one game per
seating; ``opening=N`` starts every game with ``N`` uniformly random player decisions, as engine matches
start from varied openings. Each opening is played once from every seating (games ``k`` and ``k + 1`` of a
2-player match share it), so the openings favour neither level.

A game whose sides differ by more than the seat (Zoon's tribes) can be measured over several setups:
``rotation=[overrides, ...]`` plays game ``k`` with ``options`` updated by
``rotation[(k // players) % len(rotation)]``, so every seating of one opening has the same setup and each
setup is played equally often from every seat.

>>> r = play_match("verquere", {"ruleset": "ludii"}, "random", "random", games=2, seed=3)
>>> r["games"], 0.0 <= r["score"] <= 1.0
(2, True)
"""
from __future__ import annotations

import importlib
import math
import random
import time
from typing import Iterable

from .bots import make_bot
from .chance import sample_outcome
from .errors import PygamesError
from .registry import get_game


def wilson_interval(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a proportion ``score`` (0..1) over ``n`` trials (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def head_to_head(returns: list[float], seat: int) -> float:
    """The head-to-head score of ``seat`` in one finished game: the share of the other seats whose return
    ``returns[seat]`` exceeds, an equal return counting half (0..1; in a two-player game the usual 1, 0.5
    or 0). Where a game's returns name only a winner (+1, the rest -1), the losers tie with each other."""
    others = [r for q, r in enumerate(returns) if q != seat]
    mine = returns[seat]
    return sum(1.0 if mine > r else 0.5 if mine == r else 0.0 for r in others) / len(others)


def play_game(game_id: str, options: dict, levels: list[str], seed: int, max_plies: int = 100_000,
              opening: int = 0, opening_seed: int = 0, cap: bool = True, clock: dict | None = None):
    """Play one game with one bot level per seat; returns ``(final_state, plies)``. The first ``opening``
    player decisions are uniformly random, drawn from ``opening_seed``; ``cap=False`` lifts the levels'
    time caps. ``clock``, when given, is filled with ``{seat: [bot decisions, wall seconds, CPU seconds,
    longest wall seconds]}`` (a decision with one legal action counts too)."""
    g = get_game(game_id)
    state = g.new_initial_state(options)
    bots = [make_bot(lv, seed=seed * 31 + i, cap=cap) for i, lv in enumerate(levels)]
    rng = random.Random(seed)
    opening_rng = random.Random(opening_seed)
    plies = decisions = 0
    while not state.is_terminal() and plies < max_plies:
        if state.is_chance_node():
            state.apply(sample_outcome(state, rng))
        elif decisions < opening:
            acts = state.legal_actions()
            state.apply(acts[opening_rng.randrange(len(acts))])
            decisions += 1
        else:
            p = state.current_player()
            w0, c0 = time.perf_counter(), time.process_time()
            action = bots[p].step(state)
            if clock is not None:
                wall = time.perf_counter() - w0
                t = clock.setdefault(p, [0, 0.0, 0.0, 0.0])
                t[0] += 1
                t[1] += wall
                t[2] += time.process_time() - c0
                t[3] = max(t[3], wall)
            state.apply(action)
            decisions += 1
        plies += 1
    return state, plies


def _match_game(job: tuple) -> tuple[int, list[float], int, dict]:
    """One game of a match: ``(seat of a, returns, plies, clock)`` (a top-level function so a process pool
    can run it; ``clock`` as in :func:`play_game`)."""
    game_id, module, opts, a, b, n, k, seed, opening, cap = job
    importlib.import_module(module)  # a spawned process registers the game from its own module
    if isinstance(opts, list):  # a rotation of setups (see the module docstring)
        opts = opts[(k // n) % len(opts)]
    seat = k % n
    levels = [a if p == seat else b for p in range(n)]
    clock: dict = {}
    final, plies = play_game(game_id, opts, levels, seed=seed + k, opening=opening,
                             opening_seed=seed * 7919 + k // n, cap=cap, clock=clock)
    return seat, final.returns(), plies, clock


def play_match(game_id: str, options: dict | None, a: str, b: str, games: int = 200, seed: int = 1,
               progress: bool = False, opening: int = 0, jobs: int = 1, cap: bool = True, first: int = 0,
               timing: bool = False, rotation: list[dict] | None = None) -> dict:
    """Seat-balanced match of level ``a`` against level ``b``; see the module docstring. ``first`` numbers
    the first game (games ``first .. first + games - 1`` of the match of this seed are played, so a long
    match can be played in slices and summed: ``total`` is ``a``'s summed score, ``moves`` the raw
    ``{"a"|"b": [decisions, wall s, CPU s, longest wall s]}``).

    Returns ``{"games", "total", "pairwise", "plies", "score", "low", "high", "wins", "plies_per_game",
    "seconds_per_game"}`` where ``score`` is ``a``'s mean score and ``low``/``high`` its 95% interval;
    ``seconds_per_game`` is wall time divided by games (with ``jobs > 1`` it is shared by the processes).
    With ``timing``, also ``moves`` (above) and ``a_move``/``b_move``: ``{"wall", "cpu", "max"}``, mean wall
    and CPU seconds per decision of that level and its longest decision in wall seconds (on a loaded machine
    wall exceeds CPU). ``rotation``: option overrides played in turn, game by game (module docstring); each
    is validated with ``options`` before any game is played (``PygamesError`` names a bad one), and every
    setup must seat as many players as ``options``.
    """
    g = get_game(game_id)
    opts = g.validate_options(options or {})
    n = g.num_players(opts)
    setups = [g.validate_options(dict(options or {}, **r)) for r in rotation or []]
    if any(g.num_players(s) != n for s in setups):
        raise PygamesError("play_match: every setup of a rotation must seat as many players as the options")
    total = 0.0
    pairwise = 0.0
    wins = 0
    plies = 0
    t0 = time.perf_counter()
    module = g.state_class.__module__
    work = [(game_id, module, setups or opts, a, b, n, k, seed, opening, cap) for k in range(first, first + games)]
    moves = {"a": [0, 0.0, 0.0, 0.0], "b": [0, 0.0, 0.0, 0.0]}
    pool = None
    results: Iterable[tuple[int, list[float], int, dict]]
    if jobs > 1:
        import multiprocessing
        pool = multiprocessing.get_context("spawn").Pool(jobs)
        results = pool.imap(_match_game, work)
    else:
        results = map(_match_game, work)
    try:
        for k, (seat, ret, p, clock) in enumerate(results):
            plies += p
            for who, t in clock.items():
                m = moves["a" if who == seat else "b"]
                m[0] += t[0]
                m[1] += t[1]
                m[2] += t[2]
                m[3] = max(m[3], t[3])
            best = max(ret)
            top = [i for i, r in enumerate(ret) if r == best]
            if seat in top:
                total += 1.0 / len(top)
                wins += len(top) == 1
            pairwise += head_to_head(ret, seat)
            if progress:
                print(f"  game {first + k + 1}: seat {seat}, returns {ret}, score so far {total / (k + 1):.3f}",
                      flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    score = total / games
    low, high = wilson_interval(score, games)
    out: dict = {"games": games, "total": total, "pairwise": pairwise, "plies": plies, "score": round(score, 4),
                 "low": round(low, 4), "high": round(high, 4), "wins": wins,
                 "plies_per_game": round(plies / games, 1),
                 "seconds_per_game": round((time.perf_counter() - t0) / games, 2)}
    if timing:
        out["moves"] = moves
        for who, m in moves.items():
            out[f"{who}_move"] = {"wall": round(m[1] / max(m[0], 1), 3), "cpu": round(m[2] / max(m[0], 1), 3),
                                  "max": round(m[3], 2)}
    return out
