"""Dritzak passes the conformance kit: random games end, records replay, JSON round-trips, and every card
of the decks is in exactly one zone at every ply."""
import pytest

from pygames.dritzak.rules import _RANK, TEN

from ..conformance import check_game

ALL = {"decks": 2, "set_rule": "suits", "skip": True, "sevens": True, "reversal": True, "play_on": True}


def zones_invariant(s):
    cards = list(s.deck) + list(s.pile) + list(s.cleared)
    for q in range(s.num_players):
        cards += s.hands[q] + s.up[q] + [c for c in s.down[q] if c is not None]
        assert set(s.known[q]) <= set(s.hands[q])
        assert len(s.down[q]) <= 3
    assert sorted(cards) == list(range(52 * s.decks)), "every card in exactly one zone"
    assert not s.pile or _RANK[s.pile[-1]] != TEN, "a 10 never stays on the pile"
    if s.is_terminal():
        assert s.places and s.legal_actions() == []


@pytest.mark.parametrize("options", [
    {"players": 2}, {"players": 4}, {"players": 6, "deal": "hand of two"},
    {"players": 3, "decks": 3, "set_rule": "all"},
    dict(ALL, players=4), dict(ALL, players=6, decks=3, set_rule="four"), dict(ALL, players=2, decks=1),
    {"players": 17, "decks": 3, "deal": "hand of two", "set_rule": "suits"},
])
def test_dritzak_conformance(options):
    big = options["players"] > 11  # seventeen seats: one game, checked every fourth ply
    crowded = options["players"] >= 6 and options.get("decks", 1) > 1  # long games: every fourth ply too
    finals = check_game("dritzak", options, range(1 if big else 3), zones_invariant,
                        every=4 if big or crowded else 2)
    for f in finals:
        r = f.returns()
        assert f.is_terminal() and all(-1.0 <= v <= 1.0 for v in r)
        assert (max(r), min(r)) in ((1.0, -1.0), (0.0, 0.0)) or f.options["play_on"]
        assert f.places and (f.called or f.cards_left(f.places[0]) == 0)
