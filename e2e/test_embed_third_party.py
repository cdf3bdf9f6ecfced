"""Boards embedded in a page of another site (issue 5, section 6).

The host page is served from 127.0.0.2 (another site than the game site on 127.0.0.1, so its frames are
third-party) by a plain static server that sends no CORS headers. It loads ``embed.js`` from the game site
with a classic ``<script>`` and holds four boards: a record, a playable game, a broken record and a bad
seat. Storage is denied to the game's frames the way browsers deny it to third-party frames (incognito,
blocked third-party cookies, Safari): ``localStorage``, ``sessionStorage``, ``indexedDB``, ``caches`` and
``navigator.serviceWorker`` throw ``SecurityError``.
"""
from __future__ import annotations

import base64
import json
import threading

import pytest

import build

from .helpers import play_first

DENY_STORAGE = """
if (window.top !== window) {
  const deny = () => { throw new DOMException("Access is denied for this document.", "SecurityError"); };
  for (const name of ["localStorage", "sessionStorage", "indexedDB", "caches"]) {
    Object.defineProperty(window, name, { get: deny, configurable: true });
  }
  Object.defineProperty(Navigator.prototype, "serviceWorker", { get: deny, configurable: true });
}
"""

RECORD = {"game": "verquere", "options": {}, "seed": 5,
          "actions": ["white opens", "roll 6-5", "1/7", "7/12", "roll 4-2"]}


@pytest.fixture
def host_page(tmp_path, site_url):
    board = 'style="display:block;width:420px;margin:8px"'
    (tmp_path / "index.html").write_text(f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>A rules page elsewhere</title><script src="{site_url}/embed.js" defer></script></head><body>
<h1>Someone's page about Verquere</h1>
<pygames-board id="b-record" {board} record='{json.dumps(RECORD)}'></pygames-board>
<pygames-board id="b-play" {board} game="verquere" interactive seats="human,random"></pygames-board>
<pygames-board id="b-broken" {board} record='{{"game": "verquere", oops'></pygames-board>
<pygames-board id="b-seat" {board} game="verquere" interactive seats="human,godlike"></pygames-board>
<p id="host-alive">the host page still works</p>
</body></html>""", encoding="utf-8")
    srv = build.make_server(tmp_path, 0, host="127.0.0.2")
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.2:{srv.server_address[1]}"
    srv.shutdown()


def frame_of(page, marker: str):
    for f in page.frames:
        if marker in f.url:
            return f
    raise AssertionError(f"no frame with {marker!r} in {[f.url for f in page.frames]}")


def test_boards_on_a_third_party_page_with_storage_denied(page, site_url, host_page):
    page.set_viewport_size({"width": 1280, "height": 2600})  # every board in view (they load lazily)
    page.context.add_init_script(DENY_STORAGE)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url))
    page.goto(f"{host_page}/index.html")
    # the broken record: a small error in its place, no frame
    page.wait_for_selector("#b-broken .pygames-board-error")
    assert "record" in page.inner_text("#b-broken")
    page.wait_for_function("document.querySelectorAll('pygames-board iframe').length === 3")
    # the record board: its final position, stepping back works
    rec = frame_of(page, "#record=")
    rec.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
    rec.wait_for_selector("#board svg")
    assert rec.inner_text("#embed-ply") == "5 / 5"
    rec.click("#embed-prev")
    rec.wait_for_function("document.getElementById('embed-ply').textContent === '4 / 5'")
    assert rec.evaluate("(() => { try { localStorage.length; return 'allowed'; } catch (e) { return e.name; } })()") \
        == "SecurityError"
    # the playable board: a few moves against the computer
    play = frame_of(page, "seats=human%2Crandom")
    play.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
    assert play_first(play, 6)["ply"] >= 6
    # "Open in pygames" carries the game as it stands
    href = play.get_attribute("#embed-open", "href")
    assert "#record=" in href
    shared = json.loads(base64.urlsafe_b64decode(href.split("#record=")[1].split("&")[0] + "=="))
    assert len(shared["actions"]) == play.evaluate("window.pygamesApp.view.plies")
    # the bad seat: its own frame says what is wrong, in place
    bad = frame_of(page, "godlike")
    bad.wait_for_selector("#error:not([hidden])", timeout=120_000)
    assert "godlike" in bad.inner_text("#error-text")
    assert page.is_visible("#host-alive")
    assert not errors, errors
    assert all(u.startswith((site_url + "/", host_page + "/", "data:", "blob:")) for u in seen), seen


def test_bad_seats_link_on_our_site_shows_the_game_list(app, site_url):
    app.goto(f"{site_url}/index.html?nosw#new=verquere&quick&seats=human,godlike")
    app.wait_for_selector("#error:not([hidden])", timeout=120_000)
    assert "godlike" in app.inner_text("#error-text")
    app.click("#error-close")
    assert app.is_visible("#game-list") and app.locator("#game-list li").count() >= 6
