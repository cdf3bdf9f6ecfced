""""Why not?" for Zoon (issue 17): each refused click or notation says why and names its rule (ZN5, ZN8,
ZN9, ZN11, ZN26, ZN27, ZN28, ZN42); every rejection names a rule of docs/rules/zoon.md; an enemy Zoon is
only ever "an enemy Zoon" (the reasons are the same after determinize)."""
import random

from ..explain_helpers import assert_refused, check_rule_ids_in_source
from .helpers import GAME, pos

B = {"a1": "Sacrechêne"}
M = {"f6": "Queen Mary"}


def battle():
    return pos({"c3": "Kassin A1", "c2": "Kassin A2", "b2": "Grognard A1", **B}, {"c4": "Bouga A1", **M},
               hands={"south": ["menhirs", "wall", "cage"]})


def test_every_rejection_names_a_rule_of_the_page():
    check_rule_ids_in_source("zoon", GAME.new_initial_state())


def test_zn8_empty_cell_or_enemy_zoon_and_zn11_no_grid():
    """ZN8: one of your own Zoons moves; ZN11: a Zoon without a grid never moves by itself."""
    s = battle()
    why = s.explain(["c4"])
    assert why.rule == "ZN8" and "enemy Zoon" in why.text and "Bouga" not in why.text
    assert s.explain(["d4"]).rule == "ZN8"
    why = s.explain(["a1"])
    assert why.rule == "ZN11" and "no grid" in why.text
    assert_refused(s, "a1-a2", "ZN11")


def test_zn9_not_an_arrival_cell_and_zn11_friendly_arrival():
    """ZN9: only the arrival cells of the grid; ZN11: never onto a friendly Zoon."""
    s = battle()
    assert s.explain(["c3", "e6"]).rule == "ZN9"
    why = s.explain(["c2", "c3"])
    assert why.rule == "ZN11" and "friendly" in why.text
    assert_refused(s, "c2-c3", "ZN11")


def test_zn26_zn27_zn28_trumps():
    """ZN26 a wall on an empty cell; ZN27 the cage needs the Priest; ZN28 shots at an enemy in the camp."""
    s = battle()
    assert s.explain(["trump-wall", "c3"]).rule == "ZN26"
    why = s.explain(["trump-cage"])
    assert why.rule == "ZN27" and "Priest" in why.text
    assert s.explain(["trump-menhirs"]).rule == "ZN28"
    assert_refused(s, "menhirs c4", "ZN28")


def test_zn5_deployment_and_zn42_secret_choice():
    """ZN5: a side arranges its own home rows; ZN42: a classic combat choice comes first."""
    s = GAME.new_initial_state({"first": "south"})
    while s.is_chance_node():
        s.apply(s.legal_actions()[0])
    assert s.phase == "arrange" and s.explain(["c4"]).rule == "ZN5"
    assert s.explain(["trump-wall"]).rule == "ZN5"
    c = pos({"c3": "Kassin A1", **B}, {"c4": "Bouga A1", **M}, mode="classic", down=["c3", "c4"])
    c.apply("c3xc4")
    assert c.phase == "secret" and c.explain(["c4"]).rule == "ZN42"


def test_reasons_do_not_depend_on_hidden_cards():
    """ZN7/ZN44: the same reason whatever the enemy's face-down Zoons are (determinize)."""
    s = pos({"c3": "Kassin A1", "c2": "Kassin A2", **B}, {"c4": "Bouga A1", "d5": "King", **M}, down=["c4", "d5"])
    for k in range(4):
        d = s.determinize(0, random.Random(k))
        for path in (["c4"], ["d5"], ["c3", "e6"], ["c2", "c3"]):
            assert d.explain(path) == s.explain(path)
