"""Golden playthroughs: a rules change shows up as a readable diff of these files (N1-N20 in action).

Regenerate after an intended change with
``python -m pygames playthrough dvonn --seed 1 --plies 200 > tests/dvonn/playthroughs/placement_seed1.txt``
(and ``--option random_board=true --seed 2`` for ``random_board_seed2.txt``), then read the diff.
"""
from pathlib import Path

import pytest

from pygames.core.playthrough import playthrough

HERE = Path(__file__).parent / "playthroughs"


@pytest.mark.parametrize("name, options, seed", [("placement_seed1", {}, 1),
                                                 ("random_board_seed2", {"random_board": True}, 2)])
def test_playthrough_unchanged(name, options, seed):
    want = (HERE / f"{name}.txt").read_text()
    got = playthrough("dvonn", options, seed, 200)
    assert got == want, f"{name} changed: regenerate it if the change is intended (see this module's doc)"
    assert "returns:" in got  # the whole game, to its end
