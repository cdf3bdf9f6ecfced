"""The bridge's Python side (pygames.web): JSON in, JSON out; errors leave the game unchanged."""
import json

from pygames import web


def call(name, **args):
    return json.loads(web.call(name, json.dumps(args)))


def test_new_game_view_has_board_legal_actions_and_moves():
    v = call("new_game", game="verquere", seats=["human", "random"], seed=9)["ok"]
    assert v["svg"].startswith("<svg") and 'data-target="r0"' in v["svg"]
    assert v["human_turn"] and v["legal"] and all(len(a["targets"]) == 2 for a in v["legal"])
    assert [m["chance"] for m in v["moves"]] == [True, True]
    assert v["record"]["seed"] == 9 and v["observation"]["viewer"] == 0


def test_errors_name_the_problem_and_keep_the_game():
    v = call("new_game", game="verquere", seats=["human", "human"], seed=4)["ok"]
    assert "unknown game 'go'" in call("new_game", game="go")["error"]
    assert "'ruleset'" in call("new_game", game="verquere", options={"ruleset": "?"})["error"]
    assert "unknown seat" in call("new_game", game="verquere", seats=["human", "god"])["error"]
    assert "illegal action '24/off'" in call("act", notation="24/off")["error"]
    bad = dict(v["record"], actions=v["record"]["actions"] + ["1/9"])
    err = call("load", record=bad)
    assert err["index"] == len(bad["actions"]) - 1 and "1/9" in err["error"]
    assert "not valid JSON" in call("load", record="{{")["error"]
    assert call("view")["ok"]["record"] == v["record"]
    assert "unknown command" in call("explode")["error"]
    assert "bad request" in json.loads(web.call("view", "{nope"))["error"]


def test_bot_plays_and_browsing_shows_old_positions():
    v = call("new_game", game="verquere", seats=["random", "easy"], seed=1)["ok"]
    for _ in range(10):
        v = call("bot")["ok"]
    assert v["ply"] > 10
    old = call("view", ply=2)["ok"]
    assert old["browsing"] and old["ply"] == 2 and old["legal"] == []
    assert "no position" in call("view", ply=10_000)["error"]
    assert "not a human seat" in call("act", notation="1/7")["error"]


def test_bot_thinks_in_slices_and_a_stale_search_is_dropped():
    call("new_game", game="verquere", seats=["hard", "hard"], seed=6)
    out = call("bot", slice_ms=1)["ok"]
    assert "thinking" in out and 0 <= out["thinking"] < 1
    slices = 1
    while "thinking" in out:
        out = call("bot", slice_ms=50)["ok"]
        slices += 1
    assert slices > 2 and out["current_player"] in (-1, 0, 1) and out["ply"] > 2
    # a new game while a search is half done: the old search is not used
    call("new_game", game="verquere", seats=["hard", "hard"], seed=7)
    call("bot", slice_ms=1)
    v = call("new_game", game="verquere", seats=["random", "random"], seed=8)["ok"]
    after = call("bot")["ok"]
    assert after["ply"] > v["ply"]


def test_start_page_lists_every_registered_game():
    """cmd_games lists exactly the registered games, each playable with its options (the dead list of
    games "to come" is gone: all seven play)."""
    games = call("games")["ok"]
    from pygames.core import list_games
    assert [g["id"] for g in games] == [g.id for g in list_games()]
    assert all(g["playable"] and g["min_players"] >= 1 for g in games)
    assert "unknown game 'chess'" in call("new_game", game="chess")["error"]


def test_hidden_information_never_reaches_the_page():
    """A hidden-information game (the toy) sends only the viewer's observation: no record, no deck."""
    v = call("new_game", game="toy_pairs", options={"players": 3}, seats=["human", "random", "random"],
             seed=3)["ok"]
    assert v["record"] is None and "record" not in json.dumps(v["observation"])
    assert "hides cards" in call("record")["error"]
    text = json.dumps({k: v[k] for k in ("observation", "moves", "legal")})
    s = web._session.state
    for q in (1, 2):
        for c in s.hands[q]:
            assert f"deal {c}" not in text  # other players' deals show as "deal ?"
    assert all(d is True for d in v["observation"]["down"])


def test_secret_key_decides_future_chance_and_is_checked():
    """The page's secret (never in a record) mixes into the dice: same seed, other key, other rolls."""
    assert "hex string" in call("secret", key="zz" * 20)["error"]
    assert "16 to 64 bytes" in call("secret", key=7)["error"]
    runs = []
    for key in ("ab" * 32, "cd" * 32, "ab" * 32):
        assert call("secret", key=key) == {"ok": {}}
        v = call("new_game", game="verquere", seats=["random", "random"], seed=3)["ok"]
        for _ in range(12):
            v = call("bot")["ok"]
        runs.append(v["record"]["actions"])
        assert key not in json.dumps(v)
    assert runs[0] == runs[2] and runs[0] != runs[1]
    web._chance_key = None


def test_layout_hint_reaches_the_drawing_and_is_checked(monkeypatch):
    """The page says how wide it draws the board; every later view passes it to the game's draw_svg,
    and any other value is refused with the layout unchanged."""
    from pygames.core.registry import get_game
    seen = []
    g = get_game("verquere")
    draw = g.draw_svg

    def spy(obs, **kw):
        seen.append(kw.get("layout"))
        return draw(obs, **kw)

    monkeypatch.setattr(g, "draw_svg", spy)
    call("new_game", game="verquere", seats=["human", "human"], seed=2)
    assert call("layout", layout="narrow") == {"ok": {}}
    call("view")
    for bad in ("tall", None, 3, ["narrow"]):
        assert "layout" in call("layout", layout=bad)["error"]
    call("view")
    assert call("layout", layout="wide") == {"ok": {}}
    call("view")
    assert seen[-3:] == ["narrow", "narrow", "wide"]
