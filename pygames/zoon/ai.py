"""Zoon evaluation and search hooks for the determinized MCTS bot (``core.bots.MCTSBot``).

The bot searches from its own observation only: every iteration starts from
:meth:`ZoonState.determinize`, which shuffles the opponent's face-down Zoons among their cells (each within
what its seen moves allow, ZN44), rewrites the opponent's deployment in the history, redraws a pending
classic choice, and notes what the searching player knew at the root (:func:`note_root`).

The evaluation counts *points* for each side (:func:`side_score`):

- *material*: each Zoon still on the battlefield is worth its combat value (the mean of its heads and tails
  sums, a Star counted 2.5, its current penny side counted a little more), each usable trump 2;
- *Emblem safety*: a face-down Emblem among ``n`` face-down Zoons is worth :data:`HIDE` ``* (1 - 1/n)``
  points (the enemy does not know which one to attack; turning it face up gives that away);
- *Emblem pressure*: where the enemy Emblem may be, as this side sees it (a face-up Emblem's cell, else
  each of the enemy's face-down Zoons alike), each Zoon closer than five steps to it scores by closeness;
- *combat prospects*: the best expected gain of one attack (a chance of winning times the defender's worth
  against a chance of losing times the attacker's) and :data:`SPREAD` of each other favourable one, in
  full for the side to move, :data:`PARRY` for the other;
- a little for rows advanced.

Beside the points, each side has a *kill* chance: its best chance of taking the enemy Emblem with one
attack. The value of a position (:func:`_value`) is a chance mix: the side to move takes the Emblem with
its kill chance; else the other side takes the mover's with :data:`PARRY` of its own (the mover can still
parry); else the points decide, *linearly*: the change of the points difference since the root of the
search over :data:`SHARP`, plus the difference itself over :data:`SCALE` (shrinking as the anti-stalling
counter runs, ZN40, and on a second repetition, so a side ahead prefers progress to the draw), clipped to
[-1, 1]. Linear points make the search's means the expected change of material, risk-neutral: a ``tanh``
here had squeezed the loss of one Zoon and of five to nearly the same value, and the bot had thrown
Zoons at stronger ones. The root's baseline is kept for each side to move, so a leaf is compared with the
root seen the same way.

A pending combat (:func:`_combat_expectation`) is played out on copies, one for each way it can end
(the dice or the secret choices grouped by outcome), and each copy judged as above, weighted by its
chance (classic combat: by both sides' equilibrium mixes of the game of secret choices, so a side is
expected to pick a strong card orientation and corner, not one at random, :mod:`pygames.zoon.ai_secret`):
the penny flips, the attacker's recoil, tribe-card effects and an Emblem taken all count. A defender
that was face down when the search began is judged over every identity it may have.

The search's playouts are empty (:func:`playout`): leaves are judged directly. The candidate order
(:func:`candidates`) puts Emblem attacks, favourable attacks and advances first for a search that widens
progressively.

During deployment an Emblem in the back row is worth 3 (a corner 0.5 more) and an arrangement not yet
confirmed costs 0.02, so the bot confirms its dealt arrangement unless a swap would help.
"""
from __future__ import annotations

import math
import random

from . import ai_secret
from .rules import BACK, HEADS, ZoonState, outcome, pair_of, combat_value, CELL_INDEX, QUIET_LIMIT
from .tribes import STAR, X

_EMBLEMS: dict = {}


def _emblem(state: ZoonState, p: int) -> int:
    """``state.emblem_index(p)``, kept per tribe (the index of its Emblem among its twelve Zoons)."""
    t = state.tribes[p]
    i = _EMBLEMS.get(t)
    if i is None:
        i = _EMBLEMS[t] = state.emblem_index(p)
    return i


EMBLEM = 40.0
"""Points of a sure Emblem take in the candidate order (a whole tribe's material is about 55)."""
SHARP = 30.0
"""Points of change since the root per unit of value."""
SCALE = 300.0
"""Points of standing difference per unit of value (of ``tanh`` argument when no search root is noted)."""
PARRY = 1 / 3
"""Weight of the threats of the side that is not to move."""
SPREAD = 0.3
"""Weight of every other favourable attack beside the best one (a side may get to make more than one)."""
HIDE = 6.0
"""Points of a face-down Emblem among many face-down Zoons (times 1 - 1/their number): the enemy does not
know which one to attack."""
NEAR = 0.3
"""Points per step of closeness (five steps away: nothing) of a Zoon to where the enemy Emblem may be."""


def _pair_value(pair) -> float:
    return sum(2.5 if v == STAR else 0.0 if v == X else v for v in pair)


_WORTH: dict = {}


def zoon_value(state: ZoonState, p: int, i: int) -> float:
    """The material value of Zoon (p, i): mean of its two sides, its current side weighted a little more
    (kept per card and penny side: the review and the search ask for it many times per position)."""
    c = state.zoon(p, i).corners
    heads = state.coin[p][i] == HEADS
    v = _WORTH.get((c, heads))
    if v is None:
        h, t = _pair_value(c[:2]), _pair_value(c[2:])
        v = _WORTH[(c, heads)] = 0.35 * (h + t) + 0.3 * (h if heads else t) + 1.0
    return v


def _arrangement(state: ZoonState, p: int) -> float:
    if -2 in state.pos[p]:  # not dealt yet
        return _DEALT
    score = 0.0
    for i in range(12):
        c = state.pos[p][i]
        if c >= 0 and state.zoon(p, i).type == "Emblem" and c // 6 == BACK[p]:
            score += 3.0 + (0.5 if c % 6 in (0, 5) else 0.0)
    if state.phase == "arrange" and state.arranger == p:
        score -= 0.02
        if state.picked >= 0:
            score -= 0.02
    return score


_DEALT = 3.0 + 0.5 / 3
"""The arrangement score a random deal gives on average (its Emblem always in the back row)."""
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


_CLASSIC: dict = {}


def classic_odds(ca: tuple, cd: tuple) -> tuple[float, float, float]:
    """Rough (win, lose, draw) odds of a classic combat of corners ``ca`` against ``cd``: every corner of
    each card equally likely to be touched (ZN43)."""
    k = (ca, cd)
    r = _CLASSIC.get(k)
    if r is None:
        w = l_ = d = 0
        for va in ca:
            for vd in cd:
                if va == vd or va == STAR or vd == STAR:
                    d += 1
                elif va == X or va < vd:
                    l_ += 1
                else:
                    w += 1
        r = _CLASSIC[k] = (w / 16, l_ / 16, d / 16)
    return r


def attack_odds(state: ZoonState, p: int, i: int, j: int) -> tuple[float, float, float]:
    """(win, lose, draw) odds of Zoon (p, i) attacking enemy Zoon (1-p, j) as the cards stand."""
    q = 1 - p
    ca, cd = state.zoon(p, i).corners, state.zoon(q, j).corners
    if state.mode != "alternate":
        return classic_odds(ca, cd)
    pa, pd = pair_of(ca, state.coin[p][i]), pair_of(cd, state.coin[q][j])
    return odds(combat_value(pa, pd)[0], combat_value(pd, pa)[0])


def emblem_cells(state: ZoonState, p: int) -> dict[int, float]:
    """Where ``p``'s Emblem may be as ``p``'s enemy sees it: ``{cell: probability}`` (a face-up Emblem's
    cell, else each face-down Zoon of ``p`` alike; empty once lost)."""
    e = _emblem(state, p)
    c = state.pos[p][e]
    if c < 0:
        return {}
    if state.up[p][e]:
        return {c: 1.0}
    hidden = [state.pos[p][i] for i in range(12) if state.pos[p][i] >= 0 and not state.up[p][i]]
    return {h: 1.0 / len(hidden) for h in hidden}


_CLOSE: dict = {}


def _closeness(emb: dict[int, float]) -> list[float]:
    """For each of the 36 cells, its closeness to where the enemy Emblem may be (``emb``, see
    :func:`emblem_cells`): the sum over those cells of their probability times ``5 - d`` for a king's
    distance ``d`` under five. Kept per ``emb`` (a few hundred distinct ones in a game; emptied past
    4,096)."""
    key = tuple(sorted(emb.items()))  # the same cells in any order (determinizations reorder them)
    out = _CLOSE.get(key)
    if out is None:
        if len(_CLOSE) > 4096:
            _CLOSE.clear()
        out = [0.0] * 36
        for c in range(36):
            cx, cy = c % 6, c // 6
            for e, pe in emb.items():
                d = max(abs(cx - e % 6), abs(cy - e // 6))
                if d < 5:
                    out[c] += pe * (5 - d)
        _CLOSE[key] = out
    return out


def _worths(state: ZoonState) -> tuple[list, list]:
    """:func:`zoon_value` of every Zoon of South and of North still on the battlefield (0 for the others),
    once per evaluation."""
    pos = state.pos
    return ([zoon_value(state, 0, i) if pos[0][i] >= 0 else 0.0 for i in range(12)],
            [zoon_value(state, 1, i) if pos[1][i] >= 0 else 0.0 for i in range(12)])


def _prospects(state: ZoonState, p: int, emb: dict[int, float],
               worth: tuple[list, list] | None = None) -> tuple[float, float, float]:
    """(kill, gain, closeness) of ``p``: the best chance of taking the enemy Emblem with one attack, the
    best expected material gain of one attack (plus :data:`SPREAD` of each other favourable one), and the
    summed closeness of ``p``'s Zoons to where the enemy Emblem may be."""
    q = 1 - p
    kill = gain = near = spread = 0.0
    board = state.board
    close = _closeness(emb)
    mine = _emblem(state, p)
    for i in range(12):
        c = state.pos[p][i]
        if c < 0 or i == mine:
            continue
        near += close[c]
        vi = None
        for t, _prev, att in state.moves_of(p, i):
            if not att:
                continue
            j = board[t] % 12
            w, lo, _d = attack_odds(state, p, i, j)
            pe = emb.get(t, 0.0)
            if pe:
                kill = max(kill, pe * w)
            if vi is None:
                vi = worth[p][i] if worth is not None else zoon_value(state, p, i)
            g = w * (1 - pe) * (worth[q][j] if worth is not None else zoon_value(state, q, j)) - lo * vi
            if g > 0:
                spread += g
            if g > gain:
                gain = g
    return kill, gain + SPREAD * (spread - gain), near


def _mover(state: ZoonState) -> int:
    """The side whose threats count in full: the player to move, else the side whose turn it is."""
    p = state.current_player()
    return state.turn if p < 0 else p


def _parts(state: ZoonState, p: int, cells: tuple[dict, dict],
           worth: tuple[list, list] | None = None) -> tuple[float, float, float, float]:
    """``(points before prospects, gain, closeness, kill)`` of ``p`` (see :func:`side_score`), with
    ``cells`` the :func:`emblem_cells` of South and North and ``worth`` their Zoons' :func:`zoon_value`
    (:func:`_worths`) when the caller has them."""
    if worth is None:
        worth = _worths(state)
    mine_worth = worth[p]
    score = 0.0
    mine = _emblem(state, p)
    for i in range(12):
        c = state.pos[p][i]
        if c < 0 or i == mine:
            continue
        score += mine_worth[i]
        score += 0.15 * (c // 6 if p == 0 else 5 - c // 6)
    score += 2.0 * sum(1 for z in state.tzone[p].values() if z in ("hand", "side"))
    own = cells[p]
    if len(own) > 1:
        score += HIDE * (1.0 - 1.0 / len(own))
    kill, gain, near = _prospects(state, p, cells[1 - p], worth)
    return score, gain, near, kill


def side_score(state: ZoonState, p: int, to_move: int | None = None) -> tuple[float, float]:
    """``(points, kill)`` of ``p``: the heuristic worth of ``p``'s position in points (material, trumps,
    rows advanced, closeness to the enemy Emblem and the best attack's expected gain, in full when
    ``to_move`` is ``p``, else :data:`PARRY` of it) and ``p``'s best chance of taking the enemy Emblem with
    one attack. ``to_move`` defaults to the player to move, else the side whose turn it is."""
    if to_move is None:
        to_move = _mover(state)
    score, gain, near, kill = _parts(state, p, (emblem_cells(state, 0), emblem_cells(state, 1)))
    w = 1.0 if to_move == p else PARRY
    return score + w * gain + NEAR * near, kill


def _diffs(state: ZoonState, movers: tuple[int, ...]) -> list[tuple[float, float, float]]:
    """:func:`_diff` for each side to move in ``movers``, the sides' parts counted once."""
    cells = (emblem_cells(state, 0), emblem_cells(state, 1))
    worth = _worths(state)
    a0, g0, n0, k0 = _parts(state, 0, cells, worth)
    a1, g1, n1, k1 = _parts(state, 1, cells, worth)
    out = []
    for to_move in movers:
        w0, w1 = (1.0, PARRY) if to_move == 0 else (PARRY, 1.0)
        out.append(((a0 + w0 * g0 + NEAR * n0) - (a1 + w1 * g1 + NEAR * n1), k0, k1))
    return out


def _diff(state: ZoonState, to_move: int) -> tuple[float, float, float]:
    """``(d, kill of South, kill of North)``: South's points minus North's and each side's chance of
    taking the enemy Emblem with one attack (see :func:`side_score`)."""
    return _diffs(state, (to_move,))[0]


def note_root(state: ZoonState, player: int) -> None:
    """The search's root hook (``Game.extra["search_root"]``, called by the core's MCTS on the
    determinized copy each iteration starts from): remembers the searching player, the points difference
    at the root for each side to move (None during deployment), the cells of the opponent's face-down
    Zoons as :meth:`ZoonState.determinize` saw them for ``player`` (their Emblem's possible cells) and
    the root's ply."""
    seen_by, opponent_hidden = state.__dict__.get("_unseen_cells", (player, ()))
    if seen_by != player:
        opponent_hidden = ()
    if state.phase in ("first", "deal", "arrange", "over"):
        base = None
    else:  # one baseline for each side to move, so a leaf is compared with the root as seen the same way
        both = _diffs(state, (0, 1))
        base = (both[0][0], both[1][0])
    state.__dict__["_bot_root"] = (player, base, opponent_hidden, len(state.history))


def _value(state: ZoonState, to_move: int) -> float:
    """South's value of ``state`` in (-1, 1) with ``to_move`` to move: the mover takes the enemy Emblem
    with its best chance ``k``; else the other side may take the mover's with :data:`PARRY` of its own
    best chance (the mover can still parry); else the points decide (see the module docstring)."""
    d, k0, k1 = _diff(state, to_move)
    root = state.__dict__.get("_bot_root")
    stall = 1.0 - 0.6 * state.quiet / QUIET_LIMIT
    if state.seen and state.seen.count(state.seen[-1]) >= 2:
        stall *= 0.5
    if root is None or root[1] is None:
        v = math.tanh(d * stall / SCALE)
    else:
        sgn = 1.0 if root[0] == 0 else -1.0
        v = max(-1.0, min(1.0, (d - root[1][to_move]) / SHARP + d * stall / SCALE))
    win, threat = (k0, PARRY * k1) if to_move == 0 else (k1, PARRY * k0)
    mover = 1.0 if to_move == 0 else -1.0
    return mover * win + (1 - win) * (-mover * threat + (1 - threat) * v)


def _outcome_classes(state: ZoonState) -> list[tuple[float, tuple | list]]:
    """The pending combat's outcomes grouped by what they do: ``[(probability, how), ...]`` where ``how``
    is a representative way to reach it (alternate: the dice ``(da, dd)``; classic: both secret choices,
    each side playing its equilibrium mix of the game of secret choices, see
    :func:`pygames.zoon.ai_secret.classic_classes`)."""
    if state.phase != "dice":
        return [(pr, how) for pr, how, _v in ai_secret.classic_classes(state)]
    groups: dict = {}
    cva, cvd = state.combat_values()[:2]
    for da in range(1, 7):
        for dd in range(1, 7):
            g = groups.setdefault(outcome(cva, cvd, da, dd), [0.0, (da, dd)])
            g[0] += 1 / 36
    return [(g[0], g[1]) for g in groups.values()]


def _resolved(state: ZoonState, how) -> ZoonState:
    """A copy of ``state`` with its pending combat resolved the way ``how`` says (see
    :func:`_outcome_classes`) and the turn run on to the next decision."""
    s = state.clone()
    if s.phase == "dice":
        s._resolve_alternate(*how)
    else:
        s.secret = list(how)
        s._resolve_classic()
    s._run()
    return s


def _swap_identities(state: ZoonState, q: int, i: int, j: int) -> None:
    """Exchange the identities of ``q``'s Zoons ``i`` and ``j`` in place (cells, faces and pennies)."""
    pos, up, coin, board = state.pos[q], state.up[q], state.coin[q], state.board
    pos[i], pos[j] = pos[j], pos[i]
    up[i], up[j] = up[j], up[i]
    coin[i], coin[j] = coin[j], coin[i]
    state.could = [list(x) for x in state.could]
    could = state.could[q]
    could[i], could[j] = could[j], could[i]
    dep = state.deployed[q]
    if dep is not None:
        dep = list(dep)
        dep[i], dep[j] = dep[j], dep[i]
        state.deployed = list(state.deployed)
        state.deployed[q] = tuple(dep)
    for k in (i, j):
        if pos[k] >= 0:
            board[pos[k]] = q * 12 + k
    state._relabel(q, {i: j, j: i})


def _combat_expectation(state: ZoonState) -> list[float]:
    """The value of a pending combat: each way it can end (see :func:`_outcome_classes`) is played out on
    a copy and judged there, weighted by its chance (the dice are not sampled; in classic combat each side
    plays its equilibrium mix of the game of secret choices, :mod:`pygames.zoon.ai_secret`). A
    defender that was face down when the search began may be any of its owner's Zoons still unknown to
    the searching player (the Emblem among them) and that its seen moves allow (ZN44): the value is averaged
    over those identities."""
    c = state.combat
    assert c is not None
    pd, xd = c["d"]
    root = state.__dict__.get("_bot_root")
    pool = [xd]
    if root is not None and pd != root[0] and c["to"] in root[2]:
        # any identity its seen moves allow (ZN44) and that the card now labelled so may take in exchange
        could = state.could[pd]
        pool += [j for j in range(12) if j != xd and state.pos[pd][j] >= 0 and not state.up[pd][j]
                 and could[xd] >> j & 1 and could[j] >> xd & 1]
    south = 0.0
    for j in pool:
        s = state
        if j != xd:
            s = state.clone()
            _swap_identities(s, pd, xd, j)
        south += sum(pr * evaluate(_resolved(s, how))[0] for pr, how in _outcome_classes(s))
    south /= len(pool)
    return [south, -south]


def evaluate(state: ZoonState) -> list[float]:
    """Per-player values in (-1, 1) for (South, North): the game's returns once it is over, during
    deployment ``tanh`` of the arrangement scores, else see the module docstring."""
    if state.phase == "over":
        return state.returns()
    root = state.__dict__.get("_bot_root")
    if state.phase in ("first", "deal", "arrange") or (root is not None and root[1] is None):
        # deployment: only the searching player's own arrangement counts (the other one is secret)
        me = root[0] if root is not None else state.arranger
        v = math.tanh(_arrangement(state, me) - _DEALT)
        return [v, -v] if me == 0 else [-v, v]
    if state.phase in ("dice", "secret"):
        return _combat_expectation(state)
    v = _value(state, _mover(state))
    return [v, -v]


def playout(state: ZoonState, rng: random.Random, decisions: int) -> None:
    """No playout: the MCTS judges each new leaf with :func:`evaluate` as it stands (a pending combat by
    its exact odds) instead of sampling dice in random playouts."""
    return None


def candidates(state: ZoonState, actions: list) -> list:
    """The actions worth searching first, best first (for a search that widens progressively): attacks
    by their chance of taking the enemy Emblem and their expected gain, then shots and trumps, then moves
    towards where the enemy Emblem may be, then the rest; every action is kept."""
    if state.phase != "turn" and not (state.phase == "decide" and state.decide and state.decide[0] in
                                      ("tactic", "extra")):
        return list(actions)
    p = state.current_player()
    root = state.__dict__.get("_bot_root")
    if root is not None and root[3] == len(state.history) and root[1] is not None:
        # the search's root: order by the evaluation of each action's result (one step ahead)
        scored = []
        for k, a in enumerate(actions):
            child = state.clone()
            child.apply(a)
            scored.append((-evaluate(child)[p], k, a))
        scored.sort(key=lambda x: (x[0], x[1]))
        return [a for _v, _k, a in scored]
    q = 1 - p
    emb = emblem_cells(state, q)
    board = state.board
    keyed = []
    for k, a in enumerate(actions):
        n = a.notation
        if len(a.targets) == 2 and not a.targets[0].startswith("trump-"):
            f, t = CELL_INDEX[a.targets[0]], CELL_INDEX[a.targets[1]]
            i = board[f] % 12
            if "x" in n:
                j = board[t] % 12
                w, lo, _d = attack_odds(state, p, i, j)
                pe = emb.get(t, 0.0)
                key = EMBLEM * pe * w + w * zoon_value(state, q, j) - lo * zoon_value(state, p, i)
            else:
                fx, fy, tx, ty = f % 6, f // 6, t % 6, t // 6
                key = sum(pe * (max(abs(fx - e % 6), abs(fy - e // 6)) - max(abs(tx - e % 6), abs(ty - e // 6)))
                          for e, pe in emb.items()) - 1.0
        elif n == "done":
            key = -0.5
        else:
            key = 0.5
        keyed.append((-key, k, a))
    keyed.sort(key=lambda x: (x[0], x[1]))
    return [a for _k, _i, a in keyed]

