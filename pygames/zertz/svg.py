"""Draw a ZÈRTZ view (placeholder while the engine lands)."""
from __future__ import annotations

from ..core.svg import document


def draw(obs: dict, **_kw) -> str:
    return document(100, 100, "", "", "ZÈRTZ")
