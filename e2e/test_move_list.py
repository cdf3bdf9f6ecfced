"""The move list shows every label in full: a long one (Verquere's "11 → 12, hitting (White's 23 → 24)",
Dritzak's four-player deal, a ZÈRTZ jump) wraps inside its own entry, at 1280x800 as on a 390x844 phone,
instead of running out of the list (a newcomer at 1280x800 read them cut off)."""
from __future__ import annotations

import base64
import json

import pytest

import pygames.core
from pygames.core.bots import RandomBot
from pygames.core.record import Record, Session

from .helpers import idle, open_app

SIZES = [(1280, 800), (390, 844)]


def longest_record(game: str, options: dict, plies: int, seeds: range) -> tuple[dict, str]:
    """The record (after ``plies`` random actions) whose longest action label is the longest over
    ``seeds``, and that label."""
    best: tuple[int, dict, str] = (-1, {}, "")
    for seed in seeds:
        n = pygames.core.get_game(game).new_initial_state(options).num_players
        s = Session(Record.new(game, options, seed=seed), ["human"] + ["random"] * (n - 1))
        bot = RandomBot(seed)
        while len(s.record.actions) < plies and not s.state.is_terminal():
            s.act(bot.step(s.state).notation)
        label = max((lab for lab, p in zip(s.labels, s.movers) if p == 0), key=len)
        if len(label) > best[0]:
            best = (len(label), s.record.to_json(), label)
    return best[1], best[2]


MEASURE = """() => {
  const ol = document.getElementById('moves');
  const lis = [...ol.querySelectorAll('li')], links = [...ol.querySelectorAll('a.move')];
  const box = (e) => e.getBoundingClientRect();
  return {
    list: [ol.scrollWidth, ol.clientWidth],
    clipped: links.filter((a) => a.scrollWidth > a.clientWidth).map((a) => a.textContent),
    lines: lis.filter((li) => li.scrollWidth > li.clientWidth).map((li) => li.textContent),
    outside: links.filter((a) => box(a).right > box(a.closest('li')).right + 0.5).map((a) => a.textContent),
    texts: links.map((a) => a.textContent),
    // a label that fits the entry's width easily stays on one line (the list stays compact)
    broken: links.filter((a) => a.scrollWidth < a.closest('li').clientWidth * 0.6
                               && box(a).height > 1.5 * Math.min(...links.map((b) => box(b).height)))
                 .map((a) => a.textContent),
    // a turn's player and its first move, when that fits beside it, start level (with the turn's number)
    level: lis.filter((li) => li.querySelector('.who').textContent)  // not a neutral deal's (no name)
              .map((li) => [box(li.querySelector('.who')), box(li.querySelector('a.move'))])
              .filter(([w, a]) => a.left >= w.right - 0.5 && Math.abs(w.top - a.top) > 2)
              .map(([w, a]) => [w.top, a.top])
  };
}"""


@pytest.mark.parametrize("game,options,plies,long", [("verquere", {}, 90, 34), ("dritzak", {"players": 4}, 120, 26),
                                                     ("zertz", {}, 40, 40)])
def test_long_labels_wrap_inside_the_move_list(app, site_url, game, options, plies, long):
    """At 1280x800 and 390x844, with the game's longest labels in the list: no entry is wider than its
    box (scrollWidth <= clientWidth), no line of the list and the list itself scroll sideways, every
    entry ends inside its line, and each label is shown whole (its text is the label)."""
    rec, longest = longest_record(game, options, plies, range(6))
    frag = base64.urlsafe_b64encode(json.dumps(rec).encode()).decode().rstrip("=")
    n = pygames.core.get_game(game).new_initial_state(options).num_players
    for w, h in SIZES:
        app.set_viewport_size({"width": w, "height": h})
        open_app(app, site_url, f"record={frag}&seats={','.join(['human'] + ['random'] * (n - 1))}",
                 botdelay=600_000)
        idle(app)
        m = app.evaluate(MEASURE)
        assert longest in m["texts"], (w, longest, m["texts"][-5:])
        # the list holds a long entry: a label (Verquere, ZÈRTZ) or Dritzak's deal ("Deal ×36: …", 6 cards)
        assert len(max(m["texts"], key=len)) >= long, (w, m["texts"])
        assert m["list"][0] <= m["list"][1], (w, m["list"])
        assert not m["clipped"] and not m["lines"] and not m["outside"], (w, m)
        assert not m["broken"] and not m["level"], (w, m)


def test_a_wrapped_label_keeps_its_words_together(app, site_url):
    """A label that wraps keeps to its own box: the next label starts on a line after it, not inside its
    last line, so a reader tells one move from the next (at 390x844 a Verquere list read "Bar → 6" at the
    end of one line and "(White's 18)" at the start of the next, after another move's words)."""
    rec, _ = longest_record("verquere", {}, 90, range(6))
    frag = base64.urlsafe_b64encode(json.dumps(rec).encode()).decode().rstrip("=")
    app.set_viewport_size({"width": 390, "height": 844})
    open_app(app, site_url, f"record={frag}&seats=human,random", botdelay=600_000)
    idle(app)
    boxes = app.evaluate("""() => [...document.querySelectorAll('#moves a.move')].map((a) => {
        const r = a.getBoundingClientRect(); return [a.textContent, r.left, r.right, r.top, r.bottom]; })""")
    assert len(boxes) > 20
    for (_, l1, r1, t1, b1), (_, l2, r2, t2, b2) in zip(boxes, boxes[1:]):
        # two entries never overlap: each is one rectangle
        assert r1 <= l2 + 0.5 or r2 <= l1 + 0.5 or b1 <= t2 + 0.5 or b2 <= t1 + 0.5, boxes
