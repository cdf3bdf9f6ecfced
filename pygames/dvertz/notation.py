"""Dvertz notation (X20): each part of a turn in its own game's notation, a turn's parts joined by ``+``.

- DVONN parts, as DVONN writes them (:mod:`pygames.dvonn.notation`): a placement ``e3`` (phase 1), a
  stack move ``a1b2``, and ``pass`` for a turn with nothing to play;
- ZÈRTZ-like parts, as ZÈRTZ writes them on DVONN's space names: a marble placement is the colour
  letter and the space, ``Wc3`` (``W`` white, ``G`` grey, ``B`` black); a jump is ``x``, the start
  space, then per hop the colour of the jumped marble and the landing space: ``x c3Ge3`` or
  ``x c3Ge3Bg3`` (the jumped marble lies between the two spaces);
- a turn is its parts in the order played: ``a1b2 + Wc3``, ``x c3Ge3 + d2d4``, ``pass``.

>>> parse_part("x c3Ge3Bg3")
('jump', 9, (('G', 19), ('B', 29)))
>>> format_turn([format_part(parse_part(p)) for p in parse_turn("A1B2 +  wc3")])
'a1b2 + Wc3'
"""
from __future__ import annotations

import re

from ..core.errors import IllegalAction
from ..dvonn.board import GRID, N_CELLS, NAMES
from ..dvonn.notation import format_action, parse_action, parse_cell

_MARBLE = re.compile(r"([WGB])([a-k][1-5])")
_JUMP = re.compile(r"x\s*([a-k][1-5])((?:[WGB][a-k][1-5])+)")
_HOP = re.compile(r"([WGB])([a-k][1-5])")

Parsed = tuple
"""``("place", cell)``, ``("move", from, to)``, ``("pass",)``, ``("marble", letter, cell)`` or
``("jump", start, ((jumped letter, landing cell), …))``; cells are indices 0..48 of DVONN's board."""


def jumped_cell(frm: int, land: int) -> int:
    """The cell between ``frm`` and ``land`` when ``land`` is two steps from ``frm`` in a straight line
    (a hop, X9). Raises IllegalAction otherwise."""
    nb = GRID.neighbours
    for d in range(6):
        j = nb[frm][d]
        if j >= 0 and nb[j][d] == land:
            return j
    raise IllegalAction(f"{NAMES[land]} is not two spaces from {NAMES[frm]} in a straight line", rule="X8")


def parse_part(text: str) -> Parsed:
    """Parse one part of a turn (X20). DVONN parts ignore case as DVONN does; in a ZÈRTZ-like part the
    colour letters are upper case and the spaces lower case, but a part written all in one case is read
    too. Raises IllegalAction naming the text when it is no part at all (legality is the state's
    business), and for a jump whose hops are not two spaces long."""
    if not isinstance(text, str):
        raise IllegalAction(f"a Dvertz part must be a notation string, not {text!r}", rule="X20")
    t = text.strip()
    canon = t[:1].upper() + t[1:].lower() if t[:1].upper() in "WGB" else t
    m = _MARBLE.fullmatch(canon)
    if m:
        return ("marble", m.group(1), parse_cell(m.group(2)))
    low = t.lower()
    if low.startswith("x"):
        fixed = re.sub(r"([wgb])([a-k][1-5])", lambda g: g.group(1).upper() + g.group(2), low[1:])
        m = _JUMP.fullmatch("x" + fixed)
        if not m:
            raise IllegalAction(f"{text!r} is not a jump (write x c3Ge3: start, jumped colour, landing)", rule="X20")
        start = parse_cell(m.group(1))
        hops, at = [], start
        for colour, cell in _HOP.findall(m.group(2)):
            land = parse_cell(cell)
            jumped_cell(at, land)
            hops.append((colour, land))
            at = land
        return ("jump", start, tuple(hops))
    try:
        return parse_action(t)
    except IllegalAction:
        raise IllegalAction(f"{text!r} is not Dvertz notation (a placement e3, a stack move a1b2, a marble "
                            f"Wc3, a jump x c3Ge3, or pass)", rule="X20") from None


def format_part(parsed: Parsed) -> str:
    """The notation of a parsed part (the inverse of :func:`parse_part`). Raises IllegalAction for a
    malformed tuple."""
    try:
        kind = parsed[0]
        if kind == "marble" and len(parsed) == 3 and parsed[1] in ("W", "G", "B") and 0 <= parsed[2] < N_CELLS:
            return parsed[1] + NAMES[parsed[2]]
        if kind == "jump" and len(parsed) == 3 and 0 <= parsed[1] < N_CELLS and parsed[2]:
            out = "x " + NAMES[parsed[1]]
            for colour, land in parsed[2]:
                if colour not in ("W", "G", "B") or not 0 <= land < N_CELLS:
                    raise IllegalAction(f"not a Dvertz jump: {parsed!r}", rule="X20")
                out += colour + NAMES[land]
            return out
    except (TypeError, IndexError, ValueError):
        raise IllegalAction(f"not a Dvertz part: {parsed!r}", rule="X20") from None
    return format_action(parsed)


def parse_turn(text: str) -> list[str]:
    """The parts of a turn written ``part + part`` (X20), each in canonical notation. A turn has one or
    two parts, and ``pass`` stands alone. Raises IllegalAction for anything else."""
    if not isinstance(text, str):
        raise IllegalAction(f"a Dvertz turn must be a notation string, not {text!r}", rule="X20")
    parts = [format_part(parse_part(p)) for p in text.split("+")]
    if len(parts) > 2 or ("pass" in parts and len(parts) > 1):
        raise IllegalAction(f"{text!r}: a turn is one or two parts (a + b), and pass stands alone", rule="X20")
    kinds = [parse_part(p)[0] for p in parts]
    if len(parts) == 2 and (kinds[0] in ("move", "place")) == (kinds[1] in ("move", "place")):
        raise IllegalAction(f"{text!r}: the two parts of a turn are one DVONN move and one ZÈRTZ-like move",
                            rule="X20")
    return parts


def format_turn(parts: list[str]) -> str:
    """A turn's parts in the order played, joined by `` + ``."""
    return " + ".join(parts)


__all__ = ["parse_part", "format_part", "parse_turn", "format_turn", "jumped_cell"]
