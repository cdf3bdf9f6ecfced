"""Drawing and the command line."""
import json
import re
import xml.etree.ElementTree as ET

from pygames.__main__ import main
from pygames.core import get_game
from pygames.core.record import Record

from .verquere.helpers import pos


def test_verquere_svg_is_valid_with_targets_counts_and_dice():
    s = pos({"1": 9, "19": 3, "bar": 1}, {"16": 1, "1": 12, "off": 2}, dice=(5, 2))
    s.apply("bar/5")
    svg = get_game("verquere").draw_svg(s.observation(0), targets={"r4"})
    root = ET.fromstring(svg)
    ids = {e.get("data-target") for e in root.iter() if e.get("data-target")}
    assert ids == {f"r{i}" for i in range(24)} | {"bar-0", "bar-1", "off-0", "off-1"}
    assert root.get("viewBox") and ">9<" in svg  # a stack of nine shows its count
    used = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if "used" in (g.get("class") or "")]
    assert len(used) == 1  # the 5 is used, the 2 still to play
    black_view = get_game("verquere").draw_svg(s.observation(1))
    assert "seen by Black" in black_view
    # on a phone's width: the same board and targets, point numbers drawn larger
    narrow = get_game("verquere").draw_svg(s.observation(0), targets={"r4"}, layout="narrow")
    assert {e.get("data-target") for e in ET.fromstring(narrow).iter() if e.get("data-target")} == ids
    # the sizes the narrow drawing adds over the wide one are 27 units or more (about 11 CSS px at 360 px)
    def sizes(text):
        return re.findall(r"font(?:-size)?:(?:bold )?(\d+)px", text)
    added = sizes(narrow)[len(sizes(svg)):]
    assert added and min(map(int, added)) >= 27, added
    assert ".num{font:bold 27px" in narrow and ".num{font:bold 27px" not in svg


def test_cli_list_replay_diagram(tmp_path, capsys):
    rec = Record.new("verquere", seed=3)
    rec.actions = ["white opens", "roll 6-5", "1/7", "7/12"]
    f = tmp_path / "game.json"
    f.write_text(rec.dumps())
    assert main(["list"]) == 0 and "verquere" in capsys.readouterr().out
    assert main(["replay", str(f)]) == 0 and "valid verquere record" in capsys.readouterr().out
    out = tmp_path / "b.svg"
    assert main(["diagram", str(f), "-o", str(out)]) == 0 and out.read_text().startswith("<svg")
    f.write_text(json.dumps({**rec.to_json(), "actions": ["white opens", "roll 6-5", "1/9"]}))
    assert main(["replay", str(f)]) == 1 and "action 2" in capsys.readouterr().err


def test_cli_perft_and_match(capsys):
    """`python -m pygames perft` uses a game's own counter; `match` prints a score with its interval."""
    from pygames.__main__ import main
    assert main(["perft", "zertz", "--depth", "1", "--option", "board=48 rings"]) == 0
    assert "zertz perft 1: 2961" in capsys.readouterr().out
    assert main(["perft", "verquere", "--depth", "1"]) == 0
    assert "verquere perft 1: 2" in capsys.readouterr().out  # the opening roll's two outcomes
    assert main(["match", "verquere", "--option", "ruleset=ludii", "--a", "random", "--games", "2"]) == 0
    assert "95% interval" in capsys.readouterr().out


def test_cli_play_draws_the_board_as_text(monkeypatch, capsys):
    """``python -m pygames play`` shows the position as a text board (issue 5, section 7): Verquere's own
    (points numbered for the player, pieces, bar, off, dice), any other game field by field."""
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "verquere", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert " 13  14  15  16  17  18 |  19  20  21  22  23  24" in out and "W15" in out and "B15" in out
    assert "dice to play: 5 1" in out and "legal: 1/6 1/2" in out
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "dvonn"]) == 0
    out = capsys.readouterr().out
    assert "phase: 1" in out and 'next_piece: "D"' in out
