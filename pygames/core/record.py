"""Game records ``{game, options, seed, actions}``: save, load (replay and validate), undo/redo.

A record lists every action in notation, chance outcomes included, so replaying it rebuilds the game
exactly; ``seed`` decides the chance outcomes still to come (see :mod:`pygames.core.chance`), alone or
(in the browser) together with a secret key the page keeps, so that the record cannot tell them.

>>> from pygames.core.record import Record
>>> r = Record.new("verquere", seed=7)
>>> s = r.replay()
>>> s.is_chance_node()
True
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .chance import keyed_outcome, seeded_outcome
from .errors import IllegalAction, InvalidOption, InvalidRecord, PygamesError, UnknownGame
from .registry import get_game
from .state import CHANCE

RECORD_KEYS = {"game", "options", "seed", "actions"}


@dataclass
class Record:
    """A game record. ``actions`` are notation strings; ``seed`` is a non-negative int."""

    game: str
    options: dict = field(default_factory=dict)
    seed: int = 0
    actions: list = field(default_factory=list)

    @classmethod
    def new(cls, game: str, options: dict | None = None, seed: int = 0) -> "Record":
        """A record of a new game; raises UnknownGame / InvalidOption."""
        g = get_game(game)
        return cls(game=g.id, options=g.validate_options(options), seed=seed, actions=[])

    def to_json(self) -> dict:
        return {"game": self.game, "options": dict(self.options), "seed": self.seed,
                "actions": list(self.actions)}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any) -> "Record":
        """Parse and fully validate a record (a dict or JSON text) by replaying it.

        Raises :class:`InvalidRecord`: a header problem has ``index=None``; a bad action carries the
        index of the first bad action and the reason."""
        if isinstance(data, (str, bytes)):
            try:
                data = json.loads(data)
            except ValueError as e:
                raise InvalidRecord(f"not valid JSON ({e})") from None
        if not isinstance(data, dict):
            raise InvalidRecord("a record must be a JSON object")
        missing = RECORD_KEYS - set(data)
        extra = set(data) - RECORD_KEYS
        if missing:
            raise InvalidRecord(f"missing field(s) {', '.join(sorted(missing))}")
        if extra:
            raise InvalidRecord(f"unknown field(s) {', '.join(sorted(extra))}")
        seed = data["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise InvalidRecord(f"seed must be a non-negative integer, not {seed!r}")
        if not isinstance(data["options"], dict):
            raise InvalidRecord("options must be an object")
        if not isinstance(data["actions"], list):
            raise InvalidRecord("actions must be a list")
        try:
            g = get_game(data["game"])
            opts = g.validate_options(data["options"])
        except (UnknownGame, InvalidOption) as e:
            raise InvalidRecord(str(e)) from None
        rec = cls(game=g.id, options=opts, seed=seed, actions=list(data["actions"]))
        rec.replay()
        return rec

    def replay(self, upto: int | None = None):
        """The state after the first ``upto`` actions (all by default), each checked.

        Raises :class:`InvalidRecord` with the index and reason of the first bad action."""
        g = get_game(self.game)
        state = g.new_initial_state(self.options)
        acts = self.actions if upto is None else self.actions[:upto]
        for i, a in enumerate(acts):
            if not isinstance(a, str):
                raise InvalidRecord(f"{a!r} is not a notation string", i)
            try:
                state.apply(a)
            except IllegalAction as e:
                raise InvalidRecord(str(e), i) from None
        return state


class Session:
    """A game being played: a record, a cursor for undo/redo, and the live state.

    ``seats[i]`` is ``"human"`` or a bot level name. Chance nodes are advanced automatically: with the
    record's seed alone, or with ``chance_key`` (bytes, a secret of the player's page) mixed in, so that
    the record, which the page may show, save and share, does not tell the outcomes still to come.

    Undo goes back to the previous decision of a human seat; redo replays forward. Against a computer
    seat, undo never goes back across a chance outcome already shown (dice rolled, cards drawn): the
    player could otherwise replay a turn knowing the roll that follows it.
    """

    def __init__(self, record: Record, seats: list[str] | None = None, chance_key: bytes | None = None):
        self.record = record
        self.chance_key = chance_key
        self.game = get_game(record.game)
        self.state = record.replay()
        n = self.state.num_players
        self.seats = list(seats) if seats else ["human"] * n
        if len(self.seats) != n:
            raise InvalidOption(f"seats: expected {n} seats, got {len(self.seats)}")
        self.redo_stack: list[str] = []
        self.movers, self.owners = self._movers(self.record.actions)
        self.advance()

    def _movers(self, actions: list[str]) -> tuple[list[int], list]:
        """Who took each action (a player index or CHANCE), and whose turn it was (``owners``: the
        mover, or for a chance outcome ``State.chance_owner()``, e.g. the player who rolled)."""
        st = self.game.new_initial_state(self.record.options)
        movers, owners = [], []
        for a in actions:
            p = st.current_player()
            movers.append(p)
            owners.append(st.chance_owner() if p == CHANCE else p)
            st.apply(a)
        return movers, owners

    def advance(self) -> None:
        """Play chance outcomes (seeded) until a player must act or the game ends."""
        while self.state.is_chance_node():
            self.movers.append(CHANCE)
            self.owners.append(self.state.chance_owner())
            if self.chance_key is None:
                outcome = seeded_outcome(self.state, self.record.seed)
            else:
                outcome = keyed_outcome(self.state, self.chance_key, self.record.seed)
            self.state.apply(outcome)
            self.record.actions.append(self.state.history[-1])

    def act(self, notation: str) -> None:
        """Apply a player's action; raises IllegalAction (state unchanged). Clears the redo stack
        unless the action is the next one in it."""
        p = self.state.current_player()
        self.state.apply(notation)
        self.movers.append(p)
        self.owners.append(p)
        self.record.actions.append(self.state.history[-1])
        if self.redo_stack and self.redo_stack[-1] == notation:
            self.redo_stack.pop()
        else:
            self.redo_stack.clear()
        self.advance()

    def is_human_turn(self) -> bool:
        p = self.state.current_player()
        return p >= 0 and self.seats[p] == "human"

    def can_undo(self) -> bool:
        return self._undo_target() is not None

    def _undo_target(self) -> int | None:
        """Index into record.actions of the latest human decision (actions before it are kept); with a
        computer seat, only a decision taken after the last chance outcome."""
        humans = [i for i, s in enumerate(self.seats) if s == "human"]
        against_computer = len(humans) < len(self.seats)
        for i in range(len(self.movers) - 1, -1, -1):
            p = self.movers[i]
            if p == CHANCE and against_computer:
                return None
            if p >= 0 and (p in humans or not humans):
                return i
        return None

    def undo(self) -> None:
        """Take back actions up to and including the last human decision. Raises PygamesError if none."""
        idx = self._undo_target()
        if idx is None:
            raise PygamesError("nothing to undo")
        # keep only player decisions in the redo stack (chance is replayed from the seed)
        redo = [a for a, p in zip(self.record.actions[idx:], self.movers[idx:]) if p >= 0]
        self.redo_stack.extend(reversed(redo))
        self.record.actions = self.record.actions[:idx]
        self.movers = self.movers[:idx]
        self.owners = self.owners[:idx]
        self.state = self.record.replay()

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def redo(self) -> None:
        """Replay the next undone decision. Raises PygamesError if none."""
        if not self.redo_stack:
            raise PygamesError("nothing to redo")
        self.act(self.redo_stack[-1])
        while self.redo_stack and not self.state.is_terminal() and not self.is_human_turn():
            self.act(self.redo_stack[-1])
