"""Zoon's "Why not?" (issue 17): why a click path or a notation starts no legal action, in one sentence
with the rule id of ``docs/rules/zoon.md`` it enforces.

Deployment: a cell outside one's home rows (ZN5), no change left (ZN45). A turn: an empty cell or an enemy
Zoon (ZN8), an obstacle (ZN26), a Zoon without a grid or with every arrival cell held by a friend, an
obstacle or the edge (ZN11), a cell that is no arrival cell of the grid or a walk whose first cell is not
empty (ZN9), a friendly Zoon or an obstacle as the arrival (ZN11); a trump used up, without the Zoon type
it needs or with no use (ZN23, ZN27), a target of the wrong kind (ZN26, ZN27, ZN28). Pending choices: the
Zoons a trump moves (ZN24), Poudre d'escampette (ZN25), a Zoon to turn face up (ZN22), the tribe effects
(ZN30, ZN33, ZN35-ZN37).

Hidden information: the reasons read only the battlefield as the player to move sees it (whose Zoon is
where, obstacles), their own cards (which they may look at, ZN7) and their own trumps, never what an
enemy face-down Zoon is: an enemy Zoon is only ever "an enemy Zoon".
"""
from __future__ import annotations

from ..core.state import Explanation
from .board import _MOVES, CELL, CELL_INDEX, HOME
from .tribes import trump

EXPLAIN_RULES = {"turn": "ZN8", "end": "ZN39", "chance": "ZN18", "legal": "ZN8"}
"""The generic refusals (:attr:`pygames.core.state.State.explain_rules`)."""

_SHOOTERS = {"cocoboum": "Elites", "axe": "Soldiers", "arrow": "Soldiers"}


def _why_zoon(s, p: int, path: tuple[str, ...], movers=None) -> Explanation | None:
    """An ordinary move of one of ``p``'s Zoons (``movers``: the roster indices that may move now)."""
    if any(t not in CELL_INDEX for t in path):
        return None
    c = CELL_INDEX[path[0]]
    owner = s.owner_at(c)
    if owner == -1:
        return Explanation(f"There is no Zoon on {path[0]}.", "ZN8")
    if owner == 2:
        return Explanation(f"{path[0]} is an obstacle: nothing moves there or from there.", "ZN26")
    if owner != p:
        return Explanation(f"The Zoon on {path[0]} is an enemy Zoon: you move only your own.", "ZN8")
    i = s.board[c] % 12
    if movers is not None and i not in movers:
        return None
    name = s.zoon(p, i).name
    groups = _MOVES[s.tribes[p], p][i][c][0]
    if not groups:
        return Explanation(f"{name} has no grid: it never moves by itself.", "ZN11")
    if len(path) == 1:
        return Explanation(f"{name} cannot move: every arrival cell of its grid is held by one of your Zoons "
                           f"or an obstacle, or the walk there is blocked.", "ZN11")
    if len(path) > 2:
        return None
    t = CELL_INDEX[path[1]]
    cells = {f for f, _ in groups} | {x for _, sec in groups for x in sec}
    if t not in cells:
        return Explanation(f"{path[1]} is not an arrival cell of {name}'s grid.", "ZN9")
    if s.owner_at(t) == p:
        return Explanation(f"{path[1]} holds one of your Zoons: a Zoon never ends on a friendly Zoon.", "ZN11")
    if s.owner_at(t) == 2:
        return Explanation(f"{path[1]} is an obstacle: a Zoon never ends on one.", "ZN11")
    via = [f for f, sec in groups if t in sec]
    return Explanation(f"{name} walks to {path[1]} through {CELL[via[0]] if via else 'a cell'}, which must be "
                       f"empty.", "ZN9")


def _why_trump(s, p: int, path: tuple[str, ...]) -> Explanation | None:
    code = path[0][6:]
    if code not in s.tzone[p]:
        return None
    tr = trump(s.tribes[p], code)
    if s.tzone[p][code] not in ("hand", "side"):
        return Explanation(f"{tr.name} has been used.", "ZN23")
    if len(path) == 1:
        if tr.requires and not s._of_type(p, tr.requires):
            return Explanation(f"{tr.name} needs your {' or '.join(tr.requires)} on the battlefield.",
                               "ZN27" if code == "cage" else "ZN23")
        if code in ("menhirs", "bertha"):
            return Explanation(f"{tr.name} shoots at an enemy Zoon in your camp, and there is none.", "ZN28")
        if code in _SHOOTERS:
            return Explanation(f"None of your {_SHOOTERS[code]} has an enemy Zoon to shoot at.", "ZN28")
        if code == "cage":
            return Explanation(f"{tr.name} goes on an enemy Zoon in your two home rows, and there is none.",
                               "ZN27")
        return Explanation(f"{tr.name} has no legal use now: none of the Zoons it moves can move.", "ZN23")
    if any(t not in CELL_INDEX for t in path[1:]):
        return None
    c = CELL_INDEX[path[1]]
    if code == "wall":
        return Explanation(f"{tr.name} goes on an empty cell, and {path[1]} is not empty.", "ZN26")
    if code == "cage":
        return Explanation(f"{tr.name} goes on an enemy Zoon standing in your two home rows.", "ZN27")
    if code in ("menhirs", "bertha"):
        return Explanation(f"{tr.name} shoots at an enemy Zoon in your camp (your three rows).", "ZN28")
    if code in _SHOOTERS:
        if len(path) == 2:
            return Explanation(f"{tr.name} is fired by one of your {_SHOOTERS[code]} that has an enemy Zoon "
                               f"in range, and {path[1]} holds none.", "ZN28")
        return Explanation(f"{path[2]} is not in range of the {_SHOOTERS[code][:-1]} on {path[1]}, or holds no "
                           f"enemy Zoon.", "ZN28")
    return Explanation(f"{tr.name} is played on its own: its moves follow.", "ZN24") if c >= 0 else None


def _why_decide(s, p: int, path: tuple[str, ...]) -> Explanation | None:
    d = s.decide
    kind = d[0]
    if kind == "reveal6":
        return Explanation("You lost a Zoon: turn one of your face-down Zoons face up.", "ZN22")
    if kind in ("tactic", "extra"):
        own = _why_zoon(s, p, path, movers=d[2])
        if own is not None:
            return own
        if kind == "tactic":
            return Explanation("The trump moves only its kind of Zoon, each a different one.", "ZN24")
        return Explanation("The effect under way names the Zoon that moves now.", "ZN30")
    if kind == "scarper":
        return Explanation("Poudre d'escampette moves a Zoon back onto a free cell of the three cells of the "
                           "row behind it.", "ZN25")
    rule = {"leaf": "ZN33", "push": "ZN36", "hop": "ZN37", "bongo": "ZN35"}.get(kind)
    if rule is None:
        return None
    text = {"leaf": "Bouclefeuille moves to an empty cell of the battlefield.",
            "push": "The enemy Zoon goes back onto a free cell among those its effect allows.",
            "hop": "Ouistiti moves to a free neighbouring cell.",
            "bongo": "Kombo Bongo swaps cells with King or Kong."}[kind]
    return Explanation(text, rule)


def _why(s, path: tuple[str, ...]) -> Explanation | None:
    p = s.current_player()
    ph = s.phase
    if ph == "arrange":
        if any(t in CELL_INDEX and CELL_INDEX[t] not in HOME[p] for t in path):
            return Explanation("You arrange your Zoons on your own two home rows.", "ZN5")
        if s.picked < 0 and s.edits[p] >= 24:
            return Explanation("All 24 changes are used: confirm the arrangement (ready).", "ZN45")
        if path[0].startswith("trump-"):
            return Explanation("Trumps are played in the battle: first arrange your Zoons and confirm (ready).",
                               "ZN5")
        return None
    if ph == "secret":
        return Explanation("First choose, in secret, how your card is turned for this combat (the buttons).",
                           "ZN42")
    if ph == "turn":
        if path[0].startswith("trump-"):
            return _why_trump(s, p, path)
        return _why_zoon(s, p, path)
    if ph == "decide" and s.decide is not None:
        return _why_decide(s, p, path)
    return None


def _notation_path(text: str) -> tuple[str, ...] | None:
    words = text.split()
    if len(words) == 1 and len(words[0]) == 5 and words[0][2] in "-x":
        return (words[0][:2], words[0][3:])
    if len(words) == 1:
        return ("trump-" + words[0],)
    if len(words) == 2 and ">" in words[1]:
        a, _, b = words[1].partition(">")
        return ("trump-" + words[0], a, b)
    if len(words) == 2 and words[0] in ("pick", "keep", "reveal", "leaf", "push", "hop", "bongo"):
        return (words[1],)
    if len(words) == 2:
        return ("trump-" + words[0], words[1])
    if len(words) == 3 and words[0] == "swap":
        return (words[2],)
    return None


def explain(s, targets: tuple[str, ...] | None, notation: str | None) -> Explanation | None:
    """The :meth:`~pygames.core.state.State._explain` hook of :class:`~pygames.zoon.rules.ZoonState`."""
    path = targets if notation is None else _notation_path(notation.strip())
    if not path:
        return None
    return _why(s, path)
