"""A generic UI driver: plays any registered game through the page by clicking the targets and buttons
of a chosen legal action, exactly as a player would; and :func:`random_game`, the seeded random games (in
CPython) that tests open as records or share links."""
from __future__ import annotations

import random
from contextlib import contextmanager
from typing import Callable

from pygames.core.chance import sample_outcome
from pygames.core.record import Record

READY = "document.body.dataset.ready === '1'"


def open_app(page, site_url: str, fragment: str = "", botdelay: int = 0, autoplay: bool = True) -> None:
    """Open the site (``#fragment``); computer moves after ``botdelay`` ms; ``autoplay=False`` leaves
    forced moves (a single legal action) to the test instead of the page."""
    page.goto(f"{site_url}/index.html?botdelay={botdelay}{'' if autoplay else '&autoplay=0'}"
              f"{('#' + fragment) if fragment else ''}")
    page.wait_for_function(READY, timeout=120_000)


@contextmanager
def one_page(browser, context_args: dict, site_url: str):
    """One page for every test of a file (Python starts once, as for a player who goes on to the next
    game): yields ``(page, requests, errors)``, the requests it made and its uncaught errors, which
    :func:`check_page` checks after each test as the ``app`` fixture does."""
    ctx = browser.new_context(**context_args)
    page = ctx.new_page()
    page.set_default_timeout(90_000)
    seen: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: seen.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_app(page, site_url)
        yield page, seen, errors
    finally:
        ctx.close()


def check_page(seen: list[str], errors: list[str], site_url: str) -> None:
    """Every request stayed on the site's origin and the page threw nothing; then both lists start anew."""
    foreign = [u for u in seen if not (u.startswith(site_url + "/") or u.startswith(("data:", "blob:")))]
    assert not foreign, f"requests left the origin: {foreign}"
    assert not errors, f"uncaught page errors: {errors}"


SMALLEST_TEXT = """const smallestText = (svg) => {  // the smallest text of a drawing on screen, in CSS px (as web/view.js)
  let min = 99;
  for (const t of svg.querySelectorAll('text')) {
    if (!t.textContent.trim() || !t.getClientRects().length) continue;
    const m = t.getScreenCTM();
    min = Math.min(min, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b));
  }
  return min;
};
"""
"""JavaScript to put at the start of a measuring function's body: defines ``smallestText(svg)``."""

IDLE = "!document.body.dataset.busy && !document.body.dataset.drawing"


def idle(page) -> None:
    """Wait until Python (in the page's worker) has answered every command the page sent, and the page
    has drawn the answers: both halves of the last view (``data-drawing`` clear), so ``data-ply`` and
    ``data-turn`` are the shown view's and a click lands on the board as drawn."""
    page.wait_for_function(IDLE, timeout=60_000, polling=10)


def view(page) -> dict:
    """The page's current view, once the commands sent so far are answered."""
    idle(page)
    return page.evaluate("window.pygamesApp.view")


STEP_VIEW = """() => { const v = window.pygamesApp.view;
  return {legal: v.legal, terminal: v.terminal, ply: v.ply}; }"""


def step_view(page, view_js: str = STEP_VIEW) -> dict:
    """The parts of the view the driver needs to choose an action (cheap to transfer): ``view_js``, a
    function the page evaluates (:data:`STEP_VIEW` by default)."""
    idle(page)
    return page.evaluate(view_js)


def wait_settled(page, old_ply: int | None = None, light: bool = False, view_js: str = STEP_VIEW) -> dict:
    """Wait until a human seat must act or the game is over (and the ply moved on from ``old_ply``). A
    forced move the page plays for the player (``data-turn="auto"``) is waited through. Returns the
    whole view, or with ``light`` only what ``view_js`` picks of it (:func:`step_view`)."""
    settled = "['human','over','curtain'].includes(document.body.dataset.turn)"
    cond = settled if old_ply is None else f"{settled} && document.body.dataset.ply !== '{old_ply}'"
    asked = "document.body.dataset.turn === 'confirm'"
    page.wait_for_function(f"{asked} || ({cond})", timeout=60_000, polling=10)
    while page.evaluate("document.body.dataset.turn") == "confirm":
        # a move that cannot be taken back is shown and confirmed first: the player confirms it
        page.click("#confirm-yes")
        page.wait_for_function(f"{asked} || ({cond})", timeout=60_000, polling=10)
    while page.evaluate("document.body.dataset.turn") == "curtain":
        # hot seat with hidden information: the next player takes the device and asks for their view
        # (after which a forced move may be played for them and the curtain come again)
        page.click("#curtain-ok")
        page.wait_for_function("document.body.dataset.turn !== 'curtain'", timeout=60_000, polling=10)
        page.wait_for_function(settled, timeout=60_000, polling=10)
    return step_view(page, view_js) if light else view(page)


def settle_move(page, old_ply) -> None:
    """After the clicks of a move: confirm it if the page asks (a move that cannot be taken back is
    shown and confirmed first), then wait until the ply has moved on from ``old_ply``."""
    # selectors, not a function: this also runs under the site's CSP (no string evaluation there)
    moved = f"body:not([data-ply='{old_ply}'])"
    page.wait_for_selector(f"body[data-turn='confirm'], {moved}", state="attached", timeout=60_000)
    if page.get_attribute("body", "data-turn") == "confirm":
        page.click("#confirm-yes")
        page.wait_for_selector(moved, state="attached", timeout=60_000)


def perform(page, action: dict) -> None:
    """Click what a player clicks to take ``action`` (a legal action from the view)."""
    if not action["targets"]:
        page.click(f'#action-buttons button[data-action="{action["notation"]}"]', force=True)
        return
    start = page.evaluate("document.body.dataset.ply")
    for i, t in enumerate(action["targets"]):
        if i:
            # one gesture: the page plays an action once the clicks so far allow no other
            idle(page)
            ply, turn = page.evaluate("[document.body.dataset.ply, document.body.dataset.turn]")
            if ply != start or turn == "confirm":
                return  # played, or the page asks first (the clicks left would be ignored while it asks)
        # force: skip Playwright's wait for two stable animation frames; the click is still a real
        # mouse click at the element's centre, so it must hit the element
        sel = f'#board [data-target="{t}"]'
        # as a player scrolls what they tap to the middle of the screen: on a phone the sticky bar
        # (status, buttons, a "Why not?") covers the bottom of the page, and a wide drawing scrolls sideways
        page.eval_on_selector(sel, "e => e.scrollIntoView({block: 'center', inline: 'center'})")
        page.click(sel, force=True)
    if action["select"] == "set":
        page.click("#confirm-set", force=True)


def play_game(page, choose=None, seed: int = 0, max_actions: int = 5000) -> dict:
    """Play until the game-over panel shows; ``choose(view, rng)`` picks the human's action (random by
    default). Returns the final view."""
    rng = random.Random(seed)
    choose = choose or (lambda v, r: r.choice(v["legal"]))
    v = wait_settled(page, light=True)
    for _ in range(max_actions):
        if v["terminal"]:
            page.wait_for_selector("#gameover:not([hidden])")
            return view(page)
        action = choose(v, rng)
        perform(page, action)
        v = wait_settled(page, v["ply"], light=True)
    raise AssertionError("the game did not end")


def play_first(page, moves: int) -> dict:
    """Take the first legal action ``moves`` times (or until the game ends); returns the light view."""
    v = wait_settled(page, light=True)
    for _ in range(moves):
        if v["terminal"]:
            break
        perform(page, v["legal"][0])
        v = wait_settled(page, v["ply"], light=True)
    return v


def random_game(game: str, options: dict, seed: int, stop: Callable | None = None,
                arranged: bool = True) -> tuple[Record, object]:
    """A seeded random game of ``game`` played in CPython (no page): from its first position, chance
    outcomes by their odds and every decision at random, both drawn from ``random.Random(seed)``, until
    ``stop(state, actions)`` (called at each position before its action is drawn, ``actions`` the
    notations played so far) returns true, or the game ends. Returns the record (``arranged`` as asked:
    an arranged record replays its outcomes as they are; its ``actions`` those played) and the state it
    stopped at (terminal when ``stop`` never said so). The same seed gives the same game."""
    rec = Record.new(game, options, seed=seed, arranged=arranged)
    state, rng = rec.replay(0), random.Random(seed)
    while not state.is_terminal() and not (stop is not None and stop(state, rec.actions)):
        a = sample_outcome(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        rec.actions.append(getattr(a, "notation", a))
        state = state.child(rec.actions[-1])
    return rec, state
