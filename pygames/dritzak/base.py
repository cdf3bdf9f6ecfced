"""The fields of a Dritzak state, declared once for the parts of the engine (``deal``, ``play``, ``info``)
that work on them; :class:`~pygames.dritzak.rules.DritzakState` sets them in ``__post_init__``. The zones
are those of D1–D3 and D11–D13 of docs/rules/dritzak.md.
"""
from __future__ import annotations

from typing import Any

from ..core.state import State


class DritzakBase(State):
    """Field declarations only (no behaviour): cards are ints (see ``cards``)."""

    decks: int
    hand_size: int
    deal_hand: int
    deck: list[int]
    hands: list[list[int]]
    up: list[list[int]]
    down: list[list[int | None]]
    pile: list[int]
    cleared: list[int]
    known: list[list[int]]
    pending: list[Any]
    phase: str
    turn: int
    direction: int
    first_rank: int | None
    drawer: int
    places: list[int]
    deegans: list[list[int]]
    stall: int
    turns: int
    called: bool
    recent: list[Any]
    _last: Any
    ties: list[int]
    _groups: list[Any]
    _vis: list[int] | None
    _flips: dict[int, int] | None
    _opening: Any
    _starter: int | None

    def _current_player(self) -> int:
        raise NotImplementedError

    def _hand_add(self, p: int, cards) -> None:
        raise NotImplementedError

    def _hand_remove(self, p: int, cards) -> None:
        raise NotImplementedError

    def _hand_groups(self, p: int) -> dict:
        raise NotImplementedError
