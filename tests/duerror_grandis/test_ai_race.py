"""The race table behind the computer's evaluation (pygames/duerror_grandis/ai_race.py)."""
from pygames.duerror_grandis import ai, ai_race
from pygames.duerror_grandis.boards import PATHS, SQUARE_NAMES

from .helpers import pos

KINDS = ("thete", "ephebe", "melliran")


def test_exact_landing_g25_in_the_table():
    """G25: a move must end exactly on square 82. A thete on 73, an ephebe on 77 and a melliran on 81
    finish in one turn; a thete on 75 cannot (it must change piece first, G8, G9), so it needs more."""
    tb = ai_race.table(KINDS, False)
    assert tb.V[0][0][73] == tb.V[0][1][77] == tb.V[0][2][81] == 1.0
    assert tb.V[0][0][75] > 1.5
    # tokens never hurt (a veer or a paid change may be declined, G8, G19)
    assert all(tb.V[t + 1][k][n] <= tb.V[t][k][n] + 1e-9 for t in range(3) for k in range(3) for n in range(82))


def test_factiosus_g30_thete_needs_the_right_square():
    """G30: no formactus in Factiosus, so a thete lands on 82 only from a square 82 - 9k: from 10 it
    walks home in eight turns, from 11 it must veer or be swapped (many more turns)."""
    tb = ai_race.table(KINDS, True)
    assert tb.V[0][0][10] == 8.0
    assert tb.V[0][0][11] > 15.0


def _square(board: int, number: int) -> str:
    """The name of the square with path number ``number`` on board ``board`` (1..9)."""
    return SQUARE_NAMES[PATHS[board - 1][number - 1]]


def test_threat_of_a_take_g14_costs_turns():
    """G13, G14: a rival melliran in line with Red's thete, on a square far back on Red's path, could
    swap it back there: Red needs more expected turns than with the rival out of reach, and Red's
    evaluation is lower."""
    from pygames.duerror_grandis.common import NUMBER, REACH

    number = NUMBER[0]  # Red's path: the Serpent (board 1)
    red = PATHS[0][59]  # Red's square 60
    back = next(x for x in range(81) if red in REACH["melliran"][x] and number[x] < 20)
    away = next(x for x in range(81) if red not in REACH["melliran"][x] and number[x] < 20)
    threatened = pos([[("thete", SQUARE_NAMES[red])], [("melliran", SQUARE_NAMES[back])]], turn=1)
    safe = pos([[("thete", SQUARE_NAMES[red])], [("melliran", SQUARE_NAMES[away])]], turn=1)
    assert ai_race.remaining(threatened, 0) > ai_race.remaining(safe, 0) + 0.5
    assert ai.evaluate(threatened)[0] < ai.evaluate(safe)[0]
