"""The drawing: grid with edge labels, the viewer's path, pieces, picker targets, Caecus privacy."""
import random
import re

from pygames.core.bots import random_action

from .helpers import GAME, play, pos, start


def ids(svg):
    return set(re.findall(r'data-target="([^"]+)"', svg))


def test_grid_labels_path_and_targets():
    s = pos([[("ephebe", "E5")], [("thete", "E6")]])
    play(s, "keep")
    svg = GAME.draw_svg(s.observation(0), viewer=0)
    assert {f"sq-{c}{r}" for c in "ABCDEFGHI" for r in range(1, 10)} | {"exit"} <= ids(svg)
    for c in "ABCDEFGHI":
        assert f">{c}</text>" in svg
    assert 'id="path-start"' in svg and 'id="path-end"' in svg and "class=\"path\"" in svg
    assert "Blue thete on E6" in svg and "Red ephebe on E5" in svg
    assert 'class="cell takeable"' in svg and 'class="cell reach"' in svg  # flictus: reach highlighted
    assert "Flictus" in svg


def test_board_picker_thumbnails_are_the_board_choice_targets():
    s = play(start(3), "first Red", "board 4", "start thete")
    svg = GAME.draw_svg(s.observation(1), viewer=1)
    targets = {a.targets[0] for a in s.legal_actions()}
    assert targets == {f"board-{k}" for k in range(1, 10) if k != 4} and targets <= ids(svg)
    assert "board-4" not in ids(svg) and "taken by Red" in svg


def test_caecus_drawing_shows_only_the_viewers_path():
    rng = random.Random(2)
    s = GAME.new_initial_state({"players": 3, "caecus": True})
    while len(s.history) < 60 and not s.is_terminal():
        s.apply(random_action(s, rng))
    for viewer in range(3):
        svg = GAME.draw_svg(s.observation(viewer), viewer=viewer)
        assert svg.count('class="path"') == 1
        others = [q for q in range(3) if q != viewer]
        for q in others:
            assert f"{['Red', 'Blue', 'Green'][q]}'s path" not in svg
    assert 'class="path"' not in GAME.draw_svg(s.observation(None), viewer=None)


def test_every_variant_draws_at_every_ply():
    for opts in ({"players": 4, "factiosus": True, "parcus": 2}, {"players": 2, "merus": True}):
        rng = random.Random(1)
        s = GAME.new_initial_state(opts)
        while not s.is_terminal():
            if len(s.history) % 5 == 0:
                for v in (None, 0, 1):
                    assert GAME.draw_svg(s.observation(v), viewer=v).startswith("<svg")
            s.apply(random_action(s, rng))
        assert "win" in GAME.draw_svg(s.observation(0), viewer=0)
