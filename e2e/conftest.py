"""Playwright fixtures: one served dist/ and one Debian Chromium for the whole session.

The site is the built ``dist/`` (``python3 build.py test`` builds it first; it is built here if
missing), served on a free localhost port. Every request a page makes is recorded and each test ends by
asserting that all of them stayed on that origin.

A test's ``page`` is a returning visitor's: it opens in one browser context kept for the session (the
``visited`` fixture), where the site's service worker and its memory snapshot of Python were made by a
first visit at the start, so Python starts from the snapshot (about 1.5 s, against 7 s or more from
scratch). Before each test that context's own storage is wiped (``localStorage``, ``sessionStorage``,
IndexedDB: settings, saved games, the course's progress), so no test sees another's; what is kept is
what the site keeps for a returning visitor (its service worker, its cache, the snapshot). A test
marked ``first_visit`` gets a browser context of its own instead, as a visitor who never came before:
the tests of loading, going offline, updating, embedding and a newcomer's first hour.
"""
from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
import pygames.games  # noqa: E402,F401  (registers the shipped games: core imports none)

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": build.CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    """Playwright runs string predicates (``wait_for_function``) through eval, which the site's
    Content-Security-Policy forbids: the tests' pages bypass it. ``e2e/test_security.py`` plays the site
    under its policy in a context of its own."""
    return {**browser_context_args, "bypass_csp": True}


@pytest.fixture(scope="session")
def site_url():
    if not (build.DIST / "index.html").exists():
        build.build()
    srv = build.make_server(build.DIST, 0)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    yield f"http://127.0.0.1:{srv.server_address[1]}"
    srv.shutdown()


def pytest_configure(config):
    config.addinivalue_line("markers", "first_visit: the test's page opens in a browser context of its "
                            "own, as for a visitor who never came before (no service worker, no snapshot)")


SNAPSHOT_MADE = "performance.getEntriesByName('pygames:snapshot-made').length > 0"
WIPE = """async () => {  // the visitor's own storage; the service worker, its caches and the snapshot stay
  localStorage.clear();
  sessionStorage.clear();
  for (const db of await indexedDB.databases()) {
    await new Promise((done) => { const r = indexedDB.deleteDatabase(db.name); r.onsuccess = r.onerror = r.onblocked = done; });
  }
  return [localStorage.length, (await indexedDB.databases()).length];
}"""


@pytest.fixture(scope="session")
def visited(browser, browser_context_args, site_url):
    """The session's returning visitor: a browser context whose first visit (this fixture's) installed
    the service worker and made the snapshot of Python (``web/loader.js``'s ``snapshotLater``)."""
    ctx = browser.new_context(**browser_context_args)
    pg = ctx.new_page()
    pg.goto(f"{site_url}/index.html?botdelay=0")
    pg.wait_for_function(SNAPSHOT_MADE, timeout=180_000)
    pg.close()
    yield ctx
    ctx.close()


@pytest.fixture
def context(request, new_context, site_url):
    """A new context for a ``first_visit`` test; else the returning visitor's, its storage wiped."""
    if request.node.get_closest_marker("first_visit"):
        return new_context()
    visited = request.getfixturevalue("visited")
    pg = visited.new_page()
    pg.goto(f"{site_url}/favicon.svg")
    left = pg.evaluate(WIPE)
    pg.close()
    assert left == [0, 0], f"the visitor's storage was not wiped: {left}"
    return visited


@pytest.fixture
def page(request, context, output_path):
    """The test's page; in the shared context its pages (and any the test opened) are closed after it,
    a screenshot kept first if the test failed (as pytest-playwright's ``--screenshot`` does for its own)."""
    pg = context.new_page()
    yield pg
    if request.node.get_closest_marker("first_visit"):
        return  # pytest-playwright closes its own context, screenshots included
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        try:
            Path(output_path).mkdir(parents=True, exist_ok=True)
            pg.screenshot(path=str(Path(output_path) / "failed.png"), full_page=True)
        except Exception:  # noqa: BLE001 (a page that died takes no screenshot)
            pass
    for p in list(context.pages):
        p.close()
    context.set_offline(False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    rep = yield
    if rep.when == "call":
        item.rep_call = rep
    return rep


@pytest.fixture
def requests_seen(page):
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.url))
    return seen


@pytest.fixture
def app(page, site_url, requests_seen):
    """The page with the request log; after the test, every request must be same-origin."""
    page.set_default_timeout(90_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    foreign = [u for u in requests_seen
               if not (u.startswith(site_url + "/") or u.startswith(("data:", "blob:")))]
    assert not foreign, f"requests left the origin: {foreign}"
    assert not errors, f"uncaught page errors: {errors}"
