#!/usr/bin/env python3
"""Match our DVONN levels against PrimaDvonna, the C alpha-beta entrant of the 2011 CodeCup (which was
DVONN), through its CodeCup stdin/stdout protocol. A developer's tool, not a CI test (CI cannot fetch).

    python3 tools/primadvonna.py --src /tmp/pd --level hard --pd-time 1.0 --games 20
    python3 tools/primadvonna.py --src /tmp/pd --level hard --pd-depth 2 --games 20
    nice -n 19 python3 tools/primadvonna.py --src /tmp/pd --level hard --pd-time 1.0 --cpu --record g.jsonl

    python3 tools/primadvonna.py --src /tmp/pd --level hard --cpu --judge g.jsonl
    python3 tools/primadvonna.py --src /tmp/pd --level hard --no-cap --judge g.jsonl --set W_CUT=0

``--src`` is a checkout of github.com/maksverver/PrimaDvonna (without it the tool tries ``git clone``).
The tool copies it to a build folder, removes ``-m32`` from its Makefile, makes ``player`` take
``--time`` as a fixed time *per move* in the stacking phase (the original reads it as the whole game's
budget; its placement phase is a fixed search of 1,000 evaluated positions either way), builds it, and
plays seat-balanced games: game ``k`` gives our level White when ``k`` is even. Its protocol: the
program reads ``Start`` when it plays White, else the opponent's first move; moves are written as ours,
upper case (``E3``, ``A1B2``, ``PASS``); ``Quit`` ends it. Its random seed differs per game
(``--seed=k+1``) and so does ours, so the games differ.

Prints one row of the table in ``docs/bots.md`` (DVONN section): the setting, games, our score (a win 1,
a draw 1/2) with its 95% Wilson interval, our and its mean seconds per stacking move (wall clock), and the
mean final margin (our pieces minus its pieces), our passes and its passes; then the CPU seconds per
stacking move of each (ours from ``time.process_time``, its from ``/proc``), which a loaded machine
changes less than the wall clock. Run it under ``nice``; CPU load changes
what a fixed time buys, so say the load with the figures (the tool prints the load average).

``--cpu`` makes both time limits CPU seconds: our level's cap is measured by ``time.process_time`` (the
bot's ``clock``) and PrimaDvonna's clock and time-out alarm are patched to its own CPU time
(``getrusage``, ``ITIMER_PROF``), so a machine shared with other jobs slows the games, not the play (on
a loaded machine the wall-clock limits gave hard about a tenth of its 1.7 s). Seconds per move in the
wall clock then exceed the limits by the load. ``--record FILE`` appends each game (its number, our
seat, score, margin and moves in our notation) as one JSON line, for looking at lost games.
``--judge FILE`` plays no game: at the stacking positions of such a record where our side was to move,
our level decides afresh and PrimaDvonna's deeper analysis judges the move (:func:`judge`): a measure of
move quality in minutes of CPU time, where a match series takes hours on a shared machine.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygames.games  # noqa: E402,F401  (registers the shipped games)
from pygames.core import get_game  # noqa: E402
from pygames.dvonn.ai import make_level_bot  # noqa: E402
from pygames.core.match import wilson_interval  # noqa: E402

REPO = "https://github.com/maksverver/PrimaDvonna"
CPU_CLOCK = """#include <sys/resource.h>
/* patched by pygames tools/primadvonna.py --cpu: the clock is this process's CPU time */
static void cpu_now(struct timeval *tv)
{
\tstruct rusage u;
\tgetrusage(RUSAGE_SELF, &u);
\ttv->tv_sec  = u.ru_utime.tv_sec + u.ru_stime.tv_sec;
\ttv->tv_usec = u.ru_utime.tv_usec + u.ru_stime.tv_usec;
\tif (tv->tv_usec >= 1000000) { ++tv->tv_sec; tv->tv_usec -= 1000000; }
}
"""
PER_MOVE_PATCH = (
    "\ttime_limit = (arg_limit.time > 0) ? arg_limit.time : default_player_time;\n\targ_limit.time = 0;\n",
    "\ttime_limit = 1e9;  /* patched by pygames tools/primadvonna.py: --time is per move */\n",
)


def build(src: Path, out: Path, cpu: bool = False) -> Path:
    """Copy the source to ``out``, patch it (no ``-m32``; ``--time`` per move; with ``cpu``, its clock
    and its time-out alarm on its own CPU time rather than the wall clock) and build ``player``."""
    if not (src / "player.c").exists():
        raise SystemExit(f"{src} holds no PrimaDvonna source (player.c)")
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(src, out, ignore=shutil.ignore_patterns(".git", "*.o", "player"))
    mk = out / "Makefile"
    mk.write_text(mk.read_text().replace("-m32", ""))
    pc = out / "player.c"
    text = pc.read_text()
    if PER_MOVE_PATCH[0] not in text:
        raise SystemExit("player.c changed upstream: the per-move time patch no longer applies")
    pc.write_text(text.replace(*PER_MOVE_PATCH))
    if cpu:
        tc = out / "Time.c"
        text = tc.read_text()
        for old in ("gettimeofday(&start, NULL)", "gettimeofday(&now, NULL)", "ITIMER_REAL", "SIGALRM",
                    "#include <sys/time.h>\n"):
            if old not in text:
                raise SystemExit(f"Time.c changed upstream: {old!r} not found (the CPU clock patch)")
        text = (text.replace("gettimeofday(&start, NULL)", "cpu_now(&start)")
                .replace("gettimeofday(&now, NULL)", "cpu_now(&now)")
                .replace("ITIMER_REAL", "ITIMER_PROF").replace("SIGALRM", "SIGPROF")
                .replace("#include <sys/time.h>\n", "#include <sys/time.h>\n" + CPU_CLOCK, 1))
        tc.write_text(text)
    subprocess.run(["make", "-s", "player"], cwd=out, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return out / "player"


class Engine:
    """A running PrimaDvonna ``player`` speaking the CodeCup protocol."""

    def __init__(self, exe: Path, args: list[str], log):
        self.p = subprocess.Popen([str(exe), *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=log, text=True, bufsize=1)

    def send(self, line: str) -> None:
        assert self.p.stdin is not None
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def cpu(self) -> float:
        """CPU seconds the engine has used so far (Linux ``/proc``; 0.0 where it cannot be read)."""
        try:
            with open(f"/proc/{self.p.pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return 0.0

    def receive(self) -> str:
        assert self.p.stdout is not None
        line = self.p.stdout.readline()
        if not line:
            raise RuntimeError("PrimaDvonna stopped (see its log)")
        return line.strip()

    def close(self) -> None:
        try:
            self.send("Quit")
        except (BrokenPipeError, OSError):
            pass
        try:
            self.p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()


DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def pd_state(board: list[str], turn: int = 0) -> str:
    """A stacking-phase board with ``turn`` (0 White) to move, in PrimaDvonna's ``--state`` encoding (its
    ENCODING.txt: base 62, spaces row by row from A1, 0 for an empty space; it holds stacks of at most 15
    pieces, taller ones are written as 15)."""
    from pygames.dvonn.board import INDEX, ROWS, COLUMNS
    out = [DIGITS[2 + turn]]
    for y in range(5):
        for x in range(ROWS[y][0], ROWS[y][1] + 1):
            st = board[INDEX[f"{COLUMNS[x]}{y + 1}"]]
            out.append(DIGITS[0] if not st else DIGITS[1] if st == "D" else
                       DIGITS[4 * min(len(st), 15) + ("D" in st) * 2 + (st[-1] == "B") - 2])
    return "".join(out)


def pd_value(exe: Path, board: list[str], turn: int, depth: int) -> tuple[str, int]:
    """PrimaDvonna's analysis (``--analyze --depth``) of a stacking position: its move (upper case) and
    its value for the player to move (its units: about 6,400 a stack)."""
    r = subprocess.run([str(exe), f"--state={pd_state(board, turn)}", "--analyze", f"--depth={depth}"],
                       capture_output=True, text=True, timeout=600)
    lines = [ln for ln in (r.stderr + r.stdout).splitlines() if ln.startswith("m:")]
    if not lines:
        raise RuntimeError("PrimaDvonna's analysis printed no move")
    fields = dict(f.split(":", 1) for f in lines[-1].split() if ":" in f)
    return fields["m"], int(fields["v"])


def judge(exe: Path, record: Path, level: str, depth: int, fewest: int, every: int, cpu: bool,
          cap: bool = True) -> None:
    """Move quality without playing (``--judge``): at the stacking positions of recorded games where our
    side was to move with at least ``fewest`` stacks (every ``every``-th of them), our level decides
    afresh and PrimaDvonna judges: its value of the position at ``depth`` minus its value after our move
    at ``depth - 1`` (0 when our move is as good as its choice). Prints each position and the mean loss
    per move, about four CPU seconds a position for hard: minutes where a match takes hours. ``cap``
    False: our level at its fixed depth (the same moves whatever the load: for comparing weights)."""
    from pygames.dvonn.board import NAMES, move_stack
    game = get_game("dvonn")
    losses, same = [], 0
    for line in record.read_text().splitlines():
        g = json.loads(line)
        s, k = game.new_initial_state({}), 0
        for ply, mv in enumerate(g["moves"]):
            if (s.placed == 49 and s.current_player() == g["ours"] and len(s.legal_actions()) > 1
                    and sum(1 for c in s.board if c) >= fewest):
                if k % every == 0:
                    bot = make_level_bot(level, seed=g["game"], cap=cap)
                    if cpu:
                        bot.clock = time.process_time
                    ours = bot.step(s).notation
                    best, v = pd_value(exe, s.board, s.turn, depth)
                    b = list(s.board)
                    move_stack(b, NAMES.index(ours[:2]), NAMES.index(ours[2:]))
                    loss = v + pd_value(exe, b, 1 - s.turn, depth - 1)[1]
                    losses.append(loss)
                    same += best.lower() == ours
                    print(f"game {g['game']} ply {ply}: ours {ours}, its {best.lower()}, loss {loss}",
                          flush=True)
                k += 1
            s.apply(s.find_action(mv))
    n = max(1, len(losses))
    print(f"{len(losses)} positions: mean loss {sum(losses) / n:.0f} (its units, about 6,400 a stack), "
          f"its choice {same} times, no loss {sum(1 for x in losses if x <= 0)} times")


def play(exe: Path, pd_args: list[str], level: str, ours: int, k: int, cap: bool, log,
         random_board: bool = False, cpu: bool = False) -> dict:
    """One game, our ``level`` in seat ``ours`` (0 White); returns its result and timings. With
    ``random_board`` both play the stacking phase from a random full board (DVONN's option N6), the same
    board for games ``2j`` and ``2j + 1`` (the seats swapped). With ``cpu`` our level's time cap is
    measured in CPU seconds (``time.process_time``). The result holds the game's moves (``moves``, our
    notation) for ``--record``."""
    import random
    from pygames.core.chance import sample_outcome
    g = get_game("dvonn")
    s = g.new_initial_state({"random_board": random_board})
    bot = make_level_bot(level, seed=1000 + k, cap=cap)  # DVONN's own player (what make_bot wraps)
    if cpu:
        bot.clock = time.process_time
    extra = []
    if random_board:
        rng = random.Random(k // 2)
        while s.is_chance_node():
            s.apply(sample_outcome(s, rng))
        extra = [f"--state={pd_state(s.board)}", f"--color={2 if ours == 0 else 1}"]
    eng = Engine(exe, [f"--seed={k + 1}", *extra, *pd_args], log)
    t_ours = t_its = c_ours = c_its = 0.0
    n_ours = n_its = 0
    passes = [0, 0]  # ours, its
    first = not random_board
    try:
        while not s.is_terminal():
            p = s.current_player()
            stacking = s.placed == 49
            if p == ours:
                t, c = time.perf_counter(), time.process_time()
                a = bot.step(s)
                dt = time.perf_counter() - t
                if stacking:
                    t_ours += dt
                    c_ours += time.process_time() - c
                    n_ours += 1
                    passes[0] += a.notation == "pass"
                eng.send(a.notation.upper())
                first = False
                s.apply(a)
            else:
                if first:
                    eng.send("Start")
                    first = False
                t, c = time.perf_counter(), eng.cpu()
                move = eng.receive()
                dt = time.perf_counter() - t
                if stacking:
                    t_its += dt
                    c_its += eng.cpu() - c
                    n_its += 1
                    passes[1] += move == "PASS"
                s.apply(s.find_action(move))
    finally:
        eng.close()
    sc = s.scores()
    ret = s.returns()
    return {"score": (ret[ours] + 1) / 2, "margin": sc[ours] - sc[1 - ours], "t_ours": t_ours,
            "c_ours": c_ours, "c_its": c_its,
            "n_ours": n_ours, "t_its": t_its, "n_its": n_its, "passes": passes, "plies": len(s.history),
            "moves": [str(getattr(a, "notation", a)) for a in s.history]}


def _stop(signum, frame):
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--src", type=Path, help="PrimaDvonna source folder (default: git clone)")
    ap.add_argument("--build", type=Path, default=Path("/tmp/primadvonna-build"))
    ap.add_argument("--level", default="hard")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--first", type=int, default=0, help="number of the first game (resume a series)")
    ap.add_argument("--pd-time", type=float, help="PrimaDvonna's fixed seconds per stacking move")
    ap.add_argument("--pd-depth", type=int, help="PrimaDvonna's search depth (plies) instead of time")
    ap.add_argument("--no-cap", action="store_true", help="our level without its time cap")
    ap.add_argument("--random-board", action="store_true",
                    help="stacking phase only: from random full boards, each played twice, seats swapped")
    ap.add_argument("--log", type=Path, default=Path("/tmp/primadvonna.log"), help="PrimaDvonna's stderr")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--cpu", action="store_true",
                    help="both sides' time limits in CPU seconds (ours by time.process_time, its clock and "
                         "alarm patched to its own CPU time): a loaded machine then slows the games, not the play")
    ap.add_argument("--record", type=Path, help="append each game (seat, result, moves) to this file, "
                                                "one JSON object a line")
    ap.add_argument("--judge", type=Path, help="judge our level's moves at the positions of this record "
                                               "file (see judge()) instead of playing")
    ap.add_argument("--judge-depth", type=int, default=6)
    ap.add_argument("--judge-stacks", type=int, default=24, help="judge positions with at least these stacks")
    ap.add_argument("--judge-every", type=int, default=2, help="judge every n-th position")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="a weight of the fast evaluation for this run (pygames/dvonn/fasteval.py: W_MOB, "
                         "W_CUT, TEMPO ...), for trying weights with --judge; repeatable")
    args = ap.parse_args(argv)
    from pygames.dvonn import fasteval
    for item in args.set:
        name, _, value = item.partition("=")
        if not (name.startswith("W_") or name == "TEMPO") or not hasattr(fasteval, name):
            raise SystemExit(f"--set: no weight {name!r} in pygames/dvonn/fasteval.py")
        setattr(fasteval, name, float(value))
    src = args.src
    if src is None:
        src = args.build.with_name(args.build.name + "-src")
        if not src.exists():
            subprocess.run(["git", "clone", "--depth", "1", REPO, str(src)], check=True)
    exe = build(src, args.build, args.cpu)
    if args.judge:
        judge(exe, args.judge, args.level, args.judge_depth, args.judge_stacks, args.judge_every, args.cpu,
              not args.no_cap)
        return 0
    if args.pd_depth:
        pd_args, setting = [f"--depth={args.pd_depth}"], f"{args.pd_depth} plies only"
    else:
        t = args.pd_time or 1.0
        pd_args, setting = [f"--time={t}"], f"{t:g} s per move"
    load0 = os.getloadavg()[0]
    rows = []
    signal.signal(signal.SIGTERM, _stop)  # a stopped series still prints the table of its finished games
    try:
        with open(args.log, "w") as log:
            for k in range(args.first, args.first + args.games):
                r = play(exe, pd_args, args.level, k % 2, k, not args.no_cap, log, args.random_board,
                         args.cpu)
                rows.append(r)
                if args.record:
                    with open(args.record, "a") as f:
                        f.write(json.dumps({"game": k, "ours": k % 2, "score": r["score"], "margin": r["margin"],
                                            "setting": pd_args, "level": args.level, "cpu": args.cpu,
                                            "moves": r["moves"]}) + "\n")
                if not args.quiet:
                    print(f"game {k}: ours {'White' if k % 2 == 0 else 'Black'}, score {r['score']}, margin "
                          f"{r['margin']:+d}, passes ours {r['passes'][0]} its {r['passes'][1]}, CPU s per "
                          f"stacking move ours {r['c_ours'] / max(1, r['n_ours']):.2f} its "
                          f"{r['c_its'] / max(1, r['n_its']):.3f}, load {os.getloadavg()[0]:.1f}", flush=True)
    except KeyboardInterrupt:
        print(f"stopped after {len(rows)} games", flush=True)
    n = len(rows)
    if not n:
        return 1
    score = sum(r["score"] for r in rows)
    lo, hi = wilson_interval(score / n, n)
    t_o = sum(r["t_ours"] for r in rows) / max(1, sum(r["n_ours"] for r in rows))
    t_i = sum(r["t_its"] for r in rows) / max(1, sum(r["n_its"] for r in rows))
    c_o = sum(r["c_ours"] for r in rows) / max(1, sum(r["n_ours"] for r in rows))
    c_i = sum(r["c_its"] for r in rows) / max(1, sum(r["n_its"] for r in rows))
    margin = sum(r["margin"] for r in rows) / n
    po, pi = sum(r["passes"][0] for r in rows), sum(r["passes"][1] for r in rows)
    print("| PrimaDvonna setting vs ours | games | our score | 95% interval | ours s/stacking move | "
          "its s/stacking move | mean margin | passes ours/its |")
    print("|---|---|---|---|---|---|---|---|")
    wins = sum(r["score"] == 1 for r in rows)
    draws = sum(r["score"] == 0.5 for r in rows)
    if args.random_board:
        setting += ", random full boards"
    if args.cpu:
        setting += ", CPU-time limits"
    print(f"| {setting} vs {args.level}{' (no cap)' if args.no_cap else ''} | {n} | {score:g} – {n - score:g}"
          f"{f' ({draws} drawn)' if draws else ''} | {lo:.2f}–{hi:.2f} | {t_o:.2f} | {t_i:.3f} | "
          f"{margin:+.1f} | {po}/{pi} |")
    print(f"(wins {wins}; CPU seconds per stacking move: ours {c_o:.2f}, its {c_i:.3f}; load average "
          f"{load0:.1f} at the start, {os.getloadavg()[0]:.1f} at the end)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
