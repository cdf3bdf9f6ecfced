"""CPython benchmark figures (``python3 build.py bench`` prints them with the browser figures).

- Random playouts per second through the State protocol (``legal_actions``/``apply``, as the bots and
  the conformance kit use them) for every registered game, once per configuration it lists in
  ``Game.extra["bench"]`` (a list of ``(label, options)``; the default options when it lists none).
- Verquere's engine fast path (the playout its search uses), for both rulesets.
"""
from __future__ import annotations

import random
import time

from .core.bots import random_action
from .core.registry import get_game, list_games


def playouts_per_second(game_id: str, options: dict, seconds: float = 5.0, seed: int = 1) -> dict:
    g = get_game(game_id)
    rng = random.Random(seed)
    games = plies = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = g.new_initial_state(options)
        while not s.is_terminal():
            s.apply(random_action(s, rng))
            plies += 1
        games += 1
    dt = time.perf_counter() - t0
    return {"playouts_per_s": round(games / dt, 1), "plies_per_playout": round(plies / games, 1),
            "plies_per_s": round(plies / dt)}


def fast_playouts_per_second(seconds: float = 5.0, seed: int = 1, ruleset: str = "text") -> float:
    """Verquere random playouts through the engine's own fast path (``VerquereState.fast_playout``)."""
    g = get_game("verquere")
    rng = random.Random(seed)
    games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = g.new_initial_state({"ruleset": ruleset})
        s.fast_playout(rng)
        games += 1
    return round(games / (time.perf_counter() - t0), 1)


def main(quick: bool = False) -> dict:
    secs = 2.0 if quick else 8.0
    out = {}
    for g in list_games():
        for label, options in g.extra.get("bench") or [("default", {})]:
            r = playouts_per_second(g.id, options, secs)
            key = f"{g.id}_{label}".replace(" ", "_").replace(",", "")
            out[f"{key}_random_playouts_per_s"] = r["playouts_per_s"]
            out[f"{key}_plies_per_playout"] = r["plies_per_playout"]
            print(f"{g.title} ({label}) random playouts: {r['playouts_per_s']}/s "
                  f"({r['plies_per_playout']} plies each, {r['plies_per_s']} plies/s, CPython)", flush=True)
    for ruleset in ("text", "ludii"):
        fast = fast_playouts_per_second(secs / 2, ruleset=ruleset)
        out[f"verquere_{ruleset}_fast_playouts_per_s"] = fast
        print(f"Verquere ({ruleset}) random playouts, engine fast path (search playouts): {fast}/s", flush=True)
    return out
