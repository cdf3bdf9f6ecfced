"""Learning in the page (issue 17, sections 2 and 3, the page's side): the tutorial runner reached from
the start page, "why not?" with the engine's reason and rule link for a refused click, and the game's
glossary terms explained on hover or focus in the new-game form and the game view."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .helpers import idle, open_app, perform, view, wait_settled

DIST = Path(__file__).resolve().parent.parent / "dist"
FIRST_CLICKS = """() => { const v = window.pygamesApp.view;
  const live = new Set(v.legal.map((a) => a.targets[0]));
  return [...document.querySelectorAll('#board [data-target]')].map((e) => e.dataset.target)
    .filter((t) => !live.has(t)); }"""


def test_tutorial_from_the_start_page(app, site_url):
    """DVONN's tutorial: at 1280×800 the step and the board are both in view; a legal move the step does not
    ask for shows the step's hint and plays nothing; the move it asks for completes the step; Next loads the
    next position; Leave goes home."""
    tutorial = json.loads((DIST / "tutorials" / "dvonn.json").read_text())
    app.set_viewport_size({"width": 1280, "height": 800})
    open_app(app, site_url)
    app.wait_for_selector("#learn-dvonn:not([hidden])")
    app.click("#learn-dvonn")
    app.wait_for_selector("#tutorial-box:not([hidden])")
    idle(app)
    step = tutorial["steps"][0]
    assert app.inner_text("#tutorial-title").endswith(f"step 1 of {len(tutorial['steps'])}")
    assert app.inner_text("#tutorial-text") == step["text"]
    assert app.is_disabled("#tutorial-next") and app.get_attribute("#tutorial-next", "title")
    # on a desktop the step sits beside the board: the step and the whole board are in view together
    for sel in ("#tutorial-box", "#board svg"):
        box = app.locator(sel).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 800 and box["x"] + box["width"] <= 1280, (sel, box)
    v = view(app)
    other = next(a for a in v["legal"] if a["notation"] not in step["task"]["accept"])
    perform(app, other)
    app.wait_for_function("document.body.dataset.tutorial === 'hint'")
    assert app.inner_text("#tutorial-say") == step["task"]["hint"] and view(app)["ply"] == v["ply"]
    good = next(a for a in v["legal"] if a["notation"] in step["task"]["accept"])
    perform(app, good)
    app.wait_for_function("document.body.dataset.tutorial === 'done'")
    assert view(app)["ply"] == v["ply"] + 1 and not app.is_disabled("#tutorial-next")
    assert app.evaluate("localStorage.getItem('pygames:saves')") is None  # a tutorial is not a saved game
    app.click("#tutorial-next")
    app.wait_for_function("document.body.dataset.tutorialStep === '1'")
    idle(app)
    assert view(app)["ply"] == len(tutorial["steps"][1]["record"]["actions"])
    app.click("#tutorial-exit")
    app.wait_for_selector("#home:not([hidden])")


def test_why_not_names_the_rule(app, site_url):
    """DVONN on a random full board: a click on a stack that cannot move is answered with the engine's
    sentence and a link to the rule on the rules page."""
    open_app(app, site_url, "new=dvonn&quick&seats=human,human&options=" + json.dumps({"random_board": True}))
    wait_settled(app)
    dead = app.evaluate(FIRST_CLICKS)
    assert dead, "every space can move"
    app.click(f'#board [data-target="{dead[0]}"]', force=True)
    app.wait_for_selector("#why:not([hidden])")
    text = app.inner_text("#why")
    assert text.startswith("Why not?") and len(text) > 20, text
    href = app.get_attribute("#why a.rule-link", "href")
    assert re.search(r"rules/dvonn\.html#[A-Z]+\d+$", href), href
    assert href.endswith("#" + app.evaluate("document.body.dataset.why"))


def test_glossary_terms_are_explained_on_hover(app, site_url):
    """The new-game form's option help marks the game's terms; hovering or focusing one shows what it
    means (from the guide's glossary)."""
    open_app(app, site_url, "new=dvonn")
    app.wait_for_selector("#option-fields .term")
    term = app.locator("#option-fields .term").first
    name = term.inner_text()
    terms = json.loads((DIST / "glossary" / "dvonn.json").read_text())["terms"]
    glossary = {t["term"].lower(): t["text"] for t in terms}
    term.hover()
    app.wait_for_selector("#term-tip:not([hidden])")
    assert glossary[name.lower()] in app.inner_text("#term-tip")
    app.mouse.move(0, 0)
    app.wait_for_selector("#term-tip", state="hidden")
    term.focus()
    app.wait_for_selector("#term-tip:not([hidden])")
    assert term.get_attribute("aria-describedby") == "term-tip"


def test_hint_against_the_computer(app, site_url):
    """Against the computer the Hint button is there by default; it names a legal move and marks it."""
    open_app(app, site_url, "new=dvonn&quick&seats=human,easy&options=" + json.dumps({"random_board": True}))
    v = wait_settled(app)
    app.click("#hint")
    app.wait_for_selector("#hint-text:not([hidden])", timeout=60_000)
    text = app.inner_text("#hint-text")
    assert any(f": {a['label']}" in text for a in v["legal"]), text  # the move as a player reads it (a1 → b2)
    assert app.locator("#board .hinted").count() >= 1


def test_tutorial_goes_on_from_the_players_own_move(app, site_url):
    """Dvertz step 1 accepts a grey marble on any stack: played on K5 (the script's record has it on C3),
    step 2 starts from the player's move (the marble on K5 is the last move), not from the script's; step
    3 starts from a position of its own and says so first."""
    tutorial = json.loads((DIST / "tutorials" / "dvertz.json").read_text())
    steps = tutorial["steps"]
    scripted = steps[1]["record"]["actions"][len(steps[0]["record"]["actions"])]
    mine = next(m for m in reversed(steps[0]["task"]["accept"]) if m != scripted)
    app.set_viewport_size({"width": 1280, "height": 800})
    open_app(app, site_url, "tutorial=dvertz")
    app.wait_for_selector("#tutorial-box:not([hidden])")
    perform(app, next(a for a in view(app)["legal"] if a["notation"] == mine))
    app.wait_for_function("document.body.dataset.tutorial === 'done'")
    app.click("#tutorial-next")
    app.wait_for_function("document.body.dataset.tutorialStep === '1'")
    v = view(app)
    assert v["moves"][-1]["notation"] == mine and mine != scripted, v["moves"][-1]
    assert app.evaluate("document.body.dataset.tutorialFrom") == "your-move" and app.is_hidden("#tutorial-setup")
    perform(app, next(a for a in v["legal"] if a["notation"] in steps[1]["task"]["accept"]))
    app.wait_for_function("document.body.dataset.tutorial === 'done'")
    app.click("#tutorial-next")
    app.wait_for_function("document.body.dataset.tutorialStep === '2'")
    idle(app)
    assert app.evaluate("document.body.dataset.tutorialFrom") == "setup"
    assert app.inner_text("#tutorial-setup") == f"The board is set up for this step: {steps[2]['setup']}"


COVERED = """(notations) => {
  const r = (e) => e.getBoundingClientRect();
  const over = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const box = r(document.getElementById('tutorial-box')), frame = r(document.getElementById('board-box'));
  const out = {boxOverBoard: over(box, frame), boxInView: box.top >= 0 && box.bottom <= innerHeight, targets: []};
  for (const a of window.pygamesApp.view.legal.filter((a) => notations.includes(a.notation))) {
    const t = document.querySelector(`#board [data-target="${CSS.escape(a.targets[0])}"]`);
    t.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const b = r(t), x = (b.left + b.right) / 2, y = (b.top + b.bottom) / 2;
    const hit = document.elementFromPoint(x, y);
    out.targets.push({target: a.targets[0], reached: Boolean(hit && (hit === t || t.contains(hit))),
                      boxInView: r(document.getElementById('tutorial-box')).top >= 0});
  }
  return out; }"""
TIP = """(notations) => {
  const r = (e) => e.getBoundingClientRect();
  const over = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const tip = r(document.getElementById('term-tip'));
  const targets = window.pygamesApp.view.legal.filter((a) => notations.includes(a.notation))
    .map((a) => document.querySelector(`#board [data-target="${CSS.escape(a.targets[0])}"]`));
  return {buttons: [...document.querySelectorAll('#tutorial-box button')].filter((b) => over(tip, r(b))).map((b) => b.id),
          targets: targets.filter((t) => over(tip, r(t))).length}; }"""


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_tutorial_box_and_tips_leave_the_board_and_buttons_free(app, site_url, size):
    """Zoon's board is taller than the screen: the step's box stays in view and covers no target of the
    step's task (the board scrolls in a box of its own under it, a newcomer found the box over the top
    rows), and a term's explanation covers neither a tutorial button (one covered "Next step") nor the
    task's targets, in Zoon's and Dvertz's first steps."""
    app.set_viewport_size({"width": size[0], "height": size[1]})
    open_app(app, site_url)
    for game in ("zoon", "dvertz"):
        accept = json.loads((DIST / "tutorials" / f"{game}.json").read_text())["steps"][0]["task"]["accept"]
        app.evaluate(f"location.hash = 'tutorial={game}'")
        app.wait_for_function(f"window.pygamesApp.view && window.pygamesApp.view.game === '{game}'"
                              " && document.body.dataset.tutorialStep === '0'")
        idle(app)
        app.wait_for_timeout(200)  # the layout of the step (fitBoard, then its task scrolled into view)
        out = app.evaluate(COVERED, accept)
        assert not out["boxOverBoard"] and out["boxInView"], (game, out)
        assert out["targets"] and all(t["reached"] and t["boxInView"] for t in out["targets"]), (game, out)
        terms = app.locator("#tutorial-box .term")
        assert terms.count() >= 2, game
        for k in range(terms.count()):
            terms.nth(k).hover()
            app.wait_for_selector("#term-tip:not([hidden])")
            tip = app.evaluate(TIP, accept)
            assert not tip["buttons"] and not tip["targets"], (game, terms.nth(k).inner_text(), tip)
            app.mouse.move(0, 0)


KEY = """() => {
  const r = (e) => e.getBoundingClientRect();
  const html = document.getElementById('tutorial-key'), svgKey = document.querySelector('#board svg g.key')
    || [...document.querySelectorAll('#board svg text')].find((t) => t.textContent === 'How to read a card');
  const shown = html && !html.hidden && html.getClientRects().length ? html : svgKey;
  if (!shown) return null;
  let b = r(shown);
  if (shown.tagName === 'text') {  // a drawing without the key's group: its heading and the lines after it
    let e = shown;
    for (let k = 0; k < 5 && e.nextElementSibling; k++) e = e.nextElementSibling;
    b = {top: b.top, bottom: r(e).bottom};
  }
  const frame = r(document.getElementById('board-box'));
  const clip = shown === svgKey ? frame : {top: 0, bottom: innerHeight};
  return {which: shown.id || 'drawing', top: b.top, bottom: b.bottom, text: shown.textContent,
          lo: Math.max(0, clip.top), hi: Math.min(innerHeight, clip.bottom),
          board: r(document.querySelector('#board svg')).top < innerHeight / 2}; }"""


def test_zoon_key_in_view_with_the_board_at_1280(app, site_url):
    """At 1280×800 Zoon's "How to read a card" is on the screen, whole, with the board, in every step (a
    newcomer found its end below the fold, inside the board's scroll area)."""
    app.set_viewport_size({"width": 1280, "height": 800})
    open_app(app, site_url)
    for step in (1, 2, 3, 4):
        app.evaluate(f"location.hash = 'tutorial=zoon&step={step}'")
        app.wait_for_function(f"window.pygamesApp.view && window.pygamesApp.view.game === 'zoon'"
                              f" && document.body.dataset.tutorialStep === '{step - 1}'")
        idle(app)
        app.wait_for_timeout(200)
        k = app.evaluate(KEY)
        assert k and "How to read a card" in k["text"] and k["board"], (step, k)
        assert k["lo"] <= k["top"] and k["bottom"] <= k["hi"], (step, k)


FREE_TARGET = """(notations) => {
  const r = (e) => e.getBoundingClientRect();
  const over = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const box = r(document.getElementById('tutorial-box'));
  const sel = window.pygamesApp.selection || [];
  const out = [];
  for (const a of window.pygamesApp.view.legal.filter((a) => notations.includes(a.notation))) {
    if (!sel.every((t, i) => a.targets[i] === t)) continue;
    const t = document.querySelector(`#board [data-target="${CSS.escape(a.targets[sel.length])}"]`);
    const b = r(t), hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
    out.push({target: a.targets[sel.length], underBox: over(b, box), top: b.top, bottom: b.bottom,
              reached: Boolean(hit && (hit === t || t.contains(hit)))});
  }
  return out; }"""


def test_phone_step_box_never_covers_the_task(app, site_url):
    """At 390×844, Zoon's step 2: after a tap on a move the step does not ask for (its hint makes the step's
    box taller) and after a tap on one of the step's Zoons, a target of the task is on the screen, clear of
    the step's box and of the turn's bar, where a tap reaches it (a newcomer found it half under the box)."""
    accept = json.loads((DIST / "tutorials" / "zoon.json").read_text())["steps"][1]["task"]["accept"]
    app.set_viewport_size({"width": 390, "height": 844})
    open_app(app, site_url, "tutorial=zoon&step=2")
    app.wait_for_function("window.pygamesApp.view && document.body.dataset.tutorialStep === '1'")
    idle(app)
    app.wait_for_timeout(200)
    v = view(app)
    other = next(a for a in v["legal"] if a["notation"] not in accept and len(a["targets"]) == 2)
    for t in other["targets"]:  # taps where they are, as a finger does (no scrolling first)
        app.locator(f'#board [data-target="{t}"]').dispatch_event("click")
    app.wait_for_function("document.body.dataset.tutorial === 'hint'")
    app.wait_for_timeout(300)
    for when in ("after the hint", "after a tap on a Zoon of the task"):
        out = app.evaluate(FREE_TARGET, accept)
        assert any(o["reached"] and not o["underBox"] and o["top"] >= 0 for o in out), (when, out)
        if when == "after the hint":
            src = next(o["target"] for o in out if o["reached"] and not o["underBox"])
            app.locator(f'#board [data-target="{src}"]').dispatch_event("click")
            app.wait_for_timeout(300)


def test_no_tip_over_the_step_after_next_step(app, site_url):
    """At 390×844 with a mouse: after "Next step" no term's explanation is left open, and a term of the new
    step's text, hovered, is explained clear of the step's box (a newcomer found the tip over its text)."""
    tutorial = json.loads((DIST / "tutorials" / "zoon.json").read_text())
    app.set_viewport_size({"width": 390, "height": 844})
    open_app(app, site_url, "tutorial=zoon")
    app.wait_for_function("window.pygamesApp.view && document.body.dataset.tutorialStep === '0'")
    v = view(app)
    perform(app, next(a for a in v["legal"] if a["notation"] in tutorial["steps"][0]["task"]["accept"]))
    app.wait_for_function("document.body.dataset.tutorial === 'done'")
    app.click("#tutorial-next")  # the mouse stays where the button was
    app.wait_for_function("document.body.dataset.tutorialStep === '1'")
    idle(app)
    app.wait_for_timeout(300)
    assert app.is_hidden("#term-tip")
    terms = app.locator("#tutorial-box .term")
    assert terms.count() >= 2
    for k in range(terms.count()):
        terms.nth(k).hover()
        app.wait_for_selector("#term-tip:not([hidden])")
        over = app.evaluate("""() => { const a = document.getElementById('term-tip').getBoundingClientRect(),
            b = document.getElementById('tutorial-box').getBoundingClientRect();
            return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
              && [a.top, a.bottom, b.top, b.bottom, scrollY]; }""")
        assert not over, (terms.nth(k).inner_text(), over)
        app.mouse.move(0, 0)


PHONE_STEP = """(notations) => {
  const r = (e) => e.getBoundingClientRect();
  const over = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const within = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5
    && a.bottom <= b.bottom + 0.5;
  const screen = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
  const box = r(document.getElementById('tutorial-box')), bar = r(document.getElementById('controls'));
  const key = document.getElementById('tutorial-key');
  const seen = (t) => { const e = document.querySelector(`#board [data-target="${CSS.escape(t)}"]`);
    if (!e) return null;
    const b = r(e), hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
    return {target: t, inView: within(b, screen), underBox: over(b, box), underBar: over(b, bar),
            reached: Boolean(hit && (hit === e || e.contains(hit))), top: b.top, bottom: b.bottom}; };
  const moves = window.pygamesApp.view.legal.filter((a) => notations.includes(a.notation));
  return {boxUnderBar: over(box, bar), box: [box.top, box.bottom], bar: [bar.top, bar.bottom],
          key: key.hidden || !key.getClientRects().length ? null
            : {text: key.textContent, inBox: within(r(key), box), inView: within(r(key), screen)},
          first: moves.map((a) => seen(a.targets[0])), last: moves.map((a) => seen(a.targets[a.targets.length - 1]))}; }"""


def _clear(t):
    return t and t["inView"] and not t["underBox"] and not t["underBar"]


def test_zoon_tutorial_on_a_phone_keeps_key_step_and_targets_in_view(app, site_url):
    """At 390×844, each of Zoon's steps: "How to read a card" is in the step's box, whole and on the screen
    (a newcomer found it missing in steps 1-2 and half under the turn's bar from step 3); nothing of the step's
    box is under the turn's bar; the step's first tap and the cell its move ends on are on the screen, clear
    of the step's box and of the bar (step 4's e3 was scrolled out of view); and once step 4's trump is
    tapped (the shot goes off at once: it has one target), its target cell is on the screen with the result."""
    tutorial = json.loads((DIST / "tutorials" / "zoon.json").read_text())
    app.set_viewport_size({"width": 390, "height": 844})
    open_app(app, site_url)
    for n, step in enumerate(tutorial["steps"], 1):
        app.evaluate(f"location.hash = 'tutorial=zoon&step={n}'")
        app.wait_for_function(f"window.pygamesApp.view && window.pygamesApp.view.game === 'zoon'"
                              f" && document.body.dataset.tutorialStep === '{n - 1}'")
        idle(app)
        app.wait_for_timeout(300)
        out = app.evaluate(PHONE_STEP, step["task"]["accept"])
        k = out["key"]
        assert k and k["text"].startswith("How to read a card") and k["inBox"] and k["inView"], (n, out)
        assert not out["boxUnderBar"], (n, out)
        pairs = list(zip(out["first"], out["last"]))
        assert any(_clear(a) and a["reached"] for a, _b in pairs), (n, out)
        assert any(_clear(a) and a["reached"] and _clear(b) for a, b in pairs), (n, out)
    shot = next(a for a in view(app)["legal"] if a["notation"] in tutorial["steps"][-1]["task"]["accept"])
    app.locator(f'#board [data-target="{shot["targets"][0]}"]').dispatch_event("click")
    app.wait_for_function("document.body.dataset.tutorial === 'done'")
    idle(app)
    app.wait_for_timeout(300)
    out = app.evaluate(PHONE_STEP + "", [])
    assert not out["boxUnderBar"], out
    cell = app.evaluate("""(t) => { const r = (e) => e.getBoundingClientRect();
      const over = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const b = r(document.querySelector(`#board [data-target="${t}"]`));
      const box = r(document.getElementById('tutorial-box')), bar = r(document.getElementById('controls'));
      return {top: b.top, bottom: b.bottom, inView: b.top >= 0 && b.bottom <= innerHeight,
              underBox: over(b, box), underBar: over(b, bar)}; }""", shot["targets"][-1])
    assert _clear(cell), cell
