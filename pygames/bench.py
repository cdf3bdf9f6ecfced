"""CPython benchmark figures (``python3 build.py bench`` prints them with the browser figures).

All figures are per CPU-second of this process (``time.process_time``), so a shared machine's load does
not divide them (on a quiet machine they equal wall-clock figures); each is run for ``seconds`` of CPU.

- Random playouts per second through the State protocol for every registered game, once per
  configuration it lists in ``Game.extra["bench"]`` (a list of ``(label, options)``; the default options
  when it lists none), two ways: drawn with :meth:`State.pick_random` (as the random bot and the
  conformance kit draw; a game may draw its action without building the whole legal list, see
  ``State._draw_legal``), and "listed": every ply builds :meth:`State.legal_actions` and applies one of
  them (what the page's view, a search's expansion and move ordering pay at each position).
- Whole games per second through each game's own ``Game.playout`` (the playout its search runs), for
  the games that have one. It is uniform random for Verquere; other games' playouts may prefer some
  moves (their docstrings say which).
"""
from __future__ import annotations

import random
import time

from . import games  # noqa: F401  (registers the shipped games: core imports none)
from .core.bots import random_action
from .core.registry import get_game, list_games


def playouts_per_second(game_id: str, options: dict, seconds: float = 5.0, seed: int = 1,
                        listed: bool = False) -> dict:
    """Uniformly random games from the initial state to the end, for ``seconds`` of CPU: with
    ``listed``, every decision builds the whole :meth:`State.legal_actions` list and applies one of it
    (chance nodes are drawn alike either way). Returns ``{"playouts_per_s", "plies_per_playout",
    "plies_per_s"}`` (per CPU-second)."""
    g = get_game(game_id)
    rng = random.Random(seed)
    games = plies = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        s = g.new_initial_state(options)
        while not s.is_terminal():
            if listed and not s.is_chance_node():
                acts = s.legal_actions()
                s.apply(acts[rng.randrange(len(acts))])
            else:
                s.apply(random_action(s, rng))
            plies += 1
        games += 1
    dt = time.process_time() - t0
    return {"playouts_per_s": round(games / dt, 1), "plies_per_playout": round(plies / games, 1),
            "plies_per_s": round(plies / dt)}


def search_playouts_per_second(game_id: str, options: dict, seconds: float = 5.0, seed: int = 1) -> float:
    """Whole games per second through the game's own ``Game.playout`` (the playout its search runs,
    e.g. ``VerquereState.fast_playout``), from the initial state to the end; a game whose playout
    leaves the state unfinished is finished by uniform random actions through the protocol."""
    g = get_game(game_id)
    playout = g.playout
    assert playout is not None, f"{game_id} has no playout of its own"
    rng = random.Random(seed)
    games = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        s = g.new_initial_state(options)
        playout(s, rng, 10 ** 9)
        while not s.is_terminal():
            s.apply(random_action(s, rng))
        games += 1
    return round(games / (time.process_time() - t0), 1)


def main(quick: bool = False) -> dict:
    secs = 2.0 if quick else 8.0
    out = {}
    for g in list_games():
        for label, options in g.extra.get("bench") or [("default", {})]:
            r = playouts_per_second(g.id, options, secs)
            key = f"{g.id}_{label}".replace(" ", "_").replace(",", "")
            out[f"{key}_random_playouts_per_s"] = r["playouts_per_s"]
            out[f"{key}_plies_per_playout"] = r["plies_per_playout"]
            listed = playouts_per_second(g.id, options, secs / 2, listed=True)
            out[f"{key}_listed_playouts_per_s"] = listed["playouts_per_s"]
            print(f"{g.title} ({label}) random playouts: {r['playouts_per_s']}/s "
                  f"({r['plies_per_playout']} plies each, {r['plies_per_s']} plies/s, per CPU-second, CPython); "
                  f"listing every legal action at each ply: {listed['playouts_per_s']}/s", flush=True)
    for g in list_games():
        if g.playout is None:
            continue
        for label, options in g.extra.get("bench") or [("default", {})]:
            key = f"{g.id}_{label}".replace(" ", "_").replace(",", "")
            fast = search_playouts_per_second(g.id, options, secs / 2)
            out[f"{key}_search_playouts_per_s"] = fast
            print(f"{g.title} ({label}) search playouts, the engine's own playout its bots run: {fast}/s (per CPU-second)",
                  flush=True)
    return out
