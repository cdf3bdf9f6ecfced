"""A move said as a player reads it: every game's own actions carry a label where their notation is a code
("play Th", "Wd4,a1", "19/24*", "a1b2", "x d1Gd3Wd5"), and the move list, the hint and the review say the
label (``Play 10♥``); a newcomer found Dritzak's move list and hint reading "play Th". The notation and the
rules are unchanged: the label is presentation only."""
import json
import random
import re

import pytest

import pygames.games  # noqa: F401  (registers the shipped games)
from pygames import web
from pygames.core import list_games
from pygames.core.bots import random_action

CODE = re.compile(r"\b[2-9TJQKA][cdhs]\d?\b"      # a card: Th, 7c2
                  r"|\b[WGB][a-k]\d+\b"           # a marble and its ring: Wd4
                  r"|/"                           # a die move: 19/24*, bar/4, 21/off
                  r"|^[a-k]\d+[a-k]\d+$"          # two cells run together: a1b2
                  r"|^x ")                        # a jump: x d1Gd3Wd5
GAMES = sorted(g.id for g in list_games() if not g.id.startswith("toy_"))


def test_seven_games():
    assert len(GAMES) == 7, GAMES


@pytest.mark.parametrize("game", GAMES)
def test_actions_written_in_a_code_have_a_label_of_words(game):
    """In seeded random games (three, up to 300 plies each), every legal action of a player whose notation
    is a code has a label that is not its notation; some do (the test sees a code in every game but Zoon
    and Duerror Grandis, whose notations are words and cells)."""
    g = pygames.core.get_game(game)
    coded = 0
    for seed in range(3):
        s, rng = g.new_initial_state({}), random.Random(seed)
        for _ in range(300):
            if s.is_terminal():
                break
            if not s.is_chance_node():
                for a in s.legal_actions():
                    label = a.to_json()["label"]
                    assert label, (game, a.notation)
                    if CODE.search(a.notation):
                        coded += 1
                        assert label != a.notation and not CODE.search(label), (game, a.notation, label)
            s.apply(random_action(s, rng))
    assert coded or game in ("zoon", "duerror_grandis"), game


def call(name, **args):
    return json.loads(web.call(name, json.dumps(args)))


def test_move_list_says_the_label():
    """Dritzak's move list says a play as ``Play 10♥``; a chance outcome and a move without a label keep
    their notation; undo takes the labels back with the moves."""
    call("new_game", game="dritzak", seats=["human", "random"], seed=5, options={"players": 2})
    s, rng = web._session, random.Random(2)
    while len([m for m in call("view")["ok"]["moves"] if m["notation"].startswith("play")]) < 6:
        legal = s.state.legal_actions()
        if s.state.current_player() == 0:
            call("act", notation=legal[rng.randrange(len(legal))].notation)
        else:
            call("bot")
    moves = call("view")["ok"]["moves"]
    plays = [m for m in moves if m["notation"].startswith("play")]
    from pygames.dritzak.cards import _IDS, card_text
    for m in plays:  # "play Th 7c" -> "Play 10♥ 7♣"
        assert m["label"] == "Play " + " ".join(card_text(_IDS[n]) for n in m["notation"].split()[1:]), m
    assert all(m["label"] == m["notation"] for m in moves if m["chance"]), moves[:3]
    n = len(s.labels)
    assert n == len(s.record.actions) == len(s.movers)
    if s.can_undo():
        s.undo()
        assert len(s.labels) == len(s.record.actions)
