"""Zoon with Steffan O'Sullivan's alternate rules: the rules engine (seed 004, RECONSTRUCTION.md section 4,
RULINGS.md "Zoon"). Rule ids (ZN1, ZN2, …) refer to ``docs/rules/zoon.md``.

Cells are ``a1`` … ``f6``: columns a–f from South's left, rows 1–6 from South's back row (ZN3); cell index
``row * 6 + column``. Player 0 is South (home rows 1–2), player 1 North (home rows 5–6). A Zoon is coded
``player * 12 + i`` where ``i`` is its index in its tribe's roster (:func:`pygames.zoon.tribes.roster`).

Notation: ``deal S <Emblem> a1`` then ``deal S <card>`` (chance: South's Emblem goes to a back-row cell, then
each next home cell gets a card), ``pick a1``, ``swap a1 b2``, ``keep a1``, ``random``, ``ready`` (deployment,
ZN5); ``b2-b4`` a move, ``b2xb4`` an attack (ZN8–ZN12); ``dice 3-5``
(chance: the attacker's or shooter's d6, then the defender's, ZN18); ``wall c3``, ``bertha c2``,
``cocoboum b2>c3``, ``tortoise`` … trumps (ZN23–ZN29); ``done`` ends a trump's moves; ``reveal a1`` (ZN22);
``leaf c4``, ``bongo d1``, ``push b3``, ``hop b2`` tribe effects (ZN31–ZN37); ``secret up TL`` a classic
combat choice (ZN42); ``south starts`` / ``north starts`` (chance, ZN4).
"""
from __future__ import annotations

from typing import Any

from dataclasses import dataclass

from ..core.errors import IllegalAction, InvalidState
from ..core.state import CHANCE, TERMINAL, Action, State
from .tribes import STAR, TRIBES, TRUMPS, X, Zoon, roster, trump

SOUTH, NORTH = 0, 1
NAMES = ("South", "North")
HEADS, TAILS = 0, 1
COLS = "abcdef"
CELL = tuple(f"{COLS[i % 6]}{i // 6 + 1}" for i in range(36))
CELL_INDEX = {n: i for i, n in enumerate(CELL)}
HOME = (tuple(range(0, 12)), tuple(range(30, 36)) + tuple(range(24, 30)))
"""Each side's twelve deployment cells, back row first (ZN3, ZN5)."""
BACK = (0, 5)
FRONT = (1, 4)
MAX_EDITS = 24
"""Changes (swaps or random arrangements) a player may make to their deployment (ZN5)."""
QUIET_LIMIT = 60
"""Consecutive turns without progress that end the game in a draw (ZN40)."""
CORNERS = ("TL", "TR", "BR", "BL")
EMPTY = -1
OBST = 100

_ROSTERS: dict[str, list[Zoon]] = {t: roster(t) for t in TRIBES}
_KEY_INDEX = {t: {z.key: i for i, z in enumerate(r)} for t, r in _ROSTERS.items()}
_TRUMP_ORDER = {t: tuple(x.code for x in TRUMPS[t]) for t in TRIBES}
_EFFECT = {"Cloboulon": "grognard", "Gold-Hure": "again", "Bouclefeuille": "leaf", "King Louis": "kingswap",
           "Kombo Bongo": "bongo", "Trice": "push", "Ratops": "push", "Ouistiti": "hop",
           "Berserkorse": "berserk"}
"""Zoons whose ★ corner carries a tribe-card effect (ZN31–ZN38)."""

_ACTS: dict[tuple, Action] = {}


def _act(notation: str, targets: tuple = (), player: int = 0, label: str = "", select: str = "sequence") -> Action:
    key = (notation, targets, player, label)
    a = _ACTS.get(key)
    if a is None:
        a = _ACTS[key] = Action(notation, targets, select, label, player)
    return a


_DICE = tuple((_act(f"dice {a}-{b}", (), CHANCE), 1 / 36) for a in range(1, 7) for b in range(1, 7))
_FIRST = ((_act("south starts", (), CHANCE), 0.5), (_act("north starts", (), CHANCE), 0.5))
_MOVE_ACTS = tuple(_act(f"{CELL[f]}{'x' if att else '-'}{CELL[t]}", (CELL[f], CELL[t]), p)
                   for p in (0, 1) for f in range(36) for t in range(36) for att in (0, 1))
"""The move and attack actions, at ``((player * 36 + from) * 36 + to) * 2 + attack``."""


def row(cell: int) -> int:
    return cell // 6


def step(player: int, cell: int, dx: int, dy: int) -> int:
    """The cell ``(dx, dy)`` away from ``cell`` in ``player``'s frame (dy > 0 forward), or -1 if off the
    board (ZN3)."""
    c, r = cell % 6, cell // 6
    if player == SOUTH:
        c, r = c + dx, r + dy
    else:
        c, r = c - dx, r - dy
    return r * 6 + c if 0 <= c < 6 and 0 <= r < 6 else -1


_TRAJ: dict[tuple, tuple] = {}


def abs_trajectories(tribe: str, i: int, player: int, cell: int) -> tuple:
    """Trajectories of Zoon ``i`` of ``tribe`` standing on ``cell`` for ``player``: tuples
    ``(special, cells)``, walks cut at the board's edge, special cells off the board dropped (ZN9, ZN10)."""
    key = (tribe, i, player, cell)
    t = _TRAJ.get(key)
    if t is None:
        out: list[tuple[bool, tuple[int, ...]]] = []
        for traj in _ROSTERS[tribe][i].trajectories:
            if traj[0][2]:
                c = step(player, cell, traj[0][0], traj[0][1])
                if c >= 0:
                    out.append((True, (c,)))
            else:
                cells = []
                for dx, dy, _s in traj:
                    c = step(player, cell, dx, dy)
                    if c < 0:
                        break
                    cells.append(c)
                if cells:
                    out.append((False, tuple(cells)))
        t = _TRAJ[key] = tuple(out)
    return t


def _move_table(tribe: str, player: int) -> tuple:
    """For each roster index and cell: ``(groups, shared)`` where ``groups`` lists ``(first cell, second
    cells)`` of the trajectories of :func:`abs_trajectories` in order, grouped by their first cell (a
    special cell or a one-cell walk has no second cells), and ``shared`` tells whether a second cell is
    reached from two first cells (then only the first walk that reaches it counts, as in ZN20's recoil)."""
    out = []
    for i in range(12):
        per_cell = []
        for cell in range(36):
            groups: list[tuple[int, list[int]]] = []
            for _special, cells in abs_trajectories(tribe, i, player, cell):
                if groups and groups[-1][0] == cells[0]:
                    groups[-1][1].extend(cells[1:])
                else:
                    groups.append((cells[0], list(cells[1:])))
            seconds = [c for _f, sec in groups for c in sec]
            per_cell.append((tuple((f, tuple(sec)) for f, sec in groups), len(seconds) != len(set(seconds))))
        out.append(tuple(per_cell))
    return tuple(out)


_MOVES = {(t, p): _move_table(t, p) for t in TRIBES for p in (0, 1)}
_TRUMP_KEYS: dict[tuple, str] = {}
_SHOTS = {"cocoboum": ((-1, 1), (1, 1)), "axe": ((0, 1),), "arrow": ((0, 2),)}
"""Where a Zoon-fired weapon trump shoots, relative to its shooter (ZN28)."""
_SHOT_ACTS: dict[tuple, Action] = {}
_CELL_ACTS: dict[tuple, tuple] = {}


def _deal_actions(tribe: str, p: int) -> tuple:
    """``(emblem deals, card deals)`` of ``p``'s deployment (ZN5): the Emblem's deal to each back-row cell,
    and each card's deal by roster index."""
    t = _DEAL_ACTS.get((tribe, p))
    if t is None:
        ros = _ROSTERS[tribe]
        side = "SN"[p]
        e = next(z.key for z in ros if z.type == "Emblem")
        t = _DEAL_ACTS[tribe, p] = (tuple(_act(f"deal {side} {e} {CELL[c]}", (), CHANCE) for c in HOME[p][:6]),
                                    tuple(_act(f"deal {side} {z.key}", (), CHANCE) for z in ros))
    return t


_DEAL_ACTS: dict[tuple, tuple] = {}


def _arrange_actions(p: int, picked: int, may_edit: bool) -> tuple:
    """The deployment actions of ``p`` (ZN5) with cell ``picked`` picked (-1: none)."""
    key = (p, picked, may_edit)
    t = _ARRANGE_ACTS.get(key)
    if t is None:
        if picked >= 0:
            a = CELL[picked]
            out = [_act(f"keep {a}", (a,), p, "Cancel the swap")] + [
                _act(f"swap {a} {CELL[b]}", (CELL[b],), p) for b in HOME[p] if b != picked]
        else:
            out = [_act("ready", (), p, "Ready: commit this arrangement")]
            if may_edit:
                out.append(_act("random", (), p, "Random arrangement"))
                out += [_act(f"pick {CELL[c]}", (CELL[c],), p) for c in HOME[p]]
        t = _ARRANGE_ACTS[key] = tuple(out)
    return t


_ARRANGE_ACTS: dict[tuple, tuple] = {}


def _trump_cell_actions(code: str, p: int) -> tuple:
    """The actions ``<code> <cell>`` of trump ``code`` played by ``p``, indexed by cell."""
    t = _CELL_ACTS.get((code, p))
    if t is None:
        t = _CELL_ACTS[code, p] = tuple(_act(f"{code} {CELL[c]}", (f"trump-{code}", CELL[c]), p) for c in range(36))
    return t


def pair_of(corners, coin: int) -> tuple:
    """The raw pair of a card: heads the two top corners (TL, TR), tails the two bottom ones (BR, BL)
    (ZN14)."""
    return (corners[0], corners[1]) if coin == HEADS else (corners[2], corners[3])


def combat_value(mine: tuple, theirs: tuple) -> tuple[int, list[str]]:
    """Combat value of ``mine`` against ``theirs`` with Star and X substitution (ZN15, ZN16): a ★ when only
    ``mine`` has one becomes the higher printed number of ``theirs``; an X when only ``mine`` has one the
    lower printed number; ★ or X on both sides count 0; no printed number opposite counts 0.
    Returns ``(value, notes)``.

    >>> combat_value((STAR, 2), (3, 1))
    (5, ['★→3'])
    >>> combat_value((X, 0), (4, 2))
    (2, ['X→2'])
    """
    nums = [v for v in theirs if v >= 0]
    total, notes = 0, []
    for v in mine:
        if v >= 0:
            total += v
        elif v == STAR:
            s = 0 if STAR in theirs else (max(nums) if nums else 0)
            notes.append(f"★→{s}")
            total += s
        else:
            s = 0 if X in theirs else (min(nums) if nums else 0)
            notes.append(f"X→{s}")
            total += s
    return total, notes


def outcome(cv_a: int, cv_d: int, die_a: int, die_d: int) -> str:
    """``"attacker"``, ``"defender"`` or ``"draw"``: the higher total wins, equal totals go to the lower combat
    value (the underdog rule), equal values and equal dice are a draw (ZN18).

    >>> outcome(9, 5, 2, 6), outcome(9, 5, 1, 5), outcome(4, 4, 3, 3)
    ('defender', 'defender', 'draw')
    """
    ta, td = cv_a + die_a, cv_d + die_d
    if ta != td:
        return "attacker" if ta > td else "defender"
    if cv_a != cv_d:
        return "attacker" if cv_a < cv_d else "defender"
    return "draw"


def _cv_text(v) -> str:
    return "★" if v == STAR else "X" if v == X else str(v)


@dataclass(eq=False)
class ZoonState(State):
    """A Zoon game: the battlefield, both tribes' cards and what is pending.

    Fields: ``board`` (36 ints: -1 empty, a Zoon code, or ``100 + k`` for obstacle ``k`` of ``obst``),
    ``pos``/``up``/``coin`` per player and roster index (cell, -2 not yet deployed, -1 lost; face up;
    HEADS/TAILS), ``tzone``/``tcoin`` per player and trump code (``hand``, ``side``, ``discard``,
    ``board``), ``obst`` (``[cell, owner, trump code, caged roster index or -1]``), ``elim`` (lost Zoons in
    order), ``phase``, ``turn`` (whose turn), ``todo`` (a stack of tasks still to run this turn),
    ``decide`` (the task awaiting a player's choice), ``combat`` (the combat being fought), ``last``
    (the last combat, for the combat panel), ``winner``/``result``.
    """

    def __post_init__(self) -> None:
        o = self.options
        self.mode = o["combat"]
        self.tribes = [o["south"], o["north"]]
        self.board = [EMPTY] * 36
        self.pos = [[-2] * 12, [-2] * 12]
        self.up = [[False] * 12, [False] * 12]
        self.coin = [[HEADS] * 12, [HEADS] * 12]
        self.tzone = [{c: "hand" for c in _TRUMP_ORDER[t]} for t in self.tribes]
        self.tcoin = [{c: HEADS for c in _TRUMP_ORDER[t]} for t in self.tribes]
        self.obst: list = []
        self.elim: list = [[], []]
        self.turn = SOUTH
        self.dealing: tuple = ()
        self.arranger = SOUTH
        self.picked = -1
        self.edits = [0, 0]
        self.ready = [False, False]
        self.todo: list = []
        self.decide: tuple | None = None
        self.combat: dict | None = None
        self.secret: list = [None, None]
        self.secret_start = 0
        self.mods: dict = {}
        self.last: dict | None = None
        self.trail: tuple = ()
        self.winner: int | None = None
        self.result = ""
        self.quiet = 0
        self.seen: list = []
        self.progress = False
        self.turns = 0
        first = o["first"]
        if first == "random":
            self.phase = "first"
        else:
            self.turn = SOUTH if first == "south" else NORTH
            self._start_deal(SOUTH)

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
            self.winner = 1 - p
            self.result = f"{NAMES[1 - p]} took {NAMES[p]}'s Emblem"
            self.phase = "over"
            self.todo = []
            self.decide = None
        elif self.mode == "alternate":
            self.todo.append(("reveal6", p))

    # ----- deployment --------------------------------------------------------------------------------
    def _start_deal(self, p: int) -> None:
        for i in range(12):
            c = self.pos[p][i]
            if c >= 0:
                self.board[c] = EMPTY
            self.pos[p][i] = -2
        self.dealing = (p, tuple(range(12)), HOME[p], True)
        self.picked = -1
        self.phase = "deal"

    def emblem_index(self, p: int) -> int:
        return next(i for i in range(12) if self.zoon(p, i).type == "Emblem")

    def _deal(self, n: str) -> None:
        p, left, cells, emblem = self.dealing
        if emblem:  # ZN5: the Emblem is dealt to a back-row cell first
            i, c = self.emblem_index(p), CELL_INDEX[n.rsplit(" ", 1)[1]]
        else:
            i, c = _KEY_INDEX[self.tribes[p]][n.split(" ", 2)[2]], cells[0]
        left = tuple(j for j in left if j != i)
        cells = tuple(x for x in cells if x != c)
        self.pos[p][i] = c
        self.board[c] = p * 12 + i
        if len(left) == 1:  # the last card takes the last cell
            self.pos[p][left[0]] = cells[0]
            self.board[cells[0]] = p * 12 + left[0]
            self.dealing = ()
            self.arranger = p
            self.phase = "arrange"
        else:
            self.dealing = (p, left, cells, False)

    def _deployment_done(self) -> None:
        """Both arrangements are committed: the front rows are revealed (ZN6) and the first turn starts."""
        if self.mode == "alternate":
            for p in (0, 1):
                for i in range(12):
                    if row(self.pos[p][i]) == FRONT[p]:
                        self.up[p][i] = True
                        self.coin[p][i] = HEADS
        self.todo = []
        self._begin_turn(self.turn)

    # ----- turns -------------------------------------------------------------------------------------
    def _begin_turn(self, p: int) -> None:
        self.turn = p
        self.phase = "turn"
        self.mods = {}
        if self.options["anti_stalling"]:  # ZN40
            key = self._position_key(p)
            self.seen.append(key)
            if self.seen.count(key) >= 3 or self.quiet >= QUIET_LIMIT:
                self.phase = "over"
                self.winner = None
                self.result = ("the same position occurred a third time" if self.seen.count(key) >= 3
                               else f"{QUIET_LIMIT} turns without progress")
                return
        if not self._has_turn_action(p):  # ZN8: no legal action loses
            self.winner = 1 - p
            self.result = f"{NAMES[p]} cannot act"
            self.phase = "over"

    def _end_turn(self) -> None:
        self.turns += 1
        if self.progress:
            self.quiet = 0
            self.seen = []
        else:
            self.quiet += 1
        self.progress = False
        self._begin_turn(1 - self.turn)

    def _position_key(self, nxt: int) -> tuple:
        """The position for the repetition rule (ZN40): battlefield, pennies, face-up cards, trumps and the
        player to move, as a tuple (saved as text, see :func:`_key_text`)."""
        tz, tc = self.tzone, self.tcoin
        k = (tuple(tz[0].items()), tuple(tz[1].items()), tuple(tc[0].items()), tuple(tc[1].items()))
        trumps = _TRUMP_KEYS.get(k)
        if trumps is None:
            trumps = _TRUMP_KEYS[k] = f"{[sorted(z.items()) for z in tz]}{[sorted(z.items()) for z in tc]}"
        coin, up = self.coin, self.up
        return (tuple(self.board), tuple(coin[0]), tuple(coin[1]), tuple(up[0]), tuple(up[1]), trumps, nxt)

    def moves_of(self, p: int, i: int) -> list[tuple[int, int, bool]]:
        """Legal destinations of Zoon (p, i): ``(cell, previous cell, attack)`` (ZN9–ZN12)."""
        cell = self.pos[p][i]
        if cell < 0:
            return []
        groups, shared = _MOVES[self.tribes[p], p][i][cell]
        if not groups:
            return []
        board = self.board
        out = []
        lo = 12 if p == SOUTH else 0  # enemy Zoon codes: lo … lo + 11
        hi = lo + 12
        seen: set | None = set() if shared else None
        for first, seconds in groups:
            v = board[first]
            if v == EMPTY:
                out.append((first, cell, False))
                for t in seconds:
                    v = board[t]
                    if v == EMPTY or lo <= v < hi:
                        if seen is not None:
                            if t in seen:
                                continue
                            seen.add(t)
                        out.append((t, first, v != EMPTY))
            elif lo <= v < hi:
                out.append((first, cell, True))
        return out

    def _move_actions(self, p: int, codes) -> list[Action]:
        out = []
        acts = _MOVE_ACTS
        for i in codes:
            base = (p * 36 + self.pos[p][i]) * 72
            for t, _prev, att in self.moves_of(p, i):
                out.append(acts[base + t * 2 + att])
        return out

    def _has_turn_action(self, p: int) -> bool:
        for i in range(12):
            if self.pos[p][i] >= 0 and self.moves_of(p, i):
                return True
        return bool(self._trump_actions(p))

    def _enemy_cells(self, p: int, rows) -> list[int]:
        lo = 12 if p == SOUTH else 0
        board = self.board
        return [c for c in range(rows[0] * 6, rows[-1] * 6 + 6) if lo <= board[c] < lo + 12]

    def _of_type(self, p: int, types) -> list[int]:
        return [i for i in range(12) if self.pos[p][i] >= 0 and self.zoon(p, i).type in types]

    def _behind(self, p: int, i: int) -> list[int]:
        cell = self.pos[p][i]
        out = []
        for dx in (-1, 0, 1):
            c = step(p, cell, dx, -1)
            if c >= 0 and self.board[c] == EMPTY:
                out.append(c)
        return out

    def _trump_actions(self, p: int) -> list[Action]:
        out: list[Action] = []
        camp = (0, 1, 2) if p == SOUTH else (3, 4, 5)
        home = (0, 1) if p == SOUTH else (4, 5)
        for code in _TRUMP_ORDER[self.tribes[p]]:
            if self.tzone[p][code] not in ("hand", "side"):
                continue
            if code in ("menhirs", "bertha"):
                acts = _trump_cell_actions(code, p)
                for c in self._enemy_cells(p, camp):
                    out.append(acts[c])
            elif code == "wall":
                acts = _trump_cell_actions(code, p)
                board = self.board
                for c in range(36):
                    if board[c] == EMPTY:
                        out.append(acts[c])
            elif code == "cage":
                if self._of_type(p, ("Priest",)):
                    acts = _trump_cell_actions(code, p)
                    for c in self._enemy_cells(p, home):
                        out.append(acts[c])
            elif code in ("cocoboum", "axe", "arrow"):
                shooters = self._of_type(p, ("Elite",) if code == "cocoboum" else ("Soldier",))
                rel = _SHOTS[code]
                for i in shooters:
                    s = self.pos[p][i]
                    for dx, dy in rel:
                        t = step(p, s, dx, dy)
                        if t >= 0 and self.owner_at(t) == 1 - p:
                            key = (code, p, s, t)
                            a = _SHOT_ACTS.get(key)
                            if a is None:
                                a = _SHOT_ACTS[key] = _act(f"{code} {CELL[s]}>{CELL[t]}",
                                                           (f"trump-{code}", CELL[s], CELL[t]), p)
                            out.append(a)
            elif code == "scarper":
                if any(self._behind(p, i) for i in self._mobile(p)):
                    out.append(_act(code, (f"trump-{code}",), p))
            else:
                types = {"tortoise": ("Soldier",), "fury": ("Soldier",), "pair": ("Elite", "Monster"),
                         "conch": None}[code]
                cands = self._mobile(p) if types is None else self._of_type(p, types)
                if any(self.moves_of(p, i) for i in cands):
                    out.append(_act(code, (f"trump-{code}",), p))
        return out

    def _mobile(self, p: int) -> list[int]:
        return [i for i in range(12) if self.pos[p][i] >= 0 and self.zoon(p, i).type != "Emblem"]

    # ----- the protocol ------------------------------------------------------------------------------
    def _current_player(self) -> int:
        ph = self.phase
        if ph == "turn":
            return self.turn
        if ph in ("dice", "deal", "first"):
            return CHANCE
        if ph == "decide":
            assert self.decide is not None
            return self.decide[1]
        if ph == "arrange":
            return self.arranger
        if ph == "secret":
            a, d = self._combat_owners()
            return a if self.secret[0] is None else d
        return TERMINAL

    def _combat_owners(self) -> tuple[int, int]:
        c = self.combat
        assert c is not None
        return c["a"][0], c["d"][0]

    def chance_owner(self) -> int | None:
        if self.phase == "deal":
            return self.dealing[0]
        if self.phase == "dice":
            return self.turn
        return None

    def _chance_outcomes(self):
        if self.phase == "dice":
            return list(_DICE)
        if self.phase == "first":
            return list(_FIRST)
        p, left, _cells, emblem = self.dealing
        emblem_deals, card_deals = _deal_actions(self.tribes[p], p)
        if emblem:
            return [(a, 1 / 6) for a in emblem_deals]
        pr = 1 / len(left)
        return [(card_deals[i], pr) for i in left]

    def _legal_actions(self) -> list[Action]:
        ph = self.phase
        if ph == "turn":
            p = self.turn
            return self._move_actions(p, [i for i in range(12) if self.pos[p][i] >= 0]) + self._trump_actions(p)
        if ph == "arrange":
            return list(_arrange_actions(self.arranger, self.picked, self.edits[self.arranger] < MAX_EDITS))
        if ph == "secret":
            p = self._current_player()
            return [_act(f"secret {o} {c}", (), p, f"{'Upright' if o == 'up' else 'Turned'}, touch {c}")
                    for o in ("up", "down") for c in CORNERS]
        if ph == "decide":
            return self._decision_actions()
        return []

    def _decision_actions(self) -> list[Action]:
        t = self.decide
        assert t is not None
        kind, p = t[0], t[1]
        if kind == "reveal6":
            return [_act(f"reveal {CELL[self.pos[p][i]]}", (CELL[self.pos[p][i]],), p, "")
                    for i in range(12) if self.pos[p][i] >= 0 and not self.up[p][i]]
        if kind in ("tactic", "extra"):
            acts = self._move_actions(p, t[2])
            if kind == "tactic" and not t[4]:
                acts.append(_act("done", (), p, "End the trump's moves"))
            return acts
        if kind == "scarper":
            out = []
            for i in t[2]:
                f = CELL[self.pos[p][i]]
                for c in self._behind(p, i):
                    out.append(_act(f"{f}-{CELL[c]}", (f, CELL[c]), p))
            if not t[4]:
                out.append(_act("done", (), p, "End the trump's moves"))
            return out
        if kind in ("leaf", "push", "hop"):
            return [_act(f"{kind} {CELL[c]}", (CELL[c],), p) for c in t[3]]
        if kind == "bongo":
            return [_act(f"bongo {CELL[self.pos[p][i]]}", (CELL[self.pos[p][i]],), p) for i in t[3]]
        raise AssertionError(kind)

    # ----- applying ----------------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        n = action.notation
        ph = self.phase
        if ph == "first":
            self.turn = SOUTH if n.startswith("south") else NORTH
            self._start_deal(SOUTH)
            return
        if ph == "deal":
            self._deal(n)
            return
        if ph == "arrange":
            p = self.arranger
            if n == "ready":
                self.ready[p] = True
                if p == SOUTH:
                    self._start_deal(NORTH)
                else:
                    self._deployment_done()
            elif n == "random":
                self.edits[p] += 1
                self._start_deal(p)
            elif n.startswith("pick "):
                self.picked = CELL_INDEX[n[5:]]
            elif n.startswith("keep "):
                self.picked = -1
            else:
                _, a, b = n.split()
                ca, cb = CELL_INDEX[a], CELL_INDEX[b]
                va, vb = self.board[ca], self.board[cb]
                self.board[ca], self.board[cb] = vb, va
                self.pos[p][va % 12], self.pos[p][vb % 12] = cb, ca
                self.edits[p] += 1
                self.picked = -1
            return
        if ph == "dice":
            da, dd = int(n[5]), int(n[7])
            self._resolve_alternate(da, dd)
            self._run()
            return
        if ph == "secret":
            _, o, c = n.split()
            k = 0 if self.secret[0] is None else 1
            self.secret[k] = (0 if o == "up" else 1, CORNERS.index(c))
            if self.secret[1] is not None:
                self._resolve_classic()
                self._run()
            return
        if ph == "turn":
            self.todo = [("endturn",)]
            self.trail = ()
            p = self.turn
            if action.targets and action.targets[0].startswith("trump-"):
                self._play_trump(p, n)
            else:
                self._move(p, action)
            self._run()
            return
        if ph == "decide":
            self._decided(action)
            self._run()
            return
        raise IllegalAction(f"no action is possible in phase {ph}")

    def _move(self, p: int, action: Action, mod: str | None = None, reveal: bool = False) -> None:
        f, t = CELL_INDEX[action.targets[0]], CELL_INDEX[action.targets[1]]
        code = self.board[f]
        i = code % 12
        if reveal:
            self._reveal(p, i)
        if mod:
            self.mods[code] = mod
        for to, prev, att in self.moves_of(p, i):
            if to == t:
                self._mark(f, t, "attack" if att else "move")
                if att:
                    self.combat = {"a": (p, i), "d": (1 - p, self.board[t] % 12), "from": f, "to": t,
                                   "prev": prev, "shot": None}
                    self.todo.append(("combat",))
                else:
                    self._place(p, i, t)
                return
        raise AssertionError("move not found")

    def _mark(self, f: int, t: int, kind: str) -> None:
        """Note a step of the current turn for the drawing (``trail``: from cell or -1, to cell, kind,
        combat result); derived from the history, so not saved."""
        self.trail += ((f, t, kind, ""),)

    def _mark_result(self, t: int, res: str) -> None:
        """Note the result of the combat at ``t`` on its step of the trail."""
        trail = list(self.trail)
        for k in range(len(trail) - 1, -1, -1):
            f, to, kind, r = trail[k]
            if to == t and kind in ("attack", "shot") and not r:
                trail[k] = (f, to, kind, res)
                break
        self.trail = tuple(trail)

    def _play_trump(self, p: int, n: str) -> None:
        parts = n.split()
        code = parts[0]
        tr = trump(self.tribes[p], code)
        if code == "wall":
            c = CELL_INDEX[parts[1]]
            self._mark(-1, c, "wall")
            self.obst.append([c, p, code, -1])
            self.board[c] = OBST + len(self.obst) - 1
            self.tzone[p][code] = "board"
            self.progress = True
        elif code == "cage":
            c = CELL_INDEX[parts[1]]
            self._mark(-1, c, "cage")
            q, j = 1 - p, self.board[c] % 12
            for i in self._of_type(p, ("Priest",)):
                self._reveal(p, i)
                break
            self.obst.append([c, p, code, j])
            self.tzone[p][code] = "board"
            self._eliminate(q, j, OBST + len(self.obst) - 1)
        elif tr.corners is not None:  # shooting trumps
            if ">" in parts[1]:
                s, t = (CELL_INDEX[x] for x in parts[1].split(">"))
                self._reveal(p, self.board[s] % 12)  # ZN29: the shooter is turned face up
            else:
                s, t = -1, CELL_INDEX[parts[1]]
            self._mark(s, t, "shot")
            self.combat = {"a": (p, code), "d": (1 - p, self.board[t] % 12), "from": s, "to": t, "prev": s,
                           "shot": code}
            self.todo.append(("combat",))
        elif code == "scarper":
            self.tzone[p][code] = "discard"
            self.progress = True
            self.todo.append(("scarper", p, tuple(self._mobile(p)), 3, True))
        else:
            self.tzone[p][code] = "discard"
            self.progress = True
            types = {"tortoise": ("Soldier",), "fury": ("Soldier",), "pair": ("Elite", "Monster")}.get(code)
            cands = tuple(self._mobile(p)) if types is None else tuple(self._of_type(p, types))
            left = {"tortoise": 2, "fury": 1, "pair": 2, "conch": 3}[code]
            mod = {"tortoise": "+1", "fury": "x2"}.get(code)
            self.todo.append(("tactic", p, cands, left, True, code, mod))

    def _decided(self, action: Action) -> None:
        t = self.decide
        assert t is not None
        self.decide = None
        kind, p = t[0], t[1]
        n = action.notation
        if kind == "reveal6":
            c = CELL_INDEX[n.split()[1]]
            self._mark(-1, c, "reveal")
            self._reveal(p, self.board[c] % 12)
            self.todo.append(("reveal6", p))
        elif kind == "tactic":
            if n == "done":
                return
            i = self.board[CELL_INDEX[action.targets[0]]] % 12
            if t[3] > 1:
                self.todo.append(("tactic", p, tuple(j for j in t[2] if j != i), t[3] - 1, False, t[5], t[6]))
            self._move(p, action, t[6], reveal=t[5] in ("tortoise", "fury", "pair"))
        elif kind == "extra":
            self._move(p, action, reveal=True)
        elif kind == "scarper":
            if n == "done":
                return
            f, c = CELL_INDEX[action.targets[0]], CELL_INDEX[action.targets[1]]
            i = self.board[f] % 12
            if t[3] > 1:
                self.todo.append(("scarper", p, tuple(j for j in t[2] if j != i), t[3] - 1, False))
            self._mark(f, c, "move")
            self._place(p, i, c)
        elif kind in ("leaf", "push", "hop"):
            c = CELL_INDEX[n.split()[1]]
            self._mark(self.pos[p][t[2]], c, "move")
            self._place(p, t[2], c)
        elif kind == "bongo":
            j = self.board[CELL_INDEX[n.split()[1]]] % 12
            self._swap((p, t[2]), (p, j))

    def _swap(self, a: tuple[int, int], b: tuple[int, int]) -> None:
        ca, cb = self.pos[a[0]][a[1]], self.pos[b[0]][b[1]]
        self._mark(ca, cb, "swap")
        self.board[ca] = self.board[cb] = EMPTY
        self._place(a[0], a[1], cb)
        self._place(b[0], b[1], ca)

    def _run(self) -> None:
        """Run the pending tasks until a player or chance must act (or the game is over)."""
        while self.phase != "over":
            if not self.todo:
                raise AssertionError("no task left")
            t = self.todo.pop()
            kind = t[0]
            if kind == "endturn":
                self._end_turn()
                return
            if kind == "combat":
                self._start_combat()
                return
            if kind == "reveal6":
                p = t[1]
                alive = self.alive(p)
                n_up = sum(1 for i in alive if self.up[p][i])
                if n_up < min(6, len(alive)):
                    self.decide = t
                    self.phase = "decide"
                    return
                continue
            if kind == "kingswap":
                a, b = t[1], t[2]
                if self.pos[a[0]][a[1]] >= 0 and self.pos[b[0]][b[1]] >= 0:
                    self._swap(a, b)
                continue
            if kind in ("tactic", "extra"):
                p = t[1]
                if any(self.moves_of(p, i) for i in t[2]):
                    self.decide, self.phase = t, "decide"
                    return
                continue
            if kind == "scarper":
                p = t[1]
                if any(self._behind(p, i) for i in t[2]):
                    self.decide, self.phase = t, "decide"
                    return
                continue
            if kind in ("leaf", "push", "hop", "bongo"):
                p, i = t[1], t[2]
                if self.pos[p][i] < 0:
                    continue
                if kind == "leaf":
                    opts = tuple(c for c in range(36) if self.board[c] == EMPTY)
                elif kind == "push":
                    opts = tuple(self._behind(p, i))
                elif kind == "hop":
                    opts = tuple(c for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx or dy)
                                 for c in (step(p, self.pos[p][i], dx, dy),) if c >= 0 and self.board[c] == EMPTY)
                else:
                    opts = tuple(j for j in self._of_type(p, ("Monster",)) if self.zoon(p, j).name in ("King", "Kong"))
                if opts:
                    self.decide, self.phase = (kind, p, i, opts), "decide"
                    return
                continue
            raise AssertionError(kind)

    # ----- combat ------------------------------------------------------------------------------------
    def _start_combat(self) -> None:
        c = self.combat
        assert c is not None
        if self.mode == "alternate":  # ZN13: face-down participants are turned face up first
            if c["shot"] is None:
                self._reveal(*c["a"])
            self._reveal(*c["d"])
            self.phase = "dice"
        else:
            self.secret = [None, None]
            self.secret_start = len(self.history) + 1
            self.phase = "secret"

    def _side_card(self, side) -> tuple:
        """(corners, coin, name, code or None) of a combat side: a Zoon ``(p, i)`` or a trump ``(p, code)``."""
        p, x = side
        if isinstance(x, str):
            tr = trump(self.tribes[p], x)
            coin = self.tcoin[p][x] if tr.uses == "unlimited" and self.tzone[p][x] == "side" else HEADS
            return tr.corners, coin, tr.name, None
        z = self.zoon(p, x)
        return z.corners, self.coin[p][x], z.name, p * 12 + x

    def combat_values(self) -> tuple:
        """The pending alternate combat: ``(cva, cvd, pa, pd, notes_a, notes_d, coin_a, coin_d, names)``
        with Star and X substitution and the turn's modifiers applied (ZN14–ZN17)."""
        c = self.combat
        assert c is not None
        ca, coin_a, name_a, code_a = self._side_card(c["a"])
        cd, coin_d, name_d, code_d = self._side_card(c["d"])
        pa, pd = pair_of(ca, coin_a), pair_of(cd, coin_d)
        cva, notes_a = combat_value(pa, pd)
        cvd, notes_d = combat_value(pd, pa)
        ma = self.mods.get(code_a) if code_a is not None else None
        md = self.mods.get(code_d)
        cva = cva * 2 if ma == "x2" else cva + 1 if ma == "+1" else cva
        cvd = cvd * 2 if md == "x2" else cvd + 1 if md == "+1" else cvd
        return cva, cvd, pa, pd, notes_a, notes_d, coin_a, coin_d, (name_a, name_d, code_a, code_d)

    def _resolve_alternate(self, da: int, dd: int) -> None:
        c = self.combat
        assert c is not None
        cva, cvd, pa, pd, notes_a, notes_d, coin_a, coin_d, (name_a, name_d, code_a, code_d) = self.combat_values()
        res = outcome(cva, cvd, da, dd)
        effect_side = None
        if res == "draw" and c["shot"] is None and ((STAR in pa) != (STAR in pd)):
            effect_side = "a" if STAR in pa else "d"
        self.last = {
            "kind": "shot" if c["shot"] else "attack", "mode": "alternate",
            "a": {"owner": c["a"][0], "name": name_a, "coin": "HT"[coin_a], "pair": [_cv_text(v) for v in pa],
                  "notes": notes_a, "mod": self.mods.get(code_a) if code_a is not None else None,
                  "value": cva, "die": da, "total": cva + da},
            "d": {"owner": c["d"][0], "name": name_d, "coin": "HT"[coin_d], "pair": [_cv_text(v) for v in pd],
                  "notes": notes_d, "mod": self.mods.get(code_d), "value": cvd, "die": dd, "total": cvd + dd},
            "from": CELL[c["from"]] if c["from"] >= 0 else None, "to": CELL[c["to"]],
            "outcome": res, "effect": None}
        self._finish_combat(res, effect_side, trump_has_x=X in pa)

    def classic_result(self, secret) -> tuple:
        """The pending classic combat decided by ``secret`` (``[(orientation, corner), ...]`` of the attacker
        and the defender, as :attr:`secret`): ``(result, effect side or None, va, vd)``, ``result`` one of
        ``"attacker"``, ``"defender"``, ``"draw"`` and ``va``/``vd`` the touched values (ZN42, ZN43)."""
        c = self.combat
        assert c is not None
        (oa, ta), (od, td) = secret
        ca, _ca, _na, code_a = self._side_card(c["a"])
        cd, _cd, _nd, code_d = self._side_card(c["d"])
        va = ca[(td + 2 * oa) % 4]  # the corner of the attacker's card the defender touched
        vd = cd[(ta + 2 * od) % 4]
        for code, which in ((code_a, "a"), (code_d, "d")):
            m = self.mods.get(code) if code is not None else None
            v = va if which == "a" else vd
            if m and v >= 0:
                v = v * 2 if m == "x2" else v + 1
                if which == "a":
                    va = v
                else:
                    vd = v
        effect_side = None
        if va == vd:
            res = "draw"
        elif va == X:
            res = "defender"
        elif vd == STAR:
            res = "draw"
            effect_side = None if c["shot"] else "d"
        elif va == STAR:
            res, effect_side = "draw", "a"
        else:
            res = "attacker" if va > vd else "defender"
        return res, effect_side, va, vd

    def _resolve_classic(self) -> None:
        c = self.combat
        assert c is not None
        (oa, ta), (od, td) = self.secret
        name_a, name_d = self._side_card(c["a"])[2], self._side_card(c["d"])[2]
        res, effect_side, va, vd = self.classic_result(self.secret)
        self.last = {
            "kind": "shot" if c["shot"] else "attack", "mode": "classic",
            "a": {"owner": c["a"][0], "name": name_a, "turned": bool(oa), "touched": CORNERS[td],
                  "value": _cv_text(va)},
            "d": {"owner": c["d"][0], "name": name_d, "turned": bool(od), "touched": CORNERS[ta],
                  "value": _cv_text(vd)},
            "from": CELL[c["from"]] if c["from"] >= 0 else None, "to": CELL[c["to"]],
            "outcome": res, "effect": None}
        # classic: both cards were shown, their identities stay known (ZN43)
        if c["shot"] is None:
            self.up[c["a"][0]][c["a"][1]] = True
        self.up[c["d"][0]][c["d"][1]] = True
        self._finish_combat(res, effect_side, trump_has_x=(va == X))

    def _finish_combat(self, res: str, effect_side: str | None, trump_has_x: bool) -> None:
        c = self.combat
        assert c is not None and self.last is not None
        self.combat = None
        self.phase = "run"
        alt = self.mode == "alternate"
        (pd, idd) = c["d"]
        if c["shot"]:
            pa, code = c["a"]
            destroyed = res != "attacker" and trump_has_x
            tr = trump(self.tribes[pa], code)
            self._mark_result(c["to"], "hit" if res == "attacker" else "miss")
            if res == "attacker":
                self.last["text"] = f"{tr.name} hits: {self.zoon(pd, idd).name} is lost"
            else:
                self.last["text"] = f"{tr.name} misses" + (f"; its X destroys it" if destroyed else "")
            if tr.uses == "once" or destroyed:
                self.tzone[pa][code] = "discard"
                self.progress = True
            elif alt:
                if self.tzone[pa][code] == "side":
                    self.tcoin[pa][code] ^= 1
                else:
                    self.tzone[pa][code] = "side"
                    self.tcoin[pa][code] = TAILS  # first use on heads, then flipped (ZN21, ZN23)
            if res == "attacker":
                self._eliminate(pd, idd)
            elif alt:
                self.coin[pd][idd] ^= 1
            return
        pa, ia = c["a"]
        za, zd = self.zoon(pa, ia), self.zoon(pd, idd)
        effect = None
        if res == "draw" and effect_side is not None:
            ep, ei = (pa, ia) if effect_side == "a" else (pd, idd)
            effect = _EFFECT.get(self.zoon(ep, ei).name)
            if effect == "berserk":
                res = "attacker" if effect_side == "a" else "defender"
        self.last["effect"] = self.zoon(*((pa, ia) if effect_side == "a" else (pd, idd))).name if effect else None
        self._mark_result(c["to"], res)
        if res == "attacker":
            self.last["text"] = f"{za.name} wins: {zd.name} is lost"
            self._eliminate(pd, idd)
            if self.phase == "over":
                return
            self._place(pa, ia, c["to"])
            if alt:
                self.coin[pa][ia] ^= 1
            return
        if res == "defender":
            self.last["text"] = f"{zd.name} wins: {za.name} is lost"
            self._eliminate(pa, ia)
            if alt and self.phase != "over":
                self.coin[pd][idd] ^= 1
            return
        # a draw: the defender stays, the attacker recoils (ZN20)
        self.last["text"] = "Draw" + (f": {self.last['effect']}'s tribe-card effect" if effect else "")
        if c["prev"] != c["from"]:
            self._place(pa, ia, c["prev"])
        if alt:
            self.coin[pa][ia] ^= 1
            self.coin[pd][idd] ^= 1
        if effect is None:
            return
        ep, ei = (pa, ia) if effect_side == "a" else (pd, idd)
        other = (pd, idd) if effect_side == "a" else (pa, ia)
        attacker = effect_side == "a"
        if effect == "grognard":
            if attacker:
                self.todo.append(("extra", ep, tuple(j for j in range(12) if self.pos[ep][j] >= 0
                                                     and self.zoon(ep, j).name == "Grognard")))
        elif effect == "again":
            if attacker:
                self.todo.append(("extra", ep, (ei,)))
        elif effect == "kingswap":
            self.todo.append(("kingswap", (ep, ei), other))
        elif effect == "push":
            self.todo.append(("push", other[0], other[1]))
        else:  # leaf, hop, bongo
            self.todo.append((effect, ep, ei))

    # ----- results and views -------------------------------------------------------------------------
    def returns(self) -> list[float]:
        if self.phase != "over" or self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == SOUTH else [-1.0, 1.0]

    def card_view(self, p: int, i: int, viewer: int | None) -> dict:
        """What ``viewer`` sees of Zoon (p, i): everything if it is face up or theirs, else only a back."""
        if not self.up[p][i] and viewer != p:
            return {"owner": p, "hidden": True}
        z = self.zoon(p, i)
        return {"owner": p, "hidden": False, "key": z.key, "name": z.name, "type": z.type, "variant": z.variant,
                "corners": [_cv_text(v) for v in z.corners], "grid": list(z.grid) if z.grid else None,
                "up": self.up[p][i], "coin": ("HT"[self.coin[p][i]] if self.mode == "alternate" and self.up[p][i]
                                               else None),
                "effect": z.effect, "mod": self.mods.get(p * 12 + i)}

    def observation(self, player: int | None) -> dict:
        """What ``player`` may see (None: a spectator): the battlefield with the opponent's face-down Zoons
        as backs, their own hand, the public zones, the last combat, what is pending (ZN7) and ``trail``, the steps
        of the last turn (from, to, kind, combat result) for the drawing, and ``draw_after``, the quiet turns that
        end the game (ZN40; None when anti-stalling is off)."""
        cells: list = [None] * 36
        deploying = self.phase in ("deal", "arrange") or (self.phase == "first")
        for p in (0, 1):
            for i in range(12):
                c = self.pos[p][i]
                if c >= 0:
                    cells[c] = self.card_view(p, i, player)
        for k, (c, owner, code, caged) in enumerate(self.obst):
            tr = trump(self.tribes[owner], code)
            cells[c] = {"obstacle": code, "owner": owner, "name": tr.name,
                        "caged": self.zoon(1 - owner, caged).name if caged >= 0 else None}
        trumps = []
        for p in (0, 1):
            zones: dict[str, Any] = {"hand": [], "side": [], "discard": [], "board": []}
            for code in _TRUMP_ORDER[self.tribes[p]]:
                z = self.tzone[p][code]
                tr = trump(self.tribes[p], code)
                d = {"code": code, "name": tr.name, "english": tr.english, "text": tr.text, "uses": tr.uses,
                     "corners": [_cv_text(v) for v in tr.corners] if tr.corners else None,
                     "coin": "HT"[self.tcoin[p][code]] if z == "side" else None}
                if z == "hand" and player != p:
                    continue
                zones[z].append(d)
            zones["hand_count"] = sum(1 for c in self.tzone[p].values() if c == "hand")
            trumps.append(zones)
        decide = None
        if self.phase == "decide" and self.decide is not None:
            decide = {"kind": self.decide[0], "player": self.decide[1]}
        secret: dict[str, Any] | None = None
        if self.phase == "secret":
            att, dfd = self._combat_owners()
            secret = {"committed": [self.secret[0] is not None, self.secret[1] is not None],
                      "mine": None}
            if player is not None:
                k = 0 if player == att else 1
                if self.secret[k] is not None and (player == att or player == dfd):
                    o, t = self.secret[k]
                    secret["mine"] = ["up", "down"][o] + " " + CORNERS[t]
        combat: dict[str, Any] | None = None
        if self.combat is not None:
            cb = self.combat
            combat = {"from": CELL[cb["from"]] if cb["from"] >= 0 else None, "to": CELL[cb["to"]],
                      "shot": cb["shot"], "attacker": cb["a"][0]}
        return {
            "viewer": player, "mode": self.mode, "tribes": list(self.tribes), "player_names": list(NAMES),
            "phase": "deploy" if deploying else self.phase, "turn": self.turn,
            "to_move": self._current_player(), "cells": cells, "trumps": trumps,
            "eliminated": [[self.zoon(p, i).name for i in self.elim[p]] for p in (0, 1)],
            "ready": list(self.ready), "arranging": self.arranger if self.phase == "arrange" else None,
            "picked": CELL[self.picked] if self.phase == "arrange" and self.picked >= 0 and player == self.arranger
            else None,
            "edits_left": [MAX_EDITS - e for e in self.edits], "decide": decide, "secret": secret,
            "combat": combat, "last": self.last, "winner": self.winner, "result": self.result,
            "quiet": self.quiet, "turns": self.turns,
            "draw_after": QUIET_LIMIT if self.options["anti_stalling"] else None,
            "trail": [{"from": CELL[f] if f >= 0 else None, "to": CELL[t], "kind": k, "result": r}
                      for f, t, k, r in self.trail],
        }

    def public_history(self, player: int | None) -> list[str]:
        """The move list ``player`` may see: the other side's deal outcomes and a classic combat choice not
        yet revealed read ``?`` (ZN7)."""
        out = []
        pending_from = self.secret_start if self.phase == "secret" else len(self.history)
        a_owner = self._combat_owners()[0] if self.phase == "secret" else None
        for k, a in enumerate(self.history):
            if a.startswith("deal "):
                side = a[5]
                if player is None or "SN"[player] != side:
                    a = f"deal {side} ?"
            elif k >= pending_from and a.startswith("secret "):
                who = a_owner if k == pending_from else 1 - (a_owner or 0)
                if who != player:
                    a = "secret ?"
            out.append(a)
        return out

    # ----- search support ----------------------------------------------------------------------------
    def clone(self) -> "ZoonState":
        s = object.__new__(type(self))
        d = dict(self.__dict__)
        d.pop("_cache_legal", None)
        d["history"] = list(self.history)
        d["board"] = list(self.board)
        d["pos"] = [list(x) for x in self.pos]
        d["up"] = [list(x) for x in self.up]
        d["coin"] = [list(x) for x in self.coin]
        d["tzone"] = [dict(x) for x in self.tzone]
        d["tcoin"] = [dict(x) for x in self.tcoin]
        d["obst"] = [list(x) for x in self.obst]
        d["elim"] = [list(x) for x in self.elim]
        d["todo"] = list(self.todo)
        d["secret"] = list(self.secret)
        d["mods"] = dict(self.mods)
        d["seen"] = list(self.seen)
        d["edits"] = list(self.edits)
        d["ready"] = list(self.ready)
        d["tribes"] = list(self.tribes)
        s.__dict__ = d
        return s

    def determinize(self, player: int, rng) -> "ZoonState":
        """A copy in which the identities of the opponent's face-down Zoons are shuffled among their cells
        and a pending classic choice of the opponent is redrawn: what ``player`` cannot see. The copy also
        notes what the search needs from its root (:func:`pygames.zoon.ai.note_root`)."""
        s = self.clone()
        q = 1 - player
        hidden = [i for i in range(12) if s.pos[q][i] >= 0 and not s.up[q][i]]
        if len(hidden) > 1:
            # canonical: the result depends only on what ``player`` sees (the cells and the set of hidden
            # identities), never on which card really is where
            cells = sorted(s.pos[q][i] for i in hidden)
            real = [s.board[c] for c in cells]
            rng.shuffle(hidden)
            for i, c in zip(hidden, cells):
                s.pos[q][i] = c
                s.board[c] = q * 12 + i
            # every reference to one of those cards follows it: earlier positions (for the repetition
            # rule), a pending combat, the turn's modifiers and pending tasks
            code = dict(zip(real, (q * 12 + i for i in hidden)))
            s.seen = [(tuple(code.get(v, v) for v in k[0]),) + k[1:] for k in s.seen]
            s._relabel(q, {r - q * 12: c - q * 12 for r, c in code.items()})
        if s.phase == "secret":
            a, _d = s._combat_owners()
            k = 0 if q == a else 1
            if s.secret[k] is not None:
                s.secret[k] = (rng.randrange(2), rng.randrange(4))
        from .ai import note_root  # late: ai imports this module
        note_root(s, player, tuple(s.pos[q][i] for i in hidden))
        return s

    def _relabel(self, q: int, ident: dict) -> None:
        """Rename ``q``'s Zoons in the pending combat, the turn's modifiers, the pending tasks and the
        decision at hand (``ident``: old roster index → new), for :meth:`determinize`."""
        def m(i):
            return ident.get(i, i) if isinstance(i, int) else i

        if self.combat is not None:
            c = dict(self.combat)
            for key in ("a", "d"):
                if c[key][0] == q:
                    c[key] = (q, m(c[key][1]))
            self.combat = c
        self.mods = {(q * 12 + m(k - q * 12) if k // 12 == q else k): v for k, v in self.mods.items()}

        def task(t):
            kind = t[0]
            if kind == "kingswap":
                return (kind,) + tuple((p, m(i)) if p == q else (p, i) for p, i in t[1:])
            if len(t) < 3 or t[1] != q:
                return t
            if kind in ("tactic", "extra", "scarper"):
                return (kind, q, tuple(m(i) for i in t[2])) + t[3:]
            if kind == "bongo" and len(t) > 3:
                return (kind, q, m(t[2]), tuple(m(i) for i in t[3]))
            if kind in ("leaf", "push", "hop", "bongo"):
                return (kind, q, m(t[2])) + t[3:]
            return t

        self.todo = [task(t) for t in self.todo]
        if self.decide is not None:
            self.decide = task(self.decide)

    # ----- serialisation -----------------------------------------------------------------------------
    def _state_json(self) -> dict:
        return _plain({
            "phase": self.phase, "turn": self.turn, "board": self.board, "pos": self.pos, "up": self.up,
            "coin": self.coin, "tzone": self.tzone, "tcoin": self.tcoin, "obst": self.obst, "elim": self.elim,
            "dealing": self.dealing, "arranger": self.arranger, "picked": self.picked, "edits": self.edits, "ready": self.ready,
            "todo": self.todo, "decide": self.decide, "combat": self.combat, "secret": self.secret,
            "secret_start": self.secret_start, "mods": {str(k): v for k, v in self.mods.items()},
            "last": self.last, "winner": self.winner, "result": self.result, "quiet": self.quiet,
            "seen": [_key_text(k) for k in self.seen], "progress": self.progress, "turns": self.turns})

    def _load_json(self, d: dict) -> None:
        """Strict: the saved state must be exactly the one its history produces (the history is replayed
        from the start; any illegal action or any difference raises InvalidState)."""
        fresh = self.game.new_initial_state(self.options)
        for k, a in enumerate(self.history):
            try:
                fresh.apply(a)
            except IllegalAction as e:
                raise InvalidState(f"zoon: history action {k} ({a!r}) is illegal: {e}") from None
        mine = fresh._state_json()
        if d != mine:
            bad = sorted(k for k in set(d) | set(mine) if d.get(k, object()) != mine.get(k))
            raise InvalidState(f"zoon: the saved state does not match its history (fields: {', '.join(bad)})")
        hist = self.history
        self.__dict__.update(fresh.__dict__)
        self.history = hist

    # ----- positions for tests and diagrams ----------------------------------------------------------
    @classmethod
    def from_position(cls, game, position: dict, options: dict | None = None) -> "ZoonState":
        """A battle position from readable placements, for tests and diagrams (not a saved game).

        ``position``: ``{"south": {"b2": "Kassin A1", ...}, "north": {...}, "turn": "south",
        "down": ["a1", ...] (face-down cells), "tails": ["b2", ...], "hands": {"south": [...]}}``; Zoons not
        placed are lost (in the elimination pile). Raises InvalidState on an unknown card or cell.
        """
        s = game.new_initial_state(dict(options or {}, first="south"))
        s.board = [EMPTY] * 36
        s.pos = [[-1] * 12, [-1] * 12]
        s.elim = [[], []]
        s.up = [[True] * 12, [True] * 12]
        s.coin = [[HEADS] * 12, [HEADS] * 12]
        for p, side in ((0, "south"), (1, "north")):
            keys = {z.key: i for i, z in enumerate(_ROSTERS[s.tribes[p]])}
            for cell, key in (position.get(side) or {}).items():
                if cell not in CELL_INDEX or key not in keys:
                    raise InvalidState(f"bad placement {cell}: {key}")
                c, i = CELL_INDEX[cell], keys[key]
                s.pos[p][i] = c
                s.board[c] = p * 12 + i
            s.elim[p] = [i for i in range(12) if s.pos[p][i] < 0]
            hands = (position.get("hands") or {}).get(side)
            if hands is not None:
                for code in s.tzone[p]:
                    s.tzone[p][code] = "hand" if code in hands else "discard"
        for cell in position.get("down", []):
            v = s.board[CELL_INDEX[cell]]
            s.up[v // 12][v % 12] = False
        for cell in position.get("tails", []):
            v = s.board[CELL_INDEX[cell]]
            s.coin[v // 12][v % 12] = TAILS
        s.ready = [True, True]
        s.dealing = ()
        s._begin_turn(SOUTH if position.get("turn", "south") == "south" else NORTH)
        return s


def _key_text(key: tuple) -> str:
    """A position key (:meth:`ZoonState._position_key`) as saved: the texts of the battlefield, pennies and
    face-up lists, the trumps and the player to move."""
    board, c0, c1, u0, u1, trumps, nxt = key
    return f"{list(board)}{[list(c0), list(c1)]}{[list(u0), list(u1)]}{trumps}{nxt}"


def _plain(x):
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, dict):
        return {str(k): _plain(v) for k, v in x.items()}
    return x
