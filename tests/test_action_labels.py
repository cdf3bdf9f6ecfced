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
    """Dritzak's move list says a play as ``Play 10♥`` and a deal or draw the viewer sees as ``Deal Q♣``;
    a hidden outcome and a move without a label keep their (shown) notation; undo takes the labels back
    with the moves."""
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
    for m in moves:  # chance outcomes: "Deal Q♣" where seat 0 sees the card, "deal ?" where not
        if m["chance"] and m["kind"] in ("deal", "draw"):
            words = m["kind"].capitalize() + " " + card_text(_IDS[s.record.actions[m["ply"] - 1].split()[1]])
            assert m["label"] == (m["notation"] if m["hidden"] else words), m
    n = len(s.labels)
    assert n == len(s.record.actions) == len(s.movers)
    if s.can_undo():
        s.undo()
        assert len(s.labels) == len(s.record.actions)


CHANCE_CODE = re.compile(CODE.pattern + r"|\b\d-\d\b"  # a roll: 6-3
                         r"|(?<!on )\b[A-J]\d+\b"       # the two d10 of a veer: G10 (not a DVONN space, "on F4")
                         r"|^d6 ")                      # a formactus roll: d6 5
CARD = re.compile(r"\b[2-9TJQKA][cdhs]\d?\b|(?:10|[2-9JQKA])[♣♦♥♠]")


def _has_chance(game: str, options: dict) -> bool:
    c = pygames.core.get_game(game).chance
    return (c(options) if callable(c) else c) != "none"


CHANCE_GAMES = [(g, {}) for g in GAMES if _has_chance(g, {})] + [("dvonn", {"random_board": True}),
                                                                ("dritzak", {"players": 2})]
WORDLESS: set[str] = set()
"""Games whose chance outcomes still show their notation (none: Zoon's rolls read "Attacker rolls 1,
defender 2" since its labels came)."""


def _played(game: str, options: dict, seed: int, plies: int = 160):
    """A session of ``game`` with a human seat 0 and random seats after ``plies`` actions (or the end)."""
    from pygames.core.bots import RandomBot
    from pygames.core.record import Record, Session
    n = pygames.core.get_game(game).new_initial_state(options).num_players
    s = Session(Record.new(game, options, seed=seed), ["human"] + ["random"] * (n - 1))
    rng, bot = random.Random(seed), RandomBot(seed)
    while len(s.record.actions) < plies and not s.state.is_terminal():
        if s.seats[s.state.current_player()] == "human":
            s.act(rng.choice(s.state.legal_actions()).notation)
        else:
            s.act(bot.step(s.state).notation)
    return s


def test_every_game_with_chance_is_checked():
    """ZÈRTZ and Dvertz have no chance outcome; every other game is in CHANCE_GAMES (DVONN by its option)."""
    assert sorted({g for g, _ in CHANCE_GAMES}) == sorted(set(GAMES) - {"zertz", "dvertz"})


@pytest.mark.parametrize("game,options", CHANCE_GAMES, ids=[f"{g}-{o}" for g, o in CHANCE_GAMES])
def test_chance_outcomes_in_the_move_list_read_in_words(game, options):
    """Every chance outcome a seat sees in full reads in words in the move list (label and seen_label hold
    no card, roll or cell code: "Draw J♥", "Roll 6 and 3"); one it does not see carries its public text
    only, with no card in it, and an empty ``seen``/``seen_label`` (the hidden-information rule)."""
    shown = hidden = 0
    for seed in range(2):
        s = _played(game, options, seed)
        for viewer in range(s.state.num_players):
            for m in web._moves(s, viewer):
                if not m["chance"]:
                    continue
                if m["hidden"]:
                    hidden += 1
                    assert m["label"] == m["notation"] and not m["seen"] and not m["seen_label"], m
                    assert not CARD.search(m["label"]), m
                    assert m["notation"] != s.record.actions[m["ply"] - 1], m
                else:
                    shown += 1
                    if game not in WORDLESS:
                        assert m["label"] != m["notation"], m
                        assert not CHANCE_CODE.search(m["label"]), m
                        assert not CHANCE_CODE.search(m["seen_label"]), m
    assert shown, game
    assert hidden or not web.hides_information(s.game, s.record.options), game


def test_dritzak_draws_say_the_card_to_their_drawer_only():
    """Dritzak, two players: the human's own draw reads "Draw J♥" and a deal card it sees lends its
    seen_label ("J♥") to the grouped deal entry; the opponent's draw shows no card ("draw ?"), and the
    card it drew is nowhere in that entry."""
    from pygames.dritzak.cards import _IDS, card_text
    s = _played("dritzak", {"players": 2}, 3, plies=120)
    moves = web._moves(s, 0)
    own = [m for m in moves if m["kind"] == "draw" and not m["hidden"]]
    other = [m for m in moves if m["kind"] == "draw" and m["hidden"]]
    assert own and other, moves
    for m in own:
        card = card_text(_IDS[m["notation"].split()[1]])
        assert m["label"] == "Draw " + card and m["seen_label"] == card, m
    for m in other:
        real = s.record.actions[m["ply"] - 1].split()[1]
        assert m["notation"] == m["label"] == "draw ?", m
        assert real not in json.dumps(m) and card_text(_IDS[real]) not in json.dumps(m, ensure_ascii=False), m
    deal = [m for m in moves if m["kind"] == "deal"]
    assert any(m["hidden"] for m in deal) and any(m["seen_label"] for m in deal)
    for m in deal:
        assert not m["hidden"] or not m["seen_label"], m
        assert m["hidden"] or m["seen_label"] == card_text(_IDS[m["notation"].split()[1]]), m


ZOON_MOVE = re.compile(r"^(?:(?P<name>.+) )?(?P<frm>[a-f][1-6]) (?:\u2192|attacks) (?P<to>[a-f][1-6])$")


def _zoon_plies(combat: str, seed: int, plies: int = 400):
    """Each decision of a seeded random Zoon game (``combat`` mode): ``(state before, action taken)``."""
    g = pygames.core.get_game("zoon")
    s, rng = g.new_initial_state({"combat": combat}), random.Random(seed)
    while not s.is_terminal() and len(s.history) < plies:
        a = random_action(s, rng)
        if not s.is_chance_node():
            yield s, a
        s = s.child(a)


@pytest.mark.parametrize("combat", ["alternate", "classic"])
def test_zoon_moves_name_a_zoon_only_when_both_players_see_it(combat):
    """Zoon's moves read in words ("Grognard c2 → c3", "c2 attacks c3"), never the notation (``c2xc3``);
    the label, which both players' move lists show, names the Zoon only when it is face up (ZN7): a
    face-down Zoon's move says its cells only, whoever moves it (the move list, the hint and the review
    read the same labels). No two legal actions share a label (the page finds a move by its label)."""
    named = anonymous = 0
    for seed in range(3):
        for s, _a in _zoon_plies(combat, seed):
            legal = s.legal_actions()
            assert len({a.label for a in legal}) == len(legal), [a.label for a in legal]  # a button each
            for a in legal:
                assert a.label and a.label != a.notation, a
                if len(a.targets) != 2 or a.targets[0].startswith("trump-") or s.phase != "turn":
                    continue
                m = ZOON_MOVE.match(a.label)
                assert m and (m["frm"], m["to"]) == a.targets, a
                p, i = divmod(s.board[_cell(a.targets[0])], 12)
                if s.up[p][i]:
                    named += 1
                    assert m["name"] == s.zoon(p, i).name, a
                else:
                    anonymous += 1
                    assert m["name"] is None, a
    assert named > 100 and anonymous > 100, (named, anonymous)


def test_zoon_deployment_ends_in_words_of_what_was_done():
    """ui20: the move list kept "Ready: commit this arrangement", a button's words, as the record of a
    side's finished deployment. It now says what was done, naming the side and nothing hidden (both
    players' lists show it, ZN44): "Ready: South's Zoons are placed", the same to either viewer."""
    v = json.loads(web.call("new_game", json.dumps({"game": "zoon", "options": {"first": "south"},
                                                    "seats": ["random", "random"], "seed": 4})))["ok"]
    while not v["terminal"] and sum(m["notation"] == "ready" for m in v["moves"]) < 2:
        v = json.loads(web.call("bot", "{}"))["ok"]
    said = [m for m in v["moves"] if m["notation"] == "ready"]
    assert [(m["name"], m["label"]) for m in said] == [("South", "Ready: South's Zoons are placed"),
                                                        ("North", "Ready: North's Zoons are placed")]
    assert all("commit" not in m["label"] for m in v["moves"])


def _cell(name: str) -> int:
    from pygames.zoon.board import CELL_INDEX
    return CELL_INDEX[name]


@pytest.mark.parametrize("combat", ["alternate", "classic"])
def test_zoon_labels_are_the_same_in_every_state_that_looks_the_same(combat):
    """The hidden-information rule for labels: a Zoon action that a player sees taken (its notation shown
    in their move list) carries the same label in any state that looks the same to that player
    (``state.determinize(viewer, rng)``, the other side's face-down Zoons and deployment resampled), so a
    label tells nothing a player may not see; and the chance outcomes a viewer is not shown (another side's
    deal) reach their move list as ``arrange S ?`` only."""
    compared = 0
    for seed in range(2):
        for k, (s, a) in enumerate(_zoon_plies(combat, seed, 300)):
            mover = s.current_player()
            viewer = 1 - mover
            if k % 3:
                continue
            after = s.child(a)
            if after.public_history(viewer)[-1] != a.notation:
                continue  # not shown to the viewer (a deployment step, a secret choice)
            d = s.determinize(viewer, random.Random(k))
            try:
                b = d.find_action(a.notation)
            except Exception:  # noqa: BLE001  (a move the resampled card could not make: nothing to compare)
                continue
            assert a.label and a.label != a.notation, a  # in words
            assert b.label == a.label, (a.notation, a.label, b.label)
            compared += 1
    assert compared > 50, compared


def _labels(game: str, options: dict, seed: int, plies: int = 200):
    """``(state, mover, action)`` of every legal action of a player in a seeded random game of ``game``."""
    s, rng = pygames.core.get_game(game).new_initial_state(options), random.Random(seed)
    for _ in range(plies):
        if s.is_terminal():
            return
        if not s.is_chance_node():
            for a in s.legal_actions():
                yield s, s.current_player(), a
        s.apply(random_action(s, rng))


@pytest.mark.parametrize("game", ["dvonn", "dvertz"])
def test_dvonn_and_dvertz_placements_name_the_piece(game):
    """N3, X3: a placement reads as the piece placed on a space, not a bare space ("White played k3"):
    ``DVONN piece on K3`` for the first three, then ``Piece on K3`` (the placer's own colour: the move
    list's line names the player, "White: Piece on K3"); the notation stays the space, ``k3``; the label
    writes it as the board and "Why not?" do."""
    from pygames.dvonn.board import placement_piece
    seen = set()
    for s, p, a in _labels(game, {}, 1, plies=60):
        if len(a.notation) == 2:
            piece = "DVONN piece" if placement_piece(s.placed) == "D" else "Piece"
            assert a.label == f"{piece} on {a.notation.upper()}", (s.placed, a.notation, a.label)
            seen.add(piece)
    assert seen == {"DVONN piece", "Piece"}


def test_dvonn_random_board_placements_name_the_piece_and_its_colour():
    """N6: a random board's chance placements say which piece went where (``Black piece on E3``; both
    colours are placed by chance, so the colour is said), where they said ``Next piece on e3``."""
    from pygames.dvonn.board import placement_piece
    s, rng = pygames.core.get_game("dvonn").new_initial_state({"random_board": True}), random.Random(4)
    words = {"D": "DVONN piece", "W": "White piece", "B": "Black piece"}
    while s.is_chance_node():
        outcomes = [a for a, _ in s.chance_outcomes()]
        assert [a.label for a in outcomes] == [f"{words[placement_piece(s.placed)]} on {a.notation.upper()}"
                                                for a in outcomes]
        assert [a.label for a in s.legal_actions()] == [a.label for a in outcomes]
        s.apply(s.pick_random(rng))
    assert s.placed == 49


@pytest.mark.parametrize("game", ["dvonn", "dvertz", "zertz"])
def test_labels_say_what_is_placed_or_jumped(game):
    """Placements, marbles and jumps say what goes where, capitalised like every game's labels (the review
    says "Move 7, White: Piece on K3", the hint "Hint (hard): Grey marble on G5"); stack moves are the
    cells as the board writes them, ``A1 \u2192 B2``."""
    kinds = set()
    for seed in range(2):
        for s, p, a in _labels(game, {}, seed):
            if a.notation != "pass" and "\u2192" not in a.label:
                first = a.label.split()[0]
                assert first in ("Piece", "DVONN", "White", "Grey", "Black", "Jump"), a.label
                kinds.add(first)
    assert kinds >= ({"Piece", "DVONN"} if game == "dvonn" else {"Jump", "White", "Grey", "Black"}), kinds


def test_zertz_placements_say_the_marble_and_the_ring_removed():
    """ZÈRTZ (Z5-Z8, Z14): ``Wd4,a1`` reads ``White marble on d4, ring a1 removed`` (it read "White on
    d4, remove a1"), a placement that isolates marbles adds what it captures (``capturing grey on a1``)."""
    s = pygames.core.get_game("zertz").new_initial_state({})
    assert s.find_action("Wd4,a1").label == "White marble on d4, ring a1 removed"
    assert s.find_action("Bd4,a1").label == "Black marble on d4, ring a1 removed"
    captured = [a for seed in range(12) for _, _, a in _labels("zertz", {}, seed, plies=400)
                if " x " in a.notation and "," in a.notation]
    assert captured
    for a in captured:
        assert re.fullmatch(r"(White|Grey|Black) marble on [a-g]\d, ring [a-g]\d removed, capturing "
                            r"(white|grey|black) on [a-g]\d(, (white|grey|black) on [a-g]\d)*", a.label), a.label
