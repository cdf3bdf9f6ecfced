"""Placeholder drawing, replaced below."""
from ..core.svg import document


def draw(obs: dict, **_ignored) -> str:
    return document(100, 100, "", "", "Duerror Grandis")
