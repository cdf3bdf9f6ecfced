"""The Dvertz drawing: every click target of every legal action is on the board (X19), and the drawing
shows the turn's parts, the reserve, captures with progress, crunches and returns."""
import random
import re

from pygames.dvertz.svg import draw

from .helpers import GAME, pos


def _targets(svg: str) -> set[str]:
    return set(re.findall(r'data-target="([^"]+)"', svg))


def test_x19_every_target_is_drawn():
    """X19: the stacks, marbles (m-…) and colours (take-…) of every legal action can be clicked."""
    for seed in range(5):
        rng = random.Random(seed)
        s = GAME.new_initial_state()
        while not s.is_terminal():
            svg = draw(s.observation(0))
            drawn = _targets(svg)
            for a in s.legal_actions():
                assert set(a.targets) <= drawn, (a.notation, a.targets)
            s.apply(rng.choice(s.legal_actions()))
        assert "Game over" in draw(s.observation(None))


def test_x5_parts_shown():
    """X5: the drawing says which part was played and which is to come."""
    s = pos({"c3": "W", "d3": "D", "e3": "B", "f3": "B"}, {"c3": "W", "e3": "G"})
    svg = draw(s.observation(0))
    assert "in either order" in svg and "Stack move: to play" in svg and "Marble move: to play" in svg
    s.apply("c3d3")
    svg = draw(s.observation(0))
    assert "Stack move: ✓ done" in svg and "Marble move: jump!" in svg and 'data-target="m-d3"' in svg


def test_x14_x15_crunch_and_return_shown():
    """X14, X15: a crunched marble and the marble of a cut-off stack are named and drawn fading."""
    s = pos({"c3": "W", "d3": "B", "e3": "D", "f3": "W"}, {"c3": "W", "d3": "G"})
    s.apply("c3d3")
    svg = draw(s.observation(1))
    assert "crunch: the grey marble on D3 went back to the reserve" in svg and 'class="fade"' in svg
    t = pos({"e3": "D", "f3": "W", "g3": "B", "d3": "W"}, {"g3": "G"})
    t.apply("f3e3")
    assert "1 marble of cut-off stacks back to the reserve" in draw(t.observation(0))


def test_x16_progress_and_reserve_counts():
    """X2, X16: reserve counts per colour and each player's captures out of 4 / 5 / 6."""
    s = pos({"c3": "W", "d3": "D"}, captures=((3, 1, 0), (0, 0, 5)))
    svg = draw(s.observation(0))
    assert "Reserve: 15" in svg and ">3/4<" in svg and ">1/5<" in svg and ">5/6<" in svg
    assert 'data-target="take-W"' in svg


def test_x16_x19_narrow_layout_keeps_every_box_and_target():
    """X16, X19: on a phone's width the four boxes sit two by two under the board, twice as large, with
    the same click targets as the wide drawing; the drawing is taller."""
    rng = random.Random(4)
    s = GAME.new_initial_state()
    for _ in range(60):
        s.apply(rng.choice(s.legal_actions()))
    obs = s.observation(0)
    wide, narrow = draw(obs), draw(obs, layout="narrow")
    assert _targets(wide) == _targets(narrow)
    height = lambda svg: float(re.search(r'viewBox="0 0 [\d.]+ ([\d.]+)"', svg).group(1))  # noqa: E731
    assert height(narrow) > height(wide) + 200
    assert narrow.count("scale(2.0)") == 4
    for word in ("This turn", "Reserve", "captured"):
        assert word in narrow
