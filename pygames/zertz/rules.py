"""ZÈRTZ: the rules engine (GIPF-Z and HUCH-Z via ``shared/research/dvonn_zertz.md`` §2, and
RULINGS.md "DVONN and ZÈRTZ" 2). Rule ids (Z1, Z2, …) refer to ``docs/rules/zertz.md``.

Cells are numbered by :class:`~pygames.core.hexgrid.HexBoard` (axial ``(x, y)``, ordered by column then
row). A position is ``ring[i]`` (the ring is still on the table), ``marbles[i]`` (0 none, 1 white, 2 grey,
3 black), the shared ``pool`` ``[white, grey, black]``, each player's ``captures`` and whose ``turn`` it
is. Ring names are the official coordinates of the original full layout (Z2): column letters ``a…``
from the left, rings counted from the bottom of each column, so ``d1`` is the bottom ring of the middle
column of the 37-ring board.

A whole turn is one action (Z20): ``Wd4,d1`` (place white on d4, remove d1), ``Wd4`` (no free ring to
remove), ``Bd7,b2 x Wa1Wa2`` (the same with the marbles of an isolated group), ``x d1Gd3Wd5`` (a jump
sequence: the start ring, then per hop the jumped colour and the landing ring).

>>> from pygames.core import get_game
>>> s = get_game("zertz").new_initial_state()
>>> len(s.legal_actions())
1944
>>> s.apply("Wd4,a1"); s.apply("Gd5,g4"); s.board_string()
'-.................WG................-'
"""
from __future__ import annotations

import re
from typing import Sequence

from ..core.errors import IllegalAction, InvalidOption, InvalidState
from ..core.state import TERMINAL, Action, State
from . import logic, placement
from .layout import BOARDS, LETTERS, Layout, Move, format_move, layout, parse_move
from .logic import CODES, COLOURS

__all__ = ["BOARDS", "LETTERS", "POOLS", "WINS", "Layout", "Move", "ZertzState", "format_move", "layout",
           "parse_move", "perft", "wins_with"]

POOLS = {"standard": (6, 8, 10), "blitz": (5, 7, 9)}
"""Marbles in the pool at the start, white/grey/black (Z3)."""
WINS = {"standard": ((4, 0, 0), (0, 5, 0), (0, 0, 6), (3, 3, 3)),
        "blitz": ((3, 0, 0), (0, 4, 0), (0, 0, 5), (2, 2, 2))}
"""Winning sets of captured marbles, white/grey/black (Z15)."""
NAMES = ("Player 1", "Player 2")
REASONS = ("", "set", "filled", "stuck", "repetition")
"""Why the game ended: a winning set (Z15), every ring filled (Z16), the player to move could do
nothing (Z18), threefold repetition (Z19)."""


def wins_with(captured: Sequence[int], pool_kind: str) -> bool:
    """Z15: whether these captured counts (white, grey, black) make a winning set."""
    w, g, b = captured
    for sw, sg, sb in WINS[pool_kind]:
        if w >= sw and g >= sg and b >= sb:
            return True
    return False


class ZertzState(State):
    """A ZÈRTZ position (see the module docstring for the fields). ``result`` is None while the game
    goes on, the winner (0 or 1), or ``"draw"``; ``reason`` is one of :data:`REASONS`; ``seen`` counts
    positions for the repetition rule (Z19), kept only once the pool is empty since no earlier position
    can come back (the pool never refills), and cleared whenever a ring leaves (rings never return)."""

    def __init__(self, game, options: dict, history: list | None = None):
        super().__init__(game=game, options=options, history=[] if history is None else history)
        board = options.get("board", BOARDS[0])
        pool = options.get("pool", "standard")
        if board not in BOARDS or pool not in POOLS:
            raise InvalidOption(f"unknown ZÈRTZ board {board!r} or pool {pool!r}")
        self.L = layout(int(board.split()[0]))
        self.pool_kind = pool
        n = len(self.L)
        self.ring = [True] * n
        self.marbles = [0] * n
        self.pool = list(POOLS[pool])
        self.captures = [[0, 0, 0], [0, 0, 0]]
        self.turn = 0
        self.result: int | str | None = None
        self.reason = ""
        self.seen: dict[str, int] = {}

    # ----- protocol ----------------------------------------------------------------------------------
    explain_rules = {"turn": "Z4", "end": "Z15", "legal": "Z21", "notation": "Z20"}  # issue 17, see explain.py

    def _explain(self, targets, notation):
        from .explain import explain  # late: explain.py imports this module
        return explain(self, targets, notation)

    def _current_player(self) -> int:
        return TERMINAL if self.result is not None else self.turn

    def returns(self) -> list[float]:
        if self.result is None or self.result == "draw":
            return [0.0, 0.0]
        return [1.0 if p == self.result else -1.0 for p in (0, 1)]

    def _legal_actions(self) -> list[Action]:
        jumps = self.jumps()
        if jumps:  # Z9: capturing is compulsory
            return [self._jump_move(s, h) for s, h in jumps]
        return self._placements()

    def _draw_legal(self, draw) -> Action:
        """``legal_actions()[draw(n)]`` with ``n = len(legal_actions())`` (the hook of
        :meth:`State.pick_random`): a drawn jump (Z9–Z12) when capturing is compulsory, else a drawn
        placement built alone (:func:`~pygames.zertz.placement.draw_placement`, Z5–Z8, Z14, Z17)."""
        jumps = self.jumps()
        if jumps:
            return self._jump_move(*jumps[draw(len(jumps))])
        return placement.draw_placement(self, draw)

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Move)
        self.play(action)

    # ----- move generation ---------------------------------------------------------------------------
    def jumps(self) -> list[logic.Jump]:
        """Every complete jump sequence available now (Z9–Z12); ``[]`` at once when the last action was
        a placement that opened none (see :meth:`play`)."""
        if self.__dict__.get("_no_jump"):
            return []
        return logic.jump_sequences(self.marbles, self.ring, self.L.hops)

    def _jump_move(self, start: int, hops: tuple) -> Move:
        names, m = self.L.names, self.marbles
        notation = "x " + names[start] + "".join(CODES[m[o]] + names[k] for o, k in hops)
        targets = [names[start]]
        for o, k in hops:  # the landing ring, or the jumped ring if the marble lands there twice
            targets.append(names[k] if names[k] not in targets else names[o])
        label = logic.jump_label(names[start], [(CODES[m[o]], names[k]) for o, k in hops])
        return Move(notation, tuple(targets), label=label, player=self.turn, kind=1,
                    colour=m[start] - 1, cell=start, hops=hops)

    def free(self) -> list[int]:
        """The free rings now (Z6)."""
        return logic.free_rings(self.ring, self.marbles, self.L.nb)

    def _isolations(self, vacant: list[int], free: list[int]) -> dict[tuple[int, int], tuple[int, ...]]:
        """``{(v, f): cells}``: the placements that isolate a full group (Z14), see
        :func:`~pygames.zertz.placement.isolations`."""
        return placement.isolations(self, vacant, free)

    def _placements(self) -> list[Action]:
        """Every placement (Z5–Z8, Z14, Z17), ordered by colour, ring, removed ring."""
        return placement.placements(self)

    def _isolating(self, base: Move, c: int, v: int, f: int, iso: tuple[int, ...]) -> Move:
        return placement.isolating(self, base, c, v, f, iso)

    def count_actions(self) -> int:
        """``len(self.legal_actions())`` computed without building the actions (for perft)."""
        if self.result is not None:
            return 0
        if logic.has_jump(self.marbles, self.ring, self.L.hops):
            return len(self.jumps())
        return placement.count_placements(self)

    # ----- playing -----------------------------------------------------------------------------------
    def play(self, mv: Move) -> None:
        """Play a legal :class:`Move` of this position (unchecked) and end the turn (Z5–Z19)."""
        pl = self.turn
        m, ring = self.marbles, self.ring
        caps = self.captures[pl]
        if mv.kind == 1:
            self._no_jump = False  # not known: jumps() looks
            for c in logic.apply_jump(m, mv.cell, mv.hops):
                caps[c - 1] += 1
        else:
            c, v, f = mv.colour, mv.cell, mv.removed
            if self.pool[0] or self.pool[1] or self.pool[2]:
                self.pool[c] -= 1
            else:
                caps[c] -= 1
            m[v] = c + 1
            if f >= 0:
                ring[f] = False
            for i in mv.isolated:
                caps[m[i] - 1] += 1
                m[i] = 0
                ring[i] = False
            if f >= 0 or mv.isolated:
                self.seen.clear()  # Z19: positions with more rings cannot come back
                placement.rings_gone(self, (f, *mv.isolated) if f >= 0 else mv.isolated)
            # no jump was open before a placement (Z9) and taking rings or marbles away opens none,
            # so a jump is open now only from the new marble or over it
            self._no_jump = not placement.opens_jump(self, v)
        self._end_turn(pl)

    def _end_turn(self, pl: int) -> None:
        if wins_with(self.captures[pl], self.pool_kind):  # Z15, checked after the whole turn (Z13)
            self.result, self.reason = pl, "set"
            return
        if not any(self.ring):  # Z16: every ring was filled, the mover took them all
            self.result, self.reason = pl, "filled"
            return
        q = 1 - pl
        self.turn = q
        if not self.can_move(q):  # Z18
            self.result, self.reason = pl, "stuck"
            return
        p = self.pool
        if not (p[0] or p[1] or p[2]):  # Z19
            key = self.position_key()
            k = self.seen.get(key, 0) + 1
            self.seen[key] = k
            if k >= 3:
                self.result, self.reason = "draw", "repetition"

    def can_move(self, player: int) -> bool:
        """Whether ``player``, to move, has any action: a jump, or a marble to place (Z17, Z18)."""
        if logic.supply(self.pool, self.captures[player])[1]:  # the cheaper test first
            return True
        return logic.has_jump(self.marbles, self.ring, self.L.hops)

    def position_key(self) -> str:
        """The position for the repetition rule (Z19): rings, marbles, pool, captures, player to move."""
        c0, c1 = self.captures
        return self.board_string() + "/" + ",".join(map(str, [*self.pool, *c0, *c1, self.turn]))

    def board_string(self) -> str:
        """One character per cell in cell order: ``-`` removed ring, ``.`` vacant ring, ``W``/``G``/``B``."""
        return "".join("-" if not r else ".WGB"[m] for r, m in zip(self.ring, self.marbles))

    def clone(self) -> "ZertzState":
        s = ZertzState.__new__(ZertzState)
        s.game, s.options, s.history = self.game, self.options, list(self.history)
        s.L, s.pool_kind = self.L, self.pool_kind
        s.ring, s.marbles, s.pool = list(self.ring), list(self.marbles), list(self.pool)
        s.captures = [list(self.captures[0]), list(self.captures[1])]
        s.turn, s.result, s.reason, s.seen = self.turn, self.result, self.reason, dict(self.seen)
        if "_open" in self.__dict__:  # placement.open_cells, kept with the rings (immutable)
            s.__dict__["_open"] = self.__dict__["_open"]
        s._no_jump = self.__dict__.get("_no_jump", False)
        return s

    @classmethod
    def from_position(cls, game, position: dict, options: dict | None = None) -> "ZertzState":
        """A state built from a readable position, for tests and diagrams.

        ``position``: ``{"removed": ["a1", ...], "marbles": {"d4": "W", ...}, "captures": [[w, g, b],
        [w, g, b]], "turn": 0, "pool": [w, g, b]}``; every key is optional; without ``pool`` the pool
        holds whatever marbles are neither on the board nor captured. Raises :class:`InvalidState` when
        the position is inconsistent (see ``_load_json``)."""
        s = game.new_initial_state(options)
        lay = s.L
        chars = ["."] * len(lay)
        try:
            for r in position.get("removed", []):
                chars[lay.index[r]] = "-"
            for r, col in position.get("marbles", {}).items():
                chars[lay.index[r]] = col
        except KeyError as e:
            raise InvalidState(f"no ring {e} on the {lay.size}-ring board") from None
        board = "".join(chars)
        caps = position.get("captures", [[0, 0, 0], [0, 0, 0]])
        pool = position.get("pool")
        if pool is None:
            start = POOLS[s.pool_kind]
            pool = [start[c] - board.count(COLOURS[c]) - caps[0][c] - caps[1][c] for c in range(3)]
        s._load_json({"board": board, "pool": pool, "captures": caps, "turn": position.get("turn", 0),
                      "result": None, "reason": "", "seen": {}})
        return s

    # ----- views and serialisation -------------------------------------------------------------------
    def last_move(self) -> dict:
        """What the last action did, for drawing: ``{}`` or the parsed notation (see parse_move)."""
        if not self.history:
            return {}
        try:
            return parse_move(self.history[-1], self.L.size)
        except IllegalAction:
            return {}

    def observation(self, player: int | None) -> dict:
        """Everything in ZÈRTZ is public; ``viewer`` is who the view is for."""
        cp = self.current_player()
        names = self.L.names
        legal_jumps = self.result is None and logic.has_jump(self.marbles, self.ring, self.L.hops)
        src, colours = logic.supply(self.pool, self.captures[self.turn])
        return {
            "game": "zertz", "viewer": player, "rings": self.L.size, "pool_kind": self.pool_kind,
            "board": self.board_string(), "names": list(names),
            "pool": list(self.pool), "captures": [list(c) for c in self.captures],
            "start_pool": list(POOLS[self.pool_kind]), "wins": [list(w) for w in WINS[self.pool_kind]],
            "turn": self.turn, "current_player": cp,
            "result": self.result, "reason": self.reason,
            "free": [names[i] for i in self.free()] if self.result is None and not legal_jumps else [],
            "capture_forced": legal_jumps,
            "supply": src if self.result is None else "", "supply_colours": [COLOURS[c] for c in colours],
            "last": self.last_move(), "player_names": list(NAMES),
        }

    def _state_json(self) -> dict:
        return {"board": self.board_string(), "pool": list(self.pool),
                "captures": [list(c) for c in self.captures], "turn": self.turn, "result": self.result,
                "reason": self.reason, "seen": dict(self.seen)}

    def _load_json(self, d: dict) -> None:
        keys = {"board", "pool", "captures", "turn", "result", "reason", "seen"}
        if set(d) != keys:
            raise InvalidState(f"zertz state needs exactly the keys {', '.join(sorted(keys))}")
        n = len(self.L)
        board = d["board"]
        if not isinstance(board, str) or len(board) != n or set(board) - set("-.WGB"):
            raise InvalidState(f"board must be a string of {n} characters from - . W G B")
        start = POOLS[self.pool_kind]

        def counts(v, what):
            if not isinstance(v, list) or len(v) != 3 or not all(type(x) is int and x >= 0 for x in v):
                raise InvalidState(f"{what} must be a list of three non-negative integers (white, grey, black)")
            return list(v)

        pool = counts(d["pool"], "pool")
        caps = d["captures"]
        if not isinstance(caps, list) or len(caps) != 2:
            raise InvalidState("captures must hold two lists of counts")
        caps = [counts(caps[0], "captures[0]"), counts(caps[1], "captures[1]")]
        for c in range(3):
            total = pool[c] + caps[0][c] + caps[1][c] + board.count(COLOURS[c])
            if total != start[c]:
                raise InvalidState(f"there must be exactly {start[c]} {'white grey black'.split()[c]} marbles, "
                                   f"not {total}")
        turn, result, reason = d["turn"], d["result"], d["reason"]
        if turn not in (0, 1) or type(turn) is not int:
            raise InvalidState("turn must be 0 or 1")
        if result not in (None, 0, 1, "draw") or type(result) is bool:
            raise InvalidState("result must be null, 0, 1 or \"draw\"")
        if reason not in REASONS or (reason == "") != (result is None) or (
                (reason == "repetition") != (result == "draw")):
            raise InvalidState(f"reason {reason!r} does not match result {result!r}")
        seen = d["seen"]
        if not isinstance(seen, dict) or not all(isinstance(k, str) and type(v) is int and 1 <= v <= 3
                                                 for k, v in seen.items()):
            raise InvalidState("seen must map position keys to counts 1..3")
        ring = [ch != "-" for ch in board]
        marbles = [".WGB".index(ch) if ch != "-" else 0 for ch in board]
        if logic.isolated_groups(ring, marbles, self.L.nb):
            raise InvalidState("a group of rings with no vacant ring would already have been captured")
        self.ring, self.marbles, self.pool, self.captures = ring, marbles, pool, caps
        self.__dict__.pop("_open", None)  # placement.open_cells of the rings before
        self._no_jump = False  # see play()
        self.turn, self.result, self.reason = turn, result, reason
        if any(pool) and seen:
            raise InvalidState("positions are only counted for repetition once the pool is empty")
        key_re = re.compile(rf"^[-.WGB]{{{n}}}/\d+(,\d+){{8}},[01]$")
        if not all(key_re.match(k) for k in seen):
            raise InvalidState("seen keys must be position keys (board/pool,captures,turn)")
        if any(v == 3 for v in seen.values()) != (reason == "repetition"):
            raise InvalidState("a position seen three times must have ended the game in a draw")
        self.seen = dict(seen)
        won = [p for p in (0, 1) if wins_with(caps[p], self.pool_kind)]
        if result is None:
            if won:
                raise InvalidState(f"{NAMES[won[0]]} holds a winning set but the game goes on")
            if not any(ring):
                raise InvalidState("no ring is left but the game goes on")
            if not self.can_move(turn):
                raise InvalidState("the player to move can do nothing but the game goes on")
        elif reason == "set" and result not in won:
            raise InvalidState("the winner by a set must hold a winning set")
        elif reason == "filled" and any(ring):
            raise InvalidState("a game won by filling every ring has no ring left")
        elif reason == "stuck" and (result != 1 - turn or self.can_move(turn)):
            raise InvalidState("a game won because the opponent was stuck needs a stuck player to move")


def perft(state: ZertzState, depth: int) -> int:
    """The number of whole-turn action sequences of length ``depth`` from ``state`` (the last ply is
    counted without being played, :meth:`ZertzState.count_actions`); games that end early count as
    leaves only at their own depth (they contribute nothing deeper).

    >>> from pygames.core import get_game
    >>> perft(get_game("zertz").new_initial_state(), 1)
    1944
    """
    if depth <= 0:
        return 1
    if depth == 1:
        return state.count_actions()
    total = 0
    for a in state.legal_actions():
        child = state.clone()
        child.play(a)  # type: ignore[arg-type]
        total += perft(child, depth - 1)
    return total
