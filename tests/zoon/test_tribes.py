"""ZN2: every tribe's data checked against the card tables of RECONSTRUCTION.md section 1.5, value by value.

The tables below are copied verbatim from section 1.5 (leny/zoondo data); the test parses them and compares
each Zoon's type, count, variants, corners, heads and tails sums, point value, movement grid and multi-cell
paths, and each trump's kind, uses, requirement and corners, with ``pygames.zoon.tribes``.
"""
import re

from pygames.zoon.tribes import KINDS, STAR, TRIBES, TRUMPS, X, roster, trajectories

TABLES = r"""
#### Boarix

| Card | Type | Count | Corners TL/TR/BR/BL | Heads (TL+TR) | Tails (BR+BL) | Value pts | Move grid (top row = forward) | Multi-cell paths |
|---|---|---|---|---|---|---|---|---|
| Cloboulon | Chief | 1 | 4/5/*/2 | 9 | *+2 | 20 | `.....` `.ooo.` `.o@o.` `.ooo.` `.....` | - |
| Gold-Hure | Hero | 1 | 4/4/2/* | 8 | 2+* | 24 | `o.o.o` `.ooo.` `.o@o.` `.ooo.` `..o..` | (-1,+1)->(-2,+2), (+0,+1)->(+0,+2), (+1,+1)->(+2,+2), (+0,-1)->(+0,-2) |
| Bouclefeuille | Priest | 1 | 2/0/0/* | 2 | 0+* | 2 | `.....` `.....` `.o@o.` `.....` `.....` | - |
| Grognard | Elite | 4 (2x var A + 2x var B) | 3/4/2/1; 4/3/1/2 | 7; 7 | 3; 3 | 16 | `o...o` `.ooo.` `.o@o.` `.....` `.....` | (-1,+1)->(-2,+2), (+1,+1)->(+2,+2) |
| Kassin | Soldier | 4 (2x A + 2x B) | 1/2/0/0; 2/1/0/0 | 3; 3 | 0; 0 | 7 | `.....` `..o..` `.o@o.` `..o..` `.....` | - |
| Sacrechêne | Emblem | 1 | 4/2/0/0 | 6 | 0 | 12 | immobile | - |

#### Monkus

| Card | Type | Count | Corners TL/TR/BR/BL | Heads (TL+TR) | Tails (BR+BL) | Value pts | Move grid (top row = forward) | Multi-cell paths |
|---|---|---|---|---|---|---|---|---|
| King Louis | Chief | 1 | 5/5/2/* | 10 | 2+* | 22 | `o...o` `.ooo.` `.o@o.` `..o..` `.....` | (-1,+1)->(-2,+2), (+1,+1)->(+2,+2) |
| Kombo Bongo | Priest | 1 | 3/1/*/* | 4 | *+* | 10 | `.....` `.o.o.` `.o@o.` `.o.o.` `.....` | - |
| King | Monster | 1 | 6/3/0/2 | 9 | 2 | 15 | `..J..` `.o.o.` `..@..` `.....` `.....` | - |
| Kong | Monster | 1 | 3/6/2/0 | 9 | 2 | 15 | `..J..` `.o.o.` `..@..` `.....` `.....` | - |
| Coco Bang | Elite | 3 (2x A + 1x B) | 3/2/1/2; 2/3/2/1 | 5; 5 | 3; 3 | 12 | `.....` `..o..` `.o@o.` `..o..` `.....` | - |
| Bouga | Soldier | 4 (2x A + 2x B) | 2/1/0/1; 1/2/1/0 | 3; 3 | 1; 1 | 9 | `..o..` `..o..` `.o@o.` `..o..` `.....` | (+0,+1)->(+0,+2) |
| Queen Mary | Emblem | 1 | 2/2/0/0 | 4 | 0 | 16 | `.....` `.....` `oo@oo` `.....` `.....` | (-1,+0)->(-2,+0), (+1,+0)->(+2,+0) |
| (extra) Titus | Hero | 0 (not in default 12) | 4/4/2/1 | 8 | 3 | 21 | `..o..` `J.o.J` `.o@o.` `.....` `.....` | (+0,+1)->(+0,+2) |
| (extra) Virzil | Soldier | 0 (not in default 12) | 3/3/0/0 | 6 | 0 | 9 | `..J..` `.o.o.` `..@..` `.....` `.....` | - |

#### Rhinogoths

| Card | Type | Count | Corners TL/TR/BR/BL | Heads (TL+TR) | Tails (BR+BL) | Value pts | Move grid (top row = forward) | Multi-cell paths |
|---|---|---|---|---|---|---|---|---|
| Goolgoth I | Chief | 1 | 5/4/2/3 | 9 | 5 | 24 | `..o..` `.ooo.` `..@..` `.o.o.` `.....` | (+0,+1)->(+0,+2) |
| Oto von Rhino | Hero | 1 | 5/3/0/3 | 8 | 3 | 16 | `..o..` `..o..` `..@..` `.o.o.` `.....` | (+0,+1)->(+0,+2) |
| Trice | Monster | 1 | 8/4/0/* | 12 | 0+* | 15 | `.....` `.ooo.` `..@..` `.....` `.....` | - |
| Ratops | Monster | 1 | 4/8/*/0 | 12 | *+0 | 15 | `.....` `.ooo.` `..@..` `.....` `.....` | - |
| Rhinogore | Elite | 2 (1x A + 1x B) | 5/4/1/2; 4/5/2/1 | 9; 9 | 3; 3 | 20 | `.....` `.ooo.` `.o@o.` `..o..` `.....` | - |
| Rhino | Soldier | 5 (3x A + 2x B) | 3/2/0/1; 2/3/1/0 | 5; 5 | 1; 1 | 8 | `.....` `..o..` `.o@o.` `.....` `.....` | - |
| Ouistiti | Emblem | 1 | 0/0/0/* | 0 | 0+* | 0 | immobile | - |
| (extra) Bigoth | Priest | 0 (not in default 12) | 2/6/*/0 | 8 | *+0 | 15 | `o...o` `.o.o.` `..@..` `.ooo.` `.....` | (-1,+1)->(-2,+2), (+1,+1)->(+2,+2) |

#### Warus

| Card | Type | Count | Corners TL/TR/BR/BL | Heads (TL+TR) | Tails (BR+BL) | Value pts | Move grid (top row = forward) | Multi-cell paths |
|---|---|---|---|---|---|---|---|---|
| Harold de Jarl | Chief | 1 | 4/3/2/2 | 7 | 4 | 20 | `.....` `.ooo.` `.o@o.` `.ooo.` `.....` | - |
| Jorund | Hero | 1 | 6/6/1/1 | 12 | 2 | 22 | `.....` `..o..` `.o@o.` `..o..` `.....` | - |
| Mourse | Monster | 2 (1x A + 1x B) | 3/4/2/1; 4/3/1/2 | 7; 7 | 3; 3 | 17 | `..o..` `.ooo.` `.o@o.` `..o..` `.....` | (+0,+1)->(+0,+2) |
| Berserkorse | Elite | 3 (1x A + 2x B) | 2/3/1/*; 3/2/*/1 | 5; 5 | 1+*; *+1 | 10 | `.....` `.ooo.` `.o@o.` `.....` `.....` | - |
| Korse | Soldier | 4 (2x A + 2x B) | 2/1/0/1; 1/2/1/0 | 3; 3 | 1; 1 | 8 | `.....` `..o..` `.o@o.` `..o..` `.....` | - |
| Draknar | Emblem | 1 | 3/2/0/1 | 5 | 1 | 12 | immobile | - |

Sanity check: each default composition sums to exactly 12 Zoons with one Emblem, and every tribe has 3 trumps.

#### Trumps (S9 data; text translated by us)

| Tribe | Trump | Kind (Zoondo) | Uses | Requires | Corners TL/TR/BR/BL (heads / tails) | Targets / effect | Zoondo strength |
|---|---|---|---|---|---|---|---|
| Boarix | Pluie de Menhirs ("menhir rain") | Shooting | once | – | 6/4/0/2 (10 / 2) | Shoot at an enemy Zoon located **in your camp** (your 3 rows). | 1 |
| Boarix | Mur d'Arbres ("wall of trees") | Protection | once | – | – | Put it on any free cell; that cell is an Obstacle for the rest of the game. | 2 |
| Boarix | Cage de Racines ("root cage") | Protection | once | a Priest on the board | – | Put it on an enemy Zoon in **your deployment zone** (your 2 home rows): it becomes an immobile Obstacle for the rest of the game. | 3 |
| Monkus | Tortue ("tortoise" formation) | Tactical | once | Soldiers | – | Move up to two of your Soldiers, one after the other; they add +1 to their combat scores (this turn). | 1 |
| Monkus | Coco Boum | Shooting | unlimited | an Elite | 3/2/X/0 (5 / X+0) | Target = the two diagonally-forward adjacent cells of the Elite (special/direct). | 2 |
| Monkus | Grosse Bertha | Shooting | unlimited | – | 2/4/0/X (6 / 0+X) | Shoot at an enemy Zoon in your camp. | 3 |
| Rhinogoths | Furie ("fury") | Combat | once | a Soldier | – | Move one of your Soldiers; it doubles its combat score (this turn). | 1 |
| Rhinogoths | Binôme de choc ("shock pair") | Tactical | once | Elites/Monsters | – | Move up to two of your Elites or Monsters, one after the other. | 2 |
| Rhinogoths | Poudre d'escampette ("scarper") | Tactical | once | – | – | Move **back** up to three of your Zoons, each onto a free adjacent cell of the row behind it. | 3 |
| Warus | Hache virevoltante ("whirling axe") | Shooting | unlimited | a Soldier | 3/2/X/0 (5 / X+0) | Target = the cell directly in front of the Soldier. | 1 |
| Warus | Flèche pétard ("firecracker arrow") | Shooting | unlimited | a Soldier | 3/4/0/X (7 / 0+X) | Target = the cell two squares straight ahead (special: over any card in between). | 2 |
| Warus | Conque de charge ("charge conch") | Tactical | once | – | – | Move up to three of your Zoons, one after the other. | 3 |
"""


def _corner(t):
    return STAR if t == "*" else X if t == "X" else int(t)


def _rows(section):
    out = []
    for line in section.splitlines():
        if line.startswith("| ") and not line.startswith("| Card") and not line.startswith("| Tribe") \
                and not line.startswith("|---"):
            out.append([c.strip() for c in line.strip().strip("|").split("|")])
    return out


def _sections():
    parts = re.split(r"^#### ", TABLES, flags=re.M)
    return {p.split("\n", 1)[0].strip(): p for p in parts if p.strip()}


def test_zn2_every_zoon_matches_the_tables():
    """ZN2: twelve Zoons per tribe, one Emblem, every value as in the tables."""
    sec = _sections()
    for tribe in TRIBES:
        rows = [r for r in _rows(sec[tribe.capitalize()]) if not r[0].startswith("(extra)")]
        kinds = {k.name: k for k in KINDS[tribe]}
        assert [r[0] for r in rows] == [k.name for k in KINDS[tribe]]
        total = 0
        for name, typ, count, corners, heads, tails, value, grid, paths in rows:
            k = kinds[name]
            assert k.type == typ, name
            n = int(count.split()[0])
            total += n
            assert sum(c for _v, _co, c in k.variants) == n, name
            m = re.findall(r"(\d)x (?:var )?([AB])", count)
            if m:
                assert [(v, c) for _v2, _co, c in k.variants for v in [_v2]] == [(v, int(c)) for c, v in m], name
            printed = [tuple(_corner(x) for x in cs.split("/")) for cs in corners.split("; ")]
            assert [co for _v, co, _c in k.variants] == printed, name
            for (v, co, _c), h, t in zip(k.variants, heads.split("; "), tails.split("; ")):
                hs = co[0] + co[1] if STAR not in co[:2] else None
                assert h == str(hs) if hs is not None else "*" in h
                if STAR in co[2:]:
                    assert "*" in t, name
                else:
                    assert t == str(co[2] + co[3]), name
            assert k.value == int(value), name
            if grid == "immobile":
                assert k.grid is None, name
            else:
                assert " ".join(f"`{g}`" for g in k.grid) == grid, name
            want = set(re.findall(r"\(([+-]\d),([+-]\d)\)->\(([+-]\d),([+-]\d)\)", paths))
            got = {(f"{a:+d}", f"{b:+d}", f"{c:+d}", f"{d:+d}") for (a, b), (c, d) in k.paths}
            assert got == want, name
            trajectories(k)
        assert total == 12
        ros = roster(tribe)
        assert len(ros) == 12 and sum(z.type == "Emblem" for z in ros) == 1
        assert len({z.key for z in ros}) == 12


def test_zn2_every_trump_matches_the_tables():
    """ZN2 / ZN23: three trumps per tribe with kind, uses, requirement and corners as in the table."""
    rows = _rows(_sections()["Trumps (S9 data; text translated by us)"])
    assert len(rows) == 12
    for tribe_t, name, kind, uses, requires, corners, _targets, _strength in rows:
        tribe = tribe_t.lower()
        t = next(x for x in TRUMPS[tribe] if x.name == name.split(" (")[0])
        assert t.kind == kind and t.uses == uses, name
        if requires == "–":
            assert t.requires == (), name
        else:
            assert t.requires and all(r.lower().rstrip("s") in requires.lower() for r in t.requires), name
        if corners == "–":
            assert t.corners is None
        else:
            assert t.corners == tuple(_corner(x) for x in corners.split(" ")[0].split("/")), name
    for tribe in TRIBES:
        assert len(TRUMPS[tribe]) == 3
