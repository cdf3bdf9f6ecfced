"""Duerror Grandis: saving, strict loading and copying of a state; positions for tests (all rules).

A loaded state is checked field by field (InvalidState names the first problem) before it is used.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import InvalidState
from .boards import SQUARE_NAMES
from .common import COLOURS, ENDINGS, KINDS, MAX_ROUNDS, OFF, OUT, PARTS
from .base import StateBase

if TYPE_CHECKING:  # pragma: no cover
    from .rules import DuerrorState


class PersistMixin(StateBase):
    """Part of :class:`~pygames.duerror_grandis.rules.DuerrorState` (see its fields)."""

    _KEYS = ("first", "turn", "part", "setup", "colours", "boards", "pieces", "tokens", "bank", "could", "took", "chain",
             "barred",
             "handled", "veering", "roll", "trail", "prev_trail", "round", "game_no", "wins", "winner",
             "ranked", "ending", "evidence", "seg", "secret")

    def _state_json(self) -> dict:
        return {"first": self.first, "turn": self.turn, "part": self.part, "setup": self.setup,
                "colours": list(self.colours), "boards": list(self.boards), "pieces": [[list(pc) for pc in row] for row in self.pieces],
                "tokens": list(self.tokens), "bank": self.bank, "could": list(self.could), "took": self.took,
                "chain": [list(c) for c in self.chain], "barred": [list(b) for b in self.barred],
                "handled": list(self.handled), "veering": self.veering,
                "roll": list(self.roll), "trail": [list(e) for e in self.trail],
                "prev_trail": [list(e) for e in self.prev_trail], "round": self.round,
                "game_no": self.game_no, "wins": list(self.wins), "winner": self.winner,
                "ranked": list(self.ranked), "ending": self.ending, "evidence": [[list(e) for e in ev] for ev in self.evidence],
                "seg": list(self.seg), "secret": [list(e) for e in self.secret]}

    def _load_json(self, d: dict) -> None:
        _load(self, d)

    def clone(self) -> StateBase:
        s = type(self).__new__(type(self))
        s.game, s.options, s.history = self.game, self.options, list(self.history)
        s.n, s.caecus, s.factiosus, s.merus = self.n, self.caecus, self.factiosus, self.merus
        s.games, s.kinds = self.games, self.kinds
        s.first, s.turn, s.part, s.setup = self.first, self.turn, self.part, self.setup
        s.boards, s.colours = list(self.boards), list(self.colours)
        s.pieces = [[[k, q] for k, q in row] for row in self.pieces]
        s.tokens, s.bank = list(self.tokens), self.bank
        s.could, s.took = list(self.could), self.took
        s.chain, s.barred = [list(c) for c in self.chain], [list(b) for b in self.barred]
        s.handled, s.veering, s.roll = list(self.handled), self.veering, list(self.roll)
        s.trail, s.prev_trail = list(self.trail), list(self.prev_trail)
        s.round, s.game_no, s.wins, s.winner = self.round, self.game_no, list(self.wins), self.winner
        s.ranked, s.ending = list(self.ranked), self.ending
        s.evidence = [list(ev) for ev in self.evidence]  # entries are never changed in place
        s.seg, s.secret = list(self.seg), list(self.secret)
        return s


def _good_evidence(e, n: int, top: int) -> bool:
    """Whether ``e`` is a well-formed piece of Caecus evidence (see :mod:`.hidden`) for ``n`` players and
    units 0..``top``."""
    def i(v, lo, hi) -> bool:
        return type(v) is int and lo <= v <= hi

    if not isinstance(e, list) or not e:
        return False
    tag = e[0]
    if tag == "m":
        return len(e) == 4 and i(e[1], 0, top) and i(e[2], OFF, 80) and i(e[3], 0, OUT)
    if tag == "h":
        return len(e) == 2 and i(e[1], 0, 80)
    if tag == "t":
        return len(e) == 4 and i(e[1], 0, top) and i(e[2], 0, 80) and i(e[3], 0, 80)
    if tag == "p":
        return (len(e) == 3 and i(e[1], -1, n - 1) and isinstance(e[2], list)
                and all(i(x, 0, n - 1) for x in e[2]))
    if tag == "v":
        return (len(e) == 3 and i(e[1], 0, 1) and isinstance(e[2], list) and len(e[2]) > 0
                and all(isinstance(x, list) and len(x) == 2 and i(x[0], 0, top) and i(x[1], OFF, 80)
                        for x in e[2]))
    if tag == "c":
        return (len(e) == 3 and i(e[1], 0, 1) and isinstance(e[2], list) and len(e[2]) > 0
                and all(isinstance(x, list) and len(x) == 3 and i(x[0], 0, top) and i(x[1], 0, 80)
                        and isinstance(x[2], list) and len(x[2]) > 0
                        and all(isinstance(y, list) and len(y) == 2 and i(y[0], 0, n - 1) and i(y[1], 0, 80)
                                for y in x[2]) for x in e[2]))
    return False


def _load(s: StateBase, d: dict) -> None:
    """Strictly load a state dict into ``s`` (see :meth:`DuerrorState._state_json`); raises InvalidState
    naming the first problem. ``s`` is only changed once everything checked out."""
    for k in ("_tk", "_tl", "_mv", "_cs", "_hyp"):
        s.__dict__.pop(k, None)
    def bad(msg: str):
        raise InvalidState(f"duerror_grandis state: {msg}")

    def is_int(v, lo, hi) -> bool:
        return type(v) is int and lo <= v <= hi

    def ints(v, what, lo, hi, length=None) -> list:
        if not isinstance(v, list) or (length is not None and len(v) != length) \
                or not all(is_int(x, lo, hi) for x in v):
            bad(f"{what} must be a list of {length if length is not None else 'some'} integers in {lo}..{hi}")
        return list(v)

    if not isinstance(d, dict) or set(d) != set(PersistMixin._KEYS):
        bad(f"needs exactly the keys {', '.join(PersistMixin._KEYS)}")
    n = s.n
    part = d["part"]
    if part not in PARTS:
        bad(f"unknown part {part!r}")
    first, turn, setup = d["first"], d["turn"], d["setup"]
    if not (first is None or is_int(first, 0, n - 1)) or not is_int(turn, 0, n - 1) or not is_int(setup, 0, n):
        bad("first, turn and setup must be player indices (setup 0..players)")
    def choices(key: str, hi: int, what: str, twice: str) -> list:
        """One index 0..hi (or null) per player, no two players with the same one."""
        v = d[key]
        if not isinstance(v, list) or len(v) != n or not all(x is None or is_int(x, 0, hi) for x in v):
            bad(f"{key} must hold one {what} index 0..{hi} (or null) per player")
        made = [x for x in v if x is not None]
        if len(set(made)) != len(made):
            bad(twice)
        return v

    boards = choices("boards", 8, "board", "two players cannot follow the same board (G6, G40)")
    chosen = [b for b in boards if b is not None]
    colours = choices("colours", 3, "colour", "two players cannot play the same colour (G43)")
    pieces = d["pieces"]
    if not isinstance(pieces, list) or len(pieces) != n:
        bad("pieces must hold one list per player")
    clean: list = []
    for q, row in enumerate(pieces):
        if not isinstance(row, list) or not all(
                isinstance(pc, list) and len(pc) == 2 and pc[0] in s.kinds and is_int(pc[1], OFF, OUT)
                for pc in row):
            bad(f"pieces of player {q} must be [kind, square] pairs with a kind of {', '.join(s.kinds)}")
        if row and boards[q] is None:
            bad(f"player {q} has pieces but no board")
        if s.factiosus:
            if row and [pc[0] for pc in row] != list(s.kinds):
                bad(f"in Factiosus player {q} has one piece of each kind: {', '.join(s.kinds)}")
        elif len(row) > 1:
            bad(f"player {q} may have only one piece in play")
        if row and all(pc[1] == OUT for pc in row) and part != "over":
            bad(f"player {q} has every piece out, so the game would be over")
        clean.append([[pc[0], pc[1]] for pc in row])
    tokens = ints(d["tokens"], "tokens", 0, 10**6, n)
    if not is_int(d["bank"], 0, 10**6):
        bad("bank must be a non-negative integer")
    # setup consistency: the first `setup` choosers (from `first`) have chosen, the others not
    if part == "opening":
        if first is not None or setup != 0 or chosen or any(clean):
            bad("before the opening roll no one has a first turn, a board or a piece")
    else:
        if first is None:
            bad("after the opening roll `first` is a player")
        done = {(first + k) % n for k in range(setup)}
        if part in ("colour", "board", "piece"):
            if turn != (first + setup) % n or setup == n:
                bad("the player choosing must be the next in turn order")
        elif setup != n:
            bad("play begins only once every player has chosen")
        for q in range(n):
            has_board = boards[q] is not None
            want_board = q in done or (part == "piece" and q == turn)
            if has_board != want_board or bool(clean[q]) != (q in done):
                bad(f"player {q}'s board and pieces do not match the choosing so far")
            want_colour = d["game_no"] != 0 or q in done or (q == turn and part in ("board", "piece"))
            if (colours[q] is not None) != want_colour:
                bad(f"player {q}'s colour does not match the choosing so far (G43: chosen with the board, "
                    "once a match)")
    if part == "opening" and any((c is not None) != (d["game_no"] != 0) for c in colours):
        bad("colours are chosen after the first opening roll of a match and kept (G43)")
    if part in ("formactus", "d6", "change") and s.factiosus:
        bad("Factiosus has no formactus (G30)")
    could = ints(d["could"], "could", 0, n - 1)
    if not isinstance(d["took"], bool):
        bad("took must be true or false")
    chain, barred = d["chain"], d["barred"]
    width = sum(len(row) for row in clean)
    if not isinstance(chain, list) or not all(
            isinstance(c, list) and len(c) == width and all(is_int(x, OFF, OUT) for x in c) for c in chain):
        bad(f"chain must be a list of positions, each the {width} squares of every piece")
    if not isinstance(barred, list) or not all(
            isinstance(b, list) and len(b) == 2 and is_int(b[0], 0, n - 1) and is_int(b[1], 0, 2)
            and b[1] < len(clean[b[0]]) for b in barred):
        bad("barred must be a list of [player, piece]")
    handled = ints(d["handled"], "handled", 0, len(s.kinds) - 1)
    veering = d["veering"]
    if len(set(handled)) != len(handled):
        bad("handled lists a piece twice")
    mine = clean[turn]
    if any(h >= len(mine) for h in handled):
        bad("handled names a piece the player does not have")
    if part == "veer":
        if not is_int(veering, 0, len(mine) - 1) or mine[veering][1] == OUT:
            bad("a veer needs the piece being veered")
    elif veering is not None:
        bad("veering must be null outside a veer")
    roll = d["roll"]
    if not (roll == [] or (isinstance(roll, list) and len(roll) == 3 and roll[0] == "d6" and is_int(roll[1], 1, 6)
                           and is_int(roll[2], 0, n - 1))
            or (isinstance(roll, list) and len(roll) == 4 and roll[0] == "d10" and is_int(roll[1], 1, 10)
                and is_int(roll[2], 1, 10) and is_int(roll[3], 0, n - 1))):
        bad("roll must be [], [\"d6\", k, player] or [\"d10\", a, b, player]")
    def sq(v) -> bool:
        return is_int(v, OFF, OUT)

    for key in ("trail", "prev_trail"):
        events: list = d[key] if isinstance(d[key], list) else [None]
        for e in events:
            ok = isinstance(e, list) and len(e) >= 2 and is_int(e[1], 0, n - 1)
            if ok and isinstance(e, list):
                kind = e[0]
                ok = ((kind == "change" and len(e) == 3 and e[2] in s.kinds)
                      or (kind == "spare" and len(e) == 3 and (e[2] is None or is_int(e[2], 0, n - 1)))
                      or (kind == "take" and len(e) == 5 and sq(e[2]) and sq(e[3]) and is_int(e[4], 0, n - 1))
                      or (kind in ("veer", "move") and len(e) == 4 and sq(e[2]) and sq(e[3]))
                      or (kind == "stay" and len(e) == 3 and sq(e[2]))
                      or (kind == "roll" and len(e) == 3 and is_int(e[2], 1, 6)))
            if not ok:
                bad(f"{key} entries must be events such as [\"move\", player, from, to]")
    over = part == "over"
    if not is_int(d["round"], 0, MAX_ROUNDS if over else MAX_ROUNDS - 1):  # G26 ends a game at MAX_ROUNDS
        bad(f"round must be 0..{MAX_ROUNDS - 1} ({MAX_ROUNDS} once a game ended by G26 is over)")
    if not is_int(d["game_no"], 0, s.games) or (d["game_no"] == s.games) != over:
        bad(f"game_no must count the finished games of the match (0..{s.games}, {s.games} once over)")
    wins = ints(d["wins"], "wins", 0, s.games, n)
    if sum(wins) < d["game_no"]:
        bad("every finished game has at least one winner")
    winner = d["winner"]
    if not (winner is None or is_int(winner, 0, n - 1)):
        bad("winner must be null or a player")
    ranked = ints(d["ranked"], "ranked", 0, n - 1)
    ending = d["ending"]
    if ending not in ENDINGS or (ending is None) != (d["game_no"] == 0):
        bad("ending must be null before the first game ends, else exit, stuck or rounds")
    seg = ints(d["seg"], "seg", 0, 10**6, n)
    if not s.caecus and any(seg):
        bad("seg counts changes of piece in Caecus only")
    evidence = d["evidence"]
    if not isinstance(evidence, list) or len(evidence) != n:
        bad("evidence must hold one list per player")
    for q, ev in enumerate(evidence):
        top = len(s.kinds) - 1 if s.factiosus else seg[q]
        if not isinstance(ev, list) or (ev and not s.caecus) or not all(_good_evidence(e, n, top) for e in ev):
            bad(f"evidence of player {q} must be a list of Caecus facts such as [\"m\", unit, from, to]")
    secret = d["secret"]
    hist = s.history
    if not isinstance(secret, list) or (secret and not s.caecus) or not all(
            isinstance(e, list) and len(e) == 3 and is_int(e[0], 0, len(hist) - 1) and is_int(e[1], 0, n - 1)
            and is_int(e[2], -1, 10**6)
            and (hist[e[0]].startswith("board ") if e[2] == -1 else any(w in KINDS for w in hist[e[0]].split()))
            for e in secret):
        bad("secret must list [history index, player, unit] of hidden actions (Caecus only)")
    s.first, s.turn, s.part, s.setup = first, turn, part, setup
    s.boards, s.pieces, s.tokens, s.bank = list(boards), clean, tokens, d["bank"]
    s.colours = list(colours)
    s.could, s.took, s.handled, s.veering = could, d["took"], handled, veering
    s.chain, s.barred = [list(c) for c in chain], [list(b) for b in barred]
    s.roll = list(roll)
    s.trail = [list(e) for e in d["trail"]]
    s.prev_trail = [list(e) for e in d["prev_trail"]]
    s.round, s.game_no, s.wins, s.winner, s.ranked = d["round"], d["game_no"], wins, winner, ranked
    s.ending = ending
    s.evidence = [[list(e) for e in ev] for ev in evidence]
    s.seg, s.secret = seg, [list(e) for e in secret]
    if part == "flictus" and (not could or turn in could or not s.takes()):
        bad("flictus needs a take to be possible and the players it could reach")
    if part == "move":
        pending = s._pending()
        if not pending or (not s._movable(pending) and (s.tokens[turn] == 0 or s.handled)):
            bad("the player to move has nothing left to decide, so the turn would have ended")
    if not s.factiosus and part not in ("opening", "colour", "board", "piece", "over") and handled:
        bad("handled is only used in Factiosus")


def from_position(game, position: dict, options: dict | None = None) -> DuerrorState:
    """A state at the start of a player's turn, built from a readable position (tests, diagrams).

    ``position``: ``{"boards": [1, 2, ...]`` (board numbers 1..9 per player), ``"pieces": [[["ephebe",
    "E5"]], [["thete", "off"]], ...]`` (per player, squares by name, ``off`` or ``out``), and optionally
    ``"tokens": [...]``, ``"bank": k``, ``"turn": p``, ``"round": r``, ``"colours": ["Red", ...]``
    (default: Red, Blue, Green, Gold in seat order, G43). The turn begins as a real one
    does (formactus, or in Factiosus flictus or flexus). Raises InvalidState if inconsistent.
    """
    s = game.new_initial_state(options)
    try:
        boards = [b - 1 for b in position["boards"]]
        colours = [COLOURS.index(c) for c in position.get("colours", COLOURS[:s.n])]
        pieces = [sorted([[k, OFF if q == "off" else OUT if q == "out" else SQUARE_NAMES.index(q)]
                          for k, q in row], key=lambda pc: KINDS.index(pc[0])) for row in position["pieces"]]
    except (KeyError, TypeError, ValueError) as e:
        raise InvalidState(f"bad position: {e}") from None
    d = s._state_json()
    turn = position.get("turn", 0)
    d.update(first=0, turn=turn, part="flictus" if s.factiosus else "formactus", setup=s.n,
             boards=boards, colours=colours, pieces=pieces, tokens=position.get("tokens", s.tokens),
             bank=position.get("bank", s.bank), round=position.get("round", 0))
    if s.factiosus:  # loaded as flictus only to pass the checks; the turn then begins for real
        d["part"] = "over"
        d["game_no"] = s.games
        d["wins"] = [s.games] * s.n
        d["ending"] = "exit"
    _load(s, d)
    if s.factiosus:
        s.game_no, s.wins, s.ending = 0, [0] * s.n, None
        s._begin_turn()
        if s.part == "done":
            s._end_turn()
    return s
