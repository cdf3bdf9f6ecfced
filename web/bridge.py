"""The Python side of the page's worker (loader.js starts it with PyScript's ``PyWorker``).

Our wheel is installed with micropip and ``pygames.web`` imported when this runs (pyodide/site.mjs,
PyScript's interpreter entry for the site, or a memory snapshot of that). The
page calls what ``__export__`` names, each call a promise on the page (no SharedArrayBuffer, no
synchronous call from the worker to the page):

- ``call(name, args)``: a bridge command (``pygames.web.call``), ``args`` a JSON text; returns the
  JSON answer (``{"ok": ...}`` or ``{"error": ...}``). An interpreter failure is answered too.
- ``call_as(board, name, args)``: the same for one of the embedded boards of a page that share this
  Python (runtime.js, issue 20): each board id keeps its own game, i.e. its own copy of the bridge's
  per-game state (:func:`_fresh_board`), swapped in around its commands. ``__drop__`` forgets a board.
- ``marks()``: the worker's performance marks (``pygames:worker:*``: its start, loadPyodide,
  micropip's install, the import of ``pygames.web``, the memory snapshot) and the timings of the files it fetched, as JSON
  ``[[name, epoch_ms, duration_ms]]`` (entry.mjs); loader.js puts them on the page's timeline.
- ``kept()``: True once the interpreter files kept for the offline cache are stored (entry.mjs).
- ``test_exec(source)``: browser tests only, after the page asked for ``enable_test_hooks()``
  (``?testhooks``): run test code (toy games) in this interpreter. build.py drops the line that
  exports both (a test hook) from the site that ``serve`` builds: there the page cannot reach them.
"""
import json

import js
import pygames.web as web

_test_hooks = False


def call(name, args):
    try:
        return web.call(name, args)
    except BaseException as e:  # pygames.web.call answers every error itself; this is Python failing
        return json.dumps({"error": f"internal error: {e}", "internal": True})


def _fresh_board():
    """The module state of ``pygames.web`` that belongs to one game on one page, as the module starts
    (its names and first values there: no game, no viewer shown, no search, no move list sent, wide)."""
    return {"_session": None, "_shown_viewer": web._UNSET, "_thinking": None, "_sent_moves": (0, []),
            "_layout": "wide"}


_boards = {}
_current = None


def call_as(board, name, args):
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


def marks():
    return js.pygamesMarks()


async def kept():
    return bool(await js.pygamesKept())


def enable_test_hooks():
    global _test_hooks
    _test_hooks = True


def test_exec(source):
    if not _test_hooks:
        return json.dumps({"error": "internal error: test hooks are off", "internal": True})
    try:
        exec(source, {"__name__": "pygames_test_hook"})
    except BaseException as e:
        return json.dumps({"error": f"internal error: {type(e).__name__}: {e}", "internal": True})
    return json.dumps({"ok": None})


__export__ = ["call", "call_as", "kept", "marks"]
__export__ += ["enable_test_hooks", "test_exec"]  # @testhook
