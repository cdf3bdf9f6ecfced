"""Option combinations that interact: skip + reversal, rule of 7s + 2 and 10, set clears with several
decks, play on with skips; and every rule id in docs/rules/dritzak.md is named by a test."""
import random
import re
from itertools import product
from pathlib import Path

import pytest

from pygames.core.bots import random_action

from .helpers import GAME, legal, play, pos

ROOT = Path(__file__).resolve().parents[2]


def test_every_rule_has_a_test():
    rules = re.findall(r"^- \*\*(D\d+)\*\*", (ROOT / "docs/rules/dritzak.md").read_text(), re.M)
    assert len(rules) == len(set(rules)) >= 28
    text = "".join(p.read_text() for p in (ROOT / "tests/dritzak").glob("test_*.py"))
    missing = [r for r in rules if not re.search(rf"\b{r}\b", text.replace(f"- **{r}**", ""))]
    assert not missing, f"rules without a test: {missing}"


def test_D19_sevens_with_two_and_ten():
    """D19 with D7, D8: on a 7 a 2 resets and a 10 clears; after the 2 anything goes."""
    o = {"sevens": True}
    s = pos(o, hands=[["2c", "Tc", "Kc"], ["Ac", "9c"]], pile=["7h"])
    play(s, "play 2c")
    assert legal(s) == ["pick up", "play 9c", "play Ac"]
    s = pos(o, hands=[["2c", "Tc", "Kc"], ["Ac", "9c"]], pile=["7h"])
    play(s, "play Tc")
    assert s.pile == [] and s.current_player() == 0 and "play Kc" in legal(s)


def test_D19_sevens_four_sevens_clear():
    """D19 with D23: a 7 on a 7 is allowed and four 7s still clear."""
    s = pos({"sevens": True}, hands=[["7s", "Kc"], ["Ac"]], pile=["7c", "7d", "7h"])
    play(s, "play 7s")
    assert s.pile == [] and s.current_player() == 0


def test_D20_D21_D22_skip_reverse_and_set_clear():
    """D20, D21, D22: a matching play that completes the set clears (no skip) but still reverses."""
    o = {"players": 5, "skip": True, "reversal": True}
    s = pos(o, hands=[["9c", "9d", "3c", "5c"], ["3d"], ["3h"], ["3s"], ["4c"]], pile=["9h", "9s"])
    play(s, "play 9c 9d")
    assert s.pile == [] and s.direction == -1 and s.current_player() == 0
    play(s, "play 3c")
    assert s.current_player() == 4  # the reversed direction


def test_D25_D20_skips_after_going_out():
    """D25 with D20: the last card matching the top still skips among the players left."""
    o = {"players": 4, "skip": True, "play_on": True}
    s = pos(o, hands=[["8c"], ["3c", "4c"], ["3d", "4d"], ["3h", "4h"]], pile=["8h"])
    play(s, "play 8c")
    assert s.places == [0] and s.current_player() == 2


def test_D26_D23_set_across_players_with_several_decks():
    """D26 with D23: with the 'all' rule eight 9s of two decks must be in a row, across players."""
    o = {"decks": 2, "set_rule": "all"}
    s = pos(o, hands=[["9c", "9d", "9h", "9s", "3c"], ["9c2", "9d2", "9h2", "9s2", "3d"]])
    play(s, "play 9c 9d 9h 9s")
    assert s.pile  # four are not enough
    play(s, "play 9c2 9d2 9h2 9s2")
    assert s.pile == [] and s.current_player() == 1


@pytest.mark.parametrize("skip, sevens, reversal, play_on", list(product([False, True], repeat=4)))
def test_every_option_combination_plays_to_the_end(skip, sevens, reversal, play_on):
    opts = {"players": 4, "skip": skip, "sevens": sevens, "reversal": reversal, "play_on": play_on}
    for seed in range(2):
        s = GAME.new_initial_state(opts)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply(random_action(s, rng))
        r = s.returns()
        assert len(s.places) == (4 if play_on or s.called else len(s.places))
        if play_on and not s.called:
            assert sorted(r) == [-1.0, -1 / 3, 1 / 3, 1.0] or sorted(r) == pytest.approx([-1.0, -1 / 3, 1 / 3, 1.0])
