"""Browser benchmark: cold page load to an interactive board next to a bare ``loadPyodide`` and a bare
PyScript page that runs ``print(1)`` in a worker on the same vendored runtime, in the same run (each in a
fresh browser context, so nothing is cached, alternating so drift hits all alike; the service worker is
left out with ``?nosw`` since it only starts after the board is up); a repeat visit with everything
cached (the service worker's cache); main-thread long tasks from navigation to playable and through a
game against the hardest computer (the Long Tasks API's wall time, and a Chromium trace's CPU time of each
task with what ran in it, beside the machine's load average: on a shared machine a task's wall time also
holds the time its thread waited for a core); click-to-redraw latency over a game played through the UI; and the
bytes of a first visit. Used by ``python3 build.py bench``."""
from __future__ import annotations

import json
import os
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]

BARE = """async () => {
  const t0 = performance.now();
  const m = await import('/pyodide/pyodide.mjs');
  const py = await m.loadPyodide({indexURL: '/pyodide/'});
  py.runPython('1+1');
  return performance.now() - t0;
}"""


BARE_PYSCRIPT_PAGE = """<!doctype html><meta charset="utf-8"><title>bare PyScript</title>
<script type="module">
import { PyWorker } from "./pyscript/core.js";
const here = (p) => new URL(p, location.href).href;
performance.mark("pygames:pyscript");
const w = await PyWorker(here("./bench-print.py"), { type: "pyodide", version: here("./pyodide/entry.mjs"),
  config: { packages_cache: "never", sync_main_only: true } });
window.benchDone = performance.now();
// then (not timed) the worker's marks on this page's timeline, as loader.js puts ours
for (const [name, epoch, duration] of JSON.parse(await w.sync.marks())) {
  const start = epoch - performance.timeOrigin;
  if (duration) performance.measure(name, { start, duration });
  else performance.mark(name, { startTime: start });
}
window.benchMarks = true;
</script>"""
BARE_PYSCRIPT_SCRIPT = """print(1)
import js


def marks():  # entry.mjs's, read once the page has noted its time
    return js.pygamesMarks()


__export__ = ["marks"]
"""


def write_bare_pyscript_page(dist: Path) -> None:
    """``bench-pyscript.html``: PyScript's bare minimum on our runtime (a worker that runs ``print(1)``),
    written into dist/ for the benchmark only. Its interpreter entry (pyodide/entry.mjs) marks the
    worker's steps as ours does (pygames:worker:entry, :loadPyodide, :loadPyodide-done), and the page
    reads them once it has noted its time: the two starts side by side (:func:`bare_pyscript_marks`)."""
    (dist / "bench-pyscript.html").write_text(BARE_PYSCRIPT_PAGE, encoding="utf-8")
    (dist / "bench-print.py").write_text(BARE_PYSCRIPT_SCRIPT, encoding="utf-8")


def bare_pyscript_marks(pg) -> list:
    """The marks of a bare PyScript page that is done (:data:`MARKS`), once its worker's are in."""
    try:
        pg.wait_for_function("window.benchMarks === true", timeout=10_000)
        return pg.evaluate(MARKS)
    except Exception:  # only for reading where the time goes
        return []


LONGTASKS = """window.__longtasks = [];
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longtasks.push(e.duration); })
  .observe({ type: "longtask", buffered: true });"""

PLAYABLE = """window.__playable = 0;
new MutationObserver(() => {
  if (!window.__playable && document.body && document.body.dataset.turn === "human") window.__playable = performance.now();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-turn"] });"""
"""When the board first waits for the player (data-turn="human"), in ms since navigation, noted by the
page itself as the bare pages note theirs (``benchDone``). The bench's waits poll every 100 ms rather
than at every animation frame (Playwright's default): polling at each frame would have the page draw a
frame 60 times a second while it loads, which a player's page does not, and each such frame is a
main-thread task of its own that the long-task figures would count."""
WAIT = {"timeout": 120_000, "polling": 100}


TRACE_CATEGORIES = ["toplevel", "devtools", "devtools.timeline", "v8.execute", "blink"]


def main_thread_tasks(trace: bytes, origin: str) -> list[dict]:
    """The page's main-thread tasks from a Chromium trace (``browser.start_tracing``): each task's wall
    time and CPU time (ms; on a loaded machine the wall time holds the time the thread waited for a
    core, the CPU time does not) and what ran in it (the scripts it ran, else Chromium's own step).
    Only the main threads that ran or loaded something of ``origin`` count (the trace holds every
    renderer of the browser, Chromium's own pages too)."""
    events = json.loads(trace)
    events = events.get("traceEvents", []) if isinstance(events, dict) else events
    mains = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M" and e.get("name") == "thread_name"
             and e.get("args", {}).get("name") == "CrRendererMain"}
    ours = set()
    for e in events:
        data = e.get("args", {}).get("data")
        if isinstance(data, dict) and str(data.get("url", "")).startswith(origin):
            ours.add((e.get("pid"), e.get("tid")))
    mains &= ours
    out = []
    for key in mains:
        es = sorted((e for e in events if (e.get("pid"), e.get("tid")) == key and e.get("ph") == "X"),
                    key=lambda e: e["ts"])
        tops = [e for e in es if e["name"] == "ThreadControllerImpl::RunTask"]
        for t in tops:
            if t.get("dur", 0) < 20_000 and t.get("tdur", 0) < 20_000:
                continue
            end, what = t["ts"] + t["dur"], []
            for e in es:
                if e["ts"] > end:
                    break
                data = e.get("args", {}).get("data") or {}
                if e["ts"] >= t["ts"] and isinstance(data, dict) and e["name"] in (
                        "FunctionCall", "EvaluateScript", "v8.compile", "TimerFire", "EventDispatch"):
                    name = (data.get("url") or "").rsplit("/", 1)[-1] or data.get("type") or (
                        "DevTools evaluate" if e["name"] == "EvaluateScript" else "")
                    if name and name not in what:
                        what.append(name)
            # a DevTools command (Playwright's waits, reads and evaluations): the test driver's task
            driver = any(e["name"] == "DevToolsSession::DispatchProtocolCommand" and t["ts"] <= e["ts"] <= end
                         for e in es)
            if not what:
                inner = [e["name"] for e in es if t["ts"] < e["ts"] <= end and e.get("dur", 0) > 1000][:3]
                what = [t["args"].get("src_func") or "?", *inner]
            if driver:
                what.insert(0, "test driver:")
            out.append({"wall_ms": t["dur"] / 1000, "cpu_ms": t.get("tdur", 0) / 1000, "what": " ".join(what),
                        "driver": driver})
    return out


def longest(tasks: list[dict], key: str) -> dict:
    """The longest of the page's own tasks by ``key`` (the test driver's left out)."""
    return max((t for t in tasks if not t["driver"]), key=lambda t: t[key],
               default={"wall_ms": 0, "cpu_ms": 0, "what": "-"})


def hard_game_long_tasks(browser, url: str, perform, wait_settled) -> tuple[list[float], int, list[dict]]:
    """Main-thread long tasks (ms) from navigation to the end of a ZÈRTZ game in which a human seat
    (first legal action each turn) plays the computer at its hardest level; the plies played; and the
    main-thread tasks of a trace of the same (:func:`main_thread_tasks`)."""
    ctx = browser.new_context(bypass_csp=True)
    pg = ctx.new_page()
    pg.add_init_script(LONGTASKS)
    browser.start_tracing(page=pg, categories=TRACE_CATEGORIES)
    pg.goto(f"{url}/index.html?botdelay=0&nosw#new=zertz&quick&seats=human,hard")
    pg.wait_for_function("document.body.dataset.ready === '1'", **WAIT)
    # The driver plays the first legal action: it reads only that one. Reading every legal action (a ZÈRTZ
    # position has hundreds) was a DevTools evaluation of 30-84 ms CPU on the page's main thread, which
    # the Long Tasks API counts as the page's own.
    v = wait_settled(pg, light=True, view_js=FIRST_LEGAL)
    while not v["terminal"]:
        perform(pg, v["legal"][0])
        v = wait_settled(pg, v["ply"], light=True, view_js=FIRST_LEGAL)
    pg.wait_for_selector("#gameover:not([hidden])")
    tasks = pg.evaluate("window.__longtasks")
    traced = main_thread_tasks(browser.stop_tracing(), url)
    ctx.close()
    return tasks, v["ply"], traced


FIRST_LEGAL = """() => { const v = window.pygamesApp.view;
  return {legal: v.legal.slice(0, 1), terminal: v.terminal, ply: v.ply}; }"""


def spread(xs: list[float]) -> str:
    """``median M ms [min-max] over N``: a figure of a shared machine, with how far its runs swung."""
    return f"median {statistics.median(xs):.0f} ms [{min(xs):.0f}-{max(xs):.0f}] over {len(xs)}"


def run_browser_bench(dist: Path, rounds: int = 5, loads_only: bool = False) -> dict:
    """The browser figures (module docstring); ``rounds`` cold loads of each kind, interleaved (each
    round runs the bare loadPyodide, the bare PyScript page and our page, in an order that turns from
    round to round, so the machine's swings fall on all three alike), and ``rounds`` repeat visits.
    ``loads_only`` (``bench --load``): only the load figures (cold, baselines, repeat, start page)."""
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "e2e"))
    from helpers import perform, wait_settled  # noqa: E402

    write_bare_pyscript_page(dist)
    srv = build.make_server(dist, 0)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{srv.server_address[1]}"
    bare, bare_pyscript, page_load, listed, painted, load_tasks = [], [], [], [], [], []
    cold_marks: list = []
    pyscript_marks: list = []  # the last bare PyScript page's (its worker's steps)
    after_start: list[float] = []  # ms from the interpreter's start (loadPyodide done) to the board
    load_before = os.getloadavg()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=build.CHROMIUM, args=ARGS)

        def run_bare():
            ctx = browser.new_context(bypass_csp=True)
            pg = ctx.new_page()
            pg.goto(f"{url}/favicon.svg")
            bare.append(pg.evaluate(BARE))
            ctx.close()

        def run_bare_pyscript():
            ctx = browser.new_context(bypass_csp=True)
            pg = ctx.new_page()
            pg.goto(f"{url}/bench-pyscript.html")
            pg.wait_for_function("window.benchDone", **WAIT)
            bare_pyscript.append(pg.evaluate("window.benchDone"))
            pyscript_marks[:] = bare_pyscript_marks(pg)
            ctx.close()

        def run_page():
            ctx = browser.new_context(bypass_csp=True)
            pg = ctx.new_page()
            pg.add_init_script(LONGTASKS)
            pg.add_init_script(PLAYABLE)
            pg.goto(f"{url}/index.html?botdelay=0&nosw#new=verquere&quick&seats=human,random")
            pg.wait_for_function("window.__playable > 0", **WAIT)
            page_load.append(pg.evaluate("window.__playable"))
            load_tasks.extend(pg.evaluate("window.__longtasks"))
            pg.wait_for_function(f"performance.getEntriesByName('{LAST_MARK}').length > 0", timeout=10_000)
            cold_marks[:] = pg.evaluate(MARKS)
            after_start.append(page_load[-1] - dict(cold_marks)[LAST_MARK.replace("pygames:", "") + "-done"])
            ctx.close()

        runs = [run_bare, run_bare_pyscript, run_page]
        for i in range(rounds):
            for run in runs[i % 3:] + runs[:i % 3]:
                run()
            ctx = browser.new_context(bypass_csp=True)
            pg = ctx.new_page()
            pg.goto(f"{url}/index.html?nosw")
            pg.wait_for_selector("#game-list li")
            listed.append(pg.evaluate("performance.getEntriesByName('pygames:home')[0].startTime"))
            painted.append(pg.evaluate("(performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || 0"))
            ctx.close()
        repeat, repeat_marks = repeat_visits(browser, url, rounds)
        if loads_only:
            browser.close()
            srv.shutdown()
            return load_figures(bare, bare_pyscript, page_load, cold_marks, repeat, repeat_marks, listed, painted,
                                load_before, after_start, pyscript_marks)
        # one more cold load, traced (not timed: tracing slows it down)
        ctx = browser.new_context(bypass_csp=True)
        pg = ctx.new_page()
        browser.start_tracing(page=pg, categories=TRACE_CATEGORIES)
        pg.goto(f"{url}/index.html?botdelay=0&nosw#new=verquere&quick&seats=human,random")
        pg.wait_for_function("document.body.dataset.turn === 'human'", **WAIT)
        load_traced = main_thread_tasks(browser.stop_tracing(), url)
        ctx.close()
        ctx = browser.new_context(bypass_csp=True)
        pg = ctx.new_page()
        pg.goto(f"{url}/index.html?botdelay=0&nosw#new=verquere&quick&seats=human,random")
        pg.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
        v = wait_settled(pg, light=True)
        actions = 0
        while not v["terminal"] and actions < 400:
            legal = v["legal"]
            off = [a for a in legal if a["notation"].endswith("/off")]
            a = off[0] if off else max(legal, key=lambda a: (a["notation"].split("/")[0] != "bar",
                                                              a["notation"].split("/")[0]))
            perform(pg, a)
            v = wait_settled(pg, v["ply"], light=True)
            actions += 1
        clicks = sorted(pg.evaluate("window.pygamesApp.timings"))
        ctx.close()
        tasks, hard_plies, hard_traced = hard_game_long_tasks(browser, url, perform, wait_settled)
        browser.close()
    srv.shutdown()
    out = load_figures(bare, bare_pyscript, page_load, cold_marks, repeat, repeat_marks, listed, painted, load_before,
                       after_start, pyscript_marks)
    p50 = clicks[len(clicks) // 2]
    p95 = clicks[min(len(clicks) - 1, int(len(clicks) * 0.95))]
    print(f"main-thread long tasks from navigation to playable over {rounds} cold loads: {len(load_tasks)},"
          f" longest {max(load_tasks, default=0):.0f} ms (target: none over 50 ms)")
    for label, traced in (("navigation to playable", load_traced), ("a ZÈRTZ game against hard", hard_traced)):
        by_cpu, by_wall = longest(traced, "cpu_ms"), longest(traced, "wall_ms")
        driven = longest([{**t, "driver": False} for t in traced if t["driver"]], "cpu_ms")
        print(f"  traced, {label}: longest task of the page by CPU time {by_cpu['cpu_ms']:.0f} ms"
              f" (wall {by_cpu['wall_ms']:.0f} ms: {by_cpu['what']}); by wall time {by_wall['wall_ms']:.0f} ms"
              f" (CPU {by_wall['cpu_ms']:.0f} ms: {by_wall['what']}); the test driver's longest {driven['cpu_ms']:.0f} ms CPU")
    print(f"click-to-redraw over {len(clicks)} clicks ({actions} actions): p50 {p50:.1f} ms, "
          f"p95 {p95:.1f} ms (target p95 <= 50 ms)")
    print(f"main-thread long tasks from navigation to the end of a ZÈRTZ game against hard ({hard_plies} plies):"
          f" {len(tasks)}, longest {max(tasks, default=0):.0f} ms, over 50 ms: {sum(t > 50 for t in tasks)}"
          f" (target: none over 50 ms)")
    out.update({"long_tasks": len(tasks), "longest_task_ms": round(max(tasks, default=0)),
                "load_long_tasks": len(load_tasks), "load_longest_task_ms": round(max(load_tasks, default=0)),
                "click_p50_ms": round(p50, 1), "click_p95_ms": round(p95, 1), "clicks": len(clicks),
                "load_longest_task_cpu_ms": round(longest(load_traced, "cpu_ms")["cpu_ms"]),
                "game_longest_task_cpu_ms": round(longest(hard_traced, "cpu_ms")["cpu_ms"])})
    for compressed in (False, True):
        mb = first_visit_bytes(dist, compressed) / 2**20
        label = "with" if compressed else "without"
        print(f"first visit, page and service worker, {label} compression: {mb:.2f} MiB "
              f"(target {'<= 6' if compressed else '<= 14'} MB)")
        out[f"first_visit_mb_{label}_compression"] = round(mb, 2)
    return out


def load_figures(bare: list[float], bare_pyscript: list[float], page_load: list[float], cold_marks: list,
                 repeat: list[float], repeat_marks: list, listed: list[float], painted: list[float],
                 load_before: tuple, after_start: list[float], pyscript_marks: list = ()) -> dict:
    """Print the load figures (medians with their spread, the ratios of the medians, the marks of the
    last cold and repeat load, the machine's load) and return them. ``after_start``: each cold load's
    time from the interpreter's start (Pyodide's own, the part the bare pages share, which swings most on
    a loaded machine) to the board: micropip, the install, the bridge, the first game."""
    med_bare, med_page = statistics.median(bare), statistics.median(page_load)
    med_pyscript = statistics.median(bare_pyscript)
    med_repeat = statistics.median(repeat)
    print(f"bare loadPyodide: {spread(bare)} {[round(x) for x in bare]}")
    print(f"bare PyScript page (print(1) in a worker): {spread(bare_pyscript)} {[round(x) for x in bare_pyscript]}"
          + (f"; the last one's marks (ms): {', '.join(f'{n} {ms}' for n, ms in pyscript_marks)}, done"
             f" {round(bare_pyscript[-1])}" if pyscript_marks else ""))
    print(f"cold page load to interactive board: {spread(page_load)} {[round(x) for x in page_load]}"
          f" = {med_page / med_pyscript:.2f}x the bare PyScript page (target <= 1.15x),"
          f" {med_page / med_bare:.2f}x bare loadPyodide; the last one's marks (ms):"
          f" {', '.join(f'{n} {ms}' for n, ms in cold_marks)}, board {round(page_load[-1])}")
    print(f"  of which after Pyodide's start (micropip, the install, the bridge, the first game): {spread(after_start)}")
    print(f"repeat visit (everything cached) to interactive board: {spread(repeat)}"
          f" {[round(x) for x in repeat]} (target <= 1500 ms); the last one's marks (ms):"
          f" {', '.join(f'{n} {ms}' for n, ms in repeat_marks)}, board {round(repeat[-1])}")
    med_listed = statistics.median(listed)
    med_painted = statistics.median(painted)
    print(f"start page first contentful paint: median {med_painted:.0f} ms; game list drawn: {spread(listed)}"
          f" {[round(x) for x in listed]} (target <= 500 ms)")
    load_after = os.getloadavg()
    print(f"machine load average (1 min) {load_before[0]:.1f} at the start, {load_after[0]:.1f} at the end"
          f" of the browser runs, on {os.cpu_count()} cores")
    return {"game_list_ms": round(med_listed), "first_contentful_paint_ms": round(med_painted),
            "bare_loadpyodide_ms": round(med_bare), "page_load_ms": round(med_page),
            "page_load_ratio": round(med_page / med_bare, 2), "bare_pyscript_ms": round(med_pyscript),
            "page_load_ratio_pyscript": round(med_page / med_pyscript, 2), "repeat_visit_ms": round(med_repeat),
            "page_load_spread_ms": [round(min(page_load)), round(max(page_load))],
            "page_load_after_start_ms": round(statistics.median(after_start)),
            "repeat_visit_spread_ms": [round(min(repeat)), round(max(repeat))],
            "load_average": [round(load_before[0], 1), round(load_after[0], 1)]}


def repeat_visits(browser, url: str, rounds: int) -> tuple[list[float], list]:
    """Navigation to an interactive board on a repeat visit: one profile visits once (the service worker
    caches the site; once the page is idle and controlled, a worker of loader.js's makes and keeps
    Python's memory snapshot, which this waits for), then opens the board again ``rounds`` times, each
    in a new tab; and the marks of the last (:data:`MARKS`)."""
    ctx = browser.new_context(bypass_csp=True)
    pg = ctx.new_page()
    pg.goto(f"{url}/index.html")
    pg.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
    pg.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    for _ in range(360):  # the snapshot's maker starts once the page is idle (loader.js)
        if pg.evaluate(SNAPSHOT_KEPT):
            break
        pg.wait_for_timeout(500)
    pg.close()
    out = []
    for _ in range(rounds):
        pg = ctx.new_page()
        pg.add_init_script(PLAYABLE)
        pg.goto(f"{url}/index.html?botdelay=0#new=verquere&quick&seats=human,random")
        pg.wait_for_function("window.__playable > 0", **WAIT)
        out.append(pg.evaluate("window.__playable"))
        pg.wait_for_function(f"performance.getEntriesByName('{LAST_MARK}').length > 0", timeout=10_000)
        marks = pg.evaluate(MARKS)
        pg.close()
    ctx.close()
    return out, marks


LAST_MARK = "pygames:worker:loadPyodide"
MARKS = """() => performance.getEntries().filter((e) => e.name.startsWith("pygames:") && !e.name.includes(":fetch:"))
  .map((e) => [e.name.replace("pygames:", "") + (e.entryType === "measure" ? ` (${Math.round(e.duration)} ms)` : ""),
    Math.round(e.startTime)]).sort((a, b) => a[1] - b[1])"""
"""The page's marks of a start (loader.js; the worker's, pygames:worker:*, from entry.mjs and site.mjs,
put on the page's timeline once Python is up): [[name, ms since navigation]]; a measure's name says its
length (the worker's Python runs, site.mjs)."""


SNAPSHOT_KEPT = """async () => (await (await caches.open("pygames-snapshot")).keys()).length >= 2"""
"""Whether the memory snapshot that a first visit's idle page has a worker make (loader.js) is kept."""


SW_DONE = """async () => {
  const reg = await navigator.serviceWorker.ready;
  const keys = await caches.keys();
  return reg.active !== null && keys.length > 0;
}"""


def first_visit_bytes(dist: Path, compressed: bool) -> int:
    """Bytes the server sends for a first visit (start page, a game against the computer, and the
    service worker's offline precache), counted by the server itself."""
    from playwright.sync_api import sync_playwright

    srv = build.make_server(dist, 0)
    srv.compress = compressed
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{srv.server_address[1]}"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=build.CHROMIUM, args=ARGS)
        ctx = browser.new_context(bypass_csp=True)
        pg = ctx.new_page()
        pg.goto(f"{url}/index.html#new=verquere&quick&seats=human,random")
        pg.wait_for_function("document.body.dataset.turn === 'human'", timeout=120_000)
        pg.wait_for_function(SW_DONE, timeout=120_000, polling=200)
        pg.wait_for_timeout(500)
        ctx.close()
        browser.close()
    srv.shutdown()
    return srv.bytes_sent
