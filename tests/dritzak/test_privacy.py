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
