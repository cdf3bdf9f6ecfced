"""Draw a Zoon view (an observation) to SVG: the 6×6 battlefield, the cards, the trumps and a combat panel.

The battlefield is drawn from the viewer's side (their home rows at the bottom; South's for a spectator).
A face-up card shows its four corners (★ for a Star), its name and type, its movement grid in miniature
and its penny (H or T); the viewer's own face-down cards are drawn the same way but dashed and dimmed
(in no words: the cell's title says "face down"); the opponent's face-down cards are card backs. Cards are
drawn in their owner's direction: the opponent's corners and grid are turned half round (its numbers stay
upright), and the pair of corners that fights now (its penny: heads the top pair, tails the bottom one,
ZN14) is ringed in red. The last turn is marked over the cards (start cell dashed, end cell outlined, an
arrow, a badge with a combat's result). Clickable elements carry ``data-target`` ids shared with the rules
engine's actions: cells ``a1`` … ``f6`` and trumps ``trump-<code>``. The wide drawing's smallest text is
:data:`CARD_TEXT` units (ui21: the whole battlefield in view at 1280x800, text at 11 px or more).
"""
from __future__ import annotations

import textwrap
from typing import Any

from ..core.svg import document, el, escape, text, title
from .svg_combat import combat_panel

W = 1010                 # the width the side panel is laid out in (see WIDE_W)
CS = 96                  # cell size
BX, BY = 36, 40          # battlefield origin
PX = BX + 6 * CS + 26    # side panel x
PW = W - PX - 12         # the side panel's width as it is laid out (the narrow layout scales it to its width)
PANEL_SCALE = 13 / 11
"""The wide drawing's side panel is scaled up by this much: its smallest text (11 units) as large as the
cards' (:data:`CARD_TEXT`)."""
WIDE_W = round(PX + PW * PANEL_SCALE + 12)
"""Width of the wide drawing (its height follows the side panel's length, at least the battlefield's)."""
WIDE_UP = 16
"""The wide drawing's battlefield is drawn this much higher than :data:`BY` (the narrow layout keeps more
room over it for its larger labels)."""
COLS = "abcdef"
TRIBE_COLOR = {"boarix": "#8b5a2b", "monkus": "#c7791a", "rhinogoths": "#5d6470", "warus": "#2f6f9f"}
TRIBE_TITLE = {"boarix": "Boarix", "monkus": "Monkus", "rhinogoths": "Rhinogoths", "warus": "Warus"}

CSS = """
.bg{fill:#f3ecd9}.cellbg{fill:#e4d6b0;stroke:#b59f6a;stroke-width:1}.cellbg.c1{fill:#dccb9e}
.camp0 .cellbg{fill:#e9dcb8}.camp1 .cellbg{fill:#d7c8a0}
.cell.from .cellbg{fill:#fff2a8;stroke:#9a6700;stroke-width:3}
.cell.target .cellbg,.cell.target .hl{fill:#9be9a8;stroke:#1a7f37;stroke-width:4}
.cell.target .card rect.face{stroke:#1a7f37;stroke-width:4}
.cell.selected .cellbg{fill:#ffd33d;stroke:#9a6700;stroke-width:4}
.cell.fight .cellbg{stroke:#cf222e;stroke-width:4}
[data-target]{cursor:pointer}
.lbl{fill:#5a4a2a;font:13px sans-serif;text-anchor:middle}
.face{fill:#fffdf6;stroke-width:3}.face.down{fill:#efe9dc;stroke-dasharray:6 4;opacity:.9}
.nm{font:bold 13px sans-serif;text-anchor:middle;fill:#222}.ty{font:13px sans-serif;text-anchor:middle;fill:#555}
.cn{fill:#fff;stroke:#444;stroke-width:1}.cn.fight{stroke:#cf222e;stroke-width:3}.cv{font:bold 13px sans-serif;text-anchor:middle;dominant-baseline:central}
.cv.star{fill:#b8860b}.g{fill:#eee;stroke:#ccc;stroke-width:.5}.g.o{fill:#f2c94c;stroke:#8a6d00}
.g.J{fill:#56c271;stroke:#1a7f37}.g.me{fill:#7b4fa0}
.penny{stroke:#7a5b00;stroke-width:1.5}.penny.H{fill:#f4c542}.penny.T{fill:#c9c9c9}
.pv{font:bold 13px sans-serif;text-anchor:middle;dominant-baseline:central;fill:#3a2a00}
.back{stroke:#222;stroke-width:2}.backmark{fill:none;stroke:#fff;stroke-width:2;opacity:.6}
.wall{fill:#2f7d32}.cage{fill:#6b3e1f}.obst{font:bold 13px sans-serif;fill:#fff;text-anchor:middle}
.panel{fill:#fffaf0;stroke:#c9b78a;stroke-width:1.5}
.ph{font:bold 14px sans-serif;fill:#3b2a1a}.pt{font:12px sans-serif;fill:#3b2a1a}.small{font:11px sans-serif;fill:#555}
.trump rect{fill:#fff;stroke:#888;stroke-width:1.5}.trump.from rect,.trump.target rect{fill:#fff2a8;stroke:#9a6700;stroke-width:3}
.trump.selected rect{fill:#ffd33d;stroke:#9a6700;stroke-width:3}
.tn{font:bold 11px sans-serif;fill:#222}.tb{fill:#7a6a55;stroke:#333}
.win{font:bold 20px sans-serif;fill:#1a7f37;text-anchor:middle}
.winbanner{animation:winbanner .6s ease-in 2.5s forwards}@keyframes winbanner{to{opacity:.12}}
@media (prefers-reduced-motion:reduce){.winbanner{animation-duration:.01s}}
a .link{fill:#1f5fbf;text-decoration:underline;font:12px sans-serif}
.trail{pointer-events:none}.lastfrom{fill:#f5b700;fill-opacity:.18;stroke:#c98a00;stroke-width:3;stroke-dasharray:7 5}
.lastto{fill:none;stroke:#e07b00;stroke-width:4}.lastarrow{stroke:#e07b00;stroke-width:5;stroke-linecap:round;opacity:.8}
.arrowhead{fill:#e07b00}.badge{stroke:#fff;stroke-width:1.5}.badge.attacker,.badge.hit{fill:#cf222e}
.badge.defender,.badge.miss{fill:#1f6feb}.badge.draw{fill:#6e7781}
.badgetext{font:bold 13px sans-serif;fill:#fff;text-anchor:middle;dominant-baseline:central}
"""


def _orient(owner: int, viewer: int) -> bool:
    """True when a card of ``owner`` is drawn upright for ``viewer`` (its top towards the enemy = up)."""
    return owner == viewer


def _cell_xy(cell: int, viewer: int) -> tuple[float, float]:
    c, r = cell % 6, cell // 6
    if viewer == 1:
        c, r = 5 - c, 5 - r
    return BX + c * CS, BY + (5 - r) * CS


def _corner_text(v: str) -> str:
    return "★" if v == "★" else v


def fighting_corners(card: dict) -> tuple[int, ...]:
    """Indices into ``card["corners"]`` (TL, TR, BR, BL as printed) of the pair that fights now (ZN14):
    heads ``(0, 1)``, the card's top corners, tails ``(2, 3)``; ``()`` for a card without a penny (face
    down, or classic combat)."""
    return {"H": (0, 1), "T": (2, 3)}.get(card.get("coin") or "", ())


def _face(x: float, y: float, card: dict, upright: bool, color: str, inset: float, strip: float,
          spots: list[tuple[float, float]], r: float) -> list[str]:
    """A card's face (dashed when it is the viewer's own face-down card), its tribe-coloured strip and its
    four corners at ``spots`` (top left, top right, bottom right, bottom left when upright; a card turned
    half round has its top corners at the bottom). Each number stays upright, at its own corner; the pair
    that fights now (:func:`fighting_corners`) is ringed in red (class ``cn fight``), so a player reads
    which two numbers fight whichever way the card is turned."""
    down = not card.get("up", True)
    out = [el("rect", x=x + inset, y=y + inset, width=CS - 2 * inset, height=CS - 2 * inset, rx=7,
              class_="face down" if down else "face", stroke=color),
           el("rect", x=x + inset, y=y + inset, width=CS - 2 * inset, height=strip, rx=3, fill=color)]
    fights = fighting_corners(card)
    for k, v in enumerate(card["corners"]):
        sx, sy = spots[k] if upright else spots[(k + 2) % 4]
        out.append(el("circle", cx=sx, cy=sy, r=r + 1 if k in fights else r,
                      class_="cn fight" if k in fights else "cn"))
        out.append(text(sx, sy, _corner_text(v), class_="cv star" if v == "★" else "cv"))
    return out


CARD_TEXT = 13
"""The smallest text on a card of the wide drawing (its name, type and corners), in drawing units, and so
of the whole drawing (its side panel scaled to match, :data:`PANEL_SCALE`): at the page's 11 px floor
the battlefield is about 520 px high (ui21: all of it and the page's status bar in view at 1280x800)."""
GRID_CELL = 5.6
"""A cell of the movement grid in miniature on a card of the wide drawing, in drawing units."""


def _card(x: float, y: float, card: dict, upright: bool, color: str) -> str:
    """A face-up card (or the viewer's own face-down one: dashed, :func:`_face`) in the wide drawing: its
    corners, name and type (and variant) in :data:`CARD_TEXT` type, the movement grid in miniature
    between its bottom corners, its penny and a trump's modifier beside the name. A face-down card says
    so by its dashed face and its cell's title, not in words on the card (room for larger type)."""
    out = _face(x, y, card, upright, color, 4, 7,
                [(x + 15, y + 22), (x + CS - 15, y + 22), (x + CS - 15, y + CS - 16), (x + 15, y + CS - 16)], 10)
    # the penny (and a trump's ×2 or +1 on the other side) between the corners, the words clear of them
    left, right = x + 7, x + CS - 7
    if card.get("coin"):
        px = x + CS - 14 if upright else x + 14
        out.append(el("circle", cx=px, cy=y + 51, r=9.5, class_=f"penny {card['coin']}"))
        out.append(text(px, y + 51, card["coin"], class_="pv"))
        left, right = (left, x + CS - 25) if upright else (x + 25, right)
    if card.get("mod"):
        mx = x + 14 if upright else x + CS - 14
        out.append(text(mx, y + 51, "×2" if card["mod"] == "x2" else "+1", class_="cv"))
        left, right = (x + 24, right) if upright else (left, x + CS - 24)
    ty = card["type"] + (f" {card['variant']}" if card.get("variant") else "")
    out.append(_fit((left + right) / 2, y + 45, card["name"], right - left, CARD_TEXT, "nm", bold=True))
    out.append(_fit((left + right) / 2, y + 58, ty, right - left, CARD_TEXT, "ty"))
    # the movement grid in miniature, 5×5, forward = the card's top
    g = GRID_CELL
    gx, gy = x + CS / 2 - 2.5 * g, y + 62
    grid = card.get("grid")
    for i in range(5):
        for j in range(5):
            ch = grid[i][j] if grid else "."
            if not upright:
                ch = grid[4 - i][4 - j] if grid else "."
            cls = "g me" if (i, j) == (2, 2) else f"g {ch}" if ch in "oJ" else "g"
            out.append(el("rect", x=round(gx + j * g, 2), y=round(gy + i * g, 2), width=g, height=g, class_=cls))
    return el("g", "".join(out), class_="card")


def _back(x: float, y: float, color: str) -> str:
    return el("g", el("rect", x=x + 4, y=y + 4, width=CS - 8, height=CS - 8, rx=7, fill=color, class_="back") +
              el("circle", cx=x + CS / 2, cy=y + CS / 2, r=22, class_="backmark") +
              el("path", d=f"M{x + CS / 2 - 14} {y + CS / 2}h28M{x + CS / 2} {y + CS / 2 - 14}v28",
                 class_="backmark"), class_="card")


def _cell_title(name: str, v: dict | None, names) -> str:
    if v is None:
        return f"{name}: empty"
    if "obstacle" in v:
        caged = f" (caging {v['caged']})" if v.get("caged") else ""
        return f"{name}: {v['name']}, an obstacle{caged}"
    who = names[v["owner"]]
    if v.get("hidden"):
        return f"{name}: {who}'s face-down Zoon"
    co = "/".join(v["corners"])
    s = f"{name}: {who}'s {v['name']} ({v['type']}), corners TL/TR/BR/BL {co}"
    if v.get("coin"):
        pair = " + ".join(v["corners"][k] for k in fighting_corners(v))
        s += (f", penny {'heads' if v['coin'] == 'H' else 'tails'}: fights with {pair} (the corners facing "
              f"{'the enemy' if v['coin'] == 'H' else 'its own side'}, ringed)")
    if not v.get("up", True):
        s += ", face down"
    if v.get("effect"):
        s += f". Star: {v['effect']}"
    return s


def _trump_box(x: float, y: float, t: dict, color: str, target: str | None) -> str:
    body = el("rect", x=x, y=y, width=PW / 3 - 6, height=44, rx=5)
    body += el("rect", x=x, y=y, width=5, height=44, fill=color)
    body += text(x + 9, y + 15, t["name"][:20], class_="tn")
    extra = t["uses"] + (f" · {'/'.join(t['corners'])}" if t.get("corners") else "")
    body += text(x + 9, y + 29, extra, class_="small")
    if t.get("coin"):
        body += el("circle", cx=x + PW / 3 - 20, cy=y + 31, r=8, class_=f"penny {t['coin']}")
        body += text(x + PW / 3 - 20, y + 31, t["coin"], class_="pv")
    body += title(f"{t['name']} ({t['english']}): {t['text']}")
    kw = {"data_target": target, "id": target} if target else {}
    return el("g", body, class_="trump", **kw)


def _panel_side(p: int, obs: dict, y: float, viewer: int | None) -> tuple[str, float]:
    names = obs["player_names"]
    tribe = obs["tribes"][p]
    color = TRIBE_COLOR[tribe]
    tz = obs["trumps"][p]
    out = [text(PX + 10, y + 16, f"{names[p]} · {TRIBE_TITLE[tribe]}", class_="ph", fill=color)]
    y += 24
    hand = tz["hand"]
    items: list[tuple[Any, str | None]]
    if viewer == p:
        items = [(t, f"trump-{t['code']}") for t in hand] + [(t, f"trump-{t['code']}") for t in tz["side"]]
    else:
        items = [(t, None) for t in tz["side"]]
    x: float = PX + 10
    for t, tid in items:
        out.append(_trump_box(x, y, t, color, tid))
        x += PW / 3 - 2
    if viewer != p:
        for _k in range(tz["hand_count"]):
            out.append(el("rect", x=x, y=y, width=30, height=44, rx=4, class_="tb") +
                       title(f"{names[p]}'s trump in hand (hidden)"))
            x += 36
    y += 50
    gone = [t["name"] for t in tz["discard"] + tz["board"]]
    lost = obs["eliminated"][p]
    line = ("Used: " + ", ".join(gone) if gone else "No trump used") + f" · Zoons lost: {len(lost)}"
    out.append(text(PX + 10, y + 8, line[:70], class_="small") + title(", ".join(lost) or "none"))
    return "".join(out), y + 16


def draw(obs: dict, viewer: int | None = None, layout: str = "wide", **_ignored) -> str:
    """The view as SVG text. ``obs``: a Zoon observation; ``viewer``: whose side is drawn at the bottom
    (default: the observation's viewer, South for a spectator); ``layout``: ``"wide"`` (the side panel
    beside the battlefield) or ``"narrow"`` (a phone: the battlefield over the whole width with larger card
    text, the card tapped or selected shown in full under it, then the side panel, scaled up by
    :data:`NARROW_SCALE`)."""
    v = viewer if viewer is not None else (obs.get("viewer") or 0)
    narrow = layout == "narrow"
    board = _battlefield(obs, v, narrow)
    panel, end = _side_panel(obs, v, narrow)
    if not narrow:
        # the battlefield WIDE_UP higher (its top labels close to the edge), the side panel scaled up to the
        # cards' type beside it; the drawing as high as the battlefield, or the panel when that is longer
        height = round(max(BY + 6 * CS + 12 - WIDE_UP, (end - BY + 30) * PANEL_SCALE + 8))
        board = el("g", board, transform=f"translate(0 {-WIDE_UP})")
        panel = el("g", panel, transform=f"translate({PX} {-(BY - 30) * PANEL_SCALE:.1f}) scale({PANEL_SCALE:.4f}) "
                                         f"translate({-PX} 0)")
        return document(WIDE_W, height, el("rect", x=0, y=0, width=WIDE_W, height=height, class_="bg") + board
                        + panel, CSS, _label(obs, v))
    top = BY + 6 * CS + 28
    slot: float = DETAIL_H
    if _combat_on_top(obs):
        # a phone: the combat (its secret choice or its result) right under the battlefield, next to the
        # choice buttons under the drawing; a tapped card's detail covers it like the hint
        cp, h = combat_panel(obs, 0, 0, PW)
        slot = max(DETAIL_H, h * NARROW_SCALE)
        detail = el("g", cp, class_="hint", transform=f"translate(6 {top:.1f}) scale({NARROW_SCALE})")
    else:
        detail = _detail_hint(top, obs["mode"])
    py = top + slot + 10
    panel = el("g", panel, transform=f"translate({6 - PX * NARROW_SCALE:.1f} "
                                     f"{py - (BY - 40) * NARROW_SCALE:.1f}) scale({NARROW_SCALE})")
    height = round(py + (end - BY + 48) * NARROW_SCALE)
    return document(NW, height, el("rect", x=0, y=0, width=NW, height=height, class_="bg") + board + detail + panel,
                    CSS + NARROW_CSS, _label(obs, v))


def _combat_on_top(obs: dict) -> bool:
    """Narrow layout: the combat panel goes right under the battlefield while a combat is pending or the
    last turn ended in one (its result)."""
    if obs.get("phase") == "deploy":
        return False
    return bool(obs.get("combat") or (obs.get("last") and any(t.get("result") for t in obs.get("trail") or ())))


def _label(obs: dict, v: int) -> str:
    return f"Zoon battlefield seen by {obs['player_names'][v]}"


def _battlefield(obs: dict, v: int, narrow: bool) -> str:
    """The 6×6 battlefield with its labels, the cards, the last turn's trail and a game-over banner (faded
    after 3 s and click-through, so the final position shows); in the narrow layout each visible card's
    cell also holds the card in full for the detail box."""
    names = obs["player_names"]
    fight = set()
    if obs.get("combat"):
        fight = {obs["combat"]["to"], obs["combat"]["from"]}
    parts = []
    lab = 22 if narrow else 10
    for i in range(6):
        col = COLS[i] if v == 0 else COLS[5 - i]
        parts.append(text(BX + i * CS + CS / 2, BY - lab, col, class_="lbl"))
        if narrow:  # the wide drawing has them over the battlefield only (ui21: its last row over the status bar)
            parts.append(text(BX + i * CS + CS / 2, BY + 6 * CS + 24, col, class_="lbl"))
        rown = 6 - i if v == 0 else i + 1
        parts.append(text(BX - (19 if narrow else 16), BY + i * CS + CS / 2 + 6, str(rown), class_="lbl"))
    for cell in range(36):
        name = f"{COLS[cell % 6]}{cell // 6 + 1}"
        x, y = _cell_xy(cell, v)
        cv = obs["cells"][cell]
        camp = 0 if cell // 6 < 3 else 1
        body = el("rect", x=x, y=y, width=CS, height=CS, class_="cellbg")
        if cv is not None:
            color = TRIBE_COLOR[obs["tribes"][cv.get("owner", 0)]] if "obstacle" not in cv else ""
            if "obstacle" in cv:
                cls = "wall" if cv["obstacle"] == "wall" else "cage"
                body += el("rect", x=x + 8, y=y + 8, width=CS - 16, height=CS - 16, rx=10, class_=cls)
                body += text(x + CS / 2, y + CS / 2, "Wall" if cls == "wall" else "Cage", class_="obst")
                if cv.get("caged"):
                    body += (text(x + CS / 2, y + CS / 2 + 22, cv["caged"][:12], class_="obst") if narrow else
                             _fit(x + CS / 2, y + CS / 2 + 16, cv["caged"][:12], CS - 20, CARD_TEXT, "obst", bold=True))
            elif cv.get("hidden"):
                body += _back(x, y, color)
            elif narrow:
                body += _card_narrow(x, y, cv, _orient(cv["owner"], v), color)
                body += _detail(cv, names, color, BY + 6 * CS + 28)
            else:
                body += _card(x, y, cv, _orient(cv["owner"], v), color)
        body += title(_cell_title(name, cv, names))
        cls = f"cell camp{camp}" + (" fight" if name in fight else "")
        parts.append(el("g", body, id=name, class_=cls, data_target=name))
    parts.append(_trail(obs, v, narrow))
    if obs.get("phase") == "over":
        msg = "Draw" if obs.get("winner") is None else f"{names[obs['winner']]} wins"
        # over the middle of the battlefield, then faded (CSS .winbanner) so the final position shows through;
        # clicks and taps go through it to the cards (newcomer20: it hid the cards of b3-d4)
        banner = el("rect", x=BX + 120, y=BY + 3 * CS - 30, width=6 * CS - 240, height=56, rx=10,
                    fill="#fffaf0", stroke="#1a7f37")
        banner += text(BX + 3 * CS, BY + 3 * CS + 6, msg, class_="win", id="winner")
        parts.append(el("g", banner, class_="winbanner", pointer_events="none"))
    return "".join(parts)


def _side_panel(obs: dict, v: int, narrow: bool = False) -> tuple[str, float]:
    """The panel beside the battlefield (x from :data:`PX`): the status, the opponent's trumps, the combat
    panel, the viewer's trumps, the tribe cards' link and Star effects, and how to read a card; and the y
    where it ends. Narrow: without the Star summaries and the key (the detail box has both), and the
    viewer's trumps first, right under the detail box, so that a trump and the cell it is played on are on
    a phone's screen together (a newcomer's shot in the tutorial went off at a cell out of sight)."""
    seer = obs.get("viewer")
    parts = []
    other = 1 - v
    y: float = BY - 22
    if narrow:
        s, y = _panel_side(v, obs, BY - 40, seer)
        parts.append(s)
        y += 18
    lines = textwrap.wrap(_status(obs), STATUS_CHARS)[:2]
    parts.append(el("text", "".join(el("tspan", escape(line), x=PX + 10, dy=0 if k == 0 else 17)
                                    for k, line in enumerate(lines)),
                    x=PX + 10, y=y + 4, class_="ph", id="zoon-status"))
    y += 17 * (len(lines) - 1)
    s, y = _panel_side(other, obs, y + 12, seer)
    parts.append(s)
    if not (narrow and _combat_on_top(obs)):
        panel, h = combat_panel(obs, PX, y + 4, PW)
        parts.append(panel)
        y += h + 14
    if not narrow:
        s, y = _panel_side(v, obs, y, seer)
        parts.append(s)
    y += 6
    parts.append(el("a", text(PX + 10, y + 10, "Tribe cards: every Zoon, trump and Star effect (rules page)",
                                class_="link"), href="rules/zoon.html#tribe-cards", target="_blank"))
    y += 24
    if narrow:
        return "".join(parts), y
    for p in (other, v):
        tribe = obs["tribes"][p]
        parts.append(text(PX + 10, y + 8, f"{TRIBE_TITLE[tribe]} ★ on a draw:", class_="small"))
        parts.append(text(PX + 22, y + 22, _star_summary(tribe), class_="small"))
        y += 32
    key = [text(PX + 10, y + 10, "How to read a card", class_="pt", style="font-weight:bold")]
    for line in _legend(obs["mode"]):
        y += 15
        key.append(text(PX + 10, y + 10, line, class_="small"))
    parts.append(el("g", "".join(key), class_="key"))  # a tutorial shows it over a board that scrolls
    return "".join(parts), y + 16


# ----- the narrow layout (a phone held upright) ---------------------------------------------------------
NW = BX + 6 * CS + 14
"""Width of the narrow drawing: the battlefield and its labels over the whole width."""
NARROW_SCALE = (NW - 12) / PW
"""The side panel under the battlefield is the wide one scaled to the narrow width (its 11 px text is
about 18 px, 10 CSS px on a 360 px screen)."""
DETAIL_H = 200
"""Height of the box under the battlefield that shows the tapped or selected card in full."""
NARROW_CSS = """
.lbl{font-size:21px}.n .nm{font-size:19px}.n .cv{font-size:20px}.n .pv{font-size:19px}.obst{font-size:19px}
.badgetext{font-size:19px}.win{font-size:30px}
.detail{display:none;pointer-events:none}.cell:hover .detail,.cell.selected .detail{display:inline}
svg:has(.cell:hover .detail) .hint,svg:has(.cell.selected .detail) .hint{display:none}
.dh{font:bold 22px sans-serif;fill:#3b2a1a}.dt{font:19px sans-serif;fill:#3b2a1a}
"""
DETAIL_CARD = 2.0
"""Scale of the card drawn in full in the detail box (its grid cells about 6.5 CSS px on a 360 px screen)."""


def _em(s: str) -> float:
    """``s``'s width in em in a common sans-serif, roughly: i, l, r and the like 0.3, m and w 0.9, capitals
    0.7, other letters and digits 0.58 (a little over Arial's, a little under DejaVu Sans's)."""
    return sum(0.3 if ch in "iljtfrI .,:;'!|-" else 0.9 if ch in "mwMW" else 0.7 if ch.isupper() else 0.58
               for ch in s)


def _fit(x: float, y: float, s: str, width: float, size: float, cls: str, bold: bool = False) -> str:
    """``s`` centred at ``x``, squeezed to ``width`` when it would be wider (:func:`_em`, bold 8% wider);
    never stretched (a squeeze only where the estimate is over the width)."""
    if _em(s) * size * (1.08 if bold else 1.0) > width:
        return el("text", escape(s), x=x, y=y, class_=cls, textLength=width, lengthAdjust="spacingAndGlyphs")
    return text(x, y, s, class_=cls)


def _card_narrow(x: float, y: float, card: dict, upright: bool, color: str) -> str:
    """A face-up card (or the viewer's own face-down one) for the narrow layout: its four corners and its
    name in large type, the penny beside the pair of corners that fights; the type, the grid and the rest
    are in the detail box."""
    top, bot = y + 24, y + CS - 21
    out = _face(x, y, card, upright, color, 3, 6, [(x + 18, top), (x + CS - 18, top), (x + CS - 18, bot),
                                                    (x + 18, bot)], 14)
    out.append(_fit(x + CS / 2, y + CS / 2 + 6, card["name"], CS - 14, 19, "nm", bold=True))
    if card.get("coin"):
        heads_on_top = (card["coin"] == "H") == upright
        py = top if heads_on_top else bot
        out.append(el("circle", cx=x + CS / 2, cy=py, r=13, class_=f"penny {card['coin']}"))
        out.append(text(x + CS / 2, py, card["coin"], class_="pv"))
    if card.get("mod"):
        out.append(text(x + CS / 2, bot if (card.get("coin") == "H") == upright else top,
                        "×2" if card["mod"] == "x2" else "+1", class_="cv"))
    return el("g", "".join(out), class_="card n")


def _detail(card: dict, names, color: str, top: float) -> str:
    """The card in full for the detail box (shown while its cell is tapped, hovered or selected): the
    wide drawing of the card scaled up, its owner, name, type, penny and Star effect beside it."""
    size = (CS - 8) * DETAIL_CARD
    x0, y0 = 12 - 4 * DETAIL_CARD, top + 8 - 4 * DETAIL_CARD
    out = [el("rect", x=6, y=top, width=NW - 12, height=DETAIL_H, rx=8, class_="panel"),
           el("g", _card(0, 0, card, True, color), transform=f"translate({x0:.1f} {y0:.1f}) scale({DETAIL_CARD})")]
    tx = 12 + size + 14
    lines = [f"{card['type']}" + (f" {card['variant']}" if card.get("variant") else "")
             + ("" if card.get("up", True) else " · face down")]
    if card.get("coin"):
        lines.append("Penny H: top pair fights" if card["coin"] == "H" else "Penny T: bottom pair fights")
    if card.get("effect"):
        lines += textwrap.wrap("★ on a draw: " + card["effect"], 24)[:4]
    out.append(text(tx, top + 32, f"{names[card['owner']]}'s {card['name']}", class_="dh"))
    for k, line in enumerate(lines):
        out.append(text(tx, top + 62 + 26 * k, line, class_="dt"))
    grid = card.get("grid")
    if grid:  # the movement grid large enough to read, forward up
        g, gx, gy = 22, NW - 12 - 5 * 22 - 8, top + DETAIL_H - 5 * 22 - 12
        for i in range(5):
            for j in range(5):
                ch = grid[i][j]
                cls = "g me" if (i, j) == (2, 2) else f"g {ch}" if ch in "oJ" else "g"
                out.append(el("rect", x=gx + j * g, y=gy + i * g, width=g, height=g, class_=cls))
    return el("g", "".join(out), class_="detail")


def _detail_hint(top: float, mode: str) -> str:
    """The detail box while no card is tapped or selected: how to see a card in full and the key to the
    cards (ZN9, ZN10, ZN14, ZN21)."""
    lines = ["Grid: yellow cells walked to, green jumped to.", "Dashed card: yours, face down."]
    if mode == "alternate":
        lines += ["Ringed corners fight. Penny H: the two facing", "the enemy, T: the two facing home; it turns",
                  "over after every fight."]
    else:
        lines += ["Classic: each side secretly turns its card", "and picks a corner of the enemy card."]
    out = [el("rect", x=6, y=top, width=NW - 12, height=DETAIL_H, rx=8, class_="panel"),
           text(20, top + 34, "Tap a card to see it in full.", class_="dh")]
    # the key's lines as a group of class "key" named like the wide drawing's: a tutorial shows them in its
    # step box (web/tutorial.js, showKey) and hides them here
    out.append(el("g", "".join(text(20, top + 68 + 28 * k, line, class_="dt") for k, line in enumerate(lines)),
                  class_="key", **{"aria-label": "How to read a card"}))
    return el("g", "".join(out), class_="hint")


_STARS = {"boarix": "Cloboulon: a Grognard moves; Gold-Hure again; Bouclefeuille jumps",
          "monkus": "King Louis swaps with the foe; Kombo Bongo with King/Kong",
          "rhinogoths": "Trice/Ratops push the foe back; Ouistiti hops",
          "warus": "Berserkorse eliminates the foe"}


STATUS_CHARS = 42
"""Characters per line of the status above the side panel (two lines at most, within the panel)."""
RESULT_BADGE = {"attacker": "Won", "defender": "Held", "draw": "Draw", "hit": "Hit", "miss": "Missed"}
"""The badge on the cell of the last turn's combat: the attacker won (and now stands there), the defender
held it, a draw; a shot hit (the cell is empty) or missed."""


def _center(cell_name: str, viewer: int) -> tuple[float, float]:
    x, y = _cell_xy(COLS.index(cell_name[0]) + 6 * (int(cell_name[1:]) - 1), viewer)
    return x + CS / 2, y + CS / 2


def _trail(obs: dict, viewer: int, narrow: bool = False) -> str:
    """The last turn on the battlefield: each step's start cell dashed, its end cell outlined, an arrow
    between them, and a badge with the result of a combat (narrow: larger, on the cell's lower edge, clear
    of the corners). Drawn over the cards, never clickable."""
    out = []
    for st in obs.get("trail") or []:
        tx, ty = _center(st["to"], viewer)
        if st["from"] and st["from"] != st["to"]:
            fx, fy = _center(st["from"], viewer)
            out.append(el("rect", x=fx - CS / 2 + 3, y=fy - CS / 2 + 3, width=CS - 6, height=CS - 6, rx=9,
                          class_="lastfrom"))
            dx, dy = tx - fx, ty - fy
            n = max((dx * dx + dy * dy) ** 0.5, 1.0)
            ex, ey = tx - dx / n * 30, ty - dy / n * 30
            out.append(el("line", x1=fx, y1=fy, x2=ex, y2=ey, class_="lastarrow", marker_end="url(#zoon-arrow)"))
        out.append(el("rect", x=tx - CS / 2 + 2, y=ty - CS / 2 + 2, width=CS - 4, height=CS - 4, rx=9,
                      class_="lastto"))
        badge = RESULT_BADGE.get(st.get("result") or "")
        if badge:
            bw, bh, by = (80, 26, ty + CS / 2 - 13) if narrow else (60, 20, ty + CS / 2 - 26)
            out.append(el("rect", x=tx - bw / 2, y=by, width=bw, height=bh, rx=bh / 2,
                          class_=f"badge {st['result']}"))
            out.append(text(tx, by + bh / 2, badge, class_="badgetext"))
    if not out:
        return ""
    defs = el("defs", el("marker", el("path", d="M0 0L10 5L0 10z", class_="arrowhead"), id="zoon-arrow",
                         viewBox="0 0 10 10", refX=8, refY=5, markerWidth=5, markerHeight=5,
                         orient="auto-start-reverse"))
    return el("g", defs + "".join(out), class_="trail", id="zoon-trail")


_YOU_DECIDE = {
    "reveal6": "You lost a Zoon: turn one of your face-down Zoons face up (six must show)",
    "tactic": "Move a Zoon with the trump, or end the trump's moves",
    "extra": "Star effect: move again",
    "scarper": "Move a Zoon back a row, or end the trump's moves",
    "leaf": "Star effect: put Bouclefeuille on any empty cell",
    "push": "Your Zoon is pushed back: pick a free cell behind it",
    "hop": "Star effect: move Ouistiti to a free cell next to it",
    "bongo": "Star effect: swap Kombo Bongo with King or Kong",
}
"""The status when the viewer must decide within a turn (ZN22, ZN24, ZN25, ZN31–ZN37)."""


def _legend(mode: str) -> list[str]:
    """A newcomer's key to the cards (ZN9, ZN10, ZN14, ZN21, ZN41). A card's top faces the enemy (ZN3,
    RECONSTRUCTION 4.2), so the other side's cards are drawn turned and their heads pair is at the bottom:
    the key names the pairs by the way they face and by their red ring, which reads the same for both
    sides."""
    lines = ["Grid: yellow cells are walked to, green ones jumped to.",
             "Dashed card: yours, face down (the enemy sees its back)."]
    if mode == "alternate":
        lines += ["Red-ringed corners fight now: penny H, the two facing",
                  "the enemy; T, the two facing home (the other side's",
                  "cards are drawn turned). It turns over after every fight."]
    else:
        lines += ["Classic combat: each side secretly turns its card and",
                  "picks a corner of the enemy card to touch."]
    return lines


def _star_summary(tribe: str) -> str:
    return _STARS[tribe]


def _status(obs: dict) -> str:
    names = obs["player_names"]
    ph = obs["phase"]
    if ph == "over":
        return "Game over: " + (obs.get("result") or "")
    if ph == "deploy":
        a = obs.get("arranging")
        if a is None:
            return "Deployment: dealing…"
        mine = obs.get("viewer") == a
        left = obs["edits_left"][a]
        return (f"Arrange your Zoons: click two cells to swap ({left} changes left)" if mine
                else f"{names[a]} is arranging in secret")
    d = obs.get("decide")
    if d:
        what = {"reveal6": "turns a Zoon face up", "tactic": "moves with the trump", "extra": "moves again",
                "scarper": "moves back", "leaf": "places Bouclefeuille", "push": "pushes back",
                "hop": "moves Ouistiti", "bongo": "swaps Kombo Bongo"}[d["kind"]]
        if d["player"] == obs.get("viewer"):
            return _YOU_DECIDE[d["kind"]]
        return f"{names[d['player']]} {what}"
    limit = obs.get("draw_after")
    if limit and obs["quiet"]:
        return f"{names[obs['turn']]}'s turn · {obs['quiet']}/{limit} quiet turns to a draw"
    return f"{names[obs['turn']]}'s turn"


def escape_text(s: str) -> str:  # re-exported for diagrams
    return escape(s)
