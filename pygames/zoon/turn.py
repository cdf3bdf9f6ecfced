"""Zoon: the turn, movement and trumps (ZN8–ZN12, ZN23–ZN28, ZN40, ZN49, ZN50).

A mixin of :class:`pygames.zoon.rules.ZoonState`: the start and end of a turn with the anti-stalling rule
(ZN40), the legal moves and attacks of a Zoon (ZN9–ZN12), the trumps a player may play (ZN23–ZN28) and
what playing one starts.
"""
from __future__ import annotations

from ..core.state import Action
from .base import ZoonBase
from .board import _ROSTERS, CELL, CELL_INDEX, EMPTY, NAMES, OBST, QUIET_LIMIT, SOUTH, TURN_LIMIT, _GRIDS, _MOVE_ACTS, _MOVES, _TRUMP_ORDER, _act, move_action, step
from .tribes import TRUMPS, trump

_TRUMP_KEYS: dict[tuple, str] = {}
_SHOTS = {"cocoboum": ((-1, 1), (1, 1)), "axe": ((0, 1),), "arrow": ((0, 2),)}
"""Where a Zoon-fired weapon trump shoots, relative to its shooter (ZN28)."""
_USERS = {"tortoise": ("Soldier",), "fury": ("Soldier",), "pair": ("Elite", "Monster"), "conch": None}
"""The types of Zoon a movement trump is played with (None: any Zoon), ZN23–ZN28."""
_TYPES = {t: tuple(z.type for z in r) for t, r in _ROSTERS.items()}
"""``_TYPES[tribe][i]``: the type of roster Zoon ``i``."""
_CELL_ACTS: dict[tuple, tuple] = {}


def _trump_cell_actions(code: str, p: int) -> tuple:
    """The actions ``<code> <cell>`` of trump ``code`` played by ``p``, indexed by cell."""
    t = _CELL_ACTS.get((code, p))
    if t is None:
        verb = "on" if code in ("wall", "cage") else "shoots"
        t = _CELL_ACTS[code, p] = tuple(_act(f"{code} {CELL[c]}", (f"trump-{code}", CELL[c]), p,
                                             f"{_TRUMP_NAMES[code]} {verb} {CELL[c]}") for c in range(36))
    return t


_TRUMP_NAMES = {x.code: x.name for tribe in TRUMPS for x in TRUMPS[tribe]}
"""Each trump's name by its code (codes differ between tribes), for the actions' labels."""



_WALK_ACTS: dict[tuple, tuple] = {}


def _walk_actions(tribe: str, p: int, named: bool = False) -> tuple:
    """``_MOVES[tribe, p]`` with the actions in it, built once per tribe, side and naming: for each roster
    index and cell, ``(groups, shared)`` where each group of the movement table becomes ``(first cell, its
    move, its attack, seconds)`` and each second cell ``(cell, its move, its attack)`` (ZN9–ZN11). The
    actions' labels name the Zoon when ``named`` (a face-up Zoon's moves, ``Grognard c2 → c3``), else not
    (a face-down one's, ``c2 → c3``: both players read the labels, ZN7)."""
    t = _WALK_ACTS.get((tribe, p, named))
    if t is None:
        rows = []
        for i, per_cell in enumerate(_MOVES[tribe, p]):
            name = _ROSTERS[tribe][i].name if named else ""
            row = []
            for cell, (groups, shared) in enumerate(per_cell):
                acts: dict | tuple = _MOVE_ACTS[(p * 36 + cell) * 72:(p * 36 + cell + 1) * 72]
                if named:  # only the cells the grid reaches
                    acts = {2 * c + k: move_action(p, cell, c, bool(k), name)
                            for f, sec in groups for c in (f, *sec) for k in (0, 1)}
                row.append((tuple((f, acts[2 * f], acts[2 * f + 1], tuple((c, acts[2 * c], acts[2 * c + 1]) for c in sec))
                                  for f, sec in groups), shared))
            rows.append(tuple(row))
        t = _WALK_ACTS[tribe, p, named] = tuple(rows)
    return t


_NAMED: dict[tuple, Action] = {}


def _named_move(p: int, frm: int, to: int, attack: bool, name: str) -> Action:
    """:func:`move_action` of a face-up Zoon called ``name``, kept (the walk of a cell reached two ways asks
    for it at every position)."""
    key = (p, frm, to, attack, name)
    a = _NAMED.get(key)
    if a is None:
        a = _NAMED[key] = move_action(p, frm, to, attack, name)
    return a


_PREVS: dict[tuple, tuple] = {}


def _prevs(tribe: str, p: int) -> tuple:
    """For each roster index and cell of ``_MOVES[tribe, p]``: ``{destination: previous cell}`` (ZN20's
    recoil cell: the Zoon's own cell for a first cell, else the first cell it walked through), or None
    where a cell is reached by two ways (then the walk's order decides, see :meth:`TurnMixin._walk`)."""
    t = _PREVS.get((tribe, p))
    if t is None:
        rows = []
        for per_cell in _MOVES[tribe, p]:
            row = []
            for cell, (groups, _shared) in enumerate(per_cell):
                prev = {f: cell for f, _sec in groups}
                for f, sec in groups:
                    prev.update((c, f) for c in sec)
                once = len(prev) == len(groups) + sum(len(sec) for _f, sec in groups)
                row.append(prev if once else None)
            rows.append(tuple(row))
        t = _PREVS[tribe, p] = tuple(rows)
    return t


_BEHIND = tuple(tuple(tuple(c for dx in (-1, 0, 1) for c in (step(p, cell, dx, -1),) if c >= 0) for cell in range(36))
                for p in (0, 1))
"""``_BEHIND[p][cell]``: the cells one step back from ``cell`` in ``p``'s frame, left to right (ZN25, ZN36)."""
_OF_TYPES: dict[tuple, tuple] = {}
_TARGETS: dict[tuple, tuple] = {}


def _shot_targets(code: str, p: int, s: int) -> tuple:
    """``(target cell, action)`` of each cell the Zoon-fired weapon trump ``code`` of ``p`` shoots at from
    ``s`` (ZN28), on the battlefield."""
    key = (code, p, s)
    t = _TARGETS.get(key)
    if t is None:
        out = []
        for dx, dy in _SHOTS[code]:
            c = step(p, s, dx, dy)
            if c >= 0:
                out.append((c, _act(f"{code} {CELL[s]}>{CELL[c]}", (f"trump-{code}", CELL[s], CELL[c]), p,
                                    f"{_TRUMP_NAMES[code]}: {CELL[s]} shoots {CELL[c]}")))
        t = _TARGETS[key] = tuple(out)
    return t


_REACHES: dict[tuple, tuple] = {}


def _reaches(tribe: str, p: int) -> tuple:
    """For each distinct grid of ``_GRIDS[tribe, p]``: ``(roster mask, per cell {cell reached: how})`` where
    ``how`` is None for a first cell of a group (reached when empty or an enemy, ZN9–ZN11) and else the
    first cells through which the cell is a second cell (reached when one of them is empty)."""
    t = _REACHES.get((tribe, p))
    if t is None:
        out = []
        for table, roster in _GRIDS[tribe, p]:
            per_cell = []
            for groups, _shared in table:
                firsts = {f for f, _sec in groups}
                via: dict = {}
                for f, sec in groups:
                    for c in sec:
                        if c not in firsts:
                            via[c] = via.get(c, ()) + (f,)
                per_cell.append({**via, **dict.fromkeys(firsts)})
            out.append((roster, tuple(per_cell)))
        t = _REACHES[tribe, p] = tuple(out)
    return t


class TurnMixin(ZoonBase):
    """The turn, movement and trumps of a Zoon state (see the module docstring)."""

    def _begin_turn(self, p: int) -> None:
        self.turn = p
        self.phase = "turn"
        self.mods = {}
        self.fired = []
        if self.options["anti_stalling"]:  # ZN40
            key = self._position_key(p)
            self.seen.append(key)
            if self.seen.count(key) >= 3 or self.quiet >= QUIET_LIMIT:
                self._game_over(None, "the same position occurred a third time" if self.seen.count(key) >= 3
                                else f"{QUIET_LIMIT} turns without progress")
                return
        elif self.turns >= TURN_LIMIT:  # ZN50: without anti-stalling, a draw after 1,000 turns
            self._game_over(None, f"{TURN_LIMIT:,} turns played")
            return
        movable: list[int] = []
        moves = self._move_actions(p, range(12), movable)
        if not moves and not self._trump_actions(p, movable):  # ZN8: no legal action loses
            self._game_over(1 - p, f"{NAMES[p]} cannot act")
            return
        # the turn's moves, kept for its legal list (dropped by any change: ``_apply``, ``invalidate``)
        self.__dict__["_turn_moves"] = (moves, movable)

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
        last = self.__dict__.get("_trump_key")  # the trumps' text as last worked out, with what it was of
        if last is not None and last[0] == tz[0] and last[1] == tz[1] and last[2] == tc[0] and last[3] == tc[1]:
            trumps = last[4]
        else:
            k = (tuple(tz[0].items()), tuple(tz[1].items()), tuple(tc[0].items()), tuple(tc[1].items()))
            trumps = _TRUMP_KEYS.get(k)
            if trumps is None:
                trumps = _TRUMP_KEYS[k] = f"{[sorted(z.items()) for z in tz]}{[sorted(z.items()) for z in tc]}"
            self.__dict__["_trump_key"] = (dict(tz[0]), dict(tz[1]), dict(tc[0]), dict(tc[1]), trumps)
        coin, up = self.coin, self.up
        return (tuple(self.board), tuple(coin[0]), tuple(coin[1]), tuple(up[0]), tuple(up[1]), trumps, nxt)

    def moves_of(self, p: int, i: int) -> list[tuple[int, int, bool]]:
        """Legal destinations of Zoon (p, i): ``(cell, previous cell, attack)`` (ZN9–ZN12)."""
        cell = self.pos[p][i]
        if cell < 0:
            return []
        return self._dests(p, i, cell)

    def _dests(self, p: int, i: int, cell: int) -> list[tuple[int, int, bool]]:
        """The destinations ``(cell, previous cell, attack)`` Zoon ``i`` of ``p`` would have from ``cell``
        on the battlefield as it stands (ZN9–ZN12)."""
        return self._walk(_MOVES[self.tribes[p], p][i][cell], p, cell)

    def _walk(self, entry: tuple, p: int, cell: int) -> list[tuple[int, int, bool]]:
        """:meth:`_dests` for the entry ``(groups, shared)`` of a movement table (``_MOVES``) at ``cell``."""
        groups, shared = entry
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

    def _move_actions(self, p: int, codes, movable: list | None = None) -> list[Action]:
        """The moves and attacks (ZN9–ZN12) of ``p``'s Zoons ``codes`` (roster indices of Zoons on the
        battlefield), in that order; the Zoons that have one are appended to ``movable`` when given
        (what a movement trump's "any of its users can move" asks, ZN23–ZN28, without a second walk).

        The walk of :meth:`_walk` over :func:`_walk_actions`' table, which holds each destination's move
        and attack actions already, so no ``(cell, previous cell, attack)`` tuple is built."""
        out: list[Action] = []
        append = out.append
        pos, up = self.pos[p], self.up[p]
        tribe = self.tribes[p]
        anonymous, named = _walk_actions(tribe, p), _walk_actions(tribe, p, True)
        board = self.board
        lo = 12 if p == SOUTH else 0  # enemy Zoon codes: lo … lo + 11
        hi = lo + 12
        for i in codes:
            cell = pos[i]
            if cell < 0:  # off the battlefield (a tactic's Zoon taken meanwhile): no move
                continue
            groups, shared = (named if up[i] else anonymous)[i][cell]
            if shared:  # a second cell reached from two first cells: the walk's own order (ZN20)
                walk = self._walk(_MOVES[tribe, p][i][cell], p, cell)
                if up[i]:
                    name = _ROSTERS[tribe][i].name
                    found = [_named_move(p, cell, t, att, name) for t, _prev, att in walk]
                else:
                    base = (p * 36 + cell) * 72
                    found = [_MOVE_ACTS[base + t * 2 + att] for t, _prev, att in walk]
                out += found
                if found and movable is not None:
                    movable.append(i)
                continue
            n = len(out)
            for first, move, attack, seconds in groups:
                v = board[first]
                if v == EMPTY:
                    append(move)
                    for t, move2, attack2 in seconds:
                        v = board[t]
                        if v == EMPTY:
                            append(move2)
                        elif lo <= v < hi:
                            append(attack2)
                elif lo <= v < hi:
                    append(attack)
            if movable is not None and len(out) > n:
                movable.append(i)
        return out

    def _enemy_cells(self, p: int, rows) -> list[int]:
        lo = 12 if p == SOUTH else 0
        board = self.board
        return [c for c in range(rows[0] * 6, rows[-1] * 6 + 6) if lo <= board[c] < lo + 12]

    def _of_type(self, p: int, types) -> list[int]:
        """``p``'s Zoons on the battlefield whose type is one of ``types`` (ZN23–ZN28: who may use a trump)."""
        tribe = self.tribes[p]
        idx = _OF_TYPES.get((tribe, types))
        if idx is None:
            idx = _OF_TYPES[tribe, types] = tuple(i for i, k in enumerate(_TYPES[tribe]) if k in types)
        pos = self.pos[p]
        return [i for i in idx if pos[i] >= 0]

    def _behind(self, p: int, i: int) -> list[int]:
        """The empty cells one step back from Zoon (p, i), left to right (ZN25, ZN36)."""
        board = self.board
        return [c for c in _BEHIND[p][self.pos[p][i]] if board[c] == EMPTY]

    def _trump_actions(self, p: int, movable: list | None = None) -> list[Action]:
        """The trumps ``p`` may play now (ZN23–ZN28), in the tribe's trump order. ``movable``: the Zoons of
        ``p`` that have a move (see :meth:`_move_actions`), if already known."""
        out: list[Action] = []
        tzone, board, pos = self.tzone[p], self.board, self.pos[p]
        for code in _TRUMP_ORDER[self.tribes[p]]:
            zone = tzone[code]
            if zone != "hand" and zone != "side":
                continue
            if code == "menhirs" or code == "bertha":
                acts = _trump_cell_actions(code, p)
                out += [acts[c] for c in self._enemy_cells(p, (0, 1, 2) if p == SOUTH else (3, 4, 5))]
            elif code == "wall":
                acts = _trump_cell_actions(code, p)
                out += [acts[c] for c in range(36) if board[c] == EMPTY]
            elif code == "cage":
                if self._of_type(p, ("Priest",)):
                    acts = _trump_cell_actions(code, p)
                    out += [acts[c] for c in self._enemy_cells(p, (0, 1) if p == SOUTH else (4, 5))]
            elif code in _SHOTS:  # cocoboum, axe, arrow
                lo = 12 if p == SOUTH else 0  # enemy Zoon codes: lo … lo + 11
                for i in self._of_type(p, ("Elite",) if code == "cocoboum" else ("Soldier",)):
                    for t, a in _shot_targets(code, p, pos[i]):
                        if lo <= board[t] < lo + 12:
                            out.append(a)
            elif code == "scarper":  # ZN49: the Emblem too
                behind = _BEHIND[p]
                if any(board[c] == EMPTY for i in range(12) if pos[i] >= 0 for c in behind[pos[i]]):
                    out.append(_act(code, (f"trump-{code}",), p, f"Play {_TRUMP_NAMES[code]}"))
            else:
                types = _USERS[code]
                cands = self.alive(p) if types is None else self._of_type(p, types)
                if (any(i in movable for i in cands) if movable is not None
                        else any(self.moves_of(p, i) for i in cands)):
                    out.append(_act(code, (f"trump-{code}",), p, f"Play {_TRUMP_NAMES[code]}"))
        return out

    def _move(self, p: int, action: Action, mod: str | None = None, reveal: bool = False) -> None:
        f, t = CELL_INDEX[action.targets[0]], CELL_INDEX[action.targets[1]]
        code = self.board[f]
        i = code % 12
        if reveal:
            self._reveal(p, i)
        if mod:
            self.mods[code] = mod
        prevs = _prevs(self.tribes[p], p)[i][f]
        if prevs is not None:  # a legal move's destination is empty, or an enemy for an attack (ZN9–ZN12)
            prev, att = prevs[t], self.board[t] != EMPTY
        else:  # a cell reached by two ways: the first of the walk
            prev, att = next((pr, at) for to, pr, at in self.moves_of(p, i) if to == t)
        self._mark(f, t, "attack" if att else "move")
        if not self.up[p][i]:  # ZN44: a face-down Zoon's move is seen
            self.could[p][i] &= self._move_mask(p, f, t, att)
        if att:
            self.combat = {"a": (p, i), "d": (1 - p, self.board[t] % 12), "from": f, "to": t,
                           "prev": prev, "shot": None}
            self.todo.append(("combat",))
        else:
            self._place(p, i, t)

    def _move_mask(self, p: int, f: int, t: int, att: bool) -> int:
        """ZN44: the roster indices of ``p`` whose grid, from ``f`` on the battlefield as it stands, reaches
        ``t`` (an attack if ``att``), as a bit mask. A face-down Zoon seen making that move can only be one of them:
        its ``could`` mask (what the other side may know of that card) keeps only those.

        ``(f, t, att)`` is a legal move of the battlefield as it stands, so ``t`` is empty (``att`` False) or
        holds an enemy (``att`` True): every walk (:meth:`_walk`) that reaches ``t`` gives it that very
        ``att``. A grid reaches ``t`` when ``t`` is one of its first cells, or a second cell of a first
        cell that is empty (:func:`_reaches`)."""
        mask = 0
        board = self.board
        for roster, reach in _reaches(self.tribes[p], p):  # Zoons of one grid move alike
            via = reach[f].get(t, False)
            if via is None or (via and any(board[c] == EMPTY for c in via)):
                mask |= roster
        return mask

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
            self.todo.append(("scarper", p, tuple(self.alive(p)), 3, True))
        else:
            self.tzone[p][code] = "discard"
            self.progress = True
            types = {"tortoise": ("Soldier",), "fury": ("Soldier",), "pair": ("Elite", "Monster")}.get(code)
            cands = tuple(self.alive(p)) if types is None else tuple(self._of_type(p, types))
            left = {"tortoise": 2, "fury": 1, "pair": 2, "conch": 3}[code]
            mod = {"tortoise": "+1", "fury": "x2"}.get(code)
            self.todo.append(("tactic", p, cands, left, True, code, mod))

