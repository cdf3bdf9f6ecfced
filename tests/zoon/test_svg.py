"""The drawing: every legal action's targets are clickable elements of the SVG drawn for the player to move,
hidden cards are drawn as backs, and the combat panel shows values, substitutions, dice and outcome."""
import random
import re

from pygames.core import get_game
from pygames.core.bots import random_action

from pygames.zoon import svg as zsvg

from .helpers import play, pos

G = get_game("zoon")


def test_targets_exist_and_hidden_cards_are_backs():
    for mode in ("alternate", "classic"):
        for seed in range(4):
            rng = random.Random(seed)
            s = G.new_initial_state({"combat": mode, "south": ["boarix", "monkus", "rhinogoths", "warus"][seed],
                                     "north": "warus"})
            while not s.is_terminal():
                p = s.current_player()
                if p >= 0 and rng.random() < 0.3:
                    svg = G.draw_svg(s.observation(p), viewer=p)
                    ids = set(re.findall(r'data-target="([^"]+)"', svg))
                    for a in s.legal_actions():
                        assert set(a.targets) <= ids, (a.notation, a.targets)
                    q = 1 - p
                    for i in range(12):
                        if s.pos[q][i] >= 0 and not s.up[q][i]:
                            assert f"{s.zoon(q, i).name} (" not in svg.split(f'id="{_cell(s.pos[q][i])}"')[1][:400]
                s.apply(random_action(s, rng))
            assert "wins" in G.draw_svg(s.observation(0)) or "Draw" in G.draw_svg(s.observation(0))


def _cell(c):
    return "abcdef"[c % 6] + str(c // 6 + 1)


def test_combat_panel_shows_values_stars_dice_outcome():
    s = pos({"c3": "Cloboulon", "a1": "Sacrechêne"}, {"c4": "Bouga A1", "f6": "Queen Mary"}, tails=["c3"])
    play(s, "c3xc4", "dice 1-6")
    svg = G.draw_svg(s.observation(1), viewer=1)
    assert "★ + 2 (★→2) = 4" in svg and "die 1 = 5" in svg and "die 6 = 9" in svg
    assert "Bouga wins: Cloboulon is lost" in svg


def test_north_sees_the_board_from_its_side():
    s = pos({"c3": "Kassin A1", "a1": "Sacrechêne"}, {"c4": "Bouga A1", "f6": "Queen Mary"})
    south = G.draw_svg(s.observation(0), viewer=0)
    north = G.draw_svg(s.observation(1), viewer=1)
    # a1 is at the bottom left for South and at the top right for North
    def xy(svg, cell):
        m = re.search(rf'<g id="{cell}"[^>]*><rect x="([\d.]+)" y="([\d.]+)"', svg)
        return float(m.group(1)), float(m.group(2))
    assert xy(south, "a1")[1] > xy(south, "a6")[1] and xy(north, "a1")[1] < xy(north, "a6")[1]
    assert xy(north, "a1")[0] > xy(north, "f1")[0]


def test_last_turn_is_marked_on_the_battlefield():
    """The last turn's steps are outlined (start dashed, end solid, an arrow between) with a badge for the
    combat result; nothing is marked during the secret deployment."""
    s = pos({"c3": "Cloboulon", "a1": "Sacrechêne"}, {"c4": "Bouga A1", "f6": "Queen Mary"})
    play(s, "c3xc4", "dice 6-1")
    assert s.observation(1)["trail"] == [{"from": "c3", "to": "c4", "kind": "attack", "result": "attacker"}]
    svg = G.draw_svg(s.observation(1), viewer=1)
    assert 'id="zoon-trail"' in svg and ">Won<" in svg and 'class="lastfrom"' in svg and "zoon-arrow" in svg
    play(s, "f6-e6")
    assert s.observation(0)["trail"] == [{"from": "f6", "to": "e6", "kind": "move", "result": ""}]
    assert ">Won<" not in G.draw_svg(s.observation(0), viewer=0)
    t = G.new_initial_state({"first": "south"})
    rng = random.Random(1)
    while t.phase != "turn":
        assert t.observation(None)["trail"] == []
        t.apply(random_action(t, rng))
    assert 'id="zoon-trail"' not in G.draw_svg(t.observation(0), viewer=0)


def test_status_is_wrapped_inside_the_panel():
    """The deployment prompt is broken into lines that fit beside the battlefield."""
    from pygames.zoon.svg import STATUS_CHARS
    t = G.new_initial_state({"first": "south"})
    rng = random.Random(1)
    while t.phase != "arrange":
        t.apply(random_action(t, rng))
    svg = G.draw_svg(t.observation(0), viewer=0)
    status = re.search(r'<text[^>]*id="zoon-status">(.*?)</text>', svg).group(1)
    lines = re.findall(r"<tspan[^>]*>([^<]*)</tspan>", status)
    assert len(lines) == 2 and all(len(x) <= STATUS_CHARS for x in lines)
    assert "Keep your Emblem (Sacrechêne) in the back row" in svg


def test_status_counts_quiet_turns_and_a_key_explains_the_cards():
    """ZN40: the status counts the turns without progress towards the draw (only when anti-stalling is
    on); a key explains the grid, the face-down cards and the pennies (ZN9, ZN10, ZN14)."""
    for anti, shown in ((True, True), (False, False)):
        s = pos({"c3": "Kassin A1", "a1": "Sacrechêne"}, {"c5": "Bouga A1", "f6": "Queen Mary"},
                anti_stalling=anti)
        play(s, "c3-c4", "c5-d5")
        assert s.quiet == 2
        svg = G.draw_svg(s.observation(0), viewer=0)
        assert ("2/60 quiet turns to a draw" in svg) == shown
        assert "Red-ringed corners fight now: penny H, the two facing" in svg and "green ones jumped to" in svg


def test_a_decision_within_the_turn_is_explained_to_the_one_who_makes_it():
    """ZN22: after losing a Zoon the player is told why and what to click; the opponent sees who acts."""
    s = pos({"c3": "Kassin A1", "a1": "Sacrechêne", "b1": "Kassin A2"}, {"c4": "King", "f6": "Queen Mary"},
            down=["a1", "b1"])
    play(s, "c3xc4", "dice 1-6")
    assert s.phase == "decide"
    assert "You lost a Zoon: turn one of your" in G.draw_svg(s.observation(0), viewer=0)
    assert "South turns a Zoon face up" in G.draw_svg(s.observation(1), viewer=1)


def test_narrow_layout_puts_the_battlefield_over_the_whole_width_with_readable_cards():
    """ZN7 on a phone: with ``layout="narrow"`` the battlefield fills the drawing's width, the panels are
    under it, the card corners and names are about 10 CSS px or more on a 360 px screen, every face-up card
    has its detail box (hidden until tapped), every target is still clickable and no hidden card leaks."""
    from pygames.zoon import svg as zsvg
    checked = 0
    for mode in ("alternate", "classic"):
        for seed in range(3):
            rng = random.Random(seed)
            s = G.new_initial_state({"combat": mode, "north": ["rhinogoths", "warus", "boarix"][seed]})
            while not s.is_terminal():
                p = s.current_player()
                if p >= 0 and rng.random() < 0.2:
                    obs = s.observation(p)
                    out = G.draw_svg(obs, viewer=p, layout="narrow")
                    w, h = map(float, re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', out).groups())
                    assert w == zsvg.NW and h > 1.5 * w
                    ids = set(re.findall(r'data-target="([^"]+)"', out))
                    for a in s.legal_actions():
                        assert set(a.targets) <= ids, (a.notation, a.targets)
                    shown = sum(1 for c in obs["cells"] if c and not c.get("hidden") and "obstacle" not in c)
                    assert out.count('class="detail"') == shown
                    q = 1 - p
                    for i in range(12):
                        if s.pos[q][i] >= 0 and not s.up[q][i]:
                            assert f"{s.zoon(q, i).name}" not in out.split(f'id="{_cell(s.pos[q][i])}"')[1][:300]
                    checked += 1
                s.apply(random_action(s, rng))
    assert checked > 20
    # 360 px screen, about 344 px for the drawing: the board cards' corners and names
    scale = 344 / zsvg.NW
    sizes = dict(re.findall(r"\.n \.(nm|cv)\{font-size:(\d+)px\}", zsvg.NARROW_CSS))
    assert float(sizes["cv"]) * scale >= 10.5 and float(sizes["nm"]) * scale >= 10
    assert 11 * zsvg.NARROW_SCALE * scale >= 9.9  # the panel's smallest text
    # a 390 px phone, 374 px for the drawing: the pennies' H/T and the combat badges at the page's 11 px
    # floor, or the page draws the board wider than the screen (it did, column f cut off)
    phone = 374 / zsvg.NW
    small = dict(re.findall(r"(\.n \.pv|\.badgetext)\{font-size:(\d+)px\}", zsvg.NARROW_CSS))
    assert len(small) == 2 and all(float(v) * phone >= 11 for v in small.values()), small


def test_wide_layout_is_the_default():
    s = pos({"c3": "Kassin A1", "a1": "Sacrechêne"}, {"c4": "Bouga A1", "f6": "Queen Mary"})
    obs = s.observation(0)
    assert G.draw_svg(obs, viewer=0) == G.draw_svg(obs, viewer=0, layout="wide")
    assert f'viewBox="0 0 {zsvg.WIDE_W} 612"' in G.draw_svg(obs, viewer=0)


def _wide_text_sizes(svg: str) -> list[tuple[float, str, str]]:
    """(size in drawing units, class, text) of every text of a wide drawing: its class's font size in the
    drawing's CSS, times :data:`PANEL_SCALE` in the side panel (the group after the battlefield's)."""
    sizes = {c: float(v) for c, v in re.findall(r"\.([\w-]+)\{[^}]*?font:(?:bold )?([\d.]+)px", zsvg.CSS)}
    board, panel = svg.split(f"scale({zsvg.PANEL_SCALE:.4f})")
    out = []
    for part, k in ((board, 1.0), (panel, zsvg.PANEL_SCALE)):
        for cls, s in re.findall(r'<text [^>]*class="([^"]+)"[^>]*>([^<]*)<', part):
            out.append((sizes[cls.split()[0]] * k, cls, s))
    return out


def test_wide_drawing_fits_a_laptop_screen_at_readable_type():
    """ui21: at 1280x800 Zoon's last two rows were under the page's status bar (the drawing 700 units high,
    its card type 10 units: 770 px at the page's 11 px floor). Every text of the wide drawing (cards,
    labels, badges, the side panel) is now at least CARD_TEXT units, and the battlefield with its labels
    (the column letters over it only) is at most 612 units high: at 11 px type at most 518 px high. A face-down card of one's own says so
    by its dashed face and title, not in words."""
    s = pos({"c3": "Kassin A1", "a1": "Sacrechêne", "b1": "Gold-Hure"},
            {"c4": "Bouga A1", "f6": "Queen Mary", "e5": "King Louis"}, mode="alternate", down=["a1"])
    for viewer in (0, 1):
        svg = G.draw_svg(s.observation(viewer), viewer=viewer)
        found = _wide_text_sizes(svg)
        assert {"nm", "ty", "cv", "pv", "lbl", "ph", "small"} <= {c.split()[0] for _z, c, _t in found}
        small = [(z, c, t) for z, c, t in found if z < zsvg.CARD_TEXT - 1e-9]
        assert not small, small
        assert "· down" not in svg and "face down" in svg  # the cell's title
    svg = G.draw_svg(s.observation(0), viewer=0)
    labels = [float(y) for y in re.findall(r'<text x="[\d.]+" y="([\d.]+)" class="lbl"', svg)]
    assert len(labels) == 12 and max(labels) + 4 - zsvg.WIDE_UP <= 612  # 6 column letters, 6 row numbers
    assert (zsvg.BY + 6 * zsvg.CS - zsvg.WIDE_UP + 12) * 11 / zsvg.CARD_TEXT <= 518


def _ringed(svg, cell):
    """(number, y) of each corner ringed as fighting on ``cell``'s card, and the y of the card's middle."""
    card = svg.split(f'<g id="{cell}"')[1].split('<g class="card')[1].split("</g>")[0]
    top = float(re.search(r'<rect x="[\d.]+" y="([\d.]+)" width="([\d.]+)"', card).group(1))
    size = float(re.search(r'<rect x="[\d.]+" y="[\d.]+" width="([\d.]+)"', card).group(1))
    ringed = re.findall(r'<circle cx="[\d.]+" cy="([\d.]+)" r="[\d.]+" class="cn fight"/><text[^>]*>([^<]+)</text>',
                        card)
    return [(v, float(y)) for y, v in ringed], top + size / 2


def test_the_corners_that_fight_are_ringed_on_both_sides():
    """A newcomer saw North's King Louis (turned half round) with 2/★ at its top while it fought with
    5 + 5: the pair that fights now is ringed, whichever way the card is drawn. For both viewers, both
    layouts, both sides and both pennies: the ringed numbers are the engine's pair (ZN14: heads the top
    corners TL, TR; tails BR, BL), on the card's edge facing the enemy for heads and facing home for
    tails; the key says so; classic combat (no penny) rings nothing."""
    from pygames.zoon.board import HEADS, TAILS
    from pygames.zoon.combat import _cv_text, pair_of
    from pygames.zoon.rules import CELL_INDEX
    s = pos({"c3": "Grognard A1", "d3": "Grognard B3", "a1": "Sacrechêne"},
            {"c4": "King", "d4": "Kong", "f6": "Queen Mary"}, tails=["d3", "d4"])
    for viewer in (0, 1):
        for layout in ("wide", "narrow"):
            svg = G.draw_svg(s.observation(viewer), viewer=viewer, layout=layout)
            for cell in ("c3", "d3", "c4", "d4"):
                v = s.board[CELL_INDEX[cell]]
                p, i = divmod(v, 12)
                coin = s.coin[p][i]
                pair = [_cv_text(c) for c in pair_of(s.zoon(p, i).corners, coin)]
                ringed, middle = _ringed(svg, cell)
                assert sorted(n for n, _ in ringed) == sorted(pair), (viewer, layout, cell, ringed, pair)
                enemy_up = p == viewer  # the viewer's cards face up the screen, the other side's down
                towards = enemy_up if coin == HEADS else not enemy_up
                assert all((y < middle) == towards for _, y in ringed), (viewer, layout, cell, ringed, middle)
                assert coin == (TAILS if cell[0] == "d" else HEADS)
        assert "the enemy; T, the two facing home" in G.draw_svg(s.observation(viewer), viewer=viewer)
    c = pos({"c3": "Grognard A1", "a1": "Sacrechêne"}, {"c4": "King", "f6": "Queen Mary"}, mode="classic")
    assert "cn fight" not in G.draw_svg(c.observation(0), viewer=0)


def _classic_attack():
    """South's Grognard A1 attacks North's face-down King, classic combat."""
    s = pos({"c3": "Grognard A1", "e3": "Kassin A1", "a1": "Sacrechêne"},
            {"c4": "King", "e4": "Bouga A1", "f6": "Queen Mary"}, mode="classic", down=["c4"])
    play(s, "c3xc4")
    return s


def test_classic_choice_is_explained_in_words_with_only_the_players_own_values():
    """ZN41–ZN43: the choice panel names the corners in words and lists where the player's own card's values
    sit upright and turned; the enemy's face-down card and its choice are never shown."""
    s = _classic_attack()
    obs = s.observation(0)
    svg = G.draw_svg(obs, viewer=0)
    assert "TL top left, TR top right, BR bottom right, BL bottom left" in svg
    own = obs["cells"][2 * 6 + 2]["corners"]
    up = " · ".join(f"{c} {own[k]}" for k, c in enumerate(("TL", "TR", "BR", "BL")))
    turned = " · ".join(f"{c} {own[(k + 2) % 4]}" for k, c in enumerate(("TL", "TR", "BR", "BL")))
    assert f"upright: {up}" in svg and f"turned: {turned}" in svg
    assert [a.label for a in s.legal_actions()][:2] == ["Upright, touch top left", "Upright, touch top right"]
    play(s, "secret down BR")
    north = G.draw_svg(s.observation(1), viewer=1)
    assert "King, value at each corner" in north and "Grognard, value" not in north
    assert "down BR" not in north and "turned" not in north.split("Your King")[0]


def test_classic_result_says_whose_corner_was_touched_and_keeps_the_combat_before():
    """The result names whose card was touched where, by whom; after the next combat the previous one is
    still listed (the player's own result survives the computer's answer)."""
    s = _classic_attack()
    play(s, "secret down BR", "secret up TL")
    last = s.last
    svg = G.draw_svg(s.observation(0), viewer=0)
    assert (f"Your Grognard (turned): North touched its top left = {last['a']['value']}" in svg
            and f"North's King (upright): you touched its bottom right = {last['d']['value']}" in svg), svg
    first = last["text"]
    # North answers with a combat of its own: South's result is still on the panel
    while s.phase != "over" and s.last is last:
        acts = [a for a in s.legal_actions() if "x" in a.notation] or s.legal_actions()
        s.apply(acts[0])
    assert s.phase != "over" and s.last["before"]["text"] == first
    svg = G.draw_svg(s.observation(0), viewer=0)
    assert "Combat before:" in svg and first in svg.split("Combat before:")[1]


def test_phone_shows_the_classic_choice_right_under_the_battlefield():
    """At a phone's width the pending combat's panel (with the choice explained) takes the box under the
    battlefield, just above the choice buttons, instead of the side panel further down."""
    s = _classic_attack()
    svg = G.draw_svg(s.observation(0), viewer=0, layout="narrow")
    assert svg.count('id="combat-panel"') == 1
    under = svg.split('class="hint"')[1]
    assert under.lstrip().startswith("transform=") and "top left" in under.split("</g></g>")[0]


def test_the_game_over_banner_lets_the_final_position_show():
    """newcomer20: the "North wins" banner hid the cards of the battlefield's middle rows. It is drawn in a
    group that clicks and taps go through and that the drawing's CSS fades after a moment."""
    rng = random.Random(3)
    s = G.new_initial_state({"combat": "alternate"})
    while not s.is_terminal():
        s.apply(random_action(s, rng))
    for layout in ("wide", "narrow"):
        svg = G.draw_svg(s.observation(0), viewer=0, layout=layout)
        group = re.search(r'<g class="winbanner" pointer-events="none">(.*?)</g>', svg)
        assert group and 'id="winner"' in group.group(1)
        assert re.search(r"\.winbanner\{animation:winbanner[^}]*forwards\}@keyframes winbanner\{to\{opacity:\.\d+\}\}", svg)
