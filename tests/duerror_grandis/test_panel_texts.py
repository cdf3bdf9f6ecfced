"""What the panel says matches the screen (ui18): the die shown is the one of the turn being played or
the one before and is dated so; the end of a single game is not called a match's; labels never say
"you" (every viewer's move list shows the same label); the other players' setup choices (colour, board,
starting piece) are said in the panel, hidden ones as hidden in Caecus (G40, G41)."""
import random
import re

from .helpers import GAME, play, pos, start


def said(obs, viewer):
    """The drawing's words, its wrapped lines joined by spaces."""
    return " ".join(re.findall(r">([^<>]*)</text>", GAME.draw_svg(obs, viewer=viewer)))


def finish_turn(s):
    """Play the rest of the mover's turn: keep, no take, no veer, move or stay (chance: its first outcome)."""
    p = s.turn
    while not s.is_terminal() and s.turn == p:
        if s.is_chance_node():
            s.apply(s.chance_outcomes()[0][0])
            continue
        names = [a.notation for a in s.legal_actions()]
        pick = next((n for n in names if n in ("keep", "stop", "spare") or n.startswith(("spare", "stay"))), None)
        moves = [n for n in names if n != "veer" and not n.startswith(("veer", "take", "pay", "change", "roll"))]
        s.apply(pick or moves[0])
    return s


def test_an_old_die_is_not_shown_as_current():
    """Red rolls 5 and changes free; the die is Red's "this turn", then "last turn" in Blue's turn; once
    Red's next turn (paying a token instead) has begun, that die is no longer shown."""
    s = pos([[("thete", "A1")], [("thete", "A2")]], tokens=[3, 3], bank=1)
    play(s, "roll", "d6 5")
    obs = s.observation(1)
    assert obs["roll"] == ["d6", 5, 0] and obs["roll_turn"] == "this"
    assert "Red rolled 5 this turn: odd, change free" in said(obs, 1)
    finish_turn(s)
    obs = s.observation(1)
    assert s.turn == 1 and obs["roll_turn"] == "last"
    assert "Red rolled 5 last turn" in said(obs, 1)
    finish_turn(s)
    assert s.turn == 0
    play(s, "pay ephebe")
    for _ in range(2):  # Red's turn with the paid change, then Blue's
        obs = s.observation(1)
        assert obs["roll"] == [] and obs["roll_turn"] is None
        assert "rolled" not in said(obs, 1)
        finish_turn(s)


def play_out(options, seed):
    s = start(**options)
    rng = random.Random(seed)
    while not s.is_terminal():
        if s.is_chance_node():
            outs = s.chance_outcomes()
            s.apply(rng.choices([a for a, _ in outs], [w for _, w in outs])[0])
        else:
            s.apply(rng.choice(s.legal_actions()))
    return s


def test_a_single_game_ends_as_a_game_a_parcus_match_as_a_match():
    svg = said(play_out({"players": 2}, 1).observation(0), 0)
    assert "The game is over" in svg and "match" not in svg
    svg = said(play_out({"players": 2, "parcus": 2}, 1).observation(0), 0)
    assert "The match is over" in svg


def test_spare_label_names_both_players_never_you():
    """G16: the spared player pays the mover; the label is read in every viewer's move list."""
    s = pos([[("ephebe", "E5")], [("thete", "E6")]], tokens=[1, 1], bank=0)
    play(s, "keep")
    labels = {a.notation: a.label for a in s.legal_actions()}
    assert labels["spare Blue"] == "spare: Blue pays Red 1 token"


def test_the_other_players_choices_are_said_in_the_panel():
    s = play(start(3), "first Player 1", "colour Red", "board 4", "start thete", "colour Blue")
    svg = said(s.observation(1), 1)
    assert "Chosen: Red took the red pieces, board 4 (Comb) and a thete to start." in svg
    play(s, "board 2", "start melliran", "colour Green", "board 7", "start ephebe")
    assert s.part == "formactus" and s.turn == 0
    svg = said(s.observation(0), 0)  # Red's first turn: the two others' choices
    assert "Blue took board 2 (Spiral) and a melliran to start;" in svg  # their names are their colours now
    assert "Green took board 7 (Wander) and an ephebe to start." in svg
    assert "Red took" not in svg  # not the viewer's own
    for _ in range(3):
        finish_turn(s)
    assert s.round == 1 and "Chosen:" not in said(s.observation(0), 0)


def test_caecus_choices_say_hidden_not_which():
    """G40, G41: another player's board and starting piece are said to be chosen, never which."""
    s = play(start(2, caecus=True), "first Player 1", "colour Red", "board 4", "start thete", "colour Blue")
    svg = said(s.observation(1), 1)
    assert "Red took the red pieces, a hidden board and a hidden piece to start." in svg
    assert "board 4" not in svg and "thete to start" not in svg
    obs = s.observation(1)
    assert obs["choices"] == [[0, "Red", None, None], [1, "Blue", None, None]]
