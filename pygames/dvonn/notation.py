"""DVONN notation as Little Golem and CodeCup 2011 write it (N19).

- a placement is the space: ``e3``;
- a move is the two spaces, from then to: ``a1b2``;
- a pass is ``pass``.

Our records use lower case (Little Golem); CodeCup's upper case (``E3``, ``A1B2``, ``PASS``) is read too.
A Little Golem *transcript* numbers the turns in pairs (``1. e3 d4 2. …``) and leaves out the forced 49th
placement; :func:`parse_transcript` puts it back and :func:`format_transcript` drops it again (as
PrimaDvonna's tools do, ``shared/research/dvonn_zertz.md`` §1.2).

>>> parse_action("A1B2")
('move', 0, 4)
>>> format_action(parse_action("A1B2")), format_action(("place", INDEX["e3"])), format_action(("pass",))
('a1b2', 'e3', 'pass')
"""
from __future__ import annotations

import re

from ..core.errors import IllegalAction
from .board import INDEX, NAMES, N_CELLS

_CELL = r"([a-k][1-5])"
_MOVE = re.compile(_CELL + _CELL)
_PLACE = re.compile(_CELL)

Parsed = tuple
"""``("place", cell)``, ``("move", from, to)`` or ``("pass",)``, cells as indices 0..48."""


def parse_cell(text: str) -> int:
    """The cell index of a space name (``e3``, ``E3``). Raises IllegalAction for anything else."""
    if not isinstance(text, str):
        raise IllegalAction(f"a space must be a string like e3, not {text!r}", rule="N19")
    i = INDEX.get(text.strip().lower())
    if i is None:
        raise IllegalAction(f"{text!r} is not a space of the DVONN board (a1-i1, a2-j2, a3-k3, b4-k4, c5-k5)",
                            rule="N19")
    return i


def parse_action(text: str) -> Parsed:
    """Parse one action (N19); case and surrounding spaces are ignored. Raises IllegalAction naming the
    text when it is not a placement, a move or ``pass`` on this board (legality is the state's business)."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action must be a notation string, not {text!r}", rule="N19")
    t = text.strip().lower()
    if t == "pass":
        return ("pass",)
    m = _MOVE.fullmatch(t)
    if m:
        return ("move", parse_cell(m.group(1)), parse_cell(m.group(2)))
    m = _PLACE.fullmatch(t)
    if m:
        return ("place", parse_cell(m.group(1)))
    raise IllegalAction(f"{text!r} is not DVONN notation (a space like e3, a move like a1b2, or pass)", rule="N19")


def format_action(parsed: Parsed) -> str:
    """The notation of a parsed action (the inverse of :func:`parse_action`, in lower case).
    Raises IllegalAction for a malformed tuple."""
    try:
        kind = parsed[0]
        if kind == "pass" and len(parsed) == 1:
            return "pass"
        if kind == "place" and len(parsed) == 2 and 0 <= parsed[1] < N_CELLS:
            return NAMES[parsed[1]]
        if kind == "move" and len(parsed) == 3 and 0 <= parsed[1] < N_CELLS and 0 <= parsed[2] < N_CELLS:
            return NAMES[parsed[1]] + NAMES[parsed[2]]
    except (TypeError, IndexError):
        pass
    raise IllegalAction(f"not a DVONN action: {parsed!r}", rule="N19")


_NUMBER = re.compile(r"^\d+\.+$")


def parse_transcript(text: str) -> list[str]:
    """The actions of a Little Golem / CodeCup transcript (``1. e3 d4 2. c3 …``), in our notation, with the
    forced 49th placement put back when it was left out (48 placements followed by a move). Move numbers
    are skipped; every other token must parse (:func:`parse_action`), else IllegalAction."""
    if not isinstance(text, str):
        raise IllegalAction("a transcript must be text", rule="N19")
    out = []
    for tok in text.replace(",", " ").split():
        if _NUMBER.match(tok):
            continue
        out.append(format_action(parse_action(tok)))
    places = 0
    while places < len(out) and parse_action(out[places])[0] == "place":
        places += 1
    if places == N_CELLS - 1 and len(out) > places:
        filled = {parse_cell(a) for a in out[:places]}
        last = [i for i in range(N_CELLS) if i not in filled]
        if len(last) == 1:
            out.insert(places, NAMES[last[0]])
    return out


def format_transcript(actions: list[str]) -> str:
    """A Little Golem transcript of a game's actions: turns numbered in pairs, the forced 49th placement
    left out. ``parse_transcript(format_transcript(a)) == a`` for every legal game ``a``."""
    acts = list(actions)
    if len(acts) > N_CELLS and all(parse_action(a)[0] == "place" for a in acts[:N_CELLS]):
        del acts[N_CELLS - 1]
    parts = []
    for k in range(0, len(acts), 2):
        parts.append(f"{k // 2 + 1}. " + " ".join(acts[k:k + 2]))
    return " ".join(parts)
