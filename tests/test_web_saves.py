"""The bridge's saving commands (pygames/web_saves.py, issue 17 section 4): a sealed game holds no card
in the clear and comes back whole; a damaged text or another key is refused with a PygamesError; a move
that cannot be taken back is said to be final before it is played."""
import json
import random

from pygames import web, web_saves
from pygames.core.errors import PygamesError

KEY = "ab" * 32


def call(name, **args):
    return json.loads(web.call(name, json.dumps(args)))


def test_seal_hides_the_hands_and_unseal_resumes_behind_the_curtain():
    v = call("new_game", game="dritzak", seats=["human", "human"], options={"players": 2})["ok"]
    for _ in range(6):
        v = call("act", notation=v["legal"][0]["notation"])["ok"]
        if v["curtain"]:
            v = call("view", handover=True)["ok"]
    actions = list(web._session.record.actions)
    sealed = call("seal", key=KEY)["ok"]["sealed"]
    assert sealed.startswith("s1.") and not any(a in sealed for a in actions if " " in a)
    back = call("unseal", sealed=sealed, key=KEY)["ok"]
    assert back["curtain"] and "Pass the device" in back["status"]
    assert web._session.record.actions == actions and not web._session.record.arranged
    shown = call("view", handover=True)["ok"]
    assert shown["observation"]["hand"] and not shown["curtain"]


def test_unseal_refuses_damage_and_other_keys():
    call("new_game", game="dvonn", seats=["human", "easy"])
    sealed = call("seal", key=KEY)["ok"]["sealed"]
    for bad in ({"sealed": sealed, "key": "cd" * 32}, {"sealed": sealed[:-4] + "AAAA", "key": KEY},
                {"sealed": "s1.!!", "key": KEY}, {"sealed": sealed, "key": "short"}, {"sealed": 3, "key": KEY}):
        assert "error" in call("unseal", **bad), bad
    try:
        web_saves.unseal_text(sealed, "00" * 32)
    except PygamesError as e:
        assert "another browser" in str(e)
    else:
        raise AssertionError("another key unsealed the game")


def test_lock_says_which_moves_cannot_be_taken_back():
    v = call("new_game", game="dvonn", seats=["human", "human"])["ok"]
    assert call("lock", notation=v["legal"][0]["notation"])["ok"] == {"final": False, "reason": ""}
    assert "error" in call("lock", notation="not a move")
    assert web._session.record.actions == []  # asking played nothing
    # Verquere against the computer: the move that ends the roll (the next roll follows) is final
    finals = [x["final"] for x in _locks_in_a_game("verquere", 5, views=60, asked=None, play=0)]
    assert True in finals and False in finals


def _locks_in_a_game(game: str, seed: int, views: int, asked: int | None, play: int) -> list:
    """A seeded game of a human against random, ``views`` views long at most: at each of the human's turns
    the ``lock`` answers for its first ``asked`` legal actions (all with None), then ``legal[play]`` played."""
    call("new_game", game=game, seats=["human", "random"], seed=seed)
    out = []
    for _ in range(views):
        v = call("view")["ok"]
        if v["terminal"]:
            break
        if v["bot_turn"]:
            call("bot")
            continue
        out += [call("lock", notation=a["notation"])["ok"] for a in v["legal"][:asked]]
        call("act", notation=v["legal"][play]["notation"])
    return out


def test_lock_names_nothing_the_move_will_bring():
    """The confirmation of a final move is asked before it is played: its words must not carry the outcome
    the trial met (a newcomer saw "dice 4-3" and then rolled 4 and 3). Zoon against the computer: every
    final move gets the same reason, which names no move of the record."""
    from pygames.web_saves import LOCK_REASON
    reasons = {x["reason"] for x in _locks_in_a_game("zoon", 3, views=120, asked=6, play=-1) if x["final"]}
    assert reasons == {LOCK_REASON}
    assert "move " not in LOCK_REASON and "dice" not in LOCK_REASON


def test_the_result_says_who_won_once():
    """A game's own account of the result (Dritzak's places, called games, Deegans) is not appended to the
    status when it says the same first: a newcomer read "Player 2 won. Player 2 won"."""
    call("new_game", game="dritzak", seats=["random"] * 4, seed=2)
    for _ in range(3000):
        v = call("view")["ok"]
        if v["terminal"]:
            break
        call("bot")
    text = call("view")["ok"]["result"]["text"]
    first = text.split(".")[0].split(";")[0]
    assert first.endswith("won") and text.count(first) == 1, text
    # with a human seat the status says "You lost, Player 2 won" (or "You won"): the winner is named once
    for seed in range(1, 4):
        call("new_game", game="dritzak", options={"players": 2}, seats=["human", "random"], seed=seed)
        rng = random.Random(seed)
        for _ in range(3000):
            v = call("view")["ok"]
            if v["terminal"]:
                break
            if v["human_turn"]:
                call("act", notation=rng.choice(v["legal"])["notation"])
            else:
                call("bot")
        text = call("view")["ok"]["result"]["text"]
        assert text.startswith("You ") and text.count(" won") == 1, text
