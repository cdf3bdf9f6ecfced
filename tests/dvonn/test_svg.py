"""The DVONN drawing: a well-formed SVG holding what a player needs to see (N1, N5, N14, N15, N17)."""
import xml.etree.ElementTree as ET

from pygames.dvonn.svg import draw, xy

from .helpers import BALANCED, BALANCED_PLACEMENTS, GAME, new, play, pos

NS = "{http://www.w3.org/2000/svg}"


def parse(svg):
    return ET.fromstring(svg)


def texts(root):
    return [t.text for t in root.iter(f"{NS}text")]


def test_board_has_49_clickable_spaces_and_coordinates():
    """N1: 49 spaces named a1..k5 as click targets, letters A-K and numbers 1-5 around the board."""
    root = parse(draw(new().observation(None)))
    targets = [g.get("data-target") for g in root.iter(f"{NS}g") if g.get("data-target")]
    assert len(targets) == 49 and set(targets) == {a.notation for a in new().legal_actions()}
    labels = set(texts(root.find(f".//{NS}g[@id='dv-coords']")))
    assert labels == set("ABCDEFGHIJK") | set("12345")
    assert xy(0, 2)[0] < xy(0, 0)[0] < xy(2, 4)[0] + 1  # A3 leftmost, rows shifted half a space


def test_stacks_show_height_top_colour_and_dvonn_mark():
    s = play(pos(BALANCED), "a1b2")  # a white piece onto the white b2: a stack of two
    root = parse(draw(s.observation(None)))
    b2 = root.find(f".//{NS}g[@data-target='b2']")
    assert "2" in texts(b2) and "White's stack of 2" in b2.find(f"{NS}title").text
    s = play(pos(BALANCED), "c1b1")  # a white piece onto the lone DVONN piece b1
    b1 = parse(draw(s.observation(None))).find(f".//{NS}g[@data-target='b1']")
    assert any(c.get("class") == "dmark" for c in b1.iter(f"{NS}circle"))
    assert "White's stack of 2 (1 white, 1 DVONN)" in b1.find(f"{NS}title").text


def test_status_lines_double_turn_pass_and_score():
    """N5, N15, N17: the double turn and forced passes are said above the board; the score below it."""
    s = play(new(), *BALANCED_PLACEMENTS)
    svg = draw(s.observation(None))
    assert "White moves again: double turn" in svg and "White: 23" in svg and "Black: 23" in svg
    svg = draw(play(new(), *BALANCED_PLACEMENTS[:48]).observation(None))
    assert "the last space is forced" in svg and "placed 24 of 25" in svg
    from .test_rules import STUCK, picture
    s = pos(picture(**STUCK), turn=1)
    assert "Black has no move and must pass" in draw(s.observation(None))
    play(s, "pass")
    assert "Black had no move and passed" in draw(s.observation(None))
    play(s, "f3h3")
    svg = draw(s.observation(None))
    assert "Game over: White wins" in svg and "White 3 – Black 2" in svg


def test_removed_stacks_fade_and_are_counted():
    """N14: the stacks the last move cut off are drawn fading, and the removed pieces are counted."""
    from .test_rules import picture
    s = pos(picture(a1="W", b1="B", c1="D", a3="W", a2="B", k5="D", k4="B"), turn=0, removed=(21, 20))
    play(s, "a1b1")
    root = parse(draw(s.observation(None)))
    gone = root.find(f".//{NS}g[@id='dv-removed']")
    assert len(gone.findall(f"{NS}g")) == 2
    assert "removed: 22 white" in draw(s.observation(None))
    assert "cut off from the DVONN pieces: 2 pieces left the game" in draw(s.observation(None))


def test_narrow_layout_keeps_the_board_and_enlarges_every_text():
    """N1, N17: on a phone (layout="narrow") the board keeps its coordinates under a taller heading, every
    text is drawn at 25 units or more (11 px on a 344 px board), and a long line is squeezed to fit."""
    import re
    s = new()
    wide, narrow = draw(s.observation(None)), draw(s.observation(None), layout="narrow")
    vb = [re.search(r'viewBox="0 0 (\d+) (\d+)"', x).groups() for x in (wide, narrow)]
    assert vb[0][0] == vb[1][0] and int(vb[1][1]) > int(vb[0][1])
    root = parse(narrow)
    style = root.find(f"{NS}style").text
    sizes = {sel.strip().lstrip("."): int(m.group(2)) for m in re.finditer(r"([.a-z,]+)\{font-size:(\d+)px\}", style)
             for sel in m.group(1).split(",")}
    texts = list(root.iter(f"{NS}text"))
    assert texts and all(set((t.get("class") or "").split()) & set(sizes) for t in texts)  # each one enlarged
    assert all(v >= 25 for v in sizes.values())
    for t in root.iter(f"{NS}text"):
        if len(t.text or "") * 25 * 0.56 > 760 - 24:
            assert t.get("textLength") == str(760 - 24)
    ids = [g.get("data-target") for g in root.iter(f"{NS}g") if g.get("data-target")]
    assert len(ids) == 49


def test_highlight_arguments_and_overlay_hook():
    s = pos(BALANCED)
    svg = draw(s.observation(None), targets=["a2"], selected=["a1"], from_targets=["c1"],
               overlay='<circle cx="1" cy="1" r="3" id="marble"/>', status=("Dvertz", "sub", ""))
    root = parse(svg)
    cls = {g.get("data-target"): g.get("class") for g in root.iter(f"{NS}g") if g.get("data-target")}
    assert "target" in cls["a2"] and "selected" in cls["a1"] and "from" in cls["c1"]
    assert root.find(f".//{NS}circle[@id='marble']") is not None and "Dvertz" in svg
    assert GAME.draw_svg is draw
