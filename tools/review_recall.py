"""Does the review find a newcomer's blunders? (issue 19) ``python3 tools/review_recall.py [--games N]
[--decisions D] [--game ID[:players]]... [--lifted] [--out FILE] [--reuse] [--reading logistic|linear]
[--table]``.

For each configuration (every game at its default options, two players where the game allows more, and
Dritzak with four too) it plays ``N`` seeded games of a *newcomer* in seat 0 (each decision a random legal
action with probability 1/2, else the easy level's) against the easy level (time caps off, so a game is
the same under any load), then:

- **reference**: for up to ``D`` of the newcomer's decisions a game (drawn by the seed) and for every ply
  the review marks, a *reference loss* that sees the replies. The candidates are the move played, the
  review's three best one-ply candidates (``web_review._choices`` judged as the review judges) and the medium
  level's pick; each candidate ``c`` is valued for the mover ``m`` by the core's medium-level search
  (:class:`~pygames.core.bots.MCTSBot`, 300 simulations of depth 8, no time cap; a game's own player may
  tell no value) from ``d.child(c)`` over determinizations ``d`` of ``m``'s view (one in a
  perfect-information game, two otherwise): the search's value ``v`` of its best move for the player to
  move there, as ``m``'s chance ``(v + 1) / 2`` when that is ``m``, ``(1 - v) / 2`` when it is the other
  player of two (a forced move or a chance outcome is played first). With more than two players a
  search's value is not ``m``'s, so there each candidate is valued by 24 playouts of the game's rollout
  policy to the end instead (``m``'s mean of ``(r + 1) / 2``). The reference loss is the best candidate's
  value minus the played move's, the values read as ``--reading`` says (:func:`ref_loss`; by default as
  the review reads an evaluation); a decision is a *blunder* when it exceeds 0.20 (the review's
  :data:`pygames.web_review.MARK`).
- **review**: the real ``review`` command through :mod:`pygames.web` (seats ``human`` then ``easy``), with
  its time budget as in the browser (``--lifted``: :data:`~pygames.web_review.REVIEW_SECONDS` lifted, which
  lifts the confirming searches' budget too), recording the one-ply mark candidates before the hard
  search confirms them and the marks shown.

It prints per configuration: the newcomer's decisions and how many were judged, blunders per game (of
the judged decisions, scaled to all), marks shown per game (all players; the newcomer's), one-ply
candidates per game, games with a judged blunder and no mark of the newcomer, recall (judged blunders
whose turn of the move list got a mark), precision (shown marks that are blunders by the reference), and
the CPython seconds per review (mean, and the longest). Results and the reference values are kept in ``--out`` (JSON, default
``/tmp/review_recall.json``) so that a second run (``--reuse``) judges a changed review against the same
games and references; ``--table`` prints the table of a kept file again (another ``--reading``).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pygames import web, web_hint, web_review  # noqa: E402
from pygames.core.bots import LEVELS, LevelBot, MCTSBot, make_bot  # noqa: E402
from pygames.core.chance import sample_outcome  # noqa: E402
from pygames.core import get_game  # noqa: E402
from pygames.core.record import Record  # noqa: E402

CONFIGS = [("zertz", {}), ("dvonn", {}), ("dvertz", {}), ("verquere", {}), ("zoon", {}),
           ("dritzak", {"players": 2}), ("dritzak", {"players": 4}), ("duerror_grandis", {"players": 2})]
BLUNDER = 0.20


def play(game_id: str, options: dict, seed: int) -> Record:
    """A seeded game: seat 0 the newcomer (random with probability 1/2, else easy), the others easy."""
    rec = Record.new(game_id, options, seed=seed)
    state = rec.replay(0)
    rng = random.Random(seed * 31 + 7)
    bots = [make_bot("easy", seed=seed * 100 + p, cap=False) for p in range(state.num_players)]
    while not state.is_terminal():
        if state.is_chance_node():
            a = sample_outcome(state, rng).notation
        else:
            p = state.current_player()
            legal = state.legal_actions()
            if p == 0 and rng.random() < 0.5:
                a = legal[rng.randrange(len(legal))].notation
            else:
                a = bots[p].step(state).notation
        rec.actions.append(a)
        state = state.child(a)
    return rec


def _value(state, mover: int, seed: int) -> float:
    """``mover``'s chance after ``state`` (a full state) by the reference (see the module docstring)."""
    rng = random.Random(seed)
    for _ in range(64):
        if state.is_terminal():
            return (float(state.returns()[mover]) + 1) / 2
        if state.is_chance_node():
            state = state.child(sample_outcome(state, rng).notation)
            continue
        if len(state.legal_actions()) == 1:
            state = state.child(state.legal_actions()[0].notation)
            continue
        break
    if state.is_terminal():
        return (float(state.returns()[mover]) + 1) / 2
    if state.num_players > 2:
        policy = state.game.rollout_policy
        total = 0.0
        for _ in range(24):
            s = state.clone()
            while not s.is_terminal():
                if s.is_chance_node():
                    s.apply(sample_outcome(s, rng))
                else:
                    s.apply(policy(s, rng) if policy else rng.choice(s.legal_actions()))
            total += (float(s.returns()[mover]) + 1) / 2
        return total / 24
    it, depth, _ = LEVELS["medium"]  # type: ignore[misc]
    bot = MCTSBot(iterations=it, depth=depth, seconds=math.inf, seed=seed)  # the core's search: it tells a value
    bot.step(state)
    v = bot.value()
    if v is None:
        return 0.5
    return (v + 1) / 2 if state.current_player() == mover else (1 - v) / 2


def reference(rec: Record, ply: int, cache: dict) -> dict:
    """The reference judgement of decision ``ply`` (0-based index of the action) of ``rec``:
    ``{"loss", "best", "values"}``."""
    key = f"{ply}"
    if key in cache:
        return cache[key]
    state = rec.replay(ply)
    mover = state.current_player()
    played = rec.actions[ply]
    rng = random.Random(rec.seed * 1009 + ply)
    hidden = state.game.hides_information(state.options)
    looks = [state.determinize(mover, rng) for _ in range(2)] if hidden else [state]
    # the review's one-ply order, and the medium level's pick
    judged = {}
    for a in web_review._choices(state, played, random.Random(ply), web_review.CANDIDATES):
        judged[a.notation] = sum(web_hint._chance(d.child(a.notation), mover, rng) for d in looks) / len(looks)
    cands = [played] + sorted(judged, key=lambda n: -judged[n])[:3]
    pick = LevelBot("medium", rec.seed + ply, False).step(looks[0]).notation
    cands.append(pick)
    values = {}
    for c in dict.fromkeys(cands):
        vs = []
        for k, d in enumerate(looks):
            try:
                vs.append(_value(d.child(c), mover, rec.seed * 7 + ply * 13 + k))
            except Exception:  # a candidate not legal in this determinization (hidden hand)
                continue
        if vs:
            values[c] = sum(vs) / len(vs)
    best = max(values, key=lambda n: values[n])
    out = {"loss": round(values[best] - values[played], 3), "best": best,
           "values": {k: round(v, 3) for k, v in values.items()}}
    cache[key] = out
    return out


def ref_loss(ref: dict, played: str, reading: str, scale: float, players: int) -> float:
    """A reference judgement's loss (best value minus the played move's) in a ``reading`` of its values:
    ``linear`` as stored (``(v + 1) / 2`` of a search's value ``v``, see the module docstring);
    ``logistic`` (two players) each search value ``v`` for the mover read as the review reads an
    evaluation, ``1 / (1 + exp(-a v))`` with the game's slope ``a`` (``Game.extra["eval_scale"]``), so
    that the reference and the review measure their 20 points on one scale. Playouts' values (more than
    two players) are frequencies of results and are kept as they are."""
    vals = ref["values"]
    if reading == "logistic" and players == 2:
        vals = {k: 1 / (1 + math.exp(-scale * (2 * v - 1))) for k, v in vals.items()}
    return max(vals.values()) - vals[played]


def review(rec: Record, lifted: bool) -> dict:
    """The real review of ``rec`` through the bridge; with the one-ply candidates before confirmation."""
    n = rec.replay(0).num_players
    web.call("load", json.dumps({"record": rec.to_json(), "seats": ["human"] + ["easy"] * (n - 1)}))
    seen: list = []
    real = web_review._confirmed

    def spy(marks, found, seed, turns, clock):  # a generator, as the review's (its steps, its marks)
        seen.extend(dict(m, turn=turns[m["ply"] - 1]) for m in marks)
        return (yield from real(marks, found, seed, turns, clock))
    old = web_review.REVIEW_SECONDS
    web_review._confirmed = spy
    if lifted:
        web_review.REVIEW_SECONDS = 1e9
    try:
        t0 = time.perf_counter()
        out = json.loads(web.call("review", "{}"))
        secs = time.perf_counter() - t0
    finally:
        web_review._confirmed = real
        web_review.REVIEW_SECONDS = old
    if "error" in out:
        raise RuntimeError(out["error"])
    r = out["ok"]
    turns = [p["turn"] for p in r["plies"]]
    return {"marks": r["marks"], "candidates": seen, "turns": turns, "seconds": round(secs, 2)}


def run(args) -> None:
    data = {}
    if (args.reuse or args.table) and os.path.exists(args.out):
        with open(args.out) as f:
            data = json.load(f)
    configs = CONFIGS
    if args.game:
        configs = []
        for g in args.game:
            gid, _, pl = g.partition(":")
            configs.append((gid, {"players": int(pl)} if pl else next(o for i, o in CONFIGS if i == gid)))
    rows = []
    for gid, options in configs:
        name = gid + (f" {options['players']}p" if "players" in options else "")
        conf = data.setdefault(name, {"games": {}})
        stats = dict(decisions=0, judged=0, blunders=0.0, marks=0, mine=0, cands=0, nomark=0, hit=0,
                     true=0, seconds=0.0, games=0)
        for seed in range(1, args.games + 1):
            g = conf["games"].setdefault(str(seed), {})
            if "record" not in g:
                g["record"] = play(gid, options, seed).to_json()
            rec = Record.from_json(g["record"])
            movers = []
            st = rec.replay(0)
            for a in rec.actions:
                movers.append(st.current_player() if not st.is_chance_node() else -1)
                nlegal = len(st.legal_actions()) if not st.is_chance_node() else 0
                movers[-1] = movers[-1] if nlegal > 1 else -1
                st = st.child(a)
            decisions = [i for i, p in enumerate(movers) if p == 0]
            sample = sorted(random.Random(seed).sample(decisions, min(args.decisions, len(decisions))))
            cache = g.setdefault("ref", {})
            if args.table:
                rv = g["review"]
            else:
                rv = g["review"] = review(rec, args.lifted)
                for i in sample:
                    reference(rec, i, cache)
                for m in rv["marks"]:
                    reference(rec, m["ply"] - 1, cache)
            scale = get_game(gid).extra.get("eval_scale", web_hint.EVAL_SCALE)
            n_players = rec.replay(0).num_players

            def loss(i: int) -> float:
                return ref_loss(cache[str(i)], rec.actions[i], args.reading, scale, n_players)
            blunders = [i for i in sample if loss(i) > BLUNDER]
            marked_turns = {m["turn"] for m in rv["marks"] if m["player"] == 0}
            stats["decisions"] += len(decisions)
            stats["judged"] += len(sample)
            stats["blunders"] += len(blunders) * len(decisions) / max(1, len(sample))
            stats["marks"] += len(rv["marks"])
            stats["mine"] += sum(1 for m in rv["marks"] if m["player"] == 0)
            stats["cands"] += len(rv["candidates"])
            stats["nomark"] += bool(blunders) and not marked_turns
            stats["hit"] += sum(1 for i in blunders if rv["turns"][i] in marked_turns)
            stats["true"] += sum(1 for m in rv["marks"] if loss(m["ply"] - 1) > BLUNDER)
            stats["seconds"] += rv["seconds"]
            stats["longest"] = max(stats.get("longest", 0.0), rv["seconds"])
            stats["games"] += 1
            stats.setdefault("nblunders", 0)
            stats["nblunders"] += len(blunders)
            if not args.table:
                with open(args.out, "w") as f:
                    json.dump(data, f)
            print(name, seed, "blunders", blunders, "marks", [(m["ply"] - 1, m["player"], m["loss"]) for m in rv["marks"]],
                  "cands", len(rv["candidates"]), f"{rv['seconds']} s", flush=True)
        rows.append((name, stats))
    print()
    print("| configuration | newcomer decisions / game (judged) | blunders / game | marks / game (newcomer's) "
          "| one-ply candidates / game | games with a blunder, no mark | recall | precision | s / review (longest) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, s in rows:
        n = s["games"]
        rec_ = f"{s['hit']}/{s['nblunders']}" + (f" ({s['hit'] / s['nblunders']:.2f})" if s["nblunders"] else "")
        prec = f"{s['true']}/{s['marks']}" + (f" ({s['true'] / s['marks']:.2f})" if s["marks"] else "")
        print(f"| {name} | {s['decisions'] / n:.0f} ({s['judged'] / n:.0f}) | {s['blunders'] / n:.1f} | "
              f"{s['marks'] / n:.1f} ({s['mine'] / n:.1f}) | {s['cands'] / n:.1f} | {s['nomark']}/{n} | {rec_} | "
              f"{prec} | {s['seconds'] / n:.1f} ({s.get('longest', 0.0):.1f}) |")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--decisions", type=int, default=10)
    ap.add_argument("--game", action="append")
    ap.add_argument("--lifted", action="store_true")
    ap.add_argument("--reuse", action="store_true")
    ap.add_argument("--reading", choices=["logistic", "linear"], default="logistic")
    ap.add_argument("--table", action="store_true", help="only print the table of --out (no game, no review)")
    ap.add_argument("--out", default="/tmp/review_recall.json")
    run(ap.parse_args(argv))


if __name__ == "__main__":
    main()
