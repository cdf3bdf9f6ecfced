"""The bot's evaluation and playout policy stay within the protocol."""
import random

from pygames.zertz import ai, logic
from ..conformance import random_prefix
from .helpers import GAME, play, pos


def test_evaluation_and_policy_along_random_games():
    rng = random.Random(3)
    for _ in range(5):
        s = GAME.new_initial_state()
        while not s.is_terminal():
            v = ai.evaluate(s)
            assert -1 <= v[0] <= 1 and abs(v[0] + v[1]) < 1e-9
            a = ai.rollout_policy(s, rng)
            assert a in s.legal_actions()
            s.apply(a)
        assert ai.evaluate(s) == s.returns()


def test_evaluation_counts_the_movers_forced_capture():
    s = play(GAME.new_initial_state(), "Wd4,a1", "Gd5,g4")  # Player 1 must capture now
    assert ai.evaluate(s)[0] > 0
    assert ai.race([4, 0, 0], "standard") == 1.0 and ai.race([0, 0, 0], "blitz") == 0.0


def _positions(n=40, boards=("37 rings", "61 rings")):
    """Placement positions (no jump open) from seeded random games, early and late."""
    out = []
    for k in range(n):
        opts = {"board": boards[k % len(boards)], "pool": "blitz" if k % 3 == 0 else "standard"}
        s = random_prefix("zertz", opts, seed=100 + k, plies=k % 30)
        if s.result is None and s.legal_actions()[0].kind == 0:
            out.append(s)
    return out


def _gives_by_playing(s, a):
    child = s.clone()
    child.play(a)
    return child.result is None and logic.has_jump(child.marbles, child.ring, child.L.hops)


def test_gives_capture_and_safe_cells_agree_with_playing_the_move():
    """The shortcut (jumps open only through the placed marble, less the removed landing ring) gives the
    same answer as playing each placement and listing the jumps."""
    rng = random.Random(7)
    checked = 0
    for s in _positions():
        acts = s.legal_actions()
        opens = {}
        sample = acts if len(acts) < 300 else rng.sample(acts, 300)
        for a in sample:
            assert ai.gives_capture(s, a, opens) == _gives_by_playing(s, a), a.notation
            checked += 1
        safe = set(ai.safe_cells(s.marbles, s.ring, s.L.nb))
        by_play = {a.cell for a in acts if not a.isolated and not _gives_by_playing(s, a)}
        assert safe == by_play
    assert checked > 2000


def test_candidates_put_safe_placements_and_best_captures_first():
    for s in _positions(20):
        acts = s.legal_actions()
        cands = ai.candidates(s, acts)
        legal_set = {a.notation for a in acts}
        assert cands and all(a.notation in legal_set for a in cands)
        gives = [ai.gives_capture(s, a) for a in cands]
        if not all(_gives_by_playing(s, a) for a in acts):  # a safe placement exists: it comes first
            assert not gives[0] and gives == sorted(gives)
    s = pos({"d4": "W", "d5": "G", "d3": "B", "c3": "W"}, turn=0)
    jumps = s.legal_actions()
    assert jumps[0].kind == 1
    cands = ai.candidates(s, jumps)
    assert sorted(a.notation for a in cands) == sorted(a.notation for a in jumps)
    gains = [ai.gain(s.captures[0], [s.marbles[o] - 1 for o, _ in a.hops], "standard") for a in cands]
    assert gains == sorted(gains, reverse=True)


def test_candidates_squeeze_the_opponent_near_the_end():
    """With few safe rings left, a placement after which the opponent has no safe reply ranks above
    other safe placements (the opponent must then hand over a capture)."""
    found = 0
    for k in (88, 115, 119, 3, 40):  # seeds of random games that reach such a position (and two others)
        s = random_prefix("zertz", {}, seed=k, plies=14 + k % 12)
        if s.result is not None or s.legal_actions()[0].kind == 1:
            continue
        if len(ai.safe_cells(s.marbles, s.ring, s.L.nb)) > ai.ZUGZWANG_SCAN:
            continue
        cands = ai.candidates(s, s.legal_actions())
        squeezes = []
        for a in cands:
            if a.isolated or ai.gives_capture(s, a):
                continue
            child = s.clone()
            child.play(a)
            replies = child.legal_actions() if child.result is None else []
            squeezes.append(bool(replies) and replies[0].kind == 0
                            and all(_gives_by_playing(child, b) for b in replies if not b.isolated))
        if any(squeezes):
            assert squeezes[0]
            found += 1
    assert found >= 3


def test_playout_moves_are_the_engines_legal_moves():
    """The playout builds its moves without listing the legal actions; each one is legal and playing it
    directly gives the same position as applying its notation (isolations included, on every board)."""
    rng = random.Random(1)
    played = isolations = 0
    for k in range(30):
        opts = {"board": ("37 rings", "48 rings", "61 rings")[k % 3], "pool": "blitz" if k % 2 else "standard"}
        s = random_prefix("zertz", opts, seed=k, plies=k % 20)
        while s.result is None:
            mv = ai.playout_move(s, rng)
            assert mv.notation in {a.notation for a in s.legal_actions()}, mv.notation
            direct = s.clone()
            direct.play(mv)
            s.apply(mv.notation)
            assert direct._state_json() == s._state_json()
            played += 1
            isolations += bool(mv.isolated)
    assert played > 200 and isolations > 0
    s = random_prefix("zertz", {}, seed=2, plies=6)
    ai.playout(s, rng, 4)
    assert len(s.history) == 6 and s.to_json()["state"] == type(s).from_json(s.to_json()).to_json()["state"]
