"""Pre-drawn boards for ``embed.js`` (issue 20): a ``<pygames-board>`` that only shows a position or
steps through a record draws from SVG files made here at build time, with no Python in the browser.

``dist/boards/<key>-<ply>.svg`` is the drawing of a record at each ply ``0 … len(actions)`` (only the
last for a record longer than :data:`STEPPED_PLIES`), exactly as
the live embedded board draws it (the bridge's ``load`` then ``view`` at that ply, wide layout) for
the first seat: the seats are that one human and computers, so a game that hides cards shows the first
player's view (what the rules pages' diagrams show), not the hot-seat curtain. A record's hidden cards
are in its text on the host page anyway. ``key`` is :func:`board_key` of the record's game,
options and actions; ``web/embed.js`` computes the same key (the same canonical JSON and the same
64-bit FNV-1a hash), so it finds a file without asking anyone, and falls back to the shared Python
runtime when the file is missing (its ``<img>`` fails to load).

Which records are drawn (:func:`embed_records`): every record of the site's rules pages (their
```` ```diagram ```` blocks), and for any third-party page the initial position of every game with its
default options and with each option changed alone (each choice, each flag, the ends of a number's
range). ``boards/index.json`` lists them (key, game, plies) for the curious and the tests.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3
STEPPED_PLIES = 16
"""A record of at most this many plies is drawn at every ply (a reader steps through it with no Python);
a longer one only at its last ply, the one a record board shows first (stepping starts Python)."""


def canonical(obj) -> str:
    """The JSON text both sides hash: keys sorted, no spaces, non-ASCII kept as is (JavaScript's
    ``JSON.stringify`` of the same value with its object keys sorted gives the same text)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def board_key(game: str, options: dict, actions: list) -> str:
    """16 hex digits: the 64-bit FNV-1a hash of the UTF-8 of :func:`canonical` of ``{"game", "options",
    "actions"}`` (a record's seed, caption and other fields do not change its drawing). Used as the file
    name ``boards/<key>-<ply>.svg``; ``embed.js``'s ``boardKey`` is the same function."""
    h = FNV_OFFSET
    for b in canonical({"game": game, "options": options, "actions": actions}).encode("utf-8"):
        h = ((h ^ b) * FNV_PRIME) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def _option_variants(game) -> list[dict]:
    """``{}`` and each option changed alone from its default (choices: every value; flags: the other
    value; numbers: both ends of the range)."""
    out: list[dict] = [{}]
    for o in game.options:
        if o.kind == "choice":
            values = list(o.allowed)
        elif o.kind == "bool":
            values = [not o.default]
        elif o.kind == "int" and len(o.allowed) == 2:
            values = list(o.allowed)
        else:
            values = []
        out += [{o.name: v} for v in values if v != o.default]
    return [opts for opts in out if _valid(game, opts)]


def _valid(game, options: dict) -> bool:
    from pygames.core.errors import PygamesError
    try:
        game.validate_options(options)
    except PygamesError:  # e.g. 17 players of Dritzak need more decks than the default one
        return False
    return True


def embed_records() -> list[dict]:
    """The records drawn ahead: ``[{"game", "options", "actions"}]``, without repeats."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import pygames.games  # noqa: F401  (registers the shipped games)
    from pygames.core.registry import list_games
    recs = []
    for md in sorted((ROOT / "docs" / "rules").glob("*.md")):
        text = md.read_text(encoding="utf-8")
        for m in re.finditer(r"^```diagram (\S+)\n(.*?)^```", text, re.M | re.S):
            spec = json.loads(m.group(2))
            recs.append({"game": m.group(1), "options": spec.get("options", {}), "actions": spec["actions"]})
    for g in list_games():
        if g.id.startswith("toy"):
            continue
        recs += [{"game": g.id, "options": opts, "actions": []} for opts in _option_variants(g)]
    seen, out = set(), []
    for r in recs:
        k = board_key(r["game"], r["options"], r["actions"])
        if k not in seen:
            seen.add(k)
            out.append(r)
    return out


def write_boards(dest: Path) -> int:
    """Write ``dest/<key>-<ply>.svg`` for every record of :func:`embed_records` and ``dest/index.json``;
    returns the number of files drawn."""
    from pygames import web
    from pygames.core.registry import get_game
    dest.mkdir(parents=True, exist_ok=True)
    web.call("layout", '{"layout": "wide"}')
    index, n = [], 0
    for r in embed_records():
        key = board_key(r["game"], r["options"], r["actions"])
        rec = {"game": r["game"], "options": r["options"], "seed": 0, "actions": r["actions"]}
        players = get_game(r["game"]).num_players(get_game(r["game"]).validate_options(r["options"]))
        seats = ["human"] + ["random"] * (players - 1)
        loaded = json.loads(web.call("load", json.dumps({"record": rec, "seats": seats})))
        if "error" in loaded:
            raise ValueError(f"a record of the rules pages does not load: {loaded['error']} ({rec})")
        # the record's own plies: where it ends at a chance node, the session has already drawn an outcome
        # (fresh randomness) past it, which a picture does not show
        plies = len(r["actions"])
        for ply in range(plies + 1) if plies <= STEPPED_PLIES else [plies]:
            svg = json.loads(web.call("view", json.dumps({"ply": ply})))["ok"].get("svg")
            if svg:  # (a position behind the hot-seat curtain has none: never with one human seat)
                (dest / f"{key}-{ply}.svg").write_text(svg, encoding="utf-8")
                n += 1
        index.append({"key": key, "game": r["game"], "options": r["options"], "plies": plies})
    (dest / "index.json").write_text(json.dumps(index, ensure_ascii=False, indent=0), encoding="utf-8")
    return n
