"""``python3 build.py bench --bots`` (issue 19): the level ladder is played seat-balanced, topped up in its
results file slice by slice, and written as the table of ``docs/bots.md`` between its markers, the prose
around it kept. The match here is the cheapest there is (two Verquere games, easy against random)."""
from __future__ import annotations

import json

from pygames.core.registry import list_games
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
    # every pair the ladder plays has a line, one never played says so, and the verdicts are counted
    assert "| Verquere | ludii | hard vs medium | 0 |" in text and "not played" in text
    assert "| Zoon | classic | hard vs medium | 0 |" in text
    count = next(x for x in text.splitlines() if x.endswith(" not played."))
    assert count.startswith(f"{len(build._ladder_configs(list_games())) * 3} pairs: ")
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


def test_head_to_head_scores_finishing_ahead_of_each_other_seat():
    from pygames.core.match import head_to_head
    assert head_to_head([1.0, -1.0], 0) == 1.0 and head_to_head([1.0, -1.0], 1) == 0.0
    assert head_to_head([0.0, 0.0], 1) == 0.5
    # a winner-take-all game of three: a loser ties with the other loser, loses to the winner
    assert head_to_head([1.0, -1.0, -1.0], 0) == 1.0
    assert head_to_head([1.0, -1.0, -1.0], 2) == 0.25
    # ranked returns (Dritzak with play on): second of four is ahead of two of the three others
    assert abs(head_to_head([1.0, 1 / 3, -1 / 3, -1.0], 1) - 2 / 3) < 1e-12


def test_match_keeps_the_head_to_head_score_and_the_table_derives_it_for_old_rows():
    from pygames.core.match import play_match
    two = play_match("verquere", {"ruleset": "ludii"}, "easy", "random", games=2, seed=2, cap=False)
    assert two["pairwise"] == two["total"], "two players: head to head is the score"
    three = play_match("duerror_grandis", {"players": 3}, "random", "random", games=3, seed=2, cap=False)
    w = three["total"]  # winner-take-all returns: every loss counts 0.25 head to head, a win 1
    assert abs(three["pairwise"] - (w + (3 - w) * 0.25)) < 1e-9 or three["wins"] != round(w)
    row = {"games": 3, "total": three["total"], "pairwise": three["pairwise"], "pairwise_games": 3}
    assert build._head_to_head(row, 3) == (three["pairwise"] / 3, True)
    old = {"games": 400, "total": 144.0}  # kept before the head-to-head score was: derived, marked
    h2h, exact = build._head_to_head(old, 3)
    assert not exact and abs(h2h - (0.36 + 0.64 * 0.25)) < 1e-12
    assert build._verdict(0.96, 0.93, 0.98, 0.95, 400, True) == "yes"
    assert build._verdict(0.60, 0.56, 0.64, 0.55, 200, False) == "so far"
    assert build._verdict(0.52, 0.47, 0.57, 0.55, 400, False) == "open"


def test_short_by_is_the_distance_to_the_bar():
    """Issue 19's "by how much": the score's distance below 0.95 against random, else the low end's."""
    assert abs(build._short_by(0.946, 0.920, 0.95, True) - 0.004) < 1e-12
    assert abs(build._short_by(0.580, 0.531, 0.55, False) - 0.019) < 1e-12
    assert build._short_by(0.97, 0.95, 0.95, True) == 0.0 and build._short_by(0.7, 0.65, 0.6, False) == 0.0
