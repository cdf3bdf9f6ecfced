"""Playwright fixtures: one served dist/ and one Debian Chromium for the whole session.

The site is the built ``dist/`` (``python3 build.py test`` builds it first; it is built here if
missing), served on a free localhost port. Every request a page makes is recorded and each test ends by
asserting that all of them stayed on that origin.
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
