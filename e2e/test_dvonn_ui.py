"""DVONN in the browser: a whole game through clicks against the computer, the highlights a player sees
(movable stacks, then landing spaces), forced passes as a button, and the random-full-board option."""
from __future__ import annotations

import base64
import json
import random

from pygames.core import get_game
from pygames.core.record import Record
from tests.dvonn.helpers import BALANCED_PLACEMENTS

from .helpers import open_app, perform, play_game, view, wait_settled

CLASSES = """() => Object.fromEntries([...document.querySelectorAll('#board [data-target]')]
  .map(e => [e.dataset.target, e.getAttribute('class')]))"""


def test_whole_game_human_vs_computer_by_clicks(app, site_url):
    open_app(app, site_url, "new=dvonn&quick&seats=human,random", autoplay=False)
    seen = {"pass": 0, "move": 0, "place": 0}

    def choose(v, rng):
        kinds = {len(a["notation"]) for a in v["legal"]}
        if v["legal"][0]["notation"] == "pass":
            seen["pass"] += 1
        elif 4 in kinds:
            seen["move"] += 1
        else:
            seen["place"] += 1
        return rng.choice(v["legal"])

    final = play_game(app, choose, seed=3)
    assert app.is_visible("#gameover")
    text = app.inner_text("#gameover-text")
    assert "won" in text or "draw" in text
    assert seen["place"] == 25 and seen["move"] > 0  # White places 25 pieces (N3, N4), then moves
    rec = Record.from_json(final["record"])
    state = rec.replay()
    assert state.is_terminal() and state.returns() == final["result"]["returns"]
    assert [m["notation"] for m in final["moves"]] == rec.actions
    obs = final["observation"]
    assert obs["status"] == "over" and obs["score"] == state.scores()
    assert len("".join(obs["stacks"])) + sum(obs["removed"]) == 49
    svg = app.inner_html("#board")
    assert "Game over" in svg and f"White: {obs['score'][0]}" in svg


def test_placement_then_moving_highlights(app, site_url):
    open_app(app, site_url, "new=dvonn&quick&seats=human,human", autoplay=False)
    v = wait_settled(app)
    assert "Placement: White places a DVONN piece" in app.inner_html("#board")
    classes = app.evaluate(CLASSES)
    assert len(classes) == 49 and all("from" in c for c in classes.values())  # every space is free
    # play the placement phase by clicks: the balanced board of EveryBoard
    for n in BALANCED_PLACEMENTS[:48]:
        app.click(f'#board [data-target="{n}"]', force=True)
        v = wait_settled(app, v["ply"])
    board = app.inner_html("#board")
    assert "the last space is forced" in board
    assert [a["notation"] for a in v["legal"]] == ["k3"]
    app.click('#board [data-target="k3"]', force=True)
    v = wait_settled(app, v["ply"])
    # N5: White moves again; only edge pieces may move and they are marked
    assert v["current_player"] == 0 and "double turn" in app.inner_html("#board")
    classes = app.evaluate(CLASSES)
    movable = {t for t, c in classes.items() if "from" in c.split()}
    assert movable == {a["notation"][:2] for a in v["legal"]} and "a1" in movable and "e2" not in movable
    app.click('#board [data-target="a1"]', force=True)
    classes = app.evaluate(CLASSES)
    landing = {t for t, c in classes.items() if "target" in c.split()}
    assert landing == {"a2", "b1", "b2"} and "selected" in classes["a1"]
    app.click('#board [data-target="b2"]', force=True)
    v = wait_settled(app, v["ply"])
    assert v["moves"][-1]["notation"] == "a1b2" and v["current_player"] == 1
    assert "Black to move" in app.inner_html("#board")


def test_forced_pass_is_a_button(app, site_url):
    """N15: a shared game where the player to move has no move: the only action is the Pass button, and
    the board says so."""
    g = get_game("dvonn")
    for seed in range(200):
        s, rng = g.new_initial_state({}), random.Random(seed)
        while not s.is_terminal() and [a.notation for a in s.legal_actions()] != ["pass"]:
            s.apply(rng.choice(s.legal_actions()))
        if not s.is_terminal():
            break
    rec = {"game": "dvonn", "options": {}, "seed": 1, "actions": list(s.history)}
    frag = base64.urlsafe_b64encode(json.dumps(rec).encode()).decode().rstrip("=")
    app.goto(f"{site_url}/index.html?botdelay=0&autoplay=0#record={frag}&seats=human,human")
    app.wait_for_function("document.body.dataset.ready === '1'")
    v = wait_settled(app)
    assert [a["notation"] for a in v["legal"]] == ["pass"]
    assert "has no move and must pass" in app.inner_html("#board")
    button = app.locator('#action-buttons button[data-action="pass"]')
    assert button.inner_text() == "Pass (no move)"
    perform(app, v["legal"][0])
    w = wait_settled(app, v["ply"])
    assert w["moves"][-1]["notation"] == "pass" and "had no move and passed" in app.inner_html("#board")


def test_random_full_board_option(app, site_url):
    open_app(app, site_url)
    app.click("#new-dvonn")
    app.wait_for_selector("#newgame:not([hidden])")
    app.check("#opt-random_board")
    app.select_option("#seat-1", "random")
    app.click("#start")
    v = wait_settled(app)
    assert v["options"] == {"random_board": True} and v["current_player"] == 0
    assert v["ply"] == 49 and all(m["chance"] for m in v["moves"])  # N6: chance filled the board
    assert all(len(s) == 1 for s in v["observation"]["stacks"])
    perform(app, v["legal"][0])
    w = wait_settled(app, v["ply"])
    assert w["ply"] >= 51 and view(app)["record"]["options"] == {"random_board": True}


MIN_FONT = """() => { const svg = document.querySelector('#board svg'); let m = 1e9;
  svg.querySelectorAll('text').forEach(t => { if (!t.textContent.trim()) return;
    m = Math.min(m, parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a); });
  return {minfont: m, width: svg.viewBox.baseVal.width}; }"""
"""The smallest text of the board in CSS px on screen, and the drawing's width in its own units (ZÈRTZ's
test reads it too)."""


def test_phone_layout_text_is_readable(app, site_url):
    """N1: at 360×740 every text of the board (status, coordinates, stack heights, score) is at least
    11 CSS px."""
    app.set_viewport_size({"width": 360, "height": 740})
    open_app(app, site_url, "new=dvonn&quick&seats=human,random&options=" + '{"random_board":true}')
    view(app)
    app.wait_for_selector("#board svg")
    m = app.evaluate(MIN_FONT)
    assert m["minfont"] >= 11, m
