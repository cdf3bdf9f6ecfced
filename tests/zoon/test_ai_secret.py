"""Classic combat's game of secret choices for the computer players (ZN42, ZN43; issue 19): the matrix-game
solver finds equilibria, the bots judge a pending combat by both sides' equilibrium mixes without reading the
other side's secret choice, and a bot's own choice is drawn from its mix, the same in states that look alike."""
import random

import pytest

from pygames.core import get_game
from pygames.core.bots import make_bot, random_action
from pygames.zoon import ai, ai_secret

G = get_game("zoon")


def gap(a, x, y) -> float:
    """How much either side could gain by leaving its mix (0 at an equilibrium)."""
    m, n = len(a), len(a[0])
    best_row = max(sum(a[i][j] * y[j] for j in range(n)) for i in range(m))
    best_col = min(sum(a[i][j] * x[i] for i in range(m)) for j in range(n))
    return best_row - best_col


def test_solve_exact_games():
    """Matching pennies, a saddle point and a 2 × 2 game without one, solved exactly; the value is the mixes'."""
    x, y, v = ai_secret.solve([[1, -1], [-1, 1]])
    assert x == [0.5, 0.5] and y == [0.5, 0.5] and v == 0.0
    x, y, v = ai_secret.solve([[3, 1, 4], [2, 0, 1], [5, 2, 6]])  # row 3 dominates; column 2 is the minimum
    assert x == [0, 0, 1] and y == [0, 1, 0] and v == 2
    x, y, v = ai_secret.solve([[2, -1], [-1, 1]])
    assert x == pytest.approx([0.4, 0.6]) and y == pytest.approx([0.4, 0.6]) and v == pytest.approx(0.2)
    x, y, v = ai_secret.solve([[1, 1, -1, -1]] * 2 + [[-1, -1, 1, 1]] * 2)  # equal rows and columns share
    assert x == [0.25] * 4 and y == [0.25] * 4


def test_solve_random_games_near_equilibrium():
    """8 × 8 games with a few distinct payoffs (as a combat has): each side gains at most 3% of the payoffs'
    range by leaving its mix, and the mixes are distributions."""
    rng = random.Random(5)
    for _ in range(60):
        vals = [rng.uniform(-1, 1) for _ in range(rng.randint(2, 5))]
        a = [[rng.choice(vals) for _ in range(8)] for _ in range(8)]
        x, y, v = ai_secret.solve(a)
        assert sum(x) == pytest.approx(1) and sum(y) == pytest.approx(1) and min(x + y) >= 0
        assert gap(a, x, y) <= 0.03 * (max(vals) - min(vals))


def secret_positions(count: int):
    """Classic combats reached by seeded random play, at the attacker's secret choice."""
    out = []
    for seed in range(400):
        rng = random.Random(seed)
        s = G.new_initial_state({"combat": "classic", "first": "south"})
        for _ in range(600):
            if s.is_terminal() or s.phase == "secret":
                break
            s.apply(random_action(s, rng))
        if s.phase == "secret":
            out.append(s)
            if len(out) == count:
                break
    return out


def test_combat_judged_by_equilibrium_mixes():
    """ZN42, ZN43: a pending combat's outcomes are weighed by both sides' equilibrium mixes of the game of
    the combat's result (no side wins the fight more often by a pure choice), each outcome judged by the
    evaluation; the mixes kept for a pattern are those solved afresh."""
    spread = 0
    for s in secret_positions(8):
        d = s.determinize(s.current_player(), random.Random(1))
        ai.note_root(d, d.current_player())
        judged = ai_secret.classic_classes(d, lambda how: ai.evaluate(ai._resolved(d, how))[0])
        assert sum(pr for pr, _how, _v in judged) == pytest.approx(1)
        assert all(v == ai.evaluate(ai._resolved(d, how))[0] for _pr, how, v in judged)
        reps, idx, keys = ai_secret._classes(d)
        worth = [ai_secret.WORTH[r] + {"a": 0.5, "d": -0.5}.get(e, 0.0) for r, e in keys]
        pay = [[worth[c] for c in row] for row in idx]
        x, y = ai_secret.outcome_mixes(keys, idx)
        assert (x, y) == tuple(ai_secret.solve(pay)[:2])
        assert gap(pay, x, y) <= 0.03 * (max(worth) - min(worth)) + 1e-9
        prob = {}
        for i in range(8):
            for j in range(8):
                prob[idx[i][j]] = prob.get(idx[i][j], 0.0) + x[i] * y[j]
        assert sorted(pr for pr, _h, _v in judged) == pytest.approx(sorted(p for p in prob.values() if p > 1e-9))
        spread += max(x) > 0.13 or max(y) > 0.13  # not every choice equally likely
    assert spread >= 3


def test_opponents_made_choice_is_not_read():
    """ZN42: at the defender's choice, the attacker's made choice is secret: the defender's search judges the
    combat the same whatever that choice was, and its bot chooses alike (the same seed, the same choice)."""
    checked = 0
    for s in secret_positions(6):
        outs = []
        for n in ("secret up TL", "secret down BR", "secret up BL"):  # the attacker's choice, made three ways
            other = s.clone()
            other.apply(next(a for a in other.legal_actions() if a.notation == n))
            me = other.current_player()
            d = other.clone()
            ai.note_root(d, me)
            outs.append((ai.evaluate(d), make_bot("medium", seed=3, cap=False).step(other).notation))
        assert outs[0] == outs[1] == outs[2]
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_secret_choice_drawn_from_the_mix(level):
    """ZN42: the look-aheads' secret choice is drawn from their own equilibrium mix of the game as they see
    it (:func:`ai_secret.secret_game`, averaged over determinizations): never a choice outside the mix, and
    different seeds draw different choices where the mix is spread."""
    from pygames.zoon.ai_look import DETS
    spread = 0
    for s in secret_positions(4):
        me = s.current_player()
        picks = set()
        for seed in range(8):
            pick = make_bot(level, seed=seed, cap=False).step(s).notation
            pay = ai_secret.secret_game(s, me, random.Random(seed), DETS,
                                        lambda d, how: ai.evaluate(ai._resolved(d, how))[0])
            x = ai_secret.solve(pay)[0]
            _, o, c = pick.split()
            assert x[ai_secret.CHOICES.index((("up", "down").index(o), ("TL", "TR", "BR", "BL").index(c)))] > 0
            picks.add(pick)
        spread += len(picks) > 1
    assert spread >= 1
