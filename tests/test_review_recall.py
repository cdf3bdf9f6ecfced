"""``tools/review_recall.py`` (issue 19, review24): the newcomer's games are the same from a seed, and a
reference loss reads its values as stated."""
from __future__ import annotations

import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tools"))

import review_recall as rr  # noqa: E402


def test_ref_loss_readings():
    ref = {"values": {"a": 0.75, "b": 0.5}}
    assert rr.ref_loss(ref, "b", "linear", 2.0, 2) == 0.25
    assert rr.ref_loss(ref, "a", "linear", 2.0, 2) == 0.0
    # logistic: v = 2 * 0.75 - 1 = 0.5 read at slope 4, the played move's v = 0 at one half
    assert math.isclose(rr.ref_loss(ref, "b", "logistic", 4.0, 2), 1 / (1 + math.exp(-2.0)) - 0.5)
    # playouts' frequencies (more than two players) are kept as they are
    assert rr.ref_loss(ref, "b", "logistic", 4.0, 4) == 0.25


def test_newcomer_games_are_seeded():
    a, b = rr.play("zertz", {}, 3), rr.play("zertz", {}, 3)
    assert a.actions == b.actions and a.replay().is_terminal()
    assert rr.play("zertz", {}, 4).actions != a.actions
