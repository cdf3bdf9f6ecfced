"""Draw a Dritzak view (an observation) to SVG: the card table as the viewer sees it.

The viewer sits at the bottom with their hand face up and fanned, beside their three face-down cards
and the face-up cards lying on them (under them on a phone's width, ``layout="narrow"``). The other seats are placed around the table in the direction of
play (clockwise: the next player sits to the viewer's left): card backs with the hand count, the cards
publicly known in that hand, and their face-down / face-up cards. In the middle: the draw pile (count),
the pile (its top run spread out, and its size) and the cleared cards (count). A banner line shows the
direction of play, whose turn it is and the options in force (the rule of 7s when a 7 is on top).
The last play is marked so a person can follow the computer seats one play at a time: the seat that
made it has a dashed outline and says what it did (``played 7♥ 7♠``, ``picked up the pile``), the cards
it played are outlined on the pile, and the viewer's own last play shows above their seat.

Clickable elements carry ``data-target`` ids shared with :class:`~pygames.dritzak.rules.DritzakState`:
``card-<name>`` for the viewer's hand and face-up cards, ``down-1`` … ``down-3`` for face-down slots.
Nothing here can show a card the observation does not hold.
"""
from __future__ import annotations

import math

from functools import lru_cache

from ..core.svg import document, el, escape, text, title

W, H = 600, 760
CW, CH = 56, 80          # card size (viewer)
SUIT_SYM = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
SUIT_WORD = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
RANK_WORD = {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}

CSS = """
.felt{fill:#1d5c3a}.rim{fill:none;stroke:#0f3b24;stroke-width:10}
.card rect.face,.card rect.bg{fill:#fffdf7;stroke:#333;stroke-width:1.2}
.red{fill:#c62828}.blk{fill:#1b1b1b}
.rk{font:bold 21px sans-serif}.rks{font:bold 17px sans-serif}.big{font:30px sans-serif;text-anchor:middle}
.cp{font:13px sans-serif;fill:#555;text-anchor:end}
.back rect{fill:#2f4f9e;stroke:#fff;stroke-width:1.5}.back path{stroke:#8fa8e8;stroke-width:1;fill:none}
.slot{fill:none;stroke:#7fb08f;stroke-width:1.5;stroke-dasharray:4 3}
.lbl{fill:#f3f7f2;font:14px sans-serif}.lblb{fill:#fff;font:bold 15px sans-serif}
.cnt{fill:#fff;font:bold 18px sans-serif;text-anchor:middle}
.mid{fill:#e8f2ea;font:13px sans-serif;text-anchor:middle}
.seat rect.panel{fill:#174d30;stroke:#0f3b24;stroke-width:1.5;rx:8}
.seat.turn rect.panel{stroke:#ffd33d;stroke-width:4}
.seat.last rect.panel{stroke:#9fd3ff;stroke-width:3;stroke-dasharray:7 4}.seat.turn.last rect.panel{stroke:#ffd33d}
.lastc{fill:#9fd3ff;font:bold 13px sans-serif}.lastm{fill:#9fd3ff;font:bold 14px sans-serif;text-anchor:middle}
.justp{fill:none;stroke:#9fd3ff;stroke-width:3}
.seat.out rect.panel{opacity:.5}
.ban{fill:#f3f7f2;font:14px sans-serif;text-anchor:middle}
.hot{fill:#ffd33d;font:bold 15px sans-serif;text-anchor:middle}.hotl{fill:#ffd33d;font:bold 15px sans-serif}.hotr{fill:#ffd33d;font:bold 15px sans-serif;text-anchor:end}
.kn{fill:#f3f7f2;font:12px sans-serif}.seat .kn{font-size:13px}.compact .kn{font-size:12px}
.res rect{fill:#fff8d6;stroke:#9a6700;stroke-width:2}.res text{fill:#3b2a00;font:bold 14px sans-serif;text-anchor:middle}
[data-target]{cursor:pointer}
"""


def _is_red(name: str) -> bool:
    return name[1] in "hd"


def card_label(name: str) -> str:
    """``7h`` → ``7 of hearts``; ``Ts2`` → ``10 of spades (deck 2)``."""
    r = RANK_WORD.get(name[0], name[0])
    extra = f" (deck {name[2:]})" if name[2:] else ""
    return f"{r} of {SUIT_WORD[name[1]]}{extra}"


def card(x: float, y: float, name: str, target: str | None = None, scale: float = 1.0, rot: float = 0.0,
         pivot: tuple | None = None) -> str:
    """A face-up card with its top-left corner at (x, y): rank and suit in the corner, red or black."""
    w, h = CW * scale, CH * scale
    colour = "red" if _is_red(name) else "blk"
    rank = RANK_WORD.get(name[0], name[0])
    cls = "rk" if scale >= 0.9 else "rks"
    fs = 21 if scale >= 0.9 else 17
    body = el("rect", class_="bg" if target else "face", x=x, y=y, width=w, height=h, rx=5 * scale)
    body += text(x + 4 * scale, y + fs * 0.95, rank, class_=f"{cls} {colour}")
    body += text(x + 4 * scale, y + fs * 1.95, SUIT_SYM[name[1]], class_=f"{cls} {colour}")
    if scale >= 0.9:
        body += text(x + w * 0.62, y + h * 0.78, SUIT_SYM[name[1]], class_=f"big {colour}")
    if name[2:]:
        body += text(x + w - 3, y + h - 4, name[2:], class_="cp")
    body = title(card_label(name)) + body
    attrs: dict = {"class_": "card", "data_target": target}
    if rot and pivot:
        attrs["transform"] = f"rotate({rot:.2f} {pivot[0]:.1f} {pivot[1]:.1f})"
    return el("g", body, **attrs)


def back(x: float, y: float, scale: float = 1.0, target: str | None = None, label: str = "a face-down card") -> str:
    """A card back (nobody sees its face)."""
    w, h = CW * scale, CH * scale
    rect = el("rect", class_="bg" if target else None, x=x, y=y, width=w, height=h, rx=5 * scale)
    return el("g", title(label) + rect + _hatching(x, y, w, h), class_="back", data_target=target)


@lru_cache(maxsize=4096)
def _hatching(x: float, y: float, w: float, h: float) -> str:
    """A card back's diagonal lines (the same places come back drawing after drawing: remembered)."""
    d = " ".join(f"M{x + 4 + min(i, w - 8):.1f} {y + 4 + max(0, i - w + 8):.1f} "
                 f"L{x + 4 + max(0, i - h + 8):.1f} {y + 4 + min(i, h - 8):.1f}" for i in range(6, int(w + h) - 16, 9))
    return el("path", d=d)


def _seat_state(obs: dict, q: int, base: str) -> tuple[bool, bool, str]:
    """``(to move, made the last play, the seat's classes)`` of seat ``q``: ``base`` plus ``turn``,
    ``last`` and ``out`` (gone out while the game goes on)."""
    turn = obs["to_move"] == q
    last = obs.get("last_by") == q and obs["phase"] != "over"
    out = q in obs["places"] and obs["phase"] != "over"
    return turn, last, base + (" turn" if turn else "") + (" last" if last else "") + (" out" if out else "")


def _seat_panel(obs: dict, q: int, cx: float, y: float, names: list) -> str:
    """Another player's seat: name, hand count (backs), known cards, face-down slots with face-up cards."""
    w, h = 178, 150
    x = cx - w / 2
    turn, last, cls = _seat_state(obs, q, "seat")
    parts = [el("rect", class_="panel", x=x, y=y, width=w, height=h, rx=8)]
    if last:  # what this seat just did, so a person can follow the computer seats one play at a time
        parts.append(el("text", title(_last_text(obs)) + escape(_did(obs)), x=x + 8, y=y + 118, class_="lastc"))
    label = names[q]
    if q in obs["places"]:
        label += f" (#{obs['places'].index(q) + 1})"
    elif obs["phase"] == "choose" and obs["committed"][q]:
        label += " (chosen)"
    parts.append(text(x + 8, y + 18, label, class_="lblb"))
    if turn:
        parts.append(text(x + w - 8, y + 18, "to move", class_="hotr"))
    # hand: a small fan of backs with the count on it
    n = obs["hand_counts"][q]
    for i in range(min(n, 4)):
        parts.append(back(x + 8 + i * 5, y + 30, 0.5))
    if n:
        parts.append(text(x + 8 + 14 + min(n, 4) * 5, y + 58, str(n), class_="cnt"))
    parts.append(text(x + 8, y + 90, f"hand {n}", class_="lbl"))
    known = obs["known"][q]
    if known:
        parts.append(el("text", title(f"known in the hand: {', '.join(card_label(c) for c in known)}")
                        + escape(_fit_known("known: ", known, 22.5)), x=x + 8, y=y + 140, class_="kn"))
    # the table cards: face-down slots with face-up cards on them
    parts.append(_table_cards(obs, q, x + 64, y + 28, 0.6, target=False))
    return el("g", "".join(parts), class_=cls)


def _did(obs: dict, short: bool = False) -> str:
    """The last play in a few words: ``played 7♥ 7♠``, ``picked up the pile`` (``short``: ``picked up``)."""
    if obs.get("last_cards"):
        cards = obs["last_cards"]
        if short:
            return "played " + " ".join(_short(c) for c in cards[:3]) + (" …" if len(cards) > 3 else "")
        cleared = ", cleared the pile" in obs["last"]  # who plays next is on the line under the pile
        return "played " + " ".join(_short(c) for c in cards) + (", cleared" if cleared and len(cards) <= 2 else "")
    return ("picked up" if short else "picked up the pile") if obs.get("last_pick") else ""


def _short(name: str) -> str:
    return RANK_WORD.get(name[0], name[0]) + SUIT_SYM[name[1]]


def _text_ems(s: str) -> float:
    """A line's rough width in the widths of a digit (sans-serif): a space or colon half, a suit a tenth more."""
    return sum(0.5 if ch in " :" else 1.1 if ch in "♠♥♦♣" else 1.0 for ch in s)


def _fit_known(prefix: str, known: list, room: float) -> str:
    """``prefix`` and as many of the ``known`` cards as fit in ``room`` digit widths (:func:`_text_ems`),
    the rest counted as "+N" (the seat's tooltip names them all)."""
    for k in range(len(known), 0, -1):
        line = prefix + " ".join(_short(c) for c in known[:k]) + (f" +{len(known) - k}" if k < len(known) else "")
        if _text_ems(line) <= room:
            return line
    return f"{prefix}+{len(known)}"


def _table_cards(obs: dict, q: int, x: float, y: float, scale: float, target: bool) -> str:
    """Three face-down slots of player ``q``; face-up cards lie across them (extra ones beside)."""
    parts = []
    gap = CW * scale + 6 * scale
    downs = obs["down"][q]
    ups = obs["up"][q]
    phase_up = obs["phase"] not in ("deal", "choose")
    for i in range(3):
        sx = x + i * gap
        if i < len(downs) and downs[i]:
            tgt = f"down-{i + 1}" if target else None
            parts.append(back(sx, y, scale, tgt, f"face-down card {i + 1} (unseen)"))
        else:
            parts.append(el("rect", class_="slot", x=sx, y=y, width=CW * scale, height=CH * scale, rx=4))
    if phase_up:
        for i, c in enumerate(ups):
            sx = x + (i % 3) * gap + 5 * scale + (i // 3) * 8
            parts.append(card(sx, y + 22 * scale + (i // 3) * 8, c, f"card-{c}" if target else None, scale))
    return "".join(parts)


COMPACT_KNOWN_ROOM = {False: 19.0, True: 16.5}
"""Room for a compact seat's "known" line, in digit widths (:func:`_text_ems`): the panel's width less its
margins over a digit's width (about 0.55 of the font size): wide 128 units at 12 px, narrow 182 at 20 px."""


def _compact_panel(obs: dict, q: int, x: float, y: float, names: list, narrow: bool) -> str:
    """A smaller seat for a table of seven or more (D29): name, face-down slots with the face-up cards,
    hand count, what it just did and the cards known in its hand; the same classes and titles as
    ``_seat_panel``. Wide: 138 × 112 units; narrow: 190 × 150 units with text of 20 units."""
    w, h = (190, 150) if narrow else (138, 112)
    turn, last, cls = _seat_state(obs, q, "seat compact")
    parts = [el("rect", class_="panel", x=x, y=y, width=w, height=h, rx=8)]
    label = names[q]
    if q in obs["places"]:
        label += f" #{obs['places'].index(q) + 1}"
    elif obs["phase"] == "choose" and obs["committed"][q]:
        label += " \u2713"
    if turn:
        label = "\u25b6 " + label
    parts.append(el("text", title(names[q] + (" (to move)" if turn else "")) + escape(label),
                    x=x + 6, y=y + (21 if narrow else 17), class_="hotl" if turn else "lblb"))
    scale = 0.6 if narrow else 0.5
    parts.append(_table_cards(obs, q, x + 6, y + (30 if narrow else 24), scale, target=False))
    n = obs["hand_counts"][q]
    hx = x + (124 if narrow else 100)
    parts.append(back(hx, y + (32 if narrow else 26), 0.35 if not narrow else 0.45))
    parts.append(text(hx + (12 if narrow else 10), y + (72 if narrow else 52), str(n), class_="cnt"))
    parts.append(text(hx, y + (96 if narrow else 70), "hand", class_="lbl"))
    if last:
        parts.append(el("text", title(_last_text(obs)) + escape(_did(obs, short=True)), x=x + 6,
                        y=y + (120 if narrow else 90), class_="lastc"))
    known = obs["known"][q]
    if known:
        parts.append(el("text", title(f"known in the hand: {', '.join(card_label(c) for c in known)}")
                        + escape(_fit_known("known ", known, COMPACT_KNOWN_ROOM[narrow])),
                        x=x + 6, y=y + (143 if narrow else 106), class_="kn"))
    return el("g", "".join(parts), class_=cls)


def _grid(n: int, viewer: int, narrow: bool) -> tuple:
    """Seats of a table of seven or more (D29) in rows above the pile, in turn order from the viewer
    (left to right, then the next row): ``([(player, x, y)], bottom y)``."""
    others = [(viewer + j) % n for j in range(1, n)]
    cols, w, h = (3, 190, 150) if narrow else (4, 138, 112)
    gap = (W - 20 - cols * w) / (cols - 1)
    out = []
    for i, q in enumerate(others):
        r, c = divmod(i, cols)
        out.append((q, 10 + c * (w + gap), 44 + r * (h + 8)))
    rows = (len(others) + cols - 1) // cols
    return out, 44 + rows * (h + 8)


WIDE_W, WIDE_H = 840, 500
"""The wide table of two to six players (1280×800 and the like): landscape, the other seats along the top
and the sides, the pile in the middle and the viewer's table cards beside their hand, so the pile, the
hand and the buttons under the drawing are on one screen (about 840 × 500 CSS px in a 843 px column)."""


def _seats(n: int, viewer: int) -> list:
    """(player, centre x, top y) for every other seat of the wide table, in the direction of play from the
    viewer: one or two seats along the top; three or more: the next seat on the left, the last one on
    the right and the others along the top."""
    others = [(viewer + j) % n for j in range(1, n)]
    k = len(others)
    c = WIDE_W / 2
    top = {1: [c], 2: [c - 120, c + 120], 3: [c - 200, c, c + 200]}
    if k <= 2:
        spots = [(x, 36.0) for x in top[k]]
    else:
        spots = [(99.0, 196.0)] + [(x, 36.0) for x in top[k - 2]] + [(WIDE_W - 99.0, 196.0)]
    return [(q, cx, y) for q, (cx, y) in zip(others, spots)]


NARROW_CSS = """
.lbl,.lblb,.mid,.ban,.kn,.seat .kn,.hot,.hotr,.hotl,.lastc,.lastm,.cnt,.res text,.rks,.cp{font-size:20px}
"""
"""A phone's width (the narrow table, 600 units over about 344–374 CSS px): every label at 20 units (11 CSS
px or more on a 360 px screen), the other seats drawn compact in rows of three above the pile (as a
table of seven or more, D29), so the whole table fits the screen's width and its height leaves the hand
and the buttons under it in view."""


def _squeeze(x: float, y: float, s: str, room: float, per_char: float, **kw) -> str:
    """``s`` at (x, y), squeezed to ``room`` units when about ``per_char`` a character is wider."""
    fit = {"textLength": room, "lengthAdjust": "spacingAndGlyphs"} if len(s) * per_char > room else {}
    return text(x, y, s, **kw, **fit)


def draw(obs: dict, viewer: int | None = None, layout: str = "wide", **_) -> str:
    """SVG text of the table for an observation (see the module docstring). ``layout`` ``"wide"``: up to
    six players on the landscape table of :data:`WIDE_W` units (seven or more, D29: compact seats in rows
    on a 600-unit table); ``"narrow"`` (a phone's width): 600 units, compact seats in rows of three, the
    hand under the viewer's table cards and every label at 20 units (:data:`NARROW_CSS`)."""
    n = obs["players"]
    me = obs["viewer"]
    seat = me if me is not None else 0
    names = [f"Player {q + 1}" for q in range(n)]
    narrow = layout == "narrow"
    tall = narrow or n > 6
    held = len(obs["hand"]) if obs["hand"] is not None else obs["hand_counts"][seat]
    extra_rows = max(0, (held - 1) // 14)  # a long hand takes more rows (``_hand``)
    # the result goes under the pile (never over its top card: a player wants to see the last card
    # played); the viewer's seat moves down to make room for it
    res = 22 * len(_result_lines(obs)) + 4 if obs["result"] else 0
    if tall:  # compact seats in rows above the pile, the hand under the viewer's table cards
        grid, bottom = _grid(n, seat, narrow)
        seats = "".join(_compact_panel(obs, q, x, y, names, narrow) for q, x, y in grid)
        w, dy = W, bottom - 346
        my, vy = 372 + dy, 524 + dy + res
        height = H + dy + 58 * extra_rows + res
    else:
        seats = "".join(_seat_panel(obs, q, cx, y + 8, names) for q, cx, y in _seats(n, seat))
        w, my, vy = WIDE_W, 214, 378 + res
        height = WIDE_H + 58 * extra_rows + (20 if obs["known"][seat] and me is None else 0) + res
    cx = w / 2
    parts = [el("rect", class_="felt", x=0, y=0, width=w, height=height, rx=18),
             el("rect", class_="rim", x=5, y=5, width=w - 10, height=height - 10, rx=16)]
    # banner: direction, options
    opts = obs["options"]
    flags = [f for f, on in (("skip rule", opts["skip"]), ("reversal", opts["reversal"]),
                             ("rule of 7s", opts["sevens"]), ("play on", opts["play_on"])) if on]
    if obs["decks"] > 1:
        flags.append(f"{obs['decks']} decks, sets: {opts['set_rule']}")
    arrow = "\u21bb clockwise" if obs["direction"] == 1 else "\u21ba counter-clockwise"
    banner = f"Play: {arrow}" + (" · " + " · ".join(flags) if flags else "")
    parts.append(_squeeze(cx, 24, banner, w - 40, 10.5 if narrow else 7.5, class_="ban"))
    parts.append(seats)
    # the middle (between the side seats of the wide table): draw pile, pile, cleared
    span = w - 30 if tall else w - 2 * 200
    parts.append(_middle(obs, cx, my, 50 if tall else cx - 190, w - 96 if tall else cx + 134, span, narrow))
    # the viewer's seat: its name line, its table cards, its hand (beside the table cards on the wide table)
    vturn = obs["to_move"] == seat
    vname = names[seat] + (" (you)" if me is not None else "")
    if seat in obs["places"]:
        vname += f" (#{obs['places'].index(seat) + 1})"
    parts.append(text(20, vy - 4, vname, class_="lblb"))
    if vturn:
        parts.append(text(w - 20, vy - 4, "your turn" if me is not None else "to move", class_="hotr"))
    choosing = obs["phase"] == "choose" and me is not None
    if obs.get("last_by") == seat and obs["phase"] != "over" and _did(obs) and not (choosing and not tall):
        parts.append(text(cx, vy - 4, ("you " if me is not None else "") + _did(obs), class_="lastm"))
    if choosing:
        msg = ("Your face-up cards: " + " ".join(_short(c) for c in obs["my_choice"])) if obs["my_choice"] \
            else "Choose three cards to lay face up"
        parts.append(text(cx, vy + 103, msg, class_="hot") if tall else text(cx, vy - 4, msg, class_="hot"))
    if tall:
        parts.append(_table_cards(obs, seat, cx - (3 * CW + 12) / 2, vy + 4, 1.0, target=me is not None))
        parts.append(_hand(obs["hand"], obs["hand_counts"][seat], vy + 112, me is not None, 45, w - 45))
    else:
        parts.append(_table_cards(obs, seat, 20, vy + 4, 1.0, target=me is not None))
        parts.append(_hand(obs["hand"], obs["hand_counts"][seat], vy + 14, me is not None, 220, w - 10))
    if obs["known"][seat] and me is None:
        parts.append(text(20, height - 12, "known: " + " ".join(_short(c) for c in obs["known"][seat]), class_="lbl"))
    return document(w, height, "".join(parts), CSS + (NARROW_CSS if narrow else ""), label="Dritzak table")


def _middle(obs: dict, cx: float, my: float, deck_x: float, cleared_x: float, span: float, narrow: bool) -> str:
    """The draw pile (left, at ``deck_x``), the pile (its top run spread out, centred on ``cx``) and the
    cleared cards (right, at ``cleared_x``), their counts under them; under those the last move in words
    or the result, within ``span`` units."""
    parts = []
    dc = obs["deck_count"]
    parts.append(el("g", back(deck_x, my, 1.0, None, f"draw pile: {dc} cards")
                    if dc else el("rect", class_="slot", x=deck_x, y=my, width=CW, height=CH, rx=5)))
    parts.append(text(deck_x + CW / 2, my + 100, f"draw pile {dc}", class_="mid"))
    if dc:
        parts.append(text(deck_x + CW / 2, my + 48, str(dc), class_="cnt"))
    pile = obs["pile"]
    run = _top_run(pile)
    shown = pile[-max(len(run), 1):][-6:] if pile else []
    px = cx - (CW + 22 * (len(shown) - 1)) / 2
    on_pile = [] if pile else [el("rect", class_="slot", x=cx - CW / 2, y=my, width=CW, height=CH, rx=5)]
    for i, c in enumerate(shown):
        on_pile.append(card(px + i * 22, my, c))
    just = obs.get("last_cards") or []
    if just and pile[-len(just):] == just:  # the cards just played, outlined on the pile
        k = min(len(just), len(shown))
        x0 = px + (len(shown) - k) * 22
        on_pile.append(el("rect", class_="justp", x=x0 - 3, y=my - 3, width=22 * (k - 1) + CW + 6,
                          height=CH + 6, rx=7))
    parts.append(el("g", "".join(on_pile), class_="pile"))
    if pile and len(shown) < len(pile):
        parts.append(text(px - 8, my + 44, "…", class_="lblb", text_anchor="end"))
    label = f"pile {len(pile)}" + (f" · top: {len(run)}× {RANK_WORD.get(run[0][0], run[0][0])}" if run else "")
    parts.append(text(cx, my + 100, label, class_="mid"))
    if obs["sevens_active"]:
        parts.append(text(cx, my - 10, "Rule of 7s: play 7 or lower (or 2, 10)", class_="hot"))
    parts.append(el("g", el("rect", class_="slot", x=cleared_x, y=my, width=CW, height=CH, rx=5)
                    + text(cleared_x + CW / 2, my + 48, str(obs["cleared_count"]), class_="cnt"),
                    **{"aria-label": f"cleared: {obs['cleared_count']} cards"}))
    parts.append(text(cleared_x + CW / 2, my + 100, f"cleared {obs['cleared_count']}", class_="mid"))
    if obs["result"]:  # under the pile and its counts, the pile's top cards in view (``draw`` makes room)
        lines = _result_lines(obs)
        top = my + 108
        box = el("rect", x=cx - span / 2, y=top, width=span, height=16 + 22 * len(lines), rx=8)
        box += "".join(_squeeze(cx, top + 20 + 22 * i, ln, span - 16, 11.5 if narrow else 8.4)
                       for i, ln in enumerate(lines))
        parts.append(el("g", box, class_="res"))
    elif obs["last"]:  # the last move in words (who plays next after skips, D20), squeezed when long
        parts.append(_squeeze(cx, my + 124, _last_text(obs), span, 10.5 if narrow else 7.7, class_="ban"))
    return "".join(parts)


def _last_text(obs: dict) -> str:
    """The last move in words with its cards as a player reads them: ``Player 1 played 10♥, cleared the
    pile`` (the observation's ``last`` names them as records do, ``Th``, and is kept so in saved games)."""
    txt, cards = obs["last"], obs.get("last_cards") or []
    if not cards:
        return txt
    return txt.replace("played " + " ".join(cards), "played " + " ".join(_short(c) for c in cards), 1)


def _result_lines(obs: dict) -> list:
    """The result's lines in the box under the pile: the outcome, then whether the game was called (D24)
    and each walk-off Deegan (D18) on lines of their own."""
    return obs["result"].replace(" (", "; (").split("; ")


def _top_run(pile: list) -> list:
    if not pile:
        return []
    r = pile[-1][0]
    k = 0
    for c in reversed(pile):
        if c[0] != r:
            break
        k += 1
    return pile[-k:]


def _hand(hand: list | None, count: int, y: float, mine: bool, left: float, right: float) -> str:
    """The viewer's hand, fanned between x ``left`` and ``right`` (rows of 14 when it is long); a
    spectator sees backs only."""
    if hand is None:
        cards = [None] * count
    else:
        cards = list(hand)
    mid = (left + right) / 2
    if not cards:
        return text(mid, y + 50, "no cards in hand", class_="mid")
    rows = [cards[i:i + 14] for i in range(0, len(cards), 14)]
    out = []
    for r, row in enumerate(rows):
        k = len(row)
        turn = min(2.5, 12.0 / k) if len(rows) == 1 else 0.0  # degrees between fanned cards
        # the end cards of a fan lean out by about 420 sin(angle) units at their top: kept inside too
        lean = 420 * math.sin(math.radians(turn * (k - 1) / 2))
        step = min(CW + 4, (right - left - 20 - CW - 2 * lean) / max(k - 1, 1))
        x0 = mid - (step * (k - 1) + CW) / 2
        yy = y + r * 58
        for i, c in enumerate(row):
            rot = (i - (k - 1) / 2) * turn
            x = x0 + i * step
            pivot = (x + CW / 2, yy + 420)
            if c is None:
                out.append(el("g", back(x, yy, 1.0), transform=f"rotate({rot:.2f} {pivot[0]:.1f} {pivot[1]:.1f})"))
            else:
                out.append(card(x, yy, c, f"card-{c}" if mine else None, 1.0, rot, pivot))
    return "".join(out)
