"""Golden games: whole seeded random games (``core.playthrough``: at every ply the player to move, the
public observation, the legal actions in order or the chance outcomes with their probabilities, and the
action taken) must hash exactly as recorded, so an engine change (a speed-up) that alters any rule, any
outcome order or what the board shows fails here.

The digests were recorded from the engine before its speed-ups. The Factiosus games were recorded again
once, with the engine before its speed-ups plus one fix (G31: a move now moves the piece its notation
names; before, ``enter A1`` of the melliran entered the first piece off the board), and the sped-up
engine gives the same digests. All were recorded again for rulings 11-14 (G26's ending in the
observation, G37 retakes and G38 in chains, G39 Parcus saving); the Caecus ones (7, 8, 15, 16, 17)
again for rulings 9 and 10 (G40 boards drawn face down, G41 kinds hidden), the others unchanged by them
and by the split of the engine into modules; all again for ruling 15 (G43: colours chosen after the
opening roll, seats named ``Player k`` until then); all again for ui18 (the observation's die only of the
turn being played or the one before, ``roll_turn``, the setup ``choices``, a d6's ``roll`` event in the
trail, the Factiosus spare's label naming both players), with the same actions, legal actions and chance
outcomes at every ply (checked with those observation fields and labels set aside). After an intended rules change,
regenerate: ``hashlib.sha256(playthrough("duerror_grandis", options, seed, 100000).encode()).hexdigest()[:24]``.
"""
import hashlib

import pytest

from pygames.core.playthrough import playthrough

GOLDEN = [
    ({"players": 2}, {1: "0aa80963626b4dedd08453b5", 2: "b62b836e0f32590edca78a45", 3: "7559a0660d32980055eff981"}),
    ({"players": 3}, {4: "d64a4621ff0b42035765a70e", 5: "1339728535235bd30eb8d924", 6: "3940f74769a1b3148f4e4fb9"}),
    ({"players": 4, "caecus": True}, {7: "a5f5e86a23074d5b69bbaaa5", 8: "056237c2f424fad82f483010"}),
    ({"players": 3, "factiosus": True},
     {9: "2903fb5768fcf7eb8a3697b6", 10: "21e258ab42faaca363f9c613", 11: "9e6ba2a2c44efda950126087"}),
    ({"players": 2, "factiosus": True}, {12: "ca02b379368b611261f3ff97"}),
    ({"players": 2, "merus": True, "parcus": 2}, {13: "df94d99cf9a17a931809cc42", 14: "14c274ed9b000053aaaf29b1"}),
    ({"players": 4, "factiosus": True, "merus": True, "caecus": True},
     {15: "b26f09ea933d8a085aa69fac", 16: "4859d6c89647bebf289e326b"}),
    ({"players": 3, "parcus": 3, "caecus": True}, {17: "cf3d34ae255f1b69d6ac3f47"}),
]


@pytest.mark.parametrize("options, seed, want", [(o, s, h) for o, seeds in GOLDEN for s, h in seeds.items()])
def test_golden_game_unchanged(options, seed, want):
    txt = playthrough("duerror_grandis", options, seed, 100000)
    assert "returns:" in txt  # the whole game, to its end
    assert hashlib.sha256(txt.encode()).hexdigest()[:24] == want
