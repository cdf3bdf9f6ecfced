"""Undo never crosses an action that showed the undoing player something new (issue 22, finding 2).

The rule lives in the core (:func:`pygames.core.record.reveals`, :meth:`Session.undo_reason`) and is
decided from observations, never from a list of action kinds: the two cases the security review found
(a blind face-down flip in Dritzak, a classic combat in Zoon, neither a roll nor a draw) are refused, and
moves that show nothing new (a pick-up, a move of one's own visible piece) can still be taken back.
"""
from __future__ import annotations

import random

import pytest

from pygames import web
from pygames.core import CHANCE, PygamesError, get_game
from pygames.core.bots import RandomBot
from pygames.core.record import Record, Session, reveals


def play_until(session: Session, want, seed: int, limit: int = 3000):
    """Play the human seat 0 (random choices by ``seed``) against seat 1 until ``want(notation, session)``
    holds for a human action about to be taken; return that notation (taken already) or None."""
    rng, bot = random.Random(seed), RandomBot(seed)
    for _ in range(limit):
        s = session.state
        if s.is_terminal():
            return None
        p = s.current_player()
        if session.seats[p] != "human":
            session.act(bot.step(s).notation)
            continue
        legal = [a.notation for a in s.legal_actions()]
        hits = [a for a in legal if want(a, session)]
        if hits:
            session.act(hits[0])
            return hits[0]
        keep = [a for a in legal if a != "pick up"] or legal  # shed cards: reach the face-down ones
        session.act(rng.choice(keep))
    return None


def test_dritzak_blind_face_down_flip_cannot_be_undone():
    """Issue 22 case 1: flip face-down card k against the computer, read it, undo: refused, for every
    flip (the review could learn all three face-down cards and choose again)."""
    flips = 0
    for seed in range(1, 30):
        s = Session(Record.new("dritzak", {"players": 2}, seed=seed), ["human", "random"])
        note = play_until(s, lambda a, _: a.startswith("down "), seed)
        if note is None:
            continue
        flips += 1
        ply = len(s.record.actions)
        reason = s.undo_reason()
        assert not s.can_undo() and f'"{note}"' in reason and "you" in reason, reason
        with pytest.raises(PygamesError, match="Undo is off"):
            s.undo()
        assert len(s.record.actions) == ply, "a refused undo changed the game"
        if flips == 3:
            break
    assert flips == 3


def test_dritzak_pick_up_without_a_draw_shows_nothing_new():
    """A decision that shows nothing new (picking up the pile when the draw pile is empty: every card
    picked up was face up) does not block undo: the rule is not 'no undo in card games'."""
    for seed in range(1, 40):
        s = Session(Record.new("dritzak", {"players": 2}, seed=seed), ["human", "random"])
        got = play_until(s, lambda a, ss: a == "pick up" and not ss.state.deck and len(ss.state.pile) > 1, seed)
        if got is None:
            continue
        j = len(s.record.actions) - 1
        assert s._revealed[j] is None
        before = s.record.replay(j)
        assert not reveals(before, "pick up", 0) and not reveals(before, "pick up", 1)
        return
    pytest.fail("no pick-up with an empty draw pile found")


def test_zoon_classic_combat_cannot_be_undone():
    """Issue 22 case 2: a classic combat (no dice) turns the cards up; undo after it is refused."""
    found = 0
    for seed in range(1, 40):
        s = Session(Record.new("zoon", {"combat": "classic"}, seed=seed), ["human", "random"])
        # the human's secret corner choice in a combat the human started or defends
        note = play_until(s, lambda a, _: a.startswith("secret "), seed)
        if note is None:
            continue
        # play on (bot and chance) until the combat is resolved and the human is to move again
        while not s.state.is_terminal() and not s.is_human_turn():
            s.act(RandomBot(seed).step(s.state).notation)
        if s.state.is_terminal():
            continue
        reason = s.undo_reason()
        # the move that resolved the combat (the second corner choice) is the one named
        assert reason.startswith("Undo is off: move ") and '("secret ' in reason, reason
        with pytest.raises(PygamesError):
            s.undo()
        found += 1
        if found == 3:
            break
    assert found == 3


def test_zoon_classic_attack_on_a_face_down_zoon_reveals_but_a_plain_move_does_not():
    """reveals(): in a classic game, the human's own plain step shows nothing new (same observation in
    every state they cannot tell apart); the combat's last secret choice shows the cards."""
    s = Session(Record.new("zoon", {"combat": "classic"}, seed=3), ["human", "random"])
    plain = play_until(s, lambda a, ss: "-" in a and ss.state.phase == "turn", 3)
    assert plain is not None and not any(v is not None for k, v in s._revealed.items()
                                         if k == len(s.record.actions) - 1)


def test_a_roll_blocks_undo_against_the_computer_and_in_hot_seat():
    """A roll shown to the human (Verquere) is never crossed, with a computer seat or in hot seat (the
    other human sees it too); the moves of a turn before its next roll can be taken back."""
    for seats in (["human", "random"], ["human", "human"]):
        s = Session(Record.new("verquere", seed=2), seats)
        bot, checked, blocked = RandomBot(1), 0, 0
        for _ in range(300):
            if s.state.is_terminal():
                break
            p = s.state.current_player()
            if s.seats[p] != "human":
                s.act(bot.step(s.state).notation)
                continue
            if s.movers[-1] == CHANCE and len(s.state.legal_actions()) > 0 and any(
                    m >= 0 for m in s.movers):
                reason = s.undo_reason()
                if reason != "Nothing to take back yet.":
                    assert '"roll' in reason and not s.can_undo(), reason
                    blocked += 1
            before = list(s.record.actions)
            s.act(s.state.legal_actions()[0].notation)
            if s.is_human_turn() and s.movers[-1] != CHANCE:
                s.undo()
                assert s.record.actions == before and s.can_redo()
                s.redo()
                checked += 1
        assert checked > 3 and blocked > 3, (seats, checked, blocked)


def test_perfect_information_without_chance_undoes_freely():
    """DVONN has nothing hidden and no chance: every human decision can be taken back, the computer's
    reply with it."""
    s = Session(Record.new("dvonn", seed=1), ["human", "random"])
    bot = RandomBot(2)
    for _ in range(30):
        if s.is_human_turn():
            s.act(s.state.legal_actions()[0].notation)
            assert s.can_undo() or s.state.is_terminal() or not s.is_human_turn()
        else:
            s.act(bot.step(s.state).notation)
    assert s.can_undo()
    n = len(s.record.actions)
    s.undo()
    assert len(s.record.actions) < n and s.is_human_turn()


def test_reveals_chance_outcomes_by_observation():
    """A card dealt to another player's hand shows the viewer nothing (its identity is not in their
    observation or move list); a card dealt to the viewer does."""
    st = get_game("dritzak").new_initial_state({"players": 2})
    seen = {True: 0, False: 0}
    rng = random.Random(4)
    while st.is_chance_node() and st.phase in ("start", "deal"):
        zone, owner = st._deal_target() if st.phase == "deal" else (None, None)
        a = rng.choice(st.legal_actions()).notation
        r = reveals(st, a, 0)
        if zone == "hand":
            assert r == (owner == 0), (zone, owner, a)
            seen[r] += 1
        elif zone == "down":
            assert not r, a
        st.apply(a)
    assert seen[True] and seen[False]


def test_bridge_view_says_why_undo_is_off():
    """The page's Undo button gets its tooltip from the view's ``undo_reason``."""
    v = web.call("new_game", '{"game": "verquere", "seats": ["human", "random"], "seed": 2}')
    import json
    v = json.loads(v)["ok"]
    assert v["can_undo"] is False and v["undo_reason"] == "Nothing to take back yet."
    for _ in range(40):
        if v["human_turn"]:
            v = json.loads(web.call("act", json.dumps({"notation": v["legal"][0]["notation"]})))["ok"]
        elif v["bot_turn"]:
            v = json.loads(web.call("bot", "{}"))["ok"]
        if v["human_turn"] and v["moves"][-1]["chance"] and "roll" in v["undo_reason"]:
            break
    assert not v["can_undo"] and v["undo_reason"].startswith("Undo is off: move ")
    answer = json.loads(web.call("undo", "{}"))
    assert answer["error"] == v["undo_reason"]


def test_undo_pops_a_kept_state_instead_of_replaying(monkeypatch):
    """Issue 21: undo comes back to the state kept before the human decision (no replay of the record),
    and that state is exactly the one the replay would give; older decisions than the kept ones replay."""
    s = Session(Record.new("dvonn", seed=3), ["human", "random"])
    bot = RandomBot(5)
    for _ in range(40):
        if s.is_human_turn():
            s.act(s.state.legal_actions()[-1].notation)
        else:
            s.act(bot.step(s.state).notation)
    want = None

    def no_replay(self, upto=None):
        raise AssertionError("undo replayed the record")
    real_replay = Record.replay
    monkeypatch.setattr(Record, "replay", no_replay)
    for _ in range(3):
        s.undo()
        monkeypatch.setattr(Record, "replay", real_replay)
        want = s.record.replay()
        monkeypatch.setattr(Record, "replay", no_replay)
        assert s.state == want and s.state.history == s.record.actions and s.is_human_turn()
    s.state.apply(s.state.legal_actions()[0])  # the kept state is the live one now, not shared
    assert s.state != want
