"""Fit Zoon's evaluation to self-play results (issue 19: "learn weights from self-play where it helps").

The model: the parts the hand-set evaluation (:mod:`pygames.zoon.ai`) adds up, kept apart as features
(:data:`FEATURES`, :func:`features`), and South's chance to win as the evaluation's chance mix (the side to
move takes the enemy Emblem with its kill chance, else the other side with ``PARRY`` of its own, else the
points decide, :func:`pygames.zoon.ai._value`) with the points part a logistic model of the features
(:func:`mix`), its weights fitted by maximum likelihood.

Three commands, run from the checkout's top folder with the project's Python (stdlib only):

``play``   self-play games (caps off, seeded; easy against easy by default, South first as in the ladder),
           recording at every position after deployment where a player decides, with probability ``--rate``,
           the position's :func:`features`, the hand-set evaluation (:func:`pygames.zoon.ai.evaluate` of the
           position itself, no search root), the candidate :func:`extras` and, once the game ends, its result
           (1 South won, 0 North, 0.5 a draw). One JSON line per game, appended to ``--out`` (keep it out
           of git: under /tmp)::

               python3 tools/zoon_fit.py play --combat alternate --games 200 --seed 1 --out /tmp/zoonfit/alt.jsonl

``fit``    the weights by maximum likelihood (Fisher scoring) on the games of ``--data`` files, with
           ``--holdout``-fold cross-validation by game (the fold: its seed modulo ``--holdout``): prints the
           held-out log-loss and accuracy of the fitted model, the same as a plain logistic (no kill mix),
           with the :data:`EXTRAS` besides, and the hand-set evaluation read as a chance (``(1 + v) / 2``;
           ``1 / (1 + exp(-3.39 v))`` as the review reads it; with its scale refitted; with South's edge too;
           its points difference with its scale fitted in the kill mix, the baseline), each against the
           baseline per game (mean and 95%), then the weights fitted on all games (written to
           ``--weights``, a JSON file, when given)::

               python3 tools/zoon_fit.py fit --data /tmp/zoonfit/alt.jsonl --weights /tmp/zoonfit/w_alt.json

``match``  a seat-balanced match (as :func:`pygames.core.match.play_match` plays it: the same seeds, South
           first as in the ladder) between two of ``easy``, ``medium``, ``hard``, ``medium-fit``,
           ``hard-fit`` (the look-aheads judging every position of their searches with the fitted model of
           ``--weights``; the plain names are the levels as they are), caps off, with CPU s a decision::

               python3 tools/zoon_fit.py match --combat alternate --a medium-fit --b medium --weights /tmp/zoonfit/w_alt.json
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from pygames.core import get_game  # noqa: E402
from pygames.core.bots import make_bot  # noqa: E402
from pygames.core.chance import sample_outcome  # noqa: E402
from pygames.core.match import wilson_interval  # noqa: E402
from pygames.zoon import ai  # noqa: E402
from pygames.zoon.rules import QUIET_LIMIT  # noqa: E402

DEPLOY = ("first", "deal", "arrange", "over", "dice", "secret")

FEATURES = ("material", "zoons", "rows", "trumps", "hide", "near", "gain_mover", "gain_other",
            "kill_mover", "kill_other", "mover", "stall_material", "south")
"""The names of :func:`features`' entries, in order: South's part minus North's, or the side to move's
signed +1 for South. ``material``: the combat values (:func:`pygames.zoon.ai.zoon_value`) of the Zoons on
the battlefield, the Emblem left out; ``zoons``: their number; ``rows``: the rows they have advanced;
``trumps``: usable trumps; ``hide``: ``1 - 1/n`` for a face-down Emblem among ``n`` face-down Zoons;
``near``: the closeness to where the enemy Emblem may be; ``gain_*``: the best expected gain of one attack
(plus ``SPREAD`` of the others) of the side to move and of the other; ``kill_*``: their chance of taking
the enemy Emblem with one attack; ``mover``: +1 with South to move, -1 with North; ``stall_material``:
``material`` times the share of the anti-stalling counter run (ZN40), plus one on a second repetition;
``south``: 1 (South's edge: South first, Boarix against Monkus)."""


def _side(state, p: int, cells: tuple[dict, dict], worth: tuple[list, list]) -> tuple:
    """``(material, zoons, rows, trumps, hide, near, gain, kill)`` of side ``p``."""
    material = rows = 0.0
    zoons = 0
    mine = ai._emblem(state, p)
    for i in range(12):
        c = state.pos[p][i]
        if c < 0 or i == mine:
            continue
        material += worth[p][i]
        zoons += 1
        rows += c // 6 if p == 0 else 5 - c // 6
    trumps = sum(1 for z in state.tzone[p].values() if z in ("hand", "side"))
    own = cells[p]
    hide = 1.0 - 1.0 / len(own) if len(own) > 1 else 0.0
    kill, gain, near = ai._prospects(state, p, cells[1 - p], worth)
    return material, zoons, rows, trumps, hide, near, gain, kill


def features(state, to_move: int | None = None) -> list[float]:
    """The :data:`FEATURES` of ``state`` (after deployment, before the end) with ``to_move`` to move
    (default: the player to move, else the side whose turn it is)."""
    if to_move is None:
        to_move = ai._mover(state)
    cells = (ai.emblem_cells(state, 0), ai.emblem_cells(state, 1))
    worth = ai._worths(state)
    s, n = _side(state, 0, cells, worth), _side(state, 1, cells, worth)
    sign = 1.0 if to_move == 0 else -1.0
    mover, other = (s, n) if to_move == 0 else (n, s)
    stall = state.quiet / QUIET_LIMIT
    if state.seen and state.seen.count(state.seen[-1]) >= 2:
        stall += 1.0
    dmat = s[0] - n[0]
    return [dmat, s[1] - n[1], s[2] - n[2], s[3] - n[3], s[4] - n[4], s[5] - n[5],
            sign * mover[6], -sign * other[6], sign * mover[7], -sign * other[7], sign, dmat * stall, 1.0]


def hand_points(x: list[float]) -> float:
    """The hand-set points difference (:func:`pygames.zoon.ai._diff`'s ``d``) from features ``x``."""
    return x[0] + 0.15 * x[2] + 2.0 * x[3] + ai.HIDE * x[4] + ai.NEAR * x[5] + x[6] + ai.PARRY * x[7]


def _parts(x: list[float], mixed: bool) -> tuple[float, float]:
    """``(A, B)`` with South's chance ``A + B sigmoid(z)`` (:func:`mix`; ``mixed`` False: 0 and 1)."""
    if not mixed:
        return 0.0, 1.0
    sign = x[10]
    win, other = sign * x[8], -sign * x[9]
    b = (1 - win) * (1 - ai.PARRY * other)
    return (win, b) if sign > 0 else (1 - win - b, b)


def mix(x: list[float], z: float, mixed: bool = True) -> float:
    """South's chance from features ``x`` and the logistic score ``z``: the mover takes the enemy Emblem
    with its kill chance, else the other side with ``PARRY`` of its own, else ``sigmoid(z)`` decides."""
    a, b = _parts(x, mixed)
    return a + b / (1 + math.exp(-max(-40.0, min(40.0, z))))


def chance(w: list[float], x: list[float], mixed: bool = True) -> float:
    """South's chance by weights ``w`` from features ``x`` (:func:`mix`)."""
    return mix(x, sum(wi * xi for wi, xi in zip(w, x)), mixed)


_FITTED: dict = {"on": False, "weights": {}}
_hand_value = ai._value
_hand_note_root = ai.note_root


def _value(state, to_move: int) -> float:
    """:func:`pygames.zoon.ai._value`, or ``2 chance - 1`` by the fitted weights in a search of a fitted
    level (its states marked at their root)."""
    if "_fit" in state.__dict__:
        return 2.0 * chance(_FITTED["weights"][state.mode], features(state, to_move)) - 1.0
    return _hand_value(state, to_move)


def _note_root(state, player: int) -> None:
    _hand_note_root(state, player)
    if _FITTED["on"]:
        state.__dict__["_fit"] = True


class _FittedLevel:
    """A look-ahead level whose searches judge with the fitted model: its determinizations are marked as
    the look-ahead notes them (``ai.note_root``), and ``ai._value`` reads the mark (this tool patches both;
    the engine is unchanged)."""

    def __init__(self, bot):
        self.bot = bot
        ai._value, ai.note_root = _value, _note_root

    def step(self, state):
        _FITTED["on"] = True
        try:
            return self.bot.step(state)
        finally:
            _FITTED["on"] = False


def _bot(level: str, seed: int):
    """A bot of ``level`` (see the module docstring), caps off."""
    from pygames.zoon import ai_deep
    if level in ("medium-fit", "hard-fit"):
        return _FittedLevel(ai_deep.make_level_bot(level[:-4], seed, cap=False))
    if level in ("medium", "hard"):
        return ai_deep.make_level_bot(level, seed, cap=False)
    return make_bot(level, seed=seed, cap=False)


EXTRAS = ("emblem_moves", "danger", "hanging", "face_down", "emblem_up", "emblem_row", "material_late")
"""Candidate features the evaluation does not compute (South's minus North's), recorded beside
:func:`features` to see whether they predict the result any better (:func:`extras`)."""


def extras(state) -> list[float]:
    """:data:`EXTRAS` of ``state``: the legal moves of the Emblem; enemy Zoons within two king steps of the
    Emblem's true cell; own Zoons some enemy Zoon can attack with better odds of winning than losing;
    face-down Zoons besides the Emblem; the Emblem face up; its rows from its own back row; and the
    material difference times the share of Zoons already lost (the game's stage)."""
    side = []
    for p in (0, 1):
        q = 1 - p
        e = ai._emblem(state, p)
        ec = state.pos[p][e]
        moves = len(state.moves_of(p, e)) if ec >= 0 else 0
        danger = 0
        if ec >= 0:
            for i in range(12):
                c = state.pos[q][i]
                if c >= 0 and max(abs(c % 6 - ec % 6), abs(c // 6 - ec // 6)) <= 2:
                    danger += 1
        hanging = set()
        for i in range(12):
            if state.pos[q][i] < 0:
                continue
            for t, _prev, att in state.moves_of(q, i):
                if att:
                    j = state.board[t] % 12
                    w, lo, _d = ai.attack_odds(state, q, i, j)
                    if w > lo:
                        hanging.add(j)
        down = sum(1 for i in range(12) if i != e and state.pos[p][i] >= 0 and not state.up[p][i])
        up = 1.0 if ec >= 0 and state.up[p][e] else 0.0
        row = (ec // 6 if p == 0 else 5 - ec // 6) if ec >= 0 else 0
        side.append((moves, danger, len(hanging), down, up, row))
    lost = sum(1 for p in (0, 1) for i in range(12) if state.pos[p][i] < 0) / 24
    worth = ai._worths(state)
    dmat = sum(worth[0]) - sum(worth[1])
    return [a - b for a, b in zip(side[0], side[1])] + [dmat * lost]


def play(args) -> None:
    g = get_game("zoon")
    opts = g.validate_options({"combat": args.combat, "first": "south"})
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    for k in range(args.first, args.first + args.games):
        seed = args.seed * 100_000 + k
        levels = [args.south, args.north] if k % 2 == 0 else [args.north, args.south]
        bots = [_bot(lv, seed * 31 + i) for i, lv in enumerate(levels)]
        rng, pick = random.Random(seed), random.Random(seed + 7)
        state = g.new_initial_state(opts)
        rows = []
        t0 = time.process_time()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(sample_outcome(state, rng))
                continue
            if state.phase not in DEPLOY and pick.random() < args.rate:
                mover = ai._mover(state)
                rows.append([len(state.history), mover, features(state, mover), ai.evaluate(state)[0],
                             extras(state)])
            state.apply(bots[state.current_player()].step(state))
        ret = state.returns()
        y = 0.5 if ret[0] == ret[1] else (1.0 if ret[0] > ret[1] else 0.0)
        with open(args.out, "a") as f:
            f.write(json.dumps({"combat": args.combat, "seed": seed, "levels": levels, "result": y,
                                "plies": len(state.history), "rows": rows}) + "\n")
        print(f"game {k}: {levels} result {y} plies {len(state.history)} rows {len(rows)} "
              f"cpu {time.process_time() - t0:.1f}s", flush=True)


def _load(paths: list[str], combat: str) -> list[dict]:
    games = []
    for p in paths:
        with open(p) as f:
            games += [g for g in map(json.loads, f) if g["combat"] == combat]
    for g in games:  # rows recorded before the constant feature "south" was added
        for row in g["rows"]:
            if len(row[2]) < len(FEATURES):
                row[2].append(1.0)
    return games


def _loss(p: float, y: float) -> float:
    p = min(1 - 1e-9, max(1e-9, p))
    return -(y * math.log(p) + (1 - y) * math.log(1 - p))


def _report(name: str, pairs: list[tuple[float, float]]) -> str:
    """``name: log-loss, accuracy`` over ``(chance, result)`` pairs (accuracy over decided games only)."""
    ll = sum(_loss(p, y) for p, y in pairs) / len(pairs)
    dec = [(p, y) for p, y in pairs if y != 0.5]
    acc = sum((p > 0.5) == (y > 0.5) for p, y in dec) / max(1, len(dec))
    return f"{name:<44} log-loss {ll:.4f}  accuracy {acc:.3f}"


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve ``a x = b`` (Gaussian elimination with partial pivoting, a small ridge for safety)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for i in range(n):
        m[i][i] += 1e-6
    for c in range(n):
        r = max(range(c, n), key=lambda i: abs(m[i][c]))
        m[c], m[r] = m[r], m[c]
        for i in range(c + 1, n):
            f = m[i][c] / m[c][c]
            for j in range(c, n + 1):
                m[i][j] -= f * m[c][j]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (m[i][n] - sum(m[i][j] * x[j] for j in range(i + 1, n))) / m[i][i]
    return x


def fit_weights(data: list[tuple[list[float], float]], mixed: bool, ridge: float = 1e-3,
                rounds: int = 30) -> list[float]:
    """Maximum-likelihood weights of South's chance ``A + B sigmoid(w . x)`` over ``(x, y)`` pairs
    (Fisher scoring, a small L2 penalty ``ridge`` per sample)."""
    d = len(data[0][0])
    w = [0.0] * d
    ab = [_parts(x, mixed) for x, _y in data]
    n = len(data)
    for _ in range(rounds):
        grad = [0.0] * d
        info = [[0.0] * d for _ in range(d)]
        for (x, y), (a, b) in zip(data, ab):
            z = max(-40.0, min(40.0, sum(wi * xi for wi, xi in zip(w, x))))
            s = 1 / (1 + math.exp(-z))
            p = min(1 - 1e-6, max(1e-6, a + b * s))
            dp = b * s * (1 - s)
            g = (y - p) / (p * (1 - p)) * dp
            h = dp * dp / (p * (1 - p))
            for i in range(d):
                if x[i]:
                    grad[i] += g * x[i]
                    hx = h * x[i]
                    row = info[i]
                    for j in range(i, d):
                        row[j] += hx * x[j]
        for i in range(d):
            grad[i] -= ridge * n * w[i]
            info[i][i] += ridge * n
            for j in range(i):
                info[i][j] = info[j][i]
        step = _solve(info, grad)
        w = [wi + si for wi, si in zip(w, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def _chance_of(w: list[float], mixed: bool):
    return lambda x: chance(w, x, mixed)


def _hand_points(x: list[float]) -> list[float]:
    """Features ``x`` with the points parts summed with the hand-set weights (:func:`hand_points`) in the
    first place, the others zero, the kills, the mover and South's edge kept."""
    return [hand_points(x), 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, x[8], x[9], x[10], 0.0, x[12]]


def _models(train: list[dict]) -> dict:
    """The chance models fitted on ``train`` games: ``{name: chance(x, v)}`` with ``x`` the features and
    ``v`` the hand-set value of a position."""
    pad = len(FEATURES) - 1
    hv = [([r[3]] + [0.0] * pad, g["result"]) for g in train for r in g["rows"]]
    k = fit_weights(hv, mixed=False)[0]
    hv2 = [([r[3]] + [0.0] * (pad - 1) + [1.0], g["result"]) for g in train for r in g["rows"]]
    w2 = fit_weights(hv2, mixed=False)
    k2, c2 = w2[0], w2[-1]
    xs = [(r[2], g["result"]) for g in train for r in g["rows"]]
    plain, mixed = _chance_of(fit_weights(xs, False), False), _chance_of(fit_weights(xs, True), True)
    # the hand-set weights kept (the points difference d), only its scale, the kills' and South's edge fitted
    hand = _chance_of(fit_weights([(_hand_points(x), y) for x, y in xs], True), True)
    models = {
        "hand-set, (1 + v) / 2": lambda x, v: (1 + v) / 2,
        "hand-set, 1/(1+exp(-3.39 v)) (the review)": lambda x, v: 1 / (1 + math.exp(-3.39 * v)),
        "hand-set, scale refitted": lambda x, v: 1 / (1 + math.exp(-k * v)),
        "hand-set, scale and South's edge refitted": lambda x, v: 1 / (1 + math.exp(-k2 * v - c2)),
        "hand-set points, scale fitted in the kill mix": lambda x, v: hand(_hand_points(x)),
        "fitted, plain logistic": lambda x, v: plain(x),
        "fitted, kill mix": lambda x, v: mixed(x),
    }
    if all(len(r) > 4 for g in train for r in g["rows"]):  # the candidate features beside the engine's
        more = _chance_of(fit_weights([(r[2] + r[4], g["result"]) for g in train for r in g["rows"]], True), True)
        models["fitted + EXTRAS, kill mix"] = lambda x, v: more(x)
    return models


def fit(args) -> None:
    games = _load(args.data, args.combat)
    n_pos = sum(len(g["rows"]) for g in games)
    print(f"{args.combat}: {len(games)} games, {n_pos} positions; South won "
          f"{sum(g['result'] for g in games) / len(games):.3f}; {args.holdout}-fold cross-validation by game")
    # out of fold: each game judged by the models fitted on the other folds
    per_game: dict[str, list[list[float]]] = {}
    for fold in range(args.holdout):
        train = [g for g in games if g["seed"] % args.holdout != fold]
        valid = [g for g in games if g["seed"] % args.holdout == fold]
        for name, f in _models(train).items():
            per_game.setdefault(name, []).extend(
                [[f((r[2] + r[4]) if "EXTRAS" in name else r[2], r[3]), g["result"]] for r in g["rows"]]
                for g in valid if g["rows"])
    base = "hand-set points, scale fitted in the kill mix"
    for name, gs in per_game.items():
        pairs = [tuple(p) for g in gs for p in g]
        line = "  held out " + _report(name, pairs)
        if name != base:  # the mean difference of log-loss per game against the hand-set points, 95%
            d = [sum(_loss(p, y) for p, y in g) / len(g) - sum(_loss(p, y) for p, y in b) / len(b)
                 for g, b in zip(gs, per_game[base])]
            m = sum(d) / len(d)
            se = math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1) / len(d))
            line += f"  vs hand-set points per game {m:+.4f} ± {1.96 * se:.4f}"
        print(line)
    xs = [(r[2], g["result"]) for g in games for r in g["rows"]]
    if all(len(r) > 4 for g in games for r in g["rows"]):
        w = fit_weights([(r[2] + r[4], g["result"]) for g in games for r in g["rows"]], True)
        print("  fitted + EXTRAS, kill mix: " + ", ".join(f"{n}={v:.4f}" for n, v in
                                                          zip(FEATURES + EXTRAS, w)))
    wh = fit_weights([(_hand_points(x), y) for x, y in xs], True)
    print(f"  hand-set points in the kill mix: {wh[0]:.4f} a point, kill_mover={wh[8]:.4f}, "
          f"kill_other={wh[9]:.4f}, mover={wh[10]:.4f}, south={wh[12]:.4f}")
    out = {"fitted, plain logistic": fit_weights(xs, False), "fitted, kill mix": fit_weights(xs, True)}
    for name, w in out.items():
        print("  all games " + _report(name, [(_chance_of(w, "mix" in name)(x), y) for x, y in xs]))
        print(f"  {name}: " + ", ".join(f"{n}={v:.4f}" for n, v in zip(FEATURES, w)))
    if args.weights:
        ws = {}
        if os.path.exists(args.weights):
            with open(args.weights) as f:
                ws = json.load(f)
        ws[args.combat] = out["fitted, kill mix"]
        with open(args.weights, "w") as f:
            json.dump(ws, f)


def match(args) -> None:
    if args.weights:
        with open(args.weights) as f:
            _FITTED["weights"] = json.load(f)
    g = get_game("zoon")
    opts = g.validate_options({"combat": args.combat, "first": "south"})
    total, south = 0.0, [0.0, 0.0]
    clock = {"a": [0, 0.0], "b": [0, 0.0]}
    for k in range(args.first, args.first + args.games):
        seed = args.seed + k
        seat = k % 2
        levels = [args.a if p == seat else args.b for p in range(2)]
        bots = [_bot(lv, seed * 31 + i) for i, lv in enumerate(levels)]
        rng = random.Random(seed)
        state = g.new_initial_state(opts)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(sample_outcome(state, rng))
                continue
            p = state.current_player()
            c0 = time.process_time()
            a = bots[p].step(state)
            t = clock["a" if p == seat else "b"]
            t[0] += 1
            t[1] += time.process_time() - c0
            state.apply(a)
        ret = state.returns()
        sc = 0.5 if ret[0] == ret[1] else float(ret[seat] > ret[1 - seat])
        total += sc
        south[seat] += sc
        n = k - args.first + 1
        print(f"game {k}: {args.a} as {'South' if seat == 0 else 'North'} scores {sc}; {total} of {n} "
              f"(as South {south[0]}, as North {south[1]}); CPU s a decision {args.a} "
              f"{clock['a'][1] / max(1, clock['a'][0]):.3f}, {args.b} {clock['b'][1] / max(1, clock['b'][0]):.3f}",
              flush=True)
    n = args.games
    lo, hi = wilson_interval(total / n, n)
    print(f"{args.combat} {args.a} vs {args.b}: {total} of {n} ({total / n:.3f}, {lo:.3f}-{hi:.3f}); "
          f"as South {south[0]}, as North {south[1]}; CPU s a decision: {args.a} "
          f"{clock['a'][1] / max(1, clock['a'][0]):.3f}, {args.b} {clock['b'][1] / max(1, clock['b'][0]):.3f}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--combat", default="alternate")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rate", type=float, default=0.3)
    p.add_argument("--south", default="easy")
    p.add_argument("--north", default="easy")
    p.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("--data", nargs="+", required=True)
    f.add_argument("--combat", default="alternate")
    f.add_argument("--holdout", type=int, default=5)
    f.add_argument("--weights", default="")
    m = sub.add_parser("match")
    m.add_argument("--combat", default="alternate")
    m.add_argument("--a", required=True)
    m.add_argument("--b", required=True)
    m.add_argument("--games", type=int, default=100)
    m.add_argument("--first", type=int, default=0)
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--weights", default="")
    args = ap.parse_args(argv)
    {"play": play, "fit": fit, "match": match}[args.cmd](args)


if __name__ == "__main__":
    main()
