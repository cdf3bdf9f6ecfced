"""Hostile input: damaged records, saved states and bridge calls, for every registered game and the toys.

Each example takes a valid record, saved state or bridge call of a game (from random play), damages it
(a value anywhere in it replaced by arbitrary JSON, a key removed or added, an item removed) and hands it
to a public entry point. The entry point must either accept it or raise a :class:`PygamesError` (the
bridge: answer ``{"error": …}``) naming what was wrong: no TypeError, KeyError, IndexError… escapes, and
after a rejected bridge call the game in progress is unchanged.
"""
from __future__ import annotations

import functools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygames import web
from pygames.core import PygamesError, State, get_game, list_games
from pygames.core.record import Record

from .conformance import random_prefix

GAMES = [g.id for g in list_games()] + ["toy_pairs", "toy_match"]
SETTINGS = settings(max_examples=150, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


def damage(value, data):
    """A copy of the JSON ``value`` with one damage drawn by hypothesis."""
    value = json.loads(json.dumps(value))
    rng = data.draw(st.randoms(use_true_random=False), label="rng")  # uniform choices, not shrunk ones
    paths = list(_paths(value))
    depth = rng.randint(0, max(len(p) for p in paths))  # shallow damage as often as deep damage
    path = rng.choice([p for p in paths if len(p) == depth])
    kind = rng.choice(["replace", "replace", "remove", "add"])
    if not path:
        return data.draw(JSON, label="whole") if kind == "replace" else value
    parent = value
    for k in path[:-1]:
        parent = parent[k]
    last = path[-1]
    if kind == "replace":
        parent[last] = data.draw(JSON | st.sampled_from([-1, 0, 1, 10**9, "", "x", [], {}]), label="new")
    elif kind == "remove":
        del parent[last]
    else:
        target = parent[last]
        if isinstance(target, dict):
            target[data.draw(st.text(max_size=6), label="key")] = data.draw(JSON, label="new")
        elif isinstance(target, list):
            target.append(data.draw(JSON, label="new"))
        else:
            parent[last] = [target]
    return value


@functools.lru_cache(maxsize=None)
def samples(game_id: str) -> tuple[list[dict], list[dict]]:
    """Valid records and saved states of ``game_id`` from seeded random play (a few lengths)."""
    records, states = [], []
    for seed, plies in ((1, 0), (2, 5), (3, 40), (4, 400)):
        s = random_prefix(game_id, {}, seed, plies)
        records.append({"game": game_id, "options": dict(s.options), "seed": seed, "actions": list(s.history)})
        states.append(s.to_json())
    return records, states


@pytest.mark.parametrize("game_id", GAMES)
@SETTINGS
@given(data=st.data())
def test_damaged_records_are_rejected_cleanly(game_id, data):
    records, _ = samples(game_id)
    bad = damage(data.draw(st.sampled_from(records)), data)
    try:
        rec = Record.from_json(bad)
    except PygamesError as e:
        assert str(e)
    else:
        rec.replay()


@pytest.mark.parametrize("game_id", GAMES)
@SETTINGS
@given(data=st.data())
def test_damaged_saved_states_are_rejected_cleanly(game_id, data):
    _, states = samples(game_id)
    bad = damage(data.draw(st.sampled_from(states)), data)
    try:
        s = State.from_json(bad)
    except PygamesError as e:
        assert str(e)
    else:  # accepted: it must then behave as a state
        for a in s.legal_actions()[:3]:
            s.clone().apply(a)
        json.dumps(s.observation(None))


def _bridge(name, args):
    return json.loads(web.call(name, json.dumps(args)))


@pytest.mark.parametrize("game_id", GAMES)
@SETTINGS
@given(data=st.data())
def test_damaged_bridge_calls_are_rejected_cleanly(game_id, data):
    g = get_game(game_id)
    records, _ = samples(game_id)
    n = g.num_players({})
    calls = [("new_game", {"game": game_id, "options": {}, "seats": ["human"] * n, "seed": 5}),
             ("load", {"record": records[2], "seats": ["human"] * n}),
             ("act", {"notation": "x"}), ("bot", {"slice_ms": 10}), ("view", {"ply": 1}),
             ("undo", {}), ("redo", {}), ("record", {}), ("games", {})]
    start = _bridge("load", {"record": records[2], "seats": ["human"] * n})
    assert "ok" in start, start
    before = _bridge("view", {})
    name, args = data.draw(st.sampled_from(calls), label="call")
    answer = _bridge(name, damage(args, data))
    assert "ok" in answer or ("error" in answer and not answer.get("internal")), answer
    if "error" in answer:
        assert answer["error"]
        assert _bridge("view", {}) == before, "a rejected call changed the game"


@pytest.mark.parametrize("raw", ["null", "[]", "3", '"x"', "{", "\ud800"])
def test_bridge_arguments_that_are_not_an_object(raw):
    answer = json.loads(web.call("view", raw))
    assert "error" in answer and not answer.get("internal")
    assert "error" in json.loads(web.call(["not", "a", "name"], "{}"))  # type: ignore[arg-type]


DEEP = 100_000


def _deep(kind: str, n: int = DEEP) -> str:
    """JSON text nesting ``n`` arrays or objects (built as text: json.dumps itself would recurse)."""
    return "[" * n + "]" * n if kind == "array" else '{"a":' * n + "null" + "}" * n


def _with(args: dict, key: str, raw: str) -> str:
    """The JSON text of ``args`` with ``key``'s value replaced by the raw JSON text ``raw``."""
    marker = "\u0000deep\u0000"
    return json.dumps({**args, key: marker}).replace(json.dumps(marker), raw)


@pytest.mark.parametrize("kind", ["array", "object"])
def test_deep_nesting_in_every_argument_gets_a_clean_error(kind):
    """Issue 22, finding 4: 100,000 nested arrays or objects in any argument of any command (and as the
    whole argument text, and inside a record given as JSON text) get a clean ``{"error": …}``: no
    RecursionError, no internal error, and the game in progress is unchanged and still answers."""
    records, _ = samples("verquere")
    assert "ok" in _bridge("load", {"record": records[2], "seats": ["human", "human"]})
    before = _bridge("view", {})
    calls = [("new_game", {"game": "verquere", "options": {}, "seats": ["human", "human"], "seed": 5}),
             ("load", {"record": records[2], "seats": ["human", "human"]}),
             ("act", {"notation": "x"}), ("bot", {"slice_ms": 10}), ("view", {"ply": 1, "handover": False}),
             ("layout", {"layout": "wide"}), ("undo", {}), ("redo", {}), ("record", {}), ("games", {})]
    deep = _deep(kind)
    texts = [deep]  # the whole argument text
    for name, args in calls:
        for key in [*args, "extra"]:
            texts.append((name, _with(args, key, deep)))
    texts.append(("load", json.dumps({"record": deep})))  # a record as JSON text, nested inside
    for rk in ("options", "actions", "seed", "game", "arranged"):
        texts.append(("load", json.dumps({"record": {**records[2], rk: 0}})
                      .replace('"' + rk + '": 0', '"' + rk + '": ' + deep)))
    for item in texts:
        name, text = item if isinstance(item, tuple) else ("view", item)
        answer = json.loads(web.call(name, text))
        assert "error" in answer and not answer.get("internal"), (name, str(answer)[:200])
        assert "deep" in answer["error"], answer["error"][:200]
    assert _bridge("view", {}) == before
    # the deep text inside a string is only text: a notation may hold brackets
    answer = _bridge("act", {"notation": "[" * 1000})
    assert "deep" not in answer["error"] and not answer.get("internal"), answer
    # a record given as JSON text to the core directly
    with pytest.raises(PygamesError, match="deep"):
        Record.from_json('{"game": "verquere", "options": {}, "seed": 1, "actions": ' + deep + "}")
