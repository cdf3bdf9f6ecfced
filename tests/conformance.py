"""The conformance kit every game must pass (OpenSpiel's games_sim_test, in our protocol's terms).

:func:`check_game` plays random games to the end from many seeds and checks at every ply:
terminal ⇔ no legal actions; chance probabilities sum to 1; legal notations are unique and each one is
found by :meth:`State.find_action`; an illegal action raises and leaves the state unchanged;
``from_json(to_json(s)) == s``; every observation is JSON-serialisable; and the game's own invariants.
At the end: replaying the record gives the live state, and the same seed gives the same game.
"""
from __future__ import annotations

import json
import random

import pytest

from pygames.core import IllegalAction, State, get_game
from pygames.core.bots import random_action
from pygames.core.record import Record


def random_prefix(game_id: str, options: dict, seed: int, plies: int) -> State:
    """The state after ``plies`` seeded random actions (chance included) from the start, or the end of
    the game if it comes first: a quick position for JSON, fuzz and view tests."""
    state = get_game(game_id).new_initial_state(options)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply(random_action(state, rng))
    return state


def play_random(game_id: str, options: dict, seed: int, check=None, every: int = 1) -> State:
    g = get_game(game_id)
    state = g.new_initial_state(options)
    rng = random.Random(seed)
    ply = 0
    while True:
        legal = state.legal_actions()
        assert state.is_terminal() == (not legal), "terminal must mean no legal actions"
        if ply % every == 0 or state.is_terminal():
            check_ply(state)
            if check:
                check(state)
        if state.is_terminal():
            return state
        state.apply(random_action(state, rng))
        ply += 1
        assert ply < 100_000, "game does not end"


def check_ply(state: State) -> None:
    legal = state.legal_actions()
    names = [a.notation for a in legal]
    assert len(set(names)) == len(names), f"duplicate notations: {names}"
    if state.is_chance_node():
        assert abs(sum(p for _, p in state.chance_outcomes()) - 1.0) < 1e-9
    for a in legal[:8]:
        assert state.find_action(a.notation) is a
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply("no such action ~")
    assert state.to_json() == before, "an illegal action changed the state"
    text = json.dumps(before)
    again = State.from_json(text)
    assert again == state and again.to_json() == before
    assert again.current_player() == state.current_player()
    assert [a.notation for a in again.legal_actions()] == names
    for p in [None, *range(state.num_players)]:
        json.dumps(state.observation(p), allow_nan=False)
    if legal:  # equality sees the position itself: the same history with another position differs
        other = state.clone()
        other.apply(legal[0])
        other.history = list(state.history)
        assert (other != state) == (other._state_json() != state._state_json()), \
            "== must compare the whole state (a @dataclass subclass needs eq=False)"


def check_game(game_id: str, options: dict, seeds, check=None, every: int = 1) -> list[State]:
    finals = []
    for seed in seeds:
        s = play_random(game_id, options, seed, check, every)
        rec = Record(game=game_id, options=get_game(game_id).validate_options(options), seed=seed,
                     actions=list(s.history))
        replayed = Record.from_json(json.loads(rec.dumps())).replay()
        assert replayed == s, "replaying the record must give the live state"
        again = play_random(game_id, options, seed, every=10**9)
        assert again.history == s.history, "same seed must give the same game"
        finals.append(s)
    return finals
