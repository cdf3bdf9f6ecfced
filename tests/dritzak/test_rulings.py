"""The rules added or changed by the rulings of issue 16 (RULINGS.md, Dritzak 12–17): seats as the decks
allow and the deal as an option (D5, D29), who starts counted in cards (D9), skips wrapping with the next
player named (D20), the suits set rule in one wording (D26), identical cards told apart by place (D30),
the turn limit (D24) and the longest game (D31)."""
import random
import re
from pathlib import Path

import pytest

from pygames.core import CHANCE, IllegalAction, InvalidOption, PygamesError
from pygames.core.bots import random_action
from pygames.dritzak import GAME as DRITZAK
from pygames.dritzak.cards import SUITS_RULE, TURNS_PER_PLAYER, max_game_length, max_players
from pygames.dritzak.play import PlayMixin
from pygames.dritzak.rules import _IDS, card_name, rank_of

from .helpers import GAME, deal_order, legal, new, play, pos

ROOT = Path(__file__).resolve().parents[2]


# ----- D5, D29: players as the decks allow; the deal an option ------------------------------------------
@pytest.mark.parametrize("decks, deal, most", [(1, "standard", 5), (1, "hand of two", 6), (2, "standard", 11),
                                               (2, "hand of two", 11), (3, "standard", 17), (3, "hand of two", 17)])
def test_D29_players_up_to_what_the_decks_allow(decks, deal, most):
    """D29: one deck 5 (6 with the hand of two), two decks 11, three decks 17; one more is refused."""
    assert max_players(decks, deal) == most
    s = GAME.new_initial_state({"players": most, "decks": decks, "deal": deal})
    assert len(s.hands) == most and s.options["deal"] == deal
    assert 52 * decks - (3 + s.deal_hand) * most >= 1  # a card left to draw
    with pytest.raises(InvalidOption, match="players"):
        GAME.new_initial_state({"players": most + 1, "decks": decks, "deal": deal})


def test_D29_six_on_one_deck_need_the_hand_of_two():
    """D29, D5: six players on one deck with the standard deal is an InvalidOption saying why; without a
    stated deal they get the hand of two."""
    with pytest.raises(InvalidOption, match="hand of two") as e:
        GAME.new_initial_state({"players": 6, "deal": "standard"})
    assert "52" in str(e.value)
    s = GAME.new_initial_state({"players": 6})
    assert s.options["deal"] == "hand of two" and s.hand_size == 2
    assert GAME.new_initial_state({"players": 6, "decks": 2}).options["deal"] == "standard"
    with pytest.raises(InvalidOption, match="11"):
        GAME.new_initial_state({"players": 12, "decks": 2})
    with pytest.raises(InvalidOption):
        GAME.new_initial_state({"players": 4, "deal": "hand of three"})


def test_D5_hand_of_two_for_any_number_of_players():
    """D5: the hand of two may be chosen with any number of players: five hand cards, a hand of two."""
    s = new({"players": 3, "deal": "hand of two"})
    rng = random.Random(1)
    while s.phase == "deal":
        s.apply(random_action(s, rng))
    assert all(len(h) == 5 for h in s.hands) and len(s.deck) == 52 - 24
    for _ in range(3):
        s.apply(s.legal_actions()[0])
    assert all(len(h) == 2 for h in s.hands) and s.observation(0)["hand_size"] == 2


@pytest.mark.parametrize("players, decks", [(17, 3), (11, 2)])
def test_D29_large_tables_play_to_the_end(players, decks):
    """D29: seventeen players on three decks (eleven on two) deal, choose, play and end."""
    for seed in range(2):
        s = GAME.new_initial_state({"players": players, "decks": decks, "skip": True, "reversal": True})
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply(random_action(s, rng))
        assert s.places and len(s.history) <= max_game_length(s.options)
        for v in (None, 0, players - 1):
            svg = GAME.draw_svg(s.observation(v), viewer=v)
            assert svg.count('class="seat') >= players - 1


# ----- D9: who starts, counted in cards ---------------------------------------------------------------
def _start(hands4, ups):
    down = [["Ac", "Ad", "Ah"], ["As", "Kc", "Kd"], ["Kh", "Ks", "Qc"], ["Qd", "Qh", "Qs"]]
    s = new({"players": 4})
    play(s, *deal_order(down, hands4))
    play(s, *("up " + " ".join(sorted(u, key=lambda c: _IDS[c])) for u in ups))
    return s


def test_D9_who_starts_counts_cards_not_holders():
    """D9 (RULINGS Dritzak 13): four players, A two 3s, C one, B and D none: A starts, no coin flip."""
    hands = [["3c", "3d", "9c", "9d", "9h", "8c"], ["Jc", "Jd", "Jh", "Js", "6c", "6d"],
             ["3h", "8d", "8h", "8s", "7c", "7d"], ["2c", "2d", "2h", "2s", "6h", "6s"]]
    s = _start(hands, [["9c", "9d", "9h"], ["Jc", "Jd", "Jh"], ["8d", "8h", "8s"], ["2c", "2d", "2h"]])
    assert s.current_player() == 0 and s.first_rank == rank_of("3")
    assert legal(s) == ["play 3c", "play 3c 3d", "play 3d"]
    # the same with C holding two and A one: C starts
    hands = [hands[0][:1] + ["4c"] + hands[0][2:], hands[1], ["3h", "3s"] + hands[2][2:], hands[3]]
    s = _start(hands, [["9c", "9d", "9h"], ["Jc", "Jd", "Jh"], ["8h", "8s", "7c"], ["2c", "2d", "2h"]])
    assert s.current_player() == 2
    # runs wrap round the table: A and B one 3 each, C none, D two: D's run D, A, B plays 4 cards
    hands = [["3c", "9c", "9d", "9h", "8c", "4c"], ["3d", "Jc", "Jd", "Jh", "Js", "6c"],
             ["8d", "8h", "8s", "7c", "7d", "5d"], ["3h", "3s", "2c", "2d", "2h", "6h"]]
    s = _start(hands, [["9c", "9d", "9h"], ["Jc", "Jd", "Jh"], ["8d", "8h", "8s"], ["2c", "2d", "2h"]])
    assert s.current_player() == 3 and legal(s) == ["play 3h", "play 3h 3s", "play 3s"]
    # equal counts only: a chance node among them
    hands = [["3c", "9c", "9d", "9h", "8c", "4c"], ["Jc", "Jd", "Jh", "Js", "6c", "5c"],
             ["3h", "8d", "8h", "8s", "7c", "7d"], ["2c", "2d", "2h", "2s", "6h", "6s"]]
    s = _start(hands, [["9c", "9d", "9h"], ["Jc", "Jd", "Jh"], ["8d", "8h", "8s"], ["2c", "2d", "2h"]])
    assert s.current_player() == CHANCE
    assert sorted(a.notation for a, _ in s.chance_outcomes()) == ["start 1", "start 3"]


# ----- D20: skips count around the table; the table names who plays next --------------------------------
def test_D20_skips_wrap_and_name_the_next_player():
    """D20 (RULINGS Dritzak 15): skipping k players passes the turn k + 1 seats on, wrapping; the text
    names who plays next, never how many were skipped."""
    o = {"players": 3, "skip": True}
    s = pos(o, hands=[["8c", "8d", "9c"], ["3c"], ["3d"]], pile=["8h"])
    play(s, "play 8c 8d")
    assert s.current_player() == 0 and s.last == "Player 1 played 8c 8d, plays again"
    s = pos(o, hands=[["8c", "9c"], ["3c"], ["3d"]], pile=["8h"])
    play(s, "play 8c")
    assert s.current_player() == 2 and s.last == "Player 1 played 8c, Player 3 plays next"
    assert "skipping" not in s.last and s.observation(1)["last_cards"] == ["8c"]
    # three players on two decks: three 8s on an 8 skip three, wrapping round to the next player
    s = pos(dict(o, decks=2, set_rule="all"), hands=[["8c", "8d", "8c2", "9c"], ["3c"], ["3d"]], pile=["8h"])
    play(s, "play 8c 8d 8c2")
    assert s.current_player() == 1 and s.last.endswith("Player 2 plays next")
    # two players: one skip gives the player who skipped the next turn
    s = pos({"skip": True}, hands=[["8c", "3c"], ["9c"]], pile=["8h"])
    play(s, "play 8c")
    assert s.current_player() == 0 and s.last.endswith("plays again")


# ----- D26: the suits rule, one wording -------------------------------------------------------------------
def _words(text):
    return " ".join(text.replace("`", "").replace("*", "").split())


def test_D26_suits_rule_worded_the_same_everywhere():
    """D26 (RULINGS Dritzak 16): the option's help, the rules page and the engine say the same words."""
    help_text = next(o.help for o in DRITZAK.options if o.name == "set_rule")
    page = _words((ROOT / "docs/rules/dritzak.md").read_text())
    engine = _words(PlayMixin._complete.__doc__)
    for place in (_words(help_text), page, engine):
        assert _words(SUITS_RULE) in place
    assert "four cards of one rank played directly after each other" in SUITS_RULE
    assert "their four suits are all different" in SUITS_RULE and "the suits do not matter" in SUITS_RULE


def test_D26_suits_rule_four_in_a_row_all_different():
    """D26: with the suits rule, four cards directly after each other must be of four suits; a later
    fourth suit after a repeated one does not clear; the cards of one play may be laid in any order."""
    o = {"decks": 2, "set_rule": "suits"}
    s = pos(o, hands=[["7s", "4c"], ["Kc"]], pile=["7c", "7d", "7h", "7h2"])
    play(s, "play 7s")
    assert s.pile  # 7d 7h 7h2 7s: the last four are not of four suits
    s = pos(o, hands=[["7s", "7h2", "4c"], ["Kc"]], pile=["7c", "7d"])
    play(s, "play 7s 7h2")
    assert s.pile == [] and s.current_player() == 0  # 7c 7d then 7h2 7s: four suits
    s = pos(o, hands=[["7s", "7h", "7h2", "4c"], ["Kc"]], pile=["7c", "7c2", "7d"])
    play(s, "play 7h 7s 7h2")
    assert s.pile == []  # laid 7h, 7s, 7h2 after 7c2 7d: c d h s in a row
    s = pos(o, hands=[["7s", "7h", "4c"], ["Kc"]], pile=["7d", "7c", "7c2"])
    play(s, "play 7h 7s")
    assert s.pile  # c2 h s after a repeated club: never four suits in a row
    s = pos({"decks": 2}, hands=[["7s", "4c"], ["Kc"]], pile=["7d", "7h", "7h2"])
    play(s, "play 7s")
    assert s.pile == []  # with the four rule the suits do not matter


# ----- D30: identical cards told apart by place -----------------------------------------------------------
def test_D30_identical_face_down_cards_chosen_by_place():
    """D30 (RULINGS Dritzak 17): two identical face-down cards give three choices by place, and the list
    of choices is the same whatever the face-down cards are."""
    o = {"decks": 2}
    same = pos(o, hands=[[], ["9c"]], down=[["Kh", "Kh2", "4c"], ["Qc"]], pile=["6h"])
    other = pos(o, hands=[[], ["9c"]], down=[["2c", "5d", "Ah2"], ["Qc"]], pile=["6h"])
    a, b = same.legal_actions(), other.legal_actions()
    assert [x.to_json() for x in a] == [x.to_json() for x in b]
    assert [x.notation for x in a] == ["down 1", "down 2", "down 3", "pick up"]
    assert [x.label for x in a[:3]] == [f"Turn over the {k} face-down card" for k in ("1st", "2nd", "3rd")]
    assert same.observation(0)["down"] == other.observation(0)["down"] == [[True] * 3, [True, False, False]]


def test_D30_identical_hand_cards_each_playable():
    """D30: identical copies in a hand are offered one by one and together, so the copy a play names does
    not depend on which other copies the hand holds (a merged list naming the lowest copy would tell the
    table that a hand playing ``7h2`` holds no ``7h``)."""
    o = {"decks": 2}
    both = pos(o, hands=[["7h", "7h2", "3c"], ["Kc"]])
    assert [a for a in legal(both) if a.startswith("play 7")] == ["play 7h", "play 7h 7h2", "play 7h2"]
    one = pos(o, hands=[["7h2", "3c"], ["Kc"]])
    assert "play 7h2" in legal(one) and "play 7h2" in legal(both)
    play(both, "play 7h2")
    assert [card_name(c) for c in both.hands[0]] == ["7h", "3c"]


def test_D30_a_known_copy_is_played_first():
    """D30 (RULINGS Dritzak 11, 17): a hand holding the 7h the table saw it pick up and another 7h plays
    the known one when it plays one: offering the other would tell the table of a second 7h. Both together
    stay legal; without a known copy, either copy may go alone. "Why not?" names D30."""
    o = {"decks": 2}
    s = pos(o, hands=[["7h", "7h2", "3c"], ["Kc"]], known=[["7h"], []])
    assert [a for a in legal(s) if a.startswith("play 7")] == ["play 7h", "play 7h 7h2"]
    with pytest.raises(IllegalAction) as refused:  # clicking the 7h2 alone starts the set of both
        s.apply("play 7h2")
    assert refused.value.rule == "D30" and "pick up a 7h" in str(refused.value)
    s = pos(o, hands=[["7h", "7h2", "3c"], ["Kc"]], known=[["7h2"], []])
    assert [a for a in legal(s) if a.startswith("play 7")] == ["play 7h 7h2", "play 7h2"]
    play(s, "play 7h2")
    assert [card_name(c) for c in s.hands[0]] == ["7h", "3c"] and s.known[0] == []
    # the other viewers' view of the play: the copy the table knew of went, the other 7h stays unseen
    assert "7h" not in [card_name(c) for c in s.observation(1)["known"][0]]



def test_D30_a_click_on_the_unseen_copy_chooses_the_known_one():
    """D30: the player cannot tell the two 7h in the hand apart, and one 7h played is the known one; so a
    click on the unseen copy alone counts as the known
    copy's click: the board's Confirm turns on for "play 7h" whichever 7h is clicked. Both clicked still make
    the set of both; without a known copy no action carries such clicks."""
    o = {"decks": 2}
    s = pos(o, hands=[["7h", "7h2", "3c"], ["Kc"]], known=[["7h"], []])
    acts = {a.notation: a for a in s.legal_actions()}
    one, both = acts["play 7h"], acts["play 7h 7h2"]
    assert one.fits(("card-7h2",)) and one.fits(("card-7h",)) and not one.fits(("card-7h", "card-7h2"))
    assert one.to_json()["alike"] == {"card-7h": ["card-7h2"]}
    assert both.fits(("card-7h2", "card-7h")) and "alike" not in both.to_json()
    with pytest.raises(PygamesError, match="part of a legal action"):
        s.explain(["card-7h2"], 0)
    plain = pos(o, hands=[["7h", "7h2", "3c"], ["Kc"]])
    assert not any(a.alike for a in plain.legal_actions())


# ----- D24, D31: the turn limit and the longest game -----------------------------------------------------
def test_D24_called_after_fifty_turns_per_player_without_a_clear():
    """D24: 50 turns per player since the last clear call the game; a clear starts the count again."""
    limit = TURNS_PER_PLAYER * 2
    s = pos(hands=[["5c", "6c", "9d"], ["Kd"]], pile=["4h"], turns=limit - 1)
    play(s, "play 5c")
    assert s.is_terminal() and s.called and s.returns() == [-1.0, 1.0]
    assert "called" in s.result_text()
    s = pos(hands=[["Tc", "6c"], ["5d"]], pile=["4h"], turns=limit - 1)
    play(s, "play Tc")
    assert not s.is_terminal() and s.turns == 0
    assert s.observation(1)["stall_turns"] == 0 and s.observation(1)["stall_turns_limit"] == limit


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 4}, {"players": 6},
                                     {"players": 3, "decks": 3, "set_rule": "all"},
                                     {"players": 5, "decks": 2, "set_rule": "suits", "skip": True, "sevens": True,
                                      "reversal": True, "play_on": True}])
def test_D31_no_game_is_longer_than_the_bound(options):
    """D31: the stated bound holds for random games (the conformance kit checks many more)."""
    bound = max_game_length(GAME.validate_options(options))
    for seed in range(3):
        s = GAME.new_initial_state(options)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply(random_action(s, rng))
            assert len(s.history) <= bound


def test_D31_bound_as_on_the_rules_page():
    """D31: the figures on the rules page are the function's."""
    page = (ROOT / "docs/rules/dritzak.md").read_text()
    v = GAME.validate_options
    for figure, opts in [("3,457", {"players": 4}), ("18,266", {"players": 11, "decks": 2}),
                         ("41,824", {"players": 17, "decks": 3})]:
        assert f"{max_game_length(v(opts)):,}" == figure and figure in page
    assert re.search(r"\*\*D31\*\*", page)
