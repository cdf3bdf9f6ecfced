"""Duerror Grandis: the fields every part of the engine shares, declared once for the type checker.

:class:`StateBase` names the fields of :class:`~pygames.duerror_grandis.rules.DuerrorState` (described
there) and the methods one module of the engine calls in another; each module's mixin inherits it, so
the mixins together make the state. No rule lives here.
"""
from __future__ import annotations

from ..core.state import State
from .common import COLOURS, NAMES


class StateBase(State):
    """The shared fields and the cross-module methods of a Duerror Grandis state (see ``rules.py``)."""

    n: int
    caecus: bool
    factiosus: bool
    merus: bool
    games: int
    kinds: tuple[str, ...]
    first: int | None
    turn: int
    part: str
    setup: int
    colours: list
    boards: list
    pieces: list
    tokens: list[int]
    bank: int
    could: list[int]
    took: bool
    chain: list
    barred: list
    handled: list[int]
    veering: int | None
    roll: list
    trail: list
    prev_trail: list
    round: int
    game_no: int
    wins: list[int]
    winner: int | None
    ranked: list[int]
    ending: str | None
    evidence: list
    seg: list[int]
    secret: list

    def number(self, player: int, square: int) -> int:
        raise NotImplementedError

    def name(self, player: int) -> str:
        """How ``player`` is called: their colour once chosen (G43), else their seat (``Player 2``)."""
        c = self.colours[player]
        return COLOURS[c] if c is not None else NAMES[player]

    def player_name(self, player: int) -> str:
        return self.name(player)

    def history_notes(self) -> dict[int, str]:
        """The move list's note on the match's first opening roll (G4), ``{index: colour}``: the player it
        named by seat (``Player 2 goes first``, the colours not yet chosen) is called by the colour they
        chose afterwards (G43) everywhere else in the list. Later games' rolls name the colour already."""
        first = next((i for i, a in enumerate(self.history) if a.startswith("first ")), None)
        if first is None:
            return {}
        c = self.colours[NAMES.index(self.history[first][6:])]
        return {} if c is None else {first: COLOURS[c]}

    def _named(self, word: str) -> int:
        """The player called ``word`` (a colour, G43) in a notation already known to be legal."""
        return next(q for q in range(self.n) if self.name(q) == word)

    def takes(self) -> list[tuple[int, int, int]]:
        raise NotImplementedError

    def _take_list(self) -> list[tuple[str, tuple, int, int, int]]:
        raise NotImplementedError

    def _label(self, player: int, index: int) -> str:
        raise NotImplementedError

    def _begin_turn(self) -> None:
        raise NotImplementedError

    def _begin_flictus(self) -> None:
        raise NotImplementedError

    def _begin_move(self) -> None:
        raise NotImplementedError

    def _flictus_ends(self, p: int) -> list:
        raise NotImplementedError

    def _apply_part(self, n: str) -> None:
        raise NotImplementedError

    def _apply_flictus(self, p: int, n: str, tl: list | None = None) -> None:
        raise NotImplementedError

    def _apply_move(self, p: int, n: str, moves: dict | None = None) -> None:
        raise NotImplementedError

    def _apply_veer(self, p: int, n: str) -> None:
        raise NotImplementedError

    def _spare(self, p: int, q: int | None) -> None:
        raise NotImplementedError

    def _take(self, p: int, ti: int, q: int, vi: int) -> None:
        raise NotImplementedError

    def _veer(self, p: int, a: int, b: int) -> None:
        raise NotImplementedError

    def _start_veer(self, p: int, i: int) -> None:
        raise NotImplementedError

    def _stay_piece(self, p: int, i: int) -> None:
        raise NotImplementedError

    def _stay(self, p: int) -> None:
        raise NotImplementedError

    def _move_piece(self, p: int, i: int, dest: int) -> None:
        raise NotImplementedError

    def _end_turn(self) -> None:
        raise NotImplementedError

    def _win(self, winners: list[int], ending: str) -> None:
        raise NotImplementedError

    def _new_game(self) -> None:
        raise NotImplementedError

    def _clear_turn(self) -> None:
        raise NotImplementedError

    def _pending(self) -> list[int]:
        raise NotImplementedError

    def _movable(self, pending: list[int]) -> list[int]:
        raise NotImplementedError

    def _settle(self) -> None:
        raise NotImplementedError

    def clone(self) -> StateBase:
        raise NotImplementedError

    def _chain_sets(self) -> tuple[set, set]:
        raise NotImplementedError

    def _mark(self, p: int, unit: int) -> None:
        raise NotImplementedError

    def _unit(self, p: int, i: int) -> int:
        raise NotImplementedError

    def _note_could(self, found: list) -> None:
        raise NotImplementedError

    def _note_movable(self, flag: bool) -> None:
        raise NotImplementedError
