"""``tools/calibrate.py`` (issue 19, the review's chance to win): the fitted slope of an evaluation as a
chance to win is the slope the results were drawn with, and the review reads a game's slope."""
from __future__ import annotations

import math
import random

from tools.calibrate import fit_scale, log_loss

from pygames import web_hint
from pygames.core import get_game


def _drawn(a: float, n: int, seed: int) -> list[tuple[float, float]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        v = rng.uniform(-1, 1)
        out.append((v, 1.0 if rng.random() < 1 / (1 + math.exp(-a * v)) else 0.0))
    return out


def test_the_fit_finds_the_slope_the_results_were_drawn_with():
    for a in (0.7, 3.0, 6.0):
        data = _drawn(a, 20_000, seed=int(a * 10))
        fitted = fit_scale(data)
        assert abs(fitted - a) < 0.12 * a + 0.1, (a, fitted)
        assert log_loss(data, fitted) <= min(log_loss(data, a), log_loss(data, 2.0)) + 1e-5  # to the search's 0.01


def test_separated_results_stop_at_the_bound():
    """Every lead won: the likelihood grows without end in the slope, which stops at its upper bound."""
    data = [(v / 10, 1.0 if v > 0 else 0.0) for v in range(-10, 11) if v]
    assert fit_scale(data) > 7.9


def test_a_coin_scores_ln2_and_a_sure_prediction_nearly_nothing():
    assert abs(log_loss([(0.3, 1.0), (0.3, 0.0)], 0.0) - math.log(2)) < 1e-12
    assert log_loss([(1.0, 1.0), (-1.0, 0.0)], 20.0) < 1e-8


def test_the_review_reads_the_games_slope(monkeypatch):
    """``_chance`` is ``1 / (1 + exp(-a v))`` of the evaluation with the game's ``extra["eval_scale"]``."""
    g = get_game("zertz")
    state, rng = g.new_initial_state({}), random.Random(1)
    while g.evaluate(state)[0] == 0.0:  # a position the evaluation does not call even
        acts = state.legal_actions()
        state = state.child(acts[rng.randrange(len(acts))].notation)
    v = g.evaluate(state)[0]
    monkeypatch.setitem(g.extra, "eval_scale", 5.0)
    assert web_hint._chance(state, 0, rng) == 1 / (1 + math.exp(-5.0 * v))
    monkeypatch.delitem(g.extra, "eval_scale")
    assert web_hint._chance(state, 0, rng) == 1 / (1 + math.exp(-web_hint.EVAL_SCALE * v))


def test_a_pair_of_levels_alternates_seats(monkeypatch):
    """``--level easy-random``: the first level takes seat 0 in even games and seat 1 in odd ones, the second
    level the other seat; every seat's values come with that seat's result."""
    from pygames.core import bots
    from tools import calibrate
    asked = []
    real = bots.make_bot

    def recording(level, seed=0, cap=True):
        asked.append(level)
        return real("random", seed=seed, cap=cap)
    monkeypatch.setattr(bots, "make_bot", recording)
    data = calibrate.self_play("dvonn", {}, 2, "easy-random")
    assert asked == ["easy", "random", "random", "easy"]
    assert data and {y for _v, y in data} <= {0.0, 0.5, 1.0} and all(-1 <= v <= 1 for v, _y in data)


def test_the_review_reads_a_games_own_chance(monkeypatch):
    """A game with ``extra["review_chance"]`` (Dritzak) is charted by it, not by its evaluation's slope."""
    from tools.calibrate import prob_log_loss
    g = get_game("zertz")
    state = g.new_initial_state({})
    monkeypatch.setitem(g.extra, "review_chance", lambda s, p: 0.8 if p == 0 else 0.2)
    assert web_hint._chance(state, 0, random.Random(1)) == 0.8
    assert web_hint._chance(state, 1, random.Random(1)) == 0.2
    assert abs(prob_log_loss([(0.5, 1.0), (0.5, 0.0)]) - math.log(2)) < 1e-12


def test_dritzak_review_chance_follows_the_cards_to_shed():
    """Dritzak's chart: the chances of all players sum to 1, fall as a player's weighted cards grow (not
    saturating: 26 cards against 5 is far below the 18% a tanh reading stopped at), and once a player is
    out the first out has won."""
    from pygames.dritzak import ai
    g = get_game("dritzak")
    s = g.new_initial_state({"players": 2})
    rng = random.Random(3)
    while s.phase not in ("play", "choose") or s.is_chance_node():
        s.apply(web_hint.sample_outcome(s, rng) if s.is_chance_node() else s.legal_actions()[0])
    c = [ai.review_chance(s, p) for p in range(2)]
    assert abs(sum(c) - 1) < 1e-9
    heavy = s.clone()
    heavy.hands[0] = list(heavy.hands[0]) + list(heavy.deck[:21])
    assert ai.review_chance(heavy, 0) < c[0] and ai.review_chance(heavy, 0) < 0.15
    heavy.places = [1]
    assert ai.review_chance(heavy, 1) == 1.0 and ai.review_chance(heavy, 0) == 0.0
