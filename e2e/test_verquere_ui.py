"""Verquere in the browser: whole games through clicks, resume, share links, bad input."""
from __future__ import annotations

import pytest

import base64
import json
from collections import Counter

from pygames.core.record import Record

from .helpers import idle, open_app, perform, play_game, view, wait_settled


def racer(v, rng):
    """A human who bears off when possible, else moves their most advanced piece (a quick race)."""
    legal = v["legal"]
    off = [a for a in legal if a["notation"].endswith("/off")]
    if off:
        return rng.choice(off)

    def start(a):
        f = a["notation"].split("/")[0]
        return 0 if f == "bar" else int(f)
    high = max(start(a) for a in legal)
    return rng.choice([a for a in legal if start(a) == high])


def test_whole_game_human_vs_computer_by_clicks(app, site_url):
    open_app(app, site_url, "new=verquere&quick&seats=human,random")
    final = play_game(app, racer, seed=1)
    assert app.is_visible("#gameover") and "won" in app.inner_text("#gameover-text")
    rec = Record.from_json(final["record"])
    state = rec.replay()
    assert state.is_terminal() and state.returns() == final["result"]["returns"]
    assert [m["notation"] for m in final["moves"]] == rec.actions


def test_new_game_form_and_rules_link(app, site_url):
    open_app(app, site_url)
    app.click("#new-verquere")
    app.wait_for_selector("#newgame:not([hidden])")
    app.select_option("#opt-ruleset", "ludii")
    app.select_option("#seat-1", "human")
    app.click("#start")
    v = wait_settled(app)
    assert v["options"] == {"ruleset": "ludii"} and v["seats"] == ["human", "human"]
    assert v["moves"][0]["notation"].startswith("roll ")  # V30: White opens without an opening roll
    href = app.eval_on_selector("#rules-link", "a => a.href")
    app.goto(href)
    assert app.is_visible("li#V1") and "Verquere" in app.title()


def test_reload_resumes_and_undo_redo(app, site_url):
    open_app(app, site_url, "new=verquere&quick&seats=human,random")
    v = wait_settled(app)
    for _ in range(6):
        perform(app, v["legal"][0])
        v = wait_settled(app, v["ply"])
    before = v["record"]
    app.reload()
    app.wait_for_function("document.body.dataset.ready === '1'")
    after = wait_settled(app)
    assert after["record"] == before and after["ply"] == v["ply"]
    # against the computer, undo takes back only moves made since the last roll (the next roll is
    # never known in advance): play die moves until one can be taken back
    v = after
    while not v["can_undo"]:
        perform(app, v["legal"][0])
        v = wait_settled(app, v["ply"])
    app.click("#undo")
    undone = view(app)
    assert undone["ply"] < v["ply"] and undone["can_redo"]
    last_roll = max(m["ply"] for m in v["moves"] if m["chance"])
    assert undone["ply"] >= last_roll, "undo never takes back a roll already shown"
    app.click("#redo")
    redone = wait_settled(app)
    assert redone["record"]["actions"][: len(v["record"]["actions"])] == v["record"]["actions"]
    # clicking a move in the list shows that position, and back returns to the game
    app.click('#moves a[data-ply="2"]')
    assert view(app)["browsing"] and app.is_visible("#browse-banner")
    app.click("#browse-back")
    assert not view(app)["browsing"]


def test_share_link_opens_same_position(app, site_url, page):
    open_app(app, site_url, "new=verquere&quick&seats=human,random")
    v = wait_settled(app)
    for _ in range(4):
        perform(app, v["legal"][-1])
        v = wait_settled(app, v["ply"])
    app.click("#share")
    idle(app)
    url = app.input_value("#share-url")
    assert "#record=" in url
    other = app.context.new_page()
    other.goto(url)
    other.wait_for_function("document.body.dataset.ready === '1'", timeout=90_000)
    w = wait_settled(other)
    assert w["record"] == v["record"] and w["observation"] == v["observation"]
    other.close()


def test_a_saved_file_plays_on_against_the_same_computer(app, site_url):
    """Save writes the seats beside the record, so loading the file later (here from another game's page)
    plays on against the same computer; a newcomer's loaded game had turned the computer into a second
    human who never moved."""
    open_app(app, site_url, "new=verquere&quick&seats=human,easy")
    v = wait_settled(app)
    with app.expect_download() as dl:
        app.click("#save")
    saved = json.loads(open(dl.value.path()).read())
    assert saved["seats"] == ["human", "easy"] and saved["actions"] == v["record"]["actions"]
    open_app(app, site_url, "new=dvonn&quick&seats=human,human")
    wait_settled(app)
    app.set_input_files("#load-file", files=[{"name": "mine.json", "mimeType": "application/json",
                                              "buffer": json.dumps(saved).encode()}])
    app.wait_for_function("window.pygamesApp.view && window.pygamesApp.view.game === 'verquere'")
    w = wait_settled(app)
    assert w["record"]["actions"][:len(saved["actions"])] == saved["actions"]
    assert w["seats"] == ["human", "easy"]


def test_corrupt_inputs_show_clear_errors(app, site_url):
    open_app(app, site_url, "new=verquere&quick&seats=human,human")
    v = wait_settled(app)
    perform(app, v["legal"][0])
    good = wait_settled(app, v["ply"])
    # a corrupt save file: error names the bad action, the current game is unchanged
    bad = dict(good["record"], actions=good["record"]["actions"] + ["24/off"])
    app.set_input_files("#load-file", files=[{"name": "bad.json", "mimeType": "application/json",
                                              "buffer": json.dumps(bad).encode()}])
    app.wait_for_selector("#error:not([hidden])")
    msg = app.inner_text("#error-text")
    assert "bad.json" in msg and f"action {len(bad['actions']) - 1}" in msg and "24/off" in msg
    assert view(app)["record"] == good["record"]
    app.click("#error-close")
    app.set_input_files("#load-file", files=[{"name": "junk.json", "mimeType": "application/json",
                                              "buffer": b"{not json"}])
    app.wait_for_selector("#error:not([hidden])")
    assert "not valid JSON" in app.inner_text("#error-text")
    assert view(app)["record"] == good["record"]
    # a corrupted autosave: reload shows the error and the game list, never a blank page
    app.evaluate("""(() => { const l = JSON.parse(localStorage.getItem('pygames:saves'));
      l[0].record = {game: 'verquere'}; localStorage.setItem('pygames:saves', JSON.stringify(l)); })()""")
    app.reload()
    app.wait_for_function("document.body.dataset.ready === '1'")
    app.wait_for_selector("#error:not([hidden])")
    assert "autosaved game" in app.inner_text("#error-text")
    assert app.is_visible("#home") and app.is_visible("#new-verquere")
    # a hand-edited share link and an unknown game id
    rec = dict(good["record"], actions=["white opens", "roll 6-5", "1/12"])
    frag = base64.urlsafe_b64encode(json.dumps(rec).encode()).decode().rstrip("=")
    app.goto(f"{site_url}/index.html#record={frag}")
    app.wait_for_function("document.body.dataset.ready === '1'")
    app.wait_for_selector("#error:not([hidden])")
    assert "share link" in app.inner_text("#error-text") and "1/12" in app.inner_text("#error-text")
    app.goto(f"{site_url}/index.html#record=%%%garbage")
    app.wait_for_function("document.body.dataset.ready === '1'")
    app.wait_for_selector("#error:not([hidden])")
    assert "damaged" in app.inner_text("#error-text")
    app.goto(f"{site_url}/index.html#new=chess")
    app.wait_for_function("document.body.dataset.ready === '1'")
    app.wait_for_selector("#error:not([hidden])")
    assert 'Unknown game "chess"' in app.inner_text("#error-text")


@pytest.mark.first_visit
def test_second_visit_works_offline(app, site_url):
    open_app(app, site_url, "new=verquere&quick&seats=human,random")
    v = wait_settled(app)
    # the worker activates only after its install cached every file of the site
    app.wait_for_function("navigator.serviceWorker.ready.then(r => r.active && r.active.state === 'activated')")
    app.context.set_offline(True)
    try:
        app.reload()
        app.wait_for_function("document.body.dataset.ready === '1'")
        w = wait_settled(app)
        assert w["record"] == v["record"]
        perform(app, w["legal"][0])
        wait_settled(app, w["ply"])
    finally:
        app.context.set_offline(False)


def test_embed_shows_a_record_read_only_and_keeps_the_autosave(app, site_url):
    rec = {"game": "verquere", "options": {}, "seed": 5,
           "actions": ["white opens", "roll 6-5", "1/7", "7/12", "roll 4-2"]}
    frag = base64.urlsafe_b64encode(json.dumps(rec).encode()).decode().rstrip("=")
    app.goto(f"{site_url}/index.html?embed#record={frag}")
    app.wait_for_function("document.body.dataset.ready === '1'")
    app.wait_for_selector("#board svg")
    assert not app.is_visible("header") and not app.is_visible("#panel")
    assert app.inner_text("#embed-ply") == "5 / 5"
    app.click("#embed-prev")
    idle(app)
    assert app.inner_text("#embed-ply") == "4 / 5" and view(app)["browsing"]
    app.click("#embed-first")
    idle(app)
    assert app.inner_text("#embed-ply") == "0 / 5"
    app.click('#board [data-target="r0"]')  # read-only: clicking selects nothing
    assert app.evaluate("window.pygamesApp.selection.length") == 0
    assert app.evaluate("localStorage.getItem('pygames:autosave') || localStorage.getItem('pygames:saves')") is None


def test_keyboard_play(app, site_url):
    """Enter on a live target clicks it; Space on the next one finishes the move. A first target that
    begins only one move plays it at once (one gesture), so the test picks a first target shared by two
    moves when the dice give one, and otherwise checks that Enter alone played the move."""
    open_app(app, site_url, "new=verquere&quick&seats=human,human")
    v = wait_settled(app)
    starts = Counter(a["targets"][0] for a in v["legal"])
    short = {a["targets"][0] for a in v["legal"] if len(a["targets"]) == 1}  # a one-click move there
    shared = [a for a in v["legal"] if starts[a["targets"][0]] > 1 and a["targets"][0] not in short]
    first = shared[0] if shared else v["legal"][0]
    app.focus(f'#board [data-target="{first["targets"][0]}"]')
    app.keyboard.press("Enter")
    if shared:
        assert app.evaluate("window.pygamesApp.selection") == [first["targets"][0]]
        app.focus(f'#board [data-target="{first["targets"][1]}"]')
        app.keyboard.press(" ")
    w = wait_settled(app, v["ply"])
    assert w["moves"][len(v["moves"])]["notation"] == first["notation"]


def test_rules_page_live_board(app, site_url):
    """The rules page's <pygames-board> frames an interactive embed, started when scrolled into view."""
    app.goto(f"{site_url}/rules/verquere.html")
    board = app.locator("pygames-board iframe")
    board.scroll_into_view_if_needed()
    frame = app.frame_locator("pygames-board iframe")
    frame.locator("#board svg").wait_for(timeout=120_000)
    inner = next(f for f in app.frames if "embed" in f.url)
    inner.wait_for_function("document.body.dataset.turn === 'human'", timeout=60_000)
    v = inner.evaluate("window.pygamesApp.view")
    assert v["seats"] == ["human", "easy"] and v["legal"]
    a = v["legal"][0]
    for t in a["targets"]:
        frame.locator(f'#board [data-target="{t}"]').click(force=True)
    inner.wait_for_function(f"window.pygamesApp.view.ply > {v['ply']}")
    assert inner.evaluate("localStorage.getItem('pygames:autosave') || localStorage.getItem('pygames:saves')") is None
