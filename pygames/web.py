"""The browser bridge's Python side: JSON text in, JSON text out, no game rule.

The page calls :func:`call` with a command name and a JSON argument string and gets JSON text back:
either a *view* (what to draw) or ``{"error": message}``. A failed command leaves the game as it was.

Commands: ``hello {layout, games}`` (the page's first), ``games``, ``layout {layout}``,
``new_game {game, options, seats, seed?}``, ``load {record, seats?}``, ``act {notation}``, ``bot {}``, ``undo``,
``redo``, ``view {ply?, handover?}``,
``record``, ``explain`` (:mod:`pygames.web_explain`), ``hint`` (:mod:`pygames.web_hint`) and ``review``
(:mod:`pygames.web_review`).

Secrets stay here: each game gets fresh secret random bytes (:func:`secrets.token_bytes`) that decide its
chance outcomes still to come and never leave this module, so nothing the page, its storage, a saved file
or a link holds tells a future roll or card; a loaded game goes on with fresh randomness after its last
recorded action. A game started with a ``seed`` of the caller's, or an *arranged* record, has its
outcomes fixed in advance by its seed: the view says ``arranged`` and the page shows it. In hot seat with
hidden information, the next player's view leaves the worker only once the page asks for it after the
hand-over (``view {handover: true}``); until then the page gets a curtain view naming who is to take the
device.

A view holds only what the viewing seat may see: ``observation(viewer)`` drawn to SVG, the legal actions
when a human seat is to move, the move list as that viewer may see it, the status, who is to move
(``to_move``) and where the position stands among the move list's turns (``position``). The full record
(which holds every chance outcome) goes to the page only for games without hidden information, or once
a game is over; until then such a game cannot be saved or shared from the page.
"""
from __future__ import annotations

import json
import random
import secrets
from typing import Any

from . import games  # noqa: F401  (registers the shipped games: core imports none)
from . import web_explain, web_hint, web_review
from . import web_saves
from .core.bots import LEVELS, make_bot
from .core.errors import InvalidRecord, PygamesError
from .core.record import Record, Session, shown_moves, loads
from .core.registry import get_game, list_games
from .core.state import CHANCE, TERMINAL

_session: Session | None = None
_UNSET = object()
_shown_viewer: Any = _UNSET
"""The seat whose view the page was last sent (None: a spectator's; unset at a game's start): in hot seat
with hidden information, another seat's view is sent only after the hand-over."""
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
    """The move list as ``viewer`` may see it, worded here so the page parses no notation.

    Each entry: ``ply``, ``notation`` (as the viewer sees it), ``player`` (the mover, CHANCE for an
    outcome), ``chance``, ``name`` (whose turn it belongs to, "" for a neutral deal), ``kind`` (a chance
    outcome's first word, e.g. ``roll`` or ``deal``: outcomes of one kind in a row may be shown as one
    entry), ``hidden`` (the viewer does not see this outcome in full), ``seen`` (what the viewer sees of
    it after its kind, "" when hidden), ``no_move`` (an outcome after which its owner made no move:
    a roll that allowed none), ``label`` (the move or outcome as a player reads it, ``Play 10♥`` for
    ``play Th``, ``Draw J♥`` for ``draw Jh``: the action's label where the viewer sees it in full and it
    has one, else the shown notation, so a hidden outcome's label is its public text, ``draw ?``) and
    ``seen_label`` (``seen`` in words, for a run of outcomes shown as one entry: the label after its
    first word when that word is the kind, ``J♥`` for ``Draw J♥``, else the label; "" when hidden),
    ``turn`` (the turn's number, 1 up, as the move list numbers its lines: a new turn begins where
    ``name`` changes, so a turn of several actions, its rolls with it, is one number; the review and the
    browsing status say the same). A label may end with what the action showed everyone afterwards (the
    state's ``history_notes()``, e.g. Dritzak's card turned over: ``Turn over the 2nd face-down
    card: 7♠``), never with anything hidden when it was chosen."""
    g = session.game
    actions = session.record.actions
    out = [{"ply": i + 1, "notation": a, "player": p, "chance": p == CHANCE,
            "name": "" if o is None or o < 0 else session.state.player_name(o)}
           for i, (a, p, o) in enumerate(zip(actions, session.movers, session.owners))]
    shown = session.state.public_history(viewer) if hides_information(g, session.record.options) else actions
    # entries may fold several actions (Zoon's "arrange N ?"): only the shown texts and labels go out
    out = [dict(out[e], notation=n, hidden=hidden, label=label)
           for e, n, hidden, label in shown_moves(actions, session.labels, shown, session.state.history_notes())]
    turn = 0
    for i, m in enumerate(out):
        kind, _, rest = m["notation"].partition(" ")
        hidden, label = m["hidden"], m["label"]
        head, _, tail = label.partition(" ")
        m.update(kind=kind if m["chance"] and rest else "", hidden=hidden, seen="" if hidden else rest,
                 label=label, seen_label="" if hidden else tail if tail and head.lower() == kind else label)
        name = m["name"]
        turn += i == 0 or out[i - 1]["name"] != name
        m["turn"] = turn
        m["no_move"] = bool(m["chance"] and name and (i == 0 or out[i - 1]["name"] != name)
                            and i + 1 < len(out) and out[i + 1]["name"] != name)
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
        names = " and ".join(state.player_name(w) for w in winners)
        if len(winners) == len(r):
            return "Game over: it is a draw"
        if me is not None:
            return "Game over: you won" if me in winners else f"Game over: you lost, {names} won"
        return f"Game over: {names} won"
    if p == CHANCE:
        return "Rolling…"
    who = state.player_name(p)
    if seats[p] != "human":
        return f"{who} (computer, {seats[p]}) is thinking…" if me is not None else f"{who} (computer) to move"
    return "Your turn" if me is not None else f"{who} to move"


def _browse_status(state, where: str, m: dict | None) -> str:
    """The status line over an earlier position (the move list or the step buttons): which position it
    is, named as the move list names it (the turn's number, whose turn, the last move shown: "After
    turn 5, Green: Veer to B4"), and who was to move there; never "Your turn" or "is thinking…", which
    speak of the game now. ``where`` and ``m`` (the last entry shown, None at the start): :func:`_position`'s
    ``where`` and ``entry`` for ``state``."""
    if m is not None:
        where += (f", {m['name']}" if m["name"] else "") + f": {m['label']}"
    return f"{where}. {_to_move(state)}"


def _to_move(state) -> str:
    """Who is to move in ``state``, in words: ``"Blue to move"``, ``"Chance to play"`` (a roll or a deal
    comes next) or ``"The game is over"``. The view sends it as ``to_move`` (the browsing status ends with
    it), so the page can say it again beside its own words (the review's mark) without reading the status."""
    p = state.current_player()
    if p == TERMINAL:
        return "The game is over"
    if p == CHANCE:
        return "Chance to play"
    return f"{state.player_name(p)} to move"


def turns_of(moves: list[dict], plies: int) -> list[int]:
    """The turn number of each ply 1..``plies`` (index 0: ply 1) as the move list numbers it (``moves``:
    :func:`_moves`'s entries; an entry that folds several actions gives its number to each of them)."""
    out, k = [], 0
    for ply in range(1, plies + 1):
        while k < len(moves) and moves[k]["ply"] < ply:
            k += 1
        out.append(moves[k]["turn"] if k < len(moves) else (moves[-1]["turn"] if moves else 0))
    return out


def _position(moves: list[dict], state) -> dict:
    """Where ``state`` (a position of the game, after ``len(state.history)`` actions) stands in the move
    list's numbering, for the page's step counter: ``{"turn": t, "turns": T, "step": k, "steps": n,
    "over": bool, "where": str}``: after the ``k``-th of the ``n`` entries of turn ``t`` (of ``T`` turns in
    the list), ``over`` when turn ``t`` is over there (the next entry is another turn's, or, at the list's
    end, the game is over or another player is to move); turn 0 (step 0 of 0) is the start of the game.
    ``where`` words it, the one reading the status, the step counter and the review share (ui22): "The
    start of the game", "After turn 15" (the turn over) or "After turn 20 (2/3)" (within a turn of several
    actions: its first 2 of 3 played). ``entry``: the last entry shown (None at the start), which the
    browsing status names; the view sends the dict without it."""
    ply = len(state.history)
    done = [m for m in moves if m["ply"] <= ply]
    turns = moves[-1]["turn"] if moves else 0
    if not done:
        return {"turn": 0, "turns": turns, "step": 0, "steps": 0, "over": True, "where": "The start of the game",
                "entry": None}
    last = done[-1]
    t = last["turn"]
    if len(done) < len(moves):
        over = moves[len(done)]["turn"] != t
    else:
        p = state.current_player()
        over = p == TERMINAL or (p >= 0 and state.player_name(p) != last["name"])
    step, steps = sum(1 for m in done if m["turn"] == t), sum(1 for m in moves if m["turn"] == t)
    where = f"After turn {t}" + (f" ({step}/{steps})" if step < steps else "")
    return {"turn": t, "turns": turns, "step": step, "steps": steps, "over": over, "where": where, "entry": last}


def _result_text(state, game, seats) -> str:
    text = _status(state, game, seats).removeprefix("Game over: ")
    text = text[:1].upper() + text[1:]
    extra = getattr(state, "result_text", None)
    if callable(extra):  # a game's own account of the result (places, scores, special wins)
        more = extra()
        # it may say who won itself, as the status ends ("Player 2 won", "You lost, Player 2 won"): not twice
        tail = text.rpartition(", ")[2]
        if more and more.lower().startswith(tail.lower()):
            text += more[len(tail):]
        elif more:
            text += f". {more}"
    return text


def _needs_curtain(session: Session, viewer: int | None) -> bool:
    """Hot seat with hidden information: the view about to be sent is another human's than the last one
    sent (not at a game's start, not a spectator's)."""
    if viewer is None or _shown_viewer is _UNSET or _shown_viewer == viewer:
        return False
    if sum(1 for s in session.seats if s == "human") < 2:
        return False
    return hides_information(session.game, session.record.options)


def _curtain_view(session: Session, viewer: int) -> dict:
    """What the page gets while the device passes to ``viewer``: who, and nothing of anyone's view (no
    drawing, observation, legal actions or move list); ``view {handover: true}`` then sends the view."""
    g = session.game
    name = session.state.player_name(viewer)
    return {
        "curtain": True, "game": g.id, "title": g.title, "options": session.record.options,
        "seats": session.seats,
        "player_names": [session.state.player_name(i) for i in range(len(session.seats))],
        "viewer": viewer, "current_player": session.state.current_player(), "human_turn": False,
        "bot_turn": False, "terminal": False, "browsing": False, "ply": len(session.record.actions),
        "plies": len(session.record.actions), "status": f"Pass the device to {name}",
        "hidden_information": True, "arranged": session.record.arranged, "rules_page": g.rules_page,
    }


def _view(session: Session, ply: int | None = None, handover: bool = False) -> dict:
    global _shown_viewer
    g = session.game
    browsing = ply is not None and ply != len(session.record.actions)
    viewer = _viewer(session)
    if viewer is not None and _needs_curtain(session, viewer) and not handover:
        return _curtain_view(session, viewer)
    _shown_viewer = viewer
    state = session.record.replay(ply) if browsing else session.state
    obs = state.observation(viewer)
    p = state.current_player()
    human_turn = not browsing and p >= 0 and session.seats[p] == "human"
    legal = [a.to_json() for a in state.legal_actions()] if human_turn else []
    result = None
    if state.is_terminal():
        result = {"returns": state.returns(), "text": _result_text(state, g, session.seats)}
    undo_reason = session.undo_reason()
    moves = _moves(session, viewer)
    position = _position(moves, state)
    entry = position.pop("entry")
    return {
        "game": g.id, "title": g.title, "options": session.record.options, "seats": session.seats,
        "player_names": [state.player_name(i) for i in range(len(session.seats))],
        "viewer": viewer, "observation": obs, "svg": g.draw_svg(obs, viewer=viewer, layout=_layout) if g.draw_svg else "",
        "current_player": p, "human_turn": human_turn, "bot_turn": (not browsing and p >= 0
                                                                     and session.seats[p] != "human"),
        "legal": legal, "moves": moves, "ply": len(state.history),
        "counters": state.counters(viewer),
        "plies": len(session.record.actions), "browsing": browsing,
        "status": (_browse_status(state, position["where"], entry) if browsing
                   else _status(state, g, session.seats)), "terminal": state.is_terminal(), "result": result,
        "can_undo": not undo_reason, "undo_reason": undo_reason, "can_redo": session.can_redo(),
        "record": session.record.to_json() if _record_visible(session) else None,
        "rules_page": g.rules_page, "hidden_information": hides_information(g, session.record.options),
        "arranged": session.record.arranged, "chance": _chance_kind(g, session.record.options), "curtain": False,
        "to_move": _to_move(state), "position": position,
    }


def _chance_kind(game, options: dict) -> str:
    """The game's declared chance with these options, one of ``registry.CHANCE_KINDS`` (``"none"``,
    ``"dice"``, ``"deal"``, ``"dice and deal"``): the page's note on an arranged game names only what the
    game has (no "dice or cards" in ZÈRTZ)."""
    kind = game.chance(options) if callable(game.chance) else game.chance
    return kind if isinstance(kind, str) else "none"


DEFAULT_LEVEL = "easy"
"""The computer level the new-game form proposes for the other seats."""


def _require() -> Session:
    if _session is None:
        raise PygamesError("no game in progress")
    return _session


def cmd_games(_: dict) -> list:
    """The registered games. ``build.py`` writes the same list to ``games.json``, so the start page and
    the new-game form show before Python has started."""
    return [dict(g.to_json(), levels=list(LEVELS), default_level=DEFAULT_LEVEL) for g in list_games()]


def _start(session: Session) -> dict:
    global _session, _shown_viewer, _thinking
    _session, _shown_viewer, _thinking = session, _UNSET, None
    return _view(session)


def cmd_new_game(args: dict) -> dict:
    """A new game. Its chance outcomes come from fresh secret randomness, unless the caller gives a
    ``seed`` (tests, tutorials): that seed then decides them and the game is *arranged*."""
    g = get_game(args.get("game"))
    seed = args.get("seed")
    arranged = seed is not None
    if seed is None:
        seed = random.randrange(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise PygamesError(f"seed must be a non-negative integer, not {seed!r}")
    rec = Record.new(g.id, args.get("options"), seed=seed, arranged=arranged)
    seats = _seats(args.get("seats"), g.new_initial_state(rec.options).num_players)
    return _start(Session(rec, seats, secrets.token_bytes(32)))


def cmd_load(args: dict) -> dict:
    """Load a record (dict or JSON text) after validating all of it; the current game is kept on error.

    The recorded actions replay exactly; the chance outcomes after them come from fresh secret
    randomness (by the seed for an arranged record). An unfinished record of a game that hides
    information and holds chance outcomes is marked arranged: the page never gives out such a record,
    so whoever wrote it chose or knows its hidden cards."""
    rec = Record.from_json(args.get("record"))
    n = get_game(rec.game).new_initial_state(rec.options).num_players
    seats = _seats(args.get("seats"), n)
    played = len(rec.actions)
    session = Session(rec, seats, secrets.token_bytes(32))
    if (not rec.arranged and hides_information(session.game, rec.options)
            and not session.record.replay(played).is_terminal() and CHANCE in session.movers[:played]):
        rec.arranged = True
    return _start(session)


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
    """The view now, or at ``ply`` (browsing). ``handover: true``: the page lifted the hot-seat curtain,
    so the next player's view may be sent (without it a curtain view is sent instead)."""
    s = _require()
    ply = args.get("ply")
    if ply is not None and (isinstance(ply, bool) or not isinstance(ply, int)
                            or not 0 <= ply <= len(s.record.actions)):
        raise PygamesError(f"no position at ply {ply!r}")
    handover = args.get("handover", False)
    if not isinstance(handover, bool):
        raise PygamesError(f"handover must be true or false, not {handover!r}")
    return _view(s, ply, handover)


def _record_visible(session: Session) -> bool:
    return not hides_information(session.game, session.record.options) or session.state.is_terminal()


def cmd_record(_: dict) -> dict:
    """The game record, for save and share. Raises PygamesError for a hidden-information game still
    in play (the record would show hands, face-down cards and the deck order)."""
    s = _require()
    if not _record_visible(s):
        raise PygamesError("this game hides things from the players: its record can be saved or shared once it is over")
    return s.record.to_json()


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


def cmd_hello(args: dict) -> dict:
    """The page's first command once Python is up, in place of three (issue 18: right after a memory
    snapshot's restore each call is slow): ``{"layout": "wide" | "narrow", "games": bool}`` sets the
    layout as ``layout`` does and answers ``{"commands": [the bridge's command names, sorted]}`` (the page
    offers Hint and the review only if ``hint`` and ``review`` are among them), with ``"games"`` as the
    ``games`` command answers it when ``games`` is true (the page could not read games.json). Raises
    PygamesError for a bad layout, as ``layout`` does."""
    cmd_layout(args)
    out: dict = {"commands": sorted(COMMANDS)}
    if args.get("games") is True:
        out["games"] = cmd_games({})
    return out


COMMANDS = {"games": cmd_games, "hello": cmd_hello, "layout": cmd_layout, "new_game": cmd_new_game, "load": cmd_load, "act": cmd_act,
            "bot": cmd_bot, "undo": cmd_undo, "redo": cmd_redo, "view": cmd_view, "record": cmd_record,
            "explain": web_explain.cmd_explain,
            "hint": web_hint.cmd_hint, "review": web_review.cmd_review,
            **web_saves.COMMANDS}


_sent_moves: tuple[int, list] = (0, [])
"""``(seq, entries)``: the move list last sent to a page that asked for differences (issue 21)."""


def _moves_by_difference(out: Any, have: Any) -> Any:
    """A view whose move list is sent by difference: ``moves`` holds only the entries after the first
    ``moves_keep`` of the list the page holds (the one answered with ``moves_seq == have``), and
    ``moves_seq`` numbers this list. A page that holds another list (``have`` not the last ``seq``, e.g.
    two commands in flight) gets the whole list (``moves_keep`` 0). Answers without a move list (the
    hand-over curtain, other commands) are left as they are."""
    global _sent_moves
    if not isinstance(out, dict) or not isinstance(out.get("moves"), list):
        return out
    moves = out["moves"]
    seq, sent = _sent_moves
    keep = 0
    if type(have) is int and have == seq and seq:
        limit = min(len(sent), len(moves))
        while keep < limit and sent[keep] == moves[keep]:
            keep += 1
    _sent_moves = (seq + 1, moves)
    return dict(out, moves=moves[keep:], moves_keep=keep, moves_seq=seq + 1)


def call(name: str, args_json: str = "{}") -> str:
    """Run command ``name`` with JSON arguments; return JSON text: the result, or ``{"error": msg}``.

    The error message names what was wrong (an unknown game, a bad option, an illegal action, the index
    and reason of the first bad action of a record). Any text is answered: arrays and objects nested
    deeper than :data:`pygames.core.record.MAX_JSON_DEPTH` are refused before parsing (a link with
    100,000 nested arrays gets an error, not a RecursionError)."""
    try:
        if not isinstance(args_json, str):
            raise PygamesError("bad request: arguments must be JSON text")
        try:
            args = loads(args_json or "{}", "the arguments")
        except PygamesError as e:  # bad JSON from the page
            raise PygamesError(f"bad request: {e}") from None
        if not isinstance(args, dict):
            raise PygamesError("arguments must be a JSON object")
        fn = COMMANDS.get(name) if isinstance(name, str) else None
        if fn is None:
            raise PygamesError(f"unknown command {name!r}")
        have = args.pop("moves_seq", None)
        out = fn(args)
        return json.dumps({"ok": out if have is None else _moves_by_difference(out, have)})
    except InvalidRecord as e:
        return json.dumps({"error": str(e), "index": e.index})
    except PygamesError as e:
        return json.dumps({"error": str(e)})
    except Exception as e:  # a bug, not bad input: still an answer the page can show
        return json.dumps({"error": f"internal error: {type(e).__name__}: {e}", "internal": True})
