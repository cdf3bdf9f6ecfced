"""Golden games: whole seeded random games (``core.playthrough``: at every ply the player to move, the
public observation, the legal actions in order or the chance outcomes with their probabilities, and the
action taken) must hash exactly as recorded, so an engine change (a speed-up) that alters any rule, any
outcome order or what the board shows fails here.

The digests were recorded from the engine before its speed-ups. The Factiosus games were recorded again
once, with the engine before its speed-ups plus one fix (G31: a move now moves the piece its notation
names; before, ``enter A1`` of the melliran entered the first piece off the board), and the sped-up
engine gives the same digests. After an intended rules change,
regenerate: ``hashlib.sha256(playthrough("duerror_grandis", options, seed, 100000).encode()).hexdigest()[:24]``.
"""
import hashlib

import pytest

from pygames.core.playthrough import playthrough

GOLDEN = [
    ({"players": 2}, {1: "a27af233caaa803a3beabf94", 2: "ec28c7bf449c98c272c76a03", 3: "7351713fceab0f21fbb85bf5"}),
    ({"players": 3}, {4: "a3488b042e9dcf41a52c51aa", 5: "f76780424123fad005206684", 6: "4fca232d76ee8d09c054f471"}),
    ({"players": 4, "caecus": True}, {7: "f368ca667a0a7be5826101bf", 8: "5cac88f7cc99b6a2cebf5951"}),
    ({"players": 3, "factiosus": True},
     {9: "424a38040495a4106301a648", 10: "e59c9cb8d6d87a3a1c90ae45", 11: "4f92ff48698b3602183b01dd"}),
    ({"players": 2, "factiosus": True}, {12: "16409c9f7aa0167372b62ec6"}),
    ({"players": 2, "merus": True, "parcus": 2}, {13: "a5f73a759896c5c5554e70a2", 14: "59f2c31805d9e6db2030a1ca"}),
    ({"players": 4, "factiosus": True, "merus": True, "caecus": True},
     {15: "2a5cea98c07795fb9f50e4c9", 16: "dcefb63856fbba64aac6f5fe"}),
    ({"players": 3, "parcus": 3, "caecus": True}, {17: "fad6d30ca5f7eab05326442d"}),
]


@pytest.mark.parametrize("options, seed, want", [(o, s, h) for o, seeds in GOLDEN for s, h in seeds.items()])
def test_golden_game_unchanged(options, seed, want):
    txt = playthrough("duerror_grandis", options, seed, 100000)
    assert "returns:" in txt  # the whole game, to its end
    assert hashlib.sha256(txt.encode()).hexdigest()[:24] == want
