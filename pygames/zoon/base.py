"""Zoon: the state's fields and the helpers every phase uses (ZN13, ZN39 and ZN22's trigger).

:class:`ZoonBase` declares the fields of :class:`pygames.zoon.rules.ZoonState` (set in its
``__post_init__``) and the small helpers shared by the phase mixins (``deploy``, ``turn``, ``combat``,
``effects``, ``views``); the mixins' methods that call one another are declared here for the type checker.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.state import Action, State
from .board import BACK, EMPTY, HEADS, NAMES, OBST, _ROSTERS, row
from .tribes import Zoon


class ZoonBase(State):
    """The fields of a Zoon state (see :class:`pygames.zoon.rules.ZoonState`) and shared helpers."""

    mode: str
    tribes: list[str]
    phase: str
    board: list[int]
    pos: list[list[int]]
    up: list[list[bool]]
    coin: list[list[int]]
    tzone: list[dict[str, str]]
    tcoin: list[dict[str, int]]
    obst: list
    elim: list
    turn: int
    dealing: tuple
    arranger: int
    picked: int
    edits: list[int]
    ready: list[bool]
    ready_at: list[int]
    deployed: list
    could: list[list[int]]
    todo: list
    decide: tuple | None
    combat: dict[str, Any] | None
    secret: list
    secret_start: int
    mods: dict
    fired: list[str]
    last: dict[str, Any] | None
    trail: tuple
    winner: int | None
    result: str
    quiet: int
    seen: list
    progress: bool
    turns: int

    if TYPE_CHECKING:  # implemented by the phase mixins
        def _start_deal(self, p: int) -> None: ...
        def _deal(self, n: str) -> None: ...
        def _deployment_done(self) -> None: ...
        def emblem_index(self, p: int) -> int: ...
        def block_start(self, p: int) -> int: ...
        def _arrange(self, n: str) -> None: ...
        def _begin_turn(self, p: int) -> None: ...
        def _end_turn(self) -> None: ...
        def moves_of(self, p: int, i: int) -> list[tuple[int, int, bool]]: ...
        def _move_actions(self, p: int, codes) -> list[Action]: ...
        def _trump_actions(self, p: int) -> list[Action]: ...
        def _of_type(self, p: int, types) -> list[int]: ...
        def _behind(self, p: int, i: int) -> list[int]: ...
        def _dests(self, p: int, i: int, cell: int) -> list[tuple[int, int, bool]]: ...
        def _move_mask(self, p: int, f: int, t: int, att: bool) -> int: ...
        def _move(self, p: int, action: Action, mod: str | None = None, reveal: bool = False) -> None: ...
        def _mark(self, f: int, t: int, kind: str) -> None: ...
        def _mark_result(self, t: int, res: str) -> None: ...
        def _play_trump(self, p: int, n: str) -> None: ...
        def _start_combat(self) -> None: ...
        def _resolve_alternate(self, da: int, dd: int) -> None: ...
        def _resolve_classic(self) -> None: ...
        def _combat_owners(self) -> tuple[int, int]: ...
        def _queue_effect(self, effect: str, effect_side: str, a: tuple, d: tuple) -> None: ...
        def _decision_actions(self) -> list[Action]: ...
        def _decided(self, action: Action) -> None: ...
        def _swap(self, a: tuple[int, int], b: tuple[int, int]) -> None: ...
        def _none_can_move(self, p: int, t: tuple) -> None: ...
        def _run(self) -> None: ...
        def _relabel(self, q: int, ident: dict) -> None: ...
        def _state_json(self) -> dict: ...
        def _current_player(self) -> int: ...

    # ----- helpers -----------------------------------------------------------------------------------
    def zoon(self, p: int, i: int) -> Zoon:
        return _ROSTERS[self.tribes[p]][i]

    def alive(self, p: int) -> list[int]:
        return [i for i in range(12) if self.pos[p][i] >= 0]

    def owner_at(self, cell: int) -> int:
        """-1 empty, 0/1 a Zoon's owner, 2 an obstacle."""
        v = self.board[cell]
        return -1 if v < 0 else 2 if v >= OBST else v // 12

    def _reveal(self, p: int, i: int) -> None:
        if not self.up[p][i]:
            self.up[p][i] = True
            self.coin[p][i] = HEADS
            self.progress = True

    def _place(self, p: int, i: int, cell: int) -> None:
        """Move Zoon (p, i) to ``cell``; in alternate combat it is turned face up if it leaves its back row
        (ZN13)."""
        old = self.pos[p][i]
        if old >= 0 and self.board[old] == p * 12 + i:
            self.board[old] = EMPTY
        self.board[cell] = p * 12 + i
        self.pos[p][i] = cell
        if self.mode == "alternate" and row(cell) != BACK[p]:
            self._reveal(p, i)

    def _eliminate(self, p: int, i: int, cell_to: int = EMPTY) -> None:
        cell = self.pos[p][i]
        if cell >= 0 and self.board[cell] == p * 12 + i:
            self.board[cell] = cell_to
        self.pos[p][i] = -1
        self.elim[p].append(i)
        self.progress = True
        if self.zoon(p, i).type == "Emblem":  # ZN39
            self._game_over(1 - p, f"{NAMES[1 - p]} took {NAMES[p]}'s Emblem")
            self.todo = []
            self.decide = None
        elif self.mode == "alternate":
            self.todo.append(("reveal6", p))

    def _game_over(self, winner: int | None, result: str) -> None:
        """End the game (``winner`` None: a draw). ZN52: both sides then show their cards, so every Zoon
        still on the battlefield is face up (its penny unchanged)."""
        self.phase = "over"
        self.winner = winner
        self.result = result
        for q in (0, 1):
            for j in range(12):
                if self.pos[q][j] >= 0:
                    self.up[q][j] = True


