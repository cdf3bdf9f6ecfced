"""The computer levels' ladder (issue 19): ``python3 build.py bench --bots`` plays it and writes the table of
``docs/bots.md``. Moved out of ``build.py`` (which keeps the set-up, build, serve and test commands)."""
from __future__ import annotations

import collections
import json
import os
import platform
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _flag(args: list[str], name: str, default: str) -> str:
    from build import _flag as flag
    return flag(args, name, default)


BOTS_DOC = ROOT / "docs" / "bots.md"
BOTS_RESULTS = ROOT / "docs" / "bots-ladder.json"
"""Every ladder match played so far (one entry per game, variant, pair and setting, topped up run by run);
``docs/bots.md``'s table is written from it."""
LADDER = [("easy", "random"), ("medium", "easy"), ("hard", "medium")]
LADDER_VARIANTS = {"duerror_grandis": [("Caecus", {"players": 3, "caecus": True})]}
"""Variants the ladder plays beside each game's ``extra["bench"]`` configurations (hidden information)."""
TABLE_BEGIN = "<!-- ladder table: written by python3 build.py bench --bots; do not edit by hand -->"
TABLE_END = "<!-- end of ladder table -->"


def _chance_kind(game, options: dict) -> str:
    return game.chance(options) if callable(game.chance) else game.chance


def _ladder_threshold(game, options: dict, a: str, b: str) -> float:
    """The bar a level must pass over the one below (issue 19): easy's score against random 0.95, else the
    lower end of the 95% interval above 0.60 in perfect-information games without dice, above 0.55 where
    dice or hidden cards weigh."""
    if b == "random":
        return 0.95
    return 0.55 if game.hides_information(options) or "dice" in _chance_kind(game, options) else 0.60


def _ladder_configs(all_games) -> list:
    """``[(game, variant label, validated options, rotation)]``: what the ladder plays, every game but the
    toys, in the registry's order: a game's ``extra["ladder"]`` (``[(label, options, rotation)]``, where
    its sides differ by more than the seat, e.g. Zoon's tribes; ``rotation`` as
    :func:`pygames.core.match.play_match` takes it) or else each of its ``extra["bench"]`` configurations
    with no rotation, and :data:`LADDER_VARIANTS`."""
    out = []
    for g in all_games:
        if g.id.startswith("toy"):
            continue
        own = g.extra.get("ladder") or [(label, opts, []) for label, opts in g.extra.get("bench", [("default", {})])]
        for label, opts, rotation in list(own) + [(label, opts, []) for label, opts in LADDER_VARIANTS.get(g.id, [])]:
            out.append((g, label, g.validate_options(opts), list(rotation)))
    return out


def _machine() -> str:
    import platform
    return (f"{platform.machine()} {platform.system()} {platform.release()}, {os.cpu_count()} cores, "
            f"CPython {platform.python_version()}")


def bench_bots(args: list[str]) -> int:
    """``build.py bench --bots [--games N] [--game ID]... [--pair A-B]... [--variant LABEL]... [--cap]
    [--table-only]``: play the level ladder (easy vs random, medium vs easy, hard vs medium) per game and
    variant, seat-balanced (:func:`pygames.core.match.play_match`, one process, in slices of a few games so
    an interrupted run keeps what it played), topping each match up to ``N`` games (default 400) in
    ``docs/bots-ladder.json``, then write the table of ``docs/bots.md`` from all the matches there.
    Without ``--cap`` the levels' time caps are lifted (each level is exactly its budget, so the result
    does not depend on the machine's load; the CPU seconds per move say what the budget costs).
    Games without chance start from 4 random player decisions (each opening played from every seating)."""
    from pygames import games  # noqa: F401
    from pygames.core.match import play_match, wilson_interval
    from pygames.core.registry import get_game, list_games
    import datetime
    want = int(_flag(args, "--games", "400"))
    only_games = [args[i + 1] for i, a in enumerate(args) if a == "--game" and i + 1 < len(args)]
    only_pairs = [args[i + 1] for i, a in enumerate(args) if a == "--pair" and i + 1 < len(args)]
    only_variants = [args[i + 1] for i, a in enumerate(args) if a == "--variant" and i + 1 < len(args)]
    cap = "--cap" in args
    results = json.loads(BOTS_RESULTS.read_text()) if BOTS_RESULTS.exists() else []
    if "--table-only" not in args:
        for g, label, opts, rotation in _ladder_configs(list_games()):
            if (only_games and g.id not in only_games) or (only_variants and label not in only_variants):
                continue
            n = g.num_players(opts)
            opening = 4 if _chance_kind(g, opts) == "none" else 0
            for a, b in LADDER:
                if only_pairs and f"{a}-{b}" not in only_pairs:
                    continue
                key = {"game": g.id, "variant": label, "a": a, "b": b, "cap": cap}
                row = next((r for r in results if all(r.get(k) == v for k, v in key.items())), None)
                if row is None:
                    row = dict(key, options=opts, rotation=rotation, opening=opening, games=0, total=0.0, wins=0,
                               plies=0, a_move=[0, 0.0, 0.0, 0.0], b_move=[0, 0.0, 0.0, 0.0], load=[])
                    results.append(row)
                step = n * max(1, 8 // n)
                while row["games"] < want:
                    k = min(step, want - row["games"])
                    load0 = os.getloadavg()[0]
                    r = play_match(g.id, opts, a, b, games=k, seed=1, opening=opening, cap=cap,
                                   first=row["games"], timing=True, rotation=rotation)
                    row["games"] += k
                    row["total"] += r["total"]
                    if row["games"] == row.get("pairwise_games", 0) + k:  # every game of it counted
                        row["pairwise"] = row.get("pairwise", 0.0) + r["pairwise"]
                        row["pairwise_games"] = row["games"]
                    row["wins"] += r["wins"]
                    row["plies"] += r["plies"]
                    for who in ("a", "b"):
                        m, new = row[f"{who}_move"], r["moves"][who]
                        row[f"{who}_move"] = [m[0] + new[0], m[1] + new[1], m[2] + new[2], max(m[3], new[3])]
                    loads = row["load"] + [round(load0, 1), round(os.getloadavg()[0], 1)]
                    row["load"] = [min(loads), max(loads)]
                    row["when"] = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
                    row["machine"] = _machine()
                    low, high = wilson_interval(row["total"] / row["games"], row["games"])
                    print(f"{g.id} {label} {a}-{b}: {row['total']:.1f}/{row['games']} "
                          f"({low:.3f}-{high:.3f}), a {row['a_move'][2] / max(row['a_move'][0], 1):.3f} "
                          f"CPU s/move, load {row['load']}", flush=True)
                    BOTS_RESULTS.write_text(json.dumps(results, indent=1) + "\n")
    _write_bots_table(results, get_game, wilson_interval)
    return 0


def _head_to_head(row: dict, n: int) -> tuple[float, bool]:
    """``(head-to-head score, exact)`` of a ladder row of an ``n``-player game (``play_match``'s
    ``pairwise`` per game). Rows played before it was kept hold only the win-alone score ``W``; in the
    laddered games of more than two players the returns name only the winner (Duerror Grandis G33,
    Dritzak D17: +1, the rest -1), so the losers tie and the score is ``W + (1 - W) (n - 2) / (2 (n - 1))``
    (not exact where seats shared a win)."""
    if row.get("pairwise_games") == row["games"]:
        return row["pairwise"] / row["games"], True
    w = row["total"] / row["games"]
    return w + (1 - w) * (n - 2) / (2 * (n - 1)), False


def _verdict(score: float, low: float, high: float, need: float, games: int, against_random: bool) -> str:
    met = score >= need if against_random else low > need
    return "yes" if met and games >= 400 else "so far" if met else "short" if high < need else "open"


def _short_by(score: float, low: float, need: float, against_random: bool) -> float:
    """How far a row is from its bar (issue 19 asks "by how much"): the score's distance below it against
    random, else the distance of the interval's low end below it; 0.0 once the bar is passed."""
    return max(0.0, need - (score if against_random else low))


HEADER = ["| game | variant | pair | games | score | 95% interval | equal play | needs low end above | met | "
          "short by | head to head (met) | s/move a (CPU) | s/move b (CPU) | longest a | caps | load | when |",
          "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]


def _row_line(r: dict, get_game, wilson_interval) -> tuple[str, str]:
    """``(table line, verdict)`` of one ladder row (a row of 0 games: "not played")."""
    g = get_game(r["game"])
    need = _ladder_threshold(g, r["options"], r["a"], r["b"])
    bar = f"{need:.2f}{' (score)' if r['b'] == 'random' else ''}"
    n = g.num_players(r["options"])
    if not r["games"]:
        return (f"| {g.title} | {r['variant']} | {r['a']} vs {r['b']} | 0 | – | – | {1 / n:.2f} | {bar} | "
                "not played | – | – | – | – | – | – | – | – |", "not played")
    score = r["total"] / r["games"]
    low, high = wilson_interval(score, r["games"])
    verdict = _verdict(score, low, high, need, r["games"], r["b"] == "random")
    short = _short_by(score, low, need, r["b"] == "random")
    if n > 2:
        h2h, exact = _head_to_head(r, n)
        hl, hh = wilson_interval(h2h, r["games"])
        pair = (f"{'' if exact else '≈'}{h2h:.3f}, {hl:.3f}–{hh:.3f} "
                f"({_verdict(h2h, hl, hh, need, r['games'], r['b'] == 'random')})")
    else:
        pair = "= score"

    def per(m):
        return f"{m[1] / m[0]:.2f} ({m[2] / m[0]:.2f})" if m[0] else "–"
    am, bm = r["a_move"], r["b_move"]
    return (f"| {g.title} | {r['variant']} | {r['a']} vs {r['b']} | {r['games']} | {score:.3f} | "
            f"{low:.3f}–{high:.3f} | {1 / n:.2f} | {bar} | {verdict} | {f'{short:.3f}' if short else '–'} | "
            f"{pair} | {per(am)} | {per(bm)} | {am[3]:.1f} | {'on' if r['cap'] else 'off'} | "
            f"{r['load'][0]}–{r['load'][1]} | {r.get('when', '')} |", verdict)


def _write_bots_table(results: list, get_game, wilson_interval) -> None:
    """Write the table of every ladder match into ``docs/bots.md`` between its markers (added at the end
    the first time), keeping the prose around it: a line per row played (capped rows too) and per pair the
    ladder plays but has not played (it says so), by game, variant and pair, and a count of the verdicts
    above the table. Rows of a variant the ladder no longer plays (Zoon's default tribes before its rows
    mirrored them) follow in a table of their own, not counted."""
    from pygames.core.registry import list_games
    order = {pair: i for i, pair in enumerate(LADDER)}
    configs = _ladder_configs(list_games())
    current = {(g.id, label) for g, label, _opts, _rotation in configs}
    played = {(r["game"], r["variant"], r["a"], r["b"]) for r in results if r["games"] and not r["cap"]}
    missing = [dict(game=g.id, variant=label, a=a, b=b, cap=False, options=opts, games=0)
               for g, label, opts, _rotation in configs for a, b in LADDER if (g.id, label, a, b) not in played]
    rows = [r for r in results if r["games"] and (r["game"], r["variant"]) in current] + missing
    earlier = [r for r in results if r["games"] and (r["game"], r["variant"]) not in current]

    def key(r):
        return (r["game"], r["variant"], order.get((r["a"], r["b"]), 9), r["cap"])
    machines = {r.get("machine", "") for r in rows + earlier}
    counts: collections.Counter = collections.Counter()
    lines = HEADER[:]
    for r in sorted(rows, key=key):
        line, verdict = _row_line(r, get_game, wilson_interval)
        lines.append(line)
        counts[verdict] += 1
    if earlier:
        lines += ["", "Rows of setups the ladder no longer plays, kept as measured (not counted above):", ""]
        lines += HEADER + [_row_line(r, get_game, wilson_interval)[0] for r in sorted(earlier, key=key)]
    names = ["yes", "so far", "open", "short", "not played"]
    lines = [TABLE_BEGIN, "", f"{len(rows)} pairs: " + ", ".join(f"{counts[k]} {k if k != 'yes' else 'met'}"
                                                                 for k in names) + ".", ""] + lines
    lines += ["", "Seconds per move are wall clock per decision of that level, CPU seconds in brackets (wall "
              "exceeds CPU when the machine is shared); \"equal play\" is level a's score if it were no better "
              "than the others (1 / players: a game scores 1 only when a wins alone); \"head to head\": with more "
              "than two players, the share of the other seats level a finished ahead of, a tie counting half (0.5 at "
              "equal play, like a two-player score), its interval and the same bar judged on it (\"≈\": derived "
              "from the win-alone score, the losers tying, for rows played before it was kept); \"longest a\" is the longest wall time of one decision "
              "of level a; \"caps off\": each level searched exactly its budget, whatever the time. \"so far\": "
              "the bar is passed over fewer than the 400 games the issue asks for; \"short\": even the interval's "
              "high end is below the bar; \"open\": the interval still straddles it (more games decide); \"short by\": how far the "
              "score (against random) or the interval's low end (above) is below the bar. Load is the 1-minute load "
              "average during the match. Machine: " + "; ".join(sorted(m for m in machines if m)) + ".",
              "", TABLE_END]
    text = BOTS_DOC.read_text(encoding="utf-8")
    block = "\n".join(lines)
    if TABLE_BEGIN in text and TABLE_END in text:
        head, rest = text.split(TABLE_BEGIN, 1)
        text = head + block + rest.split(TABLE_END, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n## The level ladder\n\n" + block + "\n"
    BOTS_DOC.write_text(text, encoding="utf-8")
