"""DVONN's "Why not?" (issue 17): why a clicked space starts no legal action, in one sentence with the
rule id of ``docs/rules/dvonn.md`` it enforces.

Placement: a taken space (N3). Moving: an empty space or an opponent's stack (N8), a lone DVONN piece
(N12), a surrounded stack (N11), a stack whose reachable spaces are all empty or off the board (N9, N10);
a landing space that is not exactly the stack's height away in a straight line (N9) or that is empty
(N10); a pass (N15). Everything in DVONN is public, so the reasons use the board alone.

The board-level functions take a rule map (:data:`RULES`) so Dvertz, whose DVONN part is DVONN's move
(X12), words the same reasons with its own rule ids.
"""
from __future__ import annotations

from ..core.state import Explanation
from .board import COLOURS, DVONN, INDEX, LANDING, NAMES, is_surrounded, stack_moves
from .notation import parse_action

RULES = {"place": "N3", "own": "N8", "line": "N9", "land": "N10", "surrounded": "N11", "dvonn": "N12",
         "pass": "N15"}
"""The rule behind each kind of refusal (Dvertz passes its own)."""

EXPLAIN_RULES = {"turn": "N7", "end": "N16", "chance": "N6", "legal": "N7", "notation": "N19"}
"""The generic refusals (:attr:`pygames.core.state.State.explain_rules`)."""

_COLOUR_NAME = {"W": "white", "B": "black", "D": "red DVONN"}


def _stack_words(s: str) -> str:
    if len(s) == 1:
        return f"a single {_COLOUR_NAME[s]} piece"
    return f"a stack of {len(s)} topped by a {_COLOUR_NAME[s[-1]]} piece"


def why_stack(board: list[str], player: int, i: int, rules: dict = RULES) -> Explanation:
    """Why ``player`` cannot move the stack on cell ``i`` (its cause: empty, not theirs, a lone DVONN
    piece, surrounded, nowhere to land). Assumes the stack has no legal move."""
    name, s = NAMES[i].upper(), board[i]
    if not s:
        return Explanation(f"{name} is empty: there is no stack there to move.", rules["own"])
    if s == DVONN:
        return Explanation(f"The red DVONN piece on {name} stands alone: a lone DVONN piece never moves.",
                           rules["dvonn"])
    if s[-1] != COLOURS[player]:
        return Explanation(f"{name} holds {_stack_words(s)}: a player moves only stacks topped by their "
                           f"own colour.", rules["own"])
    if is_surrounded(board, i):
        return Explanation(f"The stack on {name} is surrounded on all six sides: it cannot move.",
                           rules["surrounded"])
    if not LANDING[i][len(s)]:
        return Explanation(f"The stack on {name} is {len(s)} high: every space {len(s)} away in a straight "
                           f"line is off the board.", rules["line"])
    return Explanation(f"The stack on {name} is {len(s)} high and every space {len(s)} away in a straight "
                       f"line is empty: a move must end on another stack.", rules["land"])


def why_landing(board: list[str], i: int, j: int, rules: dict = RULES) -> Explanation:
    """Why the stack on cell ``i`` (which can move) cannot land on cell ``j``."""
    h, to = len(board[i]), NAMES[j].upper()
    if j not in LANDING[i][h]:
        what = f"The single piece on {NAMES[i].upper()} moves exactly one space" if h == 1 else \
            f"The stack on {NAMES[i].upper()} is {h} high: it moves exactly {h} spaces"
        return Explanation(f"{what} in a straight line, and {to} is not such a space.", rules["line"])
    return Explanation(f"{to} is empty: a move must end on a stack, never on an empty space.", rules["land"])


def why_cells(board: list[str], player: int, status: str, cells: list[int], moves,
              rules: dict = RULES) -> Explanation | None:
    """The reason for a click path of cells in DVONN's ``status`` (``place``, ``move``, ``pass``), or
    None. ``moves`` are the player's legal ``(from, to)`` moves."""
    if status == "pass":
        return Explanation("You have no possible move, so you must pass.", rules["pass"])
    if status == "place":
        return Explanation(f"{NAMES[cells[0]].upper()} is taken: each piece goes on a vacant space.",
                           rules["place"]) if len(cells) == 1 and board[cells[0]] else None
    if status != "move":
        return None
    frm = cells[0]
    if not any(a == frm for a, _ in moves):
        return why_stack(board, player, frm, rules)
    if len(cells) == 2 and (frm, cells[1]) not in moves and stack_moves(board, frm):
        return why_landing(board, frm, cells[1], rules)
    return None


def explain(state, targets: tuple[str, ...] | None, notation: str | None) -> Explanation | None:
    """The :meth:`~pygames.core.state.State._explain` hook of :class:`~pygames.dvonn.rules.DvonnState`."""
    if notation is not None:
        parsed = parse_action(notation)  # IllegalAction (N19) for text that is no DVONN notation
        cells = list(parsed[1:]) if parsed[0] != "pass" else []
        if parsed[0] == "pass" and state.status == "move":
            return Explanation("You can move, so you may not pass.", RULES["pass"])
        if parsed[0] == "move" and state.status == "place":
            return Explanation("Stacks move only once all 49 pieces are placed.", RULES["place"])
        if parsed[0] == "place" and state.status != "place":
            return Explanation("All pieces are placed: now each turn moves a stack.", "N7")
    else:
        path = targets or ()
        if any(t not in INDEX for t in path):
            return None
        cells = [INDEX[t] for t in path]
    if not cells:
        return None
    return why_cells(state.board, state.turn, state.status, cells, state.moves)
