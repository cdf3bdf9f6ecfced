"""Duerror Grandis's "Why not?" (issue 17): why a click path or a notation starts no legal action, in one
sentence with the rule id of ``docs/rules/duerror_grandis.md`` it enforces.

Choosing: a colour (G43) or a board already taken (G6). The turn's parts: a square clicked while the piece is to be kept,
paid for or rolled (G8) or changed after the roll (G9). Flictus: a square outside the ephebe's 5×5 block
(G12) or the melliran's lines (G13), no other player's piece there, a piece the chain may not take
again (G37, G38). Moving: the piece moves exactly its distance along its own path (G23), a move past
square 82 is impossible (G24), leaving the board needs the exact count (G25), each piece of a gang moves
once (G31).

Hidden information (Caecus, G40, G41): the reasons read only the mover's own board and pieces and the
squares of the others' pieces, never what another player's piece is or which board they follow.
"""
from __future__ import annotations

from ..core.state import Explanation
from .boards import BOARD_NAMES, PATHS, SQUARE_NAMES
from .common import _NUMX, DISTANCE, OFF, OUT, REACH

EXPLAIN_RULES = {"turn": "G4", "end": "G25", "chance": "G20", "legal": "G27", "notation": "G27"}
"""The generic refusals (:attr:`pygames.core.state.State.explain_rules`)."""

_SQ = {f"sq-{n}": i for i, n in enumerate(SQUARE_NAMES)}


def _why_take(s, p: int, ti: int, target: str) -> Explanation | None:
    kind, sq = s.pieces[p][ti]
    v = _SQ.get(target)
    if v is None:
        return None
    if kind == "thete":
        return Explanation("The thete never takes.", "G11")
    if v not in REACH[kind][sq]:
        if kind == "ephebe":
            return Explanation(f"Your ephebe on {SQUARE_NAMES[sq]} takes only in the 5×5 block of squares "
                               f"centred on it, and {SQUARE_NAMES[v]} is outside it.", "G12")
        return Explanation(f"Your melliran on {SQUARE_NAMES[sq]} takes only in line with it (its row, column "
                           f"or a diagonal), and {SQUARE_NAMES[v]} is not.", "G13")
    others = [(q, i) for q in range(s.n) if q != p for i, pc in enumerate(s.pieces[q]) if pc[1] == v]
    if not others:
        return Explanation(f"No other player's piece stands on {SQUARE_NAMES[v]}.",
                           "G12" if kind == "ephebe" else "G13")
    if s.chain:
        _, barred = s._chain_sets()
        if all((q, i) in barred for q, i in others):
            return Explanation(f"After taking one of two pieces on one square, the other may not be taken in "
                               f"the same chain.", "G38")
        return Explanation("That take would bring back a position this chain of takes already reached.", "G37")
    return None


def _why_move(s, p: int, i: int, target: str) -> Explanation | None:
    kind, sq = s.pieces[p][i]
    board = s.boards[p]
    if board is None:
        return None
    if i in s.handled:
        return Explanation(f"Your {kind} has already moved or been paid for this turn.", "G31")
    d = DISTANCE[kind]
    to = _NUMX[board][sq + 1] + d
    if to > 82:
        return Explanation(f"Your {kind} moves exactly {d} square{'s' if d > 1 else ''}, which would pass "
                           f"beyond square 82: it cannot move.", "G24")
    dest = "off the board (square 82)" if to == 82 else SQUARE_NAMES[PATHS[board][to - 1]]
    if target == "exit":
        return Explanation(f"Leaving the board needs a move that ends exactly on square 82; your {kind} "
                           f"reaches {dest}.", "G25")
    where = "from off the board" if sq == OFF else f"from {SQUARE_NAMES[sq]}"
    return Explanation(f"Your {kind} moves exactly {d} square{'s' if d > 1 else ''} along your path "
                       f"({BOARD_NAMES[board]}) {where}: it lands on {dest}.", "G23")


def _gang_first(what: str) -> Explanation:
    return Explanation(f"In a gang each of your pieces {what} on its own: first click one of your pieces.", "G31")


def _own_piece(s, p: int, target: str) -> int | None:
    """The index of ``p``'s piece a Factiosus first click names (its square, or ``off-kind``)."""
    for i, (kind, sq) in enumerate(s.pieces[p]):
        if (sq == OFF and target == f"off-{kind}") or (0 <= sq < 81 and target == f"sq-{SQUARE_NAMES[sq]}"):
            return i
    return None


def _why(s, path: tuple[str, ...]) -> Explanation | None:
    p, part = s.turn, s.part
    first = path[0]
    if part == "colour":
        if first.startswith("colour-"):
            return Explanation(f"{first[7:].capitalize()} is taken: each player chooses a colour no one has "
                               f"taken yet.", "G43")
        return Explanation("First choose the colour of your pieces.", "G43")
    if part == "board":
        if first.startswith("board-") and first[6:].isdigit():
            return Explanation(f"Board {first[6:]} is taken: each player chooses a board no one has taken yet.",
                               "G6")
        return None
    if part == "piece":
        return Explanation("First choose the kind of piece you start with (the buttons).", "G6")
    if part == "formactus":
        return Explanation("First keep your piece, pay a token to change it, or roll the die (the buttons).",
                           "G8")
    if part == "change":
        return Explanation("First keep your piece or change it for free after the odd roll (the buttons).",
                           "G9")
    pieces = s.pieces[p]
    if part == "flictus":
        if s.factiosus:
            i = _own_piece(s, p, first)
            if i is None:
                return _gang_first("takes")
            if len(path) == 1:
                kind = pieces[i][0]
                return Explanation("The thete never takes." if kind == "thete" else
                                   f"Your {kind} has no piece to take in its reach.",
                                   "G11" if kind == "thete" else "G12" if kind == "ephebe" else "G13")
            return _why_take(s, p, i, path[1])
        movers = [i for i, (_, sq) in enumerate(pieces) if 0 <= sq < 81]
        return _why_take(s, p, movers[0], first) if movers and len(path) == 1 else None
    if part == "move":
        if s.factiosus:
            i = _own_piece(s, p, first)
            if i is None:
                return _gang_first("moves")
            return _why_move(s, p, i, path[1] if len(path) > 1 else "")
        live = [i for i, (_, sq) in enumerate(pieces) if sq != OUT]
        return _why_move(s, p, live[0], first) if live and len(path) == 1 else None
    return None


def explain(s, targets: tuple[str, ...] | None, notation: str | None) -> Explanation | None:
    """The :meth:`~pygames.core.state.State._explain` hook of
    :class:`~pygames.duerror_grandis.rules.DuerrorState`."""
    if notation is None:
        return _why(s, targets or ())
    words = notation.split()
    if not words:
        return None
    if words[0] == "board" and len(words) == 2:
        return _why(s, ("board-" + words[1],))
    if words[0] == "colour" and len(words) == 2:
        return _why(s, ("colour-" + words[1].lower(),))
    if words[0] == "take" and len(words) >= 2 and not s.factiosus:
        return _why(s, ("sq-" + words[1].upper(),)) if s.part == "flictus" else Explanation(
            "Takes come in flictus, at the start of a move, only when your piece can take.", "G10")
    if "-" in words[0] and len(words) == 1 and not s.factiosus:
        dest = words[0].split("-")[1].upper()
        return _why(s, ("exit" if dest == "OUT" else "sq-" + dest,)) if s.part == "move" else None
    return None
