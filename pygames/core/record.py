"""Game records ``{game, options, seed, actions}``: save, load (replay and validate), undo/redo.

A record lists every action in notation, chance outcomes included, so replaying it rebuilds the game
exactly. The chance outcomes still to come are decided by a :class:`Session`'s secret key when it has one
(the browser: fresh random bytes in the worker, never sent out, so nothing a page, a saved file or a link
holds tells them); without a key (tests, the terminal) or for an *arranged* record (``"arranged": true``:
a tutorial, puzzle or test that fixes its chance outcomes in advance) by ``seed`` alone
(see :mod:`pygames.core.chance`).

Undo (:meth:`Session.undo`) never crosses an action that showed a human seat something it could not know
before: decided from the observations (:func:`reveals`), not from a list of action kinds.

>>> from pygames.core.record import Record
>>> r = Record.new("verquere", seed=7)
>>> s = r.replay()
>>> s.is_chance_node()
True
"""
from __future__ import annotations

import itertools
import json
import random
import re
from dataclasses import dataclass, field
from typing import Any

from .chance import keyed_outcome, seeded_outcome
from .errors import IllegalAction, InvalidOption, InvalidRecord, PygamesError, UnknownGame
from .registry import get_game
from .state import CHANCE, State

RECORD_KEYS = {"game", "options", "seed", "actions"}
OPTIONAL_KEYS = {"arranged"}
MAX_JSON_DEPTH = 32
"""Deepest nesting of arrays and objects accepted in JSON text from outside (a record is 2 deep, a
bridge call 4): deeper text is refused before parsing, so no nesting ever overflows Python's stack."""
_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def check_json_depth(text: str, limit: int = MAX_JSON_DEPTH, what: str = "JSON") -> None:
    """Raise :class:`PygamesError` if the JSON ``text`` nests arrays/objects deeper than ``limit``.

    Scans the raw text without recursion (brackets inside strings do not count), so it answers for any
    depth, e.g. 100,000 nested arrays, where ``json.loads`` would raise RecursionError."""
    depth = 0
    for m in _JSON_TOKENS.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > limit:
                raise PygamesError(f"{what} nests arrays or objects more than {limit} deep")
        elif c in "]}":
            depth -= 1


def loads(text: str | bytes, what: str = "JSON") -> Any:
    """``json.loads`` for text from outside: nesting checked first (:func:`check_json_depth`); raises
    :class:`PygamesError` naming ``what`` for bad or too deeply nested JSON."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise PygamesError(f"{what} is not UTF-8 ({e})") from None
    check_json_depth(text, what=what)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:
        raise PygamesError(f"{what} is not valid JSON ({e})") from None


@dataclass
class Record:
    """A game record. ``actions`` are notation strings; ``seed`` is a non-negative int; ``arranged``
    (JSON key present only when true) marks a record whose chance outcomes were fixed in advance by
    someone (a tutorial, puzzle or test: its seed decides the outcomes still to come, in the browser
    too), so a page can say that its dice or cards were not drawn at random."""

    game: str
    options: dict = field(default_factory=dict)
    seed: int = 0
    actions: list = field(default_factory=list)
    arranged: bool = False

    @classmethod
    def new(cls, game: str, options: dict | None = None, seed: int = 0, arranged: bool = False) -> "Record":
        """A record of a new game; raises UnknownGame / InvalidOption."""
        g = get_game(game)
        return cls(game=g.id, options=g.validate_options(options), seed=seed, actions=[], arranged=arranged)

    def to_json(self) -> dict:
        """``{game, options, seed, actions}``, plus ``"arranged": true`` for an arranged record."""
        out = {"game": self.game, "options": dict(self.options), "seed": self.seed,
               "actions": list(self.actions)}
        if self.arranged:
            out["arranged"] = True
        return out

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any) -> "Record":
        """Parse and fully validate a record (a dict or JSON text) by replaying it.

        Raises :class:`InvalidRecord`: a header problem has ``index=None``; a bad action carries the
        index of the first bad action and the reason."""
        if isinstance(data, (str, bytes)):
            try:
                data = loads(data, "the record")
            except PygamesError as e:
                raise InvalidRecord(str(e)) from None
        if not isinstance(data, dict):
            raise InvalidRecord("a record must be a JSON object")
        missing = RECORD_KEYS - set(data)
        extra = set(data) - RECORD_KEYS - OPTIONAL_KEYS
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
        arranged = data.get("arranged", False)
        if not isinstance(arranged, bool):
            raise InvalidRecord(f"arranged must be true or false, not {arranged!r}")
        try:
            g = get_game(data["game"])
            opts = g.validate_options(data["options"])
        except (UnknownGame, InvalidOption) as e:
            raise InvalidRecord(str(e)) from None
        rec = cls(game=g.id, options=opts, seed=seed, actions=list(data["actions"]), arranged=arranged)
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


def fold_ends(actions: list[str], shown: list[str]) -> list[int]:
    """For each entry of a move list ``shown`` that may fold runs of actions into one entry, the index of
    the last action it stands for: an entry equal to the next action is that action; another one covers
    actions up to the one the next entry names (or one action when the counts left are equal)."""
    ends, i = [], 0
    for k, n in enumerate(shown):
        left_a, left_s = len(actions) - i, len(shown) - k
        span = 1
        if left_a > left_s and not (i < len(actions) and n == actions[i]):
            nxt = shown[k + 1] if k + 1 < len(shown) else None
            span = left_a - left_s + 1  # at most: the entries after it need one action each
            for s in range(1, span):
                if nxt is not None and actions[i + s] == nxt:
                    span = s
                    break
        i = min(i + span, len(actions))
        ends.append(max(i - 1, 0))
    return ends


def shown_moves(actions: list[str], labels: list[str], shown: list[str],
                notes: dict[int, str] | None = None) -> list[tuple[int, str, bool, str]]:
    """The move list as a viewer sees it, one tuple per entry of ``shown`` (the state's
    ``public_history(viewer)``, which may fold runs of actions, :func:`fold_ends`): ``(index, text, hidden,
    label)`` where ``index`` is the last action the entry stands for (0-based, into ``actions``), ``text``
    the entry as shown, ``hidden`` whether it differs from that action (the viewer does not see it in
    full), and ``label`` the action's label (``labels[index]``) where the entry is not hidden and the action
    has one, else ``text``, followed by ``": "`` and the action's note when ``notes`` (the state's
    :meth:`~pygames.core.state.State.history_notes`) has one for it ("Turn over the 2nd face-down card: 7♠").
    A label is sent only with an entry the viewer sees in full, so a game's label (and note) may say what
    its notation says and nothing the viewer cannot see: ``tests/conformance.py`` checks that every label
    sent is the same in states that look the same to the viewer."""
    ends = range(len(shown)) if len(shown) == len(actions) else fold_ends(actions, shown)
    out = []
    for text, i in zip(shown, ends):
        hidden = text != actions[i]
        label = (not hidden and labels[i]) or text
        if not hidden and notes and notes.get(i):
            label = f"{label}: {notes[i]}"
        out.append((i, text, hidden, label))
    return out




UNDO_SAMPLES = 6
"""How many states consistent with a player's observation :func:`reveals` tries an action on."""
CHANCE_SAMPLES = 24
"""How many outcomes of a chance node :func:`reveals` tries in the real state (all when fewer); it also
tries 3 in each of :data:`CHANCE_STATES` states the viewer cannot tell from it."""
CHANCE_STATES = 3


def reveals(before: State, notation: str, viewer: int, after: State | None = None,
            rng: random.Random | None = None) -> bool:
    """Whether applying ``notation`` at ``before`` shows ``viewer`` something they could not know from
    their observation before it and from the action itself (a card turned up, a combat's cards, a card
    drawn, a roll). Decided from observations only, so a new game gets it right without listing kinds:

    - a chance outcome (of more than one): it shows something if ``viewer``'s move list shows the
      outcome itself, or if their observation after it differs between outcomes (tried in the real
      state and a few the viewer cannot tell from it);
    - a player's action: the same action is applied to states that ``viewer`` cannot tell from
      ``before`` (``before.determinize(viewer, rng)``, :data:`UNDO_SAMPLES` of them); it shows
      something if ``viewer``'s observation after it differs in one of them, or the action is not
      legal in one (it told a card another player held). In a game of perfect information (its
      ``information`` declaration, :meth:`~pygames.core.registry.Game.hides_information`) there are no
      such states: its players' actions never reveal.

    ``after`` (optional) is ``before`` with the action applied; ``rng`` picks the sampled states (a
    fixed default, so the answer is reproducible). A sample can miss a revelation only if all
    :data:`UNDO_SAMPLES` samples agree with the real state by chance."""
    rng = rng or random.Random(f"pygames-reveals:{len(before.history)}:{viewer}")
    if after is None:
        after = before.child(notation)
    seen = after.observation(viewer)
    hidden_states = before.game.hides_information(before.options)
    # drawn one at a time: a revealing action is usually found by the first sample
    samples = (before.determinize(viewer, rng) for _ in range(UNDO_SAMPLES if hidden_states else 0))
    if before.is_chance_node():
        others = [a for a, _ in before.chance_outcomes() if a.notation != notation]
        if others:
            listed = after.public_history(viewer)
            if len(listed) == len(after.history):  # one entry per action: is this one shown as it is?
                if listed[len(before.history)] == notation:
                    return True
            elif any(before.child(a).public_history(viewer) != listed for a in others[:3]):
                return True  # a folded move list: does it read differently after another outcome?
        # every outcome (up to CHANCE_SAMPLES) in the real state, a few in each sampled one
        for k, s in enumerate(itertools.chain([before], itertools.islice(samples, CHANCE_STATES))):
            outcomes = [a for a, _ in s.chance_outcomes()]
            limit = CHANCE_SAMPLES if k == 0 else 3
            if len(outcomes) > limit:
                outcomes = rng.sample(outcomes, limit)
            if any(s.child(a).observation(viewer) != seen for a in outcomes):
                return True
        return False
    for s in samples:  # each sample is a fresh copy: the action is applied to it in place
        try:
            s.apply(notation)
        except IllegalAction:
            return True
        if s.observation(viewer) != seen:
            return True
    return False


SNAPSHOTS = 256
"""How many states before a human decision a :class:`Session` keeps for undo (older undos replay)."""


class Session:
    """A game being played: a record, a cursor for undo/redo, and the live state.

    ``seats[i]`` is ``"human"`` or a bot level name. Chance nodes are advanced automatically, with the
    outcome :func:`~pygames.core.chance.keyed_outcome` under ``chance_key`` (bytes: the browser passes
    fresh secret random bytes per session, so nothing outside the worker tells the outcomes still to come,
    and a loaded game goes on with fresh randomness after its last recorded action), or by the record's
    seed alone (:func:`~pygames.core.chance.seeded_outcome`) without a key or for an arranged record.
    Within a session an outcome depends only on its ply, so undo and redo bring back the same one.

    Undo goes back to the previous decision of a human seat (of any seat when none is human); redo
    replays forward. Undo never crosses an action that showed a human seat something it could not know
    before (:func:`reveals`): a card turned up, a combat, a draw, a roll. :meth:`undo_reason` says why
    undo is refused.
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
        self.movers, self.owners, self.labels = self._movers(self.record.actions)
        self._revealed: dict[int, int | None] = {}
        """Action index -> the human seat that action showed something new (None: nobody), as far as
        computed (only actions that an undo could cross are)."""
        self._version = 0
        self._reason: tuple[int, str] | None = None
        self._snapshots: dict[int, State] = {}
        """Action index of a human decision -> a copy of the state just before it (the newest
        :data:`SNAPSHOTS`), so that :meth:`undo` pops back to it instead of replaying the record."""
        self.advance()

    def _movers(self, actions: list[str]) -> tuple[list[int], list, list[str]]:
        """Who took each action (a player index or CHANCE), whose turn it was (``owners``: the mover, or
        for a chance outcome ``State.chance_owner()``, e.g. the player who rolled) and the action's label
        ("" where it has none: the move list then shows its notation)."""
        st = self.game.new_initial_state(self.record.options)
        movers, owners, labels = [], [], []
        for a in actions:
            p = st.current_player()
            movers.append(p)
            owners.append(st.chance_owner() if p == CHANCE else p)
            act = st.find_action(a)
            labels.append(act.label)
            st.apply(act)
        return movers, owners, labels

    def _humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s == "human"]

    def _push(self, action, mover: int, owner) -> None:
        """Apply ``action`` (checked: IllegalAction leaves everything unchanged) and record it; note
        whether it showed a human seat something new while an undo could still cross it."""
        a = self.state.find_action(action)
        j = len(self.record.actions)
        humans = self._humans()
        last = next((i for i in range(j - 1, -1, -1) if self.movers[i] in humans), None) if humans else None
        watching = humans and (mover in humans or (
            last is not None and all(self._revealed.get(k) is None for k in range(last, j))))
        if watching:
            after = self.state.child(a)
            self._revealed[j] = self._revealing(self.state, a.notation, after)
            self.state = after
        else:
            self.state.apply(a)
        self.movers.append(mover)
        self.owners.append(owner)
        self.labels.append(a.label)
        self.record.actions.append(self.state.history[-1])
        self._version += 1

    def _revealing(self, before: State, notation: str, after: State) -> int | None:
        """The first human seat to whom this action showed something new, or None. A game whose
        observation or determinize fails here blocks undo across the action instead of failing the
        move (the safe answer)."""
        for v in self._humans():
            try:
                if reveals(before, notation, v, after):
                    return v
            except Exception:  # noqa: BLE001  (a game's bug must not stop play)
                return v
        return None

    def _outcome(self):
        if self.chance_key is None or self.record.arranged:
            return seeded_outcome(self.state, self.record.seed)
        return keyed_outcome(self.state, self.chance_key, self.record.seed)

    def advance(self) -> None:
        """Play chance outcomes until a player must act or the game ends."""
        while self.state.is_chance_node():
            self._push(self._outcome(), CHANCE, self.state.chance_owner())

    def act(self, notation: str) -> None:
        """Apply a player's action; raises IllegalAction (state unchanged). Clears the redo stack
        unless the action is the next one in it."""
        p = self.state.current_player()
        before = self.state.clone() if self.seats[p] == "human" else None
        self._push(notation, p, p)
        if before is not None:  # where an undo would come back to: kept, so undo pops, not replays
            j = len(self.record.actions) - 1
            self._snapshots[j] = before
            if len(self._snapshots) > SNAPSHOTS:
                del self._snapshots[min(self._snapshots)]
        if self.redo_stack and self.redo_stack[-1] == notation:
            self.redo_stack.pop()
        else:
            self.redo_stack.clear()
        self.advance()

    def is_human_turn(self) -> bool:
        p = self.state.current_player()
        return p >= 0 and self.seats[p] == "human"

    def can_undo(self) -> bool:
        return not self.undo_reason()

    def _undo_target(self) -> int | None:
        """Index into record.actions of the latest human decision (of any decision with no human seat)."""
        humans = self._humans()
        for i in range(len(self.movers) - 1, -1, -1):
            p = self.movers[i]
            if p >= 0 and (p in humans or not humans):
                return i
        return None

    def _blocker(self, target: int) -> tuple[int, int] | None:
        """The first action from ``target`` on that showed a human seat something new, as
        ``(index, seat)``, or None. Fills in the actions not yet judged by replaying to them."""
        if not self._humans():
            return None
        state = None
        actions = self.record.actions
        for j in range(target, len(actions)):
            if j not in self._revealed:
                if state is None:
                    state = self.record.replay(j)
                after = state.child(actions[j])
                self._revealed[j] = self._revealing(state, actions[j], after)
                state = after
            elif state is not None:
                state.apply(actions[j])
            seat = self._revealed[j]
            if seat is not None:
                return j, seat
        return None

    def undo_reason(self) -> str:
        """Why :meth:`undo` is refused now, in words for the player ("" when it is allowed): nothing to
        take back, or the move that showed them something new, as their move list shows it."""
        if self._reason is not None and self._reason[0] == self._version:
            return self._reason[1]
        target = self._undo_target()
        if target is None:
            reason = "Nothing to take back yet."
        else:
            b = self._blocker(target)
            if b is None:
                reason = ""
            else:
                j, v = b
                seen = self.state.public_history(v)  # as their move list shows it (maybe folded)
                ends = fold_ends(self.record.actions, seen)
                entry = next((n for n, e in zip(seen, ends) if e >= j), None)
                shown = f' ("{entry}")' if entry else ""
                humans = self._humans()
                who = "you" if len(humans) == 1 else self.state.player_name(v)
                they = "you" if len(humans) == 1 else "they"
                reason = f"Undo is off: move {j + 1}{shown} showed {who} something {they} could not know before."
        self._reason = (self._version, reason)
        return reason

    def undo(self) -> None:
        """Take back actions up to and including the last human decision. Raises PygamesError saying
        why (:meth:`undo_reason`) when there is none or an action since then showed something new."""
        reason = self.undo_reason()
        if reason:
            raise PygamesError(reason)
        idx = self._undo_target()
        assert idx is not None
        # keep only player decisions in the redo stack (chance comes back the same within a session)
        redo = [a for a, p in zip(self.record.actions[idx:], self.movers[idx:]) if p >= 0]
        self.redo_stack.extend(reversed(redo))
        self.record.actions = self.record.actions[:idx]
        self.movers = self.movers[:idx]
        self.owners = self.owners[:idx]
        self.labels = self.labels[:idx]
        self._revealed = {k: v for k, v in self._revealed.items() if k < idx}
        self._version += 1
        snap = self._snapshots.get(idx)
        self._snapshots = {k: v for k, v in self._snapshots.items() if k < idx}
        self.state = snap if snap is not None and snap.history == self.record.actions else self.record.replay()

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def redo(self) -> None:
        """Replay the next undone decision. Raises PygamesError if none."""
        if not self.redo_stack:
            raise PygamesError("nothing to redo")
        self.act(self.redo_stack[-1])
        while self.redo_stack and not self.state.is_terminal() and not self.is_human_turn():
            self.act(self.redo_stack[-1])
