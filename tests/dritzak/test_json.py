"""Bad input never corrupts a Dritzak game: malformed saved states, illegal actions and unknown options
raise PygamesError subclasses naming the problem, with the state unchanged."""
import copy
import json

import pytest

from pygames.core import IllegalAction, InvalidOption, InvalidState, PygamesError, State

from ..conformance import random_prefix
from .helpers import GAME, pos


def midgame(seed=1, plies=80, **opts):
    return random_prefix("dritzak", dict({"players": 3}, **opts), seed, plies)


def test_round_trip_every_phase():
    for plies in (0, 5, 30, 31, 32, 33, 60, 120, 400):
        s = midgame(plies=plies, skip=True, reversal=True)
        assert State.from_json(json.dumps(s.to_json())) == s


@pytest.mark.parametrize("options", [{"players": 7}, {"decks": 0}, {"set_rule": "five"}, {"skip": 1},
                                     {"colour": "red"}, {"players": "4"}])
def test_bad_options(options):
    with pytest.raises(InvalidOption):
        GAME.new_initial_state(options)


def mutations(d):
    """Broken copies of a state's JSON: wrong types, wrong shapes, out of range, inconsistent zones."""
    st = d["state"]
    yield "not a dict", "oops"
    for k in st:
        for bad in (None, 5, "x", [], {}, [[]], True, -1, 10**9, [None]):
            m = copy.deepcopy(d)
            m["state"][k] = bad
            yield f"{k}={bad!r}", m
        m = copy.deepcopy(d)
        del m["state"][k]
        yield f"no {k}", m
    m = copy.deepcopy(d)
    m["state"]["extra"] = 1
    yield "extra key", m
    # a card twice, a card missing, a card that does not exist, a 10 on the pile
    for name, fn in [
        ("dup", lambda s: s["hands"][0].append(s["hands"][1][0]) if s["hands"][1] else s["deck"].append("Ac")),
        ("missing", lambda s: s["hands"][0].clear() if s["hands"][0] else s["deck"].pop()),
        ("no such card", lambda s: s["pile"].append("Zz")),
        ("second deck card", lambda s: s["pile"].append("7h2")),
        ("ten on top", lambda s: s["pile"].append(s["cleared"].pop()) if s["cleared"] else s["pile"].append("Tc")),
        ("turn out of range", lambda s: s.__setitem__("turn", 7)),
        ("phase", lambda s: s.__setitem__("phase", "dance")),
        ("direction", lambda s: s.__setitem__("direction", 2)),
        ("known not in hand", lambda s: s["known"][0].append(s["deck"][0] if s["deck"] else s["cleared"][0])),
        ("four down", lambda s: s["down"][0].append(None)),
        ("placed twice", lambda s: s.__setitem__("places", [0, 0])),
        ("deegan level", lambda s: s.__setitem__("deegans", [[0, 9]])),
        ("pending", lambda s: s["pending"].__setitem__(0, ["Ac"])),
        ("first rank", lambda s: s.__setitem__("first_rank", "Z")),
        ("stall", lambda s: s.__setitem__("stall", 10**6)),
        ("recent zone", lambda s: s.__setitem__("recent", [[0, "Ac", "sky"]])),
    ]:
        m = copy.deepcopy(d)
        try:
            fn(m["state"])
        except (IndexError, KeyError):
            continue
        yield name, m
    yield "game", dict(d, game="verquere")
    yield "options", dict(d, options={"players": 9})
    yield "history", dict(d, history=[1, 2])


@pytest.mark.parametrize("plies", [0, 10, 33, 90, 300])
def test_malformed_states_raise_invalid_state(plies):
    s = midgame(plies=plies)
    good = s.to_json()
    for what, bad in mutations(good):
        try:
            t = State.from_json(bad)
        except InvalidState:
            continue
        except PygamesError as e:  # e.g. UnknownGame is still a clean refusal
            assert not isinstance(e, IllegalAction), what
            continue
        # accepted: then it must be a consistent, usable state
        t.legal_actions()
        t.observation(0)
        json.dumps(t.to_json())
    assert s.to_json() == good


def test_illegal_actions_leave_state_unchanged():
    s = pos(hands=[["5c", "9d"], ["6c"]], pile=["7h"])
    before = s.to_json()
    for bad in ["play 5c", "play 6c", "play 9d 5c", "down 1", "deal 7h", "pick", "", "play", "play Zz", 3, None]:
        with pytest.raises(IllegalAction):
            s.apply(bad)
        assert s.to_json() == before
