"""Talking to the player, the move list and fairness (issue 5, sections 3 and 4), through the generic
shell on DVONN's random full board against the computer (a short whole game)."""
from __future__ import annotations

import json

from .helpers import idle, open_app, play_game, view, wait_settled


def overlaps(a: dict, b: dict) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def test_status_seats_options_game_over_play_again_and_resume(app, site_url):
    options = json.dumps({"random_board": True})
    open_app(app, site_url, f"new=dvonn&quick&seats=human,random&options={options}")
    v = wait_settled(app)
    # section 3: who is who, whose turn, the chosen options
    chips = app.locator("#seats-bar .seat-chip").all_inner_texts()
    assert chips == ["White · you", "Black · computer (random)"]
    assert app.inner_text("#status").startswith("Your turn")
    assert "Random board: yes" in app.inner_text("#options-list")
    # section 4: positions by keys and buttons, the list numbered by turns
    for _ in range(3):
        a = v["legal"][0]
        for t in a["targets"]:
            app.click(f'#board [data-target="{t}"]', force=True)
        v = wait_settled(app, v["ply"])
    plies = v["plies"]
    app.focus("#new")
    app.keyboard.press("Home")
    idle(app)
    # the counter speaks in the move list's turns (ui20), its title in positions
    turns = v["moves"][-1]["turn"]
    assert app.inner_text("#embed-ply") == f"Start, {turns} turns" and app.is_visible("#browse-banner")
    assert app.get_attribute("#embed-ply", "title") == f"Position 0 of {plies}"
    app.keyboard.press("ArrowRight")
    idle(app)
    # ui22: one reading everywhere, "after action k of turn t" ("After turn 1 (1/2) of 5")
    assert app.inner_text("#embed-ply").startswith((f"After turn 1 (1/", f"After turn 1 of {turns}"))
    assert app.get_attribute("#embed-ply", "title").startswith(f"Position 1 of {plies}")
    app.click("#embed-last")
    idle(app)
    assert not app.is_visible("#browse-banner")
    lines = app.locator("#moves li").count()
    assert lines >= 3
    # share: copied, or the link shown to copy by hand
    app.click("#share")
    app.wait_for_selector("#share-done:not([hidden])")
    assert "link" in app.inner_text("#share-done").lower()
    # the start page lists the game in progress (it never resumes it by itself); it resumes where it was
    app.goto(f"{site_url}/index.html?botdelay=0")
    app.wait_for_selector("#in-progress:not([hidden])")
    assert app.is_visible("#home") and "DVONN" in app.inner_text("#saved-list")
    app.click("#saved-list button.resume")
    w = wait_settled(app)
    assert w["ply"] == v["ply"] and w["record"] == v["record"]
    # to the end: the result is said to the player, the panel leaves the board in view
    final = play_game(app, seed=2)
    text = app.inner_text("#gameover-text")
    assert any(s in text for s in ("You won", "You lost", "draw")), text
    status = app.inner_text("#status").lower()
    assert any(s in status for s in ("you won", "you lost", "draw")), status
    board = app.locator("#board").bounding_box()
    panel = app.locator("#gameover").bounding_box()
    assert not overlaps(board, panel), (board, panel)
    # rematch: same options, the seats turned
    app.click("#rematch")
    app.wait_for_function(f"window.pygamesApp.view && window.pygamesApp.view.ply < {final['ply']}")
    idle(app)
    assert app.locator("#seats-bar .seat-chip").all_inner_texts() == ["White · computer (random)", "Black · you"]
    assert "Random board: yes" in app.inner_text("#options-list")


def test_a_hidden_deal_is_one_entry_in_the_move_list(app, site_url):
    """Dritzak's 36-card deal, of which the viewer sees only their own cards, reads as one entry
    ("Deal ×36: …" naming the viewer's cards in words, Q♣ not Qc) instead of 36; clicking it shows the
    position after it."""
    open_app(app, site_url, "new=dritzak&quick&seats=human,random,random,random")
    v = wait_settled(app)
    first = app.locator("#moves li").first
    deal = first.locator("a.move.chance").first
    text = deal.inner_text()
    assert text.startswith("Deal ×"), text
    count = int(text.split("×")[1].split(":")[0])
    mine = [m["seen_label"] for m in v["moves"][:count] if not m["hidden"]]
    assert mine and all(c[-1] in "♣♦♥♠" for c in mine), mine
    assert mine and text.endswith(": " + " ".join(mine)), (text, mine)
    assert first.locator("a.move").count() < 4
    deal.click()
    assert view(app)["ply"] == count
