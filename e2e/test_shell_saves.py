"""Never lose a game, never be surprised (issue 17, section 4), through the generic shell: every game kept
as it is played (hot seat with hidden hands sealed by the worker), the start page's games in progress,
new-game defaults remembered per game, moves that cannot be taken back confirmed, disabled buttons that
say why, and no board text under 11 CSS px on a desktop or a phone."""
from __future__ import annotations

import json

import pytest

from pygames.core.registry import get_game

from .helpers import READY, idle, open_app, perform, play_first, view, wait_settled

SMALLEST = """() => { let min = Infinity; for (const t of document.querySelectorAll('#board svg text')) {
  if (!t.textContent.trim() || !t.getClientRects().length) continue;
  const m = t.getScreenCTM(); if (!m) continue;
  min = Math.min(min, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b)); }
  return min; }"""


def test_hot_seat_hidden_hands_are_kept_sealed_and_resume_behind_the_curtain(app, site_url):
    """Dritzak, two players on one device: the game is in the start page's list after a reload, the
    storage holds no card of either hand (only sealed text), and the resumed game first asks to pass the
    device, then shows the same hand."""
    open_app(app, site_url, "new=dritzak&quick&seats=human,human&options=" + json.dumps({"players": 2}))
    v = play_first(app, 4)
    v = view(app)
    hand = v["observation"]["hand"]
    app.wait_for_function("(localStorage.getItem('pygames:saves') || '').includes('sealed')")
    idle(app)
    storage = app.evaluate("JSON.stringify(Object.assign({}, localStorage))")
    assert "record" not in json.loads(app.evaluate("localStorage.getItem('pygames:saves')"))[0]
    for card in hand:
        assert f'"{card}"' not in storage and f" {card} " not in storage, card
    # a reload of the game's page resumes it, hand-over first
    app.reload()
    app.wait_for_function(READY, timeout=120_000)
    app.wait_for_selector("#curtain:not([hidden])")
    assert "Pass the device" in app.inner_text("#curtain-text")
    assert app.evaluate("window.pygamesApp.view") is None  # nobody's cards are in the page yet
    app.click("#curtain-ok")
    app.wait_for_function("document.body.dataset.turn !== 'curtain'")
    w = wait_settled(app)
    assert w["ply"] == v["ply"] and w["observation"]["hand"] == hand
    # the start page lists it, newest first; it never resumes by itself; discard asks once more
    app.goto(f"{site_url}/index.html?botdelay=0")
    app.wait_for_function(READY, timeout=120_000)
    app.wait_for_selector("#in-progress:not([hidden])")
    assert app.is_visible("#home") and not app.is_visible("#play")
    text = app.inner_text("#saved-list li")
    assert "Dritzak" in text and "cards hidden" in text and "2 players on this device" in text
    app.click("#saved-list button.discard")
    assert app.locator("#saved-list li").count() == 1
    app.click("#saved-list button.discard")
    app.wait_for_selector("#in-progress", state="hidden")


def test_new_game_defaults_to_the_computer_and_remembers_per_game(app, site_url):
    open_app(app, site_url)
    app.click("#new-zertz")
    assert app.input_value("#seat-0") == "human" and app.input_value("#seat-1") == "medium"
    app.select_option("#seat-1", "easy")
    app.click("#start")
    wait_settled(app)
    app.evaluate("location.hash = 'new=zertz'")
    app.wait_for_selector("#newgame:not([hidden])")
    assert app.input_value("#seat-1") == "easy"  # this game's last choice
    app.evaluate("location.hash = 'new=dvonn'")
    app.wait_for_function("document.getElementById('newgame-title').textContent.includes('DVONN')")
    assert app.input_value("#seat-1") == "medium"  # not every game's


def test_a_move_that_cannot_be_taken_back_is_confirmed(app, site_url):
    """Verquere against the computer: the move that ends the turn (the next roll follows) is shown and
    confirmed; "keep thinking" plays nothing; a move within the roll plays at once and can be undone.
    Disabled buttons say why."""
    open_app(app, site_url, "new=verquere&quick&seats=human,random", botdelay=0)
    v = wait_settled(app)
    for _ in range(20):
        if not v["terminal"] and v["legal"]:
            break
        v = wait_settled(app, v["ply"])
    assert app.get_attribute("#redo", "title").startswith("Nothing to redo")
    asked = False
    for _ in range(12):
        a = v["legal"][0]
        perform(app, a)
        app.wait_for_function("document.body.dataset.turn === 'confirm' || "
                              f"document.body.dataset.ply !== '{v['ply']}'")
        if app.evaluate("document.body.dataset.turn") == "confirm":
            asked = True
            assert "not be able to take this move back" in app.inner_text("#confirm-text")
            box = app.evaluate("(() => { const r = document.getElementById('confirm-move')"
                               ".getBoundingClientRect(); return [r.top, r.bottom, innerHeight]; })()")
            assert box[0] >= 0 and box[1] <= box[2] + 1, f"the question is off screen: {box}"
            app.click("#confirm-no")
            idle(app)
            assert view(app)["ply"] == v["ply"]
            break
        w = view(app)
        if w["human_turn"] and not w["terminal"]:
            assert not app.is_disabled("#undo")  # within the roll: one click takes it back
        v = wait_settled(app, v["ply"])
    assert asked


@pytest.mark.parametrize("size", [(1280, 800), (360, 740)])
def test_no_board_text_under_11_px(app, site_url, size):
    """Every game's board, just started against the computer, at a desktop's and a phone's width (one
    page: each game is started in it as the new-game form starts one, so Python starts once per size)."""
    app.set_viewport_size({"width": size[0], "height": size[1]})
    open_app(app, site_url)
    for game in ["verquere", "dvonn", "zertz", "dvertz", "dritzak", "duerror_grandis", "zoon"]:
        n = get_game(game).new_initial_state({}).num_players
        app.evaluate("(a) => window.pygamesApp.start(a)", {"game": game, "seats": ["human"] + ["random"] * (n - 1)})
        assert view(app)["game"] == game
        wait_settled(app, light=True)
        smallest = app.evaluate(SMALLEST)
        assert smallest >= 11, (game, size, smallest)
