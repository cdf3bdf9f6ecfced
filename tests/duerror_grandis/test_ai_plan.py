"""The easy level's whole-turn planner (pygames/duerror_grandis/ai_plan.py)."""
import random

from pygames.core.bots import make_bot, random_action
from pygames.duerror_grandis import ai_plan
from pygames.duerror_grandis.ai_plan import PlanBot, lead, strand

from .helpers import GAME, answers_legally, play, pos


def test_easy_is_the_planner_and_the_others_search():
    assert isinstance(GAME.extra["bot"]("easy", 1, True), PlanBot)
    assert not isinstance(GAME.extra["bot"]("medium", 1, True), PlanBot)  # the look-ahead (test_ai_look.py)


def test_plan_wins_when_it_can_G25():
    """G25: the melliran on the Serpent's I9 (81) moves out and wins."""
    s = pos([[("melliran", "I9")], [("thete", "B7")]])
    play(s, "keep")
    assert PlanBot(seed=1).step(s).notation == "I9-out"


def test_plan_takes_a_swap_far_ahead_G14():
    """G14: Red's ephebe on the Serpent's C1 (3) swaps with Blue on E3 (Serpent 23, Spiral 59): Red gains
    20 squares and Blue loses 56, so the planner takes."""
    s = pos([[("ephebe", "C1")], [("thete", "E3")]], boards=[1, 2])
    play(s, "keep")
    assert PlanBot(seed=2).step(s).notation == "take E3"


def test_plan_pays_no_token_to_stay_when_the_move_is_good_G23():
    """G23: a thete on the Serpent's I2 (10, it lands from there: 10 + 8 × 9 = 82) does not pay its token
    to stay where a move is possible (a veer, from this far back, may well be worth the token)."""
    s = pos([[("thete", "I2")], [("thete", "B7")]], tokens=[1, 1])
    play(s, "keep")
    acts = {a.notation for a in s.legal_actions()}
    assert "stay" in acts
    assert PlanBot(seed=3).step(s).notation != "stay"


def test_lead_breaks_ties_on_distance_G26():
    """G26: a stuck game ranks by pieces out, then by distance; two positions whose race values are
    alike (a stranded thete counts the same wherever it stands) differ in lead by the distance."""
    far = pos([[("thete", "B9"), ("ephebe", "out"), ("melliran", "out")], [("thete", "A1"), ("ephebe", "A1"),
               ("melliran", "A1")], [("thete", "A1"), ("ephebe", "A1"), ("melliran", "A1")]],
              tokens=[0, 0, 0], factiosus=True)
    near = pos([[("thete", "H9"), ("ephebe", "out"), ("melliran", "out")], [("thete", "A1"), ("ephebe", "A1"),
                ("melliran", "A1")], [("thete", "A1"), ("ephebe", "A1"), ("melliran", "A1")]],
               tokens=[0, 0, 0], factiosus=True)
    assert lead(near, 0) > lead(far, 0)
    assert abs(lead(near, 0) - lead(far, 0)) < 0.1


def test_strand_counts_the_tokens_lost_when_the_takers_exit_G16():
    """G11, G16: a Factiosus thete that cannot land (Serpent D9, 76) needs tokens to veer, and only the
    pieces that take earn them: the nearer they are to exiting, the more the thete is judged to lose; a
    token in hand lessens it; with no taker left (or outside Factiosus) nothing is added."""
    others = [[("thete", "A1"), ("ephebe", "A1"), ("melliran", "A1")]] * 2

    def at(mell, tokens=0, **opts):
        return pos([[("thete", "D9"), ("ephebe", "out"), ("melliran", mell)]] + others,
                   tokens=[tokens, 0, 0], factiosus=True, **opts)

    soon, late = strand(at("I9"), 0), strand(at("A1"), 0)
    assert soon > late >= 0
    assert strand(at("I9", tokens=2), 0) < soon
    assert strand(at("out"), 0) == 0.0


def test_plan_is_bounded_and_legal():
    """Every answer is a legal action, whatever the budget, in every variant."""
    answers_legally(PlanBot(seed=4, budget=5), ({"players": 3}, {"players": 3, "factiosus": True},
                                                {"players": 3, "caecus": True}))


def test_easy_level_plays_a_whole_game():
    s = GAME.new_initial_state({"players": 3, "factiosus": True})
    bots = [make_bot("easy", seed=i, cap=False) for i in range(3)]
    rng = random.Random(6)
    while not s.is_terminal():
        s.apply(random_action(s, rng) if s.is_chance_node() else bots[s.current_player()].step(s))
    assert max(s.returns()) == 1
