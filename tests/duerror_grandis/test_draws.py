"""Random draws (issue 19's speed work): ``pick_random`` draws the d6 (G9) and a veer's d10 (G20) as
``pick`` finds them and formactus' choices (G8, G9), a take or the end of flictus (G11–G17) as
``legal_actions()[k]``, so a seed plays the same game however the action is found; the chain's sets
(G37, G38), kept in step as a chain grows, equal the sets worked out afresh."""
import pytest

from ..helpers import drawn_as_drawn_from_lists
from .helpers import GAME


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 3, "factiosus": True},
                                     {"players": 4, "factiosus": True, "caecus": True},
                                     {"players": 2, "merus": True, "parcus": 2}])
def test_drawn_action_is_the_listed_one(options):
    """At every node of seeded random games the drawn action is the listed one (every ``k``; chance by
    ``pick``) and the games drawn so equal the games drawn from the lists; wherever a chain of takes is
    under way, its kept sets are the chain's and the bars' (G37, G38)."""
    chains = []

    def visit(s):
        if s.part == "flictus" and s.chain:
            assert s._chain_sets() == ({tuple(c) for c in s.chain}, {tuple(b) for b in s.barred})
            chains.append(1)

    assert drawn_as_drawn_from_lists(GAME, options, range(3), visit) > 150
    if options.get("factiosus"):
        assert len(chains) > 50
