"""Random draws and kept lists (issue 19's speed work): a seed plays the same game however the action is
found. ``pick_random`` draws exactly ``legal_actions()[k]`` (a deal's card and the dice as ``pick`` finds
them), the moves kept from the start of a turn are the ones listed afresh, and the trumps (ZN23–ZN28) and
the recoil cells of a move (ZN20) equal a straightforward reading of their rules."""
import random

import pytest

from pygames.zoon.board import _MOVES, _TRUMP_ORDER, CELL, EMPTY, SOUTH, step
from pygames.zoon.turn import _SHOTS, _USERS, _prevs

from ..helpers import drawn_as_drawn_from_lists
from .helpers import GAME

PAIRS = [("alternate", "boarix", "monkus"), ("classic", "rhinogoths", "warus"),
         ("alternate", "warus", "rhinogoths"), ("classic", "monkus", "boarix")]


def _trumps(s, p):
    """The trumps ``p`` may play (ZN23–ZN28), read straight from the rules: each trump in hand or set
    aside, in the tribe's order; its targets cell by cell."""
    out = []
    q = 1 - p
    alive = [i for i in range(12) if s.pos[p][i] >= 0]

    def of_type(types):
        return [i for i in alive if s.zoon(p, i).type in types]

    def enemy(c):
        return s.board[c] != EMPTY and s.owner_at(c) == q

    for code in _TRUMP_ORDER[s.tribes[p]]:
        if s.tzone[p][code] not in ("hand", "side"):
            continue
        if code in ("menhirs", "bertha"):
            rows = (0, 1, 2) if p == SOUTH else (3, 4, 5)
            out += [f"{code} {CELL[c]}" for c in range(36) if c // 6 in rows and enemy(c)]
        elif code == "wall":
            out += [f"wall {CELL[c]}" for c in range(36) if s.board[c] == EMPTY]
        elif code == "cage":
            rows = (0, 1) if p == SOUTH else (4, 5)
            if of_type(("Priest",)):
                out += [f"cage {CELL[c]}" for c in range(36) if c // 6 in rows and enemy(c)]
        elif code in _SHOTS:
            for i in of_type(("Elite",) if code == "cocoboum" else ("Soldier",)):
                f = s.pos[p][i]
                for dx, dy in _SHOTS[code]:
                    t = step(p, f, dx, dy)
                    if t >= 0 and enemy(t):
                        out.append(f"{code} {CELL[f]}>{CELL[t]}")
        elif code == "scarper":
            if any(step(p, s.pos[p][i], dx, -1) >= 0 and s.board[step(p, s.pos[p][i], dx, -1)] == EMPTY
                   for i in alive for dx in (-1, 0, 1)):
                out.append(code)
        else:
            users = alive if _USERS[code] is None else of_type(_USERS[code])
            if any(s.moves_of(p, i) for i in users):
                out.append(code)
    return out


@pytest.mark.parametrize("mode,south,north", PAIRS)
def test_drawn_action_is_the_listed_one(mode, south, north):
    """``pick_random`` draws what the lists give (``tests.helpers.drawn_as_drawn_from_lists``: every ``k``
    at a decision, the outcome ``pick`` finds at a deal or a roll, the same games); at every turn the
    trumps equal :func:`_trumps`, and a move's kept recoil cell (ZN20) and attack flag are the walk's."""
    turns = []

    def visit(s):
        if s.phase != "turn":
            return
        p = s.turn
        assert [a.notation for a in s.clone().legal_actions() if a.targets[0].startswith("trump-")] == _trumps(s, p)
        for i in range(12):
            f = s.pos[p][i]
            if f >= 0:
                for to, prev, att in s._walk(_MOVES[s.tribes[p], p][i][f], p, f):
                    assert _prevs(s.tribes[p], p)[i][f][to] == prev
                    assert (s.board[to] != EMPTY) == att
        turns.append(1)

    options = {"combat": mode, "south": south, "north": north, "first": "south"}
    assert drawn_as_drawn_from_lists(GAME, options, range(6), visit) > 500 and len(turns) > 120


def test_position_key_follows_the_trumps():
    """ZN40: the position key's trumps text, kept while the trumps stay as they were, changes as soon as
    one does (a trump set aside, its penny turned) and equals the text worked out afresh."""
    s, rng = GAME.new_initial_state({"first": "south"}), random.Random(5)
    while s.phase != "turn":
        s.apply(s.pick_random(rng))
    key = s._position_key(0)
    assert s._position_key(0) == key
    code = next(iter(s.tzone[0]))
    s.tzone[0][code], s.tcoin[0][code] = "side", 1
    again = s._position_key(0)
    assert again != key
    assert again[5] == f"{[sorted(z.items()) for z in s.tzone]}{[sorted(z.items()) for z in s.tcoin]}"
