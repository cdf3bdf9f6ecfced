"""Golden games: whole seeded random games (``core.playthrough``: at every ply the player to move, the
public observation, the legal actions in order or the chance outcomes with their probabilities, and the
action taken) must hash exactly as recorded, so an engine change (a speed-up) that alters any rule, any
outcome order or what the table shows fails here.

The digests were recorded from the engine before its speed-ups, then once more when the observation
gained ``last_by`` / ``last_cards`` / ``last_pick`` (the games minus those keys still hash as before). After an intended rules change,
regenerate: ``hashlib.sha256(playthrough("dritzak", options, seed, 100000).encode()).hexdigest()[:24]``.
"""
import hashlib

import pytest

from pygames.core.playthrough import playthrough

ALL = {"skip": True, "sevens": True, "reversal": True, "play_on": True}
GOLDEN = [
    ({"players": 2}, {1: "38a9b948c29651fe72d67875", 2: "7eb9ac04ef8b17fdedfb86aa", 3: "38fc8da9605dfa12cbe8c1b8"}),
    ({"players": 4}, {4: "f715eacf0e74c0c131ba8bb7", 5: "de7fa7e670bf593304fdd9d3", 6: "7b57f2bb1d775ac2b1209397"}),
    ({"players": 6}, {7: "0d4903cf5e959f0b3c292298", 8: "a37c0d90ea338dea0f85e137"}),
    (dict(ALL, decks=2, set_rule="suits", players=4),
     {9: "50b13554dab217d5f8a5bec8", 10: "5a2f31ac9abdfa73149d4ab0", 11: "ce29467f7ee76eca9720167b"}),
    (dict(ALL, decks=3, set_rule="all", players=5), {12: "3b1036ddf67a68510cfcdcf6", 13: "22778b4c42ebfd8359510a85"}),
    ({"decks": 2, "set_rule": "four", "sevens": True, "reversal": True, "players": 3},
     {14: "7e70ebfc044aae5ae1c5977e", 15: "587922dbad332c4c5a45f961"}),
    ({"skip": True, "play_on": True, "players": 6}, {16: "480c6adea5bfed8670796d15", 17: "599a563c395d1a4a88251ac6"}),
]


@pytest.mark.parametrize("options, seed, want", [(o, s, h) for o, seeds in GOLDEN for s, h in seeds.items()])
def test_golden_game_unchanged(options, seed, want):
    txt = playthrough("dritzak", options, seed, 100000)
    assert "returns:" in txt  # the whole game, to its end
    assert hashlib.sha256(txt.encode()).hexdigest()[:24] == want
