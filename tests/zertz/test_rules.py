"""ZÈRTZ rule tests: each test names the rule id of docs/rules/zertz.md it checks."""
import pytest

from pygames.core import TERMINAL, IllegalAction, InvalidOption, InvalidState
from pygames.zertz import logic
from pygames.zertz.rules import layout

from .helpers import GAME, legal, play, pos

RIM37 = ["a1", "a2", "a3", "a4", "b1", "b5", "c1", "c6", "d1", "d7", "e1", "e6", "f1", "f5", "g1", "g2", "g3",
         "g4"]


def start(**options):
    return GAME.new_initial_state(options)


def test_Z1_board_sizes_and_rings_never_return():
    """Z1: 37, 48 or 61 rings; a removed ring never comes back."""
    for size in (37, 48, 61):
        s = start(board=f"{size} rings")
        assert len(s.ring) == size and all(s.ring)
    with pytest.raises(InvalidOption):
        start(board="40 rings")
    s = play(start(), "Wd4,a1")
    assert not s.ring[s.L.index["a1"]]
    assert not any(a.notation.endswith("a1") or "a1," in a.notation for a in s.legal_actions())


def test_Z2_official_coordinates_of_the_full_layout():
    """Z2: columns a.. from the left, rings counted from the bottom; names survive removals."""
    cols = {37: [4, 5, 6, 7, 6, 5, 4], 48: [5, 6, 7, 8, 7, 6, 5, 4], 61: [5, 6, 7, 8, 9, 8, 7, 6, 5]}
    for size, heights in cols.items():
        lay = layout(size)
        for k, h in enumerate(heights):
            letter = "abcdefghi"[k]
            assert [n for n in lay.names if n[0] == letter] == [f"{letter}{i}" for i in range(1, h + 1)]
    lay = layout(37)
    nb = {lay.names[j] for j in lay.nb[lay.index["d4"]] if j >= 0}
    assert nb == {"c3", "c4", "d3", "d5", "e3", "e4"}
    nb = {lay.names[j] for j in lay.nb[lay.index["a1"]] if j >= 0}
    assert nb == {"a2", "b1", "b2"}
    s = play(start(), "Wd4,a1", "Gd5,a2")
    assert s.observation(None)["names"][:2] == ["a1", "a2"] and s.board_string()[:2] == "--"


def test_Z3_pools_standard_and_blitz():
    """Z3: standard pool 6/8/10, Blitz 5/7/9, shared by both players."""
    assert start().pool == [6, 8, 10] and start(pool="blitz").pool == [5, 7, 9]
    s = play(start(), "Wd4,a1")
    assert s.pool == [5, 8, 10]
    s.apply("Wc1,g4")  # the second player takes from the same pool
    assert s.pool == [4, 8, 10]


def test_Z3_blitz_on_48_or_61_rings_is_a_house_combination():
    """Z3 (RULINGS "DVONN and ZÈRTZ" 3): the pool option's help labels Blitz on 48 or 61 rings a house
    combination, the rules page says so, and the default options are the official game."""
    from pathlib import Path

    from pygames.core import get_game
    g = get_game("zertz")
    pool = next(o for o in g.options if o.name == "pool")
    assert "house combination" in pool.help and "37 rings only" in pool.help
    assert g.validate_options({}) == {"board": "37 rings", "pool": "standard"}
    page = (Path(__file__).parents[2] / "docs" / "rules" / "zertz.md").read_text()
    z3 = page[page.index("- **Z3**"):page.index("- **Z4**")]
    assert "house combination" in z3 and "48 or" in z3


def test_Z4_first_player_then_alternate():
    """Z4: Player 1 moves first, then turns alternate; a turn is one action."""
    s = start()
    assert s.current_player() == 0
    s.apply("Bd4,a1")
    assert s.current_player() == 1
    s.apply("Bd1,g4")
    assert s.current_player() == 0


def test_Z5_any_colour_on_any_vacant_ring():
    """Z5: any pool colour on any vacant ring."""
    s = start()
    placed = {(a.notation[0], a.notation[1:].split(",")[0]) for a in s.legal_actions()}
    assert placed == {(c, r) for c in "WGB" for r in s.L.names}
    s = pos({"d4": "W"})
    assert not any(a.notation[1:3] == "d4" for a in s.legal_actions())


def test_Z6_free_rings():
    """Z6: free = vacant with two adjacent neighbour positions missing; the rim at the start."""
    assert sorted(start().observation(None)["free"]) == sorted(RIM37)
    assert len(start(board="48 rings").free()) == 21 and len(start(board="61 rings").free()) == 24
    lay = layout(37)
    b2 = lay.index["b2"]
    s = pos(removed=["a1", "b1"])  # two neighbours next to each other around b2
    assert logic.is_free(s.ring, s.marbles, lay.nb, b2)
    s = pos(removed=["a1", "c3"])  # two neighbours of b2 that are not next to each other
    assert not logic.is_free(s.ring, s.marbles, lay.nb, b2)
    s = pos({"a1": "W"})  # occupied rings are never free
    assert "a1" not in s.observation(None)["free"]


def test_Z7_place_then_remove_one_free_ring():
    """Z7: a placement removes one free ring, never the ring just filled nor a fixed one."""
    s = start()
    acts = legal(s)
    assert "Wd4,a1" in acts and "Wd4,c3" not in acts and "Wa1,a1" not in acts and "Wa1,a2" in acts
    assert "Wd4" not in acts  # a free ring exists, so removing one is part of the turn
    play(s, "Wd4,a1")
    assert s.marbles[s.L.index["d4"]] == 1 and not s.ring[s.L.index["a1"]]


def test_Z8_no_free_ring_no_removal():
    """Z8: with no free ring after the placement, nothing is removed."""
    rim = dict(zip(RIM37, "GGGGGGGGBBBBBBBBBB"))
    s = pos(rim)
    acts = legal(s)
    inner = sorted(set(layout(37).names) - set(RIM37))
    assert acts == sorted(f"W{r}" for r in inner)
    play(s, "Wd4")
    assert sum(s.ring) == 37
    # the only free ring (a1) is the one being filled: no removal either
    rim = dict(zip([r for r in RIM37 if r not in ("a1", "a2", "b1")], "GGGGGGGGBBBBBBB"))
    s = pos(rim, removed=["a2", "b1"])
    assert s.observation(None)["free"] == ["a1"]
    acts = legal(s)
    assert "Wa1" in acts and "Ba1" in acts and "Wd4,a1" in acts and "Wd4" not in acts


def test_Z9_capture_is_compulsory_and_taken_by_the_mover():
    """Z9: when a jump exists only captures are legal; the jumped marble goes to the mover."""
    s = play(start(), "Wd4,a1", "Gd5,g4")
    assert legal(s) == ["x d4Gd6", "x d5Wd3"]
    s.apply("x d4Gd6")
    assert s.captures[0] == [0, 1, 0] and s.board_string().count("G") == 0
    assert s.marbles[s.L.index["d6"]] == 1 and not s.marbles[s.L.index["d4"]]


def test_Z10_jump_sequence_must_continue():
    """Z10: a marble that can jump again must go on."""
    s = pos({"c4": "W", "d4": "G", "e4": "B"})
    acts = legal(s)
    assert "x c4Ge3" not in acts
    s = pos({"c4": "W", "d4": "G", "e4": "B"})
    # W c4 over G d4 lands on e3, then must jump B e4 to e5
    assert "x c4Ge3Be5" in legal(s)
    assert all(a.startswith("x ") for a in legal(s))
    s.apply("x c4Ge3Be5")
    assert s.captures[0] == [0, 1, 1] and s.marbles[s.L.index["e5"]] == 1


def test_Z11_any_capture_may_be_chosen():
    """Z11: sequences of different lengths and different marbles are all legal."""
    s = pos({"c4": "W", "d4": "G", "e4": "B"})
    acts = legal(s)
    assert "x c4Ge3Be5" in acts  # two marbles
    assert "x d4Wb4" in acts  # one marble, another jumping marble
    assert len({a.split()[1][:2] for a in acts}) >= 2


def test_Z12_capture_places_nothing_removes_nothing():
    """Z12: a capture leaves the pool and the rings alone."""
    s = play(start(), "Wd4,a1", "Gd5,g4")
    rings, pool = sum(s.ring), list(s.pool)
    s.apply("x d5Wd3")
    assert sum(s.ring) == rings and s.pool == pool


def test_Z13_win_judged_after_the_whole_sequence():
    """Z13: a sequence goes on even after its first hop completes a winning set; the win comes after."""
    s = pos({"c4": "W", "d4": "W", "e4": "G"}, captures=[[3, 0, 0], [0, 0, 0]])
    acts = legal(s)
    assert "x c4We3Ge5" in acts and "x c4We3" not in acts
    s.apply("x c4We3Ge5")
    assert s.captures[0] == [4, 1, 0] and s.is_terminal() and s.returns() == [1.0, -1.0]


def test_Z14_isolation_by_removal():
    """Z14: removing a ring that cuts off a full group captures it for the mover."""
    s = pos({"a1": "W"}, removed=["a2", "b2"])  # a1 hangs on b1 only
    acts = legal(s)
    assert "Gd4,b1 x Wa1" in acts and "Gd4,b1" not in acts
    s.apply("Gd4,b1 x Wa1")
    assert s.captures[0] == [1, 0, 0] and not s.ring[s.L.index["a1"]] and not s.marbles[s.L.index["a1"]]


def test_Z14_isolation_by_filling_a_cut_off_group():
    """Z14: filling the last vacant ring of a cut-off group captures it, the placed marble too."""
    s = pos(removed=["a2", "b1", "b2"])  # a1 is a group of its own, vacant
    acts = legal(s)
    assert "Wa1,d1 x Wa1" in acts and "Wd4,a1" in acts  # filled, or simply removed
    s.apply("Wa1,d1 x Wa1")
    assert s.captures[0] == [1, 0, 0] and not s.ring[s.L.index["a1"]]


def test_Z14_cut_off_group_with_a_vacant_ring_stays():
    """Z14: a cut-off group that still has a vacant ring stays in play."""
    s = pos({"a1": "W"}, removed=["a3", "b1", "b2", "b3"])  # {a1, a2} cut off, a2 vacant
    acts = legal(s)
    assert "Gd4,d1" in acts
    s.apply("Gd4,d1")
    assert s.ring[s.L.index["a1"]] and s.marbles[s.L.index["a1"]] == 1
    assert "Ba2,g4 x Wa1Ba2" in legal(s)


def test_Z15_winning_sets_standard_and_blitz():
    """Z15: 4W/5G/6B/3 each (standard), 3W/4G/5B/2 each (Blitz)."""
    from pygames.zertz.rules import wins_with
    assert wins_with([4, 0, 0], "standard") and wins_with([0, 5, 0], "standard")
    assert wins_with([0, 0, 6], "standard") and wins_with([3, 3, 3], "standard")
    assert not wins_with([2, 4, 5], "standard") and not wins_with([3, 3, 2], "standard")
    assert wins_with([3, 0, 0], "blitz") and wins_with([0, 4, 0], "blitz") and wins_with([0, 0, 5], "blitz")
    assert wins_with([2, 2, 2], "blitz") and not wins_with([1, 3, 4], "blitz")
    s = pos({"d4": "G", "d5": "W"}, captures=[[2, 0, 0], [0, 0, 0]], pool="blitz")
    assert not s.is_terminal()
    s.apply("x d4Wd6")
    assert s.captures[0] == [3, 0, 0] and s.result == 0 and s.reason == "set"


def test_Z16_all_rings_filled_last_mover_wins():
    """Z16: filling the last ring wins and takes the marbles on the board."""
    keep = {"a1", "a2"}
    s = pos({"a1": "W"}, removed=[r for r in layout(37).names if r not in keep])
    assert legal(s) == ["Ba2 x Wa1Ba2", "Ga2 x Wa1Ga2", "Wa2 x Wa1Wa2"]
    s.apply("Ga2 x Wa1Ga2")
    assert s.result == 0 and s.reason == "filled" and not any(s.ring)
    assert s.captures[0] == [1, 1, 0] and s.returns() == [1.0, -1.0]


def _third_class(size=61):
    """Cells no two of which are neighbours ((x + y) % 3 == 0), by name."""
    lay = layout(size)
    return [lay.names[i] for i, (x, y) in enumerate(lay.board.cells) if (x + y) % 3 == 0]


def test_Z17_empty_pool_place_own_captures():
    """Z17: with the pool empty a player places their own captured marbles, any colour they hold."""
    cells = _third_class()
    board = dict(zip(cells, "WWWWGGGGGGGGBBBB"))
    s = pos(board, captures=[[1, 0, 4], [1, 0, 2]], board="61 rings")
    assert s.pool == [0, 0, 0]
    assert {a[0] for a in legal(s)} == {"W", "B"}
    free = cells[16]
    s.apply(next(a for a in legal(s) if a.startswith("B" + free + ",")))
    assert s.captures[0] == [1, 0, 3] and s.pool == [0, 0, 0]


def test_Z18_player_who_can_do_nothing_loses():
    """Z18: no capture, empty pool and no captured marble: that player loses."""
    cells = _third_class()
    board = dict(zip(cells, "WWWWGGGGBBBBB"))
    s = pos(board, captures=[[2, 4, 5], [0, 0, 0]], board="61 rings")
    assert s.pool == [0, 0, 0] and s.current_player() == 0
    target = cells[13]
    s.apply(next(a for a in legal(s) if a.startswith("G" + target + ",")))
    assert s.result == 0 and s.reason == "stuck" and s.current_player() == TERMINAL
    assert s.returns() == [1.0, -1.0]
    bad = s.to_json()
    bad["state"].update(result=None, reason="")
    with pytest.raises(InvalidState):
        type(s).from_json(bad)


def test_Z19_third_repetition_is_a_draw():
    """Z19: the third occurrence of a position (pool empty) is a draw; none counted before."""
    s = start()
    play(s, "Wd4,a1")
    assert s.seen == {}  # the pool still holds marbles: nothing can repeat
    cells = _third_class()
    lay = layout(61)
    c0 = lay.index[cells[5]]
    extra = lay.names[lay.nb[c0][0]]  # a neighbour: the marble on cells[5] can jump it
    board = dict(zip(cells, "WWWWGGGGGGGGBBB"))
    board[extra] = "B"
    s = pos(board, captures=[[1, 0, 2], [1, 0, 4]], board="61 rings")
    a = s.legal_actions()[0]
    assert a.notation.startswith("x ")  # a capture changes no ring, so earlier positions stay counted
    child = s.child(a)
    assert child.seen == {child.position_key(): 1}
    data = s.to_json()
    data["state"]["seen"] = {child.position_key(): 2}
    s2 = type(s).from_json(data)
    s2.apply(a.notation)
    assert s2.result == "draw" and s2.reason == "repetition" and s2.returns() == [0.0, 0.0]


def test_Z20_official_notation_examples():
    """Z20: Wd4,d1 / Wd4 / x d1Gd3Wd5 / Bd7,b2 x Wa1Wa2 are the action notations."""
    s = start()
    assert "Wd4,d1" in legal(s)
    s = pos({"d1": "W", "d2": "G", "d4": "W"}, removed=[])
    assert "x d1Gd3Wd5" in legal(s)
    s = pos({"a1": "W", "a2": "W"}, removed=["a3", "b1", "b2", "b4"])  # {a1, a2} hangs on b3 only
    assert "Bd7,b3 x Wa1Wa2" in legal(s)
    with pytest.raises(IllegalAction):
        s.apply("Bd7, b3")


def test_Z21_targets_colour_ring_free_ring_and_hops():
    """Z21: a placement is clicked colour, ring, free ring; a jump start then each landing ring (the
    jumped marble when a landing repeats)."""
    s = start()
    a = s.find_action("Wd4,d1")
    assert a.targets == ("take-W", "d4", "d1")
    s = pos({"d4": "W", "e3": "G", "f3": "G", "e4": "B"})
    loops = [a for a in s.legal_actions() if a.notation.startswith("x d4") and a.notation.endswith("d4")]
    assert loops
    for a in loops:
        assert len(set(a.targets)) == len(a.targets) and a.targets[0] == "d4"
    b = s.find_action("x d4Gf2Gf4Bd4")
    assert b.targets == ("d4", "f2", "f4", "e4")


def test_Z21_drawing_has_the_click_targets():
    """Z21: the drawing carries every target of the legal actions (rings and the colours to take), and
    removed rings are drawn as gaps without a target."""
    s = play(start(), "Wd4,a1", "Gd5,g4", "x d4Gd6")
    svg = GAME.draw_svg(s.observation(0))
    for a in s.legal_actions()[:50]:
        for t in a.targets:
            assert f'data-target="{t}"' in svg
    assert 'id="a1"' in svg and 'data-target="a1"' not in svg
    s = pos({"d1": "W"}, captures=[[0, 0, 0], [0, 0, 0]], board="61 rings")
    assert 'data-target="take-B"' in GAME.draw_svg(s.observation(None))


def test_Z22_length_bound_from_the_pool_and_the_repetition_rule():
    """Z22: the bound is 2n turns while the pool lasts plus 2Q + 1 after it, Q = 2 * 5**R * H positions;
    and while the pool holds marbles no game takes more than 2n turns (checked over random games)."""
    import random as rnd

    from pygames.core import get_game
    g = get_game("zertz")
    assert g.max_length({}) == 2 * 24 + 2 * (2 * 5 ** 37 * 7 * 9 * 11) + 1
    assert g.max_length({"board": "61 rings", "pool": "blitz"}) == 2 * 21 + 2 * (2 * 5 ** 61 * 6 * 8 * 10) + 1
    for seed in range(30):
        opts = {"board": ("37 rings", "48 rings", "61 rings")[seed % 3], "pool": ("standard", "blitz")[seed % 2]}
        s = g.new_initial_state(opts)
        n = sum(s.pool)
        rng = rnd.Random(seed)
        turns_with_pool = 0
        while not s.is_terminal():
            if any(s.pool):
                turns_with_pool += 1
            s.apply(rng.choice(s.legal_actions()))
        assert turns_with_pool <= 2 * n
        assert len(s.history) <= g.max_length(opts)
