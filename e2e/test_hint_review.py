"""Hints and review in every game (issue 19, "hints and review, the go-beyond"), as a player meets them.

For each of the seven games: a game near its end (a random game's record up to the human's last decision,
loaded as a share link, the computer at its fastest level) where the human is to move; Hint shows a legal
move marked on the board with its estimated chance to win, within the time bound, and the human plays it by
clicking what is marked. Then that game as it went on to its end (its share link): at game over Undo is off
and says why; Review draws the chart with its marks (text at least 11 px, at 1280 and at 360 px wide), and
a click on a mark shows the position before that move and the better move, marked on the board (axe-core:
no serious violation there, on Dritzak's). Finishing a game by play and reviewing it is
``e2e/test_newcomer.py``'s, for every game. In the hidden-information games (Dritzak, Zoon, Duerror Grandis
Caecus) the review sends nothing beyond the record every player may see once the game is over (that its
judgements use only what each player saw is ``tests/test_bots_hint.py``).

One page for the whole file (Python starts once); the games' records are made here in CPython while the
page starts, so nothing is played out at length in the browser."""
from __future__ import annotations

import base64
import json
import re
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from pygames.core import get_game
from pygames.core.record import Record

from .helpers import check_page, idle, one_page, perform, random_game, settle_move, view, wait_settled
from .test_accessibility import serious

GAMES = {"dvonn": {}, "zertz": {}, "dvertz": {}, "verquere": {}, "dritzak": {"players": 2},
         "duerror_grandis": {"players": 2, "caecus": True}, "zoon": {}}
HIDDEN = {"dritzak", "zoon", "duerror_grandis"}
HINT_SECONDS = 3.0
"""The issue's bound is 2 s per hint in the browser; 3 s here for a loaded 2-core test machine (the
worker searches 1.6 s; the times are printed)."""
OVER = "The game is over: review it, or play again"


def near_end(game: str, options: dict, seed: int) -> tuple[dict, list[str]]:
    """A random game of ``game`` played to its end (chance outcomes by their odds): its record cut at the
    last decision of the first player with a choice, and the actions that followed in the game."""
    decisions = []  # where the first player chose among several actions

    def note(state, actions) -> bool:  # never stops the game: notes its decisions
        if state.current_player() == 0 and len(state.legal_actions()) > 1:
            decisions.append(len(actions))
        return False
    rec, _ = random_game(game, options, seed, note, arranged=False)
    k = decisions[-1]
    rest = rec.actions[k:]
    rec.actions = rec.actions[:k]
    return rec.to_json(), rest


def marks_in(record: dict, rest: list[str], n: int) -> int:
    """How many moves the bridge's review (run here, in CPython, as the page's worker runs it) marks in the
    game played to its end."""
    from pygames import web
    full = {**record, "actions": record["actions"] + rest}
    web.call("load", json.dumps({"record": full, "seats": ["human"] * n}))
    return len(json.loads(web.call("review", "{}"))["ok"]["marks"])


def game_with_marks(game: str, options: dict, n: int) -> tuple[dict, list[str]]:
    """The first seed's game with two marked moves or more (so its review has some to click)."""
    for seed in range(1, 20):
        record, rest = near_end(game, options, seed)
        if marks_in(record, rest, n) >= 2:
            return record, rest
    raise AssertionError(f"{game}: no random game with two marked moves")


def share_hash(record: dict, seats: list[str]) -> str:
    data = base64.urlsafe_b64encode(json.dumps(record).encode()).decode().rstrip("=")
    return f"record={data}&seats={','.join(seats)}"


def all_games() -> dict:
    return {g: game_with_marks(g, o, get_game(g).num_players(o)) for g, o in GAMES.items()}


@pytest.fixture(scope="module")
def tab(browser, browser_context_args, site_url):
    """One page for every game of this file; the games' records are made meanwhile, while the page
    starts Python."""
    with ThreadPoolExecutor(1) as pool:
        records = pool.submit(all_games)
        with one_page(browser, browser_context_args, site_url) as (page, seen, errors):
            yield page, seen, errors, records.result()


@pytest.fixture
def player(tab, site_url):
    page, seen, errors, _ = tab
    seen.clear()
    errors.clear()
    yield page
    check_page(seen, errors, site_url)


def hint(page, game: str) -> dict:
    """Hint on the human's turn: a legal move, its targets marked on the board, a chance to win, in time.
    Returns that legal action."""
    v = wait_settled(page)
    assert v["human_turn"] and len(v["legal"]) > 1, game
    assert page.is_visible("#hint") and not page.is_disabled("#hint")
    t0 = time.perf_counter()
    page.click("#hint")
    page.wait_for_selector("#hint-text:not([hidden])", timeout=30_000)
    took = time.perf_counter() - t0
    text = page.inner_text("#hint-text")
    m = re.fullmatch(r"Hint \(hard\): (.+), about (\d+)% to win\.", text)
    assert m, text
    legal = {a["label"]: a for a in v["legal"]}  # the move as its button says it (else its notation)
    assert m.group(1) in legal, (game, text)
    assert 0 <= int(m.group(2)) <= 100
    marked = set(page.eval_on_selector_all("#board .hinted", "els => els.map((e) => e.dataset.target)"))
    assert marked == set(legal[m.group(1)]["targets"]), (game, marked)
    print(f"{game}: hint {m.group(1)!r} ({m.group(2)}%) in {took:.2f} s")
    assert took < HINT_SECONDS, f"{game}: the hint took {took:.2f} s"
    return legal[m.group(1)]


def text_sizes(page) -> list[float]:
    """The review chart's text sizes on screen (CSS px)."""
    return page.eval_on_selector_all("#review-chart text", "els => els.map((e) => "
                                     "parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a)")


def in_view(page, sel: str) -> bool:
    """Whether ``sel``'s box is whole within the window."""
    return page.evaluate("""(s) => { const r = document.querySelector(s).getBoundingClientRect();
      return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }""", sel)


def suggestion_in_view(page, whole: bool = False) -> bool:
    """Whether every board element a review mark suggests (``.hinted``) is within the window: whole, or
    (``whole`` False) 40 px of it at least, or all of a smaller one (Verquere's bar, its whole height, is
    seen by its lower part). A suggestion with no target on the board counts as in view."""
    return page.evaluate("""(whole) => [...document.querySelectorAll('#board [data-target].hinted')].every((t) => {
      const r = t.getBoundingClientRect();
      return whole ? r.top >= 0 && r.bottom <= innerHeight
        : Math.min(r.bottom, innerHeight) - Math.max(r.top, 0) >= Math.min(r.height, 40) - 0.5; })""", whole)


def boxes(page) -> dict:
    return page.evaluate("""() => Object.fromEntries(['board-box', 'review-chart', 'review-marks', 'review-detail']
      .map((id) => { const r = document.getElementById(id).getBoundingClientRect(); return [id, [r.top, r.bottom]]; })
      .concat([...document.querySelectorAll('#board .hinted')].map((t) => { const r = t.getBoundingClientRect();
        return [t.dataset.target, [r.top, r.bottom]]; })))""")


MARKS_COMING = "The computer is still looking for the moves that lost more than 20 points…"
WATCH = """() => { const seen = window.reviewSeen = {}; const box = document.getElementById('review-box');
  document.getElementById('review').addEventListener('click', () => { seen.t0 = performance.now(); }, {capture: true, once: true});
  const watch = new MutationObserver(() => {
    if (seen.t0 === undefined) return;
    const said = document.getElementById('review-marks').textContent;
    if (seen.chart === undefined && document.querySelector('#review-chart svg polyline.win')) {
      seen.chart = performance.now() - seen.t0; seen.chartSaid = said;
      seen.chartMarks = document.querySelectorAll('#review-chart .mark').length; }
    if (seen.chart !== undefined && said && said !== seen.chartSaid) {
      seen.marks = performance.now() - seen.t0; watch.disconnect(); }
  });
  watch.observe(box, {subtree: true, childList: true, characterData: true}); }"""
"""Notes, as the page changes, what the review showed when its chart first appeared (the marks then, and the
words under the chart) and when the marks came (ms after the click on Review), in ``window.reviewSeen``."""


def review(page, game: str, final: dict) -> None:
    """Review: the chart first, saying its marks are still being worked out, then the chart with its
    marks; a click on a mark shows the position before it and a better move."""
    assert page.is_disabled("#undo") and page.get_attribute("#undo", "title") == OVER
    assert page.is_hidden("#hint")
    t0 = time.perf_counter()
    # ui22: the game over says so, not the words of a position stepped back to
    assert page.inner_text("#embed-ply") == f"Game over after turn {final['moves'][-1]['turn']}"
    page.evaluate("window.scrollTo(0, 0)")
    page.evaluate(WATCH)
    page.click("#review")
    page.wait_for_selector("#review-chart svg polyline.win", timeout=120_000)
    took = time.perf_counter() - t0
    idle(page)
    # review26: the chart came first, without marks and saying they are coming (the page noted it as it
    # drew, so however fast the marks followed), then the marks and the words that count them
    came = page.evaluate("window.reviewSeen")
    assert came["chartMarks"] == 0 and came["chartSaid"] == MARKS_COMING, came
    assert "marks" in came and page.inner_text("#review-marks") != MARKS_COMING, came
    # ui22: the review opens in view (it opened under the screen's edge, its title alone seen), with the
    # board's bottom still above it
    assert in_view(page, "#review-chart") and in_view(page, "#review-marks"), boxes(page)
    assert page.evaluate("document.getElementById('board-box').getBoundingClientRect().bottom") > 0
    marks = page.locator("#review-chart .mark")
    assert marks.count() >= 1, f"{game}: no move marked"
    sizes = text_sizes(page)
    assert sizes and min(sizes) >= 11, sizes
    if game in HIDDEN:  # once over, the record is every player's; the review sends nothing beyond it
        r = page.evaluate("window.pygamesApp.review")
        assert [p["notation"] for p in r["plies"]] == final["record"]["actions"]
        assert set(r) == {"plies", "marks", "slides"}
        assert all(set(m) == {"ply", "turn", "player", "loss", "points", "better", "label", "targets"} for m in r["marks"])
    # review28: with no move of the viewer's marked, the words say where the viewer's chance fell most
    rv, me = page.evaluate("window.pygamesApp.review"), final["viewer"] or 0
    slide, own = rv["slides"][me], [m for m in rv["marks"] if m["player"] == me]
    said = page.inner_text("#review-marks")
    assert said.endswith(slide["text"]) if slide and not own else "fell most" not in said, (said, slide)
    # ui20: the chart's axis counts the move list's turns (a turn of several actions is one)
    turns = final["moves"][-1]["turn"]
    axis = page.eval_on_selector_all("#review-chart text.turn", "els => els.map((e) => [Number(e.textContent), e.getAttribute('x')])")
    assert axis and all(1 <= k <= turns for k, _ in axis), (axis, turns)
    r = page.evaluate("window.pygamesApp.review")
    # and is spaced by turns, each turn one equal step (a Dritzak deal or a Zoon deployment, many actions of
    # one turn, took half the chart when it was spaced by actions): the chart's line reaches the end of
    # each turn (its last action) at equal steps
    points = page.eval_on_selector("#review-chart polyline.win", "e => e.getAttribute('points')").split()
    ends = {p["turn"]: float(xy.split(",")[0]) for p, xy in zip(r["plies"], points)}  # the last of each turn
    steps = [b - a for a, b in zip(list(ends.values()), list(ends.values())[1:])]
    assert steps and max(steps) - min(steps) <= 0.25, (game, min(steps), max(steps))
    assert [p["turn"] for p in r["plies"]] == [next(e["turn"] for e in final["moves"] if e["ply"] >= p["ply"]) for p in r["plies"]]
    label = marks.first.get_attribute("aria-label")
    ply = int(marks.first.get_attribute("data-ply"))
    # the mark names the move as the move list numbers it: its turn (a turn may hold several actions)
    entry = next(e for e in final["moves"] if e["ply"] >= ply)
    turn = f"Turn {entry['turn']}, "
    assert label.startswith(turn), (label, entry)
    marks.first.dispatch_event("click")
    page.wait_for_selector("#review-detail:not([hidden])")
    idle(page)
    shown = view(page)
    assert shown["browsing"] and shown["ply"] == ply - 1, (label, shown["ply"])
    detail = page.inner_text("#review-detail")
    assert "The computer suggests: " in detail and detail.startswith(turn), detail
    # ui22: one position, one reading: the status, the step counter, the move list's marked entry and the
    # mark's words all say the position shown ("After turn 103", "After turn 20 (2/3)"), the move reviewed
    # (the next one) outlined in the list; the status repeats who is to move as the bridge says it
    pos = shown["position"]
    where = pos["where"]
    assert where == ("The start of the game" if not pos["turn"] else f"After turn {pos['turn']}"
                     + (f" ({pos['step']}/{pos['steps']})" if pos["step"] < pos["steps"] else "")), pos
    assert page.inner_text("#status").startswith(where), page.inner_text("#status")
    assert page.inner_text("#status").endswith(f". {shown['to_move']}"), page.inner_text("#status")
    assert page.inner_text("#embed-ply") == (f"Start, {turns} turns" if not pos["turn"] else f"{where} of {turns}"), pos
    assert f"the position {where[0].lower()}{where[1:]}, before it" in detail, (detail, where)
    cur = page.locator("#moves a.current")
    if pos["turn"]:
        assert cur.count() == 1 and cur.evaluate("a => a.closest('li').value") == pos["turn"], pos
    reviewed = page.locator("#moves a.reviewed")
    assert reviewed.count() == 1 and reviewed.get_attribute("data-ply") == str(entry["ply"])
    assert reviewed.evaluate("a => a.closest('li').value") == entry["turn"]
    # ui22: the mark's words in view with the board's bottom; review28: and the move it suggests, marked on
    # the board (a ZÈRTZ pool marble stood above the screen), and the mark on the chart, labelled
    assert in_view(page, "#review-detail"), boxes(page)
    assert suggestion_in_view(page), (game, boxes(page))
    on = page.locator("#review-chart g.mark.current")
    assert in_view(page, "#review-chart g.mark.current text"), boxes(page)
    assert on.count() == 1 and on.get_attribute("data-ply") == str(ply)
    loss = re.search(r"About (\d+) points", detail).group(1)
    # review28: a mark is a loss of more than 20 points, and its words never say 20 or less
    assert int(loss) > 20 and all(int(t.lstrip("−")) > 20 for t in marks.locator("text").all_text_contents())
    assert on.locator("text").text_content() == f"−{loss}" and on.locator("text").is_visible()
    seen = page.evaluate("""() => { const b = document.getElementById('review-chart'), m = b.querySelector('g.mark.current line');
      const r = b.getBoundingClientRect(), c = m.getBoundingClientRect(); return [r.left, r.right, c.left]; }""")
    assert seen[0] + 44 <= seen[2] <= seen[1], seen  # and not under the scale at the box's left edge (ui23)
    # no other mark's loss is shown so close to it that it could be read for its own
    near = page.evaluate("""() => [...document.querySelectorAll('#review-chart g.mark:not(.current) text')]
      .filter((t) => getComputedStyle(t).display !== 'none').map((t) => Number(t.getAttribute('x')))""")
    x0 = float(on.locator("line").get_attribute("x1"))
    assert all(abs(x - x0) >= 34 for x in near), (x0, near)
    # ui22: a step away from the mark drops its words and its move marked on the board (they stayed, under
    # another position), without moving the page
    y0 = page.evaluate("scrollY")
    page.click("#embed-next")
    idle(page)
    assert page.locator("#review-detail.idle").count() == 1 and page.locator("#board .hinted").count() == 0
    assert page.inner_text("#review-detail").startswith("Click a mark")  # review28: its room says what it is for
    assert page.locator("#review-chart g.mark.current").count() == 0 and page.locator("#moves a.reviewed").count() == 0
    assert page.evaluate("scrollY") == y0
    print(f"{game}: review of {final['plies']} plies: chart in {came['chart'] / 1000:.2f} s, marks in "
          f"{came['marks'] / 1000:.2f} s (click to drawn, in the page), {marks.count()} marks")
    if game == "dritzak":  # axe-core on the reviewed game: the chart, its marks and the detail
        assert serious(page) == []
    if game == "zoon":  # the longest chart on a phone: it scrolls in its box, the page does not, text ≥ 11 px
        page.set_viewport_size({"width": 360, "height": 740})
        try:
            page.wait_for_function("document.documentElement.clientWidth === 360")
            idle(page)
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            assert page.is_visible("#review-chart svg") and min(text_sizes(page)) >= 11
            page.wait_for_selector("#review-scroll:not([hidden])")  # it says the chart scrolls sideways
        finally:
            page.set_viewport_size({"width": 1280, "height": 720})


@pytest.fixture
def records(tab):
    """Each game's record near its end, and the actions that followed it."""
    return tab[3]


@pytest.mark.parametrize("game", list(GAMES))
def test_hint_and_review(player, records, game):
    options = GAMES[game]
    n = get_game(game).num_players(options)
    record, rest = records[game]
    player.evaluate("h => { delete document.body.dataset.ply; location.hash = h; }",
                    share_hash(record, ["human"] + ["random"] * (n - 1)))
    player.wait_for_function(f"document.body.dataset.ply === '{len(record['actions'])}'")
    # ui22: the game in progress, at its live position, says the turn being played ("After turn 32 of 32"
    # read like the game's end)
    pos = view(player)["position"]
    assert player.inner_text("#embed-ply") == f"Turn {pos['turn'] + 1 if pos['over'] else pos['turn']}, now", pos
    hinted = hint(player, game)
    perform(player, hinted)  # the hinted move is played by clicking what the board marked
    settle_move(player, len(record["actions"]))
    # then the game as it went on to its end (its record holds the marked moves): game over, and review
    full = {**record, "actions": record["actions"] + rest}
    player.evaluate("h => { location.hash = h; }", share_hash(full, ["human"] + ["random"] * (n - 1)))
    player.wait_for_selector("#gameover:not([hidden])")
    final = view(player)
    assert final["terminal"] and final["plies"] == len(full["actions"])
    review(player, game, final)


def finished(records: dict, game: str) -> str:
    """The share-link hash of ``game``'s record played to its end (a human and computer seats)."""
    record, rest = records[game]
    n = get_game(game).num_players(GAMES[game])
    return share_hash({**record, "actions": record["actions"] + rest}, ["human"] + ["random"] * (n - 1))


def test_another_finished_game_drops_the_review(player, records):
    """A review belongs to its game: after one game's review, opening another game that is already over
    (a share link, a loaded file) shows no review until asked (newcomer20's screenshots showed one game's
    chart under another game's board)."""
    player.evaluate("h => { location.hash = h; }", finished(records, "verquere"))
    player.wait_for_selector("#gameover:not([hidden])")
    player.click("#review")
    player.wait_for_selector("#review-chart svg polyline.win", timeout=120_000)
    player.evaluate("h => { delete document.body.dataset.ply; location.hash = h; }", finished(records, "dvonn"))
    player.wait_for_function("window.pygamesApp.view && window.pygamesApp.view.game === 'dvonn'")
    idle(player)
    assert view(player)["terminal"]
    assert player.is_hidden("#review-box")
    player.click("#review")  # and its own review, when asked, is its own
    player.wait_for_selector("#review-chart svg polyline.win", timeout=120_000)
    idle(player)
    assert len(player.evaluate("window.pygamesApp.review")["plies"]) == view(player)["plies"]


def test_a_game_opened_before_the_marks_never_gets_them(player, records):
    """review26: the review's chart comes first and its marks after (two bridge calls). A game opened as
    soon as Review is clicked (its share link) gets neither the reviewed game's chart nor its marks: the
    bridge refuses marks of another game, and the page drops what it gets for a game no longer shown. The
    game then shown is the new one, with no error said and no review until asked; its own review's
    marks are its own."""
    player.evaluate("h => { location.hash = h; }", finished(records, "zertz"))
    player.wait_for_selector("#gameover:not([hidden])")
    idle(player)
    # the click sends the chart's call; the new link, routed at once (no waiting for the browser's
    # hashchange), sends its load right behind it, so the worker opens the game before the marks are asked
    player.evaluate("""h => { delete document.body.dataset.ply; document.getElementById('review').click();
      history.replaceState(null, '', '#' + h); window.dispatchEvent(new HashChangeEvent('hashchange')); }""",
                    finished(records, "dvertz"))
    player.wait_for_function("window.pygamesApp.view && window.pygamesApp.view.game === 'dvertz'")
    idle(player)
    v = view(player)
    assert v["terminal"] and player.is_hidden("#review-box") and player.is_hidden("#error")
    assert player.locator("#review-chart .mark").count() == 0
    assert player.evaluate("window.pygamesApp.review") is None  # no review of ZÈRTZ's, with marks or without
    player.evaluate(WATCH)
    player.click("#review")
    player.wait_for_selector("#review-chart svg polyline.win", timeout=120_000)
    idle(player)
    r = player.evaluate("window.pygamesApp.review")
    assert [p["notation"] for p in r["plies"]] == v["record"]["actions"]
    assert player.evaluate("window.reviewSeen")["chartSaid"] == MARKS_COMING
    assert player.inner_text("#review-marks") != MARKS_COMING


def test_a_marks_suggestion_is_in_view_at_1280x800(player):
    """review28: at 1280x800 a click on a mark of the newcomer's ZÈRTZ game (``tools/review_recall.py`` seed
    10: its 23rd action handed over a capture, the suggestion a White marble from the pool) showed the mark's
    words under the chart and scrolled them into view, and the suggested pool marble stood 46 px above the
    screen's top (the board is taller than what is left of the screen above the words). The words now stand
    over the chart: after each mark's click the suggested move's elements on the board and the words are
    whole on the screen."""
    from tests.test_bots_hint import HANDED_OVER
    record = Record.new("zertz", {}, seed=10)
    record.actions = list(HANDED_OVER)
    player.set_viewport_size({"width": 1280, "height": 800})
    try:
        player.evaluate("h => { location.hash = h; }", share_hash(json.loads(json.dumps(record.to_json())),
                                                                    ["human", "random"]))
        player.wait_for_selector("#gameover:not([hidden])")
        player.click("#review")
        player.wait_for_function("window.pygamesApp.review && window.pygamesApp.review.marks", timeout=120_000)
        idle(player)
        marks = player.locator("#review-chart .mark")
        assert marks.count() >= 1
        for k in range(marks.count()):
            player.evaluate("window.scrollTo(0, 0)")
            marks.nth(k).dispatch_event("click")
            player.wait_for_selector("#review-detail:not([hidden])")
            idle(player)
            player.wait_for_function("document.querySelector('#board .hinted')")
            assert suggestion_in_view(player, whole=True) and in_view(player, "#review-detail"), boxes(player)
    finally:
        player.set_viewport_size({"width": 1280, "height": 720})
