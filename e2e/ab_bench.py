"""Interleaved A/B loads of two (or more) builds of the site, for ``python3 build.py bench --ab DIR,DIR``
(issue 18): on a shared machine one build's loads measured after another's fall on another load, and
run-to-run swings (0.6-2.8 s for the same repeat visit at load 8-14) exceed the gains looked for. Here
each round loads every build once, in an order that turns from round to round, each served from its
own folder; the figures are the medians with their spread and, per round, each build's load against
the first's (a paired ratio, whose median drifts less than the ratio of the medians). Kinds: ``cold``
(a fresh context to an interactive board), ``repeat`` (a new tab of a profile whose service worker
and memory snapshot are in place, made once per build before the rounds), ``pyscript`` (the bare
PyScript page) and ``bare`` (bare ``loadPyodide``), as in browser_bench.py."""
from __future__ import annotations

import os
import statistics
import threading
from pathlib import Path

import build
from browser_bench import (ARGS, BARE, MARKS, PLAYABLE, SNAPSHOT_KEPT, WAIT, spread,
                           write_bare_pyscript_page)

GAME = "index.html?botdelay=0{sw}#new=verquere&quick&seats=human,random"


def _warm_profile(browser, url: str):
    """A browser context that visited once: service worker in control, memory snapshot kept."""
    ctx = browser.new_context(bypass_csp=True)
    pg = ctx.new_page()
    pg.goto(f"{url}/index.html")
    pg.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
    pg.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    for _ in range(360):
        if pg.evaluate(SNAPSHOT_KEPT):
            break
        pg.wait_for_timeout(500)
    pg.close()
    return ctx


def _load(browser, url: str, kind: str, profile) -> tuple[float, list]:
    """One load of ``kind``: ms from navigation to done, and the page's marks (cold and repeat)."""
    ctx = profile if kind == "repeat" else browser.new_context(bypass_csp=True)
    pg = ctx.new_page()
    try:
        if kind == "bare":
            pg.goto(f"{url}/favicon.svg")
            return pg.evaluate(BARE), []
        if kind == "pyscript":
            pg.goto(f"{url}/bench-pyscript.html")
            pg.wait_for_function("window.benchDone", **WAIT)
            return pg.evaluate("window.benchDone"), []
        pg.add_init_script(PLAYABLE)
        pg.goto(f"{url}/" + GAME.format(sw="" if kind == "repeat" else "&nosw"))
        pg.wait_for_function("window.__playable > 0", **WAIT)
        ms = pg.evaluate("window.__playable")
        pg.wait_for_function("performance.getEntriesByName('pygames:worker:loadPyodide').length > 0",
                             timeout=10_000)
        return ms, pg.evaluate(MARKS)
    finally:
        pg.close()
        if ctx is not profile:
            ctx.close()


def run_ab_bench(dists: list[Path], rounds: int, kinds: list[str]) -> dict:
    """``rounds`` interleaved rounds of each of ``kinds`` for each build in ``dists``; prints and returns
    {dist: {kind: [ms, ...]}}."""
    from playwright.sync_api import sync_playwright

    urls, servers = {}, []
    for d in dists:
        write_bare_pyscript_page(d)
        srv = build.make_server(d, 0)
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        servers.append(srv)
        urls[d] = f"http://127.0.0.1:{srv.server_address[1]}"
    out = {d: {k: [] for k in kinds} for d in dists}
    marks = {d: {} for d in dists}
    load_before = os.getloadavg()[0]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=build.CHROMIUM, args=ARGS)
        profiles = {d: _warm_profile(browser, urls[d]) for d in dists} if "repeat" in kinds else {}
        for i in range(rounds):
            for d in dists[i % len(dists):] + dists[:i % len(dists)]:
                for kind in kinds:
                    ms, m = _load(browser, urls[d], kind, profiles.get(d))
                    out[d][kind].append(ms)
                    marks[d][kind] = m
            print(f"round {i + 1}: " + "; ".join(
                f"{d.name} " + " ".join(f"{k} {out[d][k][-1]:.0f}" for k in kinds) for d in dists)
                + f" (load {os.getloadavg()[0]:.1f})", flush=True)
        browser.close()
    for srv in servers:
        srv.shutdown()
    first = dists[0]
    for d in dists:
        for kind in kinds:
            xs = out[d][kind]
            paired = ""
            if d != first:
                r = [x / y for x, y in zip(xs, out[first][kind])]
                paired = f"; against {first.name}, paired per round: median {statistics.median(r):.2f}x [{min(r):.2f}-{max(r):.2f}]"
            print(f"{d} {kind}: {spread(xs)} {[round(x) for x in xs]}{paired}")
            if marks[d].get(kind):
                print(f"  the last one's marks (ms): {', '.join(f'{n} {ms}' for n, ms in marks[d][kind])}")
    print(f"machine load average (1 min) {load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at the end,"
          f" on {os.cpu_count()} cores")
    return {str(d): v for d, v in out.items()}
