"""Test helpers every game's tests share (each game's ``tests/<game>/helpers.py`` adds its positions)."""
from __future__ import annotations


def legal(state) -> list[str]:
    """The notations of ``state``'s legal actions, sorted."""
    return sorted(a.notation for a in state.legal_actions())


def play(state, *notations: str):
    """Apply ``notations`` in order (each checked) and return ``state``."""
    for n in notations:
        state.apply(n)
    return state
