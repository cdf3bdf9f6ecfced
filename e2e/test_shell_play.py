"""Moves players make fast (issue 5, section 2): one gesture where only one action can follow, and a
forced move (one legal action) played for the player after a visible pause, unless they turn it off."""
from __future__ import annotations

import base64
import json

import pygames.games  # noqa: F401  (registers the shipped games for Record.replay: core imports none)
from pygames.core.record import Record
from pygames.core.registry import get_game

from .helpers import idle, open_app, perform, view, wait_settled


def test_one_click_plays_when_only_one_action_starts_there(app, site_url):
    """DVONN on a random full board: a stack with a single landing space moves with one click."""
    open_app(app, site_url, "new=dvonn&quick&seats=human,human&options=" + json.dumps({"random_board": True}))
    for _ in range(30):
        v = wait_settled(app)
        starts: dict[str, list] = {}
        for a in v["legal"]:
            if len(a["targets"]) > 1:
                starts.setdefault(a["targets"][0], []).append(a)
        single = [t for t, acts in starts.items() if len(acts) == 1]
        if single:
            t = single[0]
            app.click(f'#board [data-target="{t}"]', force=True)
            w = wait_settled(app, v["ply"])
            assert w["moves"][-1]["notation"] == starts[t][0]["notation"]
            return
        # no such stack here: play a move by its two clicks and look again
        a = v["legal"][0]
        for t in a["targets"]:
            app.click(f'#board [data-target="{t}"]', force=True)
    raise AssertionError("no position with a one-landing stack in 30 moves")


def test_a_forced_move_is_played_for_the_player_and_can_be_left_to_them(app, site_url):
    """DVONN's 49th placement is forced: the page says so, marks the space, then places the piece."""
    g = get_game("dvonn")
    s = g.new_initial_state({})
    while len(s.legal_actions()) > 1:
        s.apply(s.legal_actions()[0])
    rec = {"game": "dvonn", "options": {}, "seed": 1, "actions": list(s.history)}
    frag = base64.urlsafe_b64encode(json.dumps(rec).encode()).decode().rstrip("=")
    only = s.legal_actions()[0].notation
    # with the page's pace (normal, 700 ms) there is time to see the move before it is made
    app.goto(f"{site_url}/index.html#record={frag}&seats=human,human")
    app.wait_for_function("document.body.dataset.turn === 'auto'", timeout=120_000)
    assert "Only one move" in app.inner_text("#status")
    assert "target" in app.get_attribute(f'#board [data-target="{only}"]', "class")
    app.wait_for_function(f"document.body.dataset.ply === '{len(rec['actions']) + 1}'")
    assert view(app)["moves"][-1]["notation"] == only
    # turned off in the game panel: the forced move waits for the player
    app.uncheck("#autoplay")
    app.click("#undo")
    idle(app)
    app.wait_for_timeout(1200)
    v = view(app)
    assert app.evaluate("document.body.dataset.turn") == "human" and [a["notation"] for a in v["legal"]] == [only]


SPY_LAYOUT = """
import pygames.games  # noqa: F401  (registers the shipped games for Record.replay: core imports none)
from pygames.core.record import Record
from pygames.core.registry import get_game
_g = get_game("verquere")
_draw = _g.draw_svg
_g.draw_svg = lambda obs, **kw: _draw(obs, **kw).replace("<svg", f'<svg data-layout="{kw.get("layout")}"', 1)
"""


def test_narrow_screen_layout_reaches_the_drawing(app, site_url):
    """A page at most 600 px wide asks the games for their narrow drawing (side panels under the board);
    turning the phone to a wide window redraws the position in the wide layout, and back."""
    app.set_viewport_size({"width": 360, "height": 740})
    app.goto(f"{site_url}/index.html?botdelay=0&nosw&testhooks")
    app.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
    app.evaluate("src => window.pygamesExec(src)", SPY_LAYOUT)
    app.evaluate("window.pygamesApp.start({game: 'verquere', options: {}, seats: ['human', 'human'], seed: 3})")
    app.wait_for_selector('#board svg[data-layout="narrow"]')
    app.set_viewport_size({"width": 1280, "height": 800})
    app.wait_for_selector('#board svg[data-layout="wide"]')
    app.set_viewport_size({"width": 360, "height": 740})
    app.wait_for_selector('#board svg[data-layout="narrow"]')


def test_phone_keeps_the_turn_in_reach_and_the_page_its_width(app, site_url):
    """At 360 px a game whose drawing is taller than the screen (Duerror Grandis, Factiosus: its panel
    under the board) keeps the status line and the turn's buttons on screen, and long moves in the list
    wrap instead of widening the page."""
    app.set_viewport_size({"width": 360, "height": 740})
    open_app(app, site_url, "new=duerror_grandis&quick&seats=human,random,random&options="
             + json.dumps({"players": 3, "factiosus": True}))
    v = wait_settled(app)
    board = app.locator("#board").bounding_box()
    assert board["y"] + board["height"] > 740  # the drawing reaches past the screen's bottom
    for sel in ("#status", "#undo"):
        box = app.locator(sel).bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= 740, (sel, box)
    for _ in range(40):  # play on (first legal action) until the move list holds long moves
        if v["terminal"] or len(v["moves"]) > 60:
            break
        perform(app, v["legal"][0])
        v = wait_settled(app, v["ply"])
    assert app.evaluate("document.documentElement.scrollWidth") <= 360


# the line boxes of the step counter's text (one a line when it wraps)
COUNTER_LINES = """() => { const r = document.createRange(); r.selectNodeContents(document.getElementById('embed-ply'));
  return {text: document.getElementById('embed-ply').textContent, widths: [...r.getClientRects()].map((b) => b.width)}; }"""


def test_phone_step_counter_wraps_in_even_lines(app, site_url):
    """ui24: at 390 px a DVONN game over after turn 100 read "Game over after turn" with "100" alone on a
    second line between the step buttons; the counter now wraps into lines of about equal width."""
    rec = Record.new("dvonn", {}, seed=4, arranged=True)
    state = rec.replay(0)
    while not state.is_terminal():  # the first legal action each time: a game of 100 turns or more
        rec.actions.append(state.legal_actions()[0].notation)
        state = state.child(rec.actions[-1])
    frag = base64.urlsafe_b64encode(json.dumps(rec.to_json()).encode()).decode().rstrip("=")
    app.set_viewport_size({"width": 390, "height": 844})
    open_app(app, site_url, f"record={frag}&seats=human,human")
    app.wait_for_selector("#gameover:not([hidden])")
    idle(app)
    m = app.evaluate(COUNTER_LINES)
    assert m["text"].startswith("Game over after turn "), m
    assert len(m["widths"]) <= 2 and min(m["widths"]) > 0.5 * max(m["widths"]), m
