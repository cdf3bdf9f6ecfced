"""A new deployment reaches returning visitors (issue 22, finding 1), and never reloads a game.

Build A is the built ``dist/``; build B is A with a changed page script (``app.js``), a changed wheel
(``pygames/__init__.py`` inside it, same file name) and a changed runtime file (``python_stdlib.zip``
holds one more module), with the service worker written again for B (:func:`build.write_service_worker`).
One static server serves a folder whose contents are swapped from A to B: a deployment. Each visit is a
new tab of one browser profile (one service worker registration, one Cache Storage).
"""
from __future__ import annotations

import hashlib
import base64
import shutil
import threading
import time
import zipfile

import pytest

import build

from .helpers import play_first

pytestmark = pytest.mark.first_visit  # a visitor who never came before (e2e/conftest.py)

B_SCRIPT = '\ndocument.documentElement.dataset.build = "B";\n'
B_CHECK = "import pygames, _pygames_build_b\nassert pygames.BUILD == 'B', pygames.BUILD\n"
READY = "document.body.dataset.ready === '1'"
CACHES = "async () => (await caches.keys()).filter((k) => /^pygames-[0-9a-f]+$/.test(k)).sort()"
CONTROLLED = "navigator.serviceWorker.controller !== null"


def _rewrite_wheel(path) -> None:
    """B's wheel: ``pygames/__init__.py`` says ``BUILD = "B"``; RECORD lists its new hash and size."""
    with zipfile.ZipFile(path) as z:
        items = [(info, z.read(info)) for info in z.infolist()]
    out = path.with_suffix(".tmp")
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        init = None
        for info, data in items:
            if info.filename == "pygames/__init__.py":
                data += b'\nBUILD = "B"\n'
                init = data
            elif info.filename.endswith(".dist-info/RECORD"):
                digest = base64.urlsafe_b64encode(hashlib.sha256(init).digest()).rstrip(b"=").decode()
                lines = [f"pygames/__init__.py,sha256={digest},{len(init)}"
                         if ln.startswith("pygames/__init__.py,") else ln
                         for ln in data.decode().splitlines()]
                data = ("\n".join(lines) + "\n").encode()
            z.writestr(info, data)
    out.replace(path)


def make_build_b(a, b) -> None:
    shutil.copytree(a, b)
    wheel = next(b.glob("pygames-*.whl"))
    changed = [b / "app.js", wheel, b / "pyodide" / "python_stdlib.zip", b / "sw.js"]
    with open(b / "app.js", "a", encoding="utf-8") as f:
        f.write(B_SCRIPT)
    _rewrite_wheel(wheel)
    with zipfile.ZipFile(b / "pyodide" / "python_stdlib.zip", "a") as z:
        z.writestr("_pygames_build_b.py", "BUILD = 'B'\n")
    for f in changed:  # the precompressed copies of A's files would be served for B's otherwise
        for ext in (".gz", ".br"):
            f.with_name(f.name + ext).unlink(missing_ok=True)
    build.write_service_worker(b)


@pytest.fixture
def deployment(tmp_path):
    """(url, deploy_b): the site at ``url`` serves build A until ``deploy_b()`` swaps in build B."""
    a, b, live = tmp_path / "a", tmp_path / "b", tmp_path / "site"
    if not (build.DIST / "index.html").exists():
        build.build()
    shutil.copytree(build.DIST, a)
    make_build_b(a, b)
    shutil.copytree(a, live)
    srv = build.make_server(live, 0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()

    def deploy_b():
        live.rename(tmp_path / "a-retired")
        shutil.copytree(b, live)

    yield f"http://127.0.0.1:{srv.server_address[1]}", deploy_b
    srv.shutdown()


def wait_caches(page, ok, timeout: float = 120.0) -> list[str]:
    """Wait until the site's caches (names, sorted) satisfy ``ok``."""
    t0 = time.monotonic()
    while not ok(keys := page.evaluate(CACHES)):
        assert time.monotonic() - t0 < timeout, f"caches are still {keys}"
        page.wait_for_timeout(200)
    return keys


def runs_b(page) -> bool:
    """True if the page runs B's script with B's wheel and B's runtime; False if all three are A's."""
    script = page.evaluate("document.documentElement.dataset.build || 'A'")
    out = page.evaluate(f"window.pygamesExec({B_CHECK!r})")
    python_b = '"ok"' in out
    assert (script == "B") == python_b, f"a mixed version: page script {script}, Python {out}"
    return python_b


def visit(context, url: str, fragment: str = ""):
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("request", lambda r: errors.append(f"off-origin request {r.url}")
          if not r.url.startswith((url + "/", "data:", "blob:")) else None)
    pg.goto(f"{url}/index.html?testhooks&botdelay=0{fragment}")
    pg.wait_for_function(READY, timeout=120_000)
    pg.errors = errors
    return pg


def test_a_new_deployment_reaches_a_returning_visitor(context, deployment):
    url, deploy_b = deployment
    pg = visit(context, url)
    assert not runs_b(pg)
    pg.wait_for_function(CONTROLLED, timeout=120_000)  # the first visit is kept for offline use
    wait_caches(pg, lambda k: len(k) == 1)
    [cache_a] = pg.evaluate(CACHES)
    pg.close()
    deploy_b()
    # first visit after the deployment: still A (served offline-first), while B installs beside it
    pg = visit(context, url)
    assert not runs_b(pg)
    # not in a game: B takes over as soon as its cache is complete, and A's cache is deleted
    wait_caches(pg, lambda k: len(k) == 1 and k[0] != cache_a)
    assert not pg.errors, pg.errors
    pg.close()
    # the second visit runs B: page script, wheel and runtime
    pg = visit(context, url)
    assert runs_b(pg)
    [cache_b] = pg.evaluate(CACHES)
    assert cache_b != cache_a
    assert not pg.errors, pg.errors
    pg.close()
    # and B works offline
    context.set_offline(True)
    pg = visit(context, url)
    assert runs_b(pg)
    pg.close()


def test_a_player_in_a_game_chooses_when_to_reload(context, deployment):
    url, deploy_b = deployment
    pg = visit(context, url, "#new=verquere&quick&seats=human,random")
    wait_caches(pg, lambda k: len(k) == 1)
    [cache_a] = pg.evaluate(CACHES)
    pg.wait_for_function(CONTROLLED, timeout=120_000)
    ply = play_first(pg, 3)["ply"]
    pg.evaluate("window.__sameDocument = true")
    deploy_b()
    pg.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    pg.wait_for_selector("#update", timeout=120_000)
    assert "new version" in pg.inner_text("#update-text")
    # nothing was reloaded: the same document, still A, the game where it was; B waits in its own cache
    assert pg.evaluate("window.__sameDocument") is True
    assert not runs_b(pg)
    assert pg.evaluate("window.pygamesApp.view.ply") == ply
    assert cache_a in pg.evaluate(CACHES) and len(pg.evaluate(CACHES)) == 2
    pg.wait_for_timeout(1500)  # still nothing happens by itself
    assert pg.evaluate("window.__sameDocument") is True
    # the player chooses to reload: B runs, the game resumes from the autosave, A's cache is gone
    with pg.expect_navigation():
        pg.click("#update-reload")
    pg.wait_for_function(READY, timeout=120_000)
    assert pg.evaluate("window.__sameDocument") is None
    assert runs_b(pg)
    pg.wait_for_function("window.pygamesApp.view !== null", timeout=60_000)
    assert pg.evaluate("window.pygamesApp.view.ply") == ply
    assert cache_a not in pg.evaluate(CACHES)
    assert not pg.errors, pg.errors
