"""``tools/zoon_fit.py`` (issue 19: Zoon's evaluation fitted to self-play): its features are the hand-set
evaluation's parts kept apart, its fit finds the weights the results were drawn with, and its fitted levels
judge with the fitted model only inside their own searches."""
from __future__ import annotations

import math
import random

import pytest

from tools import zoon_fit
from pygames.zoon import ai

from .conformance import random_prefix


def _positions():
    out = []
    for seed in range(16):
        s = random_prefix("zoon", {"combat": "alternate" if seed % 2 else "classic"}, seed, 60 + 5 * seed)
        if not s.is_terminal() and s.phase not in zoon_fit.DEPLOY:
            out.append(s)
    return out


def test_features_are_the_hand_set_parts():
    """With the hand-set weights the features add up to the hand-set points difference, and the kill
    features are each side's kill chance (``ai._diff``), for either side to move."""
    checked = 0
    for s in _positions():
        for to_move in (0, 1):
            x = zoon_fit.features(s, to_move)
            assert len(x) == len(zoon_fit.FEATURES)
            d, k0, k1 = ai._diff(s, to_move)
            assert zoon_fit.hand_points(x) == pytest.approx(d, abs=1e-9)
            f = dict(zip(zoon_fit.FEATURES, x))
            sign = 1 if to_move == 0 else -1
            assert f["mover"] == sign and f["south"] == 1
            mine, other = (k0, k1) if to_move == 0 else (k1, k0)
            assert (sign * f["kill_mover"], -sign * f["kill_other"]) == pytest.approx((mine, other))
            checked += 1
    assert checked >= 10


def test_the_mix_is_the_evaluations_chance_mix():
    """South's chance is 1 when South, to move, takes North's Emblem surely, 0 when North does, and the
    logistic of the points otherwise."""
    x = [0.0] * len(zoon_fit.FEATURES)
    k, m = zoon_fit.FEATURES.index("kill_mover"), zoon_fit.FEATURES.index("mover")
    x[m], x[k] = 1.0, 1.0
    assert zoon_fit.mix(x, -30.0) == pytest.approx(1.0)
    x[m], x[k] = -1.0, -1.0
    assert zoon_fit.mix(x, 30.0) == pytest.approx(0.0)
    x[k] = 0.0
    assert zoon_fit.mix(x, math.log(3)) == pytest.approx(0.75)


@pytest.mark.parametrize("mixed", [False, True])
def test_the_fit_finds_the_weights_the_results_were_drawn_with(mixed):
    rng = random.Random(7 + mixed)
    w = [0.8, -0.5, 0.0, 0.3] + [0.0] * (len(zoon_fit.FEATURES) - 4)
    data = []
    for _ in range(6000):
        x = [rng.gauss(0, 1) for _ in range(4)] + [0.0] * (len(zoon_fit.FEATURES) - 4)
        x[zoon_fit.FEATURES.index("mover")] = rng.choice((-1.0, 1.0))
        x[zoon_fit.FEATURES.index("kill_mover")] = x[zoon_fit.FEATURES.index("mover")] * rng.random() * 0.3
        data.append((x, 1.0 if rng.random() < zoon_fit.chance(w, x, mixed) else 0.0))
    fitted = zoon_fit.fit_weights(data, mixed)
    for a, b in zip(fitted[:4], w[:4]):
        assert abs(a - b) < 0.12


def test_a_fitted_level_judges_with_the_model_only_in_its_own_search(monkeypatch):
    """The tool patches ``ai._value`` and ``ai.note_root``: a state is judged by the fitted model only when
    a fitted level's search marked it; every other state (easy's searches, the real game) as before."""
    monkeypatch.setattr(ai, "_value", ai._value)
    monkeypatch.setattr(ai, "note_root", ai.note_root)
    monkeypatch.setitem(zoon_fit._FITTED, "weights", {m: [0.1] + [0.0] * (len(zoon_fit.FEATURES) - 1)
                                                      for m in ("alternate", "classic")})
    s = next(t for t in _positions() if t.phase == "turn")
    hand = ai.evaluate(s)
    level = zoon_fit._FittedLevel(None)
    assert ai.evaluate(s) == hand
    ai.note_root(s.clone(), 0)  # outside the fitted level's step: no mark
    c = s.clone()
    ai.note_root(c, s.current_player())
    assert "_fit" not in c.__dict__
    zoon_fit._FITTED["on"] = True
    try:
        ai.note_root(c, s.current_player())
    finally:
        zoon_fit._FITTED["on"] = False
    x = zoon_fit.features(s)
    assert ai.evaluate(c.clone())[0] == pytest.approx(2 * zoon_fit.chance(zoon_fit._FITTED["weights"][s.mode], x) - 1)
    assert level.bot is None
