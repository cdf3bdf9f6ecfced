"""Duerror Grandis rule tests for the player counts and the variants (G28-G43: Caecus, Factiosus, Parcus,
Merus, their combinations, the length bound and the colours): each names the rule id of
docs/rules/duerror_grandis.md it checks. The basic game's rules are in ``test_rules.py``."""
import json

import pytest

from pygames.core import CHANCE, TERMINAL, IllegalAction, InvalidOption
from pygames.duerror_grandis.rules import OUT

from .helpers import GAME, legal, play, pos, start, where

def test_G28_two_to_four_players():
    """G28: the players option runs 2..4."""
    for n in (2, 3, 4):
        assert start(n).num_players == n
    for bad in (1, 5, "3"):
        with pytest.raises(InvalidOption):
            GAME.new_initial_state({"players": bad})


def test_G29_caecus_hides_other_paths_and_board_choices():
    """G29: others' boards, paths and numbers hidden; squares public; board draws read ``board ?``."""
    s = play(start(2, caecus=True), "first Player 1", "colour Red", "board 5", "start thete", "colour Blue",
             "board 2", "start melliran", "keep", "enter I1")
    for viewer in (0, 1):
        obs = s.observation(viewer)
        other = 1 - viewer
        assert obs["boards"][viewer] == [5, 2][viewer] and obs["boards"][other] is None
        assert obs["paths"][other] is None and obs["paths"][viewer] is not None
        assert obs["pieces"][other][0]["number"] is None
    assert s.observation(0)["pieces"][0][0]["square"] == "I1"
    assert s.observation(1)["pieces"][0][0]["square"] == "I1"  # squares stay public
    assert s.public_history(1)[:7] == ["first Player 1", "colour Red", "board ?", "start ?", "colour Blue", "board 2",
                                       "start melliran"]
    assert s.observation(None)["boards"] == [None, None]


def test_G40_caecus_boards_are_separate_and_drawn_face_down():
    """G40 (ruling 9): in Caecus too no two players follow the same board; each board is drawn face down
    (a chance node of the drawer's) among those left, and only the drawer's move list names it."""
    s = play(start(3, caecus=True), "first Player 2", "colour Blue")
    assert s.current_player() == CHANCE and s.chance_owner() == 1
    outs = s.chance_outcomes()
    assert sorted(a.notation for a, _ in outs) == sorted(f"board {b}" for b in range(1, 10))
    assert all(abs(p - 1 / 9) < 1e-12 for _, p in outs)
    play(s, "board 4", "start ephebe", "colour Green")
    outs = s.chance_outcomes()
    assert len(outs) == 8 and "board 4" not in {a.notation for a, _ in outs} and s.chance_owner() == 2
    assert s.observation(2)["available_boards"] == []  # the boards left are not shown either
    play(s, "board 7", "start thete")
    assert s.public_history(1) == ["first Player 2", "colour Blue", "board 4", "start ephebe", "colour Green",
                                   "board ?", "start ?"]
    assert s.public_history(2) == ["first Player 2", "colour Blue", "board ?", "start ?", "colour Green", "board 7",
                                   "start thete"]
    with pytest.raises(IllegalAction):
        s.apply("board 4")
    import random

    from pygames.core.bots import random_action
    for seed in range(20):  # and over whole random games
        st = GAME.new_initial_state({"players": 4, "caecus": True, "parcus": 2})
        rng = random.Random(seed)
        while not st.is_terminal():
            chosen = [b for b in st.boards if b is not None]
            assert len(set(chosen)) == len(chosen)
            st.apply(random_action(st, rng))


def test_G41_caecus_hides_piece_kinds_everywhere():
    """G41 (ruling 10): in Caecus no other player's piece kind reaches a player: the observation (kinds
    None, pieces sorted by square), the trail ("changed piece"), the reach of their flictus, the move
    list (``pay: changed piece``, ``changed piece``, ``start ?``) and the drawing ("?" discs)."""
    s = pos([[("thete", "A5")], [("ephebe", "E5")], [("thete", "E6")]], caecus=True, tokens=[1, 1, 1])
    play(s, "pay melliran")
    for viewer in (1, 2, None):
        obs = s.observation(viewer)
        assert all(pc["kind"] is None for q in range(3) if q != viewer for pc in obs["pieces"][q])
        assert ["change", 0, None] in obs["trail"]
        assert s.public_history(viewer) == ["pay: changed piece"]
        svg = GAME.draw_svg(obs, viewer=viewer)
        own = {1: "ephebe", 2: "thete"}.get(viewer)  # the viewer's own kind may be drawn
        assert not any(k in svg for k in ("thete", "ephebe", "melliran") if k != own)
    assert s.observation(0)["pieces"][0][0]["kind"] == "melliran" and s.public_history(0) == ["pay melliran"]
    play(s, "spare", "A5-B5")  # the melliran could take Blue along row 5: spared; then it moves 1
    play(s, "keep")  # Blue's ephebe on E5 can take Green's thete on E6
    assert s.part == "flictus"
    assert s.observation(0)["reach"] == [] and s.observation(1)["reach"] != []
    assert s.observation(0)["take_squares"] == []
    s = pos([[("thete", "A5")], [("thete", "I9")]], caecus=True, tokens=[1, 1])
    play(s, "roll", "d6 3", "change ephebe")
    assert s.public_history(1) == ["roll", "d6 3", "changed piece"]
    assert s.public_history(0) == ["roll", "d6 3", "change ephebe"]


def test_G41_factiosus_caecus_hides_which_piece_is_which():
    """G41: in Factiosus Caecus another player's pieces are anonymous: their order in the observation is
    by square, the notation of a take names no kind (one take of a player's pieces on one square), and
    their ``veer thete``, ``stay ephebe``, ``melliran take E6`` read ``veer``, ``stay``, ``take E6``."""
    s = pos([[("melliran", "E5"), ("thete", "A1"), ("ephebe", "off")],
             [("thete", "E7"), ("ephebe", "E7"), ("melliran", "B1")]], factiosus=True, caecus=True, tokens=[2, 2])
    assert legal(s) == ["melliran take E7", "spare"]  # one take of Blue's two pieces on E7, no kind
    obs = s.observation(0)
    assert [pc["square"] for pc in obs["pieces"][1]] == ["B1", "E7", "E7"]
    assert all(pc["kind"] is None for pc in obs["pieces"][1])
    play(s, "melliran take E7")
    assert s.public_history(1) == ["take E7"] and s.public_history(0) == ["melliran take E7"]
    play(s, "stop") if "stop" in legal(s) else None
    play(s, "veer thete")
    assert s.public_history(1)[-1] == "veer" and s.public_history(0)[-1] == "veer thete"


def test_G30_factiosus_all_pieces_no_formactus():
    """G30: every piece is in play from the start; no piece choice, no formactus."""
    s = play(start(2, factiosus=True), "first Player 2", "colour Blue", "board 1")
    assert s.current_player() == 0 and legal(s)[0].startswith("colour")  # no start piece to choose
    play(s, "colour Red", "board 2")
    assert [pc[0] for pc in s.pieces[0]] == ["thete", "ephebe", "melliran"]
    assert s.part == "move" and s.current_player() == 1
    assert {"enter I1", "enter E1", "enter A1"} <= set(legal(s))


def test_G31_factiosus_any_order_then_no_veer_and_all_must_exit():
    """G31: pieces move in any order; once one moved no veer; a single exit does not win."""
    s = pos([[("thete", "A9"), ("ephebe", "A1"), ("melliran", "C9")], [("thete", "I1"), ("ephebe", "off"),
                                                                       ("melliran", "off")]],
            factiosus=True, tokens=[1, 1])
    assert s.part == "move" and "veer thete" in legal(s)
    play(s, "A1-F1")
    assert not any(n.startswith("veer") for n in legal(s))
    play(s, "A9-out")  # Serpent A9 is 73: the thete exits
    assert where(s, 0, 0) == "out" and not s.is_terminal() and s.current_player() == 0
    play(s, "stay melliran")
    assert s.current_player() == 1 and s.tokens == [0, 1]
    s = pos([[("thete", "out"), ("ephebe", "out"), ("melliran", "I9")], [("thete", "B1"), ("ephebe", "off"),
                                                                         ("melliran", "off")]],
            factiosus=True)
    play(s, "I9-out")
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_G31_factiosus_the_move_named_moves_that_piece():
    """G31: with several pieces off the board (or on one square) each move names its own piece: entering
    at A1 enters the melliran (distance 1), not the first piece off the board."""
    s = pos([[("thete", "off"), ("ephebe", "off"), ("melliran", "off")],
             [("thete", "off"), ("ephebe", "off"), ("melliran", "off")]], factiosus=True)
    play(s, "enter A1")
    assert [where(s, 0, i) for i in range(3)] == ["off", "off", "A1"]
    play(s, "enter E1")
    assert [where(s, 0, i) for i in range(3)] == ["off", "E1", "A1"]
    s = pos([[("thete", "E1"), ("ephebe", "E1"), ("melliran", "off")], [("thete", "off"), ("ephebe", "off"),
                                                                        ("melliran", "off")]],
            factiosus=True, tokens=[0, 0])
    moves = sorted(n for n in legal(s) if n.startswith("E1-"))
    assert len(moves) == 2
    for n in moves:  # whichever of the two is chosen, only the piece it names moves
        t = play(s.clone(), n)
        moved = [i for i in range(2) if where(t, 0, i) != "E1"]
        dist = 9 if moved == [0] else 5
        assert len(moved) == 1 and t.number(0, t.pieces[0][moved[0]][1]) == s.number(0, s.pieces[0][0][1]) + dist


def test_G32_factiosus_one_token_a_turn():
    """G32: however many pieces could take, one token at most."""
    s = pos([[("thete", "A9"), ("ephebe", "E5"), ("melliran", "E9")], [("thete", "E6"), ("ephebe", "off"),
                                                                       ("melliran", "off")]],
            factiosus=True, tokens=[0, 0], bank=1)
    assert legal(s) == ["ephebe take E6", "melliran take E6", "spare"]
    play(s, "spare")
    assert s.tokens == [1, 0] and s.part == "move"


def test_G33_parcus_match_carries_tokens_and_refills_the_bank():
    """G33: games start afresh but tokens carry over; the bank refills; most wins takes the match."""
    s = pos([[("melliran", "I9")], [("thete", "B7")]], parcus=2, tokens=[3, 0], bank=0)
    play(s, "keep", "I9-out")
    assert not s.is_terminal() and s.game_no == 1 and s.wins == [1, 0]
    assert s.part == "opening" and s.tokens[0] == 3 and s.bank == 1 and s.boards == [None, None]
    assert s.observation(1)["wins"] == [1, 0] and s.observation(1)["games"] == 2
    play(s, "first Player 2", "board 1", "start melliran", "board 2", "start thete")  # colours kept (G43)
    assert s.current_player() == 1 and s.returns() == [0.0, 0.0]


@pytest.mark.parametrize("merus,before,after", [(False, [3, 0], [3, 1]), (False, [0, 1], [1, 1]),
                                                (True, [2, 0], [2, 0]), (True, [0, 0], [0, 0])])
def test_G39_parcus_keep_tokens_or_the_starting_fill_whichever_is_more(merus, before, after):
    """G39 (ruling 11): at the end of a game of a match each player keeps their tokens or takes the
    normal starting fill (1 token, Merus 0), whichever is more; the bank is filled afresh (1, Merus 1
    per player)."""
    s = pos([[("melliran", "I9")], [("thete", "B7")]], parcus=3, tokens=before, bank=0, merus=merus)
    play(s, "keep", "I9-out")
    assert s.game_no == 1 and s.tokens == after and s.bank == (2 if merus else 1)


def test_G34_merus_thete_and_melliran_only():
    """G34: only the thete and the melliran are used."""
    s = play(start(2, merus=True), "first Player 1", "colour Red", "board 1")
    assert legal(s) == ["start melliran", "start thete"]
    s = pos([[("thete", "A5")], [("thete", "I9")]], merus=True, tokens=[1, 0])
    assert legal(s) == ["keep", "pay melliran", "roll"]


def test_G35_merus_tokens():
    """G35: players start with none, the bank with one per player."""
    s = start(3, merus=True)
    assert s.tokens == [0, 0, 0] and s.bank == 3


def test_G36_variants_combine():
    """G36: Factiosus with Merus gives two pieces each; every combination plays to the end."""
    s = play(start(2, factiosus=True, merus=True), "first Player 1", "colour Red", "board 1", "colour Blue", "board 2")
    assert [pc[0] for pc in s.pieces[0]] == ["thete", "melliran"] and s.bank == 2
    import random

    from pygames.core.bots import random_action
    for opts in ({"caecus": True, "factiosus": True, "merus": True, "parcus": 2},
                 {"caecus": True, "parcus": 2, "players": 4}, {"factiosus": True, "merus": True, "players": 3}):
        st = GAME.new_initial_state(opts)
        rng = random.Random(5)
        while not st.is_terminal():
            st.apply(random_action(st, rng))
        assert sum(st.wins) >= st.games and st.current_player() == TERMINAL


def test_G42_max_game_length_from_the_rules():
    """G42: the declared bound is the rules page's formula, and random games (every variant, Parcus
    matches included) stay within it; chains never take more often than there are arrangements."""
    import math
    import random

    from pygames.core.bots import random_action
    from pygames.duerror_grandis.common import max_game_length
    assert max_game_length({"players": 2}) == 2 + 1 + 4 + 300 * 2 * (3 + 3 + 2 * 3 + 1) == 7807
    assert max_game_length({"players": 3}) == 17110 and max_game_length({"players": 4}) == 46813
    assert max_game_length({"players": 2, "factiosus": True}) == 2 + 1 + 2 + 300 * 2 * (721 + 6 + 3)
    assert max_game_length({"players": 3, "parcus": 2}) == 3 + 2 * (1 + 6 + 300 * 3 * (3 + 7 + 2 * 8 + 1))
    for opts in ({"players": 4, "parcus": 2}, {"players": 2, "factiosus": True, "merus": True},
                 {"players": 3, "caecus": True}):
        bound = GAME.max_length(opts)
        assert bound == max_game_length(GAME.validate_options(opts))
        for seed in range(3):
            st = GAME.new_initial_state(opts)
            rng = random.Random(seed)
            chain = 0
            while not st.is_terminal():
                a = random_action(st, rng)
                chain = chain + 1 if st.part == "flictus" and "take" in a.notation else 0
                m = sum(1 for row in st.pieces for pc in row if 0 <= pc[1] < OUT)
                assert chain <= math.factorial(max(m, 1))
                st.apply(a)
            assert len(st.history) <= bound


def test_G43_colours_chosen_in_turn_order_with_the_boards_and_kept_for_the_match():
    """G43 (ruling 15): after the opening roll each player in turn order chooses a colour no one has,
    then a board; the players are then called by their colours (notations, names, drawing); in the
    next games of a Parcus match the colours are kept and only boards are chosen again."""
    s = play(start(3), "first Player 2")
    assert s.current_player() == 1 and legal(s) == ["colour Blue", "colour Gold", "colour Green", "colour Red"]
    assert [a.targets for a in s.legal_actions()][0] == ("colour-red",)
    assert s.player_name(1) == "Player 2" and s.observation(0)["colours"] == [None, None, None]
    play(s, "colour Gold", "board 4", "start ephebe")
    assert s.current_player() == 2 and legal(s) == ["colour Blue", "colour Green", "colour Red"]
    with pytest.raises(IllegalAction):
        s.apply("colour Gold")
    play(s, "colour Red", "board 5", "start thete", "colour Green", "board 6", "start melliran")
    assert [s.player_name(q) for q in range(3)] == ["Green", "Gold", "Red"]
    obs = s.observation(2)
    assert obs["player_names"] == ["Green", "Gold", "Red"] and obs["colours"] == ["Green", "Gold", "Red"]
    assert "Gold to move" in repr(s)
    from pygames.duerror_grandis.svg import PALETTE
    assert PALETTE["Gold"] in GAME.draw_svg(obs)
    # spares and takes name the chosen colours
    t = pos([[("ephebe", "E5")], [("thete", "E6")]], colours=["Green", "Gold"], tokens=[1, 1])
    play(t, "keep")
    assert any(n.startswith("spare Gold") for n in legal(t)) or "take E6" in legal(t)
    # a Parcus match keeps the colours for its next game
    m = pos([[("melliran", "I9")], [("thete", "B7")]], parcus=2, colours=["Gold", "Blue"])
    play(m, "keep", "I9-out", "first Player 2")
    assert m.part == "board" and m.player_name(0) == "Gold" and "colour Red" not in legal(m)


def test_G43_the_opening_roll_is_called_by_the_colour_chosen_after_it():
    """G43 (with G4): the match's first opening roll names a seat (no colours yet); once that player has
    chosen a colour, the move list calls them by it there too; a later game's roll names the colour."""
    s = start(3)
    labels = {a.notation: a.label for a in s.legal_actions()}
    assert labels["first Player 2"] == "Player 2 goes first"
    play(s, "first Player 2")
    assert s.history_notes() == {}
    play(s, "colour Blue")
    assert s.history_notes() == {0: "Blue"}
    from pygames import web  # the move list the page gets says it
    from pygames.core.record import Record
    rec = Record.new(GAME.id, {"players": 2}, seed=1, arranged=True).to_json()
    rec["actions"] = ["first Player 2", "colour Blue"]
    v = json.loads(web.call("load", json.dumps({"record": rec, "seats": ["human", "human"]})))["ok"]
    assert v["moves"][0]["label"] == "Player 2 goes first: Blue"
    s = pos([[("melliran", "I9")], [("thete", "B7")]], parcus=2, colours=["Gold", "Blue"])
    play(s, "keep", "I9-out")
    assert s.part == "opening"
    labels = {a.notation: a.label for a in s.legal_actions()}
    assert labels == {"first Player 1": f"{s.name(0)} goes first", "first Player 2": f"{s.name(1)} goes first"}
    assert s.name(0) != "Player 1"
