"""Golden playthroughs (after OpenSpiel's integration_tests/playthroughs): a readable text of a seeded
random game, ply by ply: who is to move, the public observation, the legal actions and the one taken.
Tests keep such files and diff them against a fresh run, so any change of the rules shows up as a
readable diff. Regenerate with ``python -m pygames playthrough GAME --seed N --plies K``.
"""
from __future__ import annotations

import json
import random

from .bots import random_action
from .registry import get_game


def playthrough(game_id: str, options: dict | None = None, seed: int = 0, plies: int = 100) -> str:
    """The playthrough text of ``plies`` plies (or the whole game if shorter) of a random game."""
    g = get_game(game_id)
    state = g.new_initial_state(options)
    rng = random.Random(seed)
    lines = [f"game: {g.id}", f"options: {json.dumps(state.options, sort_keys=True)}", f"seed: {seed}", ""]
    for ply in range(plies):
        p = state.current_player()
        lines.append(f"ply {ply}  player {p}")
        lines.append("observation: " + json.dumps(state.observation(None), sort_keys=True,
                                                   separators=(",", ":")))
        if state.is_terminal():
            lines.append(f"returns: {state.returns()}")
            break
        if state.is_chance_node():
            lines.append("chance: " + " ".join(f"{a.notation}={pr:.4f}" for a, pr in state.chance_outcomes()))
        else:
            lines.append("legal: " + " ".join(a.notation for a in state.legal_actions()))
        a = random_action(state, rng)
        lines.append(f"action: {a.notation}")
        lines.append("")
        state.apply(a)
    return "\n".join(lines) + "\n"
