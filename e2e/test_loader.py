"""The loader (web/loader.js, issue 18): the site's Python starts through PyScript's ``PyWorker``, whose
micropip installs our wheel from the site's own origin on the vendored Pyodide, with no
SharedArrayBuffer; and the interpreter entry (web/pyodide/entry.mjs) stands in for the storage a
third-party frame may be denied, inside a worker (where PyScript opens its IndexedDB map).

The fixture ``app`` fails any request that leaves the origin and any uncaught page error."""
from __future__ import annotations

import pytest

from .helpers import open_app, play_first

pytestmark = pytest.mark.first_visit  # a visitor who never came before (e2e/conftest.py)


def test_the_site_starts_python_through_pyscript_and_micropip(app, site_url, requests_seen):
    open_app(app, site_url, "new=verquere&quick&seats=human,random")
    paths = {u[len(site_url):].split("?")[0] for u in requests_seen if u.startswith(site_url)}
    wheel = app.evaluate("fetch('./build.json').then((r) => r.json()).then((b) => b.wheel)")
    # PyScript's core, the worker's Python, the interpreter entry, micropip (from PyPI, vendored) and
    # our wheel, all from this origin
    assert {"/pyscript/core.js", "/bridge.py", "/pyodide/entry.mjs", "/pyodide/pyodide.mjs",
            f"/{wheel}"} <= paths
    assert any(p.startswith("/pyodide/micropip-") for p in paths)
    assert "/engine.js" not in paths
    # the page awaits the worker: no cross-origin isolation, so no SharedArrayBuffer
    assert app.evaluate("window.crossOriginIsolated") is False
    assert app.evaluate("typeof SharedArrayBuffer") == "undefined"
    # micropip installed the wheel (its metadata is there), and the bridge plays
    assert play_first(app, 4)["ply"] >= 4
    games = app.evaluate("window.pygamesCall('games', '{}').then((t) => JSON.parse(t).ok.length)")
    assert games >= 7


DENIED_WORKER = """async () => {
  const source = `
    const deny = () => { throw new DOMException("Access is denied for this document.", "SecurityError"); };
    Object.defineProperty(globalThis, "indexedDB", { get: deny, configurable: true });
    globalThis.BroadcastChannel = class { constructor() { deny(); } };
    const done = (v) => postMessage(v);
    import(${JSON.stringify(location.origin + "/pyodide/entry.mjs")}).then(async (m) => {
      // what PyScript's start-up does: open an IndexedDB map, write and read it
      const db = await new Promise((ok, ko) => {
        const r = indexedDB.open("IDBMap/probe");
        r.onupgradeneeded = () => r.result.createObjectStore("entries");
        r.onsuccess = () => ok(r.result);
        r.onerror = () => ko(r.error);
      });
      await new Promise((ok, ko) => {
        const t = db.transaction("entries", "readwrite");
        t.objectStore("entries").put("frozen lock", "key");
        t.oncomplete = ok; t.onerror = ko;
      });
      const value = await new Promise((ok) => {
        const r = db.transaction("entries").objectStore("entries").get("key");
        r.onsuccess = () => ok(r.result);
      });
      new BroadcastChannel("x").postMessage(1);
      done({ value, loadPyodide: typeof m.loadPyodide, version: m.version });
    }).catch((e) => done({ error: String(e) }));
  `;
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  const w = new Worker(url, { type: "module" });
  return await new Promise((ok) => { w.onmessage = (e) => ok(e.data); w.onerror = (e) => ok({ error: e.message }); });
}"""


def test_the_interpreter_entry_starts_where_storage_is_denied(app, site_url):
    """In a worker whose IndexedDB and BroadcastChannel throw (a storage-denied third-party frame),
    importing the entry installs an in-memory IndexedDB and a BroadcastChannel stand-in, so PyScript's
    IndexedDB map opens, and it hands over our Pyodide's loadPyodide."""
    app.goto(f"{site_url}/favicon.svg")
    out = app.evaluate(DENIED_WORKER)
    assert out.get("error") is None, out
    assert out["value"] == "frozen lock"
    assert out["loadPyodide"] == "function"
    assert out["version"].startswith("314.")


def test_python_failing_to_start_is_said_on_the_page(app, site_url):
    """If the interpreter cannot be had (here: the wheel is missing), the page says so instead of
    waiting for ever."""
    app.route("**/pygames-*.whl", lambda route: route.fulfill(status=404, body="gone"))
    app.goto(f"{site_url}/index.html?nosw#new=verquere&quick")
    app.wait_for_selector("#error:not([hidden])", timeout=120_000)
    assert "Python could not start" in app.inner_text("#error-text")
