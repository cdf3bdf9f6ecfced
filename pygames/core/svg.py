"""Small dependency-free SVG helpers shared by the games' drawings (python-chess style: viewBox always,
stable ids, CSS classes, ``data-target`` attributes on clickable elements, a ``<title>`` for each)."""
from __future__ import annotations


# Our own escaping: xml.sax.saxutils imports urllib.request, which costs ~0.6 s at page start in Pyodide.
_TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ATTR = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\n": "&#10;"})


def escape(s: str) -> str:
    """``s`` escaped for XML text content."""
    return s.translate(_TEXT)


def quoteattr(s: str) -> str:
    """``s`` as a double-quoted XML attribute value."""
    return f'"{s.translate(_ATTR)}"'


_NAMES: dict[str, str] = {}


def attrs(**kw) -> str:
    """Attributes as text; ``class_`` → ``class``, ``data_target`` → ``data-target``; None is skipped;
    a float is written with at most two decimals (``1.50`` → ``1.5``, ``2.00`` → ``2``)."""
    out = []
    for k, v in kw.items():
        if v is None:
            continue
        name = _NAMES.get(k)
        if name is None:
            name = _NAMES[k] = k.rstrip("_").replace("_", "-")
        t = type(v)
        if t is int:  # digits need no escaping (the drawings' commonest value: coordinates, sizes)
            out.append(f'{name}="{v}"')
        elif t is float:
            out.append(f'{name}="{f"{v:.2f}".rstrip("0").rstrip(".")}"')
        else:
            out.append(f'{name}="{str(v).translate(_ATTR)}"')
    return " ".join(out)


def el(tag: str, body: str = "", **kw) -> str:
    """One element: ``el("circle", cx=1, cy=2, r=3)`` → ``<circle cx="1" cy="2" r="3"/>``."""
    a = attrs(**kw)
    head = f"<{tag} {a}" if a else f"<{tag}"
    return f"{head}>{body}</{tag}>" if body else f"{head}/>"


def title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


def text(x: float, y: float, s: str, **kw) -> str:
    return el("text", escape(s), x=x, y=y, **kw)


def document(width: int, height: int, body: str, css: str = "", label: str = "") -> str:
    """A complete scalable SVG document (viewBox only, no fixed size)."""
    style = f"<style>{css}</style>" if css else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
            f'aria-label={quoteattr(label)}>{title(label) if label else ""}{style}{body}</svg>')
