"""``python3 build.py bench --bots`` (issue 19): the level ladder is played seat-balanced, topped up in its
results file slice by slice, and written as the table of ``docs/bots.md`` between its markers, the prose
around it kept. The match here is the cheapest there is (two Verquere games, easy against random)."""
from __future__ import annotations

import json

from tools import ladder as build  # the ladder lives in tools/ladder.py (moved out of build.py)


def test_ladder_plays_tops_up_and_writes_the_table(tmp_path, monkeypatch):
    doc, results = tmp_path / "bots.md", tmp_path / "ladder.json"
    doc.write_text("# The computer players\n\nProse that stays.\n", encoding="utf-8")
    monkeypatch.setattr(build, "BOTS_DOC", doc)
    monkeypatch.setattr(build, "BOTS_RESULTS", results)
    args = ["--bots", "--games", "2", "--game", "verquere", "--variant", "ludii", "--pair", "easy-random"]
    assert build.bench_bots(args) == 0
    rows = json.loads(results.read_text())
    assert len(rows) == 1 and rows[0]["games"] == 2 and rows[0]["a"] == "easy" and rows[0]["b"] == "random"
    assert rows[0]["a_move"][0] > 0 and rows[0]["b_move"][0] > 0, "every decision is timed"
    build.bench_bots(args[:2] + ["4"] + args[3:])  # topped up to 4: two more games, not four
    rows = json.loads(results.read_text())
    assert len(rows) == 1 and rows[0]["games"] == 4
    text = doc.read_text()
    assert text.startswith("# The computer players\n\nProse that stays.\n")
    assert text.count(build.TABLE_BEGIN) == 1 and text.count(build.TABLE_END) == 1
    line = next(x for x in text.splitlines() if x.startswith("| Verquere | ludii | easy vs random | 4 |"))
    assert "0.95 (score)" in line and "Machine:" in text
    build.bench_bots(["--bots", "--table-only"])  # rewritten in place, not appended again
    assert doc.read_text().count(build.TABLE_BEGIN) == 1


def test_ladder_bars():
    """Easy must score 0.95 against random; above that, the interval's low end must pass 0.60 in games of
    perfect information without dice and 0.55 where dice or hidden cards weigh."""
    from pygames.core import get_game
    assert build._ladder_threshold(get_game("zertz"), {}, "hard", "medium") == 0.60
    assert build._ladder_threshold(get_game("dvonn"), {"random_board": True}, "hard", "medium") == 0.60
    assert build._ladder_threshold(get_game("verquere"), {}, "hard", "medium") == 0.55
    assert build._ladder_threshold(get_game("dritzak"), {}, "medium", "easy") == 0.55
    assert build._ladder_threshold(get_game("duerror_grandis"), {"caecus": True}, "medium", "easy") == 0.55
    assert build._ladder_threshold(get_game("zoon"), {}, "easy", "random") == 0.95
