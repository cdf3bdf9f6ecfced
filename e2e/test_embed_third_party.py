"""Boards embedded in a page of another site (issue 5, section 6; issue 20: one Python per page).

The host page is served from 127.0.0.2 (another site than the game site on 127.0.0.1, so its frames are
third-party) by a plain static server that sends no CORS headers. It loads ``embed.js`` from the game site
with a classic ``<script>`` and holds boards of every game: the starting position of each (a picture
drawn ahead by build.py), a record of each from its rules page (pictures, stepped through), two games to
play, a record nobody drew ahead (a live board), a broken record, a bad seat and, far below, a board that
starts nothing. Storage is denied to the game's frames the way browsers deny it to third-party frames
(incognito, blocked third-party cookies, Safari): ``localStorage``, ``sessionStorage``, ``indexedDB``,
``caches`` and ``navigator.serviceWorker`` throw ``SecurityError``. The whole page starts Python once:
one request for ``pyodide.asm.wasm``, one runtime frame.
"""
from __future__ import annotations

import base64
import html
import json
import threading

import pytest

import build
from tools.embed_boards import STEPPED_PLIES, embed_records

from .helpers import play_first

pytestmark = pytest.mark.first_visit  # a visitor who never came before (e2e/conftest.py)

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
"""A record build.py did not draw ahead (its rules page shows only its first four actions)."""
GAMES = ["dritzak", "duerror_grandis", "dvertz", "dvonn", "verquere", "zertz", "zoon"]


def rules_records() -> dict[str, dict]:
    """The first record of each game's rules page (drawn ahead by build.py)."""
    out: dict[str, dict] = {}
    for r in embed_records():
        if r["actions"] and r["game"] not in out:
            out[r["game"]] = {"game": r["game"], "options": r["options"], "seed": 1, "actions": r["actions"]}
    return out


@pytest.fixture
def host_page(tmp_path, site_url):
    recs = rules_records()

    def board(id_: str, **attrs) -> str:
        body = " ".join(k if v is True else f'{k}="{html.escape(v)}"' for k, v in attrs.items())
        return f'<pygames-board id="{id_}" {body}></pygames-board>'
    boards = [board(f"s-{g}", game=g) for g in GAMES]
    boards += [board(f"r-{g}", record=json.dumps(recs[g])) for g in GAMES]
    boards += [board("b-play", game="verquere", interactive=True, seats="human,random"),
               board("b-zertz", game="zertz", interactive=True, seats="human,random"),
               board("b-record", record=json.dumps(RECORD)),
               """<pygames-board id="b-broken" record='{"game": "verquere", oops'></pygames-board>""",
               board("b-seat", game="verquere", interactive=True, seats="human,godlike"),
               '<div style="height:12000px"></div>',  # far below the fold: starts nothing
               board("b-far", game="dvonn", interactive=True, seats="human,random")]
    (tmp_path / "index.html").write_text(f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>A rules page elsewhere</title><script src="{site_url}/embed.js" defer></script>
<style>pygames-board{{display:inline-block!important;vertical-align:top;width:300px;margin:4px}}</style></head>
<body><h1>Someone's page about our games</h1>
{"".join(boards)}
<p id="host-alive">the host page still works</p>
</body></html>""", encoding="utf-8")
    srv = build.make_server(tmp_path, 0, host="127.0.0.2")
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.2:{srv.server_address[1]}", recs
    srv.shutdown()


def frame_of(page, marker: str, wait_s: float = 30):
    """The frame whose address holds ``marker``, waiting for it to be made."""
    for _ in range(int(wait_s * 10)):
        for f in page.frames:
            if marker in f.url:
                return f
        page.wait_for_timeout(100)
    raise AssertionError(f"no frame with {marker!r} in {[f.url for f in page.frames]}")


DRAWN = "(id) => { const i = document.querySelector(`#${id} img`); return !!i && i.complete && i.naturalWidth > 0; }"


def test_many_boards_on_a_third_party_page_share_one_python(page, site_url, host_page):
    host, recs = host_page
    page.set_viewport_size({"width": 1280, "height": 2000})  # every board in view (they start when near)
    page.context.add_init_script(DENY_STORAGE)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url))
    page.goto(f"{host}/index.html")
    # the broken record: a small error in its place, no frame
    page.wait_for_selector("#b-broken .pygames-board-error")
    assert "record" in page.inner_text("#b-broken")
    # every starting position and every rules-page record: a picture drawn ahead, no frame
    for g in GAMES:
        for id_ in (f"s-{g}", f"r-{g}"):
            page.wait_for_function(DRAWN, arg=id_, timeout=30_000)
            assert page.locator(f"#{id_} iframe").count() == 0, id_
        n = len(recs[g]["actions"])
        assert page.inner_text(f"#r-{g} .pygames-board-ply") == f"{n} / {n}"
    # stepping through a short record stays a picture; a long one goes live at that ply
    short = next(g for g in GAMES if 1 < len(recs[g]["actions"]) <= STEPPED_PLIES)
    n = len(recs[short]["actions"])
    page.click(f"#r-{short} [aria-label='previous position']")
    page.wait_for_function(f"document.querySelector('#r-{short} img').src.endsWith('-{n - 1}.svg')")
    page.wait_for_function(DRAWN, arg=f"r-{short}")
    long_ = next(g for g in GAMES if len(recs[g]["actions"]) > STEPPED_PLIES)
    m = len(recs[long_]["actions"])
    page.click(f"#r-{long_} [aria-label='previous position']")
    stepped = frame_of(page, f"&ply={m - 1}")
    stepped.wait_for_function(f"document.getElementById('embed-ply').textContent === '{m - 1} / {m}'",
                              timeout=120_000)
    # the record nobody drew ahead: a live board at its last position, stepping back works
    rec = next(f for f in page.frames if "#record=" in f.url and "&ply=" not in f.url)
    rec.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
    rec.wait_for_selector("#board svg")
    assert rec.inner_text("#embed-ply") == "5 / 5"
    rec.click("#embed-prev")
    rec.wait_for_function("document.getElementById('embed-ply').textContent === '4 / 5'")
    assert rec.evaluate("(() => { try { localStorage.length; return 'allowed'; } catch (e) { return e.name; } })()") \
        == "SecurityError"
    # the playable board: a few moves against the computer, by clicks
    play = frame_of(page, "seats=human%2Crandom")
    play.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
    assert play_first(play, 4)["ply"] >= 4
    page.wait_for_selector("#b-play .pygames-board-poster", state="detached")
    # "Open in pygames" carries the game as it stands
    href = play.get_attribute("#embed-open", "href")
    assert "#record=" in href
    shared = json.loads(base64.urlsafe_b64decode(href.split("#record=")[1].split("&")[0] + "=="))
    assert len(shared["actions"]) == play.evaluate("window.pygamesApp.view.plies")
    # the other game to play is its own game on the same Python
    zertz = frame_of(page, "new=zertz")
    zertz.wait_for_function("document.body.dataset.turn === 'human'", timeout=120_000)
    assert zertz.evaluate("window.pygamesApp.view.game") == "zertz"
    assert play.evaluate("window.pygamesApp.view.game") == "verquere"
    # the bad seat: its own frame says what is wrong, in place
    bad = frame_of(page, "godlike")
    bad.wait_for_selector("#error:not([hidden])", timeout=120_000)
    assert "godlike" in bad.inner_text("#error-text")
    assert page.is_visible("#host-alive")
    # one Python for the whole page
    assert len([f for f in page.frames if "/runtime.html" in f.url]) == 1
    assert len([u for u in seen if u.endswith("/pyodide.asm.wasm")]) == 1, [u for u in seen if "wasm" in u]
    # four live boards, the stepped long record, the runtime; the board far below has not started
    assert page.locator("iframe[src]").count() == 6
    assert page.get_attribute("#b-far iframe", "src") is None
    assert not page.evaluate("document.querySelector('#b-far img').complete")
    assert not errors, errors
    assert all(u.startswith((site_url + "/", host + "/", "data:", "blob:")) for u in seen), seen


def test_bad_seats_link_on_our_site_shows_the_game_list(app, site_url):
    app.goto(f"{site_url}/index.html?nosw#new=verquere&quick&seats=human,godlike")
    app.wait_for_selector("#error:not([hidden])", timeout=120_000)
    assert "godlike" in app.inner_text("#error-text")
    app.click("#error-close")
    assert app.is_visible("#game-list") and app.locator("#game-list li").count() >= 6
