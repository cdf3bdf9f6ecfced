"""Golden playthroughs: a rules change shows up as a readable diff of these files (V1–V34 in action).

Regenerate after an intended change with
``python -m pygames playthrough verquere --seed 1 --plies 150 > tests/verquere/playthroughs/text_seed1.txt``
(and ``--option ruleset=ludii --seed 2`` for ``ludii_seed2.txt``), then read the diff.
"""
from pathlib import Path

import pytest

from pygames.core.playthrough import playthrough

HERE = Path(__file__).parent / "playthroughs"


@pytest.mark.parametrize("name, options, seed", [("text_seed1", {}, 1), ("ludii_seed2", {"ruleset": "ludii"}, 2)])
def test_playthrough_unchanged(name, options, seed):
    want = (HERE / f"{name}.txt").read_text()
    got = playthrough("verquere", options, seed, 150)
    assert got == want, f"{name} changed: regenerate it if the change is intended (see this module's doc)"
