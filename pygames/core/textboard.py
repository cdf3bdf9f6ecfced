"""Observations as text, for the terminal (``python -m pygames play``).

A game may draw its own text board (``Game.draw_text(observation, viewer) -> str``); every other game is
shown by :func:`describe`, one line per field of the observation, so a terminal player still sees the
whole position they may see (never more: it prints the viewer's observation only).
"""
from __future__ import annotations

import json
from typing import Any

SKIP = {"game", "player_names", "viewer"}


def describe(obs: dict, viewer: int | None = None) -> str:
    """The observation as ``field: value`` lines (values as compact JSON, long ones cut at 160 characters).

    >>> print(describe({"game": "x", "board": [[0, 1], [2, 0]], "turn": 3}))
    board: [[0,1],[2,0]]
    turn: 3
    """
    lines = []
    for key, value in obs.items():
        if key in SKIP:
            continue
        text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
        lines.append(f"{key}: {text if len(text) <= 160 else text[:157] + '...'}")
    return "\n".join(lines)


def draw_text(game: Any, obs: dict, viewer: int | None = None) -> str:
    """The game's own text board when it has one, else :func:`describe`."""
    if getattr(game, "draw_text", None) is not None:
        return game.draw_text(obs, viewer)
    return describe(obs, viewer)
