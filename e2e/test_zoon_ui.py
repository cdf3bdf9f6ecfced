"""Zoon in the browser: a whole game against the computer by clicks (with combats and, when one comes
up, a trump), a classic-combat game between computer seats replayed in Python, and the hot-seat curtain
with the opponent's face-down Zoons never in the page."""
from __future__ import annotations

import re

from pygames.core.record import Record

from .helpers import idle, open_app, perform, play_game, settle_move, view, wait_settled


ATTACK = re.compile(r"^[a-f][1-6]x[a-f][1-6]$")
PLAYED: list[str] = []


def fighter(v, rng):
    """A human who confirms the deployment quickly, plays a trump (clicked on the trump card) about
    half the times one is offered, and otherwise prefers attacks (``e2xe3``)."""
    legal = v["legal"]
    ready = [a for a in legal if a["notation"] == "ready"]
    trumps = [a for a in legal if a["targets"] and a["targets"][0].startswith("trump-")]
    attacks = [a for a in legal if ATTACK.match(a["notation"])]
    if ready:
        pick = ready[0]
    elif trumps and rng.random() < 0.5:
        pick = rng.choice(trumps)
    elif attacks and rng.random() < 0.7:
        pick = rng.choice(attacks)
    else:
        pick = rng.choice(legal)
    PLAYED.append(pick["targets"][0] if pick["targets"] else pick["notation"])
    return pick


def test_whole_game_against_the_computer_by_clicks(app, site_url):
    open_app(app, site_url, "new=zoon&quick&seats=human,random")
    final = play_game(app, fighter, seed=3, max_actions=3000)
    assert app.is_visible("#gameover")
    rec = Record.from_json(final["record"])
    state = rec.replay()
    assert state.is_terminal() and state.returns() == final["result"]["returns"]
    assert any(a.startswith("dice ") for a in rec.actions), "no combat was fought"
    assert any(t.startswith("trump-") for t in PLAYED), "the human never played a trump"
    # the last turn stays marked on the battlefield (start, end, arrow or result badge)
    assert app.locator("#board #zoon-trail .lastto").count() >= 1


def test_classic_combat_between_computer_seats_replays_in_python(app, site_url):
    open_app(app, site_url)
    app.evaluate("window.pygamesApp.start({game: 'zoon', options: {combat: 'classic', south: 'warus', "
                 "north: 'rhinogoths'}, seats: ['random', 'random'], seed: 7})")
    app.wait_for_selector("#gameover:not([hidden])", timeout=240_000)
    final = view(app)
    state = Record.from_json(final["record"]).replay()
    assert state.is_terminal() and state.returns() == final["result"]["returns"]
    assert final["options"]["combat"] == "classic"


def test_hot_seat_curtain_keeps_face_down_zoons_out_of_the_page(app, site_url):
    open_app(app, site_url, "new=zoon&quick&seats=human,human")
    curtains = 0
    v = wait_settled(app)
    for _ in range(40):
        if v["terminal"]:
            break
        full = view(app)
        me = full["viewer"]
        assert full["record"] is None, "a hidden-information game sends no record while it is played"
        for cell in full["observation"]["cells"]:
            if cell and "obstacle" not in cell and cell["owner"] != me and cell["hidden"]:
                assert set(cell) == {"owner", "hidden"}, "an opponent's face-down Zoon showed more than its back"
        perform(app, v["legal"][0])
        settle_move(app, v["ply"])
        if app.evaluate("document.body.dataset.turn") == "curtain":
            curtains += 1
            # behind the curtain the board is empty: nothing of either player's view is in the page
            assert app.inner_html("#board") == ""
        v = wait_settled(app, None)
    assert curtains > 0, "the curtain never showed between the two players"


PHONE = """() => {
  const svg = document.querySelector('#board svg');
  const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const px = (sel) => Math.min(...[...svg.querySelectorAll(sel)].map(
      (t) => parseFloat(getComputedStyle(t).fontSize) * k));
  const shown = [...svg.querySelectorAll('.detail')].filter((d) => getComputedStyle(d).display !== 'none');
  return {width: svg.viewBox.baseVal.width, corner: px('.card.n .cv'), name: px('.card.n .nm'),
          detail: shown.map((d) => d.querySelector('.dh').textContent),
          hint: getComputedStyle(svg.querySelector('.hint')).display !== 'none'};
}"""


def test_phone_layout_shows_readable_cards_and_the_tapped_card_in_full(app, site_url):
    """At 360×740 the battlefield takes the whole width (the narrow drawing), the cards' corners and names
    are at least 10 CSS px, and a card tapped during deployment is shown in full under the battlefield; at
    1280 px the wide drawing comes back."""
    app.set_viewport_size({"width": 360, "height": 740})
    open_app(app, site_url, "new=zoon&quick&seats=human,random")
    wait_settled(app)
    m = app.evaluate(PHONE)
    assert m["width"] < 700 and m["corner"] >= 10.5 and m["name"] >= 10 and m["hint"] and not m["detail"], m
    app.click("#board [data-target='c1']")
    idle(app)
    m = app.evaluate(PHONE)
    assert len(m["detail"]) == 1 and m["detail"][0].startswith("South's ") and not m["hint"], m
    app.set_viewport_size({"width": 1280, "height": 800})
    app.wait_for_function("document.querySelector('#board svg').viewBox.baseVal.width > 900")


PANEL_AND_BUTTONS = """() => {
  const box = (e) => e.getBoundingClientRect();
  const p = box(document.querySelector('#board #combat-panel'));
  const bs = [...document.querySelectorAll('#action-buttons button')].map(box);
  const c = box(document.querySelector('#controls'));
  return {panel: [p.top, p.bottom], buttons: [Math.min(...bs.map(b => b.top)), Math.max(...bs.map(b => b.bottom))],
          controls: c.top, height: innerHeight, text: document.querySelector('#board #combat-panel').textContent};
}"""


def test_phone_shows_the_classic_choice_explained_next_to_its_buttons(app, site_url):
    """At 390×844 a classic combat's secret choice: the combat panel (corners named in words, the player's
    own values upright and turned) and the eight choice buttons are on screen together; the result then
    says whose card was touched where."""
    app.set_viewport_size({"width": 390, "height": 844})
    open_app(app, site_url)
    app.evaluate("window.pygamesApp.start({game: 'zoon', options: {combat: 'classic', south: 'boarix', "
                 "north: 'monkus'}, seats: ['human', 'random'], seed: 5})")
    for _ in range(200):
        v = wait_settled(app)
        notes = [a["notation"] for a in v["legal"]]
        if any(n.startswith("secret ") for n in notes):
            break
        attacks = [a for a in v["legal"] if ATTACK.match(a["notation"])]
        perform(app, next((a for a in v["legal"] if a["notation"] == "ready"), None) or
                (attacks or v["legal"])[0])
    else:
        raise AssertionError("no classic combat came up")
    app.locator("#board #combat-panel").scroll_into_view_if_needed()
    app.evaluate("document.querySelector('#board #combat-panel').scrollIntoView({block: 'start'})")
    m = app.evaluate(PANEL_AND_BUTTONS)
    assert 0 <= m["panel"][0] and m["panel"][1] <= m["controls"] + 1 and m["buttons"][1] <= m["height"], m
    assert "TL top left" in m["text"] and "upright: TL" in m["text"] and "turned: TL" in m["text"], m
    assert app.locator("#action-buttons button", has_text="Turned, touch bottom right").count() == 1
    perform(app, next(a for a in v["legal"] if a["notation"] == "secret down BR"))
    wait_settled(app)
    text = app.evaluate("document.querySelector('#board #combat-panel').textContent")
    assert "touched its bottom right" in text and "Your " in text, text
