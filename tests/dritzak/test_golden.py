"""Golden games: whole seeded random games (``core.playthrough``: at every ply the player to move, the
public observation, the legal actions in order or the chance outcomes with their probabilities, and the
action taken) must hash exactly as recorded, so an engine change (a speed-up) that alters any rule, any
outcome order or what the table shows fails here.

The digests were recorded from the engine before its speed-ups. After an intended rules change,
regenerate: ``hashlib.sha256(playthrough("dritzak", options, seed, 100000).encode()).hexdigest()[:24]``.
"""
import hashlib

import pytest

from pygames.core.playthrough import playthrough

ALL = {"skip": True, "sevens": True, "reversal": True, "play_on": True}
GOLDEN = [
    ({"players": 2}, {1: "81179d412b650e1afaa2225d", 2: "02119b97ddfad8efc4e274b5", 3: "14d563e9e001c90ed43f81d0"}),
    ({"players": 4}, {4: "f582794f48cc16cb9cb16319", 5: "3bcc9d53585d37414185b00a", 6: "96ccf54c985155de91fc816c"}),
    ({"players": 6}, {7: "c9201f870fcdd95541a7a15b", 8: "26310884818654b46e3dd282"}),
    (dict(ALL, decks=2, set_rule="suits", players=4),
     {9: "0363014265be4b3b7b32a34f", 10: "24cd2d08faeac7446ffd12e1", 11: "54ecd146c5afd27e236a216b"}),
    (dict(ALL, decks=3, set_rule="all", players=5), {12: "f1ed7860e978d954740cb9a1", 13: "a2b118c5a81bd67a5ebe804c"}),
    ({"decks": 2, "set_rule": "four", "sevens": True, "reversal": True, "players": 3},
     {14: "2003f1e8d54c51320e37b1f9", 15: "a93b0e47e45dbfa8492f1f3b"}),
    ({"skip": True, "play_on": True, "players": 6}, {16: "846cfe6e4e187a3bdc02de61", 17: "a6bd3d1c7eb3cee66cd31b4f"}),
]


@pytest.mark.parametrize("options, seed, want", [(o, s, h) for o, seeds in GOLDEN for s, h in seeds.items()])
def test_golden_game_unchanged(options, seed, want):
    txt = playthrough("dritzak", options, seed, 100000)
    assert "returns:" in txt  # the whole game, to its end
    assert hashlib.sha256(txt.encode()).hexdigest()[:24] == want
