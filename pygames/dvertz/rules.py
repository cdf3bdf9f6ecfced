"""Dvertz: DVONN's stacks carrying ZÈRTZ's marbles (seed 000 with RULINGS.md "Dvertz" 1–9).

Rule ids (X1, X2, …) refer to ``docs/rules/dvertz.md``. The stacks follow DVONN's rules through the plain
board functions of :mod:`pygames.dvonn.board` (placement order, moves, disconnection, scores); the marbles
follow ZÈRTZ's jump and supply logic of :mod:`pygames.zertz.logic`, with "a marble may land here" meaning
"a stack stands here and carries no marble" (X7). This module adds what is Dvertz's own: the reserve, the
two parts of a phase-2 turn in the order the player picks (X5), riding and crunching marbles (X13, X14),
marbles returning from cut-off stacks (X15), the marble win (X16) and the end (X17, X18).

A position: ``board`` (49 stacks, bottom to top), ``marbles`` (49 colour codes: 0 none, 1 white, 2 grey,
3 black, one per space at most, on top of the stack), ``reserve`` ``[white, grey, black]``, each player's
``captures``, ``placed`` (0..49), ``turn``, ``part`` (the part of the current turn already played:
``""`` none yet, ``"dvonn"`` or ``"zertz"``) and ``removed`` (DVONN pieces that left the game).

Every part of a turn is one action (X19), so the page enters a turn part by part: ``a1b2`` then ``Wc3``,
or ``x c3Ge3`` then ``d2d4``; :meth:`DvertzState.turn_notations` writes them back as turns
(``a1b2 + Wc3``) and :meth:`DvertzState.play_turn` plays such a turn.

>>> from pygames.core import get_game
>>> s = get_game("dvertz").new_initial_state()
>>> len(s.legal_actions()), s.observation(None)["reserve"]
(49, [6, 8, 10])
"""
from __future__ import annotations

from itertools import compress
from operator import not_
from typing import Any

from ..core.errors import IllegalAction, InvalidState
from ..core.state import TERMINAL, Action, State
from ..dvonn.board import (BLACK, COLOURS, DVONN, GRID, INDEX, LANDING, N_CELLS, NAMES, PIECES_PER_COLOUR, WHITE,
                           board_problem, free_cells, has_move, move_stack, placement_piece, player_moves, scores)
from ..dvonn.rules import empty_cells, placement_label
from ..zertz import logic
from ..zertz.logic import CODES
from . import explain as why
from .notation import format_turn, jumped_cell, parse_part, parse_turn

PLAYER_NAMES = ("White", "Black")
RESERVE = (6, 8, 10)
"""X2: marbles in the reserve at the start, white / grey / black (24 in all)."""
WINS = (4, 5, 6)
"""X16: captured marbles of one colour that win at once, white / grey / black."""
MARBLES = sum(RESERVE)
NB = GRID.neighbours
HOPS = logic.hop_lines(NB)
"""The jump functions' hop table of the DVONN board (``logic.hop_lines``, X7)."""
PARTS = ("", "dvonn", "zertz")

_PLACE = tuple(tuple(tuple(Action(NAMES[i], targets=(NAMES[i],), label=placement_label(piece, NAMES[i].upper()), player=p)
                           for i in range(N_CELLS)) for piece in (COLOURS[p], DVONN)) for p in (0, 1))
"""``_PLACE[player][d][cell]``: ``player``'s placement (X3) on ``cell`` of their own colour (``d`` 0) or of
a DVONN piece (``d`` 1), labelled as DVONN labels them (``Piece on k3``, ``DVONN piece on k3``)."""
_PASS = tuple(Action("pass", label="Pass (nothing to play)", player=p) for p in (0, 1))
_MOVE: dict[tuple[int, int, int], Action] = {
    (p, i, j): Action(NAMES[i] + NAMES[j], targets=(NAMES[i], NAMES[j]), label=f"{NAMES[i].upper()} \u2192 {NAMES[j].upper()}",
                      player=p)
    for p in (0, 1) for i in range(N_CELLS) for h in range(1, 12) for j in LANDING[i][h]}
_MOVE_AT = tuple(tuple(tuple(_MOVE.get((p, i, j)) for j in range(N_CELLS)) for i in range(N_CELLS)) for p in (0, 1))
"""``_MOVE_AT[p][i][j]``: the same moves, looked up by index in the hot loop (None: no such move)."""
_MARBLE = tuple(tuple(tuple(Action(CODES[c] + NAMES[i], targets=("take-" + CODES[c], NAMES[i]),
                                   label=f"{logic.WORDS.get(CODES[c], CODES[c]).capitalize()} marble on {NAMES[i].upper()}",
                                   player=p)
                            for i in range(N_CELLS)) for c in range(4)) for p in (0, 1))
"""``_MARBLE[player][code][cell]``: placing a marble of colour ``code`` (1..3) on ``cell`` (X10)."""
_CELLS = range(N_CELLS)
_PARSED: dict[str, Any] = {}
""":func:`parse_part` of the notations applied so far (a pure function of the text), so that applying
an action does not parse its notation again; bounded."""


def _parsed(notation: str):
    kind = _PARSED.get(notation)
    if kind is None:
        kind = parse_part(notation)
        if len(_PARSED) > 50_000:
            _PARSED.clear()
        _PARSED[notation] = kind
    return kind


def marble_target(cell: int) -> str:
    """The click target of the marble on ``cell`` (``m-c3``): a jump starts there (X19)."""
    return "m-" + NAMES[cell]


def winning_captures(captured) -> bool:
    """X16: whether captures ``[white, grey, black]`` hold 4 white, 5 grey or 6 black."""
    return captured[0] >= WINS[0] or captured[1] >= WINS[1] or captured[2] >= WINS[2]


class DvertzState(State):
    """A Dvertz position, whose turn it is and which part of the turn is played (see the module doc).

    Derived and cached: ``status`` (``"place"``; ``"turn"`` with both parts still open; ``"zertz"`` or
    ``"dvonn"``, the one part left; ``"pass"``; ``"over"``), ``moves`` (the mover's DVONN moves when one
    may be played now) and ``zz`` (the ZÈRTZ-like options now: ``("jump", sequences)``, ``("place",
    colour codes, cells)`` or None).
    """

    def __init__(self, game, options: dict, history: list | None = None):
        super().__init__(game, options, list(history or []))
        self.board: list[str] = [""] * N_CELLS
        self.marbles: list[int] = [0] * N_CELLS
        self.reserve = list(RESERVE)
        self.captures = [[0, 0, 0], [0, 0, 0]]
        self.placed = 0
        self.turn = WHITE
        self.part = ""
        self.removed = [0, 0]
        self.last: list[dict] = []
        self._update()

    # ----- status ------------------------------------------------------------------------------------
    def marble_winner(self) -> int | None:
        """X16: the player holding a winning set of captured marbles, if any."""
        for p in (0, 1):
            if winning_captures(self.captures[p]):
                return p
        return None

    def zertz_options(self) -> tuple | None:
        """X8–X11: what the mover's ZÈRTZ-like part may be now: ``("jump", sequences)`` when a marble can
        jump (compulsory), else ``("place", colour codes, cells)`` with the colours of the reserve (or of
        the mover's own captures once the reserve is empty) and the stacks without a marble; None when
        there is nothing to play."""
        board, m = self.board, self.marbles
        # a marble may land where a stack is (X7): the stack strings themselves, "" (no stack) false
        seqs = logic.jump_sequences(m, board, HOPS)
        if seqs:
            return ("jump", seqs)
        _, colours = logic.supply(self.reserve, self.captures[self.turn])
        if not colours:
            return None
        cells = [i for i in compress(_CELLS, map(not_, m)) if board[i]]
        if not cells:
            return None
        return ("place", [c + 1 for c in colours], cells)

    def _update(self) -> None:
        """Work out what happens next (X3–X6, X17, X18) and cache the options of the mover."""
        self.moves: list[tuple[int, int]] = []
        self.zz: tuple | None = None
        if self.placed < N_CELLS:
            self.turn = self.placed % 2
            self.status = "place"
            return
        if self.marble_winner() is not None:
            self.status = "over"
            return
        p, part = self.turn, self.part
        free = self._free_stacks()
        if part == "":
            self.moves = player_moves(self.board, p, free)
            if not self.moves and not has_move(self.board, 1 - p, free):
                self.status = "over"  # X17
                return
            self.zz = self.zertz_options()
            self.status = "turn" if self.moves and self.zz else "dvonn" if self.moves else \
                "zertz" if self.zz else "pass"
        elif part == "dvonn":
            if not has_move(self.board, p, free) and not has_move(self.board, 1 - p, free):
                self.status = "over"  # X17: the end comes at once, mid-turn (a loaded state: rejected)
                return
            self.zz = self.zertz_options()
            self.status = "zertz"
        else:
            self.moves = player_moves(self.board, p, free)
            self.status = "dvonn"

    def _free_stacks(self) -> list[int]:
        """The occupied spaces whose stacks are not surrounded (N11 through X12), in cell order, kept on the
        state (``_free``) as DVONN keeps them: worked out once the board is full, then kept true by
        :func:`~pygames.dvonn.board.move_stack` (spaces only ever empty in phase 2: marbles never change
        the stacks), so the stacks' moves are listed without testing every stack for being surrounded."""
        free = self.__dict__.get("_free")
        if free is None:
            free = self.__dict__["_free"] = free_cells(self.board)
        return free

    def _part_done(self, which: str) -> None:
        """After a part: a winning set of marbles ends the game at once (X16), and so does a stack move
        after which neither player has a DVONN move, the turn unfinished (X17, RULINGS "Dvertz" 9);
        else the turn goes on with the other part when it has anything to play (X5, X6), or passes to
        the opponent."""
        free = self.__dict__.get("_free")
        if self.marble_winner() is not None or which == "dvonn" and not (
                has_move(self.board, self.turn, free) or has_move(self.board, 1 - self.turn, free)):
            self.part, self.moves, self.zz, self.status = "", [], None, "over"
            return
        if self.part == "":
            if which == "dvonn":
                zz = self.zertz_options()  # X6: judged now, after the stack moved
                if zz is not None:
                    self.part, self.moves, self.zz, self.status = which, [], zz, "zertz"
                    return
            else:  # the marble part moved no stack: the DVONN moves are those _update found this turn
                moves = self.moves
                if moves:
                    self.part, self.moves, self.zz, self.status = which, moves, None, "dvonn"
                    return
        self.part = ""
        self.turn = 1 - self.turn
        self._update()

    def invalidate(self) -> None:
        """As :meth:`State.invalidate`, also forgetting the kept empty spaces and free stacks (a board
        changed other than by :meth:`apply`)."""
        super().invalidate()
        self.__dict__.pop("_empty", None)
        self.__dict__.pop("_free", None)

    # ----- protocol ----------------------------------------------------------------------------------
    explain_rules = why.EXPLAIN_RULES  # "Why not?" (issue 17): pygames.dvertz.explain

    def _explain(self, targets, notation):
        return why.explain(self, targets, notation)

    def _current_player(self) -> int:
        return TERMINAL if self.status == "over" else self.turn

    def _jump_action(self, start: int, hops: tuple) -> Action:
        m = self.marbles
        notation = "x " + NAMES[start] + "".join(CODES[m[o]] + NAMES[k] for o, k in hops)
        targets = [marble_target(start)] + [NAMES[k] for _, k in hops]
        if len(set(targets)) < len(targets):  # a marble landing twice on one space: a button instead
            targets = []
        label = logic.jump_label(NAMES[start].upper(), [(CODES[m[o]], NAMES[k].upper()) for o, k in hops])
        return Action(notation, targets=tuple(targets), label=label, player=self.turn)

    def _zertz_actions(self) -> list[Action]:
        zz = self.zz
        if zz is None:
            return []
        if zz[0] == "jump":
            return [self._jump_action(s, h) for s, h in zz[1]]
        tab = _MARBLE[self.turn]
        return [tab[c][i] for c in zz[1] for i in zz[2]]

    def _legal_actions(self) -> list[Action]:
        st, p = self.status, self.turn
        if st == "place":
            return list(compress(_PLACE[p][placement_piece(self.placed) == DVONN], map(not_, self.board)))
        if st == "pass":
            return [_PASS[p]]
        out: list[Action] = []
        if st in ("turn", "dvonn"):
            mv = _MOVE_AT[p]
            out = [mv[i][j] for i, j in self.moves]  # type: ignore[misc]
        if st in ("turn", "zertz"):
            out += self._zertz_actions()
        return out

    def _draw_legal(self, draw) -> Action:
        """``legal_actions()[draw(n)]`` with ``n = len(legal_actions())`` (the hook of
        :meth:`State.pick_random`) without building the list: the DVONN moves first (X12), then the
        ZÈRTZ-like part's jumps (X8) or marbles by colour then stack (X10), as :meth:`_legal_actions`
        orders them."""
        st, p = self.status, self.turn
        if st == "place":  # X3: an empty space, as DVONN keeps them
            empty = empty_cells(self)
            return _PLACE[p][placement_piece(self.placed) == DVONN][empty[draw(len(empty))]]
        if st not in ("turn", "dvonn", "zertz"):
            legal = self._legal_actions()
            return legal[draw(len(legal))]
        moves = self.moves if st != "zertz" else []
        zz = self.zz if st != "dvonn" else None
        nz = 0 if zz is None else len(zz[1]) if zz[0] == "jump" else len(zz[1]) * len(zz[2])
        if not moves and not nz:
            raise IllegalAction("no legal action: nothing to play", rule="X5")
        k = draw(len(moves) + nz)
        if k < len(moves):
            i, j = moves[k]
            return _MOVE_AT[p][i][j]  # type: ignore[return-value]
        k -= len(moves)
        assert zz is not None
        if zz[0] == "jump":
            return self._jump_action(*zz[1][k])
        cells = zz[2]
        return _MARBLE[p][zz[1][k // len(cells)]][cells[k % len(cells)]]

    def _apply(self, action: Action) -> None:
        kind = _parsed(action.notation)
        if kind[0] == "place":
            self.place_piece(kind[1])
        elif kind[0] == "pass":
            self.last = [{"player": self.turn, "action": "pass", "removed": [], "returned": [],
                          "crunched": [], "captured": ""}]
            self.turn = 1 - self.turn
            self._update()
        elif kind[0] == "move":
            self.move(kind[1], kind[2])
        elif kind[0] == "marble":
            self.place_marble(CODES.index(kind[1]), kind[2])
        else:
            start, at, hops = kind[1], kind[1], []
            for _, land in kind[2]:
                hops.append((jumped_cell(at, land), land))
                at = land
            self.jump(start, tuple(hops))

    # ----- the parts, unchecked (the search's playouts call them directly) ---------------------------
    def _log(self, entry: dict) -> None:
        if self.part == "" or self.last and self.last[0]["player"] != self.turn:
            self.last = []
        entry["player"] = self.turn
        self.last.append(entry)

    def place_piece(self, i: int) -> None:
        """X3, X4: the next piece of the placement order on the empty space ``i``."""
        empty = self.__dict__.get("_empty")  # dvonn.rules.empty_cells
        if empty is not None and i in empty:
            empty.remove(i)
        self.board[i] = placement_piece(self.placed)
        self.placed += 1
        self.last = [{"player": self.turn, "action": NAMES[i], "removed": [], "returned": [], "crunched": [],
                      "captured": ""}]
        if self.placed == N_CELLS:
            self.turn = WHITE  # X4: White, who placed the 49th piece, also moves first
        self._update()

    def move(self, i: int, j: int) -> None:
        """X12–X15: the DVONN part ``i`` → ``j``: the stack goes with its marble; a marble it carries
        crunches one on the landing stack (back to the reserve), else the landing stack keeps its own;
        stacks cut off leave the game and their marbles return to the reserve."""
        m, res = self.marbles, self.reserve
        mi, mj = m[i], m[j]
        crunched = []
        if mi:
            if mj:
                res[mj - 1] += 1
                crunched.append([NAMES[j], CODES[mj]])
            m[j], m[i] = mi, 0
        returned = []
        cut = move_stack(self.board, i, j, self.__dict__.get("_free"))  # N11's free stacks kept
        for cell, s in cut:
            self.removed[WHITE] += s.count("W")
            self.removed[BLACK] += s.count("B")
            if m[cell]:
                res[m[cell] - 1] += 1
                returned.append([NAMES[cell], CODES[m[cell]]])
                m[cell] = 0
        self._log({"action": NAMES[i] + NAMES[j], "removed": [[NAMES[c], s] for c, s in cut],
                   "returned": returned, "crunched": crunched, "captured": ""})
        self._part_done("dvonn")

    def place_marble(self, code: int, i: int) -> None:
        """X10, X11: a marble of colour ``code`` on the marbleless stack ``i``, from the reserve, or from
        the mover's own captures once the reserve is empty."""
        c = code - 1
        if any(self.reserve):
            self.reserve[c] -= 1
        else:
            self.captures[self.turn][c] -= 1
        self.marbles[i] = code
        self._log({"action": CODES[code] + NAMES[i], "removed": [], "returned": [], "crunched": [],
                   "captured": ""})
        self._part_done("zertz")

    def jump(self, start: int, hops: tuple) -> None:
        """X8, X9: the jump sequence ``hops`` (``(jumped, landing)`` pairs) of the marble on ``start``;
        the jumped marbles go to the mover."""
        m = self.marbles
        notation = "x " + NAMES[start] + "".join(CODES[m[o]] + NAMES[k] for o, k in hops)
        taken = logic.apply_jump(m, start, hops)
        for code in taken:
            self.captures[self.turn][code - 1] += 1
        self._log({"action": notation, "removed": [], "returned": [], "crunched": [],
                   "captured": "".join(CODES[c] for c in taken)})
        self._part_done("zertz")

    # ----- results -----------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        """X16–X18: +1 to the winner, -1 to the loser; 0 each for a draw or a game not over."""
        if self.status != "over":
            return [0.0, 0.0]
        w = self.winner()
        return [0.0, 0.0] if w is None else [1.0, -1.0] if w == WHITE else [-1.0, 1.0]

    def winner(self) -> int | None:
        """The winner once the game is over (None while it goes on, and for a draw)."""
        if self.status != "over":
            return None
        mw = self.marble_winner()
        if mw is not None:
            return mw
        w, b = scores(self.board)
        return None if w == b else WHITE if w > b else BLACK

    def result_text(self) -> str:
        """How the game was decided (X16–X18), for the game-over panel: ``""`` while it goes on."""
        if self.status != "over":
            return ""
        mw = self.marble_winner()
        if mw is not None:
            caps = self.captures[mw]
            c = next(k for k in range(3) if caps[k] >= WINS[k])
            return f"{PLAYER_NAMES[mw]} captured {WINS[c]} {('white', 'grey', 'black')[c]} marbles"
        w, b = scores(self.board)
        return f"No stack can move: pieces controlled, {PLAYER_NAMES[0]} {w}, {PLAYER_NAMES[1]} {b}"

    @property
    def phase(self) -> int:
        """1 while pieces are being placed, 2 once the board was full."""
        return 1 if self.placed < N_CELLS else 2

    def todo(self) -> list[str]:
        """The parts of the current turn still to come, in no order (``"dvonn"``, ``"zertz"``)."""
        st = self.status
        return {"turn": ["dvonn", "zertz"], "dvonn": ["dvonn"], "zertz": ["zertz"]}.get(st, [])

    # ----- turns -------------------------------------------------------------------------------------
    def turn_notations(self) -> list[str]:
        """The game so far as turns (X20): phase-1 placements one each, then each phase-2 turn's parts
        joined in the order played (``a1b2 + Wc3``). Replays the history from the start."""
        s = self.game.new_initial_state(self.options)
        out: list[list[str]] = []
        for n in self.history:
            if s.phase == 1 or s.part == "":
                out.append([])
            out[-1].append(n)
            s.apply(n)
        return [format_turn(t) for t in out]

    def play_turn(self, text: str) -> None:
        """Play a whole turn written in turn notation (``a1b2 + Wc3``, ``x c3Ge3 + d2d4``, ``pass``, or a
        placement). Raises IllegalAction (the state unchanged) if a part is illegal or the text is not a
        whole turn: every part the turn requires, in the order given."""
        parts = parse_turn(text)
        if self.part != "":
            raise IllegalAction("a turn is under way: play its remaining part on its own", rule="X5")
        s = self.clone()
        who = s.current_player()
        for k, n in enumerate(parts):
            if k and s.current_player() != who:
                raise IllegalAction(f"{text!r}: the turn was over after {parts[0]!r}", rule="X5")
            s.apply(n)
        if s.part != "" and not s.is_terminal():
            raise IllegalAction(f"{text!r} is not a whole turn: the {s.todo()[0]} part is missing", rule="X5")
        self.__dict__.update(s.__dict__)

    # ----- copies, views and serialisation -----------------------------------------------------------
    def clone(self) -> "DvertzState":
        s = DvertzState.__new__(DvertzState)
        s.game, s.options, s.history = self.game, self.options, list(self.history)
        s.board, s.marbles, s.reserve = list(self.board), list(self.marbles), list(self.reserve)
        s.captures = [list(self.captures[0]), list(self.captures[1])]
        s.placed, s.turn, s.part, s.removed = self.placed, self.turn, self.part, list(self.removed)
        s.last = list(self.last)
        s.status, s.moves, s.zz = self.status, self.moves, self.zz
        if self.placed < N_CELLS and "_empty" in self.__dict__:
            s.__dict__["_empty"] = list(self.__dict__["_empty"])
        if "_free" in self.__dict__:
            s.__dict__["_free"] = list(self.__dict__["_free"])
        return s

    def observation(self, player: int | None) -> dict:
        """Everything in Dvertz is public. ``stacks`` and ``marbles`` list the 49 spaces in DVONN's
        :data:`~pygames.dvonn.board.NAMES` order (a stack bottom to top; a marble ``"W"``, ``"G"``,
        ``"B"`` or ``""``)."""
        over = self.status == "over"
        mw = self.marble_winner()
        jumps = []
        if self.zz is not None and self.zz[0] == "jump":
            jumps = sorted({NAMES[s] for s, _ in self.zz[1]})
        return {
            "game": "dvertz", "viewer": player, "stacks": list(self.board),
            "marbles": [CODES[c] if c else "" for c in self.marbles],
            "reserve": list(self.reserve), "captures": [list(c) for c in self.captures], "wins": list(WINS),
            "phase": self.phase, "placed": self.placed,
            "next_piece": placement_piece(self.placed) if self.placed < N_CELLS else None,
            "turn": None if over else self.turn, "current_player": self.current_player(),
            "status": self.status, "done": self.part, "todo": self.todo(), "jumps": jumps,
            "movable": sorted({NAMES[i] for i, _ in self.moves}) if self.status in ("turn", "dvonn") else [],
            "score": scores(self.board), "removed": list(self.removed), "last": [dict(e) for e in self.last],
            "winner": self.winner(), "win_by": None if not over else "marbles" if mw is not None else "dvonn",
            "draw": over and self.winner() is None, "player_names": list(PLAYER_NAMES),
        }

    def _state_json(self) -> dict:
        return {"board": list(self.board), "marbles": "".join(CODES[c] for c in self.marbles),
                "reserve": list(self.reserve), "captures": [list(c) for c in self.captures],
                "placed": self.placed, "turn": self.turn, "part": self.part, "removed": list(self.removed),
                "last": [dict(e) for e in self.last]}

    def _load_json(self, d: dict) -> None:
        keys = {"board", "marbles", "reserve", "captures", "placed", "turn", "part", "removed", "last"}
        if set(d) != keys:
            raise InvalidState(f"dvertz state needs exactly the keys {', '.join(sorted(keys))}")
        board, placed, turn, part, removed = d["board"], d["placed"], d["turn"], d["part"], d["removed"]
        if (not isinstance(board, list) or len(board) != N_CELLS
                or not all(isinstance(s, str) and set(s) <= set("WBD") for s in board)):
            raise InvalidState("board must be a list of 49 stacks, each a string of W, B and D (bottom to top)")
        if type(placed) is not int or not 0 <= placed <= N_CELLS:
            raise InvalidState("placed must be an integer 0..49")
        if type(turn) is not int or turn not in (0, 1):
            raise InvalidState("turn must be 0 (White) or 1 (Black)")
        if part not in PARTS:
            raise InvalidState('part must be "", "dvonn" or "zertz" (the part of the turn already played)')
        if not _int_list(removed, 2, PIECES_PER_COLOUR):
            raise InvalidState("removed must be [white, black], two integers 0..23")
        marbles = d["marbles"]
        if not isinstance(marbles, str) or len(marbles) != N_CELLS or set(marbles) - set(CODES):
            raise InvalidState("marbles must be a string of 49 letters: - (none), W, G or B")
        m = [CODES.index(ch) for ch in marbles]
        reserve, captures = d["reserve"], d["captures"]
        if not _int_list(reserve, 3, max(RESERVE)):
            raise InvalidState("reserve must be [white, grey, black], three small non-negative integers")
        if not isinstance(captures, list) or len(captures) != 2 or not all(_int_list(c, 3, 10) for c in captures):
            raise InvalidState("captures must be two lists [white, grey, black] of small non-negative integers")
        for c in range(3):
            total = reserve[c] + captures[0][c] + captures[1][c] + m.count(c + 1)
            if total != RESERVE[c]:
                raise InvalidState(f"the {('white', 'grey', 'black')[c]} marbles must number {RESERVE[c]} in "
                                   f"reserve, captures and on the board, not {total}")
        if any(m[i] and not board[i] for i in range(N_CELLS)):
            raise InvalidState("a marble lies on an empty space (marbles sit on stacks)")
        problem = board_problem(board, placed, removed)
        if problem:
            raise InvalidState(problem)
        if placed < N_CELLS:
            if any(m) or list(reserve) != list(RESERVE) or part != "":
                raise InvalidState("during the placement phase no marble is played and no turn has parts")
            if turn != placed % 2:
                raise InvalidState(f"after {placed} placements it is {PLAYER_NAMES[placed % 2]}'s turn")
        if winning_captures(captures[0]) and winning_captures(captures[1]):
            raise InvalidState("only one player can hold a winning set of marbles (the first one won)")
        last = _load_last(d["last"])
        self.board, self.marbles, self.reserve = list(board), m, list(reserve)
        self.__dict__.pop("_empty", None)  # dvonn.rules.empty_cells of the board before
        self.__dict__.pop("_free", None)  # the free stacks of the board before (_free)
        self.captures = [list(captures[0]), list(captures[1])]
        self.placed, self.turn, self.part, self.removed, self.last = placed, turn, part, list(removed), last
        self._update()
        if self.status == "over" and part != "":
            raise InvalidState("a finished game has no turn under way (part must be empty)")
        if part == "dvonn" and self.zz is None or part == "zertz" and not self.moves:
            raise InvalidState(f"the {part} part was played and the other part has nothing to play: the turn "
                               "would have ended")


def _int_list(v: Any, n: int, hi: int) -> bool:
    return isinstance(v, list) and len(v) == n and all(type(x) is int and 0 <= x <= hi for x in v)


_LAST_KEYS = ("player", "action", "removed", "returned", "crunched", "captured")


def _load_last(last: Any) -> list[dict]:
    """The display record of the last turn's parts, checked for shape (it draws, it does not play)."""
    if not isinstance(last, list) or len(last) > 2:
        raise InvalidState("last must be a list of at most two parts")
    out = []
    for e in last:
        if not isinstance(e, dict) or set(e) != set(_LAST_KEYS):
            raise InvalidState(f"each part of last needs exactly the keys {', '.join(sorted(_LAST_KEYS))}")
        if type(e["player"]) is not int or e["player"] not in (0, 1) or not isinstance(e["action"], str):
            raise InvalidState("last: a part needs a player 0/1 and an action string")
        try:
            parse_part(e["action"])
        except IllegalAction:
            raise InvalidState(f"last: {e['action']!r} is not Dvertz notation") from None
        for key, alphabet in (("removed", "WBD"), ("returned", "WGB"), ("crunched", "WGB")):
            items = e[key]
            if not isinstance(items, list) or not all(
                    isinstance(x, list) and len(x) == 2 and isinstance(x[0], str) and x[0] in INDEX
                    and isinstance(x[1], str) and x[1] and not set(x[1]) - set(alphabet) for x in items):
                raise InvalidState(f"last: {key} must list [space, letters] pairs")
        if not isinstance(e["captured"], str) or set(e["captured"]) - set("WGB"):
            raise InvalidState("last: captured must be a string of marble letters")
        out.append({k: (list(map(list, e[k])) if isinstance(e[k], list) else e[k]) for k in _LAST_KEYS})
    return out


__all__ = ["DvertzState", "PLAYER_NAMES", "RESERVE", "WINS", "winning_captures", "marble_target"]
