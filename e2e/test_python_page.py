"""Python in a rules page (issue 18), the fourth way to embed: web/python.html is PyScript's own idiom,
a ``<script type="py">`` whose one config line names our wheel (and our Pyodide). Its few lines of
Python draw a Verquere position from a record, list the legal moves there and replay the game.

The fixture ``app`` fails any request that leaves the origin and any uncaught page error."""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygames.games  # noqa: E402,F401  (registers the games)
from pygames.core.record import Record  # noqa: E402

RECORD = {"game": "verquere", "options": {}, "seed": 1,
          "actions": ["white opens", "roll 6-5", "1/7", "7/12", "roll 4-2"]}


def legal_here(ply: int) -> list[str]:
    return [a.notation for a in Record.from_json(RECORD).replay(ply).legal_actions()]


def test_python_in_a_page_draws_lists_and_replays(app, site_url, requests_seen):
    app.goto(f"{site_url}/python.html")
    app.wait_for_function("document.body.dataset.ready === '1'", timeout=180_000)
    assert "running" in app.inner_text("#python-status")
    # the position after the whole record, drawn by the engine's own SVG
    assert app.locator("#position svg").count() == 1
    assert app.inner_text("#replay-ply") == "5 / 5"
    assert app.locator("#legal li").all_inner_texts() == legal_here(5) != []
    # replay: back two plies and forward one, each drawn with its legal moves
    app.click("#replay-prev")
    app.click("#replay-prev")
    app.wait_for_function("document.getElementById('replay-ply').textContent === '3 / 5'")
    assert app.locator("#legal li").all_inner_texts() == legal_here(3)
    app.click("#replay-next")
    app.wait_for_function("document.getElementById('replay-ply').textContent === '4 / 5'")
    assert app.locator("#legal li").all_inner_texts() == legal_here(4)
    assert "7/12" in app.inner_text("#position-caption")
    # PyScript and Pyodide from this site, micropip installing our wheel
    paths = {u[len(site_url):] for u in requests_seen if u.startswith(site_url)}
    assert {"/pyscript/core.js", "/pyodide/entry.mjs", "/pyodide/pyodide.asm.wasm"} <= paths
    assert any(p.startswith("/pygames-") and p.endswith(".whl") for p in paths)
