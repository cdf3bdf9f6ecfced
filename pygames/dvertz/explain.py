"""Dvertz's "Why not?" (issue 17): why a click path or a part's notation starts no legal action, in one
sentence with the rule id of ``docs/rules/dvertz.md`` it enforces.

The DVONN part is DVONN's move (X12), so its refusals are DVONN's (:mod:`pygames.dvonn.explain`: an empty
space or an opponent's stack, a lone DVONN piece, a surrounded stack, a wrong distance, an empty landing)
under X12; a taken space in the placement (X3); a part already played or with nothing to play (X5, X6).
The ZÈRTZ-like part: a placement while a jump is compulsory or a marble that cannot jump (X8), a hop off
the sequence (X9), a colour the reserve (X10) or one's own captures (X11) do not hold, an empty space or a
stack that already carries a marble (X7, X10), a space clicked before a colour (X19). Notation: X20.
Everything in Dvertz is public.
"""
from __future__ import annotations

from ..core.state import Explanation
from ..dvonn import explain as dvonn_explain
from ..dvonn.board import INDEX, NAMES
from ..zertz import logic
from ..zertz.explain import why_hop
from .notation import parse_part

EXPLAIN_RULES = {"turn": "X5", "end": "X17", "legal": "X19", "notation": "X20"}
"""The generic refusals (:attr:`pygames.core.state.State.explain_rules`)."""

DVONN_RULES = {"place": "X3", "own": "X12", "line": "X12", "land": "X12", "surrounded": "X12",
               "dvonn": "X12", "pass": "X6"}
"""DVONN's refusals under Dvertz's ids (:func:`pygames.dvonn.explain.why_cells`)."""

_NAME = {"W": "white", "G": "grey", "B": "black"}


def _why_stack(state, path: tuple[str, ...]) -> Explanation | None:
    if state.status == "zertz":
        why = "you played your stack move" if state.part == "dvonn" else "you have no stack move"
        return Explanation(f"This turn's DVONN part is over ({why}): now play the ZÈRTZ-like part, "
                           f"a jump or a marble.", "X6" if state.part != "dvonn" else "X5")
    if any(t not in INDEX for t in path):
        return None
    cells = [INDEX[t] for t in path]
    return dvonn_explain.why_cells(state.board, state.turn, "move", cells, state.moves, DVONN_RULES)


def _why_marble_part(state, path: tuple[str, ...]) -> Explanation | None:
    if state.status == "dvonn":
        why = "you played it" if state.part == "zertz" else "you have nothing to play there"
        return Explanation(f"This turn's ZÈRTZ-like part is over ({why}): now move a stack.",
                           "X5" if state.part == "zertz" else "X6")
    zz = state.zz
    first = path[0]
    if zz is not None and zz[0] == "jump":
        starts = sorted({s for s, _ in zz[1]})
        if first.startswith("take-"):
            return Explanation("A marble can jump, and jumping is compulsory: the ZÈRTZ-like part must be a "
                               "jump, not a placement.", "X8")
        cell = INDEX.get(first[2:]) if first.startswith("m-") else None
        if cell is None:
            return None
        return why_hop(first[2:].upper(), tuple(t.upper() for t in path[1:]), cell in starts, path[-1] in INDEX,
                       "the stack just beyond it, which must carry no marble", ("X8", "X9"))
    if first.startswith("m-"):
        return Explanation("No marble can jump now: the ZÈRTZ-like part places a marble from the reserve.",
                           "X10")
    if zz is None or not first.startswith("take-") or first[5:] not in _NAME:
        return None
    colour = first[5:]
    src, colours = logic.supply(state.reserve, state.captures[state.turn])
    if "WGB".index(colour) not in colours:
        if src == "pool":
            return Explanation(f"The reserve holds no {_NAME[colour]} marble.", "X10")
        return Explanation(f"The reserve is empty: you place one of your own captured marbles, and you hold "
                           f"no {_NAME[colour]} one.", "X11")
    if len(path) < 2 or path[1] not in INDEX:
        return None
    i = INDEX[path[1]]
    if not state.board[i]:
        return Explanation(f"{path[1].upper()} is empty: a marble always lies on top of a stack.", "X7")
    if state.marbles[i]:
        return Explanation(f"The stack on {path[1].upper()} already carries a marble: one marble per space.",
                           "X10")
    return None


def _why(state, path: tuple[str, ...]) -> Explanation | None:
    st = state.status
    if st in ("place", "pass"):
        if any(t not in INDEX for t in path):
            return Explanation("Marbles are played only in the second phase, once all 49 pieces are placed.",
                               "X3") if st == "place" else None
        return dvonn_explain.why_cells(state.board, state.turn, st, [INDEX[t] for t in path], [],
                                       DVONN_RULES)
    first = path[0]
    if first.startswith(("take-", "m-")):
        return _why_marble_part(state, path)
    if state.status == "zertz" and state.zz is not None and state.zz[0] == "place" and first in INDEX \
            and not state.board[INDEX[first]].endswith("WB"[state.turn]):  # not a stack of theirs to move
        return Explanation("First pick the colour of the marble (in the reserve), then the stack to put it "
                           "on.", "X19")
    return _why_stack(state, path)


def explain(state, targets: tuple[str, ...] | None, notation: str | None) -> Explanation | None:
    """The :meth:`~pygames.core.state.State._explain` hook of :class:`~pygames.dvertz.rules.DvertzState`."""
    if notation is None:
        return _why(state, targets or ())
    if "+" in notation:
        return Explanation("The page plays a turn part by part: play one part (a stack move, or a jump or a "
                           "marble) at a time.", "X19")
    parsed = parse_part(notation)  # IllegalAction (X20) for text that is no Dvertz part
    kind = parsed[0]
    if kind == "pass":
        return Explanation("You may pass only when neither part has anything to play.", "X6")
    if kind == "place":
        path: tuple[str, ...] = (NAMES[parsed[1]],)
    elif kind == "move":
        path = (NAMES[parsed[1]], NAMES[parsed[2]])
    elif kind == "marble":
        path = ("take-" + parsed[1], NAMES[parsed[2]])
    else:
        path = ("m-" + NAMES[parsed[1]], *(NAMES[land] for _, land in parsed[2]))
    if kind in ("move", "marble", "jump") and state.status == "place":
        return Explanation("Stacks and marbles are played once all 49 pieces are placed.", "X3")
    if kind == "place" and state.status != "place":
        return Explanation("All pieces are placed: each turn now has a DVONN part and a ZÈRTZ-like part.", "X5")
    legal = state.legal_actions()
    if any(a.targets[:len(path)] == path for a in legal):
        return Explanation(f"{notation} is not written as this part is: the jumped marbles' colours must be "
                           f"as on the board, and the marble must keep jumping while it can.", "X9")
    return _why(state, path)
