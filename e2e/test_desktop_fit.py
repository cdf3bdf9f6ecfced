"""Every game at 1280x800 in the middle of a game (ui20): the board, the turn's status, a hint, a "Why not?"
and the move list's top are in view together without scrolling, the board's text still >= 11 CSS px.

ui18 made Duerror Grandis fit the screen's height with a switch of its drawing; newcomers then found Zoon's
page running past 800 px (status, hint and "Why not?" below the fold). The fit is now the page's for every
drawing (web/view.js fitText, web/app.css)."""
from __future__ import annotations

import base64
import json

import pytest

from .helpers import SMALLEST_TEXT, idle, open_app, random_game

GAMES = [("dvonn", {}, 40), ("zertz", {"board": "37 rings"}, 14), ("zertz", {"board": "61 rings"}, 20),
         ("dvertz", {}, 30), ("duerror_grandis", {"players": 3}, 40), ("dritzak", {"players": 2}, 40),
         ("dritzak", {"players": 4}, 60), ("verquere", {}, 60), ("zoon", {"combat": "classic"}, 60),
         ("zoon", {"combat": "alternate"}, 60)]


def midgame(game: str, options: dict, plies: int) -> tuple[dict, int]:
    """A record of random play stopped after ``plies`` actions or more, where the first player is to
    choose among several moves; and the number of players."""
    for seed in range(3, 40):
        rec, state = random_game(game, options, seed, lambda state, actions: len(actions) >= plies
                                 and state.current_player() == 0 and len(state.legal_actions()) > 1)
        if not state.is_terminal():
            return rec.to_json(), state.num_players
    raise AssertionError(f"no game of {game} lasted {plies} actions")


# a click on a board element that is no legal move: the "Why not?" answer
WHY = """() => { const v = window.pygamesApp.view; const ok = new Set(v.legal.flatMap((a) => a.targets));
  const t = [...document.querySelectorAll('#board [data-target]')].find((e) => !ok.has(e.dataset.target) && e.getClientRects().length);
  if (t) t.dispatchEvent(new MouseEvent('click', {bubbles: true})); return Boolean(t); }"""

MEASURE = """() => {
""" + SMALLEST_TEXT + """  const box = (s) => { const e = document.querySelector(s); const r = e.getBoundingClientRect(); return [r.top, r.bottom]; };
  const svg = document.querySelector('#board svg');
  const min = smallestText(svg);
  return {board: box('#board svg'), status: box('#quickbar'), hint: box('#hint-text'), why: box('#why'), nav: box('#embed-nav'),
          moves: box('#moves'), minfont: min, height: innerHeight, scrollY};
}"""


# Zoon's battlefield on screen: its 36 cells, the corner numbers of its cards and its column letters
ZOON_BOARD = """() => {
  const svg = document.querySelector('#board svg');
  const parts = [...svg.querySelectorAll('.cell .cellbg, .cell .cv, text.lbl')].map((e) => e.getBoundingClientRect());
  return {cells: svg.querySelectorAll('.cell').length, corners: svg.querySelectorAll('.cell .cv').length,
          top: Math.min(...parts.map((r) => r.top)), bottom: Math.max(...parts.map((r) => r.bottom))};
}"""


@pytest.mark.parametrize("game,options,plies", GAMES, ids=lambda x: x if isinstance(x, str) else None)
def test_the_whole_turn_is_in_view_at_1280x800(app, site_url, game, options, plies):
    """At 1280x800, scrolled to the top, after Hint and a refused click: the status bar, the hint and the
    "Why not?" answer end above 800 px, the move list starts above it (its top lines in view), and the
    board is whole in view with its text >= 11 px. Zoon's battlefield (ui21: its card text 13 units in a
    drawing 612 units high, its column letters over it only; was 10 units in 700, its last two rows under
    the bar) is whole above the status bar with its labels; its side panel, when longer than the
    battlefield, may run on under the bar."""
    rec, n = midgame(game, options, plies)
    frag = base64.urlsafe_b64encode(json.dumps(rec).encode()).decode().rstrip("=")
    app.set_viewport_size({"width": 1280, "height": 800})
    open_app(app, site_url, f"record={frag}&seats={','.join(['human'] + ['easy'] * (n - 1))}", botdelay=600_000)
    idle(app)
    app.click("#hint")
    app.wait_for_selector("#hint-text:not([hidden])")
    assert app.evaluate(WHY)
    app.wait_for_selector("#why:not([hidden])")
    idle(app)
    app.evaluate("window.scrollTo(0, 0)")
    m = app.evaluate(MEASURE)
    # ui22: the step buttons too (they were under the hint and went past 800 px): in the status's row
    for part in ("status", "hint", "why", "nav"):
        assert 0 <= m[part][0] < m[part][1] <= m["height"], (part, m)
    assert m["minfont"] >= 11, m
    assert m["board"][0] >= 0, m
    if game == "zoon":
        # ui21: the whole battlefield, every card's corner numbers and the column letters under it, above the
        # status bar (ui20 left its two last rows under the bar); the side panel may run on below it
        z = app.evaluate(ZOON_BOARD)
        assert z["cells"] == 36 and z["corners"] >= 4, z
        assert 0 <= z["top"] and z["bottom"] <= m["status"][0], (z, m)
    else:
        assert m["board"][1] <= m["status"][0], m
        assert m["moves"][0] + 40 <= m["height"], m


def finished(game: str, options: dict, seed: int) -> tuple[dict, int]:
    """A random game of ``game`` played to its end (chance outcomes by their odds); and its players."""
    rec, state = random_game(game, options, seed)
    return rec.to_json(), state.num_players


def share(rec: dict, n: int) -> str:
    frag = base64.urlsafe_b64encode(json.dumps(rec).encode()).decode().rstrip("=")
    return f"record={frag}&seats={','.join(['human'] + ['easy'] * (n - 1))}"


# the review chart's scale on screen: each percentage's box, the chart's box, and whether the label is
# what the screen shows at its centre (not covered by the plot scrolled under it)
SCALE = """() => { const b = document.getElementById('review-chart'), r = b.getBoundingClientRect();
  return {box: [r.left, r.right], scroll: [b.scrollLeft, b.scrollWidth - b.clientWidth],
    labels: [...b.querySelectorAll('text')].filter((t) => /%$/.test(t.textContent)).map((t) => {
      const q = t.getBoundingClientRect(), at = document.elementFromPoint((q.left + q.right) / 2, (q.top + q.bottom) / 2);
      return [t.textContent, q.left, q.right, at === t]; })}; }"""


def test_the_review_charts_scale_stays_in_view_on_a_phone(app, site_url):
    """At 390x844 a long game's review chart (a random Verquere game, over 150 turns) is wider than the
    screen and scrolls sideways in its box; its scale (100%, 50%, 0%) stays at the box's left edge, seen,
    wherever the chart is scrolled (ui23: it scrolled away with the plot, and the reader lost the scale)."""
    rec, n = finished("verquere", {}, 3)
    app.set_viewport_size({"width": 390, "height": 844})
    open_app(app, site_url, share(rec, n))
    app.wait_for_selector("#gameover:not([hidden])")
    app.click("#review")
    app.wait_for_selector("#review-chart svg polyline.win", timeout=120_000)
    idle(app)
    app.eval_on_selector("#review-chart", "b => b.scrollIntoView({block: 'center'})")
    assert app.evaluate("document.documentElement.scrollWidth") <= 390
    end = app.evaluate(SCALE)["scroll"][1]
    assert end > 300, end  # the chart scrolls sideways
    for left in (0, end // 2, end):
        app.eval_on_selector("#review-chart", "(b, x) => { b.scrollLeft = x; }", left)
        m = app.evaluate(SCALE)
        assert [t[0] for t in m["labels"]] == ["100%", "50%", "0%"], m
        for _, lo, hi, seen in m["labels"]:
            assert m["box"][0] <= lo < hi <= m["box"][0] + 60 and seen, (left, m)


# Zoon's combat panel and the choice buttons on screen
PANEL = """() => { const box = (e) => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; };
  const bs = [...document.querySelectorAll('#action-buttons button')].map(box);
  return {panel: box(document.querySelector('#board #combat-panel')), controls: box(document.getElementById('controls')),
          buttons: [Math.min(...bs.map((b) => b[0])), Math.max(...bs.map((b) => b[1]))], count: bs.length,
          height: innerHeight, scrollY}; }"""


def secret_choice(seed: int) -> tuple[dict, int]:
    """A random classic-combat Zoon game stopped where South (the first seat) makes a secret choice."""
    rec, state = random_game("zoon", {"combat": "classic"}, seed, lambda state, actions: state.current_player() == 0
                             and any(a.notation.startswith("secret ") for a in state.legal_actions()))
    if state.is_terminal():
        raise AssertionError("no secret choice")
    return rec.to_json(), 2


@pytest.mark.parametrize("seed", [3, 4])
def test_the_secret_choice_is_explained_above_its_buttons_on_a_phone(app, site_url, seed):
    """At 390x844 a classic combat's secret choice: its eight buttons take four rows of the bar pinned at
    the screen's bottom; the combat panel that explains them (the player's own values at each corner, its
    last lines) is brought into view whole above that bar when the choice comes up (ui23: opened from the
    top of the page, its last lines were under the bar), and the buttons are on screen with it."""
    rec, n = secret_choice(seed)
    app.set_viewport_size({"width": 390, "height": 844})
    open_app(app, site_url, share(rec, n), botdelay=600_000)
    idle(app)
    m = app.evaluate(PANEL)
    assert m["count"] == 8, m
    assert 0 <= m["panel"][0] < m["panel"][1] <= m["controls"][0] and m["buttons"][1] <= m["height"], m
