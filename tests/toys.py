"""Test-only toy games that prove the core carries every shape the next games need (not shipped).

``toy_pairs`` (2–6 players): hidden hands and a face-down card per player that nobody sees (its owner
included) dealt by chance, a simultaneous secret choice (every player
lays one card face up, revealed together), a turn made of several parts (choose pay-or-roll, then keep or
swap), and a chance outcome chosen by a player's action (rolling instead of paying).

``toy_match``: a match of several games (like Duerror Grandis' Parcus): players alternately take 1 or 2
from a pile of five, the taker of the last wins the game, and the match goes to the most game wins.
"""
from __future__ import annotations

from dataclasses import dataclass

from pygames.core import CHANCE, TERMINAL, Action, Game, InvalidState, Option, State, register
from pygames.core.svg import document, el, text


def draw_pairs(obs, viewer=None, layout="wide", **_):
    """The viewer's hand and every face-up card, each card a clickable ``card-N`` target."""
    parts = []
    for i, c in enumerate(obs["hand"] or []):
        parts.append(el("g", el("rect", x=20 + i * 70, y=20, width=60, height=90, rx=6, fill="#fff",
                                stroke="#333") + text(50 + i * 70, 70, str(c)), data_target=f"card-{c}"))
    for p, c in enumerate(obs["shown"]):
        if c is not None:
            attrs = {"data_target": f"card-{c}"} if p == obs["viewer"] else {}
            parts.append(el("g", el("rect", x=20 + p * 70, y=140, width=60, height=90, rx=6, fill="#ffe",
                                    stroke="#333") + text(50 + p * 70, 190, str(c)), **attrs))
    return document(460, 250, "".join(parts), label="toy pairs")


@dataclass(eq=False)
class PairsState(State):
    """Fields: ``deck`` (cards still undealt, a set semantics list), ``hands`` per player, ``shown``
    (face-up card per player, None until revealed), ``down`` (face-down card per player, unseen by all
    until the end), ``pending`` (secret face-up choices not yet revealed),
    ``tokens`` and ``score`` per player, ``turn`` (player of the play phase), ``part`` (``choose``,
    ``roll``, ``swap``), ``rounds_left``."""

    def __post_init__(self):
        n = self.num_players
        self.deck = list(range(1, 3 * n + 3))
        self.hands = [[] for _ in range(n)]
        self.down = [None] * n
        self.shown = [None] * n
        self.pending = [None] * n
        self.tokens = [1] * n
        self.score = [0] * n
        self.turn = 0
        self.part = "deal"
        self.rounds_left = self.options["rounds"]

    # who deals to whom: two hand cards each, then one face-down card each
    def _deal_to(self):
        for p, h in enumerate(self.hands):
            if len(h) < 2:
                return ("hand", p)
        for p, d in enumerate(self.down):
            if d is None:
                return ("down", p)
        return None

    def _current_player(self):
        if self.part == "deal" or self.part == "roll":
            return CHANCE
        if self.part == "secret":
            return self.pending.index(None)
        if self.part == "over":
            return TERMINAL
        return self.turn

    def _chance_outcomes(self):
        if self.part == "roll":
            return [(Action(f"d{k}", player=CHANCE), 1 / 3) for k in (1, 2, 3)]
        return [(Action(f"deal {c}", player=CHANCE), 1 / len(self.deck)) for c in self.deck]

    def _legal_actions(self):
        p = self.current_player()
        if self.part == "secret":
            return [Action(f"show {c}", targets=(f"card-{c}",), player=p) for c in self.hands[p]]
        if self.part == "choose":
            out = [Action("roll", player=p)]
            if self.tokens[p] > 0:
                out.append(Action("pay", player=p))
            return out
        # swap: keep, or swap the face-up card with the hand card (a set-selection of two cards)
        out = [Action("keep", player=p)]
        for c in self.hands[p]:
            out.append(Action(f"swap {c}", targets=(f"card-{c}", f"card-{self.shown[p]}"), select="set",
                              player=p))
        return out

    def _apply(self, a):
        n = a.notation
        if self.part == "deal":
            c = int(n.split()[1])
            self.deck.remove(c)
            zone, p = self._deal_to()
            if zone == "hand":
                self.hands[p].append(c)
            else:
                self.down[p] = c
            if self._deal_to() is None:
                self.part = "secret"
            return
        if self.part == "secret":
            p = self.pending.index(None)
            c = int(n.split()[1])
            self.pending[p] = c
            if None not in self.pending:  # everyone committed: reveal together
                for q, card in enumerate(self.pending):
                    self.hands[q].remove(card)
                    self.shown[q] = card
                self.part = "choose"
            return
        p = self.turn
        if self.part == "choose":
            if n == "pay":
                self.tokens[p] -= 1
                self.score[p] += 2
                self.part = "swap"
            else:
                self.part = "roll"
            return
        if self.part == "roll":
            self.score[p] += int(n[1:])
            self.part = "swap"
            return
        if n.startswith("swap"):
            c = int(n.split()[1])
            self.hands[p].remove(c)
            self.hands[p].append(self.shown[p])
            self.shown[p] = c
        self.turn = (p + 1) % self.num_players
        if self.turn == 0:
            self.rounds_left -= 1
        self.part = "choose" if self.rounds_left else "over"

    def totals(self):
        return [self.score[p] + (self.shown[p] or 0) + (self.down[p] or 0) for p in range(self.num_players)]

    def returns(self):
        if self.part != "over":
            return [0.0] * self.num_players
        t = self.totals()
        best = max(t)
        winners = [p for p in range(self.num_players) if t[p] == best]
        return [1.0 if p in winners else -1.0 for p in range(self.num_players)]

    def observation(self, player):
        return {"viewer": player, "hand": list(self.hands[player]) if player is not None else None,
                "hand_sizes": [len(h) for h in self.hands], "deck_size": len(self.deck),
                "down": list(self.down) if self.part == "over" else [d is not None for d in self.down],
                "shown": list(self.shown), "committed": [c is not None for c in self.pending],
                "my_choice": self.pending[player] if player is not None and self.part == "secret" else None,
                "tokens": list(self.tokens), "score": list(self.score), "turn": self.turn, "part": self.part}

    def public_history(self, player):
        out = []
        owner = self._replay_owners()
        for a, who in zip(self.history, owner):
            if a.startswith("deal ") and (who is None or who != player):
                out.append("deal ?")
            elif a.startswith("show ") and who != player:
                out.append("show ?")
            else:
                out.append(a)
        return out

    def _replay_owners(self):
        s = self.game.new_initial_state(self.options)
        owners = []
        for a in self.history:
            if s.part == "deal":
                zone, p = s._deal_to()
                owners.append(p if zone == "hand" else None)  # a face-down card belongs to nobody's view
            else:
                owners.append(s.current_player())
            s.apply(a)
        return owners

    def _known_in_hands(self):
        """Cards every player knows to be in a given hand: a face-up card swapped back into its
        owner's hand (the swap is public)."""
        s = self.game.new_initial_state(self.options)
        known = set()
        for a in self.history:
            if s.part == "swap" and a.startswith("swap "):
                known.add(s.shown[s.turn])
                known.discard(int(a.split()[1]))
            s.apply(a)
        return known

    def determinize(self, player, rng):
        """Every card ``player`` cannot place (the deck, every face-down card, the other hands and their
        secret choices, less the cards publicly swapped into a hand) is permuted at random, in the state
        and in the history alike, so the history replays to the resampled state."""
        s = self.clone()
        known = self._known_in_hands()
        unseen = list(s.deck)
        if s.part != "over":  # the face-down cards are turned up at the end
            unseen += [d for d in s.down if d is not None]
        for q in range(s.num_players):
            if q != player:
                unseen += [c for c in s.hands[q] if c not in known]
        shuffled = list(unseen)
        rng.shuffle(shuffled)
        sigma = dict(zip(unseen, shuffled))

        def m(c):
            return sigma.get(c, c) if c is not None else None

        s.deck = [m(c) for c in s.deck]
        s.down = [m(c) for c in s.down]
        for q in range(s.num_players):
            if q != player:
                s.hands[q] = [m(c) for c in s.hands[q]]
                s.pending[q] = m(s.pending[q])
        hist = []
        for a in s.history:
            word, _, arg = a.partition(" ")
            hist.append(f"{word} {m(int(arg))}" if word in ("deal", "show", "swap") else a)
        s.history = hist
        return s

    def _state_json(self):
        return {"deck": sorted(self.deck), "hands": [list(h) for h in self.hands], "shown": list(self.shown),
                "down": list(self.down),
                "pending": list(self.pending), "tokens": list(self.tokens), "score": list(self.score),
                "turn": self.turn, "part": self.part, "rounds_left": self.rounds_left}

    def _load_json(self, d):
        if set(d) != set(self._state_json()):
            raise InvalidState("toy_pairs: wrong keys")
        if d["part"] not in ("deal", "secret", "choose", "roll", "swap", "over"):
            raise InvalidState(f"toy_pairs: unknown part {d['part']!r}")
        n = self.num_players
        cards = [*d["deck"], *(c for h in d["hands"] for c in h),
                 *(c for c in d["shown"] + d["down"] + d["pending"] if c is not None)]
        if not all(type(c) is int for c in cards):
            raise InvalidState("toy_pairs: cards must be integers")
        if any(len(d[k]) != n for k in ("hands", "shown", "down", "pending", "tokens", "score")):
            raise InvalidState("toy_pairs: one entry per player expected")
        for k, v in d.items():
            setattr(self, k, v)


PAIRS = Game(id="toy_pairs", title="Toy pairs", min_players=2, max_players=6, state_class=PairsState,
             options=(Option("players", "int", 3, "number of players", (2, 6)),
                      Option("rounds", "int", 2, "rounds of play", (1, 5))),
             draw_svg=draw_pairs, information="imperfect", chance="dice and deal",
             # the deal (2 hand + 1 down per player), n secret choices, then per round and player at most
             # choose, roll and swap (each option: 6 players, 5 rounds)
             max_game_length=lambda o: 4 * o["players"] + 3 * o["players"] * o["rounds"])


@dataclass(eq=False)
class MatchState(State):
    """A match of ``games`` Nim games: ``pile``, ``wins`` per player, ``game_no``, ``turn``."""

    def __post_init__(self):
        self.pile = 5
        self.wins = [0, 0]
        self.game_no = 0
        self.turn = 0

    def _current_player(self):
        return TERMINAL if self.game_no >= self.options["games"] else self.turn

    def _legal_actions(self):
        return [Action(f"take {k}", player=self.turn) for k in (1, 2) if k <= self.pile]

    def _apply(self, a):
        self.pile -= int(a.notation.split()[1])
        if self.pile == 0:  # this game is over; the next one starts with the other player
            self.wins[self.turn] += 1
            self.game_no += 1
            self.pile = 5
            self.turn = self.game_no % 2
        else:
            self.turn = 1 - self.turn

    def returns(self):
        if not self.is_terminal() or self.wins[0] == self.wins[1]:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.wins[0] > self.wins[1] else [-1.0, 1.0]

    def observation(self, player):
        return {"pile": self.pile, "wins": list(self.wins), "game_no": self.game_no, "turn": self.turn}

    def _state_json(self):
        return self.observation(None)

    def _load_json(self, d):
        if set(d) != {"pile", "wins", "game_no", "turn"}:
            raise InvalidState("toy_match: wrong keys")
        self.pile, self.wins, self.game_no, self.turn = d["pile"], list(d["wins"]), d["game_no"], d["turn"]


MATCH = Game(id="toy_match", title="Toy match", min_players=2, max_players=2, state_class=MatchState,
             options=(Option("games", "int", 3, "games in the match", (1, 9)),),
             draw_svg=lambda obs, viewer=None, layout="wide", **kw: "<svg/>", information="perfect", chance="none",
             max_game_length=lambda o: 5 * o["games"])


def register_toys():
    register(PAIRS, replace=True)
    register(MATCH, replace=True)
