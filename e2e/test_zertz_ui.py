"""ZÈRTZ in the browser: a whole game by clicks against the computer; computer-only games on 61 rings
and with the Blitz pool, their records replayed in Python."""
from __future__ import annotations

from pygames.core.record import Record

from .helpers import open_app, play_game, view, wait_settled
from .test_dvonn_ui import MIN_FONT


def test_whole_game_human_vs_computer_by_clicks(app, site_url):
    """Placements are clicked colour, ring, free ring; jumps start then landing rings (Z21)."""
    open_app(app, site_url, "new=zertz&quick&seats=human,random")
    v = view(app)
    assert 'data-target="take-W"' in v["svg"] and len(v["legal"]) == 1944
    final = play_game(app, seed=3)
    assert app.is_visible("#gameover")
    rec = Record.from_json(final["record"])
    state = rec.replay()
    assert state.is_terminal() and state.returns() == final["result"]["returns"]
    assert [m["notation"] for m in final["moves"]] == rec.actions


def _computer_game(app, site_url, option: str, value: str) -> dict:
    """A game between two random computer seats, started from the new-game form."""
    open_app(app, site_url)
    app.click("#new-zertz")
    app.wait_for_selector("#newgame:not([hidden])")
    app.select_option(f"#opt-{option}", value)
    app.select_option("#seat-0", "random")
    app.select_option("#seat-1", "random")
    app.click("#start")
    app.wait_for_selector("#gameover:not([hidden])", timeout=120_000)
    return view(app)


def test_61_rings_by_computer_seats(app, site_url):
    final = _computer_game(app, site_url, "board", "61 rings")
    rec = Record.from_json(final["record"])
    assert rec.options["board"] == "61 rings"
    state = rec.replay()
    assert state.is_terminal() and state.returns() == final["result"]["returns"]


def test_blitz_by_computer_seats(app, site_url):
    final = _computer_game(app, site_url, "pool", "blitz")
    rec = Record.from_json(final["record"])
    assert rec.options["pool"] == "blitz"
    state = rec.replay()
    assert state.is_terminal() and state.returns() == final["result"]["returns"]



def test_phone_layout_puts_the_panels_under_the_board_readably(app, site_url):
    """Z21: at 360×740 the pool and the players' panels sit under the board (a narrow drawing) and every
    text of the drawing is at least 11 CSS px; at 1280 px they are beside it again."""
    app.set_viewport_size({"width": 360, "height": 740})
    open_app(app, site_url, "new=zertz&quick&seats=human,random&options=" + '{"board":"61 rings"}')
    view(app)
    app.wait_for_selector("#board svg")
    m = app.evaluate(MIN_FONT)
    assert m["minfont"] >= 11 and m["width"] < 500, m
    app.set_viewport_size({"width": 1280, "height": 800})
    app.wait_for_function("document.querySelector('#board svg').viewBox.baseVal.width > 600")


TURN_LINE = """() => { const t = document.getElementById('status-msg'), svg = document.querySelector('#board svg');
  if (!t) return null; const b = t.getBoundingClientRect(), s = svg.getBoundingClientRect();
  return {text: t.textContent, inside: b.left >= s.left - 1 && b.right <= s.right + 1 && b.bottom <= s.bottom + 1}; }"""


def test_the_board_says_what_a_turn_is(app, site_url):
    """Z5, Z7: a newcomer who skipped the tutorial saw rings, a pool and "Your turn", and no word of what
    to do. On the player's turn the line under the board says it (place a marble, then remove a free
    ring), whole within the drawing on a phone and on a laptop; on the computer's turn it does not."""
    for size in ({"width": 390, "height": 844}, {"width": 1280, "height": 800}):
        app.set_viewport_size(size)
        open_app(app, site_url, "new=zertz&quick&seats=human,random")
        wait_settled(app, light=True)
        line = app.evaluate(TURN_LINE)
        assert line and line["inside"], (size, line)
        assert "Player 1: place a marble" in line["text"] and "remove a free ring" in line["text"], line
    # the computer's turn: no such line for the player who watches
    open_app(app, site_url, "new=zertz&quick&seats=random,human", botdelay=5000)
    app.wait_for_function("document.body.dataset.turn === 'bot' && !document.body.dataset.busy")
    assert "place a marble" not in (app.evaluate(TURN_LINE) or {"text": ""})["text"]
