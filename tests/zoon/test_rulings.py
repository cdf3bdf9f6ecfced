"""Zoon: the turn-3 rulings (RULINGS.md, Zoon 1-5) and the game's bound, ZN44-ZN52 of docs/rules/zoon.md."""
import random

from pygames.core import State
from pygames.core.bots import random_action
from pygames.zoon.rules import (CELL_INDEX, DEPLOY_MAX, HOME, MAX_EDITS, TURN_ACTIONS, TURN_LIMIT,
                                max_game_length)

from .helpers import GAME, at, legal, play, pos

TRIBES = ("boarix", "monkus", "rhinogoths", "warus")


def _same_for(s, d, p):
    assert d.observation(p) == s.observation(p)
    assert d.public_history(p) == s.public_history(p)
    if s.current_player() == p:
        assert [a.notation for a in d.legal_actions()] == [a.notation for a in s.legal_actions()]
    assert GAME.draw_svg(d.observation(p), viewer=p) == GAME.draw_svg(s.observation(p), viewer=p)


def test_zn44_deployment_is_secret_in_move_list_and_view():
    """ZN44: while South deals, picks, swaps, cancels and redeals, North (and a spectator) see every one of
    South's actions as "arrange S ?" and twelve backs, the same view after each; then "ready"."""
    s = GAME.new_initial_state({"first": "south"})
    rng = random.Random(3)
    views = []
    script = ["pick a1", "keep a1", "pick b2", "swap b2 c1", "random", "pick a2", "swap a2 f1"]
    while s.phase == "deal" or s.phase == "arrange" and script:
        if s.is_chance_node():
            s.apply(s.chance_outcomes()[rng.randrange(len(s.chance_outcomes()))][0])
        else:
            s.apply(script.pop(0))
        views.append([s.observation(v) for v in (1, None)])
        for v in (1, None):
            assert s.public_history(v) == ["arrange S ?"] * len(s.history)
    assert all(v == views[0] for v in views)
    obs = views[0][0]
    assert all(obs["cells"][c] == {"owner": 0, "hidden": True} for c in HOME[0])
    assert obs["edits_left"][0] is None and s.observation(0)["edits_left"][0] == MAX_EDITS - 4
    assert s.public_history(0) == s.history
    s.apply("ready")
    assert s.public_history(1)[-1] == "ready" and set(s.public_history(1)[:-1]) == {"arrange S ?"}
    while s.phase != "turn":
        s.apply(s.chance_outcomes()[0][0] if s.is_chance_node() else "ready")
    spectator = s.public_history(None)
    assert set(spectator) == {"arrange S ?", "arrange N ?", "ready"} and spectator.count("ready") == 2
    assert not any(h.startswith(("deal", "pick", "swap", "keep", "random")) for h in s.public_history(1)
                   [:s.ready_at[0]])


def test_zn44_determinize_resamples_hidden_identities_and_deployment():
    """ZN44: determinize(p) shuffles the other side's face-down identities and rewrites its deployment
    in the history (and a pending classic choice), and p's observation, legal actions, move list and
    drawing stay the same; the copy is a real game (its history replays to it)."""
    changed = 0
    for seed in range(6):
        rng = random.Random(seed)
        s = GAME.new_initial_state({"combat": ("alternate", "classic")[seed % 2], "south": TRIBES[seed % 4],
                                    "north": TRIBES[(seed + 1) % 4]})
        ply = 0
        while not s.is_terminal() and ply < 160:
            if ply % 5 == 0:
                for p in (0, 1):
                    d = s.determinize(p, random.Random(ply))
                    _same_for(s, d, p)
                    State.from_json(d.to_json())
                    changed += d.history != s.history
            s.apply(random_action(s, rng))
            ply += 1
    assert changed > 20


def test_zn44_seen_moves_narrow_what_a_face_down_zoon_may_be():
    """ZN44: a face-down Zoon seen walking sideways in its back row is not the immobile Emblem: no
    determinization puts Draknar there, and the others still vary."""
    s = pos({"c3": "Kassin A1", "a1": "Sacrechêne"},
            {"a6": "Korse A1", "b6": "Draknar", "d6": "Korse A2", "e6": "Mourse A1", "c5": "Jorund"},
            tribes=("boarix", "warus"), turn="north", down=["a6", "b6", "d6", "e6"])
    s.apply("d6-c6")
    assert not s.up[1][s.board[CELL_INDEX["c6"]] % 12]
    seen = set()
    for k in range(60):
        d = s.determinize(0, random.Random(k))
        seen.add(d.zoon(1, d.board[CELL_INDEX["c6"]] % 12).name)
        _same_for(s, d, 0)
    assert "Draknar" not in seen and len(seen) >= 2


def test_zn45_deployment_is_bounded():
    """ZN45: a swap, a cancelled pick and a new random arrangement each use one of 24 changes; then only
    ready is left, so a side's deployment takes at most 300 actions, even picking and cancelling."""
    s = GAME.new_initial_state({"first": "south"})
    while s.is_chance_node():
        s.apply(s.chance_outcomes()[0][0])
    for _ in range(MAX_EDITS):
        play(s, "pick a1", "keep a1")
    assert legal(s) == ["ready"]
    assert DEPLOY_MAX == 11 + MAX_EDITS * 12 + 1 == 300
    # the longest deployment: 24 new random arrangements
    s = GAME.new_initial_state({"first": "south"})
    n = 0
    while s.phase in ("deal", "arrange") and not s.ready[0]:
        s.apply(s.chance_outcomes()[0][0] if s.is_chance_node() else "random" if "random" in legal(s) else "ready")
        n += 1
    assert n == DEPLOY_MAX


def test_zn46_what_the_record_names_is_face_up():
    """ZN46: Kombo Bongo's swap names King (here face down in its back row): King is face up from then on,
    in both combat modes."""
    for mode, resolve in (("alternate", ["dice 5-5"]), ("classic", ["secret up TL", "secret up BR"])):
        s = pos({"c3": "Kombo Bongo", "a1": "King", "e1": "Kong", "f1": "Queen Mary"},
                {"d4": "Harold de Jarl", "f6": "Draknar"}, tribes=("monkus", "warus"), tails=["c3", "d4"],
                down=["a1", "e1", "f1"], mode=mode)
        play(s, "c3xd4", *resolve)
        assert s.last["effect"] == "Kombo Bongo", mode
        s.apply("bongo a1")
        king = s.board[CELL_INDEX["c3"]] % 12
        assert s.zoon(0, king).name == "King" and s.up[0][king]
        assert s.observation(1)["cells"][CELL_INDEX["c3"]]["name"] == "King"
        assert not s.up[0][s.board[CELL_INDEX["e1"]] % 12]  # Kong was not named


def test_zn47_an_effect_fires_once_per_turn():
    """ZN47: Gold-Hure draws on her Star and moves again; a second draw on her Star in the same turn is a
    plain draw and the turn ends (classic combat, where the same corner can be touched twice)."""
    s = pos({"c3": "Gold-Hure", **{"a1": "Sacrechêne"}}, {"c4": "Coco Bang A1", "f6": "Queen Mary"},
            mode="classic")
    play(s, "c3xc4", "secret up TL", "secret up BL")  # Coco Bang touches Gold-Hure's ★ corner
    assert s.last["effect"] == "Gold-Hure" and s.current_player() == 0 and s.phase == "decide"
    play(s, "c3xc4", "secret up TL", "secret up BL")
    assert s.last["outcome"] == "draw" and s.last["effect"] is None
    assert s.current_player() == 1 and s.phase == "turn" and s.fired == []


def test_zn48_minimum_six_is_the_top_up():
    """ZN48: after a loss, and only then, the owner turns face-down Zoons of their choice up until
    min(6, Zoons left) are face up: none asked while six are up, all once five or fewer are left; the
    same after a Zoon is caged; never with classic combat."""
    south = {"a2": "Kassin A1", "b2": "Kassin A2", "c2": "Kassin B3", "d2": "Kassin B4", "e2": "Grognard A1",
             "f2": "Grognard B3", "c3": "Grognard A2", "a1": "Sacrechêne", "b1": "Cloboulon"}
    s = pos(south, {"c4": "King", "f6": "Queen Mary"}, down=["a1", "b1"])
    play(s, "c3xc4", "dice 1-6")  # the Grognard is lost: 6 of 8 still face up
    assert s.current_player() == 1 and s.phase == "turn"
    few = {"c3": "Grognard A2", "a1": "Sacrechêne", "b1": "Cloboulon", "c1": "Gold-Hure", "d1": "Kassin A1"}
    s = pos(few, {"c4": "King", "f6": "Queen Mary"}, down=["a1", "b1", "c1", "d1"])
    play(s, "c3xc4", "dice 1-6")  # four left, all face down: all four must turn
    for cell in ("d1", "a1", "c1", "b1"):
        assert s.current_player() == 0 and f"reveal {cell}" in legal(s)
        s.apply(f"reveal {cell}")
    assert s.phase == "turn" and s.current_player() == 1 and all(s.up[0][i] for i in s.alive(0))
    s = pos({"c4": "Bouclefeuille", "f1": "Sacrechêne"},
            {"c2": "Bouga A1", "a2": "Bouga A2", "a6": "Queen Mary", "b6": "King", "c6": "Kong"},
            tribes=("boarix", "monkus"), hands={"south": ["cage"]}, down=["a6", "b6", "c6"])
    s.apply("cage c2")
    assert s.current_player() == 1 and s.phase == "decide" and legal(s) == ["reveal a6", "reveal b6", "reveal c6"]
    s = pos(few, {"c4": "King", "f6": "Queen Mary"}, down=["a1", "b1", "c1", "d1", "c4", "f6"], mode="classic")
    play(s, "c3xc4", "secret up TL", "secret up TL")
    assert s.phase != "decide"


def test_zn49_immobile_means_the_zoons_own_move():
    """ZN49: an Emblem without a grid never moves by itself, but a push, a swap, Ouistiti's hop and
    Poudre d'escampette may move it."""
    s = pos({"c3": "Trice", "a1": "Ouistiti"}, {"c4": "Sacrechêne", "c6": "Kassin A1"},
            tribes=("rhinogoths", "boarix"), tails=["c3", "c4"])
    assert not [a for a in legal(s) if a.startswith("a1")]
    play(s, "c3xc4", "dice 2-2")  # 0 + ★→0 vs 0 + 0: Trice pushes the enemy Emblem
    assert legal(s) == ["push b5", "push c5", "push d5"]
    s.apply("push b5")
    assert at(s, "b5") == (1, "Sacrechêne")
    s = pos({"c3": "King Louis", "f1": "Queen Mary"}, {"c4": "Draknar", "f6": "Korse A1"},
            tribes=("monkus", "warus"), tails=["c3"])
    play(s, "c3xc4", "dice 1-1")  # 2 + ★→3 = 5 vs 3 + 2: King Louis swaps with the enemy Emblem
    assert s.last["effect"] == "King Louis" and at(s, "c3") == (1, "Draknar")
    s = pos({"c2": "Ouistiti", "e3": "Rhino A1"}, {"c4": "Kassin A1", "f6": "Sacrechêne"},
            tribes=("rhinogoths", "boarix"), hands={"south": ["scarper"]})
    s.apply("scarper")
    assert {"c2-b1", "c2-c1", "c2-d1"} <= set(legal(s))
    s.apply("c2-b1")
    assert at(s, "b1") == (0, "Ouistiti")


def test_zn50_without_anti_stalling_a_draw_after_1000_turns():
    """ZN50: with anti-stalling off, the game is a draw once 1,000 turns are over."""
    s = pos({"c2": "Kassin A1", "a1": "Sacrechêne"}, {"c5": "Bouga A1", "f6": "Queen Mary"},
            anti_stalling=False)
    s.turns = TURN_LIMIT - 1
    s.apply("c2-c3")
    assert s.is_terminal() and s.returns() == [0.0, 0.0] and s.result == "1,000 turns played"
    s = pos({"c2": "Kassin A1", "a1": "Sacrechêne"}, {"c5": "Bouga A1", "f6": "Queen Mary"})
    s.turns = TURN_LIMIT - 1
    s.apply("c2-c3")
    assert not s.is_terminal()


def test_zn51_max_game_length_bounds_every_game_and_turn():
    """ZN51: the bound is 1 + 2 × 300 + turns × 22 + 12 (alternate) with 3,233 turns under anti-stalling and
    1,000 without; random games stay within it, each side's deployment within 300 actions and each turn
    within 22 actions besides the minimum-six reveals; the registry declares it."""
    assert max_game_length({"combat": "alternate", "first": "random", "anti_stalling": True}) == \
        1 + 600 + 53 * 61 * 22 + 12
    assert max_game_length({"combat": "classic", "first": "north", "anti_stalling": False}) == 600 + 1000 * 22
    declared = getattr(GAME, "max_game_length", None)
    if declared is not None:
        for opts in ({}, {"anti_stalling": False, "combat": "classic"}):
            o = GAME.validate_options(opts)
            assert (declared(o) if callable(declared) else declared) == max_game_length(o)
    for seed in range(12):
        rng = random.Random(seed)
        opts = {"combat": ("alternate", "classic")[seed % 2], "south": TRIBES[seed % 4],
                "north": TRIBES[seed // 3 % 4], "anti_stalling": seed % 3 != 0}
        s = GAME.new_initial_state(opts)
        turn_actions, turns = 0, 0
        while not s.is_terminal():
            a = random_action(s, rng)
            in_play = s.phase not in ("first", "deal", "arrange")
            s.apply(a)
            if in_play and not a.notation.startswith("reveal "):
                turn_actions += 1
                assert turn_actions <= TURN_ACTIONS
            if s.turns != turns:
                turns, turn_actions = s.turns, 0
        assert s.ready_at[0] + 1 <= 1 + DEPLOY_MAX and s.ready_at[1] - s.ready_at[0] <= DEPLOY_MAX
        assert len(s.history) <= max_game_length(s.options)


def test_zn52_cards_shown_at_the_end():
    """ZN52: when the game ends both sides show their cards: every Zoon left on the battlefield is face up
    in every view."""
    s = pos({"c5": "Cloboulon", "a1": "Sacrechêne"}, {"c6": "Queen Mary", "a6": "Bouga A1", "b6": "King"},
            down=["a6", "b6"], tails=["c6"])
    play(s, "c5xc6", "dice 6-1")
    assert s.is_terminal() and s.winner == 0
    obs = s.observation(0)
    assert obs["cells"][CELL_INDEX["a6"]]["name"] == "Bouga" and obs["cells"][CELL_INDEX["b6"]]["name"] == "King"


def test_zn44_a_trump_that_ends_for_want_of_moves_tells_the_other_side():
    """ZN44: Tortue's second move is skipped because no other Soldier can move; the other side learns that
    no face-down Zoon that could move is a Soldier, and no determinization makes one."""
    s = pos({"c3": "Kassin A1", "a1": "Sacrechêne"},
            {"c5": "Bouga A1", "a6": "Bouga A2", "b6": "King", "d6": "Kong", "e5": "Coco Bang A1",
             "f6": "Queen Mary", "a5": "Coco Bang A2"},
            turn="north", hands={"north": ["tortoise"]}, down=["a6", "b6", "d6", "f6"])
    play(s, "tortoise", "c5-c4")
    assert s.current_player() == 0 and s.phase == "turn"  # Bouga A2 at a6 is boxed in: the trump ends
    for k in range(40):
        d = s.determinize(0, random.Random(k))
        for c in ("a6", "b6", "d6", "f6"):
            i = d.board[CELL_INDEX[c]] % 12
            if d.zoon(1, i).type == "Soldier":
                assert not d.moves_of(1, i)


def test_zn44_a_pending_trump_choice_keeps_a_zoon_that_can_move():
    """ZN44 (issue 16): North is offered Tortue's second move and only a face-down Soldier can make it;
    South sees the choice, so no determinization puts the face-down Soldiers where none can move (the
    resampled position would end the trump when replayed), and the identities still vary."""
    s = pos({"a1": "Sacrechêne"},
            {"d3": "Bouga A1", "a6": "Bouga A2", "b6": "King", "c6": "Bouga B3", "d6": "Queen Mary",
             "e6": "Bouga B4", "f6": "Coco Bang B3", "b5": "Coco Bang A2", "c5": "Kombo Bongo",
             "d5": "King Louis", "e5": "Coco Bang A1", "f5": "Kong"},
            turn="north", hands={"north": ["tortoise"]}, down=["a6", "b6", "c6", "d6", "e6", "f6"])
    play(s, "tortoise", "d3-d2")
    assert s.phase == "decide" and sorted(legal(s)) == ["a6-a4", "a6-a5", "done"]
    at_a6, at_b6 = set(), set()
    for k in range(60):
        d = s.determinize(0, random.Random(k))
        _same_for(s, d, 0)
        assert d.phase == "decide" and any(d.moves_of(1, i) for i in d.decide[2])
        at_a6.add(d.zoon(1, d.board[CELL_INDEX["a6"]] % 12).type)
        at_b6.add(d.zoon(1, d.board[CELL_INDEX["b6"]] % 12).name)
    assert at_a6 == {"Soldier"} and len(at_b6) >= 2
