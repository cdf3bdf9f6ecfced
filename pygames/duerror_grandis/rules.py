"""Duerror Grandis: the rules engine (seed 001, Mahoney 1999, Appendix D; RULINGS.md "Duerror Grandis").

Rule ids (G1, G2, …) refer to ``docs/rules/duerror_grandis.md``. This module assembles
:class:`DuerrorState` from one mixin per phase or concern and re-exports the public names:
:mod:`.common` (constants, reaches, cached actions: G1–G3, G11–G13, G20, G27), :mod:`.setup` (the
opening, choices, formactus, turns, endings and the Parcus match: G4–G9, G26, G33, G35, G39),
:mod:`.flictus` (takes and misericordia: G10–G18, G32, G37, G38), :mod:`.moving` (legal actions,
flexus and fluctus: G19–G25, G31), :mod:`.playout` (the fast uniform playout), :mod:`.hidden` (what
each player sees, Caecus: G5, G29) and :mod:`.persist` (saving, loading, positions); :mod:`.base`
declares the shared fields.

Each player follows their own path (one of the nine boards of :mod:`.boards`) over the one shared 9×9
grid of squares. A piece is ``[kind, square]`` with ``kind`` one of ``thete``, ``ephebe``, ``melliran``
and ``square`` an index 0..80, :data:`OFF` (-1, not yet on the board) or :data:`OUT` (81, exited one
square beyond the end of its path). Its *path number* (0 off, 1..81 on, 82 out) follows from its owner's
board. A player has one piece in play, or two or three in Factiosus.

A turn is made of parts, kept explicit in ``part``: ``formactus`` (keep, pay or ``roll`` a d6; after an
odd roll ``change``), ``flictus`` (takes, ``spare`` or ``stop``), ``move`` (flexus and fluctus: ``veer``
any number of times, then move or ``stay``). Chance nodes: ``opening`` (who is first), ``d6`` and
``veer`` (two d10), and in Caecus ``board`` (a board drawn face down, G40). Before the first turn the
players choose in ``board`` and ``piece``.

Notation (G27): ``first Red``; ``board 3``; ``start melliran``; ``keep``, ``pay ephebe``, ``roll``,
``d6 5``, ``change melliran``; ``take E5`` (``take E5 Blue`` when two pieces on E5 could be taken;
Factiosus: ``ephebe take E5``, ``… take E5 Blue thete``), ``spare``, ``spare Blue``, ``stop``;
``veer`` (Factiosus ``veer thete``), ``veer G7`` (the dice: letter then number, ``J`` and ``10`` are
the tens, off the grid); ``enter E1``, ``D4-D9``, ``H8-out``, ``stay`` (Factiosus ``stay thete``).
"""
from __future__ import annotations

from dataclasses import dataclass

from .common import (ARTICLE, CHANCE_PARTS, DISTANCE, ENDINGS, KINDS, MAX_ROUNDS, NAMES, OFF, OUT, PARTS,  # noqa: F401
                     REACH)
from . import explain as why
from .flictus import FlictusMixin
from .hidden import HiddenMixin
from .moving import MovingMixin
from .persist import PersistMixin, _load, from_position  # noqa: F401
from .playout import PlayoutMixin
from .setup import SetupMixin


@dataclass(eq=False)
class DuerrorState(SetupMixin, FlictusMixin, MovingMixin, PlayoutMixin, HiddenMixin, PersistMixin):
    """A Duerror Grandis position: the match, the game, and the part of the turn.

    Fields (all JSON-able, see :meth:`_state_json`): ``first`` (None until the opening roll),
    ``turn`` (the player whose turn or choice it is), ``part`` (one of :data:`PARTS`), ``setup`` (how
    many players have chosen), ``boards`` (board index 0..8 or None per player), ``pieces`` (per
    player a list of ``[kind, square]``), ``tokens`` per player and ``bank``, ``could`` (players the
    mover's takes reach in flictus), ``took`` (a take was made this turn), ``chain`` (the positions this
    turn's takes reached: every piece's square, player by player, G37), ``barred`` (``[player, piece]``
    that may not be taken again in this chain, G38), ``handled`` (pieces moved or paid for in
    Factiosus), ``veering`` (piece being veered), ``roll`` (the last dice: ``[]``, ``["d6", k]`` or
    ``["d10", a, b]``), ``trail`` (this turn's events for drawing), ``round``, ``game_no``, ``wins``
    per player, ``winner`` (of the last finished game), ``ranked`` (its winners), ``ending`` (how it ended:
    ``exit``, ``stuck`` or ``rounds``, G26), and for Caecus (G40, G41, see :mod:`.hidden`) ``evidence``
    (per player the public facts a determinization must explain), ``seg`` (per player the number of
    changes of piece this game) and ``secret`` (``[history index, player, unit]`` of the actions that name
    hidden things).
    """

    # the methods live in the mixins, one module per phase or concern (see each module's docstring)

    explain_rules = why.EXPLAIN_RULES  # "Why not?" (issue 17): pygames.duerror_grandis.explain

    def _explain(self, targets, notation):
        return why.explain(self, targets, notation)
