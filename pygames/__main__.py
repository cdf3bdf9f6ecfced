"""``python -m pygames``: list games, play a quick game in the terminal, validate or replay a record,
draw a position to SVG.

    python -m pygames list
    python -m pygames play GAME [--option name=value ...] [--seed N] [--level random|easy|medium|hard]
    python -m pygames replay RECORD.json          (validate; print the final position's observation)
    python -m pygames diagram RECORD.json [--ply N] [-o OUT.svg]
    python -m pygames playthrough GAME [--option name=value ...] [--seed N] [--plies K]

Exit status 0 on success, 1 when a record or an option is rejected (the message names what is wrong).
"""
from __future__ import annotations

import argparse
import json
import random
import sys

from . import games  # noqa: F401  (registers the shipped games: core imports none)
from .core.bots import make_bot
from .core.chance import seeded_outcome
from .core.errors import PygamesError
from .core.record import Record
from .core.registry import get_game, list_games
from .core.textboard import draw_text


def _parse_options(pairs: list[str], game_id: str | None = None) -> dict:
    """``name=value`` pairs; a value is read as JSON (``true``, ``4``) unless the game's option of that
    name is a choice, whose values stay text (``board=61 rings``)."""
    kinds = {o.name: o.kind for o in get_game(game_id).options} if game_id else {}
    out = {}
    for p in pairs:
        name, _, value = p.partition("=")
        if kinds.get(name) == "choice":
            out[name] = value
            continue
        try:
            out[name] = json.loads(value)
        except ValueError:
            out[name] = value
    return out


def cmd_list(_args) -> int:
    for g in list_games():
        print(f"{g.id:12} {g.title} ({g.min_players}-{g.max_players} players)")
        for o in g.options:
            print(f"    {o.name} = {o.default!r}  [{', '.join(map(str, o.allowed))}]  {o.help}")
    return 0


def cmd_play(args) -> int:
    g = get_game(args.game)
    rec = Record.new(g.id, _parse_options(args.option or [], args.game), seed=args.seed)
    state = rec.replay()
    bot = make_bot(args.level, seed=args.seed)
    human = 0
    while not state.is_terminal():
        if state.is_chance_node():
            a = seeded_outcome(state, rec.seed)
            print(f"  ({a.notation})")
            state.apply(a)
            continue
        p = state.current_player()
        if p != human:
            a = bot.step(state)
            print(f"{state.player_name(p)}: {a.notation}")
            state.apply(a)
            continue
        print(draw_text(g, state.observation(p), p))
        legal = [a.notation for a in state.legal_actions()]
        print("legal:", " ".join(legal))
        try:
            choice = input(f"{state.player_name(p)}> ").strip()
        except EOFError:
            print()
            return 0
        if choice in ("quit", "q"):
            return 0
        try:
            state.apply(choice)
        except PygamesError as e:
            print(e)
    print("returns:", state.returns())
    return 0


def _load(path: str) -> Record:
    with open(path, encoding="utf-8") as f:
        return Record.from_json(f.read())


def cmd_replay(args) -> int:
    rec = _load(args.record)
    state = rec.replay()
    print(f"valid {rec.game} record: {len(rec.actions)} actions")
    print(json.dumps(state.observation(None)))
    if state.is_terminal():
        print("returns:", state.returns())
    return 0


def cmd_diagram(args) -> int:
    rec = _load(args.record)
    state = rec.replay(args.ply)
    draw = get_game(rec.game).draw_svg
    if draw is None:
        raise PygamesError(f"{rec.game} has no drawing")
    svg = draw(state.observation(None))
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(svg)
    else:
        sys.stdout.write(svg + "\n")
    return 0


def cmd_playthrough(args) -> int:
    from .core.playthrough import playthrough
    sys.stdout.write(playthrough(args.game, _parse_options(args.option or [], args.game), args.seed, args.plies))
    return 0


def cmd_match(args) -> int:
    from .core.match import play_match
    r = play_match(args.game, _parse_options(args.option or [], args.game), args.a, args.b, games=args.games,
                   seed=args.seed, progress=args.verbose, opening=args.opening,
                   jobs=args.jobs, cap=not args.no_cap)
    print(f"{args.game} {args.a} vs {args.b}: score {r['score']:.3f} (95% interval {r['low']:.3f}-"
          f"{r['high']:.3f}) over {r['games']} seat-balanced games, {r['wins']} outright wins, "
          f"{r['plies_per_game']} plies and {r['seconds_per_game']} s per game")
    print(json.dumps(r))
    return 0


def cmd_perft(args) -> int:
    """Move counts from the start position: a game's own ``extra["perft"](state, depth)`` when it has
    one (it may count the last ply without playing it), else a plain recursive count."""
    g = get_game(args.game)
    state = g.new_initial_state(_parse_options(args.option or [], args.game))

    def plain(s, depth):
        if depth == 0:
            return 1
        return sum(plain(s.child(a), depth - 1) for a in s.legal_actions())
    count = g.extra.get("perft") or plain
    for d in range(1, args.depth + 1):
        print(f"{g.id} perft {d}: {count(state, d)}", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m pygames", description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help="list the games and their options")
    p = sub.add_parser("play", help="play a quick game in the terminal against a bot")
    p.add_argument("game")
    p.add_argument("--option", action="append", help="name=value")
    p.add_argument("--seed", type=int, default=random.randrange(2**31))
    p.add_argument("--level", default="random")
    p = sub.add_parser("replay", help="validate a record file and show the final position")
    p.add_argument("record")
    p = sub.add_parser("diagram", help="draw a record's position to SVG")
    p.add_argument("record")
    p.add_argument("--ply", type=int, default=None)
    p.add_argument("-o", "--output")
    p = sub.add_parser("playthrough", help="print a golden playthrough of a seeded random game")
    p.add_argument("game")
    p.add_argument("--option", action="append", help="name=value")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--plies", type=int, default=100)
    p = sub.add_parser("match", help="seat-balanced bot match with a 95%% interval (level a in one seat)")
    p.add_argument("game")
    p.add_argument("--option", action="append", help="name=value")
    p.add_argument("--a", default="easy", help="the measured bot's level (one seat, rotating)")
    p.add_argument("--b", default="random", help="the other seats' level")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--opening", type=int, default=0,
                   help="random player decisions that open each game (each opening played from every seating)")
    p.add_argument("--jobs", type=int, default=1, help="games played at once, in as many processes")
    p.add_argument("--no-cap", action="store_true",
                   help="lift the levels' time caps: each level is exactly its iteration budget, so the "
                        "result does not depend on the machine's load")
    p.add_argument("-v", "--verbose", action="store_true")
    p = sub.add_parser("perft", help="count the legal move sequences of each depth from the start")
    p.add_argument("game")
    p.add_argument("--option", action="append", help="name=value")
    p.add_argument("--depth", type=int, default=2)
    args = ap.parse_args(argv)
    try:
        return {"list": cmd_list, "play": cmd_play, "replay": cmd_replay, "diagram": cmd_diagram,
                "playthrough": cmd_playthrough, "match": cmd_match, "perft": cmd_perft}[args.cmd](args)
    except (PygamesError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
