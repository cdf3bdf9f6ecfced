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
    s = play(start(3), "first Player 1", "colour Red", "board 4", "start thete", "colour Blue")
    svg = GAME.draw_svg(s.observation(1), viewer=1)
    targets = {a.targets[0] for a in s.legal_actions()}
    assert targets == {f"board-{k}" for k in range(1, 10) if k != 4} and targets <= ids(svg)
    assert "board-4" not in ids(svg) and "taken by Red" in svg


def test_G43_colour_picker_swatches_are_the_colour_choice_targets():
    """G43: while a player chooses a colour the drawing shows four swatches, the free ones clickable."""
    s = play(start(3), "first Player 1", "colour Gold", "board 1", "start thete")
    svg = GAME.draw_svg(s.observation(1), viewer=1)
    assert "Choosing colours" in svg and 'data-target="colour-gold"' not in svg and "Gold: taken" in svg
    assert {a.targets[0] for a in s.legal_actions()} == {"colour-red", "colour-blue", "colour-green"} <= ids(svg)


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
            assert f"{s.player_name(q)}'s path" not in svg
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


def _font_sizes(svg):
    """CSS font sizes per class selector in the drawing's style sheet."""
    return {sel: int(px) for sel, px in re.findall(r"([.\w ,-]+)\{font-size:(\d+)px\}", svg)}


def test_narrow_layout_puts_the_panel_under_the_board_in_text_as_large_as_the_coordinates():
    """On a phone (layout narrow) the panel goes under the board: a taller, narrower drawing whose panel
    text is no smaller than the grid's letters (the browser test measures it on screen at 360 px)."""
    s = pos([[("ephebe", "E5")], [("thete", "E6")], [("melliran", "off")]])
    play(s, "keep")
    wide, narrow = (GAME.draw_svg(s.observation(0), viewer=0, layout=lay) for lay in ("wide", "narrow"))
    (ww, wh), (nw, nh) = (map(float, re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', x).groups()) for x in (wide, narrow))
    assert nw < ww and nh > 2 * wh / 1.2 and nh > nw
    sizes = _font_sizes(narrow)
    coords = sizes[".lbl"]
    for sel, px in sizes.items():
        if sel.startswith((".ptxt", ".ptitle", ".stage", ".tname", ".die")):
            assert px >= coords, (sel, px)
    # the same targets either way
    assert ids(wide) == ids(narrow)


def test_tracks_give_each_players_progress_on_their_own_path():
    """The grid is numbered along the viewer's path only; each player's track places their pieces by the
    number of their square on their own path (G3), in words too."""
    s = pos([[("ephebe", "E5")], [("thete", "E6")]], boards=[1, 2])
    play(s, "keep")
    obs = s.observation(0)
    svg = GAME.draw_svg(obs, viewer=0)
    red, blue = (obs["pieces"][q][0]["number"] for q in (0, 1))
    assert red != blue or red is None
    assert f"Red ephebe on E5: square {red} of 81 on Red's path" in svg
    assert f"Blue thete on E6: square {blue} of 81 on Blue's path" in svg
    assert f"thete on E6: square {blue} of 81" in svg and "Numbers in the squares: your path" in svg


def test_the_part_of_the_turn_is_lit_and_glossed():
    """G8–G23: the four parts are named with their plain words; the one being played is lit, and the help
    uses the buttons' words."""
    s = pos([[("ephebe", "E5")], [("thete", "E6")]])
    svg = GAME.draw_svg(s.observation(0), viewer=0)
    for name, gloss in (("Formactus", "the piece"), ("Flictus", "take"), ("Flexus", "veer"), ("Fluctus", "move")):
        assert f">{name}</text>" in svg and f">{gloss}</text>" in svg
    lit = re.findall(r'<g class="stage on"><rect[^>]*/><text[^>]*>(\w+)</text>', svg)
    assert lit == ["Formactus"]
    assert {a.label for a in s.legal_actions()} >= {"keep the ephebe", "roll the die"}
    words = " ".join(re.sub(r"<[^>]+>", " ", svg).split())  # the drawing's text, lines joined
    assert "keep the piece, pay 1 token to change it, or roll the die" in words
    play(s, "keep")
    lit = re.findall(r'<g class="stage on"><rect[^>]*/><text[^>]*>(\w+)</text>', GAME.draw_svg(s.observation(0)))
    assert lit == ["Flictus"]
    play(s, "spare")
    lit = re.findall(r'<g class="stage on"><rect[^>]*/><text[^>]*>(\w+)</text>', GAME.draw_svg(s.observation(0)))
    assert lit == ["Flexus", "Fluctus"]
