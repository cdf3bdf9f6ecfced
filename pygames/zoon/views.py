"""Zoon: what each player sees and what a search may resample (ZN7, ZN44), and saved games.

A mixin of :class:`pygames.zoon.rules.ZoonState`: the observation, the public move list, ``clone``,
``determinize`` and the strict JSON round trip.
"""
from __future__ import annotations

from typing import Any

from ..core.errors import IllegalAction, InvalidState
from .base import ZoonBase
from .board import CELL, CORNERS, HOME, MAX_EDITS, NAMES, QUIET_LIMIT, _TRUMP_ORDER
from .combat import _cv_text
from .tribes import trump


class ViewsMixin(ZoonBase):
    """Views, search support and saved games of a Zoon state (see the module docstring)."""

    def card_view(self, p: int, i: int, viewer: int | None) -> dict:
        """What ``viewer`` sees of Zoon (p, i): everything if it is face up or theirs, else only a back."""
        if not self.up[p][i] and viewer != p:
            return {"owner": p, "hidden": True}
        z = self.zoon(p, i)
        return {"owner": p, "hidden": False, "key": z.key, "name": z.name, "type": z.type, "variant": z.variant,
                "corners": [_cv_text(v) for v in z.corners], "grid": list(z.grid) if z.grid else None,
                "up": self.up[p][i], "coin": ("HT"[self.coin[p][i]] if self.mode == "alternate" and self.up[p][i]
                                               else None),
                "effect": z.effect, "mod": self.mods.get(p * 12 + i)}

    def observation(self, player: int | None) -> dict:
        """What ``player`` may see (None: a spectator): the battlefield with the opponent's face-down Zoons
        as backs, their own hand, the public zones, the last combat, what is pending (ZN7) and ``trail``, the steps
        of the last turn (from, to, kind, combat result) for the drawing, and ``draw_after``, the quiet turns that
        end the game (ZN40; None when anti-stalling is off)."""
        cells: list = [None] * 36
        deploying = self.phase in ("deal", "arrange") or (self.phase == "first")
        to_move = self._current_player()
        arranging = self.arranger if self.phase == "arrange" else None
        for p in (0, 1):
            if deploying and player != p and not self.ready[p]:
                # ZN44: a side still deploying shows the other side twelve backs once its deal has begun,
                # never which cards are dealt where, how far the deal is or how often it was redone
                if self.block_start(p) >= 0:
                    for c in HOME[p]:
                        cells[c] = {"owner": p, "hidden": True}
                    if to_move < 0 or to_move == p:
                        to_move, arranging = p, p
                continue
            for i in range(12):
                c = self.pos[p][i]
                if c >= 0:
                    cells[c] = self.card_view(p, i, player)
        for k, (c, owner, code, caged) in enumerate(self.obst):
            tr = trump(self.tribes[owner], code)
            cells[c] = {"obstacle": code, "owner": owner, "name": tr.name,
                        "caged": self.zoon(1 - owner, caged).name if caged >= 0 else None}
        trumps = []
        for p in (0, 1):
            zones: dict[str, Any] = {"hand": [], "side": [], "discard": [], "board": []}
            for code in _TRUMP_ORDER[self.tribes[p]]:
                z = self.tzone[p][code]
                tr = trump(self.tribes[p], code)
                d = {"code": code, "name": tr.name, "english": tr.english, "text": tr.text, "uses": tr.uses,
                     "corners": [_cv_text(v) for v in tr.corners] if tr.corners else None,
                     "coin": "HT"[self.tcoin[p][code]] if z == "side" else None}
                if z == "hand" and player != p:
                    continue
                zones[z].append(d)
            zones["hand_count"] = sum(1 for c in self.tzone[p].values() if c == "hand")
            trumps.append(zones)
        decide = None
        if self.phase == "decide" and self.decide is not None:
            decide = {"kind": self.decide[0], "player": self.decide[1]}
        secret: dict[str, Any] | None = None
        if self.phase == "secret":
            att, dfd = self._combat_owners()
            secret = {"committed": [self.secret[0] is not None, self.secret[1] is not None],
                      "mine": None}
            if player is not None:
                k = 0 if player == att else 1
                if self.secret[k] is not None and (player == att or player == dfd):
                    o, t = self.secret[k]
                    secret["mine"] = ["up", "down"][o] + " " + CORNERS[t]
        combat: dict[str, Any] | None = None
        if self.combat is not None:
            cb = self.combat
            combat = {"from": CELL[cb["from"]] if cb["from"] >= 0 else None, "to": CELL[cb["to"]],
                      "shot": cb["shot"], "attacker": cb["a"][0]}
        return {
            "viewer": player, "mode": self.mode, "tribes": list(self.tribes), "player_names": list(NAMES),
            "phase": "deploy" if deploying else self.phase, "turn": self.turn,
            "to_move": to_move, "cells": cells, "trumps": trumps,
            "eliminated": [[self.zoon(p, i).name for i in self.elim[p]] for p in (0, 1)],
            "ready": list(self.ready), "arranging": arranging,
            "picked": CELL[self.picked] if self.phase == "arrange" and self.picked >= 0 and player == self.arranger
            else None,
            "edits_left": [MAX_EDITS - e if player == p else None for p, e in enumerate(self.edits)],
            "decide": decide, "secret": secret,
            "combat": combat, "last": self.last, "winner": self.winner, "result": self.result,
            "quiet": self.quiet, "turns": self.turns,
            "draw_after": QUIET_LIMIT if self.options["anti_stalling"] else None,
            "trail": [{"from": CELL[f] if f >= 0 else None, "to": CELL[t], "kind": k, "result": r}
                      for f, t, k, r in self.trail],
        }

    def public_history(self, player: int | None) -> list[str]:
        """The move list ``player`` may see, one entry per action (ZN7, ZN44): every action of another
        side's deployment (its deal, picks, swaps, cancels and new arrangements) reads ``arrange S ?``
        (``N`` for North) and only its ``ready`` is shown; a classic combat choice not yet revealed reads
        ``secret ?``."""
        out = list(self.history)
        for p in (0, 1):
            s = self.block_start(p)
            if s >= 0 and player != p:
                e = self.ready_at[p] if self.ready_at[p] >= 0 else len(out)
                out[s:e] = [f"arrange {'SN'[p]} ?"] * (e - s)
        if self.phase == "secret":
            a_owner = self._combat_owners()[0]
            for k in range(self.secret_start, len(out)):
                who = a_owner if k == self.secret_start else 1 - a_owner
                if who != player and out[k].startswith("secret "):
                    out[k] = "secret ?"
        return out

    # ----- serialisation -----------------------------------------------------------------------------
    def _state_json(self) -> dict:
        return _plain({
            "phase": self.phase, "turn": self.turn, "board": self.board, "pos": self.pos, "up": self.up,
            "coin": self.coin, "tzone": self.tzone, "tcoin": self.tcoin, "obst": self.obst, "elim": self.elim,
            "dealing": self.dealing, "arranger": self.arranger, "picked": self.picked, "edits": self.edits,
            "ready": self.ready, "ready_at": self.ready_at, "deployed": self.deployed, "could": self.could,
            "todo": self.todo, "decide": self.decide, "combat": self.combat, "secret": self.secret,
            "secret_start": self.secret_start, "mods": {str(k): v for k, v in self.mods.items()},
            "fired": self.fired,
            "last": self.last, "winner": self.winner, "result": self.result, "quiet": self.quiet,
            "seen": [_key_text(k) for k in self.seen], "progress": self.progress, "turns": self.turns})

    def _load_json(self, d: dict) -> None:
        """Strict: the saved state must be exactly the one its history produces (the history is replayed
        from the start; any illegal action or any difference raises InvalidState)."""
        fresh = self.game.new_initial_state(self.options)
        for k, a in enumerate(self.history):
            try:
                fresh.apply(a)
            except IllegalAction as e:
                raise InvalidState(f"zoon: history action {k} ({a!r}) is illegal: {e}") from None
        mine = fresh._state_json()
        if d != mine:
            bad = sorted(k for k in set(d) | set(mine) if d.get(k, object()) != mine.get(k))
            raise InvalidState(f"zoon: the saved state does not match its history (fields: {', '.join(bad)})")
        hist = self.history
        self.__dict__.update(fresh.__dict__)
        self.history = hist


def _key_text(key: tuple) -> str:
    """A position key (:meth:`ZoonState._position_key`) as saved: the texts of the battlefield, pennies and
    face-up lists, the trumps and the player to move."""
    board, c0, c1, u0, u1, trumps, nxt = key
    return f"{list(board)}{[list(c0), list(c1)]}{[list(u0), list(u1)]}{trumps}{nxt}"


def _plain(x):
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, dict):
        return {str(k): _plain(v) for k, v in x.items()}
    return x
