"""Browser benchmark of embedded boards (issue 20): a third-party page (127.0.0.2, the site on 127.0.0.1)
with 1, 6 and 20 ``<pygames-board>`` elements, a mix of games, half of them interactive (the first board
is interactive). For each, in a fresh browser, with nothing cached:

- ``drawn_ms``: navigation until every board in view (the window is 1280×800) shows its board: a
  picture loaded (a still board, or the picture a live board shows until it is drawn) or its frame
  drawn;
- ``live_ms``: until every interactive board in view has its own game drawn and waits for the reader;
- ``click_ms``: until the first interactive board has answered a click (a move of the reader's, made by
  clicks on its board);
- ``renderer_mb``: the proportional set size (PSS: shared pages split between the processes that
  share them) summed over the browser's renderer processes (pages, frames and their workers), once
  every live board is up; ``pythons``: how many ``pyodide.asm.wasm`` the page loaded.

Targets: 20 boards drawn within 1.2× one board's time, memory within 1.5× one board's. Used by
``python3 build.py bench`` (and ``bench --embed`` for these figures alone).
"""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

GAMES = ["verquere", "dvonn", "zertz", "dvertz", "duerror_grandis", "zoon", "dritzak"]
MARK = "--pygames-embed-bench"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]


def host_html(site: str, n: int) -> str:
    """``n`` boards: even places interactive (human against the random level), odd ones the starting
    position of a game, games in turn."""
    boards = []
    for i in range(n):
        g = GAMES[i % len(GAMES)]
        live = ' interactive seats="human,random"' if i % 2 == 0 and g in ("verquere", "dvonn", "zertz", "dvertz") \
            else ' interactive' if i % 2 == 0 else ""
        boards.append(f'<pygames-board id="b{i}" game="{g}"{live}></pygames-board>')
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{n} boards</title>'
            f'<script src="{site}/embed.js" defer></script><style>pygames-board{{display:inline-block!important;'
            f'vertical-align:top;width:300px;margin:4px}}</style></head><body><h1>A page of {n} boards</h1>'
            f'{"".join(boards)}</body></html>')


IN_VIEW = """() => [...document.querySelectorAll('pygames-board')].filter((b) => {
  const r = b.getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0; })"""

ALL_DRAWN = f"""() => ({IN_VIEW})().every((b) => {{
  const f = b.querySelector('iframe'), i = b.querySelector('img');
  if (i && i.complete && i.naturalWidth > 0) return true;
  return !!f && !b.querySelector('.pygames-board-poster');
}})"""

LIVE_IN_VIEW = f"""() => ({IN_VIEW})().filter((b) => b.hasAttribute('interactive')).length"""


def renderer_pss_mb(marker: str) -> float:
    """PSS (MiB) of every renderer process descending from the browser whose command line holds
    ``marker``."""
    procs = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            stat = Path(f"/proc/{d}/stat").read_text()
            cmd = Path(f"/proc/{d}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        procs[int(d)] = (ppid, cmd)
    roots = {p for p, (_, cmd) in procs.items() if marker in cmd and "--type=" not in cmd}

    def ours(p: int) -> bool:
        seen = 0
        while p in procs and seen < 20:
            if p in roots:
                return True
            p, seen = procs[p][0], seen + 1
        return False
    kb = 0
    for p, (_, cmd) in procs.items():
        if "--type=renderer" in cmd and ours(p):
            try:
                for line in Path(f"/proc/{p}/smaps_rollup").read_text().splitlines():
                    if line.startswith("Pss:"):
                        kb += int(line.split()[1])
            except OSError:
                pass
    return kb / 1024


def one_page(p, site: str, host: str, n: int) -> dict:
    from helpers import perform, wait_settled  # e2e/helpers.py (on the path when run from bench)
    marker = f"{MARK}={n}-{time.monotonic_ns()}"
    browser = p.chromium.launch(executable_path=build.CHROMIUM, args=ARGS + [marker])
    ctx = browser.new_context(bypass_csp=True, viewport={"width": 1280, "height": 800})
    page = ctx.new_page()
    wasm: list[str] = []
    ctx.on("request", lambda r: wasm.append(r.url) if r.url.endswith("/pyodide.asm.wasm") else None)
    page.goto(f"{host}/{n}.html")
    page.wait_for_function(ALL_DRAWN, timeout=240_000, polling=50)
    drawn = page.evaluate("performance.now()")
    # the first interactive board (b0): a move by clicks
    frame = next((f for f in page.frames if "#new=verquere" in f.url), None)
    while frame is None:
        page.wait_for_timeout(20)
        frame = next((f for f in page.frames if "#new=verquere" in f.url), None)
    v = wait_settled(frame, light=True)
    perform(frame, v["legal"][0])
    wait_settled(frame, v["ply"], light=True)
    click = page.evaluate("performance.now()")
    # every interactive board in view up
    live_n = page.evaluate(LIVE_IN_VIEW)
    page.wait_for_function(f"""() => {{
      const live = [...document.querySelectorAll('pygames-board[interactive] iframe')];
      return live.length >= {live_n} && ({IN_VIEW})().every((b) => !b.querySelector('.pygames-board-poster'));
    }}""", timeout=240_000, polling=50)
    live = page.evaluate("performance.now()")
    page.wait_for_timeout(1500)
    mb = renderer_pss_mb(marker)
    ctx.close()
    browser.close()
    return {"drawn_ms": drawn, "live_ms": live, "click_ms": click, "renderer_mb": mb, "pythons": len(wasm)}


def run_embed_bench(dist: Path, counts=(1, 6, 20), rounds: int = 2) -> dict:
    """The table of issue 20 (medians of ``rounds`` runs per page), printed and returned."""
    from playwright.sync_api import sync_playwright
    sys.path.insert(0, str(ROOT / "e2e"))
    site_srv = build.make_server(dist, 0)
    threading.Thread(target=site_srv.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{site_srv.server_address[1]}"
    tmp = Path(tempfile.mkdtemp(prefix="pygames-embed-bench-"))
    for n in counts:
        (tmp / f"{n}.html").write_text(host_html(site, n), encoding="utf-8")
    host_srv = build.make_server(tmp, 0, host="127.0.0.2")
    threading.Thread(target=host_srv.serve_forever, daemon=True).start()
    host = f"http://127.0.0.2:{host_srv.server_address[1]}"
    rows: dict[int, dict] = {}
    load0 = os.getloadavg()[0]
    with sync_playwright() as p:
        runs: dict[int, list[dict]] = {n: [] for n in counts}
        for _ in range(rounds):
            for n in counts:  # alternating, so drift hits all alike
                runs[n].append(one_page(p, site, host, n))
        for n in counts:
            rows[n] = {k: statistics.median(r[k] for r in runs[n]) for k in runs[n][0]}
    site_srv.shutdown()
    host_srv.shutdown()
    one = rows[counts[0]]
    print(f"embedded boards (third-party page, medians of {rounds}; load {load0:.1f} → {os.getloadavg()[0]:.1f}):")
    print("| boards | interactive | all in view drawn | × one | first click answered | all live in view | "
          "renderer PSS | × one | Pythons |")
    print("|---|---|---|---|---|---|---|---|---|")
    out = {}
    for n in counts:
        r = rows[n]
        print(f"| {n} | {(n + 1) // 2} | {r['drawn_ms'] / 1000:.2f} s | {r['drawn_ms'] / one['drawn_ms']:.2f} | "
              f"{r['click_ms'] / 1000:.1f} s | {r['live_ms'] / 1000:.1f} s | {r['renderer_mb']:.0f} MB | "
              f"{r['renderer_mb'] / one['renderer_mb']:.2f} | {r['pythons']:.0f} |")
        out[f"embed_{n}_drawn_ms"] = round(r["drawn_ms"])
        out[f"embed_{n}_click_ms"] = round(r["click_ms"])
        out[f"embed_{n}_live_ms"] = round(r["live_ms"])
        out[f"embed_{n}_renderer_mb"] = round(r["renderer_mb"])
        out[f"embed_{n}_pythons"] = r["pythons"]
    last = rows[counts[-1]]
    out["embed_drawn_ratio"] = round(last["drawn_ms"] / one["drawn_ms"], 2)
    out["embed_memory_ratio"] = round(last["renderer_mb"] / one["renderer_mb"], 2)
    print(f"{counts[-1]} boards: drawn {out['embed_drawn_ratio']}× one board's time (target <= 1.2), "
          f"memory {out['embed_memory_ratio']}× (target <= 1.5)")
    return out
