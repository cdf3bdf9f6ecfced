"""Random draws (issue 19's speed work): ``pick_random`` draws a dealt or drawn card (D2, D14) as ``pick``
finds it and a play (D10–D16) or a face-up choice (D4) as ``legal_actions()[k]``, so a seed plays the
same game however the action is found."""
import pytest

from ..helpers import drawn_as_drawn_from_lists
from .helpers import GAME

ALL = {"skip": True, "sevens": True, "reversal": True, "play_on": True}


@pytest.mark.parametrize("options", [{"players": 4}, dict(ALL, players=4, decks=2, set_rule="suits"),
                                     dict(ALL, players=6, decks=3, set_rule="all", deal="hand of two")])
def test_drawn_action_is_the_listed_one(options):
    """At every node of seeded random games the drawn action is the listed one (every ``k``; chance by
    ``pick``), with its alike clicks (D30), and the games drawn so equal the games drawn from the lists."""
    assert drawn_as_drawn_from_lists(GAME, options, range(3)) > 400
