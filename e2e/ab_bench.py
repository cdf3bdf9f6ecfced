"""Interleaved A/B loads of two (or more) builds of the site, for ``python3 build.py bench --ab DIR,DIR``
(issue 18): on a shared machine one build's loads measured after another's fall on another load, and
run-to-run swings (0.6-2.8 s for the same repeat visit at load 8-14) exceed the gains looked for. Here
each round loads every build once, in an order that turns from round to round, each served from its
own folder; the figures are the medians with their spread and, per round, each build's load against
the first's (a paired ratio, whose median drifts less than the ratio of the medians). Kinds: ``cold``
(a fresh context to an interactive board), ``repeat`` (a new tab of a profile whose service worker
and memory snapshot are in place, made once per build before the rounds), ``pyscript`` (the bare
PyScript page) and ``bare`` (bare ``loadPyodide``), as in browser_bench.py.

Beside each median, the CPU time the browser's threads took during the loads (Linux: each thread's
utime + stime in /proc, summed by thread name, the mean per load): on a shared machine the wall time
swings with the others' load, while the CPU time a page makes its browser spend does much less, and it
says which threads spend it (the worker, V8's compiler threads ``ThreadPoolForeg``, the compositor, the
display compositor ``VizCompositorTh``). A page drawing an animation during the start (a CSS transition)
shows up there: 0.45-1 s of compositor CPU per cold load without a GPU."""
from __future__ import annotations

import collections
import os
import statistics
import threading
from pathlib import Path

import build
from browser_bench import (ARGS, BARE, LONGTASKS, MARKS, PLAYABLE, SNAPSHOT_KEPT, WAIT, bare_pyscript_marks, spread,
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


def _threads_cpu() -> dict:
    """{(pid, tid): (thread name, CPU ms)} of this process and all it started (the browser's processes
    among them); empty where /proc is not Linux's."""
    children = collections.defaultdict(list)
    try:
        pids = [int(p) for p in os.listdir("/proc") if p.isdigit()]
    except OSError:
        return {}
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                children[int(f.read().rsplit(")", 1)[1].split()[1])].append(pid)
        except (OSError, IndexError, ValueError):
            pass
    tick = 1000 / os.sysconf("SC_CLK_TCK")
    out, todo = {}, [os.getpid()]
    while todo:
        pid = todo.pop()
        todo += children[pid]
        try:
            for tid in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{tid}/stat") as f:
                    stat = f.read()
                fields = stat.rsplit(")", 1)[1].split()
                out[(pid, int(tid))] = (stat[stat.index("(") + 1:stat.rindex(")")],
                                        (int(fields[11]) + int(fields[12])) * tick)
        except (OSError, IndexError, ValueError):
            pass  # a process or thread that ended meanwhile
    return out


def _cpu_since(before: dict) -> collections.Counter:
    """CPU ms by thread name since ``before`` (:func:`_threads_cpu`)."""
    spent = collections.Counter()
    for key, (name, ms) in _threads_cpu().items():
        spent[name] += ms - before.get(key, (name, 0))[1]
    return spent


def _load(browser, url: str, kind: str, profile, spent: collections.Counter,
          tasks: list[float]) -> tuple[float, list]:
    """One load of ``kind``: ms from navigation to done, and the page's marks (the bare PyScript page's,
    cold and repeat); adds to ``spent`` the CPU ms its browser's threads took, by thread name (read
    before the page closes: its renderer's threads end with it), and to ``tasks`` the wall ms of each
    main-thread long task (the Long Tasks API's, over 50 ms) from navigation to done (cold and repeat)."""
    before = _threads_cpu()
    ctx = profile if kind == "repeat" else browser.new_context(bypass_csp=True)
    pg = ctx.new_page()
    try:
        if kind == "bare":
            pg.goto(f"{url}/favicon.svg")
            return pg.evaluate(BARE), []
        if kind == "pyscript":
            pg.goto(f"{url}/bench-pyscript.html")
            pg.wait_for_function("window.benchDone", **WAIT)
            return pg.evaluate("window.benchDone"), bare_pyscript_marks(pg)
        pg.add_init_script(LONGTASKS)
        pg.add_init_script(PLAYABLE)
        pg.goto(f"{url}/" + GAME.format(sw="" if kind == "repeat" else "&nosw"))
        pg.wait_for_function("window.__playable > 0", **WAIT)
        ms = pg.evaluate("window.__playable")
        tasks.extend(pg.evaluate("window.__longtasks"))
        pg.wait_for_function("performance.getEntriesByName('pygames:worker:loadPyodide').length > 0",
                             timeout=10_000)
        # the board's time beside the marks, so that their medians say how long the board took after Python
        return ms, sorted(pg.evaluate(MARKS) + [["playable", round(ms)]], key=lambda m: m[1])
    finally:
        spent.update(_cpu_since(before))
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
    marks = {d: {k: [] for k in kinds} for d in dists}  # each load's marks
    cpu = {d: {k: collections.Counter() for k in kinds} for d in dists}
    long = {d: {k: [] for k in kinds} for d in dists}  # each load's main-thread long tasks (ms)
    load_before = os.getloadavg()[0]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=build.CHROMIUM, args=ARGS)
        profiles = {d: _warm_profile(browser, urls[d]) for d in dists} if "repeat" in kinds else {}
        for i in range(rounds):
            for d in dists[i % len(dists):] + dists[:i % len(dists)]:
                for kind in kinds:
                    tasks: list[float] = []
                    ms, m = _load(browser, urls[d], kind, profiles.get(d), cpu[d][kind], tasks)
                    out[d][kind].append(ms)
                    long[d][kind].append(tasks)
                    marks[d][kind].append(m)
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
            if kind in ("cold", "repeat"):
                worst = [max(t, default=0) for t in long[d][kind]]
                print(f"  main-thread long tasks to playable: {sum(map(len, long[d][kind]))} over {len(xs)} loads,"
                      f" longest {max(worst):.0f} ms, loads with one over 50 ms: {sum(w > 50 for w in worst)};"
                      f" each load's longest {[round(w) for w in worst]}")
            spent = cpu[d][kind]
            if spent:
                print(f"  CPU ms a load (mean): {sum(spent.values()) / len(xs):.0f}, by thread: "
                      + ", ".join(f"{n} {ms / len(xs):.0f}" for n, ms in spent.most_common(8)))
            # each mark's median over the loads that have it (where a build's time goes, with less of one
            # load's luck), then the last load's marks and the slowest's (where a slow load's time went)
            seen = collections.defaultdict(list)
            for m in marks[d][kind]:
                for n, ms in m:
                    seen[n.split(" (")[0]].append(ms)
            if seen:
                medians = sorted((statistics.median(v), n) for n, v in seen.items() if len(v) * 2 > len(xs))
                print(f"  median marks (ms): {', '.join(f'{n} {ms:.0f}' for ms, n in medians)}")
            slowest = max(range(len(xs)), key=xs.__getitem__)
            for label, i in (("the last one's", -1), (f"the slowest's ({xs[slowest]:.0f} ms)", slowest)):
                if marks[d][kind][i]:
                    print(f"  {label} marks (ms): {', '.join(f'{n} {ms}' for n, ms in marks[d][kind][i])}")
    print(f"machine load average (1 min) {load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at the end,"
          f" on {os.cpu_count()} cores")
    return {str(d): v for d, v in out.items()}
