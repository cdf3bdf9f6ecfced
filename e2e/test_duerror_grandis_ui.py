"""Duerror Grandis in the browser: a 3-player game through clicks, Factiosus and Merus games by computer
seats replayed in Python, a Parcus match of two games, and the Caecus hot-seat curtain."""
from __future__ import annotations

from pygames.core.record import Record
from pygames.duerror_grandis.svg import PALETTE

from .helpers import SMALLEST_TEXT, open_app, perform, play_first, play_game, view, wait_settled

COUNT_CURTAINS = """() => { window.__curtains = 0;
  new MutationObserver(() => { if (!document.getElementById('curtain').hidden) window.__curtains++; })
    .observe(document.getElementById('curtain'), {attributes: true}); }"""


def racer(page, used):
    """A human who races: a thete, kept while it can move and changed for a melliran when it cannot; spares
    rather than takes, never veers, always moves. ``used`` counts what was clicked."""
    def choose(v, rng):
        legal = v["legal"]
        by = {a["notation"]: a for a in legal}
        colours = [a for a in legal if a["notation"].startswith("colour ")]
        if colours:  # G43
            return rng.choice(colours)
        boards = [a for a in legal if a["notation"].startswith("board ")]
        if boards:
            used["thumbnail"] += 1
            return rng.choice(boards)
        if "start thete" in by:
            return by["start thete"]
        if "keep" in by and "roll" in by:  # formactus
            full = view(page)
            me = full["observation"]["pieces"][full["current_player"]][0]
            dist = {"thete": 9, "ephebe": 5, "melliran": 1}[me["kind"]]
            if (me["number"] or 0) + dist <= 82:
                return by["keep"]
            return by.get("pay melliran") or by["roll"]
        if "change melliran" in by:
            return by["change melliran"]
        moves = [a for a in legal if a["targets"] and not a["notation"].startswith(("take", "board"))]
        if moves:
            used["square"] += 1
            return moves[0]
        for n in ("spare", "stop", "stay"):
            if n in by:
                return by[n]
        return rng.choice(legal)
    return choose


def replays(final):
    """The final record replays in Python to the same result."""
    rec = Record.from_json(final["record"])
    state = rec.replay()
    assert state.is_terminal() and state.returns() == final["result"]["returns"]
    assert [m["notation"] for m in final["moves"]] == rec.actions
    return state


def test_three_players_one_human_to_the_end_by_clicks(app, site_url):
    open_app(app, site_url, "new=duerror_grandis&quick&seats=human,random,random")
    used = {"thumbnail": 0, "square": 0}
    v = wait_settled(app)
    assert v["options"]["players"] == 3
    final = play_game(app, racer(app, used), seed=3)
    assert app.is_visible("#gameover") and "won" in app.inner_text("#gameover-text")
    assert used["thumbnail"] == 1 and used["square"] >= 1  # the dice decide how long the race lasts
    state = replays(final)
    assert state.num_players == 3


def start(app, site_url, options, seats, seed):
    open_app(app, site_url)
    app.evaluate("args => window.pygamesApp.start(args)",
                 {"game": "duerror_grandis", "options": options, "seats": seats, "seed": seed})
    app.wait_for_function("window.pygamesApp.view && window.pygamesApp.view.game === 'duerror_grandis'")


def test_factiosus_by_computer_seats_replays_in_python(app, site_url):
    start(app, site_url, {"players": 2, "factiosus": True}, ["random", "easy"], 11)
    app.wait_for_selector("#gameover:not([hidden])", timeout=170_000)
    state = replays(view(app))
    assert state.factiosus and all(len(row) == 3 for row in state.pieces)


def test_merus_by_computer_seats_replays_in_python(app, site_url):
    start(app, site_url, {"players": 3, "merus": True}, ["random", "random", "random"], 11)  # 81 plies (12: 255)
    app.wait_for_selector("#gameover:not([hidden])", timeout=120_000)
    state = replays(view(app))
    assert state.merus and all(pc[0] != "ephebe" for row in state.pieces for pc in row)


def test_parcus_match_of_two_games(app, site_url):
    start(app, site_url, {"players": 2, "parcus": 2}, ["easy", "random"], 13)
    app.wait_for_selector("#gameover:not([hidden])", timeout=120_000)
    final = view(app)
    state = replays(final)
    assert state.game_no == 2 and sum(state.wins) >= 2
    assert final["observation"]["wins"] == state.wins
    assert sum(a.startswith("first ") for a in state.history) == 2  # two opening rolls: two games
    assert "Parcus game 2 of 2" in app.inner_html("#board")
    assert app.locator("#board #wins-0").count() == 1  # each player's games won, on their line


def test_caecus_hot_seat_curtain_and_only_the_viewers_path(app, site_url):
    start(app, site_url, {"players": 2, "caecus": True}, ["human", "human"], 14)
    app.evaluate(COUNT_CURTAINS)
    v = wait_settled(app)
    for _ in range(40):
        full = view(app)
        if full["terminal"]:
            break
        me = full["viewer"]
        obs = full["observation"]
        assert me == full["current_player"]
        assert obs["boards"][1 - me] is None and obs["paths"][1 - me] is None
        # the page holds one path only, in the viewer's colour, and nothing of the other's path numbers
        paths = app.eval_on_selector_all("#board polyline.path", "els => els.map(e => e.getAttribute('stroke'))")
        assert len(paths) <= 1
        if obs["paths"][me] is not None:
            assert paths == [PALETTE[obs["colours"][me]]]
        other = full["player_names"][1 - me]
        assert f"of {other}'s path" not in app.inner_html("#board")
        assert full["record"] is None  # the record would tell the boards
        legal = full["legal"]
        pick = next((a for a in legal if a["notation"].startswith("board ")), None) \
            or next((a for a in legal if a["targets"]), None) or legal[0]
        perform(app, pick)
        v = wait_settled(app, full["ply"], light=True)
    assert app.evaluate("window.__curtains") >= 4, "the hot-seat curtain did not show between players"


def test_new_game_form_offers_every_variant(app, site_url):
    open_app(app, site_url)
    app.click("#new-duerror_grandis")
    app.wait_for_selector("#newgame:not([hidden])")
    for name in ("players", "caecus", "parcus", "factiosus", "merus"):
        assert app.is_visible(f"#opt-{name}")
    app.fill("#opt-players", "4")
    assert app.locator("#seat-fields select").count() == 4
    app.check("#opt-factiosus")
    app.check("#opt-merus")
    app.select_option("#seat-0", "human")
    for i in (1, 2, 3):
        app.select_option(f"#seat-{i}", "random")
    app.click("#start")
    v = wait_settled(app)
    assert v["options"]["factiosus"] and v["options"]["merus"] and v["options"]["players"] == 4
    assert app.locator('#board [data-target="board-1"]').count() + app.locator("#board .thumb").count() > 0
    href = app.eval_on_selector("#rules-link", "a => a.href")
    app.goto(href)
    assert app.is_visible("li#G1") and app.is_visible("li#G36")


MEASURE = """() => {
  const svg = document.querySelector('#board svg'); const vb = svg.viewBox.baseVal;
  const scale = svg.getBoundingClientRect().width / vb.width;
  let frame = null, area = 0;
  for (const r of svg.querySelectorAll('rect.box')) { const b = r.getBBox(); if (b.width * b.height > area) { area = b.width * b.height; frame = b; } }
  let minfont = 99; const spill = [];
  for (const t of svg.querySelectorAll('text')) {
    const b = t.getBBox(); if (!b.width) continue;
    if (b.x < 0 || b.y < 0 || b.x + b.width > vb.width || b.y + b.height > vb.height) spill.push(t.textContent);
    const cx = b.x + b.width / 2, cy = b.y + b.height / 2;
    if (cx > frame.x && cx < frame.x + frame.width && cy > frame.y && cy < frame.y + frame.height) {
      minfont = Math.min(minfont, parseFloat(getComputedStyle(t).fontSize) * scale);
      if (b.x < frame.x || b.x + b.width > frame.x + frame.width || b.y + b.height > frame.y + frame.height) spill.push(t.textContent);
    }
  }
  let bottom = 0;  // of the grid, or of the board picker's thumbnails
  for (const g of svg.querySelectorAll('g.cell, g.thumb')) { const b = g.getBBox(); bottom = Math.max(bottom, b.y + b.height); }
  return {minfont, spill, under: frame.y > bottom};
}"""


def test_phone_and_desktop_layouts_keep_the_panel_readable(app, site_url):
    """At 360×740 the panel goes under the board and no text in it is under 11 CSS px; at 1280 px it sits
    beside the board. At both widths, through a 4-player Factiosus Parcus game, no text spills out of
    the panel or the drawing."""
    app.set_viewport_size({"width": 360, "height": 740})
    start(app, site_url, {"players": 4, "factiosus": True, "parcus": 2}, ["human", "random", "random", "random"], 21)
    for moves in (0, 6, 12):
        play_first(app, moves)
        m = app.evaluate(MEASURE)
        assert m["under"] and m["minfont"] >= 11 and not m["spill"], m
    app.set_viewport_size({"width": 1280, "height": 800})
    app.wait_for_function("document.querySelector('#board svg').viewBox.baseVal.width > 900")
    play_first(app, 6)
    m = app.evaluate(MEASURE)
    assert not m["under"] and not m["spill"], m



IN_VIEW = """() => {
""" + SMALLEST_TEXT + """  const box = (id) => { const r = document.querySelector(id).getBoundingClientRect(); return [r.top, r.bottom]; };
  const svg = document.querySelector('#board svg');
  const min = smallestText(svg);
  return {board: box('#board svg'), status: box('#status'), hint: box('#hint-text'), buttons: box('#action-buttons'),
          grid: Math.max(...[...svg.querySelectorAll('g.cell')].map((g) => g.getBoundingClientRect().bottom)),
          height: innerHeight, minfont: min};
}"""


def test_desktop_shows_board_status_hint_and_buttons_together(app, site_url):
    """ui18: at 1280x800 the 9x9 board with its panel beside it is scaled to the screen's height, so the
    whole board, the turn's status, the hint after Hint and the part's buttons (here formactus: keep, pay,
    roll) are all in view without scrolling, in a 4-player game (the tallest panel), text still >= 11 px."""
    app.set_viewport_size({"width": 1280, "height": 800})
    start(app, site_url, {"players": 4}, ["human", "easy", "easy", "easy"], 5)
    v = wait_settled(app)
    while not (v["human_turn"] and v["observation"]["part"] == "formactus"):
        if v["human_turn"]:
            play_first(app, 1)
        v = view(app)
    app.evaluate("window.scrollTo(0, 0)")
    app.click("#hint")
    app.wait_for_selector("#hint-text:not([hidden])")
    wait_settled(app)
    m = app.evaluate(IN_VIEW)
    assert m["board"][0] >= 0 and m["grid"] <= m["status"][0], m
    for part in ("status", "hint", "buttons"):
        assert 0 <= m[part][0] < m[part][1] <= m["height"], (part, m)
    assert m["minfont"] >= 11, m
