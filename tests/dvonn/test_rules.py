"""DVONN rule tests: each test names the rule id of docs/rules/dvonn.md it checks."""
import re
from pathlib import Path

import pytest

from pygames.core import CHANCE, TERMINAL, IllegalAction
from pygames.dvonn.board import (INDEX, INTERIOR, NAMES, NEIGHBOURS, is_surrounded, landing_cells,
                                 linked_cells, move_stack, placement_piece, player_moves, remove_disconnected,
                                 scores, stack_moves)

from .helpers import BALANCED, BALANCED_PLACEMENTS, legal, new, play, pos

EMPTY_ROWS = [". " * 9, ". " * 10, ". " * 11, ". " * 10, ". " * 9]


def picture(**stacks):
    """Rows for pos() with the given stacks (space name → stack) on an otherwise empty board, topped up to
    three DVONN pieces with lone ones on free corners (away from everything else)."""
    rows = [r.split() for r in EMPTY_ROWS]
    firsts = [2, 1, 0, 0, 0]  # first column of rows 5, 4, 3, 2, 1
    stacks = dict(stacks)
    for corner in ("k5", "i1", "k3", "c5", "a1", "a3"):
        if "".join(stacks.values()).count("D") >= 3:
            break
        near = [NAMES[j] for j in NEIGHBOURS[INDEX[corner]]] + [corner]
        if not any(n in stacks for n in near):
            stacks[corner] = "D"
    for name, s in stacks.items():
        x, y = "abcdefghijk".index(name[0]), int(name[1]) - 1
        rows[4 - y][x - firsts[4 - y]] = s
    return [" ".join(r) for r in rows]


def test_N1_board_spaces_and_neighbours():
    """N1: 49 spaces in rows of 9-10-11-10-9 named A1-K5; six corners with three neighbours."""
    assert len(NAMES) == 49
    rows = {}
    for n in NAMES:
        rows.setdefault(n[1], []).append(n[0])
    assert {r: "".join(sorted(c)) for r, c in rows.items()} == {
        "1": "abcdefghi", "2": "abcdefghij", "3": "abcdefghijk", "4": "bcdefghijk", "5": "cdefghijk"}
    corners = sorted(NAMES[i] for i in range(49) if len(NEIGHBOURS[i]) == 3)
    assert corners == ["a1", "a3", "c5", "i1", "k3", "k5"]
    assert sum(1 for i in range(49) if len(NEIGHBOURS[i]) == 4) == 18 and sum(INTERIOR) == 25
    assert sorted(NAMES[j] for j in NEIGHBOURS[INDEX["e3"]]) == ["d2", "d3", "e2", "e4", "f3", "f4"]


def test_N2_pieces_and_players():
    """N2: 23 white, 23 black and 3 DVONN pieces fill the board; White places two DVONN pieces."""
    s = play(new(), *BALANCED_PLACEMENTS)
    joined = "".join(s.board)
    assert (joined.count("W"), joined.count("B"), joined.count("D")) == (23, 23, 3)
    assert s.game.player_names == ("White", "Black")
    assert [placement_piece(k) for k in (0, 2)] == ["D", "D"] and placement_piece(1) == "D"


def test_N3_placement_order():
    """N3: DVONN, DVONN, DVONN (White, Black, White), then black and white alternately, any vacant space."""
    s = new()
    assert s.current_player() == 0 and len(legal(s)) == 49
    play(s, "e3")
    assert s.board[INDEX["e3"]] == "D" and s.current_player() == 1 and "e3" not in legal(s)
    play(s, "a1", "k5")
    assert s.board[INDEX["a1"]] == "D" and s.board[INDEX["k5"]] == "D"
    assert s.current_player() == 1  # Black places the first coloured piece
    play(s, "c3")
    assert s.board[INDEX["c3"]] == "B" and s.current_player() == 0
    play(s, "c4")
    assert s.board[INDEX["c4"]] == "W"
    with pytest.raises(IllegalAction):
        s.apply("c4")  # occupied
    with pytest.raises(IllegalAction):
        s.apply("a1b2")  # no moves in phase 1
    with pytest.raises(IllegalAction):
        s.apply("pass")


def test_N4_last_placement_forced_and_white():
    """N4: the 49th placement is White's, on the one space left."""
    s = play(new(), *BALANCED_PLACEMENTS[:48])
    assert s.current_player() == 0 and legal(s) == ["k3"]
    assert placement_piece(48) == "W"


def test_N5_white_double_turn():
    """N5: after placing the last piece White also makes the first move; then turns alternate."""
    s = play(new(), *BALANCED_PLACEMENTS)
    assert s.phase == 2 and s.current_player() == 0 and s.history[-1] == "k3"
    assert s.observation(None)["double_turn"]
    assert "a1b2" in legal(s)
    play(s, "a1b2")
    assert s.current_player() == 1 and not s.observation(None)["double_turn"]
    play(s, legal(s)[0])
    assert s.current_player() == 0


def test_N6_random_full_board_option():
    """N6: chance fills the board in the placement order, uniformly over vacant spaces; then White moves."""
    s = new(random_board=True)
    assert s.current_player() == CHANCE
    outs = s.chance_outcomes()
    assert len(outs) == 49 and all(abs(p - 1 / 49) < 1e-12 for _, p in outs)
    play(s, "f3")
    assert s.board[INDEX["f3"]] == "D" and len(s.chance_outcomes()) == 48
    play(s, *[n for n in BALANCED_PLACEMENTS if n != "f3"][:47])
    assert s.current_player() == CHANCE and len(s.chance_outcomes()) == 1
    play(s, s.chance_outcomes()[0][0].notation)
    assert s.current_player() == 0 and s.phase == 2 and s.legal_actions()
    # the same seed fills the same board; different seeds differ
    from pygames.core.record import Record, Session
    boards = {tuple(Session(Record.new("dvonn", {"random_board": True}, seed=k)).state.board) for k in (1, 1, 2)}
    assert len(boards) == 2


def test_N7_one_move_per_turn():
    """N7: in phase 2 each turn is one move and play passes to the other player."""
    s = pos(BALANCED)
    play(s, "a1a2")
    assert s.current_player() == 1 and s.board[INDEX["a2"]] == "WW"


def test_N8_top_colour_owns_the_stack():
    """N8: a stack belongs to its top colour; players move only their own stacks."""
    s = pos(picture(e3="WB", f3="D", e2="B", g3="W"), turn=0)
    assert legal(s) == ["g3f3"]  # e3 is topped by black
    s = pos(picture(e3="WB", f3="D", e2="B", g3="W"), turn=1)
    assert "e3g3" in legal(s) and "e2e3" in legal(s)
    assert scores(pos(picture(e3="WB", f3="D", g3="W")).board) == [1, 2]


def test_N9_exact_height_straight_line_over_anything():
    """N9: a stack of height h moves exactly h spaces in one of six directions, passing over anything."""
    assert sorted(NAMES[j] for j in landing_cells(INDEX["e3"], 2)) == ["c1", "c3", "e1", "e5", "g3", "g5"]
    assert sorted(NAMES[j] for j in landing_cells(INDEX["a1"], 3)) == ["d1", "d4"]  # never off the board
    # a stack of three on c3 passes over d3 (occupied) and e3 (empty) to land on f3
    s = pos(picture(c3="WBW", d3="B", f3="D", c2="B", b2="D", c1="D"), turn=0)
    assert legal(s) == ["c3f3"]
    play(s, "c3f3")
    assert s.board[INDEX["f3"]] == "DWBW" and s.board[INDEX["c3"]] == ""


def test_N10_must_land_on_an_occupied_space():
    """N10: no move ends on an empty space; any occupied space (a lone DVONN piece too) will do."""
    s = pos(picture(e3="W", f3="D", d3="B"), turn=0)
    assert legal(s) == ["e3d3", "e3f3"]
    play(s, "e3f3")
    assert s.board[INDEX["f3"]] == "DW"


def test_N11_surrounded_stack_may_not_move():
    """N11: a stack with all six neighbours occupied may not move; an edge stack is never surrounded."""
    stacks = {n: "B" for n in ("d2", "d3", "e2", "e4", "f3", "f4")}
    s = pos(picture(e3="W", c3="D", **stacks), turn=0)
    assert is_surrounded(s.board, INDEX["e3"]) and legal(s) == ["pass"]
    assert stack_moves(s.board, INDEX["e3"]) == []
    # an edge space with every on-board neighbour occupied can still move
    s = pos(picture(a1="W", a2="B", b1="B", b2="D"), turn=0)
    assert not is_surrounded(s.board, INDEX["a1"]) and legal(s) == ["a1a2", "a1b1", "a1b2"]
    # at the start of phase 2 only edge pieces move
    s = pos(BALANCED)
    assert all(not INTERIOR[INDEX[a.notation[:2]]] for a in s.legal_actions())


def test_N12_lone_dvonn_never_moves_but_dvonn_stacks_do():
    """N12: a lone DVONN piece never moves; a stack holding one moves under its top colour."""
    board = pos(picture(e3="D", e4="W")).board
    assert stack_moves(board, INDEX["e3"]) == [] and player_moves(board, 0) == [(INDEX["e4"], INDEX["e3"])]
    s = pos(picture(e3="DW", e4="B", e5="B", f3="D"), turn=0)
    assert legal(s) == ["e3e5"]
    play(s, "e3e5")
    assert s.board[INDEX["e5"]] == "BDW"


def test_N13_disconnected_stacks_leave_the_game():
    """N13: after a move, everything not linked to a DVONN piece is removed, whoever moved."""
    # White moves a1 onto b1 and thereby cuts off its own piece on a3 and black's a2... only what loses
    # every chain to a DVONN piece goes
    s = pos(picture(a1="W", b1="B", c1="D", a3="W", a2="B", k5="D", k4="B"), turn=0)
    assert legal(s) == ["a1a2", "a1b1", "a3a2"]
    before = list(s.removed)
    play(s, "a1b1")
    assert s.board[INDEX["b1"]] == "BW" and s.board[INDEX["a2"]] == "" and s.board[INDEX["a3"]] == ""
    assert s.removed == [before[0] + 1, before[1] + 1] and s.last[2] == ((INDEX["a2"], "B"), (INDEX["a3"], "W"))
    obs = s.observation(None)
    assert obs["last"]["removed"] == [["a2", "B"], ["a3", "W"]]
    # a DVONN piece on its own stays (it is linked to itself)
    board = pos(picture(e3="D", g3="D", k5="D", k4="W")).board
    assert remove_disconnected(list(board)) == [] and INDEX["e3"] in linked_cells(board)
    b2 = list(board)
    assert move_stack(b2, INDEX["k4"], INDEX["k5"]) == [] and b2[INDEX["k5"]] == "DW"


def test_N14_removed_pieces_are_counted_and_stay_out():
    """N14: removed pieces are counted per colour and never come back."""
    s = pos(picture(a1="W", b1="B", c1="D", a3="W", a2="B", k5="D", k4="B"), turn=0, removed=(21, 20))
    play(s, "a1b1")
    assert s.removed == [22, 21] and s.observation(None)["removed"] == [22, 21]
    joined = "".join(s.board)
    assert joined.count("W") + s.removed[0] == 23 and joined.count("B") + s.removed[1] == 23
    for a in legal(s):  # nothing ever lands on (or returns to) the emptied spaces
        assert "a2" not in a[2:] and "a3" not in a[2:]


STUCK = dict(f3="BW", f4="D", h3="D", a1="BB", a2="D")
"""Black's a1 stack (two high) has nothing two spaces away; White's f3 stack can only jump onto h3."""


def test_N15_pass_only_without_a_move():
    """N15: a player with a move may not pass; one without passes (only then) and must move again later."""
    s = pos(BALANCED)
    with pytest.raises(IllegalAction):
        s.apply("pass")
    s = pos(picture(**STUCK), turn=1)
    assert legal(s) == ["pass"] and s.observation(None)["status"] == "pass"
    play(s, "pass")
    assert s.current_player() == 0 and s.observation(None)["last"]["action"] == "pass"
    assert legal(s) == ["f3h3"]
    # Black's e3 is surrounded: Black passes; White's move frees it, so Black must move again
    s = pos(picture(e3="B", d2="W", d3="D", e2="W", e4="W", f3="D", f4="W"), turn=1)
    assert legal(s) == ["pass"]
    play(s, "pass", "e4f4")
    assert legal(s) == ["e3d2", "e3d3", "e3e2", "e3f3", "e3f4"]


def test_N16_game_ends_when_neither_can_move():
    """N16: the game ends only when neither player can move, not when one side is stuck."""
    s = pos(picture(**STUCK), turn=1)
    assert not s.is_terminal()
    play(s, "pass", "f3h3")
    assert s.is_terminal() and s.current_player() == TERMINAL and s.legal_actions() == []
    with pytest.raises(IllegalAction, match="game is over"):
        s.apply("pass")


def test_N17_score_counts_pieces_in_controlled_stacks():
    """N17: score = all pieces in the stacks a player controls, DVONN included; lone DVONN for nobody."""
    board = pos(picture(e3="WBDW", f3="D", g3="BWB", a1="D", a2="W")).board
    assert scores(board) == [5, 3]
    s = pos(picture(**STUCK), turn=1)
    assert s.scores() == [2, 2]
    play(s, "pass", "f3h3")
    assert s.scores() == [3, 2] and s.observation(None)["score"] == [3, 2]


def test_N18_higher_score_wins_equal_is_a_draw():
    """N18: the higher score wins (+1/-1); equal scores draw (0/0)."""
    s = play(pos(picture(**STUCK), turn=1), "pass", "f3h3")
    assert s.returns() == [1.0, -1.0] and s.winner() == 0 and s.observation(None)["winner"] == 0
    s = play(pos(picture(**dict(STUCK, a1="BBB")), turn=1), "pass", "f3h3")
    assert s.is_terminal() and s.scores() == [3, 3] and s.returns() == [0.0, 0.0]
    assert s.observation(None)["draw"] and s.winner() is None
    s = play(pos(picture(**dict(STUCK, a1="BBBB")), turn=1), "pass", "f3h3")
    assert s.scores() == [3, 4] and s.returns() == [-1.0, 1.0] and s.winner() == 1


def test_N19_notation_and_codecup_case():
    """N19: placements `e3`, moves `a1b2`, `pass`; CodeCup's upper case is read too."""
    s = new()
    play(s, "E3")
    assert s.history == ["e3"]
    s = pos(BALANCED)
    play(s, "A1B2")
    assert s.history[-1] == "a1b2"
    a = s.legal_actions()[0]
    assert a.targets == (a.notation[:2], a.notation[2:]) and a.select == "sequence"
    t = pos(picture(**STUCK), turn=1)
    play(t, "PASS")
    assert t.history == ["pass"] and t.current_player() == 0


def test_N20_transcripts_leave_out_the_forced_placement():
    """N20: a Little Golem transcript drops the 49th placement; reading it puts the placement back."""
    from pygames.dvonn.notation import format_transcript, parse_transcript
    acts = BALANCED_PLACEMENTS + ["a1b2", "c5c4"]
    text = format_transcript(acts)
    assert "k3" not in text.split() and text.startswith("1. b1 f3 2. j5 a3") and "25. a1b2 c5c4" in text
    assert parse_transcript(text) == acts
    assert parse_transcript(text.upper()) == acts


def test_every_rule_has_a_test():
    """Every rule id of docs/rules/dvonn.md is named (word-bounded) by a test of tests/dvonn."""
    root = Path(__file__).resolve().parents[2]
    ids = re.findall(r"^- \*\*(N\d+)\*\*", (root / "docs/rules/dvonn.md").read_text(), re.M)
    assert ids == [f"N{k}" for k in range(1, len(ids) + 1)] and len(ids) >= 20
    text = "".join(p.read_text() for p in Path(__file__).parent.glob("test_*.py"))
    missing = [i for i in ids if not re.search(rf"\b{i}\b", text.replace(f'"{i}"', ""))]
    assert not missing


def test_n21_every_game_ends_within_145_actions():
    """N21: 49 placements, at most 48 moves (each lowers the number of stacks by at least one) and no
    more passes than moves (a pass is always followed by a move): checked over random games, both
    options."""
    import random as rnd

    from pygames.dvonn import MAX_GAME_LENGTH

    from .helpers import GAME
    assert MAX_GAME_LENGTH == 145 == GAME.max_length({}) == GAME.max_length({"random_board": True})
    for seed in range(40):
        s = GAME.new_initial_state({"random_board": seed % 2 == 1})
        rng = rnd.Random(seed)
        while not s.is_terminal():
            before = sum(1 for x in s.board if x)
            acts = s.legal_actions() if not s.is_chance_node() else [a for a, _ in s.chance_outcomes()]
            a = rng.choice(acts)
            s.apply(a)
            if len(a.notation) == 4 and a.notation != "pass":
                assert sum(1 for x in s.board if x) < before
        moves = [n for n in s.history if len(n) == 4 and n != "pass"]
        passes = [k for k, n in enumerate(s.history) if n == "pass"]
        assert len(moves) <= 48 and len(passes) <= len(moves)
        assert all(k + 1 < len(s.history) and s.history[k + 1] in moves for k in passes)
        assert len(s.history) <= MAX_GAME_LENGTH
