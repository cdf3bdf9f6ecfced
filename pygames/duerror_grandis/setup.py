"""Duerror Grandis: the match, the setting up and the flow of turns (G4–G9, G26, G33, G35, G39, G43).

The opening roll, the choices of colour, board and starting piece in turn order, formactus (keep, pay, roll
and change), passing the turn, the two endings of G26 and the Parcus match (a fresh game, tokens kept
by G39).
"""
from __future__ import annotations

from ..core.state import CHANCE, TERMINAL, Action
from .common import CHANCE_PARTS, COLOURS, KINDS, MAX_ROUNDS, NAMES, OFF, OUT, _D6_OUTCOMES, _NUMX, _VEER_OUTCOMES
from .base import StateBase


class SetupMixin(StateBase):
    """Part of :class:`~pygames.duerror_grandis.rules.DuerrorState` (see its fields)."""

    def __post_init__(self) -> None:
        o = self.options
        self.n = self.num_players
        self.caecus = bool(o.get("caecus"))
        self.factiosus = bool(o.get("factiosus"))
        self.merus = bool(o.get("merus"))
        self.games = int(o.get("parcus", 1))
        self.kinds = ("thete", "melliran") if self.merus else KINDS
        self.tokens = [0 if self.merus else 1] * self.n  # G5
        self.game_no = 0
        self.wins = [0] * self.n
        self.colours: list = [None] * self.n  # G43: chosen once, kept for the whole match
        self.winner: int | None = None
        self.ranked: list[int] = []
        self.ending: str | None = None
        self._new_game()

    def _new_game(self) -> None:
        """Reset the board for a (next) game of the match; tokens stay (Parcus, G33)."""
        self.bank = self.n if self.merus else 1  # G5, G35
        self.first: int | None = None
        self.turn = 0
        self.part = "opening"
        self.setup = 0
        self.boards: list = [None] * self.n
        self.pieces: list = [[] for _ in range(self.n)]
        self.round = 0
        self.evidence: list = [[] for _ in range(self.n)]
        self.seg: list[int] = [0] * self.n
        self.secret: list = []
        self.roll: list = []
        self.prev_trail: list = []
        self._clear_turn()

    def _clear_turn(self) -> None:
        self.could: list[int] = []
        self.took = False
        self.chain: list = []
        self.barred: list = []
        self.handled: list[int] = []
        self.veering: int | None = None
        self.trail: list = []

    # ----- protocol ----------------------------------------------------------------------------------
    def _current_player(self) -> int:
        part = self.part
        if part == "over":
            return TERMINAL
        if part in CHANCE_PARTS or (part == "board" and self.caecus):  # G40: Caecus boards are drawn
            return CHANCE
        return self.turn

    def is_terminal(self) -> bool:
        """What :meth:`_current_player` tests first, without the call (random playouts ask every ply)."""
        return self.part == "over"

    def chance_owner(self) -> int | None:
        """Who rolls: the player to move (None for the opening roll)."""
        return None if self.part == "opening" else self.turn

    def _chance_outcomes(self):
        if self.part == "opening":
            return [(Action(f"first {NAMES[p]}", label=f"{self.name(p)} goes first", player=CHANCE), 1 / self.n) for p in range(self.n)]
        if self.part == "d6":
            return list(_D6_OUTCOMES)
        if self.part == "board":  # G40: a board drawn face down among those left
            free = [b for b in range(9) if b not in self.boards]
            return [(Action(f"board {b + 1}", label=f"Board {b + 1} drawn", player=CHANCE), 1 / len(free)) for b in free]
        return list(_VEER_OUTCOMES)

    def number(self, player: int, square: int) -> int:
        """Path number of ``square`` on ``player``'s path: 0 off the board, 1..81, 82 out (G3)."""
        return _NUMX[self.boards[player]][square + 1]

    # ----- applying ----------------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        d = self.__dict__
        tl = d.pop("_tl", None)  # the takes listed for the legal actions of this very position
        mv = d.pop("_mv", None)  # the moves listed for them
        d.pop("_tk", None)
        part = self.part
        if part == "flictus":
            self._apply_flictus(self.turn, action.notation, tl)
        elif part == "move":
            self._apply_move(self.turn, action.notation, mv)
        else:
            self._apply_part(action.notation)
        if self.part == "done":  # the mover has nothing left to decide
            self._end_turn()

    def _apply_part(self, n: str) -> None:
        part, p = self.part, self.turn
        if part == "opening":  # G4
            self.first = NAMES.index(n[6:])
            self.turn = self.first
            self.part = self._choosing()
            self.setup = 0
            return
        if part == "colour":  # G43
            self.colours[p] = COLOURS.index(n.split()[1])
            self.part = "board"
            return
        if part == "board":  # G6, G40
            self.boards[p] = int(n.split()[1]) - 1
            if self.caecus:
                self._mark(p, -1)
            if self.factiosus:  # G30: all pieces, no starting choice
                self.pieces[p] = [[k, OFF] for k in self.kinds]
                self._next_chooser()
            else:
                self.part = "piece"
            return
        if part == "piece":  # G6
            self.pieces[p] = [[n.split()[1], OFF]]
            if self.caecus:
                self._mark(p, 0)
            self._next_chooser()
            return
        if part == "formactus":  # G8
            if n == "roll":
                self.part = "d6"
                return
            if n.startswith("pay "):
                self.tokens[p] -= 1
                self.bank += 1
                self.pieces[p][0][0] = n[4:]
                self.trail.append(["change", p, n[4:]])
                if self.caecus:  # G41: a new stretch of one kind of piece
                    self.seg[p] += 1
                    self._mark(p, self.seg[p])
            self._begin_flictus()
            return
        if part == "d6":  # G9
            k = int(n[3:])
            self.roll = ["d6", k, p]
            self.trail.append(["roll", p, k])  # which turn the die belongs to (the observation's "roll")
            if k % 2:
                self.part = "change"
            else:
                self._begin_flictus()
            return
        if part == "change":  # G9
            if n != "keep":
                self.pieces[p][0][0] = n[7:]
                self.trail.append(["change", p, n[7:]])
                if self.caecus:  # G41
                    self.seg[p] += 1
                    self._mark(p, self.seg[p])
            self._begin_flictus()
            return
        if part == "flictus":
            self._apply_flictus(p, n)
            return
        if part == "veer":  # G20–G22
            self._apply_veer(p, n)
            return
        self._apply_move(p, n)

    def _next_chooser(self) -> None:
        self.setup += 1
        if self.setup == self.n:
            self.turn = self.first  # type: ignore[assignment]
            self._begin_turn()
        else:
            self.turn = (self.first + self.setup) % self.n  # type: ignore[operator]
            self.part = self._choosing()

    def _choosing(self) -> str:
        """The chooser's first choice: a colour in the first game of a match (G43), then a board (G6)."""
        return "colour" if self.colours[self.turn] is None else "board"

    def _begin_turn(self) -> None:
        self.prev_trail = self.trail
        self._clear_turn()
        if self.factiosus:  # G30: no formactus
            self._begin_flictus()
        else:
            self.part = "formactus"

    def _end_turn(self) -> None:
        """Pass the turn on. A player with nothing to decide is passed over; when every player in a row
        is, nothing can ever change again and the game ends as in G26 (so does round MAX_ROUNDS)."""
        skipped = 0
        while True:
            self.turn = (self.turn + 1) % self.n
            if self.turn == self.first:
                self.round += 1
                if self.round >= MAX_ROUNDS:  # G26
                    self._win(self.leaders(), "rounds")
                    return
            self._begin_turn()
            if self.part != "done":
                return
            skipped += 1
            if skipped >= self.n:  # G26: a whole round in which no one could do anything but stay
                self._win(self.leaders(), "stuck")
                return

    def leaders(self) -> list[int]:
        """G26: the players with most pieces out, then the least total distance to square 82 of the pieces
        left (every player has as many pieces, so: the greatest sum of path numbers); equal ones share."""
        def key(q):
            return (sum(1 for pc in self.pieces[q] if pc[1] == OUT),
                    -sum(82 - self.number(q, pc[1]) for pc in self.pieces[q] if pc[1] != OUT))
        best = max(key(q) for q in range(self.n))
        return [q for q in range(self.n) if key(q) == best]

    def _win(self, winners: list[int], ending: str) -> None:
        """A game of the match ends (``ending``: ``exit`` by G25/G31, ``stuck`` or ``rounds`` by G26); the
        next starts (Parcus, G33, keeping tokens by G39) or the match is over."""
        for q in winners:
            self.wins[q] += 1
        self.winner = winners[0] if len(winners) == 1 else None
        self.ranked = list(winners)
        self.ending = ending
        self.game_no += 1
        if self.game_no < self.games:
            fill = 0 if self.merus else 1  # G39: keep the tokens or take the starting fill, whichever is more
            self.tokens = [max(t, fill) for t in self.tokens]
            self._new_game()
        else:
            self.part = "over"

    def result_text(self) -> str:
        """How the (last) game ended when it was not by a piece reaching square 82 (G26, ruling 14): said as
        what it is, never as a win by the text's rules; ``""`` for an ordinary win or before the end."""
        if self.part != "over" or self.ending not in ("stuck", "rounds"):
            return ""
        why = ("No one can move any more" if self.ending == "stuck"
               else f"{MAX_ROUNDS} rounds played without a winner")
        return (f"{why}: the game is ranked by pieces out, then by the least distance left to square 82"
                + (" (the last game of the match)" if self.games > 1 else ""))

    def returns(self) -> list[float]:
        """+1 for the player(s) with most game wins once the match is over, -1 for the others; 0 before."""
        if self.part != "over":
            return [0.0] * self.n
        best = max(self.wins)
        return [1.0 if w == best else -1.0 for w in self.wins]
