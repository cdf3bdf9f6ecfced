"""What a newcomer reads agrees with the screen (issue ui19): the arranged-game note names only what the
game has (ZÈRTZ: no dice or cards), a Dritzak flip says the card that came up, the greyed Save button of a
game hiding something other than cards says so in general words, and the new-game form shows the options
it kept from the last game that are not the standard game's, with a reset, at 1280x800 and 390x844."""
from __future__ import annotations

import base64
import json
import random

import pytest

from pygames.core.bots import RandomBot
from pygames.core.record import Record, Session

from .helpers import open_app, wait_settled

SIZES = [(1280, 800), (390, 844)]


def b64(obj) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")


def flipped_record() -> dict:
    """A finished 2-player Dritzak game of random players who never pick up the pile by choice (so the
    game reaches the face-down cards) with a face-down flip."""
    for seed in range(1, 60):
        s = Session(Record.new("dritzak", {"players": 2}, seed=seed), ["random", "random"])
        bot, rng = RandomBot(seed), random.Random(seed)
        while not s.state.is_terminal():
            plays = [a.notation for a in s.state.legal_actions() if a.notation != "pick up"]
            if s.state.current_player() >= 0 and plays:
                s.act(rng.choice(plays))
            else:
                s.act(bot.step(s.state).notation)
        if any(a.startswith("down ") for a in s.record.actions):
            return s.record.to_json()
    raise AssertionError("no flip")


@pytest.mark.parametrize("size", SIZES)
def test_notes_say_only_what_the_game_has(app, site_url, size):
    app.set_viewport_size({"width": size[0], "height": size[1]})
    for game, shown, word in (("zertz", False, ""), ("dvonn", False, ""), ("verquere", True, "dice")):
        rec = {"game": game, "options": {}, "seed": 7, "actions": [], "arranged": True}
        open_app(app, site_url, f"record={b64(rec)}&seats=human,random")
        app.wait_for_function(f"window.pygamesApp.view && window.pygamesApp.view.game === '{game}'")
        v = wait_settled(app)
        assert v["arranged"] and v["game"] == game
        note = app.locator("#arranged-note")
        assert note.is_visible() == shown, (game, note.inner_text())
        if shown:
            assert word in note.inner_text() and "cards" not in note.inner_text()
    # Duerror Caecus hides the board, not cards: the greyed Save button says it in general words
    open_app(app, site_url, "new=duerror_grandis&quick&seats=human,easy&options=" + json.dumps({"players": 2, "caecus": True}))
    app.wait_for_function("window.pygamesApp.view && window.pygamesApp.view.game === 'duerror_grandis'")
    wait_settled(app)
    assert app.is_disabled("#save")
    title = app.get_attribute("#save", "title")
    assert "cards" not in title and "hides things" in title, title


@pytest.mark.parametrize("size", SIZES)
def test_a_flip_says_the_card_that_came_up(app, site_url, size):
    app.set_viewport_size({"width": size[0], "height": size[1]})
    rec = flipped_record()
    open_app(app, site_url, f"record={b64(rec)}&seats=human,random")
    v = wait_settled(app)
    flips = app.locator("#moves a.move", has_text="face-down card")
    assert flips.count() >= 1
    for text in flips.all_text_contents():
        assert text.startswith("Turn over the ") and text.rsplit(": ", 1)[1][-1] in "♣♦♥♠", text
    assert v["terminal"]
    # the result's words are the rules page's terms, explained on hover or tap (a walk-off Deegan, a
    # game called for want of a clear): a game of random players, called
    s = Session(Record.new("dritzak", {"players": 2}, seed=1), ["random", "random"])
    bot = RandomBot(1)
    while not s.state.is_terminal():
        s.act(bot.step(s.state).notation)
    assert "clear" in s.state.result_text()
    open_app(app, site_url, f"record={b64(s.record.to_json())}&seats=human,random")
    app.wait_for_function(f"window.pygamesApp.view && window.pygamesApp.view.plies === {len(s.record.actions)}")
    wait_settled(app)
    term = app.locator("#gameover-text .term", has_text="clear")
    term.first.wait_for()
    assert "pile" in term.first.get_attribute("data-tip")


@pytest.mark.parametrize("size", SIZES)
def test_the_form_shows_options_kept_from_the_last_game(app, site_url, size):
    app.set_viewport_size({"width": size[0], "height": size[1]})
    open_app(app, site_url, "new=dritzak")
    assert app.locator("#option-fields .changed:visible").count() == 0 and app.is_hidden("#options-reset")
    app.evaluate("""() => localStorage.setItem('pygames:newgame:dritzak',
      JSON.stringify({options: {players: 2, deal: 'hand of two', skip: true}, seats: ['human', 'easy']}))""")
    app.goto("about:blank")
    open_app(app, site_url, "new=dritzak")
    changed = app.locator("#option-fields .changed:visible")
    assert changed.count() == 3, changed.all_inner_texts()
    assert app.is_visible("#options-reset")
    app.click("#options-reset")
    assert app.locator("#option-fields .changed:visible").count() == 0 and app.is_hidden("#options-reset")
    assert app.input_value("#opt-deal") == "standard" and not app.is_checked("#opt-skip")
    # one change by hand shows its mark at once
    app.check("#opt-skip")
    assert app.locator("#option-fields .changed:visible").count() == 1
