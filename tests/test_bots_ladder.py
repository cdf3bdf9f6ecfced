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
    assert "| Zoon | classic, mirrored tribes | hard vs medium | 0 |" in text
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


def test_a_rotation_plays_each_setup_from_every_seat(monkeypatch):
    """``play_match(rotation=...)``: game ``k`` plays setup ``(k // players) % len(rotation)``, so both
    seatings of an opening share one setup and each setup is played as often from each seat; a bad setup is
    refused before any game."""
    import pytest
    from pygames.core import match
    from pygames.core.errors import PygamesError
    seen = []
    real = match.play_game

    def spy(game_id, options, levels, **kw):
        seen.append((options["south"], options["north"], levels.index("easy")))
        return real(game_id, options, levels, **kw)
    monkeypatch.setattr(match, "play_game", spy)
    mirrors = [{"south": t, "north": t} for t in ("warus", "monkus")]
    r = match.play_match("zoon", {"combat": "alternate"}, "easy", "random", games=6, seed=3, cap=False,
                         first=2, rotation=mirrors)
    assert r["games"] == 6
    assert seen == [("monkus", "monkus", 0), ("monkus", "monkus", 1), ("warus", "warus", 0),
                    ("warus", "warus", 1), ("monkus", "monkus", 0), ("monkus", "monkus", 1)]
    with pytest.raises(PygamesError):
        match.play_match("zoon", {}, "easy", "random", games=2, rotation=[{"south": "dragons"}])


def test_zoons_ladder_mirrors_the_four_tribes():
    """Zoon's ladder rows play each tribe against itself in turn (docs/bots.md, "Zoon's ladder plays
    mirrors"): the tribe weighs more than a level, so a mirror measures the level alone."""
    from pygames.zoon.tribes import TRIBES
    zoon = [(label, opts, rot) for g, label, opts, rot in build._ladder_configs(list_games()) if g.id == "zoon"]
    assert [label for label, _o, _r in zoon] == ["alternate, mirrored tribes", "classic, mirrored tribes"]
    for _label, _opts, rotation in zoon:
        assert rotation == [{"south": t, "north": t} for t in TRIBES]
    others = [rot for g, _l, _o, rot in build._ladder_configs(list_games()) if g.id != "zoon"]
    assert others and all(rot == [] for rot in others)


def test_rows_of_setups_no_longer_played_are_listed_apart(tmp_path, monkeypatch):
    """A row whose variant the ladder no longer plays (Zoon's default tribes) stays in the results and is
    shown in a table of its own after the counted one, never counted among the pairs."""
    from pygames.core.match import wilson_interval
    from pygames.core.registry import get_game
    doc = tmp_path / "bots.md"
    doc.write_text("# Bots\n", encoding="utf-8")
    monkeypatch.setattr(build, "BOTS_DOC", doc)
    old = {"game": "zoon", "variant": "alternate", "a": "medium", "b": "easy", "cap": False, "games": 400,
           "total": 232.0, "wins": 232, "plies": 1, "options": get_game("zoon").validate_options({}),
           "a_move": [1, 1.0, 1.0, 1.0], "b_move": [1, 1.0, 1.0, 1.0], "load": [1, 2], "machine": "m"}
    build._write_bots_table([old], get_game, wilson_interval)
    text = doc.read_text()
    counted, apart = text.split("Rows of setups the ladder no longer plays")
    assert "| Zoon | alternate | medium vs easy | 400 | 0.580 |" in apart
    assert "| Zoon | alternate | medium vs easy |" not in counted
    n = len(build._ladder_configs(list_games())) * 3
    assert f"{n} pairs: 0 met, 0 so far, 0 open, 0 short, {n} not played." in counted
