"""Dvertz evaluation, playout policy and candidate shortlist for the MCTS bot.

Two races are weighed against each other: DVONN control (DVONN's own evaluation,
:func:`pygames.dvonn.evaluation.stacking_value`, the same the DVONN levels search with: pieces, stacks,
mobility, groups hanging on one link, dead stacks, DVONN-piece control, the endgame count)
and the marble race toward 4 white, 5 grey or 6 black (X16), with the jump the player to move can make
now counted as a tempo. The shortlist (``Game.extra["candidates"]``) ranks a decision's actions so the
search spends its few iterations on sensible ones: winning and long jumps first, then stack moves that
take pieces, placements that hand the opponent no jump, and the rest.
"""
from __future__ import annotations

import math
import random

from ..core.state import Action
from ..dvonn import ai as dvonn_ai
from ..dvonn.ai import capture_gain
from ..dvonn.board import INDEX, N_CELLS, NAMES, NEIGHBOURS, placement_piece
from ..dvonn.evaluation import stacking_value
from ..zertz import logic
from .notation import format_part
from .rules import HOPS, NB, WINS, DvertzState, winning_captures

MARBLE_WEIGHT = 6.0
"""How many controlled pieces the marble race is worth per unit of :func:`marble_race`."""
TEMPO = 0.8
"""How much of the best jump open to the player to move is counted for them."""


def marble_race(captured) -> float:
    """How near captures ``[white, grey, black]`` are to a winning set (X16): 0 for none, about 1 one
    marble short, growing steeply toward the last marble."""
    fr = [captured[c] / WINS[c] for c in range(3)]
    return sum(f * f for f in fr) * 0.5 + max(fr) ** 3 * 1.5


def jump_value(state: DvertzState, captured: list[int], player: int | None = None) -> float:
    """The race gain for ``player`` (default: the player to move) of capturing the colour codes
    ``captured`` (a win: 100)."""
    caps = list(state.captures[state.turn if player is None else player])
    before = marble_race(caps)
    for code in captured:
        caps[code - 1] += 1
    if winning_captures(caps):
        return 100.0
    return marble_race(caps) - before


def next_players(state: DvertzState) -> tuple[int, int]:
    """Who makes the next DVONN part and who the next ZÈRTZ-like part: the player to move for a part
    still open in their turn, else the opponent (X5)."""
    p, st = state.turn, state.status
    return (p if st in ("turn", "dvonn") else 1 - p), (p if st in ("turn", "zertz") else 1 - p)


def _best_jump(state: DvertzState, player: int) -> float:
    """The race gain of the best jump open on the board, for ``player`` who makes the next ZÈRTZ-like
    part."""
    if player == state.turn and state.status in ("turn", "zertz"):
        zz = state.zz
        seqs = zz[1] if zz is not None and zz[0] == "jump" else []
    else:
        m, landable = state.marbles, [s != "" for s in state.board]
        seqs = logic.jump_sequences(m, landable, HOPS) if logic.has_jump(m, landable, HOPS) else []
    m = state.marbles
    return max((jump_value(state, [m[o] for o, _ in hops], player) for _, hops in seqs), default=0.0)


def evaluate(state: DvertzState) -> list[float]:
    """Per-player values in (-1, 1) (White, Black): the result once the game is over; in the placement
    phase DVONN's evaluation; then DVONN's evaluation of the stacks
    (:func:`pygames.dvonn.evaluation.stacking_value`: pieces, stacks, mobility, articulation points,
    dead stacks, DVONN-piece control, the endgame count), with the player who makes the next DVONN move
    as the one to move, plus the marble race and the best jump for the player who makes the next
    ZÈRTZ-like part, from White's side, in pieces of score, ``tanh`` over 10."""
    if state.status == "over":
        return state.returns()
    if state.placed < N_CELLS:
        return dvonn_ai.evaluate(state)
    dv_player, zz_player = next_players(state)
    x = stacking_value(state.board, dv_player)
    x += MARBLE_WEIGHT * (marble_race(state.captures[0]) - marble_race(state.captures[1]))
    best = _best_jump(state, zz_player)
    sign = 1 if zz_player == 0 else -1
    if best >= 100.0:
        x += 30.0 * sign
    elif best:
        x += TEMPO * MARBLE_WEIGHT * best * sign
    v = math.tanh(x / 10.0)
    return [v, -v]


def gives_jump(state: DvertzState, cell: int) -> bool:
    """Whether a marble placed on ``cell`` (a stack without one) makes a jump possible: a neighbouring
    marble could jump it, or it could jump a neighbouring marble (either way the next jump is the
    opponent's)."""
    board, m = state.board, state.marbles
    nb = NB[cell]
    for d in range(6):
        j = nb[d]
        if j < 0 or not m[j]:
            continue
        k = nb[(d + 3) % 6]  # j jumps over the new marble to k
        if k >= 0 and board[k] and not m[k]:
            return True
        k = NB[j][d]  # the new marble jumps over j to k
        if k >= 0 and board[k] and not m[k]:
            return True
    return False


def _placement_order(state: DvertzState, actions: list[Action]) -> list[Action]:
    """Phase-1 placements ranked as DVONN's placement evaluation sees them: a DVONN piece toward the
    middle; one's own piece beside a DVONN piece (it stays linked) and on the edge (it can move first)."""
    board = state.board
    dvonn_piece = placement_piece(state.placed) == "D"

    def score(a: Action) -> float:
        i = INDEX[a.notation]
        if dvonn_piece:
            return float(len(NEIGHBOURS[i]))
        near = any("D" in board[j] for j in NEIGHBOURS[i])
        return (1.0 if near else 0.0) + (0.6 if len(NEIGHBOURS[i]) < 6 else 0.0)

    return sorted(actions, key=lambda a: -score(a))


def candidates(state: DvertzState, actions: list[Action]) -> list[Action]:
    """``actions`` ranked best first for the search (see the module doc); every action is kept."""
    if state.phase == 1:
        return _placement_order(state, actions)
    p = state.turn
    board, m = state.board, state.marbles
    opp = state.captures[1 - p]
    safe_cache: dict[int, bool] = {}
    scored = []
    for k, a in enumerate(actions):
        n = a.notation
        if n.startswith("x "):  # x c3Ge3Bg3: the jumped colours are every third letter from the fifth
            codes = ["-WGB".index(n[c]) for c in range(4, len(n), 3)]
            score = 1000.0 + 10.0 * jump_value(state, codes)
        elif len(n) == 4 and n != "pass":
            i, j = INDEX[n[:2]], INDEX[n[2:]]
            score = 3.0 * capture_gain(board, (i, j), p)
            if m[i] and m[j]:
                score += 0.5  # a crunch takes a marble off the board
        elif n[0] in "WGB":
            cell = INDEX[n[1:]]
            code = "-WGB".index(n[0])
            if cell not in safe_cache:
                safe_cache[cell] = not gives_jump(state, cell)
            left = WINS[code - 1] - opp[code - 1]  # how far the opponent is from winning with this colour
            score = (5.0 if safe_cache[cell] else -50.0) + 0.5 * left
        else:
            score = 0.0
        scored.append((-score, k, a))
    scored.sort(key=lambda t: (t[0], t[1]))
    return [a for _, _, a in scored]


def rollout_policy(state: DvertzState, rng: random.Random) -> Action:
    """Playout policy: the jump capturing most when jumps are open; otherwise either open part at random,
    a stack move that takes the most pieces (often) or a random one, a marble placement that gives the
    opponent no jump (a few random tries) or a random one."""
    acts = state.legal_actions()
    st = state.status
    if state.phase == 1 or len(acts) == 1 or st not in ("turn", "dvonn", "zertz"):
        return acts[rng.randrange(len(acts))]
    zz = state.zz
    if zz is not None and zz[0] == "jump" and st != "dvonn":
        jumps = [a for a in acts if a.notation.startswith("x ")]
        return max(jumps, key=lambda a: len(a.notation))
    stack_part = st == "dvonn" or (st == "turn" and rng.random() < 0.5)
    if stack_part:
        moves = state.moves
        best, gain = moves[rng.randrange(len(moves))], 0
        if rng.random() < 0.6:
            for i, j in moves:
                g = capture_gain(state.board, (i, j), state.turn)
                if g > gain:
                    best, gain = (i, j), g
        return state.find_action(format_part(("move", best[0], best[1])))
    assert zz is not None
    colours, cells = zz[1], zz[2]
    cell = cells[rng.randrange(len(cells))]
    for _ in range(6):
        if not gives_jump(state, cell):
            break
        cell = cells[rng.randrange(len(cells))]
    code = colours[rng.randrange(len(colours))]
    return state.find_action("-WGB"[code] + NAMES[cell])


def playout(state: DvertzState, rng: random.Random, decisions: int) -> None:
    """The search's playout (``Game.playout``): none, the search evaluates the leaf it reached as it is.
    Random marble placements hand jumps to the opponent so often that short playouts (with
    :func:`rollout_policy` or uniform) made the evaluation noisier: in 20-game matches medium scored 0.20
    against easy with 8-decision playouts, 0.25 with 1, and 0.50 with none."""
    return None


HARD_ITERATIONS = 6000
"""Dvertz hard's search budget (the core's hard: 1,500). Its playouts are empty (:func:`playout`), so an
iteration is cheap: in CPython 1,500 iterations took 0.18 CPU s a decision on average (0.43 at most), a
tenth of the level's cap, and hard scored only 0.584 against medium over 256 games. 6,000 take 0.65 CPU s
on average, 1.44 at most (two games against medium, 2026-11-27)."""


def make_level_bot(level: str, seed: int = 0, cap: bool = True):
    """``Game.extra["bot"]``: the core's search with :data:`HARD_ITERATIONS` for ``hard`` (its playout depth
    and time cap as the core's hard level; no cap when ``cap`` is False); None for the other levels, which
    the core plays (:func:`pygames.core.bots.own_bot`). Issue 19: hard within 2 s a decision."""
    if level != "hard":
        return None
    from ..core.bots import LEVELS, MCTSBot
    _, depth, secs = LEVELS["hard"]  # type: ignore[misc]
    return MCTSBot(iterations=HARD_ITERATIONS, depth=depth, seconds=secs if cap else math.inf, seed=seed)
