"""Zoon's hard level, the three-ply look-ahead (``pygames/zoon/ai_deep.py``, issue 19): it is hard's player,
keeps to its time cap and cuts off nothing that would change its value (that it decides from its own
observation only, takes an Emblem it can take and parries a threat to its own: ``test_ai.py``)."""
import math
import random

from pygames.core import get_game
from pygames.zoon import ai, ai_deep
from pygames.zoon.rules import CELL_INDEX

from ..conformance import random_prefix

G = get_game("zoon")


def _positions(n: int) -> list:
    out = []
    for seed in range(40):
        s = random_prefix("zoon", {"combat": "alternate" if seed % 2 else "classic"}, seed, 60 + 5 * seed)
        if s.phase == "turn" and not s.is_terminal() and len(s.legal_actions()) > 1:
            out.append(s)
        if len(out) == n:
            break
    return out


def test_hard_is_the_deep_look_ahead():
    """Issue 19: Zoon's hard level is the three-ply look-ahead, medium the two-ply one, easy the core's
    search."""
    assert isinstance(G.extra["bot"]("hard", 1, False), ai_deep.DeepBot)
    assert type(G.extra["bot"]("medium", 1, False)).__name__ == "LookaheadBot"
    assert G.extra["bot"]("easy", 1, False) is None


def test_deep_look_ahead_keeps_to_its_time_cap():
    """Issue 19 (hard within 2 s a decision): with a tiny cap it judges one determinization and no deeper
    check, and still answers a legal action; without a cap the same seed gives the same action."""
    s = _positions(1)[0]
    legal = {a.notation for a in s.legal_actions()}
    assert ai_deep.DeepBot(1, None, seconds=1e-9).step(s).notation in legal
    full = [ai_deep.DeepBot(2, None).step(s).notation for _ in range(2)]
    assert full[0] == full[1] and full[0] in legal


def _full_three_ply(state, me: int) -> float:
    """:func:`ai_deep.three_ply` without cut-offs: every answer of ``me`` judged."""
    if state.is_terminal():
        return state.returns()[me]
    if state.phase in ("dice", "secret"):
        return sum(pr * _full_three_ply(ai._resolved(state, how), me) for pr, how in ai._outcome_classes(state))
    if state.phase != "turn" or state.current_player() == me:
        return ai.evaluate(state)[me]
    low = math.inf
    for r in ai_deep._replies(state, 1 - me):
        s = state.clone()
        s.apply(r)
        low = min(low, ai_deep._after(s, me, math.inf, ai_deep._Killer()))
    return low


def _after_best_actions(seed: int):
    """``(state after the action, me)`` for the two best one-ply actions of a determinization (drawn with
    ``seed``, noted as the search root) of each of four positions."""
    for s in _positions(4):
        me = s.current_player()
        d = s.determinize(me, random.Random(seed))
        ai.note_root(d, me)
        for a in ai.candidates(d, d.legal_actions())[:2]:
            c = d.clone()
            c.apply(a)
            yield c, me


def test_cut_offs_keep_the_value():
    """Alpha-beta: the value with cut-offs (an answer stops the search of a reply once it reaches the lowest
    value so far) equals the value with every answer judged, for the best one-ply actions of a few
    positions, both combats."""
    checked = 0
    for c, me in _after_best_actions(5):
        assert ai_deep.three_ply(c, me) == _full_three_ply(c, me)
        checked += 1
    assert checked >= 6


def test_an_emblem_walk_is_among_the_replies():
    """The replies tried include every move of the mover's Emblem (where this state puts it), though the
    candidate order ranks such walks last."""
    found = 0
    for s in _positions(30):
        q = s.current_player()
        cell = s.pos[q][s.emblem_index(q)]
        walks = [a.notation for a in s.legal_actions() if len(a.targets) == 2 and cell >= 0
                 and CELL_INDEX.get(a.targets[0]) == cell]
        replies = {a.notation for a in ai_deep._replies(s, q)}
        assert set(walks) <= replies
        found += bool(set(walks) - {a.notation for a in ai.candidates(s, s.legal_actions())[:ai_deep.REPLIES]})
    assert found >= 1


def test_a_search_past_its_deadline_stops():
    """Issue 19 (hard within 2 s): a three-ply check that reaches an answer of the player after its deadline
    stops (its action is then not judged) instead of running on; without a deadline it gives a value."""
    stopped = 0
    for c, me in _after_best_actions(3):
        v = ai_deep.three_ply(c, me)
        assert abs(v) <= 1.0 + 1e-9
        try:
            ai_deep.three_ply(c, me, deadline=0.0)
        except ai_deep._OutOfTime:
            stopped += 1
    assert stopped >= 4
