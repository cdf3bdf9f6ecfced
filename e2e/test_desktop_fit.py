"""Every game at 1280x800 in the middle of a game (ui20): the board, the turn's status, a hint, a "Why not?"
and the move list's top are in view together without scrolling, the board's text still >= 11 CSS px.

ui18 made Duerror Grandis fit the screen's height with a switch of its drawing; newcomers then found Zoon's
page running past 800 px (status, hint and "Why not?" below the fold). The fit is now the page's for every
drawing (web/view.js fitText, web/app.css)."""
from __future__ import annotations

import base64
import json
import random

import pytest

import pygames.core
from pygames.core.chance import sample_outcome
from pygames.core.record import Record

from .helpers import SMALLEST_TEXT, idle, open_app

GAMES = [("dvonn", {}, 40), ("zertz", {"board": "37 rings"}, 14), ("zertz", {"board": "61 rings"}, 20),
         ("dvertz", {}, 30), ("duerror_grandis", {"players": 3}, 40), ("dritzak", {"players": 2}, 40),
         ("dritzak", {"players": 4}, 60), ("verquere", {}, 60), ("zoon", {"combat": "classic"}, 60),
         ("zoon", {"combat": "alternate"}, 60)]


def midgame(game: str, options: dict, plies: int) -> tuple[dict, int]:
    """A record of random play stopped after ``plies`` actions or more, where the first player is to
    choose among several moves; and the number of players."""
    g = pygames.core.get_game(game)
    for seed in range(3, 40):
        rec = Record.new(game, options, seed=seed, arranged=True)
        state, rng, actions = g.new_initial_state(rec.options), random.Random(seed), []
        while not state.is_terminal():
            p = state.current_player()
            if len(actions) >= plies and p == 0 and len(state.legal_actions()) > 1:
                return dict(rec.to_json(), actions=actions), state.num_players
            a = sample_outcome(state, rng) if p < 0 else rng.choice(state.legal_actions())
            actions.append(getattr(a, "notation", a))
            state = state.child(actions[-1])
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
