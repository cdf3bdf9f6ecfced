"""Medium and hard: the planner's moves judged by sampled lines of play (pygames/duerror_grandis/ai_look.py)."""
import math
import random
import time

from pygames.core.bots import make_bot, random_action
from pygames.duerror_grandis.ai_look import LookBot, make_level_bot
from pygames.duerror_grandis.ai_plan import PlanBot

from .helpers import GAME, answers_legally, play, pos


def test_levels_are_the_planner_and_its_look_ahead():
    assert isinstance(GAME.extra["bot"]("easy", 1, True), PlanBot)
    medium, hard = GAME.extra["bot"]("medium", 1, False), GAME.extra["bot"]("hard", 1, False)
    assert isinstance(medium, LookBot) and isinstance(hard, LookBot)
    assert hard.samples > medium.samples
    assert medium.seconds == math.inf and make_level_bot("medium", 1, True).seconds <= 1.0
    assert make_level_bot("hard", 1, True).seconds <= 2.0
    assert make_level_bot("random", 1, True) is None


def test_look_wins_when_it_can_G25():
    """G25: the melliran on the Serpent's I9 (81) moves out and wins."""
    s = pos([[("melliran", "I9")], [("thete", "B7")]])
    play(s, "keep")
    assert LookBot(seed=1, samples=4).step(s).notation == "I9-out"


def test_look_takes_a_swap_far_ahead_G14():
    """G14: Red's ephebe on the Serpent's C1 (3) swaps with Blue on E3 (Serpent 23, Spiral 59): Red gains
    20 squares and Blue loses 56, so it takes."""
    s = pos([[("ephebe", "C1")], [("thete", "E3")]], boards=[1, 2])
    play(s, "keep")
    assert LookBot(seed=2, samples=8).step(s).notation == "take E3"


def test_a_line_stops_at_the_players_next_turn():
    """With ``phases=2`` a sampled line ends when the player is to decide again (or the game is over),
    after every other player has had a turn; with ``phases=3``, once that turn is over too."""
    for seed in range(6):
        s = pos([[("thete", "B2")], [("thete", "C4")], [("ephebe", "E5")]], tokens=[1, 1, 1])
        bot = LookBot(seed=seed, samples=1)
        c = s.clone()
        c.apply(c.legal_actions()[0])
        bot._line(c, 0, [random.Random(seed + q) for q in range(3)])
        assert c.part == "over" or (c.current_player() == 0 and c.round == 1 and not c.is_chance_node())
        bot = LookBot(seed=seed, samples=1, phases=3)
        c = s.clone()
        c.apply(c.legal_actions()[0])
        bot._line(c, 0, [random.Random(seed + q) for q in range(3)])
        assert c.part == "over" or (c.current_player() == 1 and c.round == 1)


def test_same_seed_same_choice_and_the_cap_holds():
    """The samples are drawn from the seed only (the same seed, the same answer); a capped decision stops
    after its seconds (at least one sample), whatever the number of samples asked."""
    s = pos([[("ephebe", "C1")], [("thete", "E3")], [("melliran", "A1")]], boards=[1, 2, 3], tokens=[1, 1, 1])
    play(s, "keep")
    assert LookBot(seed=5, samples=6).step(s).notation == LookBot(seed=5, samples=6).step(s).notation
    t0 = time.perf_counter()
    LookBot(seed=5, samples=10 ** 6, seconds=0.05).step(s)
    assert time.perf_counter() - t0 < 1.0


def test_look_is_legal_in_every_variant():
    """Every answer is a legal action, in every variant, over games against random players."""
    answers_legally(LookBot(seed=4, samples=1), ({"players": 3}, {"players": 3, "factiosus": True},
                                                 {"players": 3, "caecus": True}, {"players": 2, "parcus": 2}))


def test_medium_plays_a_whole_game():
    s = GAME.new_initial_state({"players": 3, "caecus": True})
    bots = [make_bot(level, seed=i, cap=False) for i, level in enumerate(("medium", "easy", "easy"))]
    bots[0]._for(s).samples = 2
    rng = random.Random(6)
    while not s.is_terminal():
        s.apply(random_action(s, rng) if s.is_chance_node() else bots[s.current_player()].step(s))
    assert max(s.returns()) == 1


def test_value_is_the_answers_mean_for_the_hint():
    """``value()`` (read by the hint) is the mean judgement of the answer, in [-1, 1]: 1 for a move that
    wins at once (G25); None after a forced answer."""
    s = pos([[("melliran", "I9")], [("thete", "B7")]])
    play(s, "keep")
    bot = LookBot(seed=1, samples=3)
    assert bot.step(s).notation == "I9-out" and bot.value() == 1.0
    s = pos([[("ephebe", "C1")], [("thete", "E3")], [("melliran", "A1")]], boards=[1, 2, 3], tokens=[1, 1, 1])
    play(s, "keep")
    bot.step(s)
    assert -1.0 <= bot.value() <= 1.0
    s = pos([[("thete", "B2")], [("thete", "C4")]], tokens=[0, 0], bank=0)
    play(s, "keep")  # no token: the thete can only move (G23)
    assert len(s.legal_actions()) == 1
    bot.step(s)
    assert bot.value() is None


def test_factiosus_levels_sample_fewer_lines_and_keep_their_order():
    """Factiosus (G31): a sampled line plays every piece's turn, so the levels sample fewer lines there
    (``LEVELS``' ``factiosus_samples``) to stay within issue 19's time bounds; hard still samples more
    than medium. The same bots sample their usual number in the other variants."""
    counts = {}
    for factiosus in (False, True):
        full = [[("thete", "B2"), ("ephebe", "C1"), ("melliran", "A3")],
                [("thete", "E3"), ("ephebe", "D4"), ("melliran", "A1")],
                [("thete", "C5"), ("ephebe", "A2"), ("melliran", "B1")]]
        s = pos(full if factiosus else [row[:1] for row in full], boards=[1, 2, 3], tokens=[1, 1, 1],
                **({"factiosus": True} if factiosus else {}))
        rng = random.Random(1)
        while s.is_chance_node() or len(s.legal_actions()) < 2:
            s.apply(random_action(s, rng))
        for level in ("medium", "hard"):
            bot = make_level_bot(level, 1, False)
            lines = []
            bot._line = lambda c, p, rngs: lines.append(1) or 0.0
            bot.step(s)
            counts[factiosus, level] = len(lines) / len(s.legal_actions())
    assert counts[False, "medium"] == 16 and counts[False, "hard"] == 64
    assert counts[True, "medium"] == 4 and counts[True, "hard"] == 12
