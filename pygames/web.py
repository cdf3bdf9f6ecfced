"""The browser bridge's Python side: JSON text in, JSON text out, no game rule.

The page calls :func:`call` with a command name and a JSON argument string and gets JSON text back:
either a *view* (what to draw) or ``{"error": message}``. A failed command leaves the game as it was.

Commands: ``games``, ``secret {key}``, ``new_game {game, options, seats, seed}``, ``load {record, seats?}``,
``act {notation}``, ``bot {}``, ``undo``, ``redo``, ``view {ply?}``, ``record``.

A view holds only what the viewing seat may see: ``observation(viewer)`` drawn to SVG, the legal actions
when a human seat is to move, the move list as that viewer may see it, and the status. The full record
(which holds every chance outcome) goes to the page only for games without hidden information, or once
a game is over; until then such a game cannot be saved or shared from the page.
"""
from __future__ import annotations

import json
import random
from typing import Any

from . import games  # noqa: F401  (registers the shipped games: core imports none)
from .core.bots import LEVELS, make_bot
from .core.errors import InvalidRecord, PygamesError
from .core.record import Record, Session
from .core.registry import get_game, list_games
from .core.state import CHANCE, TERMINAL

_session: Session | None = None
_chance_key: bytes | None = None
"""The page's secret for chance outcomes (see :func:`pygames.core.chance.keyed_outcome`); set by the
``secret`` command. Without it (tests, the terminal) a record's seed alone decides the dice."""
LAYOUTS = ("wide", "narrow")
_layout = "wide"
"""How wide the page draws the board (``layout`` command), passed to every game's ``draw_svg``."""


def _seats(seats: Any, n: int) -> list[str]:
    if seats is None:
        return ["human"] * n
    if not isinstance(seats, list) or len(seats) != n:
        raise PygamesError(f"seats: expected a list of {n} seats")
    for s in seats:
        if not isinstance(s, str) or (s != "human" and s not in LEVELS):
            raise PygamesError(f"seats: unknown seat {s!r}; use human or one of {', '.join(LEVELS)}")
    return list(seats)


def hides_information(game, options: dict) -> bool:
    """Whether a game with these options hides anything from a player: its required ``information``
    declaration (:meth:`pygames.core.registry.Game.hides_information`), nothing else."""
    return game.hides_information(options)


def _viewer(session: Session) -> int | None:
    """The seat the board is shown to: the human to move (hot seat), else the only human, else None."""
    humans = [i for i, s in enumerate(session.seats) if s == "human"]
    p = session.state.current_player()
    if hides_information(session.game, session.record.options):
        if p >= 0 and p in humans:
            return p
        return humans[0] if len(humans) == 1 else None
    return humans[0] if humans else None


def _moves(session: Session, viewer: int | None) -> list[dict]:
    """The move list: each action with its ply, mover and whether it is a chance outcome."""
    g = session.game
    out = [{"ply": i + 1, "notation": a, "player": p, "chance": p == CHANCE,
            "name": "" if o is None or o < 0 else g.player_name(o)}
           for i, (a, p, o) in enumerate(zip(session.record.actions, session.movers, session.owners))]
    if hides_information(g, session.record.options):
        shown = session.state.public_history(viewer)
        for m, n in zip(out, shown):
            m["notation"] = n
    return out


def _status(state, game, seats) -> str:
    """The status line, spoken to the player: with one human seat "Your turn", "Black (computer,
    medium) is thinking…", "You won" / "You lost: Black won"; hot seat and spectators use the seats'
    names ("White to move")."""
    humans = [i for i, s in enumerate(seats) if s == "human"]
    me = humans[0] if len(humans) == 1 else None
    p = state.current_player()
    if p == TERMINAL:
        r = state.returns()
        best = max(r)
        winners = [i for i, v in enumerate(r) if v == best]
        names = " and ".join(game.player_name(w) for w in winners)
        if len(winners) == len(r):
            return "Game over: it is a draw"
        if me is not None:
            return "Game over: you won" if me in winners else f"Game over: you lost, {names} won"
        return f"Game over: {names} won"
    if p == CHANCE:
        return "Rolling…"
    who = game.player_name(p)
    if seats[p] != "human":
        return f"{who} (computer, {seats[p]}) is thinking…" if me is not None else f"{who} (computer) to move"
    return "Your turn" if me is not None else f"{who} to move"


def _result_text(state, game, seats) -> str:
    text = _status(state, game, seats).removeprefix("Game over: ")
    text = text[:1].upper() + text[1:]
    extra = getattr(state, "result_text", None)
    if callable(extra):  # a game's own account of the result (places, scores, special wins)
        more = extra()
        if more:
            text += f". {more}"
    return text


def _view(session: Session, ply: int | None = None) -> dict:
    g = session.game
    browsing = ply is not None and ply != len(session.record.actions)
    state = session.record.replay(ply) if browsing else session.state
    viewer = _viewer(session)
    obs = state.observation(viewer)
    p = state.current_player()
    human_turn = not browsing and p >= 0 and session.seats[p] == "human"
    legal = [a.to_json() for a in state.legal_actions()] if human_turn else []
    result = None
    if state.is_terminal():
        result = {"returns": state.returns(), "text": _result_text(state, g, session.seats)}
    return {
        "game": g.id, "title": g.title, "options": session.record.options, "seats": session.seats,
        "player_names": [g.player_name(i) for i in range(len(session.seats))],
        "viewer": viewer, "observation": obs, "svg": g.draw_svg(obs, viewer=viewer, layout=_layout) if g.draw_svg else "",
        "current_player": p, "human_turn": human_turn, "bot_turn": (not browsing and p >= 0
                                                                     and session.seats[p] != "human"),
        "legal": legal, "moves": _moves(session, viewer), "ply": len(state.history),
        "plies": len(session.record.actions), "browsing": browsing,
        "status": _status(state, g, session.seats), "terminal": state.is_terminal(), "result": result,
        "can_undo": session.can_undo(), "can_redo": session.can_redo(),
        "record": session.record.to_json() if _record_visible(session) else None,
        "rules_page": g.rules_page, "hidden_information": hides_information(g, session.record.options),
    }


def _require() -> Session:
    if _session is None:
        raise PygamesError("no game in progress")
    return _session


def cmd_games(_: dict) -> list:
    """The registered games. ``build.py`` writes the same list to ``games.json``, so the start page and
    the new-game form show before Python has started."""
    return [g.to_json() for g in list_games()]


def cmd_new_game(args: dict) -> dict:
    global _session
    g = get_game(args.get("game"))
    seed = args.get("seed")
    if seed is None:
        seed = random.randrange(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise PygamesError(f"seed must be a non-negative integer, not {seed!r}")
    rec = Record.new(g.id, args.get("options"), seed=seed)
    seats = _seats(args.get("seats"), g.new_initial_state(rec.options).num_players)
    _session = Session(rec, seats, _chance_key)
    return _view(_session)


def cmd_load(args: dict) -> dict:
    """Load a record (dict or JSON text) after validating all of it; the current game is kept on error."""
    global _session
    rec = Record.from_json(args.get("record"))
    n = get_game(rec.game).new_initial_state(rec.options).num_players
    seats = _seats(args.get("seats"), n)
    _session = Session(rec, seats, _chance_key)
    return _view(_session)


def cmd_act(args: dict) -> dict:
    s = _require()
    if not s.is_human_turn():
        raise PygamesError("it is not a human seat's turn")
    notation = args.get("notation")
    if not isinstance(notation, str):
        raise PygamesError(f"act needs a notation string, not {notation!r}")
    s.act(notation)
    return _view(s)


_thinking: tuple | None = None  # (session, state, ply, bot) of a search in progress


def cmd_bot(args: dict) -> dict:
    """Let the computer seat to move think for at most ``slice_ms`` (default: its whole budget).

    Returns ``{"thinking": progress}`` while the search goes on (call again), else the view after
    its move. Slicing keeps the page responsive without a second Python in a worker."""
    global _thinking
    s = _require()
    p = s.state.current_player()
    if p < 0 or s.seats[p] == "human":
        raise PygamesError("it is not a computer seat's turn")
    ply = len(s.record.actions)
    if _thinking is None or _thinking[0] is not s or _thinking[1] is not s.state or _thinking[2] != ply:
        bot = make_bot(s.seats[p], seed=s.record.seed * 7919 + ply)
        if hasattr(bot, "start"):
            bot.start(s.state)
        _thinking = (s, s.state, ply, bot)
    bot = _thinking[3]
    slice_ms = args.get("slice_ms")
    if hasattr(bot, "think"):
        if not isinstance(slice_ms, (int, float)) or slice_ms <= 0:
            slice_ms = 1e9
        if not bot.think(slice_ms / 1000):
            return {"thinking": round(bot.progress(), 3)}
        action = bot.best()
    else:
        action = bot.step(s.state)
    _thinking = None
    s.act(action.notation)
    return _view(s)


def cmd_undo(_: dict) -> dict:
    s = _require()
    s.undo()
    return _view(s)


def cmd_redo(_: dict) -> dict:
    s = _require()
    s.redo()
    return _view(s)


def cmd_view(args: dict) -> dict:
    s = _require()
    ply = args.get("ply")
    if ply is not None and (isinstance(ply, bool) or not isinstance(ply, int)
                            or not 0 <= ply <= len(s.record.actions)):
        raise PygamesError(f"no position at ply {ply!r}")
    return _view(s, ply)


def _record_visible(session: Session) -> bool:
    return not hides_information(session.game, session.record.options) or session.state.is_terminal()


def cmd_record(_: dict) -> dict:
    """The game record, for save and share. Raises PygamesError for a hidden-information game still
    in play (the record would show hands, face-down cards and the deck order)."""
    s = _require()
    if not _record_visible(s):
        raise PygamesError("this game hides cards: its record can be saved or shared once it is over")
    return s.record.to_json()


def cmd_secret(args: dict) -> dict:
    """Set the page's secret chance key: ``{"key": hex string of 16 to 64 bytes}``. The page keeps it
    in its own storage and never puts it in a record, so a saved file or share link does not tell the
    dice or cards still to come, while a reload in the same browser rolls the same ones."""
    global _chance_key
    key = args.get("key")
    if not isinstance(key, str) or not 32 <= len(key) <= 128:
        raise PygamesError("secret: key must be a hex string of 16 to 64 bytes")
    try:
        _chance_key = bytes.fromhex(key)
    except ValueError:
        raise PygamesError("secret: key must be a hex string") from None
    return {}


def cmd_layout(args: dict) -> dict:
    """How wide the page draws the board: ``{"layout": "wide" | "narrow"}``, narrow when the board area
    is at most 600 CSS px wide (a phone held upright). Every later view passes it to the game's
    ``draw_svg(observation, viewer=…, layout=…)``, so a game can put its side panels under the board
    instead of beside it and keep its text readable. Returns ``{}``; raises PygamesError for another
    value."""
    global _layout
    layout = args.get("layout")
    if layout not in LAYOUTS:
        raise PygamesError(f"layout: must be one of {', '.join(LAYOUTS)}, not {layout!r}")
    _layout = layout
    return {}


COMMANDS = {"games": cmd_games, "secret": cmd_secret, "layout": cmd_layout, "new_game": cmd_new_game, "load": cmd_load, "act": cmd_act,
            "bot": cmd_bot, "undo": cmd_undo, "redo": cmd_redo, "view": cmd_view, "record": cmd_record}


def call(name: str, args_json: str = "{}") -> str:
    """Run command ``name`` with JSON arguments; return JSON text: the result, or ``{"error": msg}``.

    The error message names what was wrong (an unknown game, a bad option, an illegal action, the index
    and reason of the first bad action of a record)."""
    try:
        try:
            args = json.loads(args_json or "{}")
        except (TypeError, ValueError) as e:  # bad JSON from the page
            raise PygamesError(f"bad request: {e}") from None
        if not isinstance(args, dict):
            raise PygamesError("arguments must be a JSON object")
        fn = COMMANDS.get(name) if isinstance(name, str) else None
        if fn is None:
            raise PygamesError(f"unknown command {name!r}")
        return json.dumps({"ok": fn(args)})
    except InvalidRecord as e:
        return json.dumps({"error": str(e), "index": e.index})
    except PygamesError as e:
        return json.dumps({"error": str(e)})
    except Exception as e:  # a bug, not bad input: still an answer the page can show
        return json.dumps({"error": f"internal error: {type(e).__name__}: {e}", "internal": True})
