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
    # an earlier position says which it is, not "Your turn" or "thinking" (they speak of the game now)
    # named as the move list numbers it: the turn (several actions, its roll with it), whose, the move
    assert old["status"] == "After turn 2 (1/3), Black: Roll 4 and 1. Black to move", old["status"]
    assert call("view", ply=1)["ok"]["status"] == "After turn 1: Black opens. Chance to play"
    assert call("view", ply=0)["ok"]["status"] == "The start of the game. Chance to play"
    entry = next(m for m in old["moves"] if m["ply"] == 7)
    assert call("view", ply=7)["ok"]["status"].startswith(f"After turn {entry['turn']}, {entry['name']}: {entry['label']}.")
    # one number a turn: it changes exactly where the player does (the move list's lines)
    ms = old["moves"]
    assert ms[0]["turn"] == 1 and all(b["turn"] == a["turn"] + (a["name"] != b["name"]) for a, b in zip(ms, ms[1:]))
    assert "no position" in call("view", ply=10_000)["error"]
    assert "not a human seat" in call("act", notation="1/7")["error"]


def test_bot_thinks_in_slices_and_a_stale_search_is_dropped():
    """The core's tree search (ZÈRTZ's hard: 1,500 simulations) thinks in slices; Verquere's own player
    (issue 19) decides a roll in well under a slice, so it is not the example any more."""
    call("new_game", game="zertz", seats=["hard", "hard"], seed=6)
    out = call("bot", slice_ms=1)["ok"]
    assert "thinking" in out and 0 <= out["thinking"] < 1
    slices = 1
    while "thinking" in out:
        out = call("bot", slice_ms=50)["ok"]
        slices += 1
    assert slices > 2 and out["current_player"] in (0, 1) and out["ply"] == 1
    # a new game while a search is half done: the old search is not used
    call("new_game", game="zertz", seats=["hard", "hard"], seed=7)
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
    assert "hides things from the players" in call("record")["error"]
    text = json.dumps({k: v[k] for k in ("observation", "moves", "legal")})
    s = web._session.state
    for q in (1, 2):
        for c in s.hands[q]:
            assert f"deal {c}" not in text  # other players' deals show as "deal ?"
    assert all(d is True for d in v["observation"]["down"])


def test_chance_is_secret_in_the_worker_unless_arranged():
    """Issue 22, finding 3: the worker draws its own secret randomness per game. The same seed (in a
    record or a link) rolls other dice in another game; no ``secret`` command takes a key from the page;
    a caller's seed makes an arranged game, which the view says."""
    assert "unknown command" in call("secret", key="ab" * 32)["error"]
    runs = []
    for _ in range(2):
        rec = {"game": "verquere", "options": {}, "seed": 3, "actions": []}
        v = call("load", record=rec, seats=["random", "random"])["ok"]
        assert v["arranged"] is False and "arranged" not in v["record"]
        for _ in range(12):
            v = call("bot")["ok"]
        runs.append([m["notation"] for m in v["moves"] if m["chance"]])
    assert runs[0] != runs[1], "the seed alone decided the dice"
    arranged = []
    for _ in range(2):
        v = call("new_game", game="verquere", seats=["random", "random"], seed=3)["ok"]
        assert v["arranged"] is True and v["record"]["arranged"] is True
        for _ in range(12):
            v = call("bot")["ok"]
        arranged.append(v["record"]["actions"])
    assert arranged[0] == arranged[1]
    # an arranged record replays its seed's outcomes after loading too
    v = call("load", record={**v["record"], "actions": v["record"]["actions"][:1]}, seats=["random", "random"])["ok"]
    assert v["arranged"] and v["record"]["actions"] == arranged[0][:len(v["record"]["actions"])]


def test_hand_written_hidden_record_reproduces_nothing():
    """Issue 22: ``{"game": "dritzak", "seed": 4242, "actions": []}`` loaded twice deals two different
    hands: the seed tells nothing hidden. A loaded unfinished record listing hidden chance outcomes
    (here a stacked deal) is marked arranged; its past replays exactly, and play goes on after it."""
    hands = []
    for _ in range(3):
        v = call("load", record={"game": "dritzak", "options": {"players": 2}, "seed": 4242, "actions": []},
                 seats=["human", "easy"])["ok"]
        assert v["arranged"] is False and v["record"] is None
        hands.append(tuple(v["observation"]["hand"]))
        deal = list(web._session.record.actions)
    assert len(set(hands)) > 1, "the seed decided the deal"
    stacked = {"game": "dritzak", "options": {"players": 2}, "seed": 1, "actions": deal}
    v = call("load", record=stacked, seats=["human", "easy"])["ok"]
    assert v["arranged"] is True and web._session.record.actions[:len(deal)] == deal
    assert tuple(v["observation"]["hand"]) == hands[-1]


def test_hot_seat_next_view_leaves_only_after_the_hand_over():
    """Issue 22: in hot seat with hidden information the next player's view is not sent while the
    curtain is up: the answer to the move is a curtain view with no drawing, observation, legal actions
    or move list; ``view {handover: true}`` sends it, and a plain ``view`` or browsing before that gets
    the curtain again."""
    v = call("new_game", game="toy_pairs", options={"players": 2}, seats=["human", "human"], seed=5)["ok"]
    assert not v["curtain"] and v["viewer"] is not None
    curtains = 0
    for _ in range(60):
        if v["terminal"]:
            break
        if v["curtain"]:
            curtains += 1
            nxt = v["viewer"]
            assert not {"svg", "observation", "legal", "moves", "record"} & set(v)
            assert v["status"] == f"Pass the device to {v['player_names'][nxt]}"
            assert call("view")["ok"]["curtain"] and call("view", ply=1)["ok"]["curtain"]
            v = call("view", handover=True)["ok"]
            assert not v["curtain"] and v["viewer"] == nxt
            assert v["observation"]["hand"] == list(web._session.state.hands[nxt])
            continue
        v = call("act", notation=v["legal"][0]["notation"])["ok"]
    assert curtains > 2
    assert "handover" in call("view", handover="yes")["error"]


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


def test_zoon_move_list_never_carries_the_other_sides_deal():
    """A move list that folds the other side's deployment into one entry ("arrange N ?", ZN44) reaches
    the page as those entries only: South never gets North's dealt cards, in hot seat or against the
    computer, and each entry keeps the ply of the last action it stands for."""
    for seats in (["human", "human"], ["human", "random"]):
        v = call("new_game", game="zoon", seats=seats, options={"first": "south"})["ok"]
        checked = 0
        for _ in range(80):
            if v["curtain"]:
                v = call("view", handover=True)["ok"]
            if v["terminal"]:
                break
            if v["viewer"] == 0:
                notes = [m["notation"] for m in v["moves"]]
                assert not any(n.startswith("deal N ") for n in notes), notes
                assert [m["ply"] for m in v["moves"]] == sorted({m["ply"] for m in v["moves"]})
                checked += "arrange N ?" in notes
            if v["human_turn"]:
                leg = [a["notation"] for a in v["legal"]]
                v = call("act", notation="ready" if "ready" in leg else leg[0])["ok"]
            else:
                v = call("bot")["ok"]
        assert checked, seats


def test_the_page_knows_no_game_and_parses_no_notation():
    """Issue 21: web/*.js and the pages name no game id and hold no notation pattern: the bridge sends the
    move list worded (kind, hidden, seen, no_move), the counters (Verquere's pips) and the bot levels."""
    from pathlib import Path
    from pygames.core import list_games
    ids = [g.id for g in list_games() if not g.id.startswith("toy_")]
    assert len(ids) >= 7
    examples = {"python.html"}  # a rules page's own Python (issue 18's example): it names its game, as rules pages do
    for path in sorted(Path("web").glob("*.js")) + sorted(Path("web").glob("*.html")):
        if path.name in examples:
            continue
        text = path.read_text(encoding="utf-8").lower()
        for gid in ids:
            assert gid not in text, f"{path} names the game {gid!r}"
        assert '"?"' not in text and "'?'" not in text and "pips" not in text, f"{path} reads a notation"
    games = call("games")["ok"]
    assert all(g["levels"][0] == "random" and g["default_level"] in g["levels"] for g in games)


def test_move_entries_are_worded_by_the_bridge():
    """The move list tells the page each entry's kind, whether the viewer sees it, what it sees of it, and
    which roll allowed no move (Verquere: a roll straight followed by the other player's roll)."""
    v = call("new_game", game="verquere", seats=["human", "human"], seed=3, options={"ruleset": "text"})["ok"]
    assert v["counters"] == ["Pips: White 360, Black 360"]
    from pygames import web
    s = web._session
    # play until some roll allowed no move
    import random
    rng = random.Random(1)
    for _ in range(4000):
        if s.state.is_terminal():
            break
        legal = s.state.legal_actions()
        if s.state.current_player() >= 0:
            call("act", notation=legal[rng.randrange(len(legal))].notation)
        if any(m["no_move"] for m in call("view")["ok"]["moves"]):
            break
    moves = call("view")["ok"]["moves"]
    roll = next(m for m in moves if m["notation"].startswith("roll"))
    assert roll["kind"] == "roll" and roll["seen"] == roll["notation"][5:] and not roll["hidden"]
    nm = next(m for m in moves if m["no_move"])
    i = moves.index(nm)
    assert nm["chance"] and moves[i + 1]["name"] != nm["name"] and moves[i + 1]["chance"]
    step = next(m for m in moves if not m["chance"])
    assert step["kind"] == "" and not step["no_move"]


def test_hidden_outcomes_are_marked_for_the_viewer():
    """A deal the viewer does not see is marked hidden with nothing seen (Dritzak, a computer opponent)."""
    v = call("new_game", game="dritzak", seats=["human", "random"], seed=5, options={"players": 2})["ok"]
    if v.get("curtain"):
        v = call("view", handover=True)["ok"]
    deals = [m for m in v["moves"] if m["kind"] == "deal"]
    assert deals and any(m["hidden"] and m["seen"] == "" for m in deals)
    assert any(not m["hidden"] and m["seen"] for m in deals)  # the viewer's own cards


def test_views_send_the_move_list_by_difference():
    """Issue 21: a page that says which move list it holds (``moves_seq``) gets only the entries after
    the first ``moves_keep`` it already has; rebuilt, the list is the whole one. A stale ``moves_seq``
    (two commands in flight) gets the whole list; a caller that does not ask gets the whole list as
    before."""
    def ask(name, seq, **args):
        out = json.loads(web.call(name, json.dumps(dict(args, moves_seq=seq))))
        assert "error" not in out, out
        return out["ok"]

    held, seq = [], 0
    v = ask("new_game", seq, game="verquere", seats=["human", "human"], seed=4)
    for _ in range(12):
        held = held[:v["moves_keep"]] + v["moves"]
        seq = v["moves_seq"]
        assert held == call("view")["ok"]["moves"]
        if v["terminal"]:
            break
        v = ask("act", seq, notation=v["legal"][0]["notation"])
        assert v["moves_keep"] > 0 and len(v["moves"]) < len(held) + 3
    stale = ask("view", seq - 1)
    assert stale["moves_keep"] == 0 and stale["moves"] == call("view")["ok"]["moves"]
    assert "moves_keep" not in call("view")["ok"]


def test_hello_sets_the_layout_and_names_the_commands():
    """The page's first call: the layout as ``layout`` sets it, the bridge's command names (the page
    offers Hint and the review by them), and the game list only when asked for."""
    out = call("hello", layout="narrow", games=False)["ok"]
    assert out["commands"] == sorted(web.COMMANDS) and {"hint", "review", "new_game"} <= set(out["commands"])
    assert "games" not in out and web._layout == "narrow"
    assert call("hello", layout="wide", games=True)["ok"]["games"] == call("games")["ok"]
    assert web._layout == "wide"
    assert "layout" in call("hello", layout="tall")["error"] and web._layout == "wide"


def test_view_names_the_games_chance_for_the_arranged_note():
    """The page's "Arranged game" note names only what the game has (its declared chance): ZÈRTZ and
    DVONN have neither dice nor cards, Verquere dice, Dritzak cards."""
    for game, kind in (("zertz", "none"), ("dvonn", "none"), ("verquere", "dice"), ("dritzak", "deal")):
        v = call("new_game", game=game, seats=["human", "random"], seed=1, options={"players": 2} if game == "dritzak" else {})["ok"]
        assert v["chance"] == kind, (game, v["chance"])


def test_the_view_says_who_is_to_move_in_a_field_of_its_own():
    """ui20: ``to_move`` says who is to move ("Black to move", "Chance to play", "The game is over"), so the
    page repeats it beside its own words (the review's mark) without reading the status line; a browsing
    status ends with it."""
    call("new_game", game="verquere", seats=["random", "random"], seed=1)
    for _ in range(10):
        v = call("bot")["ok"]
    old = call("view", ply=2)["ok"]
    assert old["to_move"] == "Black to move" and old["status"].endswith(". Black to move")
    assert call("view", ply=1)["ok"]["to_move"] == "Chance to play"
    now = call("view")["ok"]
    assert now["to_move"] == f"{now['player_names'][now['current_player']]} to move"
    while not now["terminal"]:
        now = call("bot")["ok"]
    assert now["to_move"] == "The game is over"
    assert call("view", ply=now["plies"] - 1)["ok"]["to_move"] != "The game is over"


def test_the_position_is_numbered_in_the_move_lists_turns():
    """ui20: the step counter speaks in turns, as the move list and the review do: ``position`` says the
    turn of the last entry shown, how many turns the list holds, and which of that turn's entries it is
    (a Verquere turn: its roll and its moves); the start is turn 0."""
    call("new_game", game="verquere", seats=["random", "random"], seed=1)
    for _ in range(12):
        v = call("bot")["ok"]
    ms = v["moves"]
    turns = ms[-1]["turn"]
    n = sum(m["turn"] == turns for m in ms)
    mover = v["player_names"][v["current_player"]] if v["current_player"] >= 0 else None
    assert v["position"] == {"turn": turns, "turns": turns, "step": n, "steps": n, "over": mover != ms[-1]["name"],
                             "where": f"After turn {turns}"}
    assert call("view", ply=0)["ok"]["position"] == {"turn": 0, "turns": turns, "step": 0, "steps": 0, "over": True,
                                                     "where": "The start of the game"}
    for ply in range(1, v["plies"]):
        pos = call("view", ply=ply)["ok"]["position"]
        del pos["where"]
        entry = ms[ply - 1]
        same = [m for m in ms if m["turn"] == entry["turn"]]
        assert pos == {"turn": entry["turn"], "turns": turns, "step": same.index(entry) + 1, "steps": len(same),
                       "over": ms[ply]["turn"] != entry["turn"]}
    assert any(pos["steps"] > 1 and not pos["over"]
               for pos in [call("view", ply=p)["ok"]["position"] for p in range(1, v["plies"])])


def test_the_status_and_the_counter_say_a_position_in_the_same_words():
    """ui22: one reading of a position, "after action k of turn t": the browsing status starts with the
    position's ``where`` ("After turn 20 (2/3)" within a turn of several actions, "After turn 15" once it is
    over), never "After turn 31" for a turn whose other actions are still to come (newcomer20: the counter
    said "Turn 31, 1/3" and the status "After turn 31" of one position)."""
    call("new_game", game="verquere", seats=["random", "random"], seed=1)
    for _ in range(12):
        v = call("bot")["ok"]
    partial = 0
    for ply in range(1, v["plies"]):
        shown = call("view", ply=ply)["ok"]
        pos = shown["position"]
        assert shown["status"].startswith(pos["where"]) and shown["status"][len(pos["where"])] in ",:"
        if pos["step"] < pos["steps"]:
            partial += 1
            assert pos["where"] == f"After turn {pos['turn']} ({pos['step']}/{pos['steps']})", pos
        else:
            assert pos["where"] == f"After turn {pos['turn']}", pos
    assert partial
    assert call("view", ply=0)["ok"]["status"].startswith("The start of the game. ")


def test_the_review_numbers_its_plies_and_marks_in_turns(monkeypatch):
    """ui20: the review's plies and marks carry the move list's turn (a Duerror Grandis turn of several
    actions is one number), so the chart's axis and a mark lead to the list's entry. Judgements are made
    cheap and every decision marked (the numbering is what is checked)."""
    from pygames import web_hint, web_review
    monkeypatch.setattr(web_hint, "_chance", lambda state, player, rng: rng.random())
    def confirmed(marks, found, seed, turns, clock):  # every mark, at once (a generator, as the review's)
        return [dict(m, label=m["better"]) for m in marks]
        yield
    monkeypatch.setattr(web_review, "_confirmed", confirmed)
    monkeypatch.setattr(web_review, "MARK", -1.0)
    v = call("new_game", game="duerror_grandis", options={"players": 2}, seats=["random", "random"], seed=3)["ok"]
    while not v["terminal"]:
        v = call("bot")["ok"]
    r = call("review")["ok"]
    turn = {m["ply"]: m["turn"] for m in v["moves"]}
    assert [p["turn"] for p in r["plies"]] == [turn[p["ply"]] for p in r["plies"]]
    assert r["marks"] and all(m["turn"] == turn[m["ply"]] for m in r["marks"])
    assert r["plies"][-1]["turn"] == v["moves"][-1]["turn"] < len(r["plies"])  # turns of several actions


def test_turns_of_folded_entries():
    """An entry that folds several actions (Zoon's secret arrangement) gives its turn to each of them."""
    moves = [{"ply": 1, "turn": 1}, {"ply": 4, "turn": 2}, {"ply": 5, "turn": 2}, {"ply": 6, "turn": 3}]
    assert web.turns_of(moves, 6) == [1, 2, 2, 2, 2, 3]
