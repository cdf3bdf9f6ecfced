"""The four Europa tribes of Zoon as data (RECONSTRUCTION.md section 1.5, rules ZN2, ZN9–ZN11, ZN31–ZN40).

Corners are listed in printed order TL, TR, BR, BL (clockwise from the top left); a corner is an int,
:data:`STAR` (★) or :data:`X`. A movement grid is five strings of five characters, the top string being
forward (towards the enemy): ``@`` the Zoon, ``o`` a normal (yellow) arrival cell, ``J`` a special
(green) arrival cell. ``paths`` lists the walking trajectories longer than one cell as
``((dx1, dy1), (dx2, dy2))`` in the owner's frame (``dy > 0`` forward, ``dx > 0`` the owner's right).

>>> [z.name for z in roster("warus")][:3]
['Harold de Jarl', 'Jorund', 'Mourse']
>>> len(roster("boarix")), sum(z.type == "Emblem" for z in roster("boarix"))
(12, 1)
"""
from __future__ import annotations

from dataclasses import dataclass

STAR = -1
"""A ★ corner."""
X = -2
"""An X corner (only on weapon trumps)."""

TRIBES = ("boarix", "monkus", "rhinogoths", "warus")
TRIBE_TITLES = {"boarix": "Boarix", "monkus": "Monkus", "rhinogoths": "Rhinogoths", "warus": "Warus"}
TYPES = ("Chief", "Hero", "Priest", "Monster", "Elite", "Soldier", "Emblem")


@dataclass(frozen=True)
class Kind:
    """One Zoon design: ``variants`` maps a variant letter ("" for a single design) to (corners, count)."""

    name: str
    type: str
    variants: tuple[tuple[str, tuple[int, int, int, int], int], ...]
    value: int
    grid: tuple[str, ...] | None          # None: immobile
    paths: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()
    effect: str = ""                      # the tribe-card effect of its ★ corner, in our words


@dataclass(frozen=True)
class Zoon:
    """One Zoon card of a roster: ``key`` is unique within the tribe (name plus variant and copy)."""

    key: str
    name: str
    variant: str
    type: str
    corners: tuple[int, int, int, int]
    value: int
    trajectories: tuple[tuple[tuple[int, int, bool], ...], ...]  # cells (dx, dy, special)
    grid: tuple[str, ...] | None
    effect: str


@dataclass(frozen=True)
class Trump:
    """A trump: ``code`` is the short name used in notation; ``uses`` ``once`` or ``unlimited``;
    ``requires`` the Zoon types one of which must be on the board (empty: none); ``corners`` for weapon
    trumps (None otherwise); ``kind`` Shooting, Tactical, Protection or Combat."""

    code: str
    name: str
    english: str
    kind: str
    uses: str
    requires: tuple[str, ...]
    corners: tuple[int, int, int, int] | None
    text: str


def _g(*rows: str) -> tuple[str, ...]:
    return tuple(rows)


KINDS: dict[str, tuple[Kind, ...]] = {
    "boarix": (
        Kind("Cloboulon", "Chief", (("", (4, 5, STAR, 2), 1),), 20,
             _g(".....", ".ooo.", ".o@o.", ".ooo.", "....."),
             effect="The combat is a draw. If Cloboulon was the attacker, you then move one of your Grognards."),
        Kind("Gold-Hure", "Hero", (("", (4, 4, 2, STAR), 1),), 24,
             _g("o.o.o", ".ooo.", ".o@o.", ".ooo.", "..o.."),
             (((-1, 1), (-2, 2)), ((0, 1), (0, 2)), ((1, 1), (2, 2)), ((0, -1), (0, -2))),
             effect="The combat is a draw. If Gold-Hure was the attacker, it moves again."),
        Kind("Bouclefeuille", "Priest", (("", (2, 0, 0, STAR), 1),), 2,
             _g(".....", ".....", ".o@o.", ".....", "....."),
             effect="The combat is a draw. Then move Bouclefeuille to any free cell of the battlefield."),
        Kind("Grognard", "Elite", (("A", (3, 4, 2, 1), 2), ("B", (4, 3, 1, 2), 2)), 16,
             _g("o...o", ".ooo.", ".o@o.", ".....", "....."),
             (((-1, 1), (-2, 2)), ((1, 1), (2, 2)))),
        Kind("Kassin", "Soldier", (("A", (1, 2, 0, 0), 2), ("B", (2, 1, 0, 0), 2)), 7,
             _g(".....", "..o..", ".o@o.", "..o..", ".....")),
        Kind("Sacrechêne", "Emblem", (("", (4, 2, 0, 0), 1),), 12, None),
    ),
    "monkus": (
        Kind("King Louis", "Chief", (("", (5, 5, 2, STAR), 1),), 22,
             _g("o...o", ".ooo.", ".o@o.", "..o..", "....."),
             (((-1, 1), (-2, 2)), ((1, 1), (2, 2))),
             effect="The combat is a draw. Then King Louis and the enemy Zoon it fought swap places."),
        Kind("Kombo Bongo", "Priest", (("", (3, 1, STAR, STAR), 1),), 10,
             _g(".....", ".o.o.", ".o@o.", ".o.o.", "....."),
             effect="The combat is a draw. Then Kombo Bongo swaps places with King or Kong (your choice); "
                    "if neither is on the battlefield it stays."),
        Kind("King", "Monster", (("", (6, 3, 0, 2), 1),), 15,
             _g("..J..", ".o.o.", "..@..", ".....", ".....")),
        Kind("Kong", "Monster", (("", (3, 6, 2, 0), 1),), 15,
             _g("..J..", ".o.o.", "..@..", ".....", ".....")),
        Kind("Coco Bang", "Elite", (("A", (3, 2, 1, 2), 2), ("B", (2, 3, 2, 1), 1)), 12,
             _g(".....", "..o..", ".o@o.", "..o..", ".....")),
        Kind("Bouga", "Soldier", (("A", (2, 1, 0, 1), 2), ("B", (1, 2, 1, 0), 2)), 9,
             _g("..o..", "..o..", ".o@o.", "..o..", "....."),
             (((0, 1), (0, 2)),)),
        Kind("Queen Mary", "Emblem", (("", (2, 2, 0, 0), 1),), 16,
             _g(".....", ".....", "oo@oo", ".....", "....."),
             (((-1, 0), (-2, 0)), ((1, 0), (2, 0)))),
    ),
    "rhinogoths": (
        Kind("Goolgoth I", "Chief", (("", (5, 4, 2, 3), 1),), 24,
             _g("..o..", ".ooo.", "..@..", ".o.o.", "....."),
             (((0, 1), (0, 2)),)),
        Kind("Oto von Rhino", "Hero", (("", (5, 3, 0, 3), 1),), 16,
             _g("..o..", "..o..", "..@..", ".o.o.", "....."),
             (((0, 1), (0, 2)),)),
        Kind("Trice", "Monster", (("", (8, 4, 0, STAR), 1),), 15,
             _g(".....", ".ooo.", "..@..", ".....", "....."),
             effect="The combat is a draw. Then your opponent moves the Zoon it fought back onto a free cell "
                    "of the three cells of the row behind it; if none is free, it stays."),
        Kind("Ratops", "Monster", (("", (4, 8, STAR, 0), 1),), 15,
             _g(".....", ".ooo.", "..@..", ".....", "....."),
             effect="The combat is a draw. Then your opponent moves the Zoon it fought back onto a free cell "
                    "of the three cells of the row behind it; if none is free, it stays."),
        Kind("Rhinogore", "Elite", (("A", (5, 4, 1, 2), 1), ("B", (4, 5, 2, 1), 1)), 20,
             _g(".....", ".ooo.", ".o@o.", "..o..", ".....")),
        Kind("Rhino", "Soldier", (("A", (3, 2, 0, 1), 3), ("B", (2, 3, 1, 0), 2)), 8,
             _g(".....", "..o..", ".o@o.", ".....", ".....")),
        Kind("Ouistiti", "Emblem", (("", (0, 0, 0, STAR), 1),), 0, None,
             effect="The combat is a draw. Then move Ouistiti to a free neighbouring cell of your choice "
                    "(any of the eight); if none is free, it stays."),
    ),
    "warus": (
        Kind("Harold de Jarl", "Chief", (("", (4, 3, 2, 2), 1),), 20,
             _g(".....", ".ooo.", ".o@o.", ".ooo.", ".....")),
        Kind("Jorund", "Hero", (("", (6, 6, 1, 1), 1),), 22,
             _g(".....", "..o..", ".o@o.", "..o..", ".....")),
        Kind("Mourse", "Monster", (("A", (3, 4, 2, 1), 1), ("B", (4, 3, 1, 2), 1)), 17,
             _g("..o..", ".ooo.", ".o@o.", "..o..", "....."),
             (((0, 1), (0, 2)),)),
        Kind("Berserkorse", "Elite", (("A", (2, 3, 1, STAR), 1), ("B", (3, 2, STAR, 1), 2)), 10,
             _g(".....", ".ooo.", ".o@o.", ".....", "....."),
             effect="No draw: the Berserkorse eliminates the enemy Zoon it fought (and takes its cell if it "
                    "attacked)."),
        Kind("Korse", "Soldier", (("A", (2, 1, 0, 1), 2), ("B", (1, 2, 1, 0), 2)), 8,
             _g(".....", "..o..", ".o@o.", "..o..", ".....")),
        Kind("Draknar", "Emblem", (("", (3, 2, 0, 1), 1),), 12, None),
    ),
}
"""Each tribe's default composition (the "(extra)" cards of section 1.5 are not used, ZN2)."""

TRUMPS: dict[str, tuple[Trump, ...]] = {
    "boarix": (
        Trump("menhirs", "Pluie de Menhirs", "menhir rain", "Shooting", "once", (), (6, 4, 0, 2),
              "Shoot once at an enemy Zoon standing in your camp (your three rows)."),
        Trump("wall", "Mur d'Arbres", "wall of trees", "Protection", "once", (), None,
              "Put it on any free cell: that cell is an obstacle for the rest of the game."),
        Trump("cage", "Cage de Racines", "root cage", "Protection", "once", ("Priest",), None,
              "Needs your Priest on the battlefield. Put it on an enemy Zoon in your two home rows: that Zoon "
              "is lost to its owner and its cell is an obstacle for the rest of the game."),
    ),
    "monkus": (
        Trump("tortoise", "Tortue", "tortoise", "Tactical", "once", ("Soldier",), None,
              "Move up to two of your Soldiers, one after the other; each fights with +1 this turn."),
        Trump("cocoboum", "Coco Boum", "coco boom", "Shooting", "unlimited", ("Elite",), (3, 2, X, 0),
              "One of your Elites shoots at one of the two cells diagonally in front of it."),
        Trump("bertha", "Grosse Bertha", "big Bertha", "Shooting", "unlimited", (), (2, 4, 0, X),
              "Shoot at an enemy Zoon standing in your camp (your three rows)."),
    ),
    "rhinogoths": (
        Trump("fury", "Furie", "fury", "Combat", "once", ("Soldier",), None,
              "Move one of your Soldiers; its combat value is doubled this turn."),
        Trump("pair", "Binôme de choc", "shock pair", "Tactical", "once", ("Elite", "Monster"), None,
              "Move up to two of your Elites or Monsters, one after the other."),
        Trump("scarper", "Poudre d'escampette", "scarper", "Tactical", "once", (), None,
              "Move up to three of your Zoons back, each onto a free cell of the three cells of the row "
              "behind it."),
    ),
    "warus": (
        Trump("axe", "Hache virevoltante", "whirling axe", "Shooting", "unlimited", ("Soldier",), (3, 2, X, 0),
              "One of your Soldiers shoots at the cell straight in front of it."),
        Trump("arrow", "Flèche pétard", "firecracker arrow", "Shooting", "unlimited", ("Soldier",),
              (3, 4, 0, X), "One of your Soldiers shoots at the cell two squares straight ahead, over anything "
              "in between."),
        Trump("conch", "Conque de charge", "charge conch", "Tactical", "once", (), None,
              "Move up to three of your Zoons, one after the other."),
    ),
}
"""Each tribe's three trumps (section 1.5)."""


def trajectories(kind: Kind) -> tuple[tuple[tuple[int, int, bool], ...], ...]:
    """The trajectories of a grid: each a tuple of cells ``(dx, dy, special)``; a walking trajectory of two
    cells needs its first cell empty to reach the second (ZN9, ZN10)."""
    if kind.grid is None:
        return ()
    cells = []
    for i, row in enumerate(kind.grid):
        for j, ch in enumerate(row):
            if ch in "oJ":
                cells.append((j - 2, 2 - i, ch == "J"))
    seconds = {p[1] for p in kind.paths}
    out: list[tuple[tuple[int, int, bool], ...]] = []
    for dx, dy, sp in cells:
        if sp:
            out.append(((dx, dy, True),))
        elif (dx, dy) in seconds:
            continue
        else:
            longer = [p for p in kind.paths if p[0] == (dx, dy)]
            if longer:
                for p in longer:
                    out.append(((dx, dy, False), (p[1][0], p[1][1], False)))
            else:
                out.append(((dx, dy, False),))
    for p in kind.paths:  # every path's first cell must be a cell of the grid
        assert (p[0][0], p[0][1], False) in cells and (p[1][0], p[1][1], False) in cells, p
    return tuple(out)


def roster(tribe: str) -> list[Zoon]:
    """The twelve Zoons of ``tribe`` in a fixed order (index = the card's number in that tribe)."""
    out = []
    for k in KINDS[tribe]:
        traj = trajectories(k)
        n = 0
        for v, corners, count in k.variants:
            for _c in range(count):
                n += 1
                key = k.name if len(k.variants) == 1 and count == 1 else f"{k.name} {v or ''}{n}".replace("  ", " ")
                out.append(Zoon(key, k.name, v, k.type, corners, k.value, traj, k.grid, k.effect))
    return out


def trump(tribe: str, code: str) -> Trump:
    """The trump ``code`` of ``tribe``; KeyError if it is not one of its three."""
    for t in TRUMPS[tribe]:
        if t.code == code:
            return t
    raise KeyError(code)
