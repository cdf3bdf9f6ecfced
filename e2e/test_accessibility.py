"""axe-core (npm ``axe-core``, injected from node_modules, so nothing is fetched) on the start page, the
new-game form, a game in progress and a rules page: no serious or critical violation (issue 5, section 5)."""
from __future__ import annotations

import pytest

from pygames.core.registry import get_game

from .conftest import ROOT
from .helpers import open_app, play_first, view

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def serious(page) -> list[str]:
    """axe's serious and critical violations on the page, as 'rule: target' lines."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:5]} {v['help']}"
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


def test_start_page_and_new_game_form(app, site_url):
    open_app(app, site_url)
    app.wait_for_selector("#game-list li")
    assert serious(app) == []
    app.click("#new-dritzak")
    app.wait_for_selector("#newgame:not([hidden])")
    assert serious(app) == []
    # drawing lots for the seats (N2 and other texts: who begins is drawn) keeps the seats' choices
    before = app.eval_on_selector_all("#seat-fields select", "s => s.map((x) => x.value)")
    for _ in range(4):
        app.click("#seat-lot")
        after = app.eval_on_selector_all("#seat-fields select", "s => s.map((x) => x.value)")
        assert sorted(after) == sorted(before) and len(after) >= 2


def test_new_game_form_is_tappable_on_a_phone(app, site_url):
    """At 390x844 (a phone, touch) the new-game form's choices are in the page's text size and at least
    24 px tall (WCAG 2.5.8's minimum target): the browser's own controls were 13.3 px text, 19 px tall."""
    app.set_viewport_size({"width": 390, "height": 844})
    open_app(app, site_url, "new=dritzak")
    app.wait_for_selector("#newgame:not([hidden]) #seat-fields select")
    body = app.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    controls = app.eval_on_selector_all(
        "#newgame-form select, #newgame-form input", """es => es.map((e) => { const r = e.getBoundingClientRect();
          return [e.tagName + ':' + e.type, r.width, r.height, parseFloat(getComputedStyle(e).fontSize)]; })""")
    assert len(controls) >= 8, controls  # Dritzak: players, deal, decks, set rule, four checkboxes, four seats
    for name, width, height, size in controls:
        assert height >= 24 and width >= 24, (name, width, height)
        assert size >= body, (name, size)


@pytest.mark.parametrize("game", ["verquere", "dvonn", "zertz", "dritzak", "duerror_grandis", "zoon"])
def test_game_in_progress(app, site_url, game):
    n = get_game(game).new_initial_state({}).num_players
    open_app(app, site_url, f"new={game}&quick&seats=human{',random' * (n - 1)}")
    play_first(app, 3)
    found = serious(app)
    assert found == [], found


def test_rules_page(app, site_url):
    app.goto(f"{site_url}/rules/verquere.html")
    app.wait_for_selector("main h1")
    assert serious(app) == []


def test_small_screen_status_and_undo_by_the_board(app, site_url):
    """At 360 px the status line and Undo sit just under the board, in the first screenful, and a tap
    on a point's free area (above its stack, by its number) counts as a tap on the point."""
    app.set_viewport_size({"width": 360, "height": 740})
    open_app(app, site_url, "new=verquere&quick&seats=human,human")
    v = play_first(app, 2)
    board = app.locator("#board").bounding_box()
    for sel in ("#status", "#undo"):
        box = app.locator(sel).bounding_box()
        assert box["y"] >= board["y"] + board["height"] - 1 and box["y"] + box["height"] <= 740, (sel, box)
    start = next(a for a in v["legal"] if len(a["targets"]) >= 1)["targets"][0]
    point = app.locator(f'#board [data-target="{start}"]').bounding_box()
    # the hit area spans the point's whole half-column: tap its middle, past the triangle's tip when the
    # point is short of pieces
    app.mouse.click(point["x"] + point["width"] / 2, point["y"] + point["height"] * 0.5)
    assert start in app.evaluate("window.pygamesApp.selection") or view(app)["ply"] > v["ply"]


def test_games_in_progress_and_tutorial(app, site_url):
    """The start page with a game in progress, and a tutorial step with its glossary terms."""
    open_app(app, site_url, "new=dvonn&quick&seats=human,random")
    play_first(app, 1)
    open_app(app, site_url)
    app.wait_for_selector("#in-progress:not([hidden])")
    assert serious(app) == []
    app.click("#learn-verquere")
    app.wait_for_selector("#tutorial-box:not([hidden])")
    view(app)
    assert serious(app) == []
