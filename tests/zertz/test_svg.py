"""The ZÈRTZ drawing in both layouts: targets, readable text on a phone, the result and isolation lines in
a row of their own (Z14, Z15, Z21)."""
import re
import xml.etree.ElementTree as ET

from pygames.core.record import Record
from pygames.zertz import svg

from .helpers import GAME

NS = "{http://www.w3.org/2000/svg}"
PHONE = 344
"""CSS px of the board area on a 360 px wide phone."""


def _fonts(style: str) -> dict:
    out = {}
    for m in re.finditer(r"([.a-z,]+)\{[^}]*?font(?:-size)?:(?:bold )?(\d+)px", style):
        for sel in m.group(1).split(","):
            out[sel.strip().lstrip(".")] = int(m.group(2))
    return out


def test_Z21_both_layouts_carry_every_target_and_narrow_text_is_readable_on_a_phone():
    """Z21: wide and narrow drawings of each board carry every click target; in the narrow one every text
    is at least 11 px on a phone's 344 px board area, and nothing marks the free rings before a colour is
    picked (the page lights them as targets once colour and ring are chosen)."""
    for size in ("37 rings", "48 rings", "61 rings"):
        s = GAME.new_initial_state({"board": size})
        targets = {t for a in s.legal_actions() for t in a.targets}
        for layout in ("wide", "narrow"):
            doc = GAME.draw_svg(s.observation(0), layout=layout)
            root = ET.fromstring(doc)
            drawn = {g.get("data-target") for g in root.iter(f"{NS}g") if g.get("data-target")}
            assert targets <= drawn
            assert ".free" not in root.find(f"{NS}style").text
        width = int(root.get("viewBox").split()[2])
        fonts = _fonts(root.find(f"{NS}style").text)
        for t in root.iter(f"{NS}text"):
            size_units = max(fonts[c] for c in t.get("class").split() if c in fonts)
            assert size_units * PHONE / width >= 11, (size, t.get("class"), size_units, width)


def test_Z15_result_line_names_the_winning_set_under_the_panels():
    """Z15: the game-over line says which winning set won, in a row of its own below the board and the
    panels (it overlapped the second player's panel before)."""
    obs = GAME.new_initial_state().observation(0)
    obs.update(result=0, reason="set", captures=[[3, 3, 3], [0, 1, 0]])
    assert svg._message(obs) == ["Player 1 wins with 3 of each colour"]
    obs.update(captures=[[4, 0, 0], [0, 1, 0]])
    assert svg._message(obs) == ["Player 1 wins with 4 white"]
    root = ET.fromstring(svg.draw(obs))
    msg = root.find(f".//{NS}text[@id='status-msg']")
    panel = root.find(f".//{NS}g[@id='player-1']/{NS}rect")
    assert float(msg.get("y")) - 16 > float(panel.get("y")) + float(panel.get("height"))


ISOLATION = (
    "Ba1,a4;Ba3,g1;Ba2,g4;Bb1,c1;Bd6,e1;Bd2,f5;Be3,d1;Bf4,g3;Bc4,f1;Bb5,d7;Gg2,f2;We5,c6;Gc2,e2"
    ";x b1Gd3Bf3;x g2Be4We6Bc5Bc3;Ge6,d6;Wg2,e3;Gd5,b1;Wc5,f3 x Wg2"
)
"""A game whose last placement (Wc5,f3) cuts g2 off: its white marble goes to Player 1."""


def test_Z14_isolation_is_said_under_the_board():
    """Z14: after a placement that isolates a group, the line under the board names the rings the mover
    took (and, in the narrow layout, the compulsory capture on a line of its own)."""
    rec = Record(game="zertz", options=GAME.validate_options({}), seed=0,
                 actions=ISOLATION.split(";"))
    s = rec.replay()
    obs = s.observation(0)
    lines = svg._message(obs)
    assert lines[0] == "Player 1 took g2 by isolation"
    narrow = GAME.draw_svg(obs, layout="narrow")
    assert "Player 1 took g2 by isolation</tspan>" in narrow


def test_Z21_the_board_writes_every_column_letter_and_row_number():
    """Z21: a ring's name is its column's letter and its number up the column; the drawing writes every
    letter under its column and every number beside the leftmost ring of that number (a newcomer looked
    for "c3" and found no numbers), in both layouts and on every board."""
    for size, last in (("37 rings", 7), ("48 rings", 8), ("61 rings", 9)):
        s = GAME.new_initial_state({"board": size})
        for layout in ("wide", "narrow"):
            root = ET.fromstring(GAME.draw_svg(s.observation(0), layout=layout))
            written = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "lbl"]
            assert sorted(x for x in written if x.isdigit()) == sorted(str(k) for k in range(1, last + 1))
            assert {x for x in written if x.isalpha()} == set("abcdefghi"[:last])


def test_Z5_Z7_the_line_under_the_board_says_what_a_turn_is():
    """Z5, Z7: to the player to move with nothing else to read, the line under the board says what a turn
    is (two lines in the narrow layout, one in the wide); not to the other player, and a compulsory
    capture (Z9) says that instead."""
    s = GAME.new_initial_state()
    assert svg._message(s.observation(0)) == ["Player 1: place a marble,", "then remove a free ring"]
    assert svg._message(s.observation(1)) == []
    assert ">Player 1: place a marble, then remove a free ring</text>" in svg.draw(s.observation(0))
    narrow = GAME.draw_svg(s.observation(0), layout="narrow")
    assert ">Player 1: place a marble,</tspan>" in narrow and ">then remove a free ring</tspan>" in narrow
    obs = s.observation(0)
    obs["capture_forced"] = True
    assert svg._message(obs) == ["Capture is compulsory"]
