"""The Dritzak bot: decides from its own observation (determinized search) and plays legal moves."""
import random

from pygames.core.bots import MCTSBot, random_action
from pygames.dritzak import ai

from .helpers import GAME


def test_bot_plays_legal_moves_in_every_phase():
    s = GAME.new_initial_state({"players": 3, "skip": True})
    rng = random.Random(2)
    bot = MCTSBot(iterations=15, depth=4, seconds=1.0, seed=1)
    phases = set()
    for _ in range(120):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply(random_action(s, rng))
            continue
        phases.add(s.phase)
        a = bot.step(s)
        assert a.notation in {x.notation for x in s.legal_actions()}
        s.apply(a)
    assert {"choose", "play"} <= phases


def test_evaluate_and_policy():
    s = GAME.new_initial_state({"players": 4})
    rng = random.Random(0)
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply(random_action(s, rng))
        else:
            v = ai.evaluate(s)
            assert len(v) == 4 and all(-1 <= x <= 1 for x in v)
            a = ai.rollout_policy(s, rng)
            assert a in s.legal_actions()
            s.apply(a)
    assert ai.evaluate(s) == s.returns()


# ----- the game's own player (ai_flat): the card player's policy and the flat Monte Carlo search -------------

from pygames.core.bots import make_bot  # noqa: E402
from pygames.dritzak import ai_flat  # noqa: E402

from .helpers import pos  # noqa: E402


def _notes(s):
    return {a.notation for a in s.legal_actions()}


def test_policy_plays_legal_moves_in_every_option_set():
    for opts in ({"players": 4}, {"players": 3, "decks": 2, "set_rule": "suits", "skip": True, "sevens": True,
                                  "reversal": True, "play_on": True}, {"players": 6}):
        s = GAME.new_initial_state(opts)
        rng = random.Random(4)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(random_action(s, rng))
                continue
            a = ai_flat.policy(s, rng, eps=0.1)
            assert a in s.legal_actions()
            s.apply(a)
        assert s.is_terminal()


def test_policy_plays_the_lowest_rank_that_goes_keeping_2s_and_10s():
    s = pos(hands=[["2c", "Tc", "5d", "5h", "9s"], ["3c", "4c", "6c"]], pile=["4d"], deck=["Kd"])
    assert ai_flat.policy(s, random.Random(0)).notation == "play 5d 5h"  # both 5s, not the 2, 10 or 9


def test_policy_clears_with_a_fourth_card_and_takes_the_10_on_a_big_pile():
    s = pos(hands=[["9c", "3h", "Kd"], ["3c", "4c", "6c"]], pile=["9d", "9h", "9s"], deck=["Ks"])
    assert ai_flat.policy(s, random.Random(0)).notation == "play 9c"  # D23: four 9s clear, play again
    s = pos(hands=[["2c", "Tc", "3h"], ["3c", "4c", "6c"]], pile=["5d", "6d", "8h", "Ah"], deck=["Ks"])
    assert ai_flat.policy(s, random.Random(0)).notation == "play Tc"  # nothing else goes; the pile is big
    s = pos(hands=[["2c", "Tc", "3h"], ["3c", "4c", "6c"]], pile=["Ah"], deck=["Ks"])
    assert ai_flat.policy(s, random.Random(0)).notation == "play 2c"  # a small pile: the 2 first


def test_policy_plays_high_when_the_next_player_plays_from_the_table():
    s = pos(hands=[["4c", "Kd"], []], up=[[], ["5h", "6h"]], pile=["3d"])
    assert ai_flat.policy(s, random.Random(0)).notation == "play Kd"  # the next player must beat a king
    s = pos(hands=[["4c", "Kd"], ["7s"]], up=[[], ["5h", "6h"]], pile=["3d"])
    assert ai_flat.policy(s, random.Random(0)).notation == "play 4c"


def test_win_chance_reads_the_result_and_the_loads():
    s = pos(hands=[["4c"], ["3c", "4d", "6c", "7c", "8c"]], pile=["3d"])
    assert ai_flat.win_chance(s, 0) > 0.5 > ai_flat.win_chance(s, 1)
    s.apply("play 4c")  # player 1 has no face-up or face-down cards: out, the game is won
    assert s.is_terminal() and ai_flat.win_chance(s, 0) == 1.0 and ai_flat.win_chance(s, 1) == 0.0


def test_flat_bot_plays_legal_moves_and_takes_medium_and_hard():
    assert isinstance(ai_flat.make_level_bot("easy"), ai_flat.PolicyBot)
    assert ai_flat.make_level_bot("random") is None
    assert isinstance(ai_flat.make_level_bot("medium"), ai_flat.FlatBot)
    s = GAME.new_initial_state({"players": 4})
    rng = random.Random(3)
    bot = ai_flat.FlatBot(24, 30, 5.0, seed=2)
    phases = set()
    while not s.is_terminal() and len(s.history) < 160:
        if s.is_chance_node():
            s.apply(random_action(s, rng))
            continue
        phases.add(s.phase)
        a = bot.step(s)
        assert a.notation in _notes(s)
        v = bot.value()
        assert v is None or -1.0 <= v <= 1.0
        s.apply(a)
    assert {"choose", "play"} <= phases
    if not s.is_terminal():
        assert make_bot("medium", seed=1, cap=True).step(s).notation in _notes(s)
