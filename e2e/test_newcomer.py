"""A newcomer's first evening with each game (issue 17, its test): open the start page, open the guide, do
the tutorial (every step on the real board, by clicking the targets of a move the step accepts), start
against the computer from the form the tutorial leads to, tap something illegal and read the engine's
reason with its rule id, reload mid-game and resume (hot seat with hidden hands for Dritzak and Zoon,
through the hand-over screen), finish and review.

To stay fast, every computer seat plays at the fastest level (random) with no delay, and once the human
part is done the computer plays the game out: a game without hidden information goes on from its share
link with every seat a computer; a hot-seat game of hidden cards is played out by random clicks."""
from __future__ import annotations

import json
import re
from urllib.parse import parse_qs

import pytest

from .conftest import ROOT
from .helpers import READY, check_page, idle, one_page, open_app, perform, play_first, play_game, view, wait_settled
from .test_dritzak_ui import shedder
from .test_zoon_ui import fighter

pytestmark = pytest.mark.first_visit  # a visitor who never came before (e2e/conftest.py)

GAMES = ["dvonn", "zertz", "dvertz", "verquere", "dritzak", "duerror_grandis", "zoon"]
HIDDEN = {"dritzak", "zoon"}
CHOOSERS = {"dritzak": shedder, "zoon": fighter}  # a newcomer's quick way through the game
DEAD = """() => { const v = window.pygamesApp.view; const used = new Set(v.legal.flatMap((a) => a.targets));
  return [...new Set([...document.querySelectorAll('#board [data-target]')].map((e) => e.dataset.target))]
    .filter((t) => !used.has(t)); }"""


def rule_ids(game: str) -> set[str]:
    md = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    return set(re.findall(r"^- \*\*([A-Z]{1,3}\d+[a-z]?)\*\*", md, re.M))


def do_tutorial(page, game: str) -> None:
    """Every step: the board shows the step's viewer; a move it accepts, clicked on the board, completes it."""
    steps = json.loads((ROOT / "dist" / "tutorials" / f"{game}.json").read_text())["steps"]
    for i, step in enumerate(steps):
        page.wait_for_function(f"document.body.dataset.tutorialStep === '{i}'")
        idle(page)
        assert page.inner_text("#tutorial-title").endswith(f"step {i + 1} of {len(steps)}")
        v = view(page)
        good = next(a for a in v["legal"] if a["notation"] in step["task"]["accept"])
        perform(page, good)
        page.wait_for_function("document.body.dataset.tutorial === 'done'")
        idle(page)
        if "viewer" in step:  # after the move the board still shows the step's player
            assert page.evaluate("window.pygamesApp.view.viewer") == step["viewer"], (game, i)
        assert not page.is_disabled("#tutorial-next")
        page.click("#tutorial-next")


def why_not(page, game: str) -> None:
    """Click a board target no legal action uses (playing on until there is one): the engine's reason
    shows, with a link to an existing rule of the game's page."""
    for _ in range(40):
        v = wait_settled(page, light=True)
        dead = page.evaluate(DEAD)
        if dead:
            break
        perform(page, v["legal"][0])
        wait_settled(page, v["ply"], light=True)
    else:
        raise AssertionError(f"{game}: every target stayed live")
    page.click(f'#board [data-target="{dead[0]}"]', force=True)
    page.wait_for_selector("#why:not([hidden])")
    text = page.inner_text("#why")
    assert text.startswith("Why not?") and len(text) > 20, text
    href = page.get_attribute("#why a.rule-link", "href")
    m = re.search(rf"rules/{game}\.html#([A-Z]+\d+[a-z]?)$", href or "")
    assert m and m.group(1) in rule_ids(game), (game, href, text)


def reload_and_resume(page, game: str) -> None:
    """A few moves in, reload: the game comes back (hidden hands: behind the hand-over screen first)."""
    v = play_first(page, 3)
    if v["terminal"]:
        return
    before = view(page)
    page.wait_for_function("!!localStorage.getItem('pygames:saves')")
    page.reload()
    page.wait_for_function(READY, timeout=120_000)
    if game in HIDDEN:
        page.wait_for_selector("#curtain:not([hidden])")
        assert "Pass the device" in page.inner_text("#curtain-text")
        assert page.evaluate("window.pygamesApp.view") is None  # nobody's cards before the hand-over
        page.click("#curtain-ok")
        page.wait_for_function("document.body.dataset.turn !== 'curtain'")
    after = wait_settled(page)
    assert after["ply"] == before["ply"] and after["observation"] == before["observation"], game


def finish_and_review(page, game: str) -> None:
    if game in HIDDEN:  # cards hidden until the end: the newcomer plays on against the computer
        play_game(page, CHOOSERS[game], seed=1, max_actions=3000)
    else:  # the computer plays it out from its share link
        page.click("#share")
        page.wait_for_selector("#share-url:not([hidden])")
        url = page.input_value("#share-url")
        n = len(parse_qs(url.split("#", 1)[1])["seats"][0].split(","))
        url = re.sub(r"&seats=[^&]*$", "&seats=" + ",".join(["random"] * n), url)
        page.evaluate("u => { location.hash = u.split('#')[1]; }", url)
    page.wait_for_selector("#gameover:not([hidden])", timeout=180_000)
    assert page.is_visible("#board svg")  # the result never hides the board
    final = view(page)
    assert final["terminal"] and page.inner_text("#gameover-text")
    page.click("#review")
    # the review chart (when the bridge offers one) or the first position to step through
    page.wait_for_function("document.querySelector('#review-chart svg') || "
                           "(window.pygamesApp.view && window.pygamesApp.view.browsing)", timeout=120_000)
    page.click("#moves")  # the keys step through positions outside the board
    page.keyboard.press("Home")
    page.wait_for_function("window.pygamesApp.view && window.pygamesApp.view.browsing "
                           "&& window.pygamesApp.view.ply === 0")


@pytest.fixture(scope="module")
def tab(browser, browser_context_args, site_url):
    """One page for every game of this file (Python starts once, as for a newcomer who goes on to the
    next game)."""
    with one_page(browser, browser_context_args, site_url) as tab:
        yield tab


@pytest.fixture
def newcomer(tab, site_url):
    page, seen, errors = tab
    seen.clear()
    errors.clear()
    yield page
    check_page(seen, errors, site_url)


@pytest.mark.parametrize("game", GAMES)
def test_newcomer(newcomer, site_url, game):
    app = newcomer
    info = {g["id"]: g for g in json.loads((ROOT / "dist" / "games.json").read_text())}[game]
    # the start page: the game, its tutorial and its guide
    app.evaluate("location.hash = ''")
    app.wait_for_selector("#home:not([hidden])")
    app.wait_for_selector(f"#learn-{game}:not([hidden])")
    guide = app.locator(f'#home a[href="./{info["rules_page"]}"]')
    assert guide.count() == 1
    # the guide, as a newcomer opens it (its win on the first screen, its tutorial linked)
    page = app.context.new_page()
    page.goto(f"{site_url}/{info['rules_page']}")
    page.wait_for_selector("#how-you-win")
    assert page.locator(f'a[href$="#tutorial={game}"]').count() >= 1
    page.close()
    # the tutorial, every step on the real board; its last button leads to the new-game form
    app.click(f"#learn-{game}")
    app.wait_for_selector("#tutorial-box:not([hidden])")
    do_tutorial(app, game)
    app.wait_for_selector("#newgame:not([hidden])")
    # against the computer, at its fastest level
    for sel in app.locator("#seat-fields select").all()[1:]:
        sel.select_option("random")
    app.click("#start")
    wait_settled(app, light=True)
    assert app.evaluate("window.pygamesApp.view.seats")[0] == "human"
    why_not(app, game)
    if game in HIDDEN:
        finish_and_review(app, game)
        # then two players on one device, hands hidden from each other
        two = "&options=" + json.dumps({"players": 2}) if info["max_players"] > 2 else ""
        old = app.evaluate("location.hash")
        app.evaluate("h => { location.hash = h; }", f"new={game}&quick&seats=human,human{two}")
        app.wait_for_function("old => location.hash.startsWith('#play=') && location.hash !== old", arg=old)
        reload_and_resume(app, game)
        return
    reload_and_resume(app, game)
    finish_and_review(app, game)


DENY_STORAGE = """Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });
indexedDB.open = () => { throw new DOMException('denied', 'SecurityError'); };"""


def test_storage_denied_says_the_game_is_not_saved(app, site_url):
    """A browser that keeps no site data: a game that hides cards plays on, and the game panel says once,
    quietly, that it is not saved."""
    app.add_init_script(DENY_STORAGE)
    open_app(app, site_url, "new=dritzak&quick&seats=human,random&options=" + json.dumps({"players": 2}))
    play_first(app, 2)
    app.wait_for_selector("#save-note:not([hidden])")
    assert "not saved" in app.inner_text("#save-note")
    assert app.locator("#save-note").count() == 1 and not app.is_visible("#error")
