"""The rules pages of the site: each ``docs/rules/<game>.md`` rendered as ``rules/<game>.html`` (a
player's guide, then the numbered rules, a glossary and a note on sources), with the positions drawn by
the engine, plus the data the app's guide features read: ``glossary/<game>.json`` and
``tutorials/<game>.json`` (issue 17, sections 1 and 2). Called by ``build.py`` (:func:`build_rules_pages`);
needs markdown-it-py (requirements-build.txt).
"""
from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RULE_ID = re.compile(r"\*\*([A-Z]{1,3}\d+[a-z]?)\*\*")
GLOSSARY_ITEM = re.compile(r"^- \*\*([^*]+)\*\*(?: \(([A-Z]{1,3}\d+[a-z]?)\))?:\s*(.*)$")
EXTRA_PAGES = [ROOT / "docs" / "zoon-reconstruction-notes.md"]
"""Pages of docs/ published beside the rules pages (``rules/<stem>.html``), linked from them."""


def slug(text: str) -> str:
    """The anchor made from a heading or a glossary term, accents dropped: ``"Walk-off Deegan"`` →
    ``walk-off-deegan``, ``"Binôme de choc"`` → ``binome-de-choc``."""
    import unicodedata
    plain = "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")


def markdown_to_html(md: str) -> str:
    """Render a rules page with markdown-it-py (CommonMark with tables). Three fenced blocks are ours:
    ```` ```diagram GAME ```` holding a record's JSON (the position drawn by the engine, see
    :func:`diagram`), ```` ```board GAME ```` holding ``name=value`` lines (a live
    ``<pygames-board>``) and ```` ```tutorial GAME ```` (empty: the steps of ``docs/tutorials/GAME.json``,
    each drawn with its sentence and task, see :func:`tutorial_html`). A list item that starts with a
    bold rule id (``**V3**``) gets that id as its anchor, so ``verquere.html#V3`` links to the rule; a
    list item of the ``Glossary`` section gets ``term-<slug of its bold term>``. Relative links to
    ``X.md`` point at ``X.html`` (the pages are published side by side)."""
    from markdown_it import MarkdownIt

    mdit = MarkdownIt("commonmark", {"html": False}).enable("table")
    default_fence = mdit.renderer.rules["fence"]

    def fence(tokens, idx, options, env):
        tok = tokens[idx]
        kind, _, game = tok.info.strip().partition(" ")
        if kind == "diagram":
            return f'<figure class="diagram">{diagram(game.strip(), json.loads(tok.content))}</figure>\n'
        if kind == "tutorial":
            return tutorial_html(game.strip())
        if kind == "board":
            attrs = [f'game="{html.escape(game.strip())}"']
            for line in tok.content.splitlines():
                k, _, v = line.strip().partition("=")
                if k:
                    attrs.append(f'{html.escape(k)}="{html.escape(v)}"' if v else html.escape(k))
            return f'<pygames-board {" ".join(attrs)}></pygames-board>\n'
        return default_fence(tokens, idx, options, env)

    def rule_anchors(state):
        toks = state.tokens
        in_glossary = False
        for i, tok in enumerate(toks):
            if tok.type == "list_item_open":
                for nxt in toks[i + 1:i + 4]:
                    if nxt.type == "inline":
                        m = RULE_ID.match(nxt.content)
                        g = GLOSSARY_ITEM.match("- " + nxt.content) if in_glossary else None
                        if m:
                            tok.attrSet("id", m.group(1))
                        elif g:
                            tok.attrSet("id", "term-" + slug(g.group(1)))
                        break
            elif tok.type == "heading_open":
                text = toks[i + 1].content
                tok.attrSet("id", slug(text))
                if tok.tag == "h2":
                    in_glossary = text.strip() == "Glossary"
            elif tok.type == "inline":
                for child in tok.children or []:
                    href = child.attrGet("href") if child.type == "link_open" else None
                    if href and not re.match(r"[a-z]+:", href) and re.search(r"\.md(#|$)", href):
                        child.attrSet("href", re.sub(r"^(?:\.\./)*(?:[\w-]+/)*([\w-]+)\.md", r"\1.html", href))

    mdit.renderer.rules["fence"] = fence
    # a wide table (Zoon's tribe cards) scrolls on its own on a phone, reachable by keyboard
    mdit.renderer.rules["table_open"] = lambda *a: ('<div class="table-scroll" tabindex="0" role="region" '
                                                    'aria-label="table (scrolls sideways)"><table>\n')
    mdit.renderer.rules["table_close"] = lambda *a: "</table></div>\n"
    mdit.core.ruler.push("pygames_anchors", rule_anchors)
    mdit.core.ruler.push("pygames_terms", lambda state: link_terms(state.tokens, glossary(md)))
    return mdit.render(md)


def _term_pattern(term: str) -> re.Pattern:
    flags = re.I if len(term) > 3 else 0
    return re.compile(rf"(?<![\w-]){re.escape(term)}(?:s|es)?(?![\w-])", flags)


def link_terms(tokens, terms: list[dict]) -> None:
    """Link one use of each glossary term in the page's text (before the glossary; not in headings,
    links or code) to its glossary entry, the explanation as its ``title`` (shown on hover), so a term is
    explained where it first appears: its first use in bold (where the guide introduces it), else its
    first use. Longer terms are matched first."""
    todo = sorted(terms, key=lambda t: -len(t["term"]))
    _link_terms(tokens, todo, strong_only=True)
    _link_terms(tokens, todo, strong_only=False)


def _link_terms(tokens, todo: list[dict], strong_only: bool) -> None:
    from markdown_it.token import Token

    pats = {t["term"]: _term_pattern(t["term"]) for t in todo}
    heading = False
    for tok in tokens:
        if tok.type == "heading_open":
            heading = True
            if tok.tag == "h2" and tokens[tokens.index(tok) + 1].content.strip() == "Glossary":
                return
        elif tok.type == "heading_close":
            heading = False
        if tok.type != "inline" or heading or not todo:
            continue
        out, in_link, in_strong = [], False, False
        for child in tok.children or []:
            in_link = (in_link or child.type == "link_open") and child.type != "link_close"
            in_strong = (in_strong or child.type == "strong_open") and child.type != "strong_close"
            if child.type != "text" or in_link or (strong_only and not in_strong):
                out.append(child)
                continue
            pieces = [child.content]
            for t in list(todo):
                for i, text in enumerate(pieces):
                    m = pats[t["term"]].search(text) if i % 2 == 0 else None
                    if m:
                        pieces[i:i + 1] = [text[:m.start()], (m.group(0), t), text[m.end():]]
                        todo.remove(t)
                        break
            for i, piece in enumerate(pieces):
                if i % 2 == 0:
                    if piece:
                        out.append(Token("text", "", 0, content=piece))
                    continue
                word, t = piece
                out += [Token("link_open", "a", 1, attrs={"href": "#term-" + slug(t["term"]),
                                                          "class": "term", "title": t["text"]}),
                        Token("text", "", 0, content=word), Token("link_close", "a", -1)]
        tok.children = out


def _replay(game_id: str, spec: dict):
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import pygames.games  # noqa: F401  (registers the shipped games)
    from pygames.core.record import Record
    rec = Record.from_json({"game": game_id, "options": spec.get("options", {}), "seed": 0,
                            "actions": spec["actions"]})
    return rec.replay()


def _static_svg(state, viewer: int) -> str:
    """The drawing of ``state`` for ``viewer`` as a picture: links the live board carries (a Zoon card's
    link to its tribe card, relative to the app) are unwrapped, since a picture (``role="img"``) holds
    no control."""
    svg = state.game.draw_svg(state.observation(viewer))
    return re.sub(r"<a\b[^>]*>|</a>", "", svg)


def diagram(game_id: str, spec: dict) -> str:
    """SVG of the position after ``spec["actions"]`` (a game record's fields) with a caption."""
    state = _replay(game_id, spec)
    svg = _static_svg(state, spec.get("viewer", 0))
    caption = html.escape(spec.get("caption", " ".join(spec["actions"])))
    return f"{svg}<figcaption>{caption}</figcaption>"


def glossary(md: str) -> list[dict]:
    """The terms of a rules page's ``## Glossary`` section, each a list item ``- **term** (N13): text``
    (the rule id optional, continuation lines indented): ``[{"term", "text", "rule"}]``, the text as
    plain words (no markdown marks), ``rule`` a rule id of the page or None."""
    m = re.search(r"^## Glossary\s*$(.*?)(?=^## |\Z)", md, re.M | re.S)
    terms: list[dict] = []
    for line in (m.group(1) if m else "").splitlines():
        g = GLOSSARY_ITEM.match(line)
        if g:
            terms.append({"term": g.group(1), "text": g.group(3).strip(), "rule": g.group(2)})
        elif terms and line.startswith("  ") and line.strip():
            terms[-1]["text"] += " " + line.strip()
    for t in terms:
        t["text"] = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", t["text"]).replace("`", "").replace("*", "")
    return terms


TUTORIAL_STEP_KEYS = {"text", "record", "viewer", "task", "done"}
TUTORIAL_OPTIONAL_KEYS = {"setup"}
"""``setup``: the sentence that follows "The board is set up for this step:" on a step that does not go on
from the player's own move (web/tutorial.js; tests/test_tutorials.py says when one is needed)."""


def load_tutorial(game_id: str) -> dict | None:
    """``docs/tutorials/GAME.json`` checked for its shape: ``{"game", "title", "steps": [{"text",
    "setup"?, "record": {"options", "seed"?, "actions"}, "viewer", "task": {"accept", "hint"}, "done"}]}``
    (the page that runs tutorials reads exactly this; ``seed``, default 1, decides the chance outcomes
    after the step's move); None when the game has none. Raises ValueError on a bad shape."""
    path = ROOT / "docs" / "tutorials" / f"{game_id}.json"
    if not path.exists():
        return None
    tut = json.loads(path.read_text(encoding="utf-8"))
    if tut.get("game") != game_id or not isinstance(tut.get("title"), str) or not tut.get("steps"):
        raise ValueError(f"{path.name}: needs game {game_id!r}, a title and steps")
    for n, step in enumerate(tut["steps"], 1):
        rec, task = step.get("record") or {}, step.get("task") or {}
        if (not TUTORIAL_STEP_KEYS <= set(step) <= TUTORIAL_STEP_KEYS | TUTORIAL_OPTIONAL_KEYS
                or not {"options", "actions"} <= set(rec) <= {"options", "seed", "actions"}
                or not isinstance(rec.get("seed", 1), int) or isinstance(rec.get("seed", 1), bool)
                or not isinstance(step.get("setup", ""), str)
                or set(task) != {"accept", "hint"} or not isinstance(step["viewer"], int)
                or not task["accept"] or not all(isinstance(a, str) for a in rec["actions"] + task["accept"])):
            raise ValueError(f"{path.name}: step {n} is not of the tutorial shape")
    return tut


def tutorial_html(game_id: str) -> str:
    """The guide's picture of a tutorial: each step's position (drawn for its viewer), sentence, task
    and, folded away, the moves that do it."""
    tut = load_tutorial(game_id)
    if tut is None:
        return ""
    items = []
    for n, step in enumerate(tut["steps"], 1):
        svg = _static_svg(_replay(game_id, step["record"]), step["viewer"])
        answer = ", ".join(f"<code>{html.escape(a)}</code>" for a in step["task"]["accept"])
        setup = f'<em>The board is set up for this step: {html.escape(step["setup"])}</em> ' if step.get("setup") else ""
        items.append(f'<li><figure class="diagram">{svg}<figcaption><strong>Step {n}.</strong> '
                     f'{setup}{html.escape(step["text"])}</figcaption></figure>'
                     f'<details><summary>How to do it</summary><p>{html.escape(step["task"]["hint"])} '
                     f'({answer})</p><p>{html.escape(step["done"])}</p></details></li>')
    return f'<ol class="tutorial-steps">{"".join(items)}</ol>\n'


CSP = ('<meta http-equiv="Content-Security-Policy" content="default-src \'self\'; script-src \'self\' '
       '\'wasm-unsafe-eval\'; connect-src \'self\'; object-src \'none\'; base-uri \'self\'; '
       'style-src \'self\' \'unsafe-inline\'; img-src \'self\' data: blob:">')
"""The rules pages' Content-Security-Policy (index.html carries the same in its head): scripts and
connections from the site only, no plugins (issue 22)."""

GUIDE_CSS = ("<style>ol.tutorial-steps{padding-left:1.2rem}ol.tutorial-steps>li{margin:1rem 0}"
             "ol.tutorial-steps details{margin:.3rem 0 0}main h2{margin-top:2rem}"
             "li[id^=term-]:target{background:#fff8c5}a.term{color:inherit;text-decoration:underline dotted}"
             "div.table-scroll{overflow-x:auto;max-width:100%}main pre{overflow-x:auto}</style>")


def _page(title: str, body: str) -> str:
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">{CSP}<title>{html.escape(title)}'
            f'</title><meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<link rel="icon" href="../favicon.svg"><link rel="stylesheet" href="../app.css">{GUIDE_CSS}'
            f'<script src="../embed.js" defer></script></head>'
            f'<body class="rules-page"><nav><a href="../index.html">← pygames</a></nav><main>'
            f'{body}</main></body></html>')


def build_rules_pages(dest: Path) -> None:
    """``dest/<game>.html`` for each rules page of docs/rules (and :data:`EXTRA_PAGES`), and beside
    ``dest`` the data of the page's guide: ``glossary/<game>.json`` (``{"terms": [{"term", "text",
    "rule"}]}``, :func:`glossary`) and ``tutorials/<game>.json`` (:func:`load_tutorial`)."""
    dest.mkdir(parents=True, exist_ok=True)
    for md in sorted((ROOT / "docs" / "rules").glob("*.md")) + EXTRA_PAGES:
        text = md.read_text(encoding="utf-8")
        m = re.search(r"^#\s+(.*)", text, re.M)
        title = m.group(1) if m else md.stem
        (dest / f"{md.stem}.html").write_text(_page(title, markdown_to_html(text)), encoding="utf-8")
        if md.parent.name != "rules":
            continue
        (dest.parent / "glossary").mkdir(exist_ok=True)
        (dest.parent / "glossary" / f"{md.stem}.json").write_text(
            json.dumps({"terms": glossary(text)}, ensure_ascii=False, indent=1), encoding="utf-8")
        tut = load_tutorial(md.stem)
        if tut is not None:
            (dest.parent / "tutorials").mkdir(exist_ok=True)
            (dest.parent / "tutorials" / f"{md.stem}.json").write_text(
                json.dumps(tut, ensure_ascii=False, indent=1), encoding="utf-8")
