"""D27: observation(p) never holds another player's hand, a face-down card or the draw pile's order —
checked for every player at every ply of many random games with every option on; and the bot's
determinizations agree with what the player sees."""
import json
import random

import pytest

from pygames.core.bots import random_action
from pygames.dritzak.rules import _NAMES

from .helpers import GAME

ALL = {"skip": True, "sevens": True, "reversal": True, "play_on": True}


def hidden_from(s, p):
    """Card names ``p`` may not see: other hands (minus publicly known cards), every face-down card, the
    draw pile, other players' pending choices."""
    out = {_NAMES[c] for c in s.deck}
    for q in range(s.num_players):
        out |= {_NAMES[c] for c in s.down[q] if c is not None}
        if q != p:
            out |= {_NAMES[c] for c in s.hands[q] if c not in s.known[q]}
    return out


def check_private(s, history=False):
    n = s.num_players
    for p in [None, *range(n)]:
        obs = s.observation(p)
        text = json.dumps(obs)
        tokens = set(text.replace('"', " ").replace(",", " ").replace("[", " ").replace("]", " ").split())
        leak = tokens & hidden_from(s, p)
        assert not leak, f"player {p} sees {leak}"
        assert all(isinstance(x, bool) for d in obs["down"] for x in d)
        assert "deck" not in obs and "hands" not in obs
        if p is not None:
            assert sorted(obs["hand"]) == sorted(_NAMES[c] for c in s.hands[p])
        if p is not None and history:
            # the move list hides dealt and drawn cards of others and secret choices until revealed
            shown_all = s.public_history(p)
            for shown, real in zip(shown_all, s.history):
                if shown != real:
                    assert shown in ("deal ?", "draw ?", "up ?")
            assert not {w for a in shown_all for w in a.split()} & hidden_from(s, p)


@pytest.mark.parametrize("players, decks, set_rule", [(2, 1, "four"), (3, 2, "suits"), (4, 1, "four"),
                                                      (5, 3, "all"), (6, 2, "four")])
def test_D27_privacy_every_player_every_ply(players, decks, set_rule):
    """D27: privacy at every ply of random games with every option on."""
    for seed in range(4):
        s = GAME.new_initial_state(dict(ALL, players=players, decks=decks, set_rule=set_rule))
        rng = random.Random(seed)
        ply = 0
        while not s.is_terminal():
            check_private(s, history=ply % 97 == 0)
            s.apply(random_action(s, rng))
            ply += 1
        check_private(s, history=True)


def test_D27_determinize_keeps_what_the_player_sees():
    """D27: a determinization for player p changes only what p cannot see."""
    rng = random.Random(3)
    for seed in range(6):
        s = GAME.new_initial_state(dict(ALL, players=4))
        r = random.Random(seed)
        while not s.is_terminal():
            if not s.is_chance_node():
                p = s.current_player()
                d = s.determinize(p, rng)
                assert d.observation(p) == s.observation(p)
                assert sorted(c for h in d.hands for c in h) != [] or s.phase == "deal"
                assert [a.notation for a in d.legal_actions()] == [a.notation for a in s.legal_actions()]
            s.apply(random_action(s, r))


def _random_positions(options, seeds, every, rng):
    for seed in seeds:
        s = GAME.new_initial_state(options)
        r = random.Random(seed)
        ply = 0
        while True:
            if ply % every == rng.randrange(every) or s.is_terminal():
                yield s
            if s.is_terminal():
                break
            s.apply(random_action(s, r))
            ply += 1


@pytest.mark.parametrize("options", [dict(ALL, players=4), {"players": 3},
                                     dict(ALL, players=5, decks=2, set_rule="suits"),
                                     {"players": 11, "decks": 2, "skip": True}])
def test_D27_determinize_resamples_all_a_player_cannot_see(options):
    """D27: ``determinize(p)`` deals afresh everything p cannot see (other hands but the known cards, every
    face-down card, p's own too, the draw pile, others' secret choices) and rewrites the hidden actions of
    the history to match: p's observation, legal actions, move list and drawing stay the same, and the
    rewritten history replays to exactly the determinized state (so who started is still explained, D9)."""
    rng = random.Random(7)
    changed = checked = 0
    for s in _random_positions(options, range(2), 23, rng):
        for p in range(s.num_players):
            d = s.determinize(p, rng)
            assert d.observation(p) == s.observation(p)
            assert d.public_history(p) == s.public_history(p)
            assert GAME.draw_svg(d.observation(p), viewer=p) == GAME.draw_svg(s.observation(p), viewer=p)
            if s.current_player() == p:
                assert [a.to_json() for a in d.legal_actions()] == [a.to_json() for a in s.legal_actions()]
            replayed = GAME.new_initial_state(options)
            for a in d.history:
                replayed.apply(a)
            assert replayed == d, "the rewritten history must replay to the determinized state"
            checked += 1
            changed += d.down != s.down or d.hands != s.hands or d.history != s.history
    assert checked > 20 and changed > checked // 2


def test_D27_own_face_down_cards_and_deals_resampled():
    """D27, D3: even a player's own face-down cards and the face-down deals in the history are resampled."""
    s = GAME.new_initial_state({"players": 2})
    rng = random.Random(2)
    while s.phase == "deal":
        s.apply(random_action(s, rng))
    own = list(s.down[0])
    seen = {tuple(s.determinize(0, random.Random(k)).down[0]) for k in range(20)}
    assert len(seen) > 10 and tuple(own) in seen or len(seen) > 10
    d = s.determinize(0, random.Random(5))
    assert d.public_history(0) == s.public_history(0) and d.history[:6] != s.history[:6]
    assert d.hands[0] == s.hands[0] and d.hands[1] != s.hands[1]
