"""Bad input never corrupts a game: saved states, actions, options (Duerror Grandis)."""
import json
import random

import pytest

from pygames.core import IllegalAction, InvalidOption, InvalidState, PygamesError, State
from pygames.core.bots import random_action

from .helpers import GAME, play, pos


def sample(seed=1, plies=120, **options):
    rng = random.Random(seed)
    s = GAME.new_initial_state(dict({"players": 3}, **options))
    for _ in range(plies):
        if s.is_terminal():
            break
        s.apply(random_action(s, rng))
    return s


def test_round_trip_at_many_plies():
    for opts in ({}, {"factiosus": True}, {"caecus": True, "parcus": 2}, {"merus": True}):
        for plies in (0, 3, 9, 40, 200):
            s = sample(plies=plies, **opts)
            again = State.from_json(json.dumps(s.to_json()))
            assert again == s and again.observation(0) == s.observation(0)


@pytest.mark.parametrize("field,value", [
    ("boards", [0, 0, 1]), ("boards", [0, 1]), ("boards", "x"), ("boards", [0, 1, 9]),
    ("pieces", {"a": 1}), ("pieces", [[["queen", 3]], [], []]), ("pieces", [[["thete", 99]], [], []]),
    ("pieces", [[["thete", 3], ["ephebe", 4]], [["thete", 1]], [["thete", 2]]]),
    ("tokens", [1, -1, 1]), ("tokens", [1, 1]), ("tokens", [1, 1, True]), ("bank", -2), ("bank", 1.5),
    ("part", "lunch"), ("part", "veer"), ("turn", 7), ("turn", None), ("first", 3), ("setup", 1),
    ("round", 10**6), ("round", -1), ("game_no", 1), ("wins", [9, 0, 0]), ("winner", "Red"),
    ("roll", ["d8", 3, 0]), ("roll", ["d6", 7, 0]), ("trail", [["move", 0, 200, 3]]), ("trail", "x"),
    ("chain", [[0, 1, 0, 99]]), ("barred", [[0, 7]]), ("handled", [0, 0]), ("veering", 0), ("could", [5]), ("took", "yes"),
    ("evidence", [[[0, 1]], [], []]), ("evidence", None), ("ranked", [4]),
])
def test_malformed_states_are_rejected_and_named(field, value):
    s = sample(plies=60)
    data = s.to_json()
    data["state"][field] = value
    with pytest.raises(InvalidState):
        State.from_json(json.dumps(data))


@pytest.mark.parametrize("bad", [None, 3, "x", [], [1, 2], {"game": "duerror_grandis"},
                                 {"game": "duerror_grandis", "options": [], "history": [], "state": {}},
                                 {"game": "duerror_grandis", "options": {}, "history": {}, "state": {}}])
def test_any_json_value_is_rejected_with_a_pygames_error(bad):
    with pytest.raises(PygamesError):
        State.from_json(bad)


def test_missing_or_extra_keys_are_rejected():
    data = sample(plies=30).to_json()
    for key in list(data["state"]):
        broken = json.loads(json.dumps(data))
        del broken["state"][key]
        with pytest.raises(InvalidState):
            State.from_json(broken)
    data["state"]["extra"] = 1
    with pytest.raises(InvalidState):
        State.from_json(data)


def test_inconsistent_turn_parts_are_rejected():
    """A flictus with no take possible, or a move with nothing to decide, cannot be loaded."""
    s = pos([[("thete", "A1")], [("thete", "I9")]])
    data = s.to_json()
    data["state"]["part"] = "flictus"
    data["state"]["could"] = [1]
    with pytest.raises(InvalidState):
        State.from_json(data)
    s = pos([[("thete", "B9")], [("thete", "I1")]], tokens=[0, 0])
    data = s.to_json()
    data["state"]["part"] = "move"
    with pytest.raises(InvalidState):
        State.from_json(data)


def test_illegal_actions_leave_the_state_unchanged():
    s = pos([[("ephebe", "E5")], [("thete", "E6")]])
    before = s.to_json()
    for bad in ("take E6", "E5-E6", "veer Z9", "stay", "", "board 1", 5, None):
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert s.to_json() == before
    play(s, "keep")
    with pytest.raises(IllegalAction):
        s.apply("take E7")
    assert s.part == "flictus"


@pytest.mark.parametrize("options", [{"players": 5}, {"colour": "red"}, {"caecus": "yes"}, {"parcus": 0},
                                     {"parcus": 10}, {"factiosus": 1}, {"merus": None}])
def test_unknown_or_bad_options_raise(options):
    with pytest.raises(InvalidOption):
        GAME.new_initial_state(options)
