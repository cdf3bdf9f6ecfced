"""Golden playthrough: a rules change shows up as a readable diff of this file (X1-X20 in action).

Regenerate after an intended change with
``python -m pygames playthrough dvertz --seed 1 --plies 400 > tests/dvertz/playthroughs/seed1.txt``,
then read the diff.
"""
from pathlib import Path

from pygames.core.playthrough import playthrough

HERE = Path(__file__).parent / "playthroughs"


def test_playthrough_unchanged():
    want = (HERE / "seed1.txt").read_text()
    got = playthrough("dvertz", {}, 1, 400)
    assert got == want, "seed1 changed: regenerate it if the change is intended (see this module's doc)"
    assert "returns:" in got  # the whole game, to its end
