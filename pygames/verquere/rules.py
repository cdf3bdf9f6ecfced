"""Verquere: the rules engine (seed 003, Cotton 1725 via the Ludii portal, and RULINGS.md "Verquere").

Rule ids (V1, V2, …) refer to ``docs/rules/verquere.md``.

Points are numbered per player along their own path, 1..24 (V1): my point ``p`` is the opponent's point
``p + 12`` (mod 24, in 1..24). ``board[player][p]`` is how many of ``player``'s pieces stand on their own
point ``p`` (index 0 unused). ``bar[player]`` counts pieces waiting to re-enter, ``off[player]`` those
borne off. Each die is one action (a *step*) written ``from/to`` in the mover's own numbers, with
``bar`` and ``off`` and a trailing ``*`` for a hit (V20).

Ring index ``r`` (0..23) is shared by both players: White's point ``p`` is ``r = p - 1``, Black's is
``r = (p + 11) % 24``. Drawing and UI targets use ring ids (``r0`` … ``r23``, ``bar-0``, ``off-1``).

Move generation (V7–V19, V31–V33: where a piece may land, bearing off, the dice-use rules) is the
:class:`~pygames.verquere.movement.Movement` mixin, in ``movement.py``.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate
from random import Random

from ..core.errors import InvalidState
from ..core.state import CHANCE, TERMINAL, Action, State
from .movement import _OPP, PIECES, Movement, opp_point

WHITE, BLACK = 0, 1
NAMES = ("White", "Black")

MAX_ROLLS = 1000
"""V35: the game ends when the 1,000th roll's turn is over without a winner (our bound; never reached in
play: random games average about 170 rolls)."""
MAX_GAME_LENGTH = 1 + MAX_ROLLS * 5
"""V35: the opening chance action, then per roll the roll and at most four die moves."""

ROLLS = [(a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)]
"""The 21 distinct rolls, larger die first."""


_OPENINGS = ((Action("white opens", label="White opens", player=CHANCE), 0.5),
             (Action("black opens", label="Black opens", player=CHANCE), 0.5))
_ROLL_OUTCOMES = tuple((Action(f"roll {a}-{b}", label=f"Roll {a} and {b}", player=CHANCE), (1 if a == b else 2) / 36)
                       for a, b in ROLLS)
"""The rolls with their labels (presentation only: the move list says "Roll 6 and 3" for ``roll 6-3``)."""


@dataclass(frozen=True)
class Step(Action):
    """A die move: an :class:`Action` that also carries ``frm`` (0 = the bar) and ``die``."""

    frm: int = 0
    die: int = 0


def _target(pl: int, p: int) -> str:
    if p == 0:
        return f"bar-{pl}"
    if p == 25:
        return f"off-{pl}"
    return f"r{(p - 1 + 12 * pl) % 24}"


def _step_label(pl: int, frm: int, to: int, hit: bool) -> str:
    """A step as a player reads it, in the mover's own point numbers and then in the other side's (the
    board is numbered from the side of whoever looks at it): ``19 → 24, hitting (Black's 7 → 12)`` for
    ``19/24*``, ``Bar → 4 (White's 16)``, ``21 → off (Black's 9)``."""
    a, b = "Bar" if frm == 0 else str(frm), "off" if to == 25 else str(to)
    other = [str((p - 1 + 12) % 24 + 1) for p in (frm, to) if 0 < p < 25]  # the other side's numbers
    return f"{a} \u2192 {b}" + (", hitting" if hit else "") + f" ({NAMES[1 - pl]}'s {' → '.join(other)})"


def _make_step(pl: int, frm: int, d: int, hit: bool) -> Step:
    to = frm + d
    a, b = "bar" if frm == 0 else str(frm), "off" if to == 25 else str(to)
    label = _step_label(pl, frm, to, hit)
    return Step(notation=f"{a}/{b}{'*' if hit else ''}", targets=(_target(pl, frm), _target(pl, to)),
                label=label, player=pl, frm=frm, die=d)


_STEPS = {(pl, f, d, h): _make_step(pl, f, d, h)
          for pl in (0, 1) for f in range(0, 25) for d in range(1, 7) for h in (False, True) if f + d <= 25}
"""Every possible step action, built once (notation and targets are pure functions of these four)."""
_STEP_AT = tuple(tuple(tuple((_STEPS.get((pl, f, d, False)), _STEPS.get((pl, f, d, True))) for d in range(7))
                       for f in range(25)) for pl in (0, 1))
"""``_STEP_AT[pl][f][d][hit]``: the same actions, looked up by index in the hot loop."""
_ROLL_ACTIONS = tuple(a for a, _ in _ROLL_OUTCOMES)
_ROLL_CUMULATIVE = tuple(accumulate(p for _, p in _ROLL_OUTCOMES))
"""The cumulative probabilities of the rolls, summed in the order (and so to the very floats) that
:func:`pygames.core.state.pick` sums them: the roll drawn for ``u`` is the first whose sum exceeds ``u``."""
_ROLL_DICE = {a.notation: roll for a, roll in zip(_ROLL_ACTIONS, ROLLS)}  # "roll 6-5" -> (6, 5)
_OPENING_ACTIONS = tuple(a for a, _ in _OPENINGS)

def ring(player: int, p: int) -> int:
    """Shared ring index 0..23 of ``player``'s point ``p`` (1..24)."""
    return (p - 1 + 12 * player) % 24


def point_of(player: int, r: int) -> int:
    """``player``'s point number (1..24) of ring index ``r``."""
    return (r - 12 * player) % 24 + 1


@dataclass(eq=False)
class VerquereState(Movement, State):
    """A Verquere position and whose turn it is.

    Fields (all JSON-able): ``board`` 2×25 counts, ``bar`` and ``off`` per player, ``turn`` (None until
    the opening is decided), ``dice`` (dice still to play this turn, larger first), ``roll`` (the last
    roll as thrown), ``winner`` (None or a player), ``turn_steps``/``prev_steps`` (the current and
    previous turn's steps as ``[player, from_target, to_target, hit]`` for drawing), ``lost`` (dice the
    mover could not use last turn), ``rolls`` (rolls thrown so far) and ``limit`` (True once V35 ended the
    game).
    """

    def __post_init__(self) -> None:
        self.board = [[0] * 25, [0] * 25]
        self.board[WHITE][1] = PIECES  # V2
        self.board[BLACK][1] = PIECES
        self.bar = [0, 0]
        self.off = [0, 0]
        self.ludii = self.options.get("ruleset") == "ludii"
        self.turn = WHITE if self.ludii else None  # V3 / V30
        self.dice: list[int] = []
        self.roll: list[int] = []
        self.winner: int | None = None
        self.turn_steps: list = []
        self.prev_steps: list = []
        self.lost: list[int] = []
        self.rolls = 0
        self.limit = False

    # ----- protocol ----------------------------------------------------------------------------------
    explain_rules = {"turn": "V4", "end": "V21", "chance": "V4", "legal": "V5", "notation": "V20"}
    """"Why not?" (issue 17): see :mod:`pygames.verquere.explain`."""

    def _explain(self, targets, notation):
        from .explain import explain  # late: explain.py imports this module
        return explain(self, targets, notation)

    def _current_player(self) -> int:
        if self.winner is not None or self.limit:
            return TERMINAL
        if self.turn is None or not self.dice:
            return CHANCE
        return self.turn

    def is_terminal(self) -> bool:
        return self.winner is not None or self.limit  # _current_player's first test, without the call

    def chance_owner(self) -> int | None:
        """The player who rolls (None for the opening roll-off)."""
        return self.turn

    def _chance_outcomes(self):
        if self.turn is None:  # V3: a chance roll decides who opens
            return list(_OPENINGS)
        return list(_ROLL_OUTCOMES)

    def _chance_actions(self) -> list[Action]:
        return list(_OPENING_ACTIONS if self.turn is None else _ROLL_ACTIONS)

    def _legal_actions(self) -> list[Action]:
        pl = self.turn
        assert pl is not None  # a player is to move
        ob = self.board[1 - pl]
        steps = self.__dict__.pop("_next_steps", None)
        if steps is None:
            steps = self.legal_steps()
        at, opp = _STEP_AT[pl], _OPP
        return [at[frm][d][frm + d <= 24 and ob[opp[frm + d]] == 1] for frm, d in steps]

    def _draw_legal(self, draw) -> Action:
        """``legal_actions()[draw(n)]`` with ``n = len(legal_actions())`` (the hook of
        :meth:`State.pick_random`), building only the drawn step's action: the legal steps (V7–V19, V32)
        are those kept after the last roll or step, as :meth:`_legal_actions` reads them."""
        pl = self.turn
        assert pl is not None  # a player is to move
        steps = self.__dict__.get("_next_steps")
        if steps is None:
            steps = self.__dict__["_next_steps"] = self.legal_steps()
        frm, d = steps[draw(len(steps))]
        to = frm + d
        return _STEP_AT[pl][frm][d][to <= 24 and self.board[1 - pl][_OPP[to]] == 1]

    def pick_random(self, rng) -> Action:
        """As :meth:`State.pick_random`: the same draws from ``rng`` (``_randbelow(n)`` of a
        :class:`random.Random`, else ``randrange(n)``; ``random()`` at a chance node) give the same
        actions, without the generic steps (random playouts call this at every ply): a step is
        :meth:`_draw_legal`'s; a roll (V5) is found by bisecting the rolls' cumulative probabilities
        (:data:`_ROLL_CUMULATIVE`) rather than by summing them one by one."""
        if self.turn is None or self.winner is not None or self.limit:
            return State.pick_random(self, rng)  # the opening roll-off (V3), or the game is over
        if self.dice:
            a = self._draw_legal(rng._randbelow if type(rng) is Random else rng.randrange)  # type: ignore[attr-defined]
        else:
            k = bisect_right(_ROLL_CUMULATIVE, rng.random())
            a = _ROLL_ACTIONS[k if k < len(_ROLL_ACTIONS) else -1]
        self.__dict__["_picked"] = a
        return a

    def _apply(self, action: Action) -> None:
        self.__dict__.pop("_next_steps", None)
        if isinstance(action, Step):  # a die move (V7-V17); find_action hands over the cached Step
            pl = self.turn
            assert pl is not None
            d = action.die
            hit = self._step(pl, action.frm, d)
            self.dice.remove(d)
            self.turn_steps.append([pl, action.targets[0], action.targets[1], hit])
            if self.off[pl] == PIECES:  # V21
                self.winner = pl
                self.dice = []
                return
            self._after_die()  # V19: unusable dice are lost
            return
        n = action.notation
        if self.turn is None:
            self.turn = WHITE if n == "white opens" else BLACK
            return
        a, b = _ROLL_DICE[n]  # a roll
        self.roll = [a, b]
        self.rolls += 1
        self.dice = [a] * 4 if a == b else [a, b]  # V5, V6
        self.prev_steps, self.turn_steps, self.lost = self.turn_steps, [], []
        self._after_die()  # V14 / V19: no usable die: the roll is lost

    def _after_die(self) -> None:
        """End the turn if no die is left or none can be used; else keep the legal steps for later."""
        steps = self.legal_steps() if self.dice else []
        if steps:
            self.__dict__["_next_steps"] = steps
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        assert self.turn is not None
        self.lost = list(self.dice)
        self.dice = []
        self.turn = 1 - self.turn
        if self.rolls >= MAX_ROLLS:
            self._limit_end()

    def _limit_end(self) -> None:
        """V35: the game ends; fewer pips still to travel wins, equal pips is a draw."""
        self.limit = True
        white, black = self.pip_count(WHITE), self.pip_count(BLACK)
        if white != black:
            self.winner = WHITE if white < black else BLACK

    def returns(self) -> list[float]:
        if self.winner is None:  # unfinished, or V35's draw
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in (WHITE, BLACK)]

    def counters(self, player: int | None) -> list[str]:
        """The pips each player still has to travel (public, V1)."""
        return [f"Pips: {NAMES[WHITE]} {self.pip_count(WHITE)}, {NAMES[BLACK]} {self.pip_count(BLACK)}"]

    def result_text(self) -> str:
        """The bridge's account of a game ended by V35's roll limit ("" otherwise)."""
        if not self.limit:
            return ""
        w, b = self.pip_count(WHITE), self.pip_count(BLACK)
        return (f"The game reached its {MAX_ROLLS}th roll (V35): pips to go, White {w}, Black {b}; "
                + ("the fewer pips wins" if w != b else "equal pips, a draw"))

    def fast_playout(self, rng, decisions: int = 10**9) -> None:
        """Play up to ``decisions`` uniformly random legal steps in place, rolling dice with ``rng``.

        The engine's own rules (``legal_steps``, ``_step``) without the protocol's bookkeeping (no
        Action objects, no history, no drawing state): for search playouts and the benchmark. The state
        is left consistent (``to_json`` round-trips) but its ``history`` no longer replays to it."""
        self.__dict__.pop("_next_steps", None)
        self.invalidate()
        done = 0
        while self.winner is None and not self.limit and done < decisions:
            if self.turn is None:
                self.turn = rng.randrange(2)
                continue
            if not self.dice:
                if self.rolls >= MAX_ROLLS:  # V35
                    self._limit_end()
                    break
                a, b = rng.randrange(1, 7), rng.randrange(1, 7)
                self.rolls += 1
                self.roll = [max(a, b), min(a, b)]
                self.dice = [a] * 4 if a == b else list(self.roll)
            steps = self.legal_steps()
            if not steps:
                self.dice = []
                self.turn = 1 - self.turn
                continue
            frm, d = steps[rng.randrange(len(steps))]
            pl = self.turn
            self._step(pl, frm, d)
            self.dice.remove(d)
            done += 1
            if self.off[pl] == PIECES:
                self.winner = pl
                self.dice = []
            elif not self.dice:
                self.turn = 1 - pl
        if self.dice and not self.legal_steps():  # stopped mid-turn with no usable die: the turn ends
            assert self.turn is not None
            self.dice = []
            self.turn = 1 - self.turn
        if not self.dice and self.winner is None and not self.limit and self.rolls >= MAX_ROLLS:
            self._limit_end()  # V35, as _end_turn does
        self.turn_steps, self.prev_steps, self.lost = [], [], []

    # ----- views and serialisation -------------------------------------------------------------------
    def pip_count(self, pl: int) -> int:
        """Pips ``pl`` still has to travel to bear everything off (bar pieces count 25)."""
        return sum(n * (25 - p) for p, n in enumerate(self.board[pl]) if p) + 25 * self.bar[pl]

    def observation(self, player: int | None) -> dict:
        """Everything is public in Verquere; ``viewer`` records whose side the view is drawn from."""
        cp = self.current_player()
        return {
            "game": "verquere", "viewer": player,
            "ruleset": "ludii" if self.ludii else "text",
            "points": [[self.board[WHITE][point_of(WHITE, r)], self.board[BLACK][point_of(BLACK, r)]]
                       for r in range(24)],
            "bar": list(self.bar), "off": list(self.off),
            "turn": self.turn, "current_player": cp, "dice": list(self.dice), "roll": list(self.roll),
            "winner": self.winner, "lost": list(self.lost), "rolls": self.rolls, "max_rolls": MAX_ROLLS,
            "limit": self.limit,
            "last_steps": [list(s) for s in (self.turn_steps or self.prev_steps)],
            "pips": [self.pip_count(WHITE), self.pip_count(BLACK)],
            "player_names": list(NAMES),
        }

    def _state_json(self) -> dict:
        return {"board": [list(self.board[0]), list(self.board[1])], "bar": list(self.bar),
                "off": list(self.off), "turn": self.turn, "dice": list(self.dice), "roll": list(self.roll),
                "winner": self.winner, "turn_steps": [list(s) for s in self.turn_steps],
                "prev_steps": [list(s) for s in self.prev_steps], "lost": list(self.lost),
                "rolls": self.rolls, "limit": self.limit}

    def _load_json(self, d: dict) -> None:
        keys = {"board", "bar", "off", "turn", "dice", "roll", "winner", "turn_steps", "prev_steps", "lost",
                "rolls", "limit"}
        if set(d) != keys:
            raise InvalidState(f"verquere state needs exactly the keys {', '.join(sorted(keys))}")

        def ints(v, n, what, lo=0, hi=PIECES):
            if (not isinstance(v, list) or (n is not None and len(v) != n)
                    or not all(type(x) is int and lo <= x <= hi for x in v)):
                raise InvalidState(f"{what} must be a list of {n or 'some'} integers in {lo}..{hi}")
            return list(v)

        board = d["board"]
        if not isinstance(board, list) or len(board) != 2:
            raise InvalidState("board must hold two lists of 25 counts")
        board = [ints(board[0], 25, "board[0]"), ints(board[1], 25, "board[1]")]
        bar, off = ints(d["bar"], 2, "bar"), ints(d["off"], 2, "off")
        for pl in (WHITE, BLACK):
            if board[pl][0] != 0 or sum(board[pl]) + bar[pl] + off[pl] != PIECES:
                raise InvalidState(f"{NAMES[pl]} must have exactly {PIECES} pieces")
        for p in range(1, 25):
            if board[WHITE][p] and board[BLACK][opp_point(p)]:
                raise InvalidState(f"White's point {p} holds pieces of both players")
        turn, winner = d["turn"], d["winner"]
        if turn not in (None, 0, 1) or winner not in (None, 0, 1):
            raise InvalidState("turn and winner must be null, 0 or 1")
        dice = ints(d["dice"], None, "dice", 1, 6)
        roll = ints(d["roll"], None, "roll", 1, 6)
        if len(dice) > 4 or len(roll) not in (0, 2):
            raise InvalidState("dice must hold at most four values and roll two")
        rolls, limit = d["rolls"], d["limit"]
        if type(rolls) is not int or not 0 <= rolls <= MAX_ROLLS or not isinstance(limit, bool):
            raise InvalidState(f"rolls must be an integer 0..{MAX_ROLLS} and limit a boolean")
        if limit and (rolls != MAX_ROLLS or dice):
            raise InvalidState(f"the game ends by the limit (V35) only after roll {MAX_ROLLS}'s turn")
        if rolls == MAX_ROLLS and not dice and not limit and winner is None and turn is not None:
            raise InvalidState(f"after roll {MAX_ROLLS}'s turn the game must have ended (V35)")
        if winner is not None and off[winner] != PIECES and not limit:
            raise InvalidState("the winner must have borne off every piece")
        for key in ("turn_steps", "prev_steps"):
            steps = d[key]
            if not isinstance(steps, list) or not all(
                    isinstance(s, list) and len(s) == 4 and s[0] in (0, 1) and isinstance(s[1], str)
                    and isinstance(s[2], str) and isinstance(s[3], bool) for s in steps):
                raise InvalidState(f"{key} must be a list of [player, from, to, hit]")
        if dice:
            if turn is None or winner is not None:
                raise InvalidState("dice to play need a player to move and no winner yet")
            full = [roll[0]] * 4 if len(roll) == 2 and roll[0] == roll[1] else list(roll)
            for die in dice:
                if die not in full:
                    raise InvalidState(f"die {die} to play is not part of the roll {roll}")
                full.remove(die)
        self.board, self.bar, self.off = board, bar, off
        self.turn, self.winner, self.dice, self.roll = turn, winner, dice, roll
        if dice and not self.legal_steps():
            raise InvalidState("the player to move holds dice but has no legal step (the turn would have ended)")
        self.turn_steps = [list(s) for s in d["turn_steps"]]
        self.prev_steps = [list(s) for s in d["prev_steps"]]
        self.lost = ints(d["lost"], None, "lost", 1, 6)
        self.rolls, self.limit = rolls, limit

    def clone(self) -> "VerquereState":
        s = VerquereState.__new__(VerquereState)
        s.game, s.options, s.history = self.game, self.options, list(self.history)
        s.board = [list(self.board[0]), list(self.board[1])]
        s.bar, s.off = list(self.bar), list(self.off)
        s.ludii, s.turn, s.dice, s.roll = self.ludii, self.turn, list(self.dice), list(self.roll)
        s.winner, s.lost = self.winner, list(self.lost)
        s.rolls, s.limit = self.rolls, self.limit
        s.turn_steps, s.prev_steps = list(self.turn_steps), list(self.prev_steps)
        return s

    @classmethod
    def from_position(cls, game, position: dict, options: dict | None = None) -> "VerquereState":
        """A state built from a readable position, for tests and diagrams.

        ``position``: ``{"white": {point: count, "bar": n, "off": n}, "black": {...}, "turn": "white",
        "dice": [a, b]}`` in each player's own point numbers. Raises InvalidState if inconsistent.
        """
        s = game.new_initial_state(options)
        board = [[0] * 25, [0] * 25]
        bar, off = [0, 0], [0, 0]
        for pl, name in enumerate(("white", "black")):
            for k, v in position.get(name, {}).items():
                if k == "bar":
                    bar[pl] = v
                elif k == "off":
                    off[pl] = v
                else:
                    board[pl][int(k)] = v
        turn = {"white": 0, "black": 1}[position.get("turn", "white")]
        dice = list(position.get("dice", []))
        if len(dice) == 2 and dice[0] == dice[1]:
            dice = dice * 2
        s._load_json({"board": board, "bar": bar, "off": off, "turn": turn,
                      "dice": sorted(dice, reverse=True), "roll": sorted(position.get("dice", []), reverse=True)[:2],
                      "winner": None, "turn_steps": [], "prev_steps": [], "lost": [],
                      "rolls": int(position.get("rolls", 1 if dice else 0)), "limit": False})
        return s
