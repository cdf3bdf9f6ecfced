"""Zoon evaluation and playout policy for the determinized MCTS bot (``core.bots.MCTSBot``).

The bot searches from its own observation only: every iteration starts from
:meth:`ZoonState.determinize`, which shuffles the opponent's face-down Zoons among their cells and redraws
a pending classic choice. The evaluation then reads that sampled state:

- *material*: each Zoon still on the battlefield is worth its combat value (the mean of its heads and tails
  sums, a Star counted 2.5, its current penny side counted a little more), each trump still usable 2;
- *Emblem safety*: each enemy Zoon that could attack a side's Emblem on its next move costs that side 4
  (2 while the Emblem is still face down, when the enemy must guess);
- *threats*: each attack a side could make next move is worth 0.4, and Zoons closer to the enemy back row
  0.15 per row;
- a pending combat is judged by its exact odds over the 36 dice (classic: every corner equally likely),
  averaging the material after each outcome (an Emblem lost is a lost game);
- during deployment: an Emblem in the back row is worth 3 and an arrangement not yet confirmed costs 0.02,
  so the bot confirms its dealt arrangement unless a swap would help.

The search's playouts are empty (:func:`playout`): leaves are judged directly, a combat by its odds, which
is less noisy than sampling dice in random playouts.
"""
from __future__ import annotations

import math
import random

from .rules import BACK, HEADS, ZoonState, outcome
from .tribes import STAR, X


def _pair_value(pair) -> float:
    return sum(2.5 if v == STAR else 0.0 if v == X else v for v in pair)


def zoon_value(state: ZoonState, p: int, i: int) -> float:
    """The material value of Zoon (p, i): mean of its two sides, its current side weighted a little more."""
    c = state.zoon(p, i).corners
    h, t = _pair_value(c[:2]), _pair_value(c[2:])
    cur = h if state.coin[p][i] == HEADS else t
    return 0.35 * (h + t) + 0.3 * cur + 1.0


def _arrangement(state: ZoonState, p: int) -> float:
    score = 0.0
    for i in range(12):
        c = state.pos[p][i]
        if c >= 0 and state.zoon(p, i).type == "Emblem" and c // 6 == BACK[p]:
            score += 3.0
    if state.phase == "arrange" and state.arranger == p:
        score -= 0.02
        if state.picked >= 0:
            score -= 0.02
    return score


_ODDS: dict = {}


def odds(cva: int, cvd: int) -> tuple[float, float, float]:
    """(attacker wins, defender wins, draw) probabilities of an alternate combat over the 36 dice (ZN18)."""
    k = (cva, cvd)
    r = _ODDS.get(k)
    if r is None:
        n = {"attacker": 0, "defender": 0, "draw": 0}
        for a in range(1, 7):
            for d in range(1, 7):
                n[outcome(cva, cvd, a, d)] += 1
        r = _ODDS[k] = (n["attacker"] / 36, n["defender"] / 36, n["draw"] / 36)
    return r


def _classic_odds(state: ZoonState) -> tuple[float, float, float]:
    """Rough odds of a classic combat: every corner of each card equally likely to be touched."""
    c = state.combat
    assert c is not None
    ca = state._side_card(c["a"])[0]
    cd = state._side_card(c["d"])[0]
    w = l_ = d = 0
    for va in ca:
        for vd in cd:
            if va == vd or va == STAR or vd == STAR:
                d += 1
            elif va == X or va < vd:
                l_ += 1
            else:
                w += 1
    return w / 16, l_ / 16, d / 16


def _combat_expectation(state: ZoonState) -> list[float]:
    """The evaluation of a pending combat, averaged over its outcomes (the dice are not sampled)."""
    c = state.combat
    assert c is not None
    if state.phase == "dice":
        cva, cvd = state.combat_values()[:2]
        pw, pl, pdr = odds(cva, cvd)
    else:
        pw, pl, pdr = _classic_odds(state)
    s0, s1 = side_score(state, 0), side_score(state, 1)
    pa, xa = c["a"]
    pd, xd = c["d"]

    def val(loser: int, value: float, emblem: bool) -> float:
        if emblem:
            return 1.0 if loser == 1 else -1.0
        a, b = (s0 - value, s1) if loser == 0 else (s0, s1 - value)
        return math.tanh((a - b) / 15.0)

    d_emblem = state.zoon(pd, xd).type == "Emblem"
    win = val(pd, zoon_value(state, pd, xd), d_emblem)
    if isinstance(xa, str):
        lose = val(pa, 2.0, False)
    else:
        lose = val(pa, zoon_value(state, pa, xa), state.zoon(pa, xa).type == "Emblem")
    draw = math.tanh((s0 - s1) / 15.0)
    v = pw * win + pl * lose + pdr * draw
    return [v, -v]


def side_score(state: ZoonState, p: int) -> float:
    """The heuristic worth of the position for ``p`` (higher is better)."""
    q = 1 - p
    score = 0.0
    emblem = -1
    for i in range(12):
        c = state.pos[p][i]
        if c < 0:
            continue
        if state.zoon(p, i).type == "Emblem":
            emblem = i
            continue
        score += zoon_value(state, p, i)
        score += 0.15 * (c // 6 if p == 0 else 5 - c // 6)
    score += 2.0 * sum(1 for z in state.tzone[p].values() if z in ("hand", "side"))
    if emblem >= 0:
        ecell = state.pos[p][emblem]
        danger = 2.0 if not state.up[p][emblem] else 4.0
        for j in range(12):
            if state.pos[q][j] >= 0:
                for t, _prev, att in state.moves_of(q, j):
                    if att and t == ecell:
                        score -= danger
    attacks = 0
    for i in range(12):
        if state.pos[p][i] >= 0:
            for _t, _prev, att in state.moves_of(p, i):
                attacks += att
    score += 0.4 * attacks
    return score


def evaluate(state: ZoonState) -> list[float]:
    """Per-player values in (-1, 1) for (South, North): the game's returns once it is over, else ``tanh``
    of the score difference (deployment: of the arrangement scores)."""
    if state.phase == "over":
        return state.returns()
    if state.phase in ("first", "deal", "arrange"):
        v = math.tanh(_arrangement(state, 0) - _arrangement(state, 1))
        return [v, -v]
    if state.phase in ("dice", "secret"):
        return _combat_expectation(state)
    v = math.tanh((side_score(state, 0) - side_score(state, 1)) / 15.0)
    return [v, -v]


def playout(state: ZoonState, rng: random.Random, decisions: int) -> None:
    """No playout: the MCTS judges each new leaf with :func:`evaluate` as it stands (a pending combat by
    its exact odds) instead of sampling dice in random playouts."""
    return None


def rollout_policy(state: ZoonState, rng: random.Random):
    """Playout policy: confirm a deployment, prefer attacks and shots (70%), otherwise random."""
    acts = state.legal_actions()
    if state.phase == "arrange":
        return acts[0]
    good = [a for a in acts if "x" in a.notation or ">" in a.notation]
    pool = good if good and rng.random() < 0.7 else acts
    return pool[rng.randrange(len(pool))]
