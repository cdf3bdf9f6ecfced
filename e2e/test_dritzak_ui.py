"""Dritzak in the browser: a 4-player game against three computer seats to the end by clicks; a 2-human
hot-seat game with the curtain, the page holding only the current viewer's cards; an all-options game by
computer seats whose record replays in Python to the same result."""
from __future__ import annotations

from pygames.core.record import Record

from .helpers import open_app, play_game, view

COUNT_CURTAINS = """() => { window.__curtains = 0;
  new MutationObserver(() => { if (!document.getElementById('curtain').hidden) window.__curtains++; })
    .observe(document.getElementById('curtain'), {attributes: true}); }"""


def shedder(v, rng):
    """A human who plays the lowest legal set (sets of several cards too), else flips or picks up."""
    legal = v["legal"]
    plays = [a for a in legal if a["notation"].startswith(("play", "up"))]
    if plays:
        return rng.choice(plays[:3])
    downs = [a for a in legal if a["notation"].startswith("down")]
    return rng.choice(downs or legal)


def test_four_players_one_human_to_the_end(app, site_url):
    open_app(app, site_url, "new=dritzak&quick&seats=human,random,random,random")
    final = play_game(app, shedder, seed=1)
    assert app.is_visible("#gameover") and final["terminal"]
    rec = Record.from_json(final["record"])
    assert rec.replay().returns() == final["result"]["returns"]


def test_two_humans_hot_seat_curtain_and_privacy(app, site_url):
    """D27 in the page: between human turns the curtain; the DOM holds only the viewer's cards."""
    open_app(app, site_url)
    app.evaluate(COUNT_CURTAINS)
    app.evaluate("window.pygamesApp.start({game: 'dritzak', options: {players: 2}, seats: ['human', 'human'], "
                 "seed: 5})")
    checks = {"n": 0}
    seen: dict = {}

    def private(v, rng):
        full = view(app)
        if not full["terminal"] and full["viewer"] is not None:
            obs = full["observation"]
            me = full["viewer"]
            # the page holds this viewer's hand only; the other hand is a count, face-down cards flags
            assert obs["hand"] is not None and full["record"] is None
            assert all(isinstance(x, bool) for d in obs["down"] for x in d)
            html = app.inner_html("#board")
            for a in full["legal"]:
                for t in a["targets"]:
                    assert t.startswith(("card-", "down-"))
            assert all(f"card-{c}" in html for c in obs["hand"])
            # the DOM holds none of the other player's unknown hand cards (read from the page's own view
            # of that player, taken after the curtain at their next turn, below)
            seen[me] = set(obs["hand"]) - set(obs["known"][me])
            other = seen.get(1 - me, set()) - set(obs["pile"]) - set(obs["cleared"]) - set(obs["hand"])
            for c in other:
                if c not in obs["known"][1 - me] and c not in obs["up"][1 - me]:
                    assert f"card-{c}\"" not in html and f">{c}<" not in html
            checks["n"] += 1
        return shedder(v, rng)

    final = play_game(app, private, seed=3)
    assert final["terminal"] and checks["n"] > 5
    assert app.evaluate("window.__curtains") > 0, "the hot-seat curtain never showed"


def test_all_options_by_computer_seats_replays(app, site_url):
    open_app(app, site_url)
    app.evaluate("window.pygamesApp.start({game: 'dritzak', options: {players: 4, decks: 2, set_rule: 'suits', "
                 "skip: true, sevens: true, reversal: true, play_on: true}, "
                 "seats: ['random', 'random', 'random', 'random'], seed: 8})")
    app.wait_for_selector("#gameover:not([hidden])", timeout=120_000)
    final = view(app)
    assert final["options"]["play_on"] and final["options"]["decks"] == 2
    rec = Record.from_json(final["record"])
    state = rec.replay()
    assert state.is_terminal() and state.returns() == final["result"]["returns"]
