"""Zoon's medium level, the two-ply look-ahead (``pygames/zoon/ai_look.py``, issue 19): it is medium's player
and keeps to its time cap (that it decides from its own observation only, takes an Emblem it can take and
parries a threat to its own: ``test_ai.py``, at easy and medium)."""
import math

from pygames.core import get_game
from pygames.zoon import ai_look

from ..conformance import random_prefix

G = get_game("zoon")


def test_medium_is_the_look_ahead():
    """Issue 19: Zoon's medium level is the two-ply look-ahead; easy stays the core's search (hard is the
    three-ply look-ahead: ``test_ai_deep.py``)."""
    assert isinstance(G.extra["bot"]("medium", 1, False), ai_look.LookaheadBot)
    assert G.extra["bot"]("easy", 1, False) is None


def test_look_ahead_keeps_to_its_time_cap():
    """Issue 19 (medium within 1 s a decision): with a tiny cap the look-ahead judges one determinization
    and no two-ply check, and still answers a legal action; without a cap it answers the same action from
    the same seed every time."""
    s = next(t for t in (random_prefix("zoon", {"combat": "alternate"}, seed, 60) for seed in range(20))
             if t.phase == "turn" and len(t.legal_actions()) > 1)
    legal = {a.notation for a in s.legal_actions()}
    quick = ai_look.LookaheadBot(1, None, seconds=1e-9)
    assert quick.step(s).notation in legal
    full = [ai_look.LookaheadBot(2, None, seconds=math.inf).step(s).notation for _ in range(2)]
    assert full[0] == full[1] and full[0] in legal
