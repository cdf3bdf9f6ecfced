"""Golden games: whole seeded random games (``core.playthrough``: at every ply the player to move, the
public observation, the legal actions in order or the chance outcomes with their probabilities, and the
action taken) must hash exactly as recorded, so an engine change (a speed-up) that alters any rule, any
outcome order or what the table shows fails here.

The digests were recorded from the engine before its speed-ups, then once more when the observation
gained ``last_by`` / ``last_cards`` / ``last_pick`` (the games minus those keys still hash as before), and
again for the rulings of issue 16: every game by the new ``deal`` option (D5) and the turn count of D24 in
the observation. Beyond that, the one-deck games first differ where a ruling applies (1–5 only by the
called game's wording; 6 and 8 not at all; 7 and 17 face-up cards waiting a turn, D28; 16 the skip text
naming the next player, D20), and the games with two or three decks (9–15) by identical copies offered one
by one (D30, a longer list of legal plays), besides who starts counted in cards (D9) and the skip text.
The games with two or three decks (9–15) were recorded once more when a hand holding a copy the table saw
it pick up had to play that copy first (D30); the one-deck games are unchanged by it.
After an intended rules change, regenerate:
``hashlib.sha256(playthrough("dritzak", options, seed, 100000).encode()).hexdigest()[:24]``.
"""
import hashlib

import pytest

from pygames.core.playthrough import playthrough

ALL = {"skip": True, "sevens": True, "reversal": True, "play_on": True}
GOLDEN = [
    ({"players": 2}, {1: "f12edb30b1aa1c81587802f4", 2: "abb4d3d962a257753112a1a8", 3: "9f360720af3ed43ba8f6561e"}),
    ({"players": 4}, {4: "5ce3bbd325ff8edf0c69268e", 5: "a26a5ef5642788627ed956d6", 6: "7ee3efab1f8857a2b44c5dee"}),
    ({"players": 6, "deal": "hand of two"}, {7: "c5e925e98f4a9ddcf3f2d803", 8: "7170503160034100982b610d"}),
    (dict(ALL, decks=2, set_rule="suits", players=4),
     {9: "cd03cb52ab12d43eca528b0a", 10: "24804d184cadb795e0ea59b8", 11: "48ef306771b04c0bbe534026"}),
    (dict(ALL, decks=3, set_rule="all", players=5), {12: "8fb5d1062f2bd5800eae5f24", 13: "9269da7473a7c8a17f97e410"}),
    ({"decks": 2, "set_rule": "four", "sevens": True, "reversal": True, "players": 3},
     {14: "06758a0c9bf5b3101747d837", 15: "64beac4319724c0f3854b237"}),
    ({"skip": True, "play_on": True, "players": 6, "deal": "hand of two"},
     {16: "c9b09cbaedb31075348b9884", 17: "4e0326667ff2c978127b600b"}),
]


@pytest.mark.parametrize("options, seed, want", [(o, s, h) for o, seeds in GOLDEN for s, h in seeds.items()])
def test_golden_game_unchanged(options, seed, want):
    txt = playthrough("dritzak", options, seed, 100000)
    assert "returns:" in txt  # the whole game, to its end
    assert hashlib.sha256(txt.encode()).hexdigest()[:24] == want
