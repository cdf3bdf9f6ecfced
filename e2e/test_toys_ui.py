"""The generic UI with the test-only toy game (loaded through the ?testhooks hook, never shipped): three
seats, buttons for actions without board targets, a set of cards selected and confirmed, the hot-seat
curtain between two humans, and hidden information that never reaches the page."""
from __future__ import annotations

from pathlib import Path

from .helpers import play_game, view

TOYS = (Path(__file__).resolve().parent.parent / "tests" / "toys.py").read_text()

COUNT_CURTAINS = """() => { window.__curtains = 0;
  new MutationObserver(() => { if (!document.getElementById('curtain').hidden) window.__curtains++; })
    .observe(document.getElementById('curtain'), {attributes: true}); }"""


def test_toy_pairs_hot_seat_buttons_and_set_selection(app, site_url):
    app.goto(f"{site_url}/index.html?botdelay=0&nosw&testhooks")
    app.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
    app.evaluate("src => window.pygamesExec(src + '\\nregister_toys()')", TOYS)
    app.evaluate(COUNT_CURTAINS)
    app.evaluate("window.pygamesApp.start({game: 'toy_pairs', options: {players: 3, rounds: 2}, "
                 "seats: ['human', 'human', 'random'], seed: 4})")
    used = {"set": 0, "button": 0}

    def choose(v, rng):
        full = view(app)
        if not full["terminal"]:
            # the page holds the viewer's observation only: no record, face-down cards as mere flags,
            # and of the nine deals only the viewer's own two hand cards
            assert full["record"] is None
            assert all(isinstance(d, bool) for d in full["observation"]["down"])
            deals = [m["notation"] for m in full["moves"] if m["notation"].startswith("deal ")]
            assert len(deals) == 9 and sum(d != "deal ?" for d in deals) == 2
        sets = [a for a in v["legal"] if a["select"] == "set"]
        buttons = [a for a in v["legal"] if not a["targets"]]
        if sets and (not used["set"] or rng.random() < 0.5):
            used["set"] += 1
            return rng.choice(sets)
        if buttons:
            used["button"] += 1
            return rng.choice(buttons)
        return rng.choice(v["legal"])

    final = play_game(app, choose, seed=2)
    assert final["terminal"] and app.is_visible("#gameover")
    assert used["set"] and used["button"]
    assert app.evaluate("window.__curtains") > 0, "the hot-seat curtain never showed"
    assert final["record"] is not None  # the game is over: now it may be saved and shared


def test_new_game_form_makes_one_seat_per_player(app, site_url):
    app.goto(f"{site_url}/index.html?botdelay=0&nosw&testhooks")
    app.wait_for_function("document.body.dataset.ready === '1'", timeout=120_000)
    app.evaluate("src => window.pygamesExec(src + '\\nregister_toys()')", TOYS)
    app.evaluate("async () => { window.pygamesApp.games = JSON.parse(await window.pygamesCall('games', '{}')).ok; }")
    app.evaluate("location.hash = 'new=toy_pairs'")
    app.wait_for_selector("#newgame:not([hidden])")
    assert app.locator("#seat-fields select").count() == 3  # the default of the players option
    app.fill("#opt-players", "5")
    assert app.locator("#seat-fields select").count() == 5
    for i in range(5):
        app.select_option(f"#seat-{i}", "random")
    app.select_option("#seat-0", "human")
    app.click("#start")
    app.wait_for_function("window.pygamesApp.view && window.pygamesApp.view.game === 'toy_pairs'")
    v = view(app)
    assert v["options"]["players"] == 5 and v["seats"] == ["human"] + ["random"] * 4
