"""The bridge command ``review`` (issue 19): a finished game gone over, each player's chance to win after every
move and the moves that lost more than :data:`MARK` of it (the shared reading of a state as a chance to win,
and the hard level's player, are :mod:`pygames.web_hint`'s).

``review {}`` — once the game is over (everything is revealed then): ``{"plies": [{"ply", "turn", "notation",
"player", "win": [per player]}], "marks": [{"ply", "turn", "player", "loss", "points", "better", "label",
"targets"}]}`` (``turn``: the ply's turn as the move list numbers it, a turn of several actions one number;
``points``: the loss as the page says it, :func:`points`), and ``"slides"``: per player, where that player's
chance fell most (:func:`slides`). For every ply (chance
outcomes too, ``player`` then :data:`~pygames.core.state.CHANCE`), ``win[q]`` is player ``q``'s estimated
chance to win after it, judged from what ``q`` could see then: the mean over
:data:`~pygames.web_hint.SAMPLES` states that looked the same to ``q`` (one in a perfect-information game)
of the game's evaluation (``Game.evaluate``, the one the searches read) read as a chance to win, ``1 / (1 + exp(-a v))`` with the game's fitted slope
``a`` (``Game.extra["eval_scale"]``, ``tools/calibrate.py``), or the game's own estimate where its evaluation
saturates (``Game.extra["review_chance"]``, Dritzak's), or of the result at the end; where the review follows
forced lines (below), judged where the forced line after the ply stops, as the marks are; around a shown mark whose
loss is a search's (below), the mover's points before and after the move are the search's values of the
better move and of the move played (:func:`_chart_marks`), so the line falls there by the mark's loss. For every decision, the mover's legal actions (a game's
``extra["candidates"]`` first :data:`CANDIDATES` when it has them, at most :data:`WIDTH` otherwise; the
move played always) are each judged one ply ahead the same way, from what the mover could see; in a game
with neither hidden information nor chance (unless its ``Game.extra["review_replies"]`` says otherwise),
the move played and the :data:`REPLY_TOP` best are then judged again at the end of the forced line that
follows them (:func:`_move_value`: a compulsory capture the move hands over is seen). Each ply's
judgements draw from a random stream of their own (the record's seed and the ply), so what one ply's
judgement draws never depends on what was hidden at another ply (``tests/test_bots_hint.py`` checks that
two games that look the same to a player get the same judgements of that player's chances and moves).
Only the decisions whose content the review's viewer saw are judged and can be marked (review28): the viewer's
own, and the others' moves shown in full in the viewer's move list (``web._moves``, the page's viewer
``web._viewer``: the human in a game against the computer, a spectator in a hot-seat game over). A move the
viewer never saw (Zoon's other deployment, ``arrange N ?``; Duerror Grandis Caecus's masked actions) gets
no mark: a better move suggested for a move one never saw teaches nothing, and says what it was.

A mark's loss is a search's (review25; in two-player games, or as a game's ``extra["review_search"]`` says,
:func:`_search_iterations`): each decision is put to a fixed-budget search (:data:`SEARCH_ITERATIONS`
simulations of the core's :class:`MCTSBot`, no time cap) from what the mover could see (a determinization
drawn from the ply's stream); where the search would play the move played, nothing is marked; else the move
played, the search's move (and, where the evaluation marked the move, its best) are each valued by such a
search after them (:func:`_searched`, ``(v + 1) / 2`` as the hint reads its value), and the move is marked
when its value is more than :data:`MARK` (20 points of the chance to win) below the best one's, with ``loss``
(0..1), the ``better`` action's notation and its click ``targets`` (the page marks them on the position before
the move). The searches spend what the judgements left of :data:`REVIEW_SECONDS`, the evaluation's marks
first, then the decisions whose played move stood furthest from the top of the evaluation's order (ties in the
game's candidate order); a decision the time does not reach keeps the evaluation's judgement (its mark, where
it had one, with the evaluation's loss). Where a game says no search (``review_search`` 0, and by default with
more than two players: a search's value is not the reviewed player's), the marks are the evaluation's
judgements. So that the review and the hint never contradict each other, each player's first marks (in at most
:data:`~pygames.web_review_confirm.CONFIRM` turns of the move list each, a turn's first
:data:`~pygames.web_review_confirm.PER_TURN` until one is confirmed, within
:data:`~pygames.web_review_confirm.CONFIRM_SECONDS` in all; :func:`pygames.web_review_confirm._confirmed`) are
then put to the hard level's search (the hint's player) from what the mover could see then (a determinization
drawn from the ply's own stream): a mark whose played move the search would also play is dropped, and a kept
mark's ``better`` is the move the search chose, kept only when the mark's judgement (the search's, or the
evaluation's) too rates it more than :data:`MARK` above the move played (its ``loss`` is that difference).
Only confirmed marks are shown: those past that limit or out of time are left out, so the review never
suggests what the hint would not.

The page asks in two calls (review26), so that it draws the chart while the marks' searches run (the chart's
judgements take a second or two in the browser, the marks' searches and their confirmation up to
:data:`REVIEW_SECONDS` + :data:`~pygames.web_review_confirm.CONFIRM_SECONDS` in all): ``review {"part":
"chart"}`` answers ``{"plies"}`` and keeps in the bridge what the marks need (:class:`_Review`: the decisions,
the evaluation's marks, the time the judgements left of :data:`REVIEW_SECONDS`, spent by the next call from
its own start, the round trip not counted); ``review {"part": "marks"}`` then answers ``{"done": true,
"marks", "plies", "slides"}``, the marks and the entries of ``plies`` that they changed (:func:`_chart_marks`): put in
place, exactly the one call's answer (``review {}``, which tools and tests use). The marks come in slices
(review27) as the computer's moves do (``bot {"slice_ms"}``), so that the worker, which answers one call at a
time, answers the page's clicks between two: ``review {"part": "marks", "slice": seconds}`` (a number in (0,
60]) works on them for about that long (past it, at the next of their steps: a few simulations of a search)
and answers ``{"done": false}`` until the call that finishes them answers as above; the time budgets count the
Python time of the slices only (:class:`_Clock`), so the sliced marks are the one call's. Marks are of the
chart last sent, for the same game in the same position: with no chart, after they were sent, after another
game was opened (a new game, a record loaded, the same one again) or after the game changed, they are refused
with PygamesError, and nothing is changed; a bad ``slice`` is refused before anything is done. Raises
PygamesError with no game, before the game is over, or for another ``part``.
"""
from __future__ import annotations

import math
import random
import time
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, NamedTuple

from . import web_hint as hint
from .core.bots import MCTSBot
from .core.chance import sample_outcome
from .core.errors import PygamesError
from .web_review_confirm import _confirmed  # the hard level's confirmation of the marks

CANDIDATES = 12
"""Actions judged per decision in a game with a candidate order (ZÈRTZ, Zoon, Dvertz), best first."""
WIDTH = 48
"""At most this many actions judged per decision in a game without one (drawn at random, the played one
kept)."""
MARK = 0.20
"""A move is marked when it lost more than this much of the mover's chance to win."""
REPLY_TOP = 4
"""Where a review follows forced replies (:func:`_move_value`), the move played and this many of the best
by one ply are judged so."""
FORCED = 6
"""A player with at most this many legal actions is on a forced line (:func:`_move_value`)."""
FORCED_PLIES = 4
"""A forced line is followed for at most this many actions."""
SEARCH_ITERATIONS = 100
"""Simulations of the fixed-budget search that values a move for a mark (:func:`_searched`; the core's
search, depth :data:`SEARCH_DEPTH`, no time cap); a game's ``extra["review_search"]`` overrides it (0:
no search, the evaluation's judgement alone). By default two-player games only: with more players a
search's value is not the reviewed player's."""
SEARCH_DEPTH = 8
"""Playout depth (player decisions) of that search (the reference's, ``tools/review_recall.py``)."""
REVIEW_SECONDS = 5.0
"""Past this much time a review goes on with one state per judgement and the first :data:`CANDIDATES` // 2
actions (a long Zoon game judges every pending combat exactly, which is slow); the valuing searches
(:func:`_searched`) spend what the judgements left of it, and stop there (review25: the budget as it was,
spent where the evaluation tells least). Lifting it (tests, ``tools/review_recall.py --lifted``) lifts the
searches' and the confirming searches' limits too, so a review is the same on any machine."""


def _replies_judged(game, options) -> bool:
    """Whether a review follows forced lines (see :func:`_move_value`): a game's ``extra["review_replies"]``
    (a bool) where it says, else where the game has neither hidden information nor chance (ZÈRTZ, DVONN
    from the empty board, Dvertz). Not in the others by default: a reply chosen in a determinization plays
    on cards its player does not hold, and in Duerror Grandis, where most decisions have a few actions, a
    line of them ended on one sampled roll and lost 2 of the 3 blunders the review found (10 games,
    ``tools/review_recall.py``)."""
    own = game.extra.get("review_replies") if isinstance(game.extra, dict) else None
    if own is not None:
        return bool(own)
    return _plain(game, game.validate_options(options))


def _plain(game, options: dict) -> bool:
    """Whether ``game`` with ``options`` (validated) has neither hidden information nor chance (the bridge's
    reading of its declared chance, ``web._chance_kind``)."""
    from . import web  # late: web registers this module's command

    return not game.hides_information(options) and web._chance_kind(game, options) == "none"


def _move_value(state, notation: str, mover: int, rng: random.Random, replies: bool) -> float:
    """``mover``'s chance after playing ``notation`` in ``state`` (a full state): one ply, :func:`_chance`
    of the child. With ``replies`` (review24: a newcomer's ZÈRTZ move that let the opponent jump and win
    at once looked 0.09 worse than the best one ply ahead and was not marked), when another player is to
    move next, a forced line is followed to the next free choice: while the player to move has at most
    :data:`FORCED` legal actions (a compulsory capture leaves few), the mover plays its best by one ply and
    another player the action best for that player by one ply (at most :data:`FORCED_PLIES` such actions); the value is ``mover``'s
    :func:`_chance` where the line stops (a free choice, a chance node or the end)."""
    t = state.child(notation)
    return hint._chance(_forced_end(t, mover, rng) if replies else t, mover, rng)


def _forced_end(t, mover: int, rng: random.Random):
    """Where the forced line from ``t`` (the state just after ``mover``'s move) stops, as
    :func:`_move_value` follows it; ``t`` itself when ``mover`` moves again next (the line starts with
    another player's reply), at a chance node or at the end."""
    if t.is_terminal() or t.is_chance_node() or t.current_player() == mover:
        return t
    for _ in range(FORCED_PLIES):
        if t.is_terminal() or t.is_chance_node():
            break
        legal = t.legal_actions()
        if len(legal) > FORCED:
            break
        p = t.current_player()
        t = max((hint._resolved(t.child(a.notation), rng) for a in legal), key=lambda c: hint._chance(c, p, rng))
    return t


def _search_iterations(state) -> int:
    """The valuing search's simulations for ``state``'s game (see :data:`SEARCH_ITERATIONS`): a game's
    ``extra["review_search"]`` (an int, 0 for none) where it says, else :data:`SEARCH_ITERATIONS` in a
    two-player game with neither hidden information nor chance (ZÈRTZ, DVONN, Dvertz), 0 elsewhere.
    Measured (review25, ``tools/review_recall.py``, 10 games each): where a search starts from a drawn
    state it did worse than the evaluation (Zoon recall 9/17 -> 5/17, Duerror Grandis 3/5 -> 2/5) or no
    better (Dritzak, two players, 0/2; Verquere 1/1) for 3 to 17 times the time; with more than two
    players a search's value is not the reviewed player's."""
    own = state.game.extra.get("review_search") if isinstance(state.game.extra, dict) else None
    if own is not None:
        return int(own)
    return SEARCH_ITERATIONS if state.num_players == 2 and _plain(state.game, state.options) else 0


def _searched(state, notation: str, mover: int, seed: int, iterations: int) -> float:
    """:func:`_searching` at once."""
    return _run(_searching(state, notation, mover, seed, iterations))


def _searching(state, notation: str, mover: int, seed: int, iterations: int):
    """A generator (its steps yield None, :func:`_thinking`; it returns the value): ``mover``'s chance
    after ``notation`` in ``state`` (a full state or a determinization of the mover's view; two players) by
    a search: past the chance outcomes (drawn from ``seed``) and single legal
    actions that follow, the core's :class:`MCTSBot` (``iterations`` simulations, depth
    :data:`SEARCH_DEPTH`, no time cap, so the same on any machine) searches for the player to move; its
    value ``v`` of its best move (a mean return in [-1, 1]) is the mover's ``v`` when the mover is to move,
    else ``-v``, read as the hint reads its search, ``(v + 1) / 2`` (so a mark's loss and a hint's chance
    are one scale; a move that loses at once is 0, where the evaluation's logistic reading would say 13%
    in ZÈRTZ); at the end of the game, the result. It sees the replies a one-ply judgement misses
    (review25: a newcomer's ZÈRTZ placements all judged alike)."""
    rng = random.Random(seed)
    t = state.child(notation)
    for _ in range(64):
        if t.is_terminal():
            break
        if t.is_chance_node():
            t = t.child(sample_outcome(t, rng))
            continue
        legal = t.legal_actions()
        if len(legal) > 1:
            break
        t = t.child(legal[0].notation)
    if t.is_terminal():
        return hint._chance(t, mover, rng)
    bot = MCTSBot(iterations=iterations, depth=SEARCH_DEPTH, seconds=math.inf, seed=seed)
    yield from _thinking(bot, t)
    v = bot.value()
    if v is None:
        return hint._chance(t, mover, rng)
    return hint._win(v if t.current_player() == mover else -v)

def _stream(seed: int, ply: int, player: int) -> random.Random:
    """The random stream of one judgement: a game's seed, the ply, the player judged (``-1``: the mover's
    choices), so no judgement's draws depend on another's (which may have drawn from other hidden cards)."""
    return random.Random(((seed * 104729 + 3) * 1_000_003 + ply) * 64 + player + 1)


def _judge(state, seed: int, ply: int, samples: int, mover: int | None = None) -> list[float]:
    """Every player's chance to win in ``state``, each from what that player can see; with ``mover`` (the
    player who just moved, in a game whose review follows forced lines) at the end of the forced line that
    follows, so the chart falls at the move a mark says lost, not at the reply."""
    if mover is not None and mover >= 0:
        state = _forced_end(state, mover, _stream(seed, ply, -3))
    out = []
    for q in range(state.num_players):
        rng = _stream(seed, ply, q)
        looks = hint._looks(state, q, rng, samples)
        out.append(round(sum(hint._chance(d, q, rng) for d in looks) / len(looks), 3))
    return out


def _choices(state, played: str | None, rng: random.Random, width: int) -> list:
    """The actions judged at a decision (see the module docstring), the played one among them (None:
    none added)."""
    legal = state.legal_actions()
    cands = state.game.extra.get("candidates") if isinstance(state.game.extra, dict) else None
    if cands is not None:
        picked = list(cands(state, legal))[:width]
    elif len(legal) > WIDTH:
        picked = rng.sample(legal, WIDTH)
    else:
        picked = list(legal)
    if played is not None and all(a.notation != played for a in picked):
        picked.append(state.find_action(played))
    return picked


class Found(NamedTuple):
    """A marked decision, as the confirming search (:func:`_confirmed`) and the chart
    (:func:`_chart_marks`) read it: ``found[ply]`` for the mark at ``ply``."""
    state: Any
    """The position before the move (a full state: the game is over, everything is revealed)."""
    played: str
    """The notation of the move played."""
    judged: dict
    """``{notation: the mover's chance to win after it}`` (0..1), the mark's judgements; the confirming
    search adds the move it picks."""
    value: Callable[[str], float] | None
    """``value(notation)``: another move's chance by the search that judged those (:func:`_valued`), or
    None where they are the evaluation's."""
    samples: int
    """States drawn per evaluation judgement (:data:`~pygames.web_hint.SAMPLES`, or 1 past :data:`REVIEW_SECONDS`)."""
    deep: bool
    """Whether the evaluation judged after the forced line that follows (:func:`_move_value`)."""


STEP = 0.02
"""Seconds a search thinks between two steps of the marks (:func:`_thinking`): a slice ends at most about
this long after its time (one simulation more where a simulation is slower)."""


def _thinking(bot, state):
    """A generator: ``bot`` (an :class:`~pygames.core.bots.AnytimeBot`) started from ``state`` and thinking
    in steps of :data:`STEP` until it is done, yielding None between two; its search is its ``step``'s
    (a budget of simulations and no time cap: the same however sliced)."""
    bot.start(state)
    while not bot.think(STEP):
        yield


def _run(steps):
    """What the generator ``steps`` returns, run to its end at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


class _Clock:
    """The marks' own time in seconds: the Python time of their slices (``now`` counts while one runs,
    between :meth:`run` and :meth:`stop`), so the page's round trips and the calls it makes between two
    slices spend none of their budgets."""

    def __init__(self) -> None:
        self.used = 0.0
        self.t0: float | None = None

    def now(self) -> float:
        return self.used + (time.monotonic() - self.t0 if self.t0 is not None else 0.0)

    def run(self) -> None:
        self.t0 = time.monotonic()

    def stop(self) -> None:
        self.used, self.t0 = self.now(), None


@dataclass(eq=False)
class _Review:
    """A review between its chart and its marks (``review {"part": "chart"}``, then ``"marks"``)."""
    session: Any
    """The bridge's session reviewed (a new game is another object)."""
    state: Any
    """Its final state then (an undo or a new move is another object)."""
    plies: list
    """The chart's entries, ``{"ply", "notation", "player", "win", "turn"}``, ply ``i + 1`` at ``i``."""
    decisions: list
    """The decisions the valuing search looks at, ``(marked?, -place, ply, state, notation, mover,
    judged, best, looks)``."""
    marks: list
    """The evaluation's marks where no search values them, ``{"ply", "player", "loss", "better",
    "targets"}``."""
    found: dict
    """``{ply: Found}`` of those marks."""
    iterations: int
    """The valuing search's simulations (:func:`_search_iterations`), 0 for none."""
    left: float
    """Seconds of :data:`REVIEW_SECONDS` the judgements left for the searches."""
    turns: list
    """Ply ``i + 1``'s turn in the move list at ``i``."""
    deep: bool
    """Whether the evaluation judges after forced lines (:func:`_replies_judged`)."""
    steps: Any = None
    """The marks being worked out in slices (:func:`_marks`'s generator), None before the first."""
    clock: _Clock | None = None
    """Their time (:class:`_Clock`)."""
    before: list | None = None
    """The chart's points as sent (``[win…]`` per ply), to send those the marks changed."""


_review: _Review | None = None
"""The review whose chart the page was last sent and whose marks it has not asked for yet."""


def cmd_review(args: dict) -> dict:
    """See the module docstring: ``review {}`` the whole review at once; ``{"part": "chart"}`` its
    ``plies``, then ``{"part": "marks"}`` its ``marks`` and the ``plies`` those changed, at once or, with
    ``"slice": seconds``, in calls answering ``{"done": false}`` until the last."""
    from . import web  # late: web registers this command

    global _review
    part = args.get("part")
    if part not in (None, "chart", "marks"):
        raise PygamesError(f'review: part must be "chart" or "marks", not {part!r}')
    cut = args.get("slice")
    if cut is not None and (part != "marks" or isinstance(cut, bool) or not isinstance(cut, (int, float))
                            or not 0 < cut <= 60):
        raise PygamesError(f"review: slice must be a number of seconds in (0, 60] with part marks, not {cut!r}")
    s = web._require()
    if part == "marks":
        r = _review
        if r is None or r.session is not s or r.state is not s.state:
            _review = None  # another game's, or none: never this game's
            raise PygamesError("review: no chart of this game to add marks to (ask for its chart first)")
        if r.steps is None or r.clock is None or r.before is None:
            r.before, r.clock = [list(p["win"]) for p in r.plies], _Clock()
            r.steps = _marks(r, s, r.clock)
        clock, before = r.clock, r.before
        end = time.monotonic() + (math.inf if cut is None else cut)
        clock.run()
        try:
            while True:
                next(r.steps)
                if time.monotonic() >= end:
                    return {"done": False}
        except StopIteration as done:
            _review = None  # sent once
            shown = done.value
        except BaseException:
            _review = None  # never half-changed by a failure: asked for again, the chart first
            raise
        finally:
            clock.stop()
        return {"done": True, "marks": shown, "plies": [p for p, w in zip(r.plies, before) if p["win"] != w],
                "slides": slides(r.plies, shown)}
    if not s.state.is_terminal():
        raise PygamesError("review: the game is not over yet (a review shows what every player held)")
    r = _chart(s, web)
    if part == "chart":
        _review = r
        return {"plies": [dict(p, win=list(p["win"])) for p in r.plies]}  # the kept entries change later
    clock = _Clock()
    clock.run()
    shown = _run(_marks(r, s, clock))
    return {"plies": r.plies, "marks": shown, "slides": slides(r.plies, shown)}


def _chart(s, web) -> _Review:
    """The chart of session ``s``'s finished game (the judgements of every ply) and what its marks need."""
    state = s.record.replay(0)
    plies, marks = [], []
    found: dict = {}
    end = time.monotonic() + REVIEW_SECONDS
    samples, width = hint.SAMPLES, CANDIDATES
    deep = _replies_judged(s.game, s.record.options)
    iterations = _search_iterations(state)
    decisions = []  # (marked?, -place, ply, state, notation, mover, judged, best, looks): for the search
    moves = web._moves(s, web._viewer(s))  # the move list as the page shows it
    seen = {m["ply"] for m in moves if not m["hidden"]}  # the actions whose content the viewer saw
    for i, (notation, mover) in enumerate(zip(s.record.actions, s.movers)):
        if time.monotonic() > end:
            samples, width = 1, CANDIDATES // 2
        rng = _stream(s.record.seed, i, -1)
        if mover >= 0 and i + 1 in seen and len(state.legal_actions()) > 1:  # review28: not a move unseen
            looks = hint._looks(state, mover, rng, samples)
            judged = {}
            for a in _choices(state, notation, rng, width):
                judged[a.notation] = sum(hint._chance(d.child(a.notation), mover, rng) for d in looks) / len(looks)
            # the played move's place in the evaluation's order (ties in the game's candidate order): the
            # further from the top, the sooner the search looks at the decision
            order = sorted(judged, key=lambda n: -judged[n])
            place = order.index(notation)
            if deep:  # the move played and the best by one ply, judged again after the reply
                top = order[:REPLY_TOP]
                judged = {n: sum(_move_value(d, n, mover, rng, True) for d in looks) / len(looks)
                          for n in dict.fromkeys(top + [notation])}
            best = max(judged, key=lambda n: judged[n])
            loss = judged[best] - judged[notation]
            if iterations:  # put to the search below: the evaluation's marks first, then by that place
                decisions.append((0 if loss > MARK else 1, -place, i + 1, state, notation, mover, judged, best,
                                  looks))
            elif loss > MARK:
                marks.append({"ply": i + 1, "player": mover, "loss": round(loss, 3), "better": best,
                              "targets": list(state.find_action(best).targets)})
                found[i + 1] = Found(state, notation, judged, None, samples, deep)
        state = state.child(notation)
        plies.append({"ply": i + 1, "notation": notation, "player": mover,
                      "win": _judge(state, s.record.seed, i + 1, samples, mover if deep else None)})
    # numbered as the move list numbers its turns, so that a chart mark leads to its entry in the list
    turns = web.turns_of(moves, len(plies))
    for entry in plies:
        entry["turn"] = turns[entry["ply"] - 1]
    return _Review(s, s.state, plies, decisions, marks, found, iterations, end - time.monotonic(), turns,
                   deep)


def _marks(r: _Review, s, clock: _Clock):
    """A generator (its steps yield None; it returns the marks): the shown marks of the review ``r`` of
    session ``s``'s game (its chart's points around them changed in place, :func:`_chart_marks`): the
    searches spend what the judgements left of :data:`REVIEW_SECONDS`, then the hard level confirms them,
    in ``clock``'s time (the slices' Python time)."""
    end = clock.now() + r.left  # the budget as the judgements left it (the page's round trips not counted)
    marks, found, iterations = r.marks, r.found, r.iterations
    for rank, _, ply, before, notation, mover, judged, best, looks in sorted(r.decisions, key=lambda d: d[:3]):
        value = None
        if clock.now() > end:  # out of time: the evaluation's judgement stands
            if rank:
                continue
        else:  # review25: the search's own pick; where it is not the move played, both by a search
            bot = MCTSBot(iterations=iterations, depth=SEARCH_DEPTH, seconds=math.inf, seed=s.record.seed * 13 + ply)
            yield from _thinking(bot, looks[0])
            pick = bot.best().notation
            if pick == notation:
                continue  # the search plays it too: no mark
            value = _valued(looks[:2], mover, s.record.seed * 7 + ply - 1, iterations)
            judged = {}
            for n in dict.fromkeys((notation, pick) + ((best,) if rank == 0 else ())):
                judged[n] = yield from value.steps(n)
            best = max(judged, key=lambda n: judged[n])
        loss = judged[best] - judged[notation]
        if loss > MARK:
            marks.append({"ply": ply, "player": mover, "loss": round(loss, 3), "better": best,
                          "targets": list(before.find_action(best).targets)})
            found[ply] = Found(before, notation, judged, value, len(looks), r.deep)
    marks.sort(key=lambda m: m["ply"])
    shown = yield from _confirmed(marks, found, s.record.seed, r.turns, clock)
    _chart_marks(r.plies, shown, found, s.game.hides_information(s.record.options))
    for entry in shown:
        entry["turn"] = r.turns[entry["ply"] - 1]
        entry["points"] = points(entry["loss"])
    return shown


SLIDE_TURNS = 10
"""A slide (:func:`slides`) is the largest fall of a player's chance within at most this many turns of the
move list."""


def slides(plies: list[dict], marks: list[dict]) -> list[dict | None]:
    """Where each player's chance fell most (review28: a chart sliding to 5% with no move marked said only
    "No move lost more than 20 points"): per player ``q``, over the chart's ``plies`` (``{"ply", "turn",
    "win"}``, the marks' changes in), the stretch of at most :data:`SLIDE_TURNS` turns over which ``q``'s
    chance fell most, from its highest point to its lowest after it, as ``{"from", "to"}`` (the plies after
    which it stood highest and lowest, 1 up), ``"fall"`` (0..1) and ``"text"``, what the page says under the
    chart ("Your chance fell most between turns 12 and 19, from 48% to 9%…", adding that no move of ``q``'s
    there lost more than :data:`MARK` when none of ``marks`` is ``q``'s there); None where it never fell by
    more than :data:`MARK` so."""
    out: list[dict | None] = []
    players = len(plies[0]["win"]) if plies else 0
    for q in range(players):
        best = None  # (fall, i, j): the first deepest fall, from the latest of equal peaks
        peaks: deque = deque()  # plies before j within the window, their chances falling (a sliding maximum)
        for j, b in enumerate(plies):
            if j:
                while peaks and plies[peaks[-1]]["win"][q] <= plies[j - 1]["win"][q]:
                    peaks.pop()
                peaks.append(j - 1)
            while peaks and b["turn"] - plies[peaks[0]]["turn"] > SLIDE_TURNS:
                peaks.popleft()
            if peaks and (best is None or plies[peaks[0]]["win"][q] - b["win"][q] > best[0]):
                best = (plies[peaks[0]]["win"][q] - b["win"][q], peaks[0], j)
        if best is None or best[0] <= MARK:
            out.append(None)
            continue
        fall, i, j = best
        a, b = plies[i], plies[j]
        when = f"in turn {a['turn']}" if a["turn"] == b["turn"] else f"between turns {a['turn']} and {b['turn']}"
        text = (f"Your chance fell most {when}, from {round(100 * a['win'][q])}% to "
                f"{round(100 * b['win'][q])}%")
        if not any(m["player"] == q and a["ply"] < m["ply"] <= b["ply"] for m in marks):
            text += f", yet no move of yours there lost more than {round(100 * MARK)} points: step through it"
        out.append({"from": a["ply"], "to": b["ply"], "fall": round(fall, 3), "text": text + "."})
    return out


def points(loss: float) -> int:
    """A mark's ``loss`` (0..1 of the chance to win, more than :data:`MARK`) in whole points, as the page says
    it ("−21", "About 21 points of the chance to win lost"): rounded, but never :data:`MARK`'s 20 or less, so
    the words never contradict the rule for a mark, "more than 20" (review28: a loss of 0.203 read "About 20
    points"); at most one point above the loss."""
    return max(round(loss * 100), math.floor(round(MARK * 100, 6)) + 1)


def _chart_marks(plies: list[dict], shown: list[dict], found: dict, hidden: bool) -> None:
    """The chart drawn where a shown mark's loss is a search's (``found[ply]``'s value not None): the
    mover's chance after the move before it is set to the searched value of the better move, and after
    the marked move to the searched value of the move played, so the line falls there by the mark's loss
    (a newcomer's ZÈRTZ review showed a mark of 36 points where the evaluation's line rose, its
    placements all judged alike). With two players and nothing hidden the other player's chance is the
    rest. Every point before a mark is set first, then the points after, so a mark right after another
    keeps its own value after it. ``plies[i]`` is ply ``i + 1``'s entry, changed in place."""
    def put(ply: int, player: int, x: float) -> None:
        if 1 <= ply <= len(plies):
            win = plies[ply - 1]["win"]
            win[player] = round(max(0.0, min(1.0, x)), 3)
            if len(win) == 2 and not hidden:
                win[1 - player] = round(1.0 - win[player], 3)

    searched = [(m, found[m["ply"]]) for m in shown if found[m["ply"]].value is not None]
    for m, f in searched:
        put(m["ply"] - 1, m["player"], f.judged[f.played] + m["loss"])
    for m, f in searched:
        put(m["ply"], m["player"], f.judged[f.played])


class _valued:
    """``value(notation)``: a move's value by :func:`_searched` over ``looks`` (each search seeded from
    ``seed`` and the look, the same for every move, so two moves are compared on the same draws);
    ``value.steps(notation)`` the same as a generator (:func:`_searching`)."""

    def __init__(self, looks: list, mover: int, seed: int, iterations: int) -> None:
        self.looks, self.mover, self.seed, self.iterations = looks, mover, seed, iterations

    def __call__(self, n: str) -> float:
        return _run(self.steps(n))

    def steps(self, n: str):
        total = 0  # summed in the looks' order, as sum() adds them
        for k, d in enumerate(self.looks):
            total += yield from _searching(d, n, self.mover, self.seed * 31 + k, self.iterations)
        return total / len(self.looks)
