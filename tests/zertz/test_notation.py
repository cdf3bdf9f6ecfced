"""Z20: official notation parsed and formatted, round trip, over the examples and random games."""
import random

import pytest

from pygames.core import IllegalAction
from pygames.zertz.rules import format_move, parse_move

from .helpers import GAME


@pytest.mark.parametrize("text", ["Wd4,d1", "Wd4", "x d1Gd3Wd5", "Bd7,b2 x Wa1Wa2", "Ga1 x Ga1", "x g4Bg2"])
def test_Z20_examples_round_trip(text):
    """Z20: the official examples parse and format back unchanged."""
    assert format_move(parse_move(text)) == text


def test_Z20_parse_structure():
    """Z20: the parts of each kind of notation."""
    assert parse_move("Wd4") == {"place": "W", "ring": "d4", "remove": None, "isolated": []}
    assert parse_move("x d1Gd3Wd5") == {"jump": "d1", "hops": [["G", "d3"], ["W", "d5"]]}
    assert parse_move("Wi5,a1", 61)["ring"] == "i5"


@pytest.mark.parametrize("bad", ["", "W", "Wd", "wd4,d1", "Wd4 d1", "Rd4", "x d1", "x d1G", "Wd8,d1", "Wh1",
                                 "x d1Gd3Wd5 ", " Wd4", "Wd4,d1 x", 7, None, ["Wd4"]])
def test_Z20_malformed_notation_is_rejected(bad):
    """Z20: anything else is an IllegalAction naming the input (d8 and h1 are not on 37 rings). The
    parser is strict; a state reads leniently only what differs from a legal action in letter case
    (the core's reading): ``wd4,d1`` is played as ``Wd4,d1``."""
    with pytest.raises(IllegalAction):
        parse_move(bad)
    s = GAME.new_initial_state()
    before = s.to_json()
    if bad == "wd4,d1":
        s.apply(bad)
        assert s.history == ["Wd4,d1"]
        return
    with pytest.raises(IllegalAction):
        s.apply(bad)
    assert s.to_json() == before


@pytest.mark.parametrize("board", ["37 rings", "48 rings", "61 rings"])
def test_Z20_round_trip_over_random_games(board):
    """Z20: every legal action of random games round-trips and names its own rings."""
    size = int(board.split()[0])
    rng = random.Random(size)
    for _ in range(4):
        s = GAME.new_initial_state({"board": board})
        while not s.is_terminal():
            acts = s.legal_actions()
            for a in acts[:: max(1, len(acts) // 40)]:
                mv = parse_move(a.notation, size)
                assert format_move(mv) == a.notation
                if "place" in mv:
                    assert a.targets[1] == mv["ring"] and a.targets[0] == "take-" + mv["place"]
                else:
                    assert a.targets[0] == mv["jump"]
            s.apply(acts[rng.randrange(len(acts))])
