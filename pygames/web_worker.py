"""The Python side of the browser page's worker: what ``web/bridge.py`` exports to the page.

``web/loader.js`` starts a PyScript ``PyWorker`` whose script is ``web/bridge.py``; that script only
re-exports these functions. They live in the wheel so that the Pyodide memory snapshot a later visit
restores (``web/pyodide/site.mjs``) holds them imported already: after a restore, the first Python runs
are several times slower than later ones, so the worker's script is kept to one import line (issue 18).
Each function is a promise on the page (no SharedArrayBuffer, no synchronous call from the worker to
the page):

- :func:`call` ``(name, args) -> str``: a bridge command (:func:`pygames.web.call`), ``args`` a JSON
  text; returns the JSON answer (``{"ok": ...}`` or ``{"error": ...}``). An interpreter failure is
  answered too, as ``{"error": "internal error: ...", "internal": true}``.
- :func:`call_as` ``(board, name, args) -> str``: the same for one of the embedded boards of a page that
  share this Python (``web/runtime.js``, issue 20): each board id keeps its own game, i.e. its own copy
  of the bridge's per-game state (:func:`_fresh_board`), swapped in around its commands. ``__drop__``
  forgets a board.
- :func:`marks` ``() -> str``: the worker's performance marks (``pygames:worker:*``) and the timings of
  the files it fetched, as JSON ``[[name, epoch_ms, duration_ms]]`` (``web/pyodide/entry.mjs``).
- :func:`kept` ``() -> bool`` (a coroutine): True once the interpreter files kept for the offline cache
  are stored (``entry.mjs``).
- :func:`test_exec` ``(source) -> str``: browser tests only, once the page asked for
  :func:`enable_test_hooks` (``?testhooks``): run test code (toy games) in this interpreter; the answer
  is ``{"ok": null}`` or an internal error. The page reaches both only through ``bridge.py``'s
  ``@testhook`` export line, which ``build.py`` drops from the site that ``serve`` builds.

``marks`` and ``kept`` need Pyodide's ``js`` module; the rest runs under CPython too (the unit tests).
"""
from __future__ import annotations

import json

from pygames import web

_test_hooks = False


def call(name: str, args: str) -> str:
    try:
        return web.call(name, args)
    except BaseException as e:  # pygames.web.call answers every error itself; this is Python failing
        return json.dumps({"error": f"internal error: {e}", "internal": True})


def _fresh_board() -> dict:
    """The module state of ``pygames.web`` that belongs to one game on one page, as the module starts
    (its names and first values there: no game, no viewer shown, no search, no move list sent, wide)."""
    return {"_session": None, "_shown_viewer": web._UNSET, "_thinking": None, "_sent_moves": (0, []),
            "_layout": "wide"}


_boards: dict = {}
_current = None


def call_as(board: str, name: str, args: str) -> str:
    global _current
    _fresh = _fresh_board()
    if board != _current:
        if _current is not None:
            _boards[_current] = {k: getattr(web, k) for k in _fresh}
        for k, v in _boards.pop(board, _fresh).items():
            setattr(web, k, v)
        _current = board
    if name == "__drop__":
        for k, v in _fresh.items():
            setattr(web, k, v)
        _current = None
        return json.dumps({"ok": None})
    return call(name, args)


def marks() -> str:
    import js  # Pyodide's module: the worker's JavaScript globals (entry.mjs's pygamesMarks)
    return js.pygamesMarks()


async def kept() -> bool:
    import js
    return bool(await js.pygamesKept())


def enable_test_hooks() -> None:
    global _test_hooks
    _test_hooks = True


def test_exec(source: str) -> str:
    if not _test_hooks:
        return json.dumps({"error": "internal error: test hooks are off", "internal": True})
    try:
        exec(source, {"__name__": "pygames_test_hook"})
    except BaseException as e:
        return json.dumps({"error": f"internal error: {type(e).__name__}: {e}", "internal": True})
    return json.dumps({"ok": None})
