"""Duerror Grandis: what each player sees, and the determinization of Caecus (G5, G29, G40, G41).

Outside Caecus everything is public. In Caecus (G29, G40, G41; rulings 9 and 10) a player sees every
square and token count, but of the other players neither the board (drawn face down, G40), nor the path
numbers, nor the kind of any piece: not in the observation, not in the labels of their own legal actions,
not in the move list (:meth:`HiddenMixin.public_history` masks the other players' ``board 3``, ``start
thete``, ``pay ephebe``, ``change melliran`` and Factiosus' ``thete take E5``, ``veer thete``, ``stay
thete``), not in the drawing.

The determinization (:meth:`HiddenMixin.determinize`) redraws all of that for the other players among
the hypotheses consistent with everything the viewer saw. The engine keeps, per player and in Caecus only,
``evidence``: the public facts each hypothesis must explain, as lists:

- ``["m", u, f, t]``: unit ``u`` moved from ``f`` to ``t`` (its distance is the path's number difference);
- ``["h", t]``: a veer sent a piece back to square 1 of the path, on ``t``;
- ``["t", u, f, t]``: unit ``u`` on ``f`` took a piece on ``t`` (so ``t`` is in its reach);
- ``["c", flag, [[u, s, [[q, vs], ...]], ...]]``: whether any of the units on ``s`` could take one of the
  victims listed (pieces of player ``q`` on ``vs`` that the chain rules allow) when flictus began or a
  chain went on;
- ``["p", q, holders]``: misericordia with an empty bank, paid by ``q`` (who could be taken) or, ``q`` -1,
  by no one (so none of ``holders``, the players with tokens, could be taken);
- ``["v", flag, [[u, s], ...]]``: whether any of these units could move (a free stay, a turn seen to end
  or to go on).

A *unit* is, in the basic game, a stretch of turns with one kind of piece (``seg``: a paid or won change
of piece starts the next); in Factiosus, a piece. ``secret`` lists the history entries that name hidden
things as ``[index, player, unit]`` (``unit`` -1: a board drawn). A hypothesis is a board and a kind per
unit (Factiosus: the kinds permuted over the pieces); the determinization rewrites the board, the kinds,
every index that follows them and the hidden history entries, so that replaying its history reaches it.
"""
from __future__ import annotations

import itertools

from .base import StateBase
from .boards import BOARD_NAMES, PATHS, SQUARE_NAMES
from .common import COLOURS, DISTANCE, KINDS, MAX_ROUNDS, OFF, OUT, REACH, _NUMX

_MASK = {"start": "start ?", "pay": "pay: changed piece", "change": "changed piece", "veer": "veer",
         "stay": "stay", "board": "board ?"}
"""How a hidden history entry reads to the other players (G41: "changed piece", never the kind)."""


def mask(notation: str) -> str:
    """The move-list text of a hidden action for the players who may not see it (G40, G41):
    ``board 3`` → ``board ?``, ``pay ephebe`` → ``pay: changed piece``, ``melliran take E5 Blue`` →
    ``take E5 Blue``, ``veer thete`` → ``veer``."""
    head = notation.split(" ", 1)[0]
    if head in KINDS:  # Factiosus: "melliran take E5 …"
        return notation.split(" ", 1)[1]
    return _MASK.get(head, "?")


def _fits(e: list, b: int, kind_of) -> bool:
    """Whether one piece of evidence ``e`` holds on board ``b`` with the kinds ``kind_of(unit)``."""
    tag = e[0]
    if tag == "m":
        numx = _NUMX[b]
        return numx[e[3] + 1] - numx[e[2] + 1] == DISTANCE[kind_of(e[1])]
    if tag == "t":
        return e[3] in REACH[kind_of(e[1])][e[2]]
    if tag == "h":
        return PATHS[b][0] == e[1]
    if tag == "v":
        numx = _NUMX[b]
        return bool(e[1]) == any(numx[s + 1] + DISTANCE[kind_of(u)] <= 82 for u, s in e[2])
    if tag == "c":
        return bool(e[1]) == any(vs in REACH[kind_of(u)][s] for u, s, vic in e[2] for _, vs in vic)
    return True  # "p" is judged with the "c" before it (see _fits_all)


def _could(c: list, kind_of) -> set:
    return {q for u, s, vic in c[2] for q, vs in vic if vs in REACH[kind_of(u)][s]}


def _fits_all(evidence: list, b: int, kind_of) -> bool:
    last_c: list | None = None
    for e in evidence:
        if e[0] == "p":
            could = _could(last_c, kind_of) if last_c is not None else set()
            if (e[1] not in could) if e[1] >= 0 else bool(could & set(e[2])):
                return False
            continue
        if e[0] == "c":
            last_c = e
        if not _fits(e, b, kind_of):
            return False
    return True


class HiddenMixin(StateBase):
    """Part of :class:`~pygames.duerror_grandis.rules.DuerrorState` (see its fields)."""

    # ----- recording what is seen (Caecus) ---------------------------------------------------------------
    def _mark(self, p: int, unit: int) -> None:
        """The action being applied names something hidden of ``p``'s (G40, G41): remember its place in the
        history (during the fast playout the notation is already appended, ``_off`` 1)."""
        self.secret.append([len(self.history) - self.__dict__.get("_off", 0), p, unit])

    def _unit(self, p: int, i: int) -> int:
        """The unit of ``p``'s piece ``i``: the current stretch of one kind (basic game) or the piece."""
        return i if self.factiosus else self.seg[p]

    def _note_could(self, found: list) -> None:
        """Evidence ``c``: whether the mover could take (flictus begins, a chain goes on or ends)."""
        p, pieces = self.turn, self.pieces
        chain = self.chain
        if chain:
            seen, barred = self._chain_sets()
            cfg = [sq for row in pieces for _, sq in row]
            m = len(pieces[p])
        units = []
        for ti, (_, s) in enumerate(pieces[p]):
            if not 0 <= s < OUT:
                continue
            vic = []
            for q in range(self.n):
                if q == p:
                    continue
                for vi, (_, vs) in enumerate(pieces[q]):
                    if not 0 <= vs < OUT:
                        continue
                    if chain:
                        if (q, vi) in barred:
                            continue
                        after = list(cfg)
                        after[p * m + ti], after[q * m + vi] = vs, s
                        if tuple(after) in seen:
                            continue
                    vic.append([q, vs])
            if vic:  # sorted: the victims' order would follow their hidden kinds
                units.append([self._unit(p, ti), s, sorted(vic)])
        if units:
            self.evidence[p].append(["c", int(bool(found)), units])

    def _note_movable(self, flag: bool) -> None:
        """Evidence ``v``: whether one of the mover's pieces not yet handled could move."""
        p = self.turn
        units = [[self._unit(p, i), s] for i, (_, s) in enumerate(self.pieces[p])
                 if s != OUT and i not in self.handled]
        if units:
            self.evidence[p].append(["v", int(flag), units])

    # ----- information ---------------------------------------------------------------------------------
    def _sq(self, s) -> str | None:
        if s is None:
            return None
        return "off" if s == OFF else "out" if s == OUT else SQUARE_NAMES[s]

    def _trail_view(self, trail: list, player: int | None = None) -> list:
        out = []
        for e in trail:
            if e[0] in ("take", "veer", "move"):
                out.append([e[0], e[1], self._sq(e[2]), self._sq(e[3])] + e[4:])
            elif e[0] == "stay":
                out.append([e[0], e[1], self._sq(e[2])])
            elif e[0] == "change" and self.caecus and e[1] != player:
                out.append(["change", e[1], None])  # G41: a changed piece, not which
            else:
                out.append(list(e))
        return out

    def _roll_view(self) -> dict:
        """The dice shown: ``roll`` (as the state's ``roll``) only when they were rolled in the turn being
        played or the one before it, else ``[]`` (an old die is not shown as current); ``roll_turn``
        ``"this"`` or ``"last"`` (None with no dice): a d6 is matched by its ``roll`` event in the turn's
        trail, a veer's d10 by the veer event of its player."""
        roll = self.roll
        if roll:
            if roll[0] == "d6":
                def mine(t: list) -> bool:
                    return ["roll", roll[2], roll[1]] in t
            else:
                def mine(t: list) -> bool:
                    return any(e[0] == "veer" and e[1] == roll[3] for e in t)
            for when, t in (("this", self.trail), ("last", self.prev_trail)):
                if mine(t):
                    return {"roll": list(roll), "roll_turn": "last" if self.part == "over" else when}
        return {"roll": [], "roll_turn": None}

    def _choices_view(self, player: int | None) -> list:
        """The choices made before this game's first turn, in the order made, as ``player`` may see them:
        ``[q, colour, board, kind]`` per player who has chosen (``colour`` a name of G43 or None,
        ``board`` 1–9 or None when not yet chosen or hidden by Caecus (G40), ``kind`` the starting piece's
        kind or None when not chosen, hidden (G41) or Factiosus)."""
        if self.first is None:
            return []
        out = []
        for i in range(min(self.setup + 1, self.n)):
            q = (self.first + i) % self.n
            seen = not self.caecus or q == player
            colour = COLOURS[self.colours[q]] if self.colours[q] is not None else None
            board = self.boards[q] + 1 if self.boards[q] is not None and seen else None
            kind = (self.pieces[q][0][0] if self.pieces[q] and seen and not self.factiosus
                    and i < self.setup else None)
            if i == self.setup and self.boards[q] is None and (colour is None or self.game_no > 0):
                break  # the chooser to move has chosen nothing yet in this game
            out.append([q, colour, board, kind])
        return out

    def observation(self, player: int | None) -> dict:
        """What ``player`` (None: a spectator) sees: everything but, in Caecus, the other players' boards,
        paths, path numbers and kinds of piece, of whose pieces it shows only the squares (G5, G29, G40,
        G41): their pieces come sorted by square, with ``kind`` and ``number`` None, and the reach of
        another player's flictus is not shown."""
        n = self.n

        def visible(q: int) -> bool:
            return not self.caecus or q == player

        cp = self._current_player()
        mover = self.turn
        reach: set = set()
        targets: set = set()
        if self.part == "flictus" and visible(mover):
            for kind, s in self.pieces[mover]:
                if 0 <= s < OUT:
                    reach |= REACH[kind][s]
            for _, q, vi in self.takes():
                targets.add(self.pieces[q][vi][1])
        pieces = []
        for q in range(n):
            row = []
            for i, (kind, s) in enumerate(self.pieces[q]):
                seen = visible(q)
                row.append({"kind": kind if seen else None, "square": self._sq(s),
                            "number": self.number(q, s) if seen else None,
                            "handled": q == mover and i in self.handled and self.part == "move"})
            if not visible(q):  # G41: the order of the pieces would tell their kinds
                row.sort(key=lambda pc: (pc["square"] != "off", pc["square"] == "out", pc["square"],
                                         pc["handled"]))
            pieces.append(row)
        available: list[int] = []
        if self.part == "board" and not self.caecus:
            taken = {b for b in self.boards if b is not None}
            available = [b + 1 for b in range(9) if b not in taken]
        return {
            "game": "duerror_grandis", "viewer": player, "players": n, "player_names": [self.name(q) for q in range(n)],
            "colours": [COLOURS[c] if c is not None else None for c in self.colours],
            "available_colours": ([c for i, c in enumerate(COLOURS) if i not in self.colours]
                                  if self.part == "colour" else []),
            "caecus": self.caecus, "factiosus": self.factiosus, "merus": self.merus, "games": self.games,
            "kinds": list(self.kinds), "part": self.part, "turn": None if self.part == "opening" else mover,
            "current_player": cp, "first": self.first, "setup": self.setup,
            "chosen": [b is not None for b in self.boards],
            "boards": [b + 1 if b is not None and visible(q) else None for q, b in enumerate(self.boards)],
            "board_names": list(BOARD_NAMES),
            "paths": [[SQUARE_NAMES[s] for s in PATHS[b]] if b is not None and visible(q) else None
                      for q, b in enumerate(self.boards)],
            "available_boards": available,
            "pieces": pieces, "tokens": list(self.tokens), "bank": self.bank,
            **self._roll_view(), "choices": self._choices_view(player),
            "trail": self._trail_view(self.trail, player),
            "prev_trail": self._trail_view(self.prev_trail, player), "took": self.took,
            "reach": sorted(SQUARE_NAMES[s] for s in reach),
            "take_squares": sorted(SQUARE_NAMES[s] for s in targets),
            "round": self.round, "max_rounds": MAX_ROUNDS, "game_no": self.game_no, "wins": list(self.wins),
            "winner": self.winner, "ranked": list(self.ranked), "ending": self.ending,
        }

    def public_history(self, player: int | None) -> list[str]:
        """The move list ``player`` may see: in Caecus the other players' hidden actions are masked
        (:func:`mask`: ``board ?``, ``start ?``, ``pay: changed piece``, ``changed piece``, Factiosus'
        ``take E5``, ``veer``, ``stay``; G40, G41)."""
        out = list(self.history)
        for i, q, _ in self.secret:
            if q != player:
                out[i] = mask(out[i])
        return out

    # ----- determinization (Caecus) ----------------------------------------------------------------------
    def _hypotheses(self, q: int) -> list:
        """Every ``(weight, board, kinds)`` consistent with what all saw of ``q`` in this game: ``kinds``
        is the kind of each unit (basic: a tuple of the stretches' kinds is drawn later from the weight's
        count; here the per-stretch allowed kinds) — see :meth:`determinize`. Cached per history length."""
        cache: tuple[int, dict] | None = self.__dict__.get("_hyp")
        if cache is None or cache[0] != len(self.history):
            cache = self.__dict__["_hyp"] = (len(self.history), {})
        if q in cache[1]:
            return cache[1][q]
        ev = self.evidence[q]
        kinds = self.kinds
        out: list = []
        if self.factiosus:
            for b in range(9):
                for perm in itertools.permutations(range(len(kinds))):
                    if _fits_all(ev, b, lambda u, perm=perm: kinds[perm[u]]):
                        out.append((1, b, perm))
        else:
            nseg = self.seg[q] + 1
            by_unit: list = [[] for _ in range(nseg)]
            board_only = []
            last = -1
            for e in ev:  # a "p" speaks of the stretch of the "c" before it (the same turn)
                if e[0] == "h":
                    board_only.append(e)
                    continue
                unit = e[1] if e[0] in ("m", "t") else e[2][0][0] if e[0] in ("c", "v") else last
                if e[0] == "c":
                    last = unit
                by_unit[unit].append(e)
            for b in range(9):
                if not all(PATHS[b][0] == e[1] for e in board_only):
                    continue
                allowed = [[k for k in kinds if _fits_all(by_unit[j], b, lambda u, k=k: k)] for j in range(nseg)]
                if not all(allowed):
                    continue
                # the number of kind sequences with no two neighbouring stretches alike
                count = {k: 1 for k in allowed[-1]}
                table = [count]
                for j in range(nseg - 2, -1, -1):
                    nxt = table[-1]
                    count = {k: sum(c for k2, c in nxt.items() if k2 != k) for k in allowed[j]}
                    table.append(count)
                table.reverse()
                total = sum(table[0].values())
                if total:
                    out.append((total, b, table))
        cache[1][q] = out
        return out

    def consistent_boards(self, q: int) -> list[int]:
        """The boards (0..8) ``q``'s path could be, judged only by what everyone saw (Caecus, G41)."""
        return sorted({b for _, b, _ in self._hypotheses(q)})

    def determinize(self, player: int, rng) -> StateBase:
        """A copy of the state in which everything ``player`` cannot see is drawn anew, consistently with
        all they saw: in Caecus the other players' boards (distinct, G40), the kinds of their pieces
        (every stretch of one kind in the basic game, the kind of each piece in Factiosus), and the hidden
        entries of this game's history that name them (G41). ``player``'s observation, legal actions,
        move list and drawing are unchanged; replaying the copy's history reaches the copy. Outside
        Caecus: a plain copy."""
        s = self.clone()
        if not self.caecus:
            return s
        others = [q for q in range(self.n) if q != player and self.boards[q] is not None]
        for _ in range(50):
            used = {self.boards[player]} if player is not None and 0 <= player < self.n else set()
            used.discard(None)
            picks = {}
            order = others[:]
            rng.shuffle(order)
            for q in order:
                hyps = [h for h in self._hypotheses(q) if h[1] not in used]
                if not hyps:
                    break
                total = sum(h[0] for h in hyps)
                r = rng.random() * total
                for h in hyps:
                    r -= h[0]
                    if r < 0:
                        break
                picks[q] = h
                used.add(h[1])
            else:
                break
        else:  # pragma: no cover - the true boards and kinds always fit
            return s
        for q, (_, b, data) in picks.items():
            if self.factiosus:
                _apply_perm(s, q, b, data)
            else:
                _apply_stretches(s, q, b, data, rng)
        if s.part == "flictus" and s.turn != player:  # who the mover's takes reach follows their kinds
            s.could = sorted({q for _, q, _ in s.takes()})
        return s


def _game_start(s: StateBase) -> int:
    """The index in the history of this game's opening roll."""
    for i in range(len(s.history) - 1, -1, -1):
        if s.history[i].startswith("first "):
            return i
    return 0


def _rewrite(s: StateBase, q: int, new_board: int, kind_of_unit, unit_map=None) -> None:
    """Rewrite ``q``'s hidden entries of this game's history for the drawn board and kinds (the copy's
    ``secret`` gets new entries: the original's are shared, never changed)."""
    start = _game_start(s)
    secret = []
    for i, who, unit in s.secret:  # type: ignore[attr-defined]
        if who == q and i >= start:
            if unit == -1:
                s.history[i] = f"board {new_board + 1}"
            else:
                if unit_map is not None:
                    unit = unit_map[unit]
                words = s.history[i].split(" ")
                j = next(j for j, w in enumerate(words) if w in KINDS)
                words[j] = kind_of_unit(unit)
                s.history[i] = " ".join(words)
        secret.append([i, who, unit])
    s.secret = secret  # type: ignore[attr-defined]


def _apply_stretches(s: StateBase, q: int, b: int, table: list, rng) -> None:
    """Basic game: draw one kind sequence from the counts ``table`` and install board ``b`` and it."""
    seq: list = []
    prev = None
    for j, count in enumerate(table):
        opts = [(k, c) for k, c in count.items() if k != prev]
        total = sum(c for _, c in opts)
        r = rng.random() * total
        for k, c in opts:
            r -= c
            if r < 0:
                break
        seq.append(k)
        prev = k
    s.boards[q] = b
    if s.pieces[q]:
        s.pieces[q][0][0] = seq[-1]
    s.trail, s.prev_trail = ([["change", q, seq[-1]] if e[0] == "change" and e[1] == q else e for e in trail]
                             for trail in (s.trail, s.prev_trail))
    _rewrite(s, q, b, lambda u: seq[u])
    s.invalidate()


def _apply_perm(s: StateBase, q: int, b: int, perm: tuple) -> None:
    """Factiosus: piece ``u`` of ``q`` becomes the piece of kind ``kinds[perm[u]]`` (and index
    ``perm[u]``); every index that names ``q``'s pieces follows."""
    kinds = s.kinds
    old = s.pieces[q]
    new = [None] * len(old)
    for u, pc in enumerate(old):
        new[perm[u]] = [kinds[perm[u]], pc[1]]
    s.pieces[q] = new
    s.boards[q] = b
    m = len(old)
    if s.turn == q:
        s.handled = [perm[i] for i in s.handled]
        if s.veering is not None:
            s.veering = perm[s.veering]
    s.barred = [[r, perm[j]] if r == q else [r, j] for r, j in s.barred]
    for c in s.chain:
        block = c[q * m:(q + 1) * m]
        for u in range(m):
            c[q * m + perm[u]] = block[u]
    ev = []
    for e in s.evidence[q]:  # new entries: the original state shares the old ones
        if e[0] in ("m", "t"):
            e = [e[0], perm[e[1]]] + e[2:]
        elif e[0] == "v":
            e = ["v", e[1], sorted([perm[u], sq] for u, sq in e[2])]
        elif e[0] == "c":
            e = ["c", e[1], sorted(([perm[u], sq, vic] for u, sq, vic in e[2]), key=lambda x: x[0])]
        ev.append(e)
    s.evidence[q] = ev
    _rewrite(s, q, b, lambda u: kinds[u], unit_map=perm)
    s.invalidate()
    for k in ("_tk", "_tl", "_mv", "_cs"):
        s.__dict__.pop(k, None)
