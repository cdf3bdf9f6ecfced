"""Saved states: strict loading of any JSON value; bad input never corrupts a game."""
import json
import random

import pytest

from pygames.core import IllegalAction, InvalidOption, InvalidState, PygamesError, State

from .helpers import GAME


def some_state(seed=1, plies=12):
    s = GAME.new_initial_state()
    rng = random.Random(seed)
    for _ in range(plies):
        if s.is_terminal():
            break
        acts = s.legal_actions()
        s.apply(acts[rng.randrange(len(acts))])
    return s


def test_round_trip():
    for seed in range(5):
        s = some_state(seed, 15)
        assert State.from_json(json.dumps(s.to_json())) == s


BAD_STATES = [
    {"board": 5}, {"board": "." * 36}, {"board": "X" * 37}, {"board": "W" * 37},
    {"pool": [6, 8]}, {"pool": [6, 8, -1]}, {"pool": "6,8,10"}, {"pool": [6, 8, 11]}, {"pool": [6.0, 8, 10]},
    {"captures": [[0, 0, 0]]}, {"captures": {"0": [0, 0, 0]}}, {"captures": [[0, 0, 0], [1, 0, 0]]},
    {"turn": 2}, {"turn": True}, {"turn": "0"}, {"result": 3}, {"result": True},
    {"result": 0}, {"reason": "set"}, {"result": "draw", "reason": "set"}, {"seen": []},
    {"seen": {"x": 1}}, {"seen": {"a": 0}}, {"board": "-" * 37, "pool": [0, 0, 0], "captures": [[6, 8, 10], [0, 0, 0]]},
    {"captures": [[4, 0, 0], [0, 0, 0]], "pool": [2, 8, 10]},
]


@pytest.mark.parametrize("patch", BAD_STATES)
def test_bad_saved_states_are_rejected(patch):
    data = GAME.new_initial_state().to_json()
    data["state"].update(patch)
    with pytest.raises(InvalidState):
        State.from_json(data)


@pytest.mark.parametrize("value", [None, 1, "x", [], {}, {"game": "zertz"}, [1, 2],
                                   {"game": "zertz", "options": {}, "history": [], "state": []},
                                   {"game": "zertz", "options": {}, "history": [], "state": {"board": None}},
                                   {"game": "zertz", "options": {"board": 37}, "history": [], "state": {}}])
def test_any_json_value_raises_a_pygames_error(value):
    with pytest.raises(PygamesError):
        State.from_json(value)


def test_every_key_with_wrong_types():
    good = some_state(3).to_json()
    for key in good["state"]:
        for wrong in (None, 1, -1, "s", [], {}, [[]], 1.5, True):
            data = json.loads(json.dumps(good))
            data["state"][key] = wrong
            try:
                State.from_json(data)
            except InvalidState:
                pass


def test_unknown_options():
    for opts in ({"board": "40 rings"}, {"pool": "tournament"}, {"rings": 37}, {"board": 37}):
        with pytest.raises(InvalidOption):
            GAME.new_initial_state(opts)


def test_illegal_actions_leave_the_state_unchanged():
    s = some_state(2, 6)
    before = s.to_json()
    for bad in ("Wd4,d4", "Wz9", "x a1Wa3", "Bd7,b2 x Wa1Wa2", "pass", "", "Wa1,a1"):
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert s.to_json() == before
