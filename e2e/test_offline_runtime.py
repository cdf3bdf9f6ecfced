"""The vendored runtime works offline: micropip (from PyPI, with the bytecode build.py adds, and that
wheel's real sha256 in the vendored pyodide-lock.json) loads from the site and installs our wheel, with
no request leaving the origin; and the memory snapshot made of that Python (web/pyodide/site.mjs) is what
a repeat visit restores."""
from __future__ import annotations

import pytest

from .helpers import READY, play_first

pytestmark = pytest.mark.first_visit  # a visitor who never came before (e2e/conftest.py)

# the snapshot maker that loader.js starts once a page has been quiet for QUIET_MS, started here at once:
# Pyodide, micropip from the site's lock file, our wheel installed by micropip, every game imported
MAKE_SNAPSHOT = """() => new Promise((done) => {
  const maker = new Worker("/pyodide/snapshot.mjs", { type: "module" });
  maker.onmessage = (e) => { maker.terminate(); done(e.data); };
  maker.onerror = (e) => { maker.terminate(); done({ error: e.message }); };
})"""
RESTORED = "performance.getEntriesByName('pygames:worker:snapshot-restored').length > 0"
PLAYABLE = """window.pygamesCall('games', '{}')
  .then((t) => JSON.parse(t).ok.filter((g) => g.playable).map((g) => g.id).join(','))"""


def test_micropip_installs_our_wheel_offline_and_a_repeat_visit_restores_it(app, site_url, requests_seen):
    app.goto(f"{site_url}/favicon.svg")
    made = app.evaluate(MAKE_SNAPSHOT)
    assert made == {"made": True}, made
    assert any("/pyodide/micropip-" in u for u in requests_seen)
    # a repeat visit: Python's memory restored, so neither micropip nor the wheel is fetched again, and
    # every game is there and plays
    requests_seen.clear()
    app.goto(f"{site_url}/index.html?nosw&botdelay=0#new=verquere&quick&seats=human,random")
    app.wait_for_function(READY, timeout=120_000)
    app.wait_for_function(RESTORED, timeout=10_000)
    assert not [u for u in requests_seen if "/pyodide/micropip-" in u or u.endswith(".whl")]
    assert "verquere" in app.evaluate(PLAYABLE).split(",")
    assert play_first(app, 2)["ply"] >= 2
