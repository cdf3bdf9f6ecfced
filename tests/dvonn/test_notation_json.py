"""DVONN notation round trips (N19, N20) and bad input: illegal actions, malformed saved states, options."""
import copy
import json
import random

import pytest

from pygames.core import IllegalAction, InvalidOption, InvalidState, PygamesError, State, get_game
from pygames.dvonn.notation import (format_action, format_transcript, parse_action, parse_cell,
                                    parse_transcript)
from pygames.dvonn.board import NAMES

from .helpers import BALANCED, GAME, pos


def random_game(seed, options=None, plies=None):
    s = GAME.new_initial_state(options or {})
    rng = random.Random(seed)
    while not s.is_terminal() and (plies is None or len(s.history) < plies):
        acts = s.chance_outcomes() if s.is_chance_node() else None
        s.apply(rng.choice([a for a, _ in acts]) if acts else rng.choice(s.legal_actions()))
    return s


def test_N19_every_notation_round_trips():
    """N19: parse then format gives back every legal action of many random games, in either case."""
    for seed in range(5):
        s = GAME.new_initial_state({})
        rng = random.Random(seed)
        while not s.is_terminal():
            for a in s.legal_actions():
                assert format_action(parse_action(a.notation)) == a.notation
                assert format_action(parse_action(" " + a.notation.upper())) == a.notation
            s.apply(rng.choice(s.legal_actions()))
    assert [parse_cell(n) for n in NAMES] == list(range(49))


@pytest.mark.parametrize("bad", ["", "z9", "a4", "a5", "l3", "k1", "e3e", "e3-e4", "pas", "e3 e4", "33", "ee"])
def test_N19_bad_notation_is_rejected(bad):
    """N19: text that is not DVONN notation raises IllegalAction naming it."""
    with pytest.raises(IllegalAction, match="not"):
        parse_action(bad)


def test_N19_format_rejects_malformed_tuples():
    for bad in [(), ("place",), ("place", 49), ("move", 1), ("jump", 1, 2), None, ("move", -1, 2)]:
        with pytest.raises(IllegalAction):
            format_action(bad)


def test_N20_transcripts_round_trip_over_whole_games():
    """N20: format_transcript then parse_transcript gives back whole random games."""
    for seed in range(8):
        s = random_game(seed)
        text = format_transcript(s.history)
        assert len(text.split()) < len(s.history) * 2  # numbered in pairs, the 49th placement left out
        assert parse_transcript(text) == s.history
        replay = GAME.new_initial_state({})
        for a in parse_transcript(text):
            replay.apply(a)
        assert replay == s


def test_illegal_actions_leave_the_state_unchanged():
    s = random_game(3, plies=60)
    before = s.to_json()
    for bad in ["pass", "e3", "a1k5", "zz", 7, None, ["a1"], {"x": 1}, "a1b2c3"]:
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert s.to_json() == before


def test_unknown_and_bad_options():
    with pytest.raises(InvalidOption):
        GAME.new_initial_state({"random_board": "yes"})
    with pytest.raises(InvalidOption):
        GAME.new_initial_state({"board": 61})


def _states():
    return [GAME.new_initial_state({}), random_game(1, plies=20), random_game(2, plies=70), random_game(3),
            pos(BALANCED), random_game(4, {"random_board": True}, plies=30)]


@pytest.mark.parametrize("k", range(6))
def test_json_round_trip(k):
    s = _states()[k]
    again = State.from_json(json.dumps(s.to_json()))
    assert again == s and again.observation(0) == s.observation(0)
    assert [a.notation for a in again.legal_actions()] == [a.notation for a in s.legal_actions()]


BAD_STATES = [
    ("board", "e3"), ("board", [""] * 48), ("board", [""] * 48 + [5]), ("board", [""] * 48 + ["X"]),
    ("board", {"e3": "W"}), ("placed", -1), ("placed", 50), ("placed", "3"), ("placed", 2.0), ("placed", True),
    ("turn", 2), ("turn", None), ("turn", True), ("removed", [0]), ("removed", [24, 0]), ("removed", "00"),
    ("removed", [0, -1]), ("last", []), ("last", "e3"), ("last", {"player": 0, "action": "e3"}),
    ("last", {"player": 3, "action": "e3", "removed": []}),
    ("last", {"player": 0, "action": "zz", "removed": []}),
    ("last", {"player": 0, "action": "a1b2", "removed": [["a1"]]}),
    ("last", {"player": 0, "action": "a1b2", "removed": [[["a1"], "W"]]}),
    ("last", {"player": 0, "action": "a1b2", "removed": [["a1", "D"]]}),
]


@pytest.mark.parametrize("key, value", BAD_STATES)
def test_malformed_states_raise_invalid_state(key, value):
    for s in (_states()[2], _states()[4]):
        data = s.to_json()
        data["state"][key] = value
        with pytest.raises(InvalidState):
            State.from_json(data)


def test_inconsistent_positions_are_rejected():
    # phase 1: a stack during placement, a wrong piece, a wrong turn, pieces removed
    base = _states()[1].to_json()
    for change in (lambda st: st["board"].__setitem__(st["board"].index(""), "W"),
                   lambda st: st.__setitem__("turn", 1 - st["turn"]),
                   lambda st: st.__setitem__("removed", [1, 0]),
                   lambda st: st["board"].__setitem__(next(i for i, x in enumerate(st["board"]) if x), "WB")):
        d = copy.deepcopy(base)
        change(d["state"])
        with pytest.raises(InvalidState):
            State.from_json(d)
    # phase 2: a piece too many, a DVONN piece missing, a stack cut off from every DVONN piece
    base = _states()[4].to_json()
    for change in (lambda st: st["board"].__setitem__(0, st["board"][0] + "W"),
                   lambda st: st["board"].__setitem__(st["board"].index("D"), "W"),
                   lambda st: st.__setitem__("removed", [1, 0])):
        d = copy.deepcopy(base)
        change(d["state"])
        with pytest.raises(InvalidState):
            State.from_json(d)
    rows = [". . . . . . . . .", ". . . . . . . . . .", "D . D . D . . . . . W", ". . . . . . . . . .",
            ". . . . . . . . ."]
    with pytest.raises(InvalidState, match="not linked"):
        pos(rows)


def test_random_json_values_never_escape_as_other_errors():
    """from_json of any JSON value: only PygamesError subclasses come out."""
    rng = random.Random(7)
    good = _states()[2].to_json()
    values = [None, True, 0, -5, 10**9, 1.5, "", "W", [], [0], {}, {"a": 1}, [[]], ["e3", "W"], "pass"]
    for _ in range(600):
        d = copy.deepcopy(good)
        target = d["state"]
        key = rng.choice(sorted(target))
        if isinstance(target[key], list) and target[key] and rng.random() < 0.5:
            target[key][rng.randrange(len(target[key]))] = rng.choice(values)
        else:
            target[key] = rng.choice(values)
        try:
            State.from_json(d)
        except PygamesError:
            pass
    for junk in [None, 3, "[]", [], {"game": "dvonn"}, {"game": "dvonn", "options": [], "history": [], "state": {}},
                 {"game": "dvonn", "options": {}, "history": [1], "state": {}}, "{not json"]:
        with pytest.raises(PygamesError):
            State.from_json(junk)
    assert get_game("dvonn") is GAME
