"""ZÈRTZ's "Why not?" (issue 17): why a click path or a notation starts no legal action, in one sentence
with the rule id of ``docs/rules/zertz.md`` it enforces.

Capturing: a placement while a capture is compulsory, a marble that cannot jump, a landing that is no
jump (Z9), a hop off the only sequences the marble can go on with (Z10). Placing: a ring clicked before a
colour (Z21), a colour the pool (Z5) or one's own captures (Z17) does not hold, a ring that is removed or
taken (Z5), a ring to remove that is the one just filled (Z7) or not free (Z6). Notation: Z20. Everything
in ZÈRTZ is public.
"""
from __future__ import annotations

from ..core.state import Explanation
from . import logic
from .rules import COLOURS, ZertzState, parse_move

EXPLAIN_RULES = ZertzState.explain_rules
"""The generic refusals (:attr:`pygames.core.state.State.explain_rules`)."""

_NAME = {"W": "white", "G": "grey", "B": "black"}


def _why_capture(state, path: tuple[str, ...], jumps) -> Explanation | None:
    names, index, m = state.L.names, state.L.index, state.marbles
    first = path[0]
    if first.startswith("take-"):
        return Explanation("A marble can jump, and capturing is compulsory: you must capture, not place.", "Z9")
    i = index.get(first)
    if i is None:
        return Explanation("A marble can jump: capturing is compulsory.", "Z9")
    starts = sorted({names[s] for s, _ in jumps})
    if not m[i]:
        return Explanation(f"There is no marble on {first}: a capture starts with a marble that can jump "
                           f"({', '.join(starts)}).", "Z9")
    return why_hop(first, path[1:], any(s == i for s, _ in jumps), path[-1] in index,
                   "the vacant ring just beyond it", ("Z9", "Z10"))


def why_hop(start: str, hops: tuple[str, ...], can_jump: bool, known: bool, beyond: str,
            rules: tuple[str, str]) -> Explanation | None:
    """Why a jump from ``start`` (a space name) by way of the clicked landings ``hops`` is refused:
    the marble cannot jump (``can_jump`` false), or the last landing is no hop (the first: ``rules[0]``)
    or does not go on with the sequence (``rules[1]``); None when the last click is no space
    (``known`` false). ``beyond`` words where a hop lands. Shared with Dvertz (X8, X9)."""
    if not can_jump:
        return Explanation(f"The marble on {start} cannot jump: a jump goes over an adjacent marble onto "
                           f"{beyond}.", rules[0])
    if not known or not hops:
        return None
    if len(hops) == 1:
        return Explanation(f"{hops[0]} is no jump for the marble on {start}: it must go over an adjacent "
                           f"marble onto {beyond}.", rules[0])
    return Explanation(f"{hops[-1]} does not go on with this jump: the jumping marble must keep jumping while "
                       f"it can.", rules[1])


def _why_place(state, path: tuple[str, ...]) -> Explanation | None:
    index, m, ring = state.L.index, state.marbles, state.ring
    first = path[0]
    if not first.startswith("take-"):
        return Explanation("First pick the colour of the marble to place (the pool's marbles glow), then "
                           "the ring.", "Z21")
    colour = first[5:]
    src, colours = logic.supply(state.pool, state.captures[state.turn])
    if colour not in COLOURS:
        return None
    if COLOURS.index(colour) not in colours:
        if src == "pool":
            return Explanation(f"The pool holds no {_NAME[colour]} marble.", "Z5")
        return Explanation(f"The pool is empty: you place one of your own captured marbles, and you hold no "
                           f"{_NAME[colour]} one.", "Z17")
    if len(path) < 2:
        return None
    v = index.get(path[1])
    if v is None:
        return None
    if not ring[v]:
        return Explanation(f"The ring {path[1]} has been removed: a marble goes on a vacant ring.", "Z5")
    if m[v]:
        return Explanation(f"{path[1]} already holds a marble: a marble goes on a vacant ring.", "Z5")
    if len(path) < 3:
        return None
    f = index.get(path[2])
    if f is None:
        return None
    if f == v:
        return Explanation(f"{path[2]} was just filled, so it is not free: remove another ring.", "Z7")
    if not ring[f]:
        return Explanation(f"The ring {path[2]} is already gone: remove one of the free rings.", "Z7")
    return Explanation(f"{path[2]} is not free: a ring can be removed only when it is vacant and two "
                       f"neighbouring positions next to each other around it are empty.", "Z6")


def _why(state, path: tuple[str, ...]) -> Explanation | None:
    jumps = state.jumps()
    return _why_capture(state, path, jumps) if jumps else _why_place(state, path)


def _notation_path(state, text: str) -> tuple[str, ...]:
    mv = parse_move(text.strip(), state.L.size)  # IllegalAction (Z20) for text that is no notation
    if "jump" in mv:
        return (mv["jump"], *(r for _, r in mv["hops"]))
    return ("take-" + mv["place"], mv["ring"], *([mv["remove"]] if mv["remove"] else []))


def explain(state, targets: tuple[str, ...] | None, notation: str | None) -> Explanation | None:
    """The :meth:`~pygames.core.state.State._explain` hook of :class:`~pygames.zertz.rules.ZertzState`."""
    if notation is None:
        return _why(state, targets or ())
    path = _notation_path(state, notation)
    legal = state.legal_actions()
    if not any(a.targets[:len(path)] == path for a in legal):
        return _why(state, path)
    if any(len(a.targets) > len(path) for a in legal if a.targets[:len(path)] == path):
        if path[0].startswith("take-"):
            return Explanation("After placing, you must also remove a free ring (write Wd4,d1).", "Z7")
        return Explanation("The jumping marble must keep jumping while it can: write the whole sequence.",
                           "Z10")
    return Explanation(f"{notation} is not written as this move is: the jumped marbles' colours and any "
                       f"marbles taken by isolation must be as on the board.", "Z20")
