"""The card table marks the last play, so a person can follow computer seats one play at a time: the seat
that just played (dashed outline and what it did), the cards it played outlined on the pile, and the
viewer's own last play above their seat. Only public cards are named."""
import re

from .helpers import GAME, play, pos

FOUR = {"players": 4}


def seat_panel(svg, name):
    """The SVG of the seat panel headed ``name``."""
    for g in re.findall(r'<g class="seat[^"]*">.*?</g>(?=<g class="seat|<g><g class="back"|<g><rect)', svg, re.S):
        if f">{name}<" in g:
            return g
    raise AssertionError(f"no seat panel for {name}")


def test_last_play_marked_on_the_seat_and_the_pile():
    s = pos(FOUR, hands=[["3c"], ["7h", "7s", "Kd"], ["4c"], ["5c"]], pile=["5d"], turn=1)
    play(s, "play 7h 7s")
    obs = s.observation(0)
    assert obs["last_by"] == 1 and obs["last_cards"] == ["7h", "7s"] and not obs["last_pick"]
    svg = GAME.draw_svg(obs, viewer=0)
    panel = seat_panel(svg, "Player 2")
    assert 'class="seat last"' in panel and "played 7\u2665 7\u2660" in panel
    assert 'class="justp"' in svg  # the two sevens outlined on the pile
    other = seat_panel(svg, "Player 3")
    assert "last" not in other.split(">")[0] and "played" not in other


def test_pick_up_and_own_play_and_clear():
    s = pos(FOUR, hands=[["3c", "9d"], ["4h"], ["4c"], ["5c"]], pile=["Kd"], turn=1)
    play(s, "pick up")
    obs = s.observation(0)
    assert obs["last_by"] == 1 and obs["last_cards"] == [] and obs["last_pick"]
    svg = GAME.draw_svg(obs, viewer=0)
    assert "picked up the pile" in seat_panel(svg, "Player 2") and 'class="justp"' not in svg
    s = pos(FOUR, hands=[["Tc", "9d"], ["4h"], ["4c"], ["5c"]], pile=["Kd"], turn=0)
    play(s, "play Tc")
    obs = s.observation(0)
    svg = GAME.draw_svg(obs, viewer=0)
    assert obs["last_by"] == 0 and "you played 10\u2663, cleared" in svg and 'class="justp"' not in svg
    # a spectator sees it without "you"
    assert "you played" not in GAME.draw_svg(s.observation(None), viewer=None)


def test_nothing_marked_before_the_first_play():
    s = pos(FOUR, hands=[["3c"], ["4h"], ["4c"], ["5c"]])
    obs = s.observation(2)
    assert obs["last_by"] is None and obs["last_cards"] == []
    assert 'seat last' not in GAME.draw_svg(obs, viewer=2)


def test_narrow_layout_draws_the_same_table_with_larger_labels():
    """On a phone's width the table holds the same cards and click targets, 600 units wide with the other
    seats compact and every label at 20 units; the wide table of up to six players is landscape, under
    600 units tall (pile, hand and the buttons under it on one laptop screen)."""
    s = pos(FOUR, hands=[["3c"], ["7h", "7s", "Kd"], ["4c"], ["5c"]], pile=["5d"], turn=1)
    obs = s.observation(0)
    wide, narrow = GAME.draw_svg(obs, viewer=0), GAME.draw_svg(obs, viewer=0, layout="narrow")
    for pattern in (r'data-target="([^"]+)"', r"<title>(\w+ of \w+[^<]*)</title>"):  # targets, cards shown
        assert sorted(re.findall(pattern, wide)) == sorted(re.findall(pattern, narrow))
    assert 'viewBox="0 0 600 ' in narrow and narrow.count('class="seat compact') == 3
    assert ".lbl,.lblb,.mid,.ban,.kn" in narrow and ".lbl,.lblb,.mid,.ban,.kn" not in wide
    width, height = map(int, re.search(r'viewBox="0 0 (\d+) (\d+)"', wide).groups())
    assert width > height and height < 600 and 'class="seat compact' not in wide


def test_known_cards_line_fits_its_seat():
    """A seat's "known:" line lists what fits its width and counts the rest ("+N"); the tooltip names all."""
    from pygames.dritzak.svg import _fit_known, _text_ems
    tens = ["Th", "Tc", "Ts", "Td", "Qh", "Qs", "Qd", "9h", "9s"]
    line = _fit_known("known: ", tens, 24.5)
    assert line == "known: 10♥ 10♣ 10♠ 10♦ +5" and _text_ems(line) <= 24.5
    assert _fit_known("known: ", ["5c", "5h"], 24.5) == "known: 5♣ 5♥"
    # a compact seat (D29, seven or more players) fits its own, shorter line the same way
    from pygames.dritzak.svg import COMPACT_KNOWN_ROOM
    wide, narrow = (_fit_known("known ", tens, COMPACT_KNOWN_ROOM[b]) for b in (False, True))
    assert wide == "known 10♥ 10♣ 10♠ +6" and narrow == "known 10♥ 10♣ +7"
    assert _fit_known("known ", ["5c", "5h", "6d", "7s"], COMPACT_KNOWN_ROOM[False]) == "known 5♣ 5♥ 6♦ 7♠"


def test_last_move_line_and_labels_name_cards_as_read():
    """The line under the pile names the cards as a player reads them (a newcomer found "played Th"); the
    play's label (the hint, the move list) too: ``Play 10♥``. The observation keeps the record's names."""
    s = pos(FOUR, hands=[["3c"], ["Th", "Ts", "Kd"], ["4c"], ["5c"]], pile=["5d"], turn=1)
    assert s.find_action("play Th Ts").label == "Play 10\u2665 10\u2660"
    play(s, "play Th Ts")
    obs = s.observation(0)
    assert obs["last_cards"] == ["Th", "Ts"] and "played Th Ts" in obs["last"]
    svg = GAME.draw_svg(obs, viewer=0)
    assert "played 10\u2665 10\u2660" in svg and "played Th" not in svg


def test_result_is_drawn_under_the_pile():
    """Game over: the result's box starts below the pile's cards (a newcomer found it over the top card)."""
    import random
    from pygames.core.bots import random_action
    for options, layout in ((FOUR, "wide"), (FOUR, "narrow"), ({"players": 2}, "wide")):
        s, rng = GAME.new_initial_state(options), random.Random(1)
        while not s.is_terminal():
            s.apply(random_action(s, rng))
        svg = GAME.draw_svg(s.observation(None), layout=layout)
        pile = re.search(r'<g class="pile">.*?\by="([\d.]+)"', svg, re.S)  # the top of the pile's cards
        box = re.search(r'<g class="res"><rect[^>]*? y="([\d.]+)"', svg)
        assert pile and box, layout
        assert float(box.group(1)) >= float(pile.group(1)) + 80 + 20, (layout, pile.group(1), box.group(1))
