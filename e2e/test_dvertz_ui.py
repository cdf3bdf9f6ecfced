"""Dvertz in the browser: a whole game by clicks against the computer (both parts of a turn in either
order, jumps clicked hop by hop, colours taken from the reserve), and a game by computer seats whose
record replays in Python to the same result."""
from __future__ import annotations

import base64
import json
import random

from pygames.core.record import Record

from .helpers import idle, open_app, perform, view, wait_settled

CLASSES = """() => Object.fromEntries([...document.querySelectorAll('#board [data-target]')]
  .map(e => [e.dataset.target, e.getAttribute('class') || '']))"""


def _click_jump_hop_by_hop(app, action: dict) -> int:
    """X19: click the marble, then each landing space; while other jumps could still follow, the next
    landing glows before it is clicked. The page plays the jump as soon as the clicks so far allow no
    other (one gesture). Returns how many landings glowed."""
    first, *hops = action["targets"]
    start = app.evaluate("document.body.dataset.ply")
    app.click(f'#board [data-target="{first}"]', force=True)
    lit = 0
    for t in hops:
        idle(app)
        if app.evaluate("document.body.dataset.ply") != start:
            break  # played: no other jump began with these clicks
        classes = app.evaluate(CLASSES)
        assert "selected" in classes[first] and "target" in classes[t], (action["notation"], t, classes[t])
        lit += 1
        app.click(f'#board [data-target="{t}"]', force=True)
    return lit


ARRANGED_SEED = 6
"""The game is opened from an arranged record (its seed fixes the computer's random choices, which draw
from the record's seed and the ply), so the clicks below meet the same game every run: one where the human
jumps seven times and twice a landing glows before it is clicked (a game from a fresh seed may have no
jump: CI on 26c12ef met such a game; seeds 1-10 give 2-7 jumps, only 6 a glowing landing)."""


def test_whole_game_human_vs_computer_by_clicks(app, site_url):
    rec = Record.new("dvertz", {}, seed=ARRANGED_SEED, arranged=True).to_json()
    frag = base64.urlsafe_b64encode(json.dumps(rec).encode()).decode().rstrip("=")
    open_app(app, site_url, f"record={frag}&seats=human,random")
    v = wait_settled(app, light=True)
    svg = app.inner_html("#board")
    assert "Placement: White places a DVONN piece" in svg and "Reserve: 24" in svg
    rng = random.Random(5)
    seen = {"place": 0, "stack first": 0, "marble first": 0, "jump": 0, "hops": 0, "pass": 0, "lit": 0}
    for _ in range(400):
        if v["terminal"]:
            break
        legal = v["legal"]
        jumps = [a for a in legal if a["notation"].startswith("x ") and a["targets"]]
        if jumps:
            a = max(jumps, key=lambda a: len(a["targets"]))
            seen["jump"] += 1
            seen["hops"] = max(seen["hops"], len(a["targets"]) - 1)
            seen["lit"] += _click_jump_hop_by_hop(app, a)
        else:
            kinds = {("move" if len(a["notation"]) == 4 else "marble" if a["notation"][0] in "WGB" else "other")
                     for a in legal}
            if kinds == {"move", "marble"}:  # both parts open: alternate which one comes first
                want = "move" if seen["stack first"] <= seen["marble first"] else "marble"
                seen["stack first" if want == "move" else "marble first"] += 1
                pick = [a for a in legal if (len(a["notation"]) == 4) == (want == "move")]
                a = rng.choice(pick)
                if want == "marble":
                    assert "in either order" in app.inner_html("#board")
            else:
                a = rng.choice(legal)
                if len(a["notation"]) == 2:
                    seen["place"] += 1
                elif a["notation"] == "pass":
                    seen["pass"] += 1
            perform(app, a)
        v = wait_settled(app, v["ply"], light=True)
    assert v["terminal"]
    app.wait_for_selector("#gameover:not([hidden])")
    final = view(app)
    # White places 25 pieces; the 49th is forced, and the page plays forced moves for the player
    assert seen["place"] in (24, 25) and seen["stack first"] > 0 and seen["marble first"] > 0
    assert seen["jump"] > 0 and seen["lit"] > 0, seen
    rec = Record.from_json(final["record"])
    state = rec.replay()
    assert state.is_terminal() and state.returns() == final["result"]["returns"]
    assert [m["notation"] for m in final["moves"]] == rec.actions
    assert any(" + " in t for t in state.turn_notations())
    obs = final["observation"]
    assert sum(obs["reserve"]) + sum(map(sum, obs["captures"])) + sum(1 for m in obs["marbles"] if m) == 24
    assert "Game over" in app.inner_html("#board")


def test_computer_seats_record_replays(app, site_url):
    open_app(app, site_url, "new=dvertz&quick&seats=easy,random")
    app.wait_for_selector("#gameover:not([hidden])", timeout=150_000)
    final = view(app)
    rec = Record.from_json(final["record"])
    state = rec.replay()
    assert state.is_terminal() and state.returns() == final["result"]["returns"]
    assert state.observation(None)["captures"] == final["observation"]["captures"]
    again = state.game.new_initial_state()
    for t in state.turn_notations():
        again.play_turn(t)
    assert again == state
