"""The Dvertz bot's pieces: evaluation in range and from both races, a shortlist that keeps every action
and puts winning jumps first and jump-giving placements last, a legal playout policy."""
import random

from pygames.core.bots import make_bot
from pygames.dvertz import ai

from ..conformance import random_prefix
from .helpers import pos


def test_evaluation_in_range_and_zero_sum():
    for seed in range(6):
        for plies in (10, 60, 90, 10_000):
            s = random_prefix("dvertz", {}, seed, plies)
            v = ai.evaluate(s)
            assert -1.0 <= v[0] <= 1.0 and v[0] == -v[1]


def test_marble_race_counts_toward_x16():
    """X16: one marble short of a set weighs more than several marbles spread over the colours."""
    assert ai.marble_race([3, 0, 0]) > ai.marble_race([1, 1, 1]) > ai.marble_race([0, 0, 0]) == 0.0
    ahead = pos({"c3": "W", "d3": "D", "e3": "B"}, captures=((3, 0, 0), (0, 0, 0)))
    behind = pos({"c3": "W", "d3": "D", "e3": "B"}, captures=((0, 0, 0), (3, 0, 0)))
    assert ai.evaluate(ahead)[0] > 0 > ai.evaluate(behind)[0]


def test_candidates_rank_winning_jump_first_and_keep_all():
    s = pos({"c3": "W", "d3": "B", "e3": "D", "f3": "W", "g3": "B"}, {"c3": "G", "d3": "W"},
            captures=((3, 0, 0), (0, 0, 0)))
    acts = s.legal_actions()
    ranked = ai.candidates(s, acts)
    assert sorted(a.notation for a in ranked) == sorted(a.notation for a in acts)
    assert ranked[0].notation == "x c3We3"
    bot = make_bot("easy", seed=1)
    assert bot.step(s).notation == "x c3We3"


def test_placements_that_give_a_jump_rank_last():
    s = pos({"c3": "W", "d3": "D", "e3": "B", "f3": "B"}, {"c3": "W"})
    from pygames.dvonn.board import INDEX
    assert ai.gives_jump(s, INDEX["d3"]) and not ai.gives_jump(s, INDEX["f3"])
    ranked = [a.notation for a in ai.candidates(s, s.legal_actions())]
    placements = [n for n in ranked if n[0] in "WGB"]
    assert all(n[1:] == "d3" for n in placements[-3:])


def test_rollout_policy_is_legal():
    rng = random.Random(3)
    for seed in range(4):
        s = random_prefix("dvertz", {}, seed, 55)
        while not s.is_terminal():
            a = ai.rollout_policy(s, rng)
            assert a in s.legal_actions()
            s.apply(a)


def test_threats_count_for_whoever_plays_that_part_next():
    """X5: once the mover's stack move is made, the next stack move (and its capture) is the opponent's;
    once the marble move is made, the next jump is the opponent's."""
    s = pos({"c3": "W", "d3": "B", "e3": "D", "f3": "W", "g3": "B"}, {"c3": "W", "d3": "G"})
    assert ai.next_players(s) == (0, 0)
    a = s.child("c3d3")
    assert ai.next_players(a) == (1, 0)
    t = pos({"c3": "W", "d3": "D", "e3": "B", "f3": "B"})
    b = t.child("Wf3")
    assert ai.next_players(b) == (0, 1)
    # after White's placement on d3, Black's jump over it (c3 over d3 to e3) weighs for Black
    u = pos({"c3": "W", "d3": "D", "e3": "B", "f3": "B"}, {"c3": "W"}, captures=((0, 0, 0), (3, 0, 0)))
    bad, good = u.child("Wd3"), u.child("Wf3")
    assert ai.evaluate(bad)[0] < ai.evaluate(good)[0]


def test_placement_shortlist_prefers_edge_spaces_beside_a_dvonn_piece():
    """X3: in the placement phase one's own piece goes first where it stays linked and can move first."""
    from pygames.core import get_game
    s = get_game("dvertz").new_initial_state()
    for n in ("a1", "e3", "k5"):  # the three DVONN pieces
        s.apply(n)
    ranked = [a.notation for a in ai.candidates(s, s.legal_actions())]
    assert sorted(ranked) == sorted(a.notation for a in s.legal_actions())
    assert set(ranked[:4]) <= {"a2", "b1", "b2", "j5", "k4", "j4"}


def test_hard_searches_a_bigger_budget_than_the_core_hard_within_its_cap():
    """Issue 19: Dvertz hard is the core's search with HARD_ITERATIONS (its time cap the core hard's, or
    none with cap=False); the other levels are left to the core."""
    from pygames.core.bots import LEVELS, MCTSBot
    from pygames.dvertz import GAME
    s = GAME.new_initial_state({})
    hard = make_bot("hard", 3)
    hard.step(s)
    assert isinstance(hard._bot, MCTSBot) and hard._bot.iterations == ai.HARD_ITERATIONS > LEVELS["hard"][0]
    assert hard._bot.seconds == LEVELS["hard"][2]
    assert ai.make_level_bot("hard", 3, cap=False).seconds == float("inf")
    assert ai.make_level_bot("medium") is None and ai.make_level_bot("easy") is None
