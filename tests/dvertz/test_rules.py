"""Rule tests of Dvertz: each names the rule of docs/rules/dvertz.md it checks."""
import random

import pytest

from pygames.core import IllegalAction
from pygames.dvertz.rules import RESERVE
from pygames.dvonn.board import INDEX, NEIGHBOURS, N_CELLS, player_moves

from .helpers import GAME, full_board, legal, pos


def test_x1_board_and_pieces_are_dvonns():
    """X1: 49 spaces named as DVONN's, and the placement phase fills them with 23 + 23 + 3 pieces."""
    s = GAME.new_initial_state()
    assert len(s.legal_actions()) == 49 and {a.notation for a in s.legal_actions()} == set(INDEX)
    f = full_board(3)
    joined = "".join(f.board)
    assert (joined.count("W"), joined.count("B"), joined.count("D")) == (23, 23, 3)


def test_x2_reserve_of_24_marbles():
    """X2: 6 white, 8 grey, 10 black in the reserve; every marble stays in reserve, on a stack or captured."""
    s = GAME.new_initial_state()
    assert RESERVE == (6, 8, 10) and s.reserve == [6, 8, 10]
    f = full_board(1)
    rng = random.Random(2)
    while not f.is_terminal():
        f.apply(rng.choice(f.legal_actions()))
        for c in range(3):
            assert f.reserve[c] + f.captures[0][c] + f.captures[1][c] + f.marbles.count(c + 1) == RESERVE[c]


def test_x3_placement_is_dvonns_and_plays_no_marble():
    """X3: DVONN pieces first (White, Black, White), then alternately; only placements in phase 1."""
    s = GAME.new_initial_state()
    for k in range(49):
        acts = legal(s)
        assert all(len(a) == 2 for a in acts)
        assert s.current_player() == k % 2
        s.apply(acts[0])
        if k < 3:
            assert "D" in s.board
    assert sum(s.marbles) == 0 and s.reserve == [6, 8, 10]
    assert [s.board[INDEX[n]] for n in s.history[:3]] == ["D", "D", "D"]
    assert s.board[INDEX[s.history[3]]] == "B" and s.board[INDEX[s.history[4]]] == "W"


def test_x3_last_placement_forced():
    """X3: the 49th placement is White's and forced."""
    s = full_board(5)
    t = GAME.new_initial_state()
    for n in s.history[:48]:
        t.apply(n)
    assert t.current_player() == 0 and len(t.legal_actions()) == 1


def test_x4_white_takes_the_first_turn_of_phase_two():
    """X4: White placed the last piece and also plays first in phase 2."""
    s = full_board(7)
    assert s.phase == 2 and s.current_player() == 0 and s.history and len(s.history) == 49
    assert s.status == "turn"


def test_x5_either_part_first_then_the_other():
    """X5: both parts are legal to begin the turn; after one, only the other is legal, same player."""
    s = full_board(11)
    acts = legal(s)
    moves = [a for a in acts if len(a) == 4]
    marbles = [a for a in acts if a[0] in "WGB"]
    assert moves and len(marbles) == 3 * 49
    a = s.clone()
    a.apply(moves[0])
    assert a.current_player() == 0 and a.part == "dvonn" and a.status == "zertz"
    assert all(n[0] in "WGB" or n.startswith("x ") for n in legal(a))
    b = s.clone()
    b.apply("Wf3")
    assert b.current_player() == 0 and b.part == "zertz" and b.status == "dvonn"
    assert legal(b) == sorted(moves)
    b.apply(moves[0])
    assert b.current_player() == 1 and b.part == ""
    with pytest.raises(IllegalAction):
        s.clone().apply("pass")


def test_x6_jump_judged_after_the_dvonn_part():
    """X6: no jump at the start of the turn; the stack move makes one, so the ZÈRTZ-like part must jump."""
    s = pos({"c3": "W", "d3": "D", "e3": "B", "f3": "B"}, {"c3": "W", "e3": "G"})
    assert not any(a.startswith("x") for a in legal(s))
    assert "c3d3" in legal(s) and "Wd3" in legal(s)
    s.apply("c3d3")
    assert legal(s) == ["x d3Gf3"]


def test_x6_no_dvonn_move_only_the_zertz_part():
    """X6: a player with no DVONN move makes only the ZÈRTZ-like part, then the turn passes."""
    u = pos({"c3": "W", "d3": "D", "e3": "BBB"}, turn=1)
    assert not player_moves(u.board, 1) and player_moves(u.board, 0)
    assert u.status == "zertz" and all(a[0] in "WGB" for a in legal(u))
    u.apply("Bc3")
    assert u.current_player() == 0 and u.part == ""


def test_x6_no_zertz_part_only_the_dvonn_part():
    """X6: every stack carries a marble and none can jump: the DVONN part alone makes the turn."""
    s = pos({"d3": "W", "e3": "D", "f3": "B", "g3": "B"},
            {"d3": "G", "e3": "W", "f3": "B", "g3": "G", "i1": "W", "k5": "B"}, turn=0)
    assert s.zertz_options() is None and s.status == "dvonn"
    assert legal(s) == ["d3e3"]
    s.apply("d3e3")  # the grey marble crunches the white one (X14); still nothing to place
    assert s.current_player() == 1 and s.part == ""


def test_x6_pass_with_neither_part():
    """X6: no DVONN move and no ZÈRTZ-like move: the player passes (and only then)."""
    s = pos({"d3": "W", "e3": "D"}, {"d3": "G", "e3": "W", "i1": "B", "k5": "B"}, turn=1)
    assert legal(s) == ["pass"]
    s.apply("pass")
    assert s.current_player() == 0
    t = pos({"d3": "W", "e3": "D"}, {"d3": "G", "e3": "W", "i1": "B", "k5": "B"}, turn=0)
    assert "pass" not in legal(t)


def test_x7_marbles_only_on_stacks_one_each():
    """X7: placements go on stacks without a marble, a lone DVONN piece included, never on empty spaces."""
    s = pos({"c3": "W", "d3": "D", "e3": "B"}, {"c3": "W"})
    spots = {a[1:] for a in legal(s) if a[0] in "WGB"}
    assert spots == {"d3", "e3", "i1", "k5"}
    with pytest.raises(IllegalAction):
        s.clone().apply("Gc3")
    with pytest.raises(IllegalAction):
        s.clone().apply("Gf3")


def test_x8_jump_is_compulsory_and_lands_on_a_marbleless_stack():
    """X8: a jump exists, so no marble may be placed; the landing must be a stack with no marble."""
    s = pos({"c3": "W", "d3": "B", "e3": "D", "f3": "W", "g3": "B"}, {"c3": "W", "d3": "G"})
    assert legal(s) == ["c3d3", "f3e3", "f3g3", "x c3Ge3"]
    t = pos({"c3": "W", "d3": "B", "e3": "D", "f3": "W"}, {"c3": "W", "d3": "G", "e3": "B"})
    assert "x c3Ge3" not in legal(t) and "x d3Bf3" in legal(t)  # e3 carries a marble: no landing
    u = pos({"c3": "W", "d3": "D", "e4": "W", "f4": "B", "f3": "W"}, {"c3": "W", "d3": "G"})
    assert not any(a.startswith("x") for a in legal(u))  # e3 is empty: no landing
    v = pos({"c3": "W", "d3": "B", "e3": "D", "f3": "W"}, {"d3": "W", "e3": "G"}, turn=1)
    assert "x d3Gf3" in legal(v)  # any marble, whatever its colour, for either player


def test_x9_sequences_continue_and_the_mover_captures():
    """X9: the marble must go on jumping; either sequence may be chosen; jumped marbles go to the mover."""
    stacks = {"c3": "W", "d3": "B", "e3": "D", "f3": "W", "g3": "B", "e4": "W", "e5": "B"}
    s = pos(stacks, {"c3": "W", "d3": "G", "f3": "B", "e4": "W"})
    jumps = [a for a in legal(s) if a.startswith("x")]
    assert jumps == ["x c3Ge3Bg3", "x c3Ge3We5"]
    before = list(s.board)
    s.apply("x c3Ge3Bg3")
    assert s.captures[0] == [0, 1, 1] and s.board == before
    assert s.marbles[INDEX["g3"]] == 1 and s.marbles[INDEX["c3"]] == 0 and s.marbles[INDEX["d3"]] == 0
    assert s.current_player() == 0 and s.status == "dvonn"


def test_x10_place_any_colour_from_the_reserve():
    """X10: every colour the reserve holds may be placed; the reserve gives the marble."""
    s = pos({"c3": "W", "d3": "D"}, reserve=[0, 8, 10], captures=((3, 0, 0), (3, 0, 0)))
    assert {a[0] for a in legal(s) if a[0] in "WGB"} == {"G", "B"}
    s.apply("Bd3")
    assert s.reserve == [0, 8, 9] and s.marbles[INDEX["d3"]] == 3


def test_x11_empty_reserve_uses_own_captures_or_nothing():
    """X11: the reserve is empty, so the mover places one of their own captures; with none, nothing."""
    s = pos({"c3": "W", "d3": "D", "e3": "B"}, captures=((3, 4, 5), (3, 4, 5)), reserve=[0, 0, 0])
    assert {a[0] for a in legal(s) if a[0] in "WGB"} == {"W", "G", "B"}
    s.apply("Gd3")
    assert s.captures[0] == [3, 3, 5] and s.captures[1] == [3, 4, 5] and s.reserve == [0, 0, 0]
    s2 = pos({"c3": "W", "d3": "D", "e3": "B"}, captures=((0, 0, 0), (3, 4, 5)), reserve=[3, 4, 5])
    assert {a[0] for a in legal(s2) if a[0] in "WGB"} == {"W", "G", "B"}  # the reserve first


def test_x11_no_marble_left_for_the_mover():
    """X11: reserve empty, no captures of one's own and no jump: only the DVONN part is played, and the
    ZÈRTZ-like part never removes a piece."""
    f = full_board(2)
    spots, used = [], set()
    for i in range(N_CELLS):
        if i not in used and len(spots) < 12:
            spots.append(i)
            used.add(i)
            used.update(NEIGHBOURS[i])
    m = ["-"] * N_CELLS
    for k, i in enumerate(spots):
        m[i] = "WWWGGGGBBBBB"[k]
    st = f.to_json()
    st["history"] = []
    st["state"].update(marbles="".join(m), reserve=[0, 0, 0], captures=[[0, 0, 0], [3, 4, 5]])
    from pygames.core import State
    g = State.from_json(st)
    assert g.zertz_options() is None and legal(g) and all(len(a) == 4 for a in legal(g))


def test_x12_dvonn_part_is_a_dvonn_move_marbles_change_nothing():
    """X12: the DVONN part's moves are DVONN's, whatever marbles lie on the stacks."""
    f = full_board(4)
    moves = sorted(a for a in legal(f) if len(a) == 4)
    f.apply(next(a for a in legal(f) if a[0] == "W"))  # a marble placement first
    assert sorted(legal(f)) == moves == sorted(a for a in legal(full_board(4)) if len(a) == 4)
    assert len(moves) == len(player_moves(f.board, 0))


def test_x13_marble_rides_with_its_stack():
    """X13: the marble moves with its stack and captures nothing."""
    s = pos({"c3": "W", "d3": "B", "e3": "D"}, {"c3": "G"})
    s.apply("c3d3")
    assert s.board[INDEX["d3"]] == "BW" and s.marbles[INDEX["d3"]] == 2 and s.marbles[INDEX["c3"]] == 0
    assert s.captures == [[0, 0, 0], [0, 0, 0]]


def test_x14_crunch_and_keep():
    """X14: a marble landing on a marble crunches it to the reserve; a bare stack keeps the one it lands on."""
    s = pos({"c3": "W", "d3": "B", "e3": "D", "f3": "W"}, {"c3": "W", "d3": "G"})
    r = list(s.reserve)
    s.apply("c3d3")
    assert s.marbles[INDEX["d3"]] == 1 and s.reserve == [r[0], r[1] + 1, r[2]]
    assert s.last[-1]["crunched"] == [["d3", "G"]]
    t = pos({"c3": "W", "d3": "B", "e3": "D", "f3": "W"}, {"d3": "G"})
    r = list(t.reserve)
    t.apply("c3d3")
    assert t.marbles[INDEX["d3"]] == 2 and t.reserve == r and t.board[INDEX["d3"]] == "BW"


def test_x15_marbles_of_cut_off_stacks_return_to_the_reserve():
    """X15: a stack cut off from the DVONN pieces leaves the game and its marble goes to the reserve."""
    s = pos({"e3": "D", "f3": "W", "g3": "B", "d3": "W"}, {"g3": "G"})
    r = list(s.reserve)
    s.apply("f3e3")
    assert s.board[INDEX["g3"]] == "" and s.marbles[INDEX["g3"]] == 0
    assert s.reserve == [r[0], r[1] + 1, r[2]] and s.removed[1] == 23
    assert s.last[-1]["returned"] == [["g3", "G"]] and s.captures == [[0, 0, 0], [0, 0, 0]]


def test_x16_winning_set_wins_at_once():
    """X16: the fourth white marble captured wins at once, before the DVONN part."""
    s = pos({"c3": "W", "d3": "B", "e3": "D", "f3": "W", "g3": "B"}, {"c3": "G", "d3": "W"},
            captures=((3, 0, 0), (0, 0, 0)))
    assert player_moves(s.board, 0)
    s.apply("x c3We3")
    assert s.is_terminal() and s.returns() == [1.0, -1.0] and s.observation(None)["win_by"] == "marbles"
    assert s.result_text() == "White captured 4 white marbles"


def test_x16_thresholds_and_no_set_of_each():
    """X16: 4 white, 5 grey or 6 black win; 3 of each (ZÈRTZ's set) does not."""
    from pygames.dvertz.rules import winning_captures
    assert winning_captures([4, 0, 0]) and winning_captures([0, 5, 0]) and winning_captures([0, 0, 6])
    assert not winning_captures([3, 3, 3]) and not winning_captures([3, 4, 5])
    s = pos({"c3": "W", "d3": "B", "e3": "D", "f3": "W", "g3": "B"}, {"c3": "G", "d3": "W"},
            captures=((2, 3, 3), (0, 0, 0)))
    s.apply("x c3We3")
    assert not s.is_terminal() and s.captures[0] == [3, 3, 3]


def test_x17_end_at_once_when_no_dvonn_move_mid_turn():
    """X17 (RULINGS "Dvertz" 9): White's stack move leaves no DVONN move anywhere; the game ends at once,
    the turn's ZÈRTZ-like part is not played."""
    s = pos({"d3": "W", "e3": "D"})
    assert s.status == "turn"
    s.apply("d3e3")
    assert s.is_terminal() and s.legal_actions() == [] and s.returns() == [1.0, -1.0]
    assert s.marbles == [0] * N_CELLS and s.observation(None)["win_by"] == "dvonn"
    assert s.history == ["d3e3"]


def test_x17_no_marble_win_after_the_dvonn_end():
    """X17 (RULINGS "Dvertz" 9): the stack move stops all movement; the jump that would have won by
    marbles is never made: the pieces decide (here a draw, 2 against 2)."""
    s = pos({"d3": "W", "e3": "D", "f3": "BB", "f4": "D", "f2": "D"}, {"f2": "W", "f3": "G"},
            captures=((0, 4, 0), (0, 0, 0)))
    assert s.status == "turn" and "x f2Gf4" in legal(s)
    s.apply("d3e3")
    assert not player_moves(s.board, 0) and not player_moves(s.board, 1)
    assert s.is_terminal() and s.winner() is None and s.returns() == [0.0, 0.0]
    assert s.captures[0] == [0, 4, 0] and s.observation(None)["win_by"] == "dvonn"


def test_x17_marble_win_before_the_dvonn_part():
    """X17 (RULINGS "Dvertz" 9): a winning jump made first ends the game before the turn's DVONN part,
    though that DVONN part would have taken the opponent's stacks."""
    s = pos({"c3": "W", "d3": "B", "e3": "D", "f3": "W", "g3": "B"}, {"c3": "G", "d3": "W"},
            captures=((3, 0, 0), (0, 0, 0)))
    assert s.status == "turn"
    s.apply("x c3We3")
    assert s.is_terminal() and s.winner() == 0 and s.legal_actions() == []


def test_x17_a_loaded_turn_cannot_go_on_after_the_dvonn_end():
    """X17: a saved state whose DVONN part was played and left no DVONN move is refused (it had ended)."""
    from pygames.core import InvalidState
    with pytest.raises(InvalidState):
        pos({"d3": "", "e3": "DW"}, part="dvonn")


def test_x18_score_as_dvonn_and_draw():
    """X18: at the DVONN end the controlled pieces decide; marbles do not count; equal is a draw."""
    t = pos({"d3": "WWW", "e3": "D", "f3": "BBB"}, {"f3": "B", "d3": "W"})
    assert not player_moves(t.board, 0) and not player_moves(t.board, 1)
    assert t.is_terminal() and t.returns() == [0.0, 0.0] and t.observation(None)["draw"]
    w = pos({"d3": "WWWW", "e3": "D", "f3": "BBB"}, {"f3": "B", "e3": "G"})
    assert not player_moves(w.board, 0) and not player_moves(w.board, 1)
    assert w.is_terminal() and w.returns() == [1.0, -1.0] and w.observation(None)["win_by"] == "dvonn"
    assert w.result_text() == "No stack can move: pieces controlled, White 4, Black 3"
    u = pos({"d3": "WWW", "e3": "D", "f3": "B"})
    assert not player_moves(u.board, 0) and player_moves(u.board, 1)
    assert u.current_player() == 0 and u.status == "zertz"


def test_x19_click_targets():
    """X19: stack then landing; marble then each landing; colour then stack; pass is a button. Target
    sequences are unique among the legal actions and none is a prefix of another."""
    stacks = {"c3": "W", "d3": "B", "e3": "D", "f3": "W", "g3": "B", "e4": "W", "e5": "B"}
    s = pos(stacks, {"c3": "W", "d3": "G", "f3": "B", "e4": "W"})
    acts = {a.notation: a.targets for a in s.legal_actions()}
    assert acts["x c3Ge3Bg3"] == ("m-c3", "e3", "g3") and acts["c3d3"] == ("c3", "d3")
    t = full_board(0)
    assert {a.notation: a.targets for a in t.legal_actions()}["Wf3"] == ("take-W", "f3")
    p = pos({"d3": "W", "e3": "D"}, {"d3": "G", "e3": "W", "i1": "B", "k5": "B"}, turn=1)
    assert p.legal_actions()[0].targets == ()
    rng = random.Random(0)
    for seed in range(6):
        g = full_board(seed)
        while not g.is_terminal():
            ts = [a.targets for a in g.legal_actions() if a.targets]
            assert len(set(ts)) == len(ts)
            whole = set(ts)
            assert not any(t[:k] in whole for t in ts for k in range(1, len(t)))
            g.apply(rng.choice(g.legal_actions()))


def test_x20_turn_notation_round_trip():
    """X20: the game as turns (a1b2 + Wc3 …) replays to the same state."""
    from pygames.dvertz.notation import format_part, parse_part, parse_turn
    assert parse_turn("a1b2 + Wc3") == ["a1b2", "Wc3"]
    assert parse_turn("x c3Ge3 + d2d4") == ["x c3Ge3", "d2d4"]
    assert parse_turn(" PASS ") == ["pass"] and parse_turn("e3") == ["e3"]
    for bad in ("a1b2 + c3d3", "Wc3 + Gd3", "pass + Wc3", "x c3Ge4", "Wz9", "a1 + b2 + c3", "", "x c3"):
        with pytest.raises(IllegalAction):
            parse_turn(bad)
    for text in ("Wc3", "x c3Ge3Bg3", "a1b2", "e3", "pass"):
        assert format_part(parse_part(text)) == text
    for seed in range(4):
        rng = random.Random(seed)
        s = GAME.new_initial_state()
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
        turns = s.turn_notations()
        assert any(" + " in t for t in turns)
        r = GAME.new_initial_state()
        for t in turns:
            r.play_turn(t)
        assert r == s
        assert r.turn_notations() == turns


def test_x20_play_turn_rejects_half_turns_unchanged():
    """X20: a turn missing its second part is refused and the state is unchanged."""
    s = full_board(1)
    move = next(a for a in legal(s) if len(a) == 4)
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.play_turn(move)
    assert s.to_json() == before
    s.play_turn(move + " + " + next(a for a in legal(s.child(move)) if a[0] in "WGBx"))
    assert s.current_player() == 1


def test_x9_x16_rules_page_jump_caption_names_every_jump_and_every_win():
    """X9, X16: the rules page's jump diagram names every jump open in its position, and says which of
    them win at once (the engine plays the diagram's actions and judges each jump)."""
    import json
    from pathlib import Path
    page = (Path(__file__).parents[2] / "docs" / "rules" / "dvertz.md").read_text()
    block = next(b for b in page.split("```diagram dvertz")[1:] if '"x ' in b.split("```")[0])
    d = json.loads(block.split("```")[0])
    s = GAME.new_initial_state()
    for a in d["actions"]:
        s.apply(a)
    jumps = legal(s)
    assert jumps and all(j.startswith("x ") for j in jumps)
    caption = d["caption"]
    assert f"Exactly {('one', 'two', 'three', 'four', 'five')[len(jumps) - 1]} are open" in caption
    winners = []
    for j in jumps:
        assert j in caption
        t = s.clone()
        t.apply(j)
        if t.is_terminal():
            winners.append(j)
    win_text = caption[caption.index("(X16)") - 200:caption.index("(X16)")]
    assert winners and all(w in win_text for w in winners)
    assert all(f"only {j} does not win" in caption for j in jumps if j not in winners)


def test_x21_every_game_ends_within_193_actions():
    """X21: 49 placements, at most 48 turns with a stack move (one or two actions), and turns without
    one never two in a row: checked over random games."""
    from pygames.dvertz import MAX_GAME_LENGTH
    assert MAX_GAME_LENGTH == 193 == GAME.max_length({})
    for seed in range(30):
        s = full_board(seed)
        rng = random.Random(seed)
        turns: list[list[str]] = []
        while not s.is_terminal():
            if s.part == "":
                turns.append([])
            a = rng.choice(s.legal_actions())
            turns[-1].append(a.notation)
            s.apply(a)
        stack_turn = [any(len(n) == 4 and n != "pass" and not n.startswith("x ") for n in t) for t in turns]
        assert sum(stack_turn) <= 48
        assert all(stack_turn[k] or stack_turn[k + 1] for k in range(len(turns) - 1))
        assert len(s.history) <= MAX_GAME_LENGTH


def test_drawn_part_is_the_listed_one_x5_x8_x10_x12():
    """X5, X8, X10, X12: random playouts draw their action without building the legal list
    (``DvertzState._draw_legal``, the hook of ``State.pick_random``); for every index ``k`` it is exactly
    ``legal_actions()[k]`` (stack moves, then jumps or marbles by colour and stack), at every decision of
    seeded random games, and games drawn through ``pick_random`` equal games drawn from the built list."""
    from ..dvonn.helpers import drawn_as_listed
    assert drawn_as_listed(GAME, 3) > 250
