"""DVONN: the rules engine (RULINGS.md "DVONN and ZÈRTZ" 1, ``shared/research/dvonn_zertz.md`` §1).

Rule ids (N1, N2, …) refer to ``docs/rules/dvonn.md``. The rules themselves are the plain functions of
:mod:`pygames.dvonn.board` (move generation, the surrounded test, disconnection, scoring); this module
adds the turn order around them: the placement phase (N3–N6), White's double turn (N5), passes (N15) and
the end (N16–N18).

Players: 0 is White (who places first and moves first), 1 is Black. Actions (N19): a placement ``e3``, a
move ``a1b2``, ``pass``. With the option ``random_board`` the placement is played by chance (N6): chance
nodes place the pieces in the usual order on uniformly random vacant spaces, so every full board is
equally likely, and the record still reads as placements.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate, compress, repeat
from operator import not_
from random import Random

from ..core.errors import IllegalAction, InvalidState
from ..core.state import CHANCE, TERMINAL, Action, State
from .board import (BLACK, COLOURS, DVONN, DVONN_PIECES, INDEX, LANDING, N_CELLS, NAMES,
                    PIECES_PER_COLOUR, PLACEMENT_PIECES, WHITE, board_problem, free_cells, move_stack, piece_counts,
                    placement_piece, scores, turn_status)
from . import explain as why
from .notation import parse_action

PLAYER_NAMES = ("White", "Black")
PIECE_NAMES = {"W": "white", "B": "black", "D": "DVONN"}



def placement_label(piece: str, cell: str, colour: bool = False) -> str:
    """A placement as a player reads it (N3; presentation only, the notation stays the space ``k3``):
    ``DVONN piece on K3`` for ``piece`` ``"D"``, else ``Piece on K3``, the placer's own colour going
    without saying (the move list's line and the review name the player: "White: Piece on K3"), or with
    ``colour`` ``Black piece on K3`` (a random board's chance placements, N6, which place either colour).
    ``cell`` is given as the board writes it, in capitals (``K3``), as every label and "Why not?" says it.
    Dvertz (X3) says its placements the same way."""
    if piece == DVONN:
        return f"DVONN piece on {cell}"
    return f"{PIECE_NAMES[piece].capitalize()} piece on {cell}" if colour else f"Piece on {cell}"


_PLACE = tuple(tuple(tuple(Action(NAMES[i], targets=(NAMES[i],), label=placement_label(piece, NAMES[i].upper()), player=p)
                           for i in range(N_CELLS)) for piece in (COLOURS[p], DVONN)) for p in (0, 1))
"""``_PLACE[player][d][cell]``: ``player``'s placement on ``cell`` of their own colour (``d`` 0) or of a
DVONN piece (``d`` 1, the first three placements, N3), each labelled with its piece."""
_PLACE_CHANCE = {piece: tuple(Action(NAMES[i], label=placement_label(piece, NAMES[i].upper(), colour=True), player=CHANCE)
                              for i in range(N_CELLS)) for piece in PIECE_NAMES}
"""N6 random board: ``_PLACE_CHANCE[piece][cell]``, the next piece on a space, labelled with that piece
for the move list (presentation only)."""
_PASS = tuple(Action("pass", label="Pass (no move)", player=p) for p in (0, 1))
_MOVE: dict[tuple[int, int, int], Action] = {
    (p, i, j): Action(NAMES[i] + NAMES[j], targets=(NAMES[i], NAMES[j]), label=f"{NAMES[i].upper()} \u2192 {NAMES[j].upper()}",
                      player=p)
    for p in (0, 1) for i in range(N_CELLS) for h in range(1, 11) for j in LANDING[i][h]}
"""Every possible action, built once (an action is a pure function of its player and cells)."""
_MOVE_AT = tuple(tuple(tuple(_MOVE.get((p, i, j)) for j in range(N_CELLS)) for i in range(N_CELLS)) for p in (0, 1))
"""``_MOVE_AT[p][i][j]``: the same moves, looked up by index in the hot loop (None: no such move)."""
_MOVE_CELLS: dict[str, tuple[int, int]] = {NAMES[i] + NAMES[j]: (i, j) for _, i, j in _MOVE}
"""A move's notation → its ``(from, to)`` cells (apply reads them without slicing the text)."""


def empty_cells(state) -> list[int]:
    """The empty spaces in cell order during the placement phase (N3), kept on the state (``_empty``) and
    updated by each placement, so that a random playout draws a placement without scanning the board;
    worked out again whenever it does not hold ``49 - placed`` spaces (a board changed otherwise). Dvertz
    (X3) keeps it the same way."""
    empty = state.__dict__.get("_empty")
    if empty is None or len(empty) != N_CELLS - state.placed:
        board = state.board
        empty = state.__dict__["_empty"] = [i for i in range(N_CELLS) if not board[i]]
    return empty


@dataclass(eq=False)
class DvonnState(State):
    """A DVONN position and whose turn it is.

    Fields (JSON-able): ``board`` (49 stacks, see :mod:`pygames.dvonn.board`), ``placed`` (pieces placed so
    far, 0..49; the placement phase lasts while it is below 49), ``turn`` (the player to move once the
    board is full), ``removed`` (``[white, black]`` pieces that left the game, N14), ``last`` (None or
    ``(player, notation, ((cell, stack), …))``: the last action and the stacks it cut off, for drawing).

    Derived and cached: ``status`` (``"place"``, ``"chance"``, ``"move"``, ``"pass"`` or ``"over"``) and
    ``moves`` (the ``(from, to)`` moves of the player to move); once the board is full, also the stacks
    that are not surrounded (:func:`~.board.free_cells`, N11), kept up to date move by move (see
    :meth:`invalidate` for a board changed otherwise).
    """

    def __post_init__(self) -> None:
        self.board: list[str] = [""] * N_CELLS
        self.placed = 0
        self.turn = WHITE
        self.removed = [0, 0]
        self.last: tuple | None = None
        self.status = "place"
        self.moves: list[tuple[int, int]] = []
        self.random_board = bool(self.options.get("random_board", False))
        self._update_status()

    # ----- status ------------------------------------------------------------------------------------
    def _update_status(self) -> None:
        """Work out what happens next (N3–N6, N15, N16) and cache the mover's moves."""
        if self.placed < N_CELLS:
            if self.moves:
                self.moves = []
            self.turn = self.placed % 2  # N3
            self.status = "chance" if self.random_board else "place"
            return
        free = self.__dict__.get("_free")
        if free is None:
            free = self.__dict__["_free"] = free_cells(self.board)  # N11
        self.status, self.moves = turn_status(self.board, self.turn, free)  # N15, N16

    def invalidate(self) -> None:
        """As :meth:`State.invalidate`, also forgetting the kept empty spaces and unsurrounded stacks
        (a board changed other than by :meth:`apply`)."""
        super().invalidate()
        self.__dict__.pop("_empty", None)
        self.__dict__.pop("_free", None)

    # ----- protocol ----------------------------------------------------------------------------------
    explain_rules = why.EXPLAIN_RULES  # "Why not?" (issue 17): pygames.dvonn.explain

    def _explain(self, targets, notation):
        return why.explain(self, targets, notation)

    def is_terminal(self) -> bool:
        return self.status == "over"  # _current_player's first test, without the call

    def _current_player(self) -> int:
        st = self.status
        if st == "over":
            return TERMINAL
        if st == "chance":
            return CHANCE
        return self.turn

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        """N6: the next piece on any vacant space, each equally likely (in cell order)."""
        empty = list(compress(_PLACE_CHANCE[PLACEMENT_PIECES[self.placed]], map(not_, self.board)))
        return list(zip(empty, repeat(1.0 / len(empty))))

    def _chance_actions(self) -> list[Action]:
        return list(compress(_PLACE_CHANCE[PLACEMENT_PIECES[self.placed]], map(not_, self.board)))  # as above

    def _legal_actions(self) -> list[Action]:
        st, p = self.status, self.turn
        if st == "move":
            mv = _MOVE_AT[p]
            return [mv[i][j] for i, j in self.moves]  # type: ignore[misc]
        if st == "place":
            return list(compress(_PLACE[p][PLACEMENT_PIECES[self.placed] == DVONN], map(not_, self.board)))
        if st == "pass":
            return [_PASS[p]]
        return []

    def _draw_legal(self, draw) -> Action:
        """``legal_actions()[draw(n)]`` with ``n = len(legal_actions())`` (the hook of
        :meth:`State.pick_random`) without building the list: a move of the cached ``moves`` (N9–N12),
        or a placement on the drawn empty space in cell order (N3, N4; ``49 - placed`` of them)."""
        st, p = self.status, self.turn
        if st == "move":
            i, j = self.moves[draw(len(self.moves))]
            return _MOVE_AT[p][i][j]  # type: ignore[return-value]
        if st == "place":
            empty = empty_cells(self)
            return _PLACE[p][PLACEMENT_PIECES[self.placed] == DVONN][empty[draw(len(empty))]]
        legal = self._legal_actions()
        return legal[draw(len(legal))]

    def pick_random(self, rng) -> Action:
        """As :meth:`State.pick_random`: the same draws from ``rng`` (``_randbelow(n)`` of a
        :class:`random.Random`, else ``randrange(n)``; ``random()`` at a chance node) give the same
        actions, without the generic steps (random playouts call this at every ply): a placement or a
        move is :meth:`_draw_legal`'s; a random board's next piece (N6) goes on the empty space found by
        bisecting the outcomes' cumulative probabilities, summed as :func:`pygames.core.state.pick` sums
        them, rather than by summing them one by one."""
        st = self.status
        if st == "chance":
            empty = empty_cells(self)
            n = len(empty)
            k = bisect_right(list(accumulate(repeat(1.0 / n, n))), rng.random())
            a = _PLACE_CHANCE[PLACEMENT_PIECES[self.placed]][empty[k if k < n else -1]]
        elif st == "over":
            return State.pick_random(self, rng)  # raises: the game is over
        else:
            a = self._draw_legal(rng._randbelow if type(rng) is Random else rng.randrange)  # type: ignore[attr-defined]
        self.__dict__["_picked"] = a
        return a

    def find_action(self, action: "Action | str") -> Action:
        """As :meth:`State.find_action`, also reading CodeCup's upper case (``E3``, ``A1B2``, ``PASS``)."""
        if isinstance(action, str):
            action = action.strip().lower()
        return super().find_action(action)

    def _apply(self, action: Action) -> None:
        n = action.notation
        p = self.turn
        if len(n) == 2:  # a placement (N3, N4, N6)
            i = INDEX[n]
            empty = self.__dict__.get("_empty")
            if empty is not None and i in empty:
                empty.remove(i)
            self.board[i] = PLACEMENT_PIECES[self.placed]
            self.placed += 1
            self.last = (p, n, ())
            if self.placed == N_CELLS:
                self.turn = WHITE  # N5: White, who placed the 49th piece, also moves first
        elif n == "pass":  # N15
            self.last = (p, n, ())
            self.turn = 1 - p
        else:
            i, j = _MOVE_CELLS[n]
            removed = move_stack(self.board, i, j, self.__dict__.get("_free"))  # N9, N13 (N11 kept)
            for _, s in removed:
                self.removed[WHITE] += s.count("W")
                self.removed[BLACK] += s.count("B")
            self.last = (p, n, tuple(removed))
            self.turn = 1 - p
        self._update_status()

    def returns(self) -> list[float]:
        """N18: +1 to the higher score, -1 to the lower, 0 each for equal scores or a game not over."""
        if self.status != "over":
            return [0.0, 0.0]
        w, b = scores(self.board)
        if w == b:
            return [0.0, 0.0]
        return [1.0, -1.0] if w > b else [-1.0, 1.0]

    # ----- queries -----------------------------------------------------------------------------------
    @property
    def phase(self) -> int:
        """1 while pieces are being placed, 2 once the board was full."""
        return 1 if self.placed < N_CELLS else 2

    def scores(self) -> list[int]:
        """N17: ``[white, black]`` pieces in the stacks each player controls."""
        return scores(self.board)

    def winner(self) -> int | None:
        """The winner once the game is over (None while it goes on, and for a draw)."""
        r = self.returns()
        return WHITE if r[0] > 0 else BLACK if r[1] > 0 else None

    def movable(self) -> list[int]:
        """The cells of the stacks the player to move may move (for drawing)."""
        return sorted({i for i, _ in self.moves})

    # ----- fast playouts -----------------------------------------------------------------------------
    def fast_playout(self, rng, decisions: int = 10**9, choose=None) -> None:
        """Play up to ``decisions`` actions in place (chance sampled with ``rng``), on the board functions
        directly: no Action objects and no history. For search playouts. Placements are uniformly random;
        a move is ``choose(board, moves, player, rng)`` (a move of the list ``moves``) or uniformly random.
        The state stays consistent (``to_json`` round-trips) but its ``history`` no longer replays to it."""
        self.invalidate()  # placements below keep no list of empty spaces; the free stacks are found again
        board = self.board
        done = 0
        while done < decisions and self.status != "over":
            if self.placed < N_CELLS:
                empty = [i for i in range(N_CELLS) if not board[i]]
                i = empty[rng.randrange(len(empty))]
                board[i] = placement_piece(self.placed)
                self.placed += 1
                if self.placed == N_CELLS:
                    self.turn = WHITE
            elif self.moves:
                if choose is None:
                    i, j = self.moves[rng.randrange(len(self.moves))]
                else:
                    i, j = choose(board, self.moves, self.turn, rng)
                for _, s in move_stack(board, i, j, self.__dict__.get("_free")):
                    self.removed[WHITE] += s.count("W")
                    self.removed[BLACK] += s.count("B")
                self.turn = 1 - self.turn
            else:
                self.turn = 1 - self.turn  # a forced pass
            done += 1
            self._update_status()
        self.last = None

    def clone(self) -> "DvonnState":
        s = DvonnState.__new__(DvonnState)
        s.game, s.options, s.history = self.game, self.options, list(self.history)
        s.board = list(self.board)
        s.placed, s.turn, s.removed, s.last = self.placed, self.turn, list(self.removed), self.last
        s.random_board, s.status, s.moves = self.random_board, self.status, self.moves
        if self.placed < N_CELLS and "_empty" in self.__dict__:
            s.__dict__["_empty"] = list(self.__dict__["_empty"])
        if "_free" in self.__dict__:
            s.__dict__["_free"] = list(self.__dict__["_free"])
        return s

    # ----- views and serialisation -------------------------------------------------------------------
    def observation(self, player: int | None) -> dict:
        """Everything in DVONN is public. ``stacks`` lists the 49 spaces in :data:`~.board.NAMES` order,
        each stack bottom to top (``"W"``, ``"B"``, ``"D"``)."""
        last = None
        if self.last is not None:
            lp, ln, lr = self.last
            last = {"player": lp, "action": ln, "removed": [[NAMES[i], s] for i, s in lr]}
        over = self.status == "over"
        return {
            "game": "dvonn", "viewer": player, "stacks": list(self.board),
            "phase": self.phase, "placed": self.placed,
            "next_piece": placement_piece(self.placed) if self.placed < N_CELLS else None,
            "turn": None if over else self.turn, "current_player": self.current_player(),
            "status": self.status, "movable": [NAMES[i] for i in self.movable()],
            "score": scores(self.board), "removed": list(self.removed), "last": last,
            "double_turn": self.placed == N_CELLS and self.last is not None and len(self.last[1]) == 2,
            "winner": self.winner() if over else None, "draw": over and self.returns() == [0.0, 0.0],
            "player_names": list(PLAYER_NAMES),
        }

    def _state_json(self) -> dict:
        last = None
        if self.last is not None:
            lp, ln, lr = self.last
            last = {"player": lp, "action": ln, "removed": [[NAMES[i], s] for i, s in lr]}
        return {"board": list(self.board), "placed": self.placed, "turn": self.turn,
                "removed": list(self.removed), "last": last}

    def _load_json(self, d: dict) -> None:
        keys = {"board", "placed", "turn", "removed", "last"}
        if set(d) != keys:
            raise InvalidState(f"dvonn state needs exactly the keys {', '.join(sorted(keys))}")
        board = d["board"]
        if (not isinstance(board, list) or len(board) != N_CELLS
                or not all(isinstance(s, str) and set(s) <= set("WBD") for s in board)):
            raise InvalidState("board must be a list of 49 stacks, each a string of W, B and D (bottom to top)")
        placed, turn, removed = d["placed"], d["turn"], d["removed"]
        if type(placed) is not int or not 0 <= placed <= N_CELLS:
            raise InvalidState("placed must be an integer 0..49")
        if turn not in (0, 1) or type(turn) is not int:
            raise InvalidState("turn must be 0 (White) or 1 (Black)")
        if (not isinstance(removed, list) or len(removed) != 2
                or not all(type(x) is int and 0 <= x <= PIECES_PER_COLOUR for x in removed)):
            raise InvalidState("removed must be [white, black], two integers 0..23")
        problem = board_problem(board, placed, removed)
        if problem:
            raise InvalidState(problem)
        if placed < N_CELLS and turn != placed % 2:
            raise InvalidState(f"after {placed} placements it is {PLAYER_NAMES[placed % 2]}'s turn")
        last = d["last"]
        if last is not None:  # display information about the last action: checked against the position
            if not isinstance(last, dict) or set(last) != {"player", "action", "removed"}:
                raise InvalidState("last must be null or {player, action, removed}")
            lp, ln, lr = last["player"], last["action"], last["removed"]
            if lp not in (0, 1) or type(lp) is not int or not isinstance(ln, str) or not isinstance(lr, list):
                raise InvalidState("last needs a player 0/1, an action string and a removed list")
            try:
                parsed = parse_action(ln)
            except IllegalAction:
                raise InvalidState(f"last action {ln!r} is not DVONN notation") from None
            kind = parsed[0]
            fits = ln == ln.strip().lower() and (
                (kind == "place" and placed > 0 and all(len(s) <= 1 for s in board) and board[parsed[1]] != "")
                or (kind != "place" and placed == N_CELLS))
            if not fits:
                raise InvalidState(f"last action {ln!r} does not fit the position")
            pairs = []
            for item in lr:
                if (not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], str)
                        or item[0] not in INDEX
                        or not isinstance(item[1], str) or not item[1] or set(item[1]) - set("WB")
                        or board[INDEX[item[0]]]):
                    raise InvalidState("last.removed must list [space, stack] of spaces now empty")
                pairs.append((INDEX[item[0]], item[1]))
            if kind != "move" and pairs:
                raise InvalidState("only a move removes pieces")
            last = (lp, ln, tuple(pairs))
        self.board, self.placed, self.removed, self.last = list(board), placed, list(removed), last
        self.invalidate()
        self.turn = turn
        self._update_status()

    @classmethod
    def from_board(cls, game, rows: list[str], turn: int = WHITE, removed: tuple[int, int] | None = None,
                   options: dict | None = None) -> "DvonnState":
        """A phase-2 state from a readable picture, for tests and diagrams.

        ``rows``: five lines, row 5 first, each the row's stacks left to right separated by spaces, a stack
        written bottom to top (``W``, ``B``, ``D``, ``WBW``…) or ``.`` for an empty space; the rows hold
        9, 10, 11, 10 and 9 entries. ``removed`` defaults to whatever makes 23 of each colour.
        Raises InvalidState if the picture is malformed or the pieces are not accounted for."""
        from .board import CELLS, ROWS
        s = game.new_initial_state(options)
        if not isinstance(rows, list) or len(rows) != 5:
            raise InvalidState("a board picture has five rows, row 5 first")
        board = [""] * N_CELLS
        index = {c: i for i, c in enumerate(CELLS)}
        for r, line in enumerate(rows):
            y = 4 - r
            toks = line.split()
            lo, hi = ROWS[y]
            if len(toks) != hi - lo + 1:
                raise InvalidState(f"row {y + 1} needs {hi - lo + 1} entries, got {len(toks)}")
            for k, t in enumerate(toks):
                board[index[(lo + k, y)]] = "" if t == "." else t
        counts = piece_counts(board)
        rem = list(removed) if removed is not None else [PIECES_PER_COLOUR - counts["W"],
                                                         PIECES_PER_COLOUR - counts["B"]]
        s._load_json({"board": board, "placed": N_CELLS, "turn": turn, "removed": rem, "last": None})
        return s

    def picture(self) -> list[str]:
        """The board as :meth:`from_board` reads it (five rows, row 5 first)."""
        from .board import CELLS, ROWS
        index = {c: i for i, c in enumerate(CELLS)}
        return [" ".join(self.board[index[(x, y)]] or "." for x in range(ROWS[y][0], ROWS[y][1] + 1))
                for y in range(4, -1, -1)]


__all__ = ["DvonnState", "PLAYER_NAMES", "DVONN", "empty_cells"]
