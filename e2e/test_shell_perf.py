"""The page's main thread stays free: Python starts and thinks in a worker (issue 5, section 1).

Long tasks are read with a ``PerformanceObserver`` for ``longtask`` entries installed before any page
script runs. The targets (no main-thread task over 50 ms, the game list within 500 ms) are measured and
printed by ``python3 build.py bench`` on a quiet machine; here, on a shared CI machine, the test asserts
what cannot depend on load: the game list is up before Python is, and no task comes near the multi-second
freezes of running Python on the page (a 200 ms bound; the figures are printed).
"""
from __future__ import annotations

import pytest

from .helpers import open_app, perform, wait_settled

LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push(Math.round(e.duration));
}).observe({ type: "longtask", buffered: true });
"""


@pytest.mark.first_visit
def test_game_list_shows_before_python_is_ready(app, site_url):
    app.add_init_script(LONGTASKS)
    app.goto(f"{site_url}/index.html?nosw")
    app.wait_for_selector("#game-list li", timeout=30_000)
    # the list, the new-game form and its seats come from games.json, not from Python
    assert app.evaluate("document.body.dataset.ready") is None, "the list waited for Python"
    shown = app.evaluate("performance.getEntriesByName('pygames:home')[0].startTime")
    app.click("#new-dvonn")
    app.wait_for_selector("#newgame:not([hidden]) #seat-fields select")
    app.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
    tasks = app.evaluate("window.__longtasks")
    print(f"game list shown at {shown:.0f} ms; long tasks until Python was ready: {tasks}")
    assert max(tasks, default=0) < 200, tasks


def test_no_long_task_through_a_game_against_the_hardest_computer(app, site_url):
    """A whole ZÈRTZ game (human clicks against ``hard``, 3 s of search a move): the search runs in the
    worker, so the page answers while the computer thinks."""
    app.add_init_script(LONGTASKS)
    open_app(app, site_url, "new=zertz&quick&seats=human,hard")
    v = wait_settled(app, light=True)
    thinking_seen = False
    for _ in range(200):
        if v["terminal"]:
            break
        perform(app, v["legal"][0])
        # the page answers the click, then the computer thinks (or the game is over)
        app.wait_for_function("['bot', 'over'].includes(document.body.dataset.turn) || "
                              f"document.body.dataset.ply !== '{v['ply']}' && document.body.dataset.turn === 'human'",
                              polling=5)
        # while the computer thinks, the page still answers at once (a script round trip)
        if app.evaluate("document.body.dataset.turn") == "bot":
            t = app.evaluate("() => { const t0 = performance.now(); return new Promise(r => "
                             "setTimeout(() => r(performance.now() - t0), 0)); }")
            assert t < 200, f"the page was blocked for {t:.0f} ms while the computer thought"
            thinking_seen = True
        v = wait_settled(app, v["ply"], light=True)
    assert v["terminal"] and thinking_seen
    app.wait_for_selector("#gameover:not([hidden])")
    tasks = app.evaluate("window.__longtasks")
    print(f"long tasks over a whole game against hard: {sorted(tasks)}")
    assert max(tasks, default=0) < 200, tasks


def test_undo_while_the_computer_thinks_answers_within_a_slice(app, site_url):
    """The computer's search runs in 100 ms slices in the worker: an undo asked for while it thinks is
    answered after the current slice, not after the whole search (3 s at hard)."""
    open_app(app, site_url, "new=zertz&quick&seats=human,hard")
    v = wait_settled(app, light=True)
    perform(app, v["legal"][0])
    app.wait_for_function("document.body.dataset.turn === 'bot'")
    app.wait_for_timeout(300)  # the search is under way
    assert app.evaluate("document.body.dataset.turn") == "bot"
    took = app.evaluate("""() => new Promise((resolve) => {
      const t0 = performance.now();
      const before = document.body.dataset.ply;
      document.getElementById('undo').click();
      const check = () => document.body.dataset.ply !== before
        ? resolve(performance.now() - t0) : setTimeout(check, 5);
      check();
    })""")
    assert took < 1500, f"undo waited {took:.0f} ms"
    w = wait_settled(app, light=True)
    assert w["ply"] == v["ply"] and app.evaluate("document.body.dataset.turn") == "human"
    print(f"undo answered {took:.0f} ms after the click while hard was thinking")
