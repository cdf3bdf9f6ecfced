"""The move list says which card a face-down flip turned up (D13: it comes up face up, public from then
on), read from the state's ``history_notes`` after the fact, never from the action's label (the card is
hidden when the action is chosen)."""
import json
import random

from pygames import web
from pygames.core import State
from pygames.dritzak.cards import _TEXTS

from ..test_web_bridge import call


def _flipped_game(seed: int = 1):
    """A finished 2-player game of random players with at least one face-down flip."""
    for k in range(seed, seed + 40):
        call("new_game", game="dritzak", options={"players": 2}, seats=["random", "random"], seed=k)
        v = call("view")["ok"]
        while not v["terminal"]:
            v = call("bot")["ok"]
        if any(m["notation"].startswith("down ") for m in v["moves"]):
            return v
    raise AssertionError("no flip in 40 games")


def test_a_flip_says_the_card_that_came_up():
    v = _flipped_game()
    state = web._session.state
    flips = [m for m in v["moves"] if m["notation"].startswith("down ")]
    for m in flips:
        i = m["ply"] - 1
        before = state.game.new_initial_state(state.options)
        for a in state.history[:i]:
            before.apply(a)
        slot = int(m["notation"][5:]) - 1
        card = _TEXTS[before.down[before.turn][slot]]
        assert m["label"] == f"Turn over the {('1st', '2nd', '3rd')[slot]} face-down card: {card}", m
    # the action's own label stays blind (the same whatever the card), and loaded or determinized states
    # keep the notes (a save, the bots' sampled worlds)
    assert state.history_notes()
    loaded = State.from_json(json.dumps(state.to_json()))
    assert loaded.history_notes() == state.history_notes()
    for p in (0, 1):
        assert state.determinize(p, random.Random(3)).history_notes() == state.history_notes()


def test_a_flip_before_it_happens_says_nothing():
    call("new_game", game="dritzak", options={"players": 2}, seats=["random", "random"], seed=2)
    state = web._session.state
    assert state.history_notes() == {}
    assert not any(m["label"].startswith("Turn over") for m in call("view")["ok"]["moves"])
