"""embed.js's pre-drawn boards (issue 20): the file names the build writes are the ones embed.js asks
for, the pictures are the live board's drawing, and each embedded board keeps its own game on the
page's one Python (web/bridge.py's ``call_as``)."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import pygames.web as web
from tools.embed_boards import STEPPED_PLIES, board_key, canonical, embed_records, write_boards

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = [("verquere", {}, ["white opens", "roll 6-5", "1/7"]),
           ("zertz", {"pool": "blitz", "board": "48 rings"}, []),
           ("zoon", {"south": "monkus", "first": "north"}, ["é – ü ☃", "\n\t\"x\\"])]


def js_keys(samples) -> list[str]:
    """embed.js's own boardKey (copied out of the script as it is shipped) run by node on ``samples``."""
    src = (ROOT / "web" / "embed.js").read_text(encoding="utf-8")
    body = src[src.index("  function canonical("):src.index("  function b64url(")]
    code = body + f"\nfor (const [g, o, a] of {json.dumps(samples)}) console.log(boardKey(g, o, a));\n"
    done = subprocess.run([shutil.which("node"), "-e", code], capture_output=True, text=True, check=True)
    return done.stdout.split()


@pytest.mark.skipif(not shutil.which("node"), reason="node runs embed.js's hash")
def test_embed_js_names_the_files_the_build_writes():
    assert js_keys(SAMPLES) == [board_key(*s) for s in SAMPLES]


def test_board_key_ignores_key_order_and_the_seed_but_not_the_actions():
    assert canonical({"b": 1, "a": [1, {"d": 2, "c": 3}]}) == '{"a":[1,{"c":3,"d":2}],"b":1}'
    a = board_key("zertz", {"pool": "blitz", "board": "48 rings"}, [])
    assert a == board_key("zertz", {"board": "48 rings", "pool": "blitz"}, [])
    assert re.fullmatch(r"[0-9a-f]{16}", a)
    assert board_key("verquere", {}, ["white opens"]) != board_key("verquere", {}, [])


def test_every_game_and_every_rules_page_record_is_drawn_ahead(tmp_path):
    recs = embed_records()
    games = {g for g in (r["game"] for r in recs)}
    assert {"dritzak", "duerror_grandis", "dvertz", "dvonn", "verquere", "zertz", "zoon"} <= games
    assert all(any(r["game"] == g and r["options"] == {} and not r["actions"] for r in recs) for g in games)
    short = next(r for r in recs if 1 < len(r["actions"]) <= STEPPED_PLIES)
    long_ = next(r for r in recs if len(r["actions"]) > STEPPED_PLIES)
    write_boards(tmp_path)
    index = {i["key"]: i for i in json.loads((tmp_path / "index.json").read_text())}
    assert len(index) == len(recs)
    k = board_key(short["game"], short["options"], short["actions"])
    n = len(short["actions"])
    assert all((tmp_path / f"{k}-{p}.svg").exists() for p in range(n + 1))
    # the picture is the live board's drawing (one human seat: the first; wide layout)
    rec = {"game": short["game"], "options": short["options"], "seed": 9, "actions": short["actions"]}
    web.call("layout", '{"layout": "wide"}')
    seats = ["human"] + ["random"] * (web.get_game(short["game"]).num_players(short["options"]) - 1)
    web.call("load", json.dumps({"record": rec, "seats": seats}))
    live = json.loads(web.call("view", json.dumps({"ply": n - 1})))["ok"]["svg"]
    assert (tmp_path / f"{k}-{n - 1}.svg").read_text(encoding="utf-8") == live
    k = board_key(long_["game"], long_["options"], long_["actions"])
    m = len(long_["actions"])
    assert (tmp_path / f"{k}-{m}.svg").exists() and not (tmp_path / f"{k}-{m - 1}.svg").exists()


def test_boards_sharing_one_python_keep_their_own_games():
    """The worker's call_as (pygames.web_worker, which bridge.py exports): two boards of one page, commands interleaved, each sees its own game; a
    dropped board's game is gone; a page's plain call is unaffected by design (one game)."""
    from pygames import web_worker as bridge
    ask = lambda board, name, args=None: json.loads(bridge.call_as(board, name, json.dumps(args or {})))  # noqa: E731
    assert ask("a", "new_game", {"game": "dvonn", "seats": ["human", "random"], "seed": 1})["ok"]["game"] == "dvonn"
    assert ask("b", "new_game", {"game": "zertz", "seats": ["human", "random"], "seed": 2})["ok"]["game"] == "zertz"
    a = ask("a", "view")["ok"]
    assert a["game"] == "dvonn"
    assert ask("a", "act", {"notation": a["legal"][0]["notation"]})["ok"]["ply"] == 1
    assert ask("b", "view")["ok"]["ply"] == 0 and ask("a", "view")["ok"]["ply"] == 1
    assert ask("b", "__drop__") == {"ok": None}
    assert "no game in progress" in ask("b", "view")["error"]
    assert ask("a", "view")["ok"]["game"] == "dvonn"
    bridge.call_as("a", "__drop__", "{}")


def test_the_bridge_state_a_board_keeps_is_all_of_pygames_webs_game_state():
    """pygames.web_worker names the module state of pygames.web that is one game's: every module-level variable
    of pygames.web that a command rebinds (``global``) is in it, so a new one cannot be shared by mistake."""
    src = (ROOT / "pygames" / "web.py").read_text(encoding="utf-8")
    rebound = {n.strip() for line in re.findall(r"^\s+global (.+)$", src, re.M) for n in line.split(",")}
    bridge = (ROOT / "pygames" / "web_worker.py").read_text(encoding="utf-8")
    kept = set(re.findall(r'"(_[a-z_]+)":', bridge[bridge.index("def _fresh_board"):]))
    assert rebound <= kept, rebound - kept
