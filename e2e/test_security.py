"""Issue 22 in the browser: hostile links and files, secrets that stay in the worker, the hot-seat
curtain, the Undo button's reason, and a Content-Security-Policy that every page runs under."""
from __future__ import annotations

import base64
import json

from .helpers import open_app, perform, settle_move, view, wait_settled

# every message the page gets from its worker, and every CSP violation, recorded from the first script on
SPY = """
window.__fromWorker = []; window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));
const RealWorker = window.Worker;
window.Worker = class extends RealWorker {
  constructor(...a) { super(...a); this.addEventListener('message', (e) => {
    if (e.data && e.data.out !== undefined) window.__fromWorker.push(e.data.out); }); }
};
// PyScript's worker answers through a MessagePort: [call id, JSON answer, error]
const realAdd = MessagePort.prototype.addEventListener;
MessagePort.prototype.addEventListener = function (type, listener, ...rest) {
  if (type === 'message' && typeof listener === 'function') {
    const inner = listener;
    listener = function (e) {
      if (Array.isArray(e.data) && typeof e.data[1] === 'string' && e.data[1].startsWith('{')) window.__fromWorker.push(e.data[1]);
      return inner.call(this, e);
    };
  }
  return realAdd.call(this, type, listener, ...rest);
};
"""


def b64(obj) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")


def test_deep_nesting_in_links_files_and_raw_calls_is_refused_cleanly(app, site_url):
    """Finding 4: a link whose options are 100,000 nested arrays, a share link or file holding a deep
    record, and a raw bridge call of 100,000 levels each get a message; the worker keeps answering and
    a game starts afterwards."""
    app.add_init_script(SPY)
    deep = "[" * 100_000 + "]" * 100_000
    open_app(app, site_url, f"new=verquere&quick&options={deep}")
    app.wait_for_selector("#error:not([hidden])")
    assert "options" in app.inner_text("#error-text")
    app.click("#error-close")
    out = json.loads(app.evaluate("t => window.pygamesCall('new_game', t)", deep))
    assert "deep" in out["error"] and not out.get("internal")
    record_text = '{"game":"verquere","options":{},"seed":1,"actions":' + deep + "}"
    app.set_input_files("#load-file", files=[{"name": "deep.json", "mimeType": "application/json",
                                              "buffer": record_text.encode()}])
    app.wait_for_selector("#error:not([hidden])")
    assert "deep.json" in app.inner_text("#error-text")
    app.click("#error-close")
    frag = base64.urlsafe_b64encode(record_text.encode()).decode().rstrip("=")
    app.goto(f"{site_url}/index.html?botdelay=0#record={frag}")
    app.wait_for_selector("#error:not([hidden])")
    assert "share link" in app.inner_text("#error-text")
    # a game started in the same page afterwards (a link followed) clears the message: it is behind us
    app.evaluate("location.hash = 'new=verquere&quick&seats=human,random'")
    assert wait_settled(app)["legal"]
    assert app.is_hidden("#error")
    assert app.evaluate("window.__csp") == []


def test_hand_written_record_reveals_nothing_and_arranged_games_say_so(app, site_url):
    """Finding 3: no chance key in storage; ``{"game": "dritzak", "seed": 4242, "actions": []}`` deals
    other hands on each load; a record marked arranged shows the note in the panel."""
    hands = []
    rec = {"game": "dritzak", "options": {"players": 2}, "seed": 4242, "actions": []}
    for _ in range(3):
        open_app(app, site_url, f"record={b64(rec)}&seats=human,easy")
        v = wait_settled(app)
        hands.append(tuple(v["observation"]["hand"]))
        assert not v["arranged"] and app.is_hidden("#arranged-note")
        storage = app.evaluate("JSON.stringify(Object.assign({}, localStorage))")
        assert "chance" not in storage and "4242" not in storage
    assert len(set(hands)) > 1, "the seed alone decided the deal"
    arranged = {"game": "verquere", "options": {}, "seed": 7, "actions": [], "arranged": True}
    open_app(app, site_url, f"record={b64(arranged)}&seats=human,random")
    v = wait_settled(app)
    assert v["arranged"] and "Arranged game" in app.inner_text("#arranged-note")


def test_undo_button_says_why_it_is_off(app, site_url):
    """Finding 2: after a roll the human has not yet answered, Undo is disabled and its tooltip names
    the roll, and a tap on it says so in the why line (a phone shows no tooltip); a move within the turn
    can be taken back and the tooltip says how."""
    open_app(app, site_url, "new=verquere&quick&seats=human,random")
    v = wait_settled(app)
    for _ in range(30):
        title = app.get_attribute("#undo", "title")
        if v["can_undo"]:
            assert not app.is_disabled("#undo") and "Ctrl+Z" in title
        else:
            assert app.is_disabled("#undo") and title == v["undo_reason"] and title
            # a phone shows no tooltip: a tap on the greyed button says the same in the why line
            box = app.locator("#undo").bounding_box()
            app.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            assert app.is_visible("#why") and title in app.inner_text("#why")
        if v["moves"][-1]["chance"] and "roll" in title:
            break
        perform(app, v["legal"][0])
        v = wait_settled(app, v["ply"])
    assert title.startswith("Undo is off: move ") and "roll" in title


def test_hot_seat_next_view_is_not_in_the_page_under_the_curtain(app, site_url):
    """Finding 3: while the curtain is up, the last answer from the worker is a curtain view with no
    drawing, observation, legal actions or move list; the view comes only after the click."""
    app.add_init_script(SPY)
    open_app(app, site_url)
    app.evaluate("window.pygamesApp.start({game: 'dritzak', options: {players: 2}, seats: ['human', 'human']})")
    curtains = 0
    for _ in range(12):
        app.wait_for_function("['human','curtain'].includes(document.body.dataset.turn)")
        if app.evaluate("document.body.dataset.turn") == "curtain":
            app.wait_for_function("!document.body.dataset.busy")
            last = json.loads(app.evaluate("window.__fromWorker[window.__fromWorker.length - 1]"))["ok"]
            assert last["curtain"] and not {"svg", "observation", "legal", "moves"} & set(last)
            assert app.inner_html("#board") == "" and app.inner_html("#moves") == ""
            assert app.evaluate("window.pygamesApp.view") is None
            curtains += 1
            app.click("#curtain-ok")
            app.wait_for_function("document.body.dataset.turn !== 'curtain'")
            continue
        v = view(app)
        perform(app, v["legal"][0])
        settle_move(app, v["ply"])  # a move that cannot be taken back is confirmed first
    assert curtains >= 2
    assert app.evaluate("window.__csp") == []


def test_the_site_plays_under_its_content_security_policy(browser, site_url):
    """Defence in depth: the app and the rules pages declare scripts, workers and connections from the
    site only, WebAssembly allowed, no plugins; under that policy (this context does not bypass it, as
    the other tests' pages do) Python starts, a game is played by clicks, and a rules page's live board
    plays, with no violation reported."""
    ctx = browser.new_context()
    page = ctx.new_page()
    page.set_default_timeout(120_000)
    page.add_init_script(SPY)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{site_url}/index.html?botdelay=0#new=verquere&quick&seats=human,random")
    csp = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
    for part in ("script-src 'self' 'wasm-unsafe-eval'", "connect-src 'self'", "object-src 'none'"):
        assert part in csp
    page.wait_for_selector("body[data-ready='1'][data-turn='human']")
    for _ in range(3):
        v = page.evaluate("window.pygamesApp.view")
        a = v["legal"][0]
        for t in a["targets"]:
            for attempt in range(3):  # the board may be redrawn under the pointer (same view, new nodes)
                try:
                    page.click(f'#board [data-target="{t}"]', force=True, timeout=20_000)
                    break
                except Exception:
                    if attempt == 2:
                        raise
                    page.wait_for_selector("body[data-ready='1'][data-turn='human']")
        if not a["targets"]:
            page.click(f'#action-buttons button[data-action="{a["notation"]}"]')
        settle_move(page, v["ply"])  # a move that cannot be taken back is confirmed first
        page.wait_for_selector(f"body:not([data-ply='{v['ply']}'])[data-turn='human']")
    page.goto(f"{site_url}/rules/verquere.html")
    csp = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
    assert "script-src 'self'" in csp and "object-src 'none'" in csp
    board = page.locator("pygames-board, iframe").first
    board.scroll_into_view_if_needed()
    frame = page.frame_locator("iframe").first
    frame.locator("body[data-ready='1'] #board svg").wait_for()
    assert page.evaluate("window.__csp") == [] and not errors
    ctx.close()
