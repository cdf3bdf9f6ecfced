"""Zoon rule tests: each test names the rule id of docs/rules/zoon.md it checks."""
import random

import pytest

from pygames.core import IllegalAction, InvalidOption, get_game
from pygames.zoon.rules import CELL, HOME, MAX_EDITS, combat_value, outcome, step
from pygames.zoon.tribes import STAR, X

from .helpers import GAME, at, legal, play, pos

BOARIX_EMBLEM = {"a1": "Sacrechêne"}
MONKUS_EMBLEM = {"f6": "Queen Mary"}


def deployed(options=None, seed=0):
    """A game after both players confirmed their dealt arrangement (chance outcomes seeded)."""
    s = GAME.new_initial_state(dict({"first": "south"}, **(options or {})))
    rng = random.Random(seed)
    while s.phase != "turn":
        if s.is_chance_node():
            outs = s.chance_outcomes()
            s.apply(outs[rng.randrange(len(outs))][0])
        else:
            s.apply("ready")
    return s


def test_zn1_two_players_any_tribes_mirror_allowed():
    """ZN1: two players, a tribe each from the four, mirror matches allowed, unknown tribes refused."""
    s = GAME.new_initial_state({"south": "warus", "north": "warus"})
    assert s.num_players == 2 and s.tribes == ["warus", "warus"]
    with pytest.raises(InvalidOption):
        GAME.new_initial_state({"south": "martians"})


def test_zn3_board_and_frames():
    """ZN3: cells a1..f6; forward is up the rows for South and down for North; the edge ends a step."""
    assert CELL[0] == "a1" and CELL[35] == "f6"
    assert CELL[step(0, 8, 0, 1)] == "c3" and CELL[step(1, 26, 0, 1)] == "c4"
    assert CELL[step(0, 8, 1, 0)] == "d2" and CELL[step(1, 26, 1, 0)] == "b5"  # the owner's right
    assert step(0, 0, -1, 0) == -1
    s = pos({"c3": "Kassin A1", **BOARIX_EMBLEM}, {"c4": "Bouga A1", **MONKUS_EMBLEM})
    assert "c3xc4" in legal(s) and "c3-c2" in legal(s)
    s = pos({"c3": "Kassin A1", **BOARIX_EMBLEM}, {"c5": "Bouga A1", **MONKUS_EMBLEM}, turn="north")
    assert {"c5-c4", "c5xc3", "c5-b5", "c5-d5", "c5-c6"} <= set(legal(s))


def test_zn4_first_player_random_or_chosen():
    """ZN4: who starts is a chance node (½ each) unless the option names a side."""
    s = GAME.new_initial_state()
    assert s.is_chance_node() and sorted((a.notation, p) for a, p in s.chance_outcomes()) == [
        ("north starts", 0.5), ("south starts", 0.5)]
    s = deployed({"first": "north"})
    assert s.current_player() == 1


def test_zn5_secret_deployment_swaps_random_ready_and_limit():
    """ZN5: a random deal face down onto the home rows (the Emblem in the back row), then swaps (pick two
    cells), new random arrangements and ready, South then North, at most 24 changes."""
    s = GAME.new_initial_state({"first": "south"})
    outs = s.chance_outcomes()
    assert [a.notation for a, _ in outs] == [f"deal S Sacrechêne {c}1" for c in "abcdef"]
    s.apply("deal S Sacrechêne d1")
    outs = s.chance_outcomes()
    assert len(outs) == 11 and all(a.notation.startswith("deal S ") for a, _ in outs)
    while s.is_chance_node():
        s.apply(s.chance_outcomes()[0][0])
    assert s.phase == "arrange" and s.current_player() == 0 and at(s, "d1") == (0, "Sacrechêne")
    assert sorted(s.pos[0]) == sorted(HOME[0])
    acts = legal(s)
    assert "ready" in acts and "random" in acts and len(acts) == 2 + 12
    a1, b2 = at(s, "a1"), at(s, "b2")
    s.apply("pick a1")
    assert len(legal(s)) == 12 and "keep a1" in legal(s) and s.observation(0)["picked"] == "a1"
    assert s.observation(1)["picked"] is None
    s.apply("swap a1 b2")
    assert at(s, "a1") == b2 and at(s, "b2") == a1
    s.apply("random")
    assert s.is_chance_node() and s.chance_outcomes()[0][0].notation.startswith("deal S Sacrechêne ")
    while s.is_chance_node():
        s.apply(s.chance_outcomes()[-1][0])
    for _ in range(MAX_EDITS - 2):
        play(s, "pick a1", "swap a1 b1")
    assert legal(s) == ["ready"]
    # North never sees South's arrangement, South's deal reads "?" in North's move list
    obs = s.observation(1)
    assert all(obs["cells"][c] == {"owner": 0, "hidden": True} for c in HOME[0])
    assert all(h == "deal S ?" or not h.startswith("deal") for h in s.public_history(1))
    s.apply("ready")
    assert s.is_chance_node() and s.chance_outcomes()[0][0].notation.startswith("deal N Queen Mary ")
    assert {a.notation[-2:] for a, _ in s.chance_outcomes()} == {f"{c}6" for c in "abcdef"}


def test_zn6_front_rows_revealed_heads():
    """ZN6: once both are ready the two front rows are face up on heads, the back rows face down."""
    s = deployed()
    for p, (front, back) in enumerate(((1, 0), (4, 5))):
        for i in range(12):
            r = s.pos[p][i] // 6
            assert s.up[p][i] == (r == front)
            assert s.coin[p][i] == 0


def test_zn7_who_sees_what():
    """ZN7: face-down Zoons are backs to the opponent, visible to their owner; hands are hidden."""
    s = deployed()
    mine, theirs = s.observation(0), s.observation(1)
    for c in HOME[0][:6]:
        assert mine["cells"][c]["hidden"] is False and mine["cells"][c]["up"] is False
        assert theirs["cells"][c] == {"owner": 0, "hidden": True}
    assert len(mine["trumps"][0]["hand"]) == 3 and theirs["trumps"][0]["hand"] == []
    assert theirs["trumps"][0]["hand_count"] == 3
    spectator = s.observation(None)
    assert all(spectator["cells"][c] == {"owner": 0, "hidden": True} for c in HOME[0][:6])


def test_zn8_move_or_trump_and_no_action_loses():
    """ZN8: a turn is one move or one trump; a player with no legal action at the start of the turn loses."""
    s = pos({"c3": "Kassin A1", **BOARIX_EMBLEM}, {"c5": "Bouga A1", **MONKUS_EMBLEM})
    acts = legal(s)
    assert "c3-c4" in acts and "wall c4" in acts
    s.apply("c3-c4")
    assert s.current_player() == 1
    stuck = pos(BOARIX_EMBLEM, {"c5": "Bouga A1", **MONKUS_EMBLEM}, hands={"south": []})
    assert stuck.is_terminal() and stuck.returns() == [-1.0, 1.0] and "cannot act" in stuck.result


def test_zn9_walking_trajectory_needs_first_cell_empty():
    """ZN9: a two-cell walk reaches its second cell only through an empty first cell."""
    s = pos({"c2": "Grognard A1", **BOARIX_EMBLEM}, MONKUS_EMBLEM)
    assert {"c2-b3", "c2-a4", "c2-d3", "c2-e4"} <= set(legal(s))
    s = pos({"c2": "Grognard A1", "b3": "Kassin A1", **BOARIX_EMBLEM}, MONKUS_EMBLEM)
    assert "c2-a4" not in legal(s) and "c2-e4" in legal(s)
    s = pos({"c2": "Grognard A1", **BOARIX_EMBLEM}, {"b3": "Bouga A1", "a4": "Bouga A2", **MONKUS_EMBLEM})
    assert "c2xb3" in legal(s) and "c2xa4" not in legal(s)  # the walk stops at the first Zoon


def test_zn10_special_cell_jumps_over():
    """ZN10: King's special cell two ahead is reached over a Zoon in between."""
    s = pos({"c3": "Kassin A1", **BOARIX_EMBLEM}, {"c5": "King", "c4": "Bouga A1", **MONKUS_EMBLEM},
            turn="north")
    assert "c5-c3" not in legal(s) and "c5xc3" in legal(s)
    s = pos({"a1": "Sacrechêne"}, {"c5": "King", "c4": "Bouga A1", **MONKUS_EMBLEM}, turn="north")
    assert "c5-c3" in legal(s)


def test_zn11_never_on_friends_or_obstacles_immobile_emblems():
    """ZN11: no move onto a friendly Zoon or an obstacle; the Emblem without a grid never moves; Queen
    Mary walks sideways."""
    s = pos({"c3": "Kassin A1", "c4": "Kassin A2", **BOARIX_EMBLEM}, MONKUS_EMBLEM)
    assert "c3-c4" not in legal(s) and not any(a.startswith("a1") for a in legal(s))
    s = pos({"c3": "Kassin A1", **BOARIX_EMBLEM}, {"c6": "Queen Mary", "a6": "Bouga A1"}, turn="north")
    assert {"c6-b6", "c6-d6", "c6-e6"} <= set(legal(s)) and "c6-a6" not in legal(s)


def test_zn12_attack_starts_combat():
    """ZN12: ending on an enemy Zoon is an attack: the move stops and a combat (dice) follows."""
    s = pos({"c3": "Kassin A1", **BOARIX_EMBLEM}, {"c4": "Bouga A1", **MONKUS_EMBLEM})
    s.apply("c3xc4")
    assert s.is_chance_node() and len(s.chance_outcomes()) == 36 and at(s, "c3") == (0, "Kassin A1")


def test_zn13_face_down_revealed_by_combat_or_leaving_back_row():
    """ZN13: a face-down Zoon turns face up when it fights or leaves its back row, not on a lateral move."""
    s = pos({"c1": "Kassin A1", "d1": "Kassin A2", **BOARIX_EMBLEM}, {"c2": "Bouga A1", **MONKUS_EMBLEM},
            down=["c1", "d1"])
    s.apply("d1-e1")
    assert s.up[0][8] is False
    s = pos({"c1": "Kassin A1", **BOARIX_EMBLEM}, {"d2": "Bouga A1", **MONKUS_EMBLEM}, down=["c1"])
    s.apply("c1-c2")
    assert s.up[0][7] is True
    s = pos({"c1": "Kassin A1", **BOARIX_EMBLEM}, {"c2": "Bouga A1", **MONKUS_EMBLEM}, down=["c1"],
            turn="north")
    s.apply("c2xc1")
    assert s.up[0][7] and s.observation(1)["cells"][2]["name"] == "Kassin"


def test_zn14_heads_top_pair_tails_bottom_pair():
    """ZN14: heads = TL + TR, tails = BR + BL (Grognard A: 3+4 on heads, 2+1 on tails)."""
    s = pos({"c3": "Grognard A1", **BOARIX_EMBLEM}, {"c4": "Bouga A1", **MONKUS_EMBLEM})
    play(s, "c3xc4", "dice 1-6")
    assert s.last["a"]["value"] == 7 and s.last["d"]["value"] == 3
    s = pos({"c3": "Grognard A1", **BOARIX_EMBLEM}, {"c4": "Bouga A1", **MONKUS_EMBLEM}, tails=["c3", "c4"])
    play(s, "c3xc4", "dice 1-6")
    assert s.last["a"]["value"] == 3 and s.last["d"]["value"] == 1


def test_zn15_star_takes_the_higher_opposite_number():
    """ZN15: a lone Star counts the higher printed number opposite; Stars on both sides count 0."""
    assert combat_value((STAR, 2), (3, 1)) == (5, ["★→3"])
    assert combat_value((STAR, STAR), (2, 1)) == (4, ["★→2", "★→2"])
    assert combat_value((STAR, 2), (STAR, 4)) == (2, ["★→0"])
    assert combat_value((STAR, 0), (X, 0))[0] == 0  # only printed numbers are read
    s = pos({"c3": "Cloboulon", **BOARIX_EMBLEM}, {"c4": "Bouga A1", **MONKUS_EMBLEM}, tails=["c3"])
    play(s, "c3xc4", "dice 1-6")
    assert s.last["a"]["pair"] == ["★", "2"] and s.last["a"]["value"] == 4 and s.last["a"]["notes"] == ["★→2"]


def test_zn16_x_takes_the_lower_opposite_number():
    """ZN16: a lone X counts the lower printed number opposite; Xs on both sides count 0."""
    assert combat_value((X, 0), (4, 2)) == (2, ["X→2"])
    assert combat_value((0, X), (X, 3)) == (0, ["X→0"])
    assert combat_value((X, 0), (STAR, 5)) == (5, ["X→5"])


def test_zn17_fury_doubles_tortoise_adds_one():
    """ZN17: Furie doubles the moved Soldier's value, Tortue adds 1, for that turn."""
    s = pos({"c3": "Rhino A1", "a1": "Ouistiti"}, {"c4": "Kassin A1", "f6": "Sacrechêne"},
            tribes=("rhinogoths", "boarix"))
    play(s, "fury", "c3xc4", "dice 1-6")
    assert s.last["a"]["value"] == 10 and s.last["a"]["mod"] == "x2"
    s = pos({"c3": "Bouga A1", "f1": "Queen Mary"},
            {"c4": "Kassin A1", "f6": "Sacrechêne"}, tribes=("monkus", "boarix"))
    play(s, "tortoise", "c3xc4", "dice 1-6")
    assert s.last["a"]["value"] == 4 and s.last["a"]["mod"] == "+1"


def test_zn18_dice_underdog_and_draw():
    """ZN18: higher total wins; equal totals go to the lower value; equal values and dice draw."""
    assert outcome(5, 3, 1, 3) == "defender"  # 6 = 6, 3 is the underdog
    assert outcome(3, 5, 3, 1) == "attacker"
    assert outcome(4, 4, 2, 2) == "draw" and outcome(4, 4, 2, 3) == "defender"
    s = pos({"c3": "Grognard A1", **BOARIX_EMBLEM}, {"c4": "Coco Bang A1", **MONKUS_EMBLEM})
    play(s, "c3xc4", "dice 1-3")  # 7+1 = 8 = 5+3: Coco Bang is the underdog
    assert s.last["outcome"] == "defender" and at(s, "c4") == (1, "Coco Bang A1") and at(s, "c3") is None


def test_zn19_winner_takes_or_keeps_the_cell():
    """ZN19: a winning attacker takes the cell; a winning defender stays and the attacker is lost."""
    s = pos({"c3": "Grognard A1", **BOARIX_EMBLEM}, {"c4": "Bouga A1", **MONKUS_EMBLEM})
    play(s, "c3xc4", "dice 3-1")
    assert at(s, "c4") == (0, "Grognard A1") and at(s, "c3") is None and s.elim[1][-1] == 7
    assert s.observation(0)["eliminated"][1][-1] == "Bouga"


def test_zn20_plain_draw_attacker_steps_back_along_its_trajectory():
    """ZN20: in a plain draw the defender stays and the attacker recoils to the previous cell of its walk."""
    s = pos({"c2": "Grognard A1", **BOARIX_EMBLEM}, {"a4": "Bouga A1", **MONKUS_EMBLEM}, tails=["c2"])
    play(s, "c2xa4", "dice 4-4")  # 3 vs 3, same dice
    assert s.last["outcome"] == "draw" and at(s, "b3") == (0, "Grognard A1") and at(s, "a4") == (1, "Bouga A1")
    s = pos({"c3": "Kassin A1", **BOARIX_EMBLEM}, {"c4": "Bouga A1", **MONKUS_EMBLEM})
    play(s, "c3xc4", "dice 2-2")
    assert at(s, "c3") == (0, "Kassin A1") and s.current_player() == 1
    # both pairs hold a Star: a plain draw, no effect
    s = pos({"c3": "Gold-Hure", **BOARIX_EMBLEM}, {"c4": "King Louis", **MONKUS_EMBLEM}, tails=["c3", "c4"])
    play(s, "c3xc4", "dice 2-2")
    assert s.last["outcome"] == "draw" and s.last["effect"] is None and s.current_player() == 1


def test_zn21_pennies_flip_after_combat():
    """ZN21: every surviving participant turns its penny over."""
    s = pos({"c3": "Kassin A1", **BOARIX_EMBLEM}, {"c4": "Bouga A1", **MONKUS_EMBLEM})
    play(s, "c3xc4", "dice 2-2")
    assert s.coin[0][7] == 1 and s.coin[1][7] == 1
    s = pos({"c3": "Grognard A1", **BOARIX_EMBLEM}, {"c4": "Bouga A1", **MONKUS_EMBLEM})
    play(s, "c3xc4", "dice 6-1")
    assert s.coin[0][3] == 1


def test_zn22_minimum_six_face_up_owner_chooses():
    """ZN22: after a loss the owner turns face-down Zoons of their choice up until six are face up."""
    south = {"a2": "Kassin A1", "b2": "Kassin A2", "c2": "Kassin B3", "d2": "Kassin B4", "e2": "Grognard A1",
             "c3": "Grognard A2", "a1": "Sacrechêne", "b1": "Cloboulon", "c1": "Gold-Hure"}
    s = pos(south, {"c4": "King", **MONKUS_EMBLEM}, down=["a1", "b1", "c1"])
    play(s, "c3xc4", "dice 1-6")
    assert s.current_player() == 0 and legal(s) == ["reveal a1", "reveal b1", "reveal c1"]
    s.apply("reveal b1")
    assert s.up[0][0] and s.current_player() == 1


def test_zn23_trump_rules_single_use_and_reusable():
    """ZN23: a single-use trump is discarded; a reusable one is set aside with its penny; a trump without a
    legal use (or its required type) cannot be played."""
    s = pos({"c2": "Bouga A1", "a1": "Queen Mary"}, {"c3": "Kassin A1", "f6": "Sacrechêne"},
            tribes=("monkus", "boarix"))
    assert "bertha c3" in legal(s) and not any(a.startswith("cocoboum") for a in legal(s))
    play(s, "bertha c3", "dice 1-6")  # 2+4+1 = 7 < 1+2+6 = 9: a miss
    assert s.tzone[0]["bertha"] == "side" and s.tcoin[0]["bertha"] == 1
    s = pos({"c3": "Kassin A1", **BOARIX_EMBLEM}, {"c5": "Bouga A1", **MONKUS_EMBLEM})
    assert not any(a.startswith("cage") for a in legal(s))  # no Priest on the battlefield
    play(s, "wall d4")
    assert s.tzone[0]["wall"] == "board"


def test_zn24_tactical_moves_different_zoons_done():
    """ZN24: Tortue moves up to two different Soldiers, the first move required, then done is allowed."""
    s = pos({"b2": "Bouga A1", "d2": "Bouga A2", "e2": "Coco Bang A1", "a1": "Queen Mary"},
            {"f6": "Sacrechêne"}, tribes=("monkus", "boarix"))
    s.apply("tortoise")
    acts = legal(s)
    assert "done" not in acts and "b2-b3" in acts and not any(a.startswith("e2") for a in acts)
    s.apply("b2-b3")
    acts = legal(s)
    assert "done" in acts and not any(a.startswith("b3") for a in acts) and "d2-d3" in acts
    s.apply("d2-d3")
    assert s.current_player() == 1 and s.tzone[0]["tortoise"] == "discard"


def test_zn25_scarper_moves_back():
    """ZN25: Poudre d'escampette moves up to three Zoons back, each to a free cell of the row behind."""
    s = pos({"c3": "Rhino A1", "d3": "Rhino A2", "f3": "Rhino A3", "a1": "Ouistiti"}, {"f6": "Draknar", "a6": "Korse A1"},
            tribes=("rhinogoths", "warus"))
    s.apply("scarper")
    assert {"c3-b2", "c3-c2", "c3-d2", "d3-e2"} <= set(legal(s)) and "done" not in legal(s)
    play(s, "c3-c2", "d3-d2")
    assert "done" in legal(s) and not any(a.startswith("a1") for a in legal(s))
    s.apply("done")
    assert at(s, "c2") == (0, "Rhino A1") and s.current_player() == 1


def test_zn26_wall_is_an_obstacle():
    """ZN26: Mur d'Arbres makes a permanent obstacle: no walking through or onto it; special moves pass."""
    s = pos({"c2": "Grognard A1", **BOARIX_EMBLEM}, {"c5": "King", **MONKUS_EMBLEM})
    s.apply("wall b3")
    assert at(s, "b3") == "wall"
    s.apply("c5-d4")
    assert "c2-b3" not in legal(s) and "c2-a4" not in legal(s)
    s = pos({"c2": "Kassin A1", **BOARIX_EMBLEM}, {"c5": "King", **MONKUS_EMBLEM})
    play(s, "wall c4")
    assert "c5-c3" in legal(s)  # the special cell over the wall


def test_zn27_cage_needs_priest_takes_enemy_in_home_rows():
    """ZN27: Cage de Racines (with a Priest) takes an enemy Zoon in the home rows; its cell is an obstacle."""
    s = pos({"e1": "Bouclefeuille", **BOARIX_EMBLEM}, {"c2": "Bouga A1", "c3": "Bouga A2", **MONKUS_EMBLEM})
    acts = legal(s)
    assert "cage c2" in acts and "cage c3" not in acts
    s.apply("cage c2")
    assert at(s, "c2") == "cage" and s.pos[1][7] == -1 and 7 in s.elim[1]
    assert s.observation(0)["cells"][8]["caged"] == "Bouga"


def test_zn28_shooting_targets():
    """ZN28: each weapon's targets: camp, diagonals ahead of an Elite, straight ahead, two ahead."""
    s = pos({"c2": "Coco Bang A1", "a1": "Queen Mary"},
            {"b3": "Kassin A1", "d3": "Kassin A2", "c3": "Kassin B3", "d4": "Kassin B4", "f6": "Sacrechêne"},
            tribes=("monkus", "boarix"))
    acts = legal(s)
    assert {"cocoboum c2>b3", "cocoboum c2>d3"} <= set(acts) and "cocoboum c2>c3" not in acts
    assert {"bertha b3", "bertha c3", "bertha d3"} <= set(acts) and "bertha d4" not in acts
    s = pos({"c2": "Korse A1", "a1": "Draknar"}, {"c3": "Kassin A1", "c4": "Kassin A2", "f6": "Sacrechêne"},
            tribes=("warus", "boarix"))
    assert {"axe c2>c3", "arrow c2>c4"} <= set(legal(s))


def test_zn29_shot_resolution_and_x_destroys():
    """ZN29: a winning shot removes the target; a miss with X in the trump's pair destroys the trump."""
    s = pos({"c2": "Korse A1", "a1": "Draknar"}, {"c3": "Kassin A1", "c4": "Kassin A2", "f6": "Sacrechêne"},
            tribes=("warus", "boarix"))
    play(s, "axe c2>c3", "dice 5-1")
    assert at(s, "c3") is None and at(s, "c2") == (0, "Korse A1") and s.tzone[0]["axe"] == "side"
    assert s.tcoin[0]["axe"] == 1 and s.last["kind"] == "shot"
    s.apply("c4-c5")
    play(s, "axe c2>c3") if "axe c2>c3" in legal(s) else None
    s = pos({"c2": "Korse A1", "a1": "Draknar"}, {"c3": "Kassin A1", "f6": "Sacrechêne"},
            tribes=("warus", "boarix"))
    s.tzone[0]["axe"], s.tcoin[0]["axe"] = "side", 1  # tails: X + 0
    play(s, "axe c2>c3", "dice 1-3")  # X→1: 1+1 = 2 < 3+3
    assert s.tzone[0]["axe"] == "discard" and at(s, "c3") == (1, "Kassin A1") and s.coin[1][7] == 1
    assert "X" in s.last["a"]["pair"]


def test_zn30_effects_resolve_within_the_turn():
    """ZN30: Gold-Hure's extra move attacks at once and the turn then passes, with no second turn."""
    s = pos({"c3": "Gold-Hure", **BOARIX_EMBLEM}, {"c4": "Coco Bang A1", "e5": "Bouga A1", **MONKUS_EMBLEM},
            tails=["c3"])
    play(s, "c3xc4", "dice 3-3")  # 2 + ★→3 = 5 vs 3+2 = 5: a draw with Gold-Hure's Star
    assert s.current_player() == 0 and s.decide[0] == "extra"
    assert all(a.startswith("c3") for a in legal(s))
    play(s, "c3-e5" if "c3-e5" in legal(s) else "c3-d3")
    while s.is_chance_node():
        s.apply("dice 6-1")
    assert s.current_player() == 1 and s.phase == "turn"


def test_zn31_cloboulon_then_a_grognard_moves():
    """ZN31: Cloboulon's draw as attacker gives a Grognard move."""
    s = pos({"c3": "Cloboulon", "a2": "Grognard A1", **BOARIX_EMBLEM}, {"c4": "Coco Bang A1", **MONKUS_EMBLEM},
            tails=["c3"])
    play(s, "c3xc4", "dice 4-4")
    assert s.last["effect"] == "Cloboulon" and at(s, "c3") == (0, "Cloboulon")
    assert legal(s) and all(a.startswith("a2") for a in legal(s))
    s.apply("a2-b3")
    assert s.current_player() == 1


def test_zn32_gold_hure_moves_again():
    """ZN32: Gold-Hure's draw as attacker lets her move again."""
    s = pos({"c3": "Gold-Hure", **BOARIX_EMBLEM}, {"c4": "Coco Bang A1", **MONKUS_EMBLEM}, tails=["c3"])
    play(s, "c3xc4", "dice 3-3")
    assert s.last["effect"] == "Gold-Hure" and all(a.startswith("c3") for a in legal(s))


def test_zn33_bouclefeuille_to_any_free_cell():
    """ZN33: after Bouclefeuille's draw he moves to any empty cell."""
    s = pos({"c3": "Bouclefeuille", **BOARIX_EMBLEM}, {"d3": "Kong", **MONKUS_EMBLEM}, tails=["c3", "d3"])
    play(s, "c3xd3", "dice 2-2")  # 0 + ★→2 = 2 vs 2 + 0
    assert s.last["effect"] == "Bouclefeuille" and len(legal(s)) == 36 - 4
    s.apply("leaf f3")
    assert at(s, "f3") == (0, "Bouclefeuille")


def test_zn34_king_louis_swaps():
    """ZN34: King Louis and the Zoon he fought swap cells."""
    s = pos({"c3": "King Louis", "f1": "Queen Mary"}, {"c4": "Harold de Jarl", "f6": "Draknar"},
            tribes=("monkus", "warus"), tails=["c3", "c4"])
    play(s, "c3xc4", "dice 1-1")  # 2 + ★→2 = 4 vs 2 + 2
    assert at(s, "c3") == (1, "Harold de Jarl") and at(s, "c4") == (0, "King Louis")


def test_zn35_kombo_bongo_swaps_with_king_or_kong():
    """ZN35: Kombo Bongo swaps with King or Kong, his owner's choice."""
    s = pos({"c3": "Kombo Bongo", "a2": "King", "e2": "Kong", "f1": "Queen Mary"},
            {"d4": "Harold de Jarl", "f6": "Draknar"}, tribes=("monkus", "warus"), tails=["c3", "d4"])
    play(s, "c3xd4", "dice 5-5")  # ★→2 + ★→2 = 4 vs 2 + 2
    assert legal(s) == ["bongo a2", "bongo e2"]
    s.apply("bongo e2")
    assert at(s, "e2") == (0, "Kombo Bongo") and at(s, "c3") == (0, "Kong")


def test_zn36_trice_pushes_back_enemy_owner_chooses():
    """ZN36: after Trice's draw the enemy's owner moves it back to a free cell of the row behind it."""
    s = pos({"c3": "Trice", "a1": "Ouistiti"}, {"c4": "Kassin A1", "c5": "Kassin A2", "f6": "Sacrechêne"},
            tribes=("rhinogoths", "boarix"), tails=["c3", "c4"])
    play(s, "c3xc4", "dice 2-2")  # 0 + ★→0 vs 0 + 0
    assert s.current_player() == 1 and legal(s) == ["push b5", "push d5"]
    s.apply("push d5")
    assert at(s, "d5") == (1, "Kassin A1") and s.current_player() == 1 and s.phase == "turn"


def test_zn37_ouistiti_hops():
    """ZN37: after Ouistiti's draw its owner moves it to a free neighbouring cell."""
    s = pos({"c1": "Ouistiti", "b1": "Rhino A1"}, {"c2": "Kassin A1", "f6": "Sacrechêne"},
            tribes=("rhinogoths", "boarix"), turn="north", tails=["c1", "c2"])
    play(s, "c2xc1", "dice 3-3")
    assert s.current_player() == 0 and legal(s) == ["hop b2", "hop d1", "hop d2"]
    s.apply("hop d2")
    assert at(s, "d2") == (0, "Ouistiti")


def test_zn38_berserkorse_eliminates():
    """ZN38: Berserkorse's Star turns the draw into a win: the enemy is lost and it takes the cell."""
    s = pos({"c3": "Berserkorse A1", "a1": "Draknar"}, {"c4": "Kassin A1", "f6": "Sacrechêne"},
            tribes=("warus", "boarix"), tails=["c3"])
    play(s, "c3xc4", "dice 2-2")  # 1 + ★→2 = 3 vs 1 + 2
    assert at(s, "c4") == (0, "Berserkorse A1") and s.pos[1][7] == -1


def test_zn39_emblem_lost_ends_the_game():
    """ZN39: taking the enemy Emblem wins at once."""
    s = pos({"c5": "Kassin A1", **BOARIX_EMBLEM}, {"c6": "Queen Mary", "a6": "Bouga A1"})
    play(s, "c5xc6", "dice 6-1")
    assert s.is_terminal() and s.returns() == [1.0, -1.0] and "Emblem" in s.result


def test_zn40_anti_stalling_draws():
    """ZN40: a third repetition draws (option on); with the option off play goes on."""
    def shuffle(s, n):
        for k in range(n):
            if s.is_terminal():
                return
            s.apply(["a3-b3", "f4-e4", "b3-a3", "e4-f4"][k % 4])
    s = pos({"a3": "Kassin A1", **BOARIX_EMBLEM}, {"f4": "Bouga A1", "a6": "Queen Mary"})
    shuffle(s, 8)
    assert s.is_terminal() and s.returns() == [0.0, 0.0] and "third" in s.result
    s = pos({"a3": "Kassin A1", **BOARIX_EMBLEM}, {"f4": "Bouga A1", "a6": "Queen Mary"}, anti_stalling=False)
    shuffle(s, 40)
    assert not s.is_terminal()
    s = pos({"a3": "Kassin A1", **BOARIX_EMBLEM}, {"f4": "Bouga A1", "a6": "Queen Mary"})
    s.quiet = 59
    s.apply("a3-a4")
    assert s.is_terminal() and "without progress" in s.result


def test_zn41_classic_all_face_down_no_pennies():
    """ZN41: classic combat: after deployment every Zoon is face down; no pennies, no dice."""
    s = deployed({"combat": "classic"})
    assert not any(s.up[0]) and not any(s.up[1])
    assert all(c["coin"] is None for c in s.observation(0)["cells"] if c and not c.get("hidden"))


def test_zn42_classic_secret_choices_committed_in_turn():
    """ZN42: the attacker chooses first, the defender cannot see it, then the defender chooses."""
    s = pos({"c3": "Kassin A1", **BOARIX_EMBLEM}, {"c4": "Bouga A1", **MONKUS_EMBLEM}, mode="classic",
            down=["c3", "c4"])
    s.apply("c3xc4")
    assert s.current_player() == 0 and len(legal(s)) == 8
    s.apply("secret down TL")
    assert s.current_player() == 1
    obs = s.observation(1)
    assert obs["secret"] == {"committed": [True, False], "mine": None}
    assert s.public_history(1)[-1] == "secret ?" and s.public_history(0)[-1] == "secret down TL"
    assert obs["cells"][at_index("c3")] == {"owner": 0, "hidden": True}


def at_index(cell):
    from pygames.zoon.rules import CELL_INDEX
    return CELL_INDEX[cell]


def test_zn43_classic_resolution():
    """ZN43: touched corners: higher wins, equal draws, a Star applies its effect, an X destroys a trump."""
    # Kassin A1 corners 1/2/0/0, Bouga A1 2/1/0/1
    s = pos({"c3": "Kassin A1", **BOARIX_EMBLEM}, {"c4": "Bouga A1", **MONKUS_EMBLEM}, mode="classic",
            down=["c3", "c4"])
    play(s, "c3xc4", "secret up TL", "secret up TR")  # Bouga touched TL = 2, Kassin touched TR = 2
    assert s.last["outcome"] == "draw" and at(s, "c3") == (0, "Kassin A1")
    assert s.up[0][7] and s.up[1][7]  # both were shown
    s = pos({"c3": "Kassin A1", **BOARIX_EMBLEM}, {"c4": "Bouga A1", **MONKUS_EMBLEM}, mode="classic")
    play(s, "c3xc4", "secret down TL", "secret up TL")  # Kassin turned: TL shows BR = 0; Bouga TL = 2
    assert s.last["outcome"] == "defender" and at(s, "c3") is None
    s = pos({"c3": "Gold-Hure", **BOARIX_EMBLEM}, {"c4": "Bouga A1", **MONKUS_EMBLEM}, mode="classic")
    play(s, "c3xc4", "secret up TL", "secret up BL")  # Gold-Hure touched on her Star
    assert s.last["effect"] == "Gold-Hure" and all(a.startswith("c3") for a in legal(s))
    s = pos({"c2": "Korse A1", "a1": "Draknar"}, {"c3": "Kassin A1", "f6": "Sacrechêne"},
            tribes=("warus", "boarix"), mode="classic")
    play(s, "axe c2>c3", "secret up TL", "secret up BR")  # the axe touched on its X
    assert s.tzone[0]["axe"] == "discard" and at(s, "c3") == (1, "Kassin A1")
    s = pos({"c2": "Korse A1", "a1": "Draknar"}, {"c3": "Kassin A1", "f6": "Sacrechêne"},
            tribes=("warus", "boarix"), mode="classic")
    play(s, "axe c2>c3", "secret up TR", "secret up TL")  # 2 on the Kassin vs 3 on the axe
    assert at(s, "c3") is None and s.tzone[0]["axe"] == "hand"


def test_illegal_actions_leave_state_unchanged():
    """ZN8: an illegal action raises IllegalAction naming it and changes nothing."""
    s = pos({"c3": "Kassin A1", **BOARIX_EMBLEM}, {"c5": "Bouga A1", **MONKUS_EMBLEM})
    before = s.to_json()
    for bad in ("c3-c6", "a1-a2", "ready", "dice 1-1", 7, None):
        with pytest.raises(IllegalAction):
            s.apply(bad)
    assert s.to_json() == before
    assert get_game("zoon").title == "Zoon"


def test_zn44_zn9_move_mask_and_move_list_agree_with_the_walk():
    """ZN44, ZN9–ZN11: the mask of what a Zoon seen moving could be (read from the grids' reach tables) and
    the legal move list (read from the tables of actions) equal their definition by the walk (``_walk``):
    the roster indices whose grid's walk from ``f`` holds ``(t, attack)``, and every walked destination as
    a move or an attack, Zoon by Zoon, over seeded random games of both combats."""
    from pygames.core.bots import random_action
    from pygames.zoon.board import _GRIDS, _MOVE_ACTS, _MOVES
    checked = 0
    for seed, combat in enumerate(("classic", "alternate", "classic", "alternate")):
        s, rng = GAME.new_initial_state({"combat": combat}), random.Random(seed)
        while not s.is_terminal() and len(s.history) < 400:
            if s.phase == "turn" and not s.todo:
                p = s.turn
                walked = []
                for i in range(12):
                    f = s.pos[p][i]
                    if f < 0:
                        continue
                    for t, _prev, att in s._walk(_MOVES[s.tribes[p], p][i][f], p, f):
                        walked.append(_MOVE_ACTS[((p * 36 + f) * 36 + t) * 2 + att])
                        want = sum(roster for table, roster in _GRIDS[s.tribes[p], p]
                                   if (t, att) in {(d, a) for d, _x, a in s._walk(table[f], p, f)})
                        assert s._move_mask(p, f, t, att) == want
                        checked += 1
                assert [a.notation for a in s.legal_actions() if not a.targets[0].startswith("trump-")] \
                    == [a.notation for a in walked]
            s.apply(random_action(s, rng))
    assert checked > 1000
