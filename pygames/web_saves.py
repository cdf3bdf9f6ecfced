"""Bridge commands that keep every game and never surprise the player (issue 17, section 4).

``seal {key}`` → ``{"sealed": text}``: the game in progress (record and seats) sealed under ``key`` (64
hex digits, the page's per-save key), for the page to keep in its storage. A game that hides cards never
gives its record to the page while it is played (:func:`pygames.web.cmd_record`): the sealed text is
all the page holds, so nothing it stores shows a hand, a face-down card or the deck order. Authenticated
encryption from the standard library: a keystream of HMAC-SHA256 blocks over a fresh 16-byte nonce and a
counter, then an HMAC-SHA256 tag over nonce and ciphertext (encrypt-then-MAC), each with its own key
derived from ``key``.

``unseal {sealed, key}`` → a view: the sealed game, resumed with fresh secret randomness for the chance
outcomes after its last action (as :func:`pygames.web.cmd_load`, but not marked arranged: the page could
not read, so could not choose, its cards). In hot seat with hidden information the first view is the
hand-over curtain. Raises PygamesError when the text is damaged or sealed under another key.

``lock {notation}`` → ``{"final": bool, "reason": str}``: whether that legal move, once played, could
not be taken back (an outcome or a card it brings shows someone something new), so the page asks first.
Raises IllegalAction (a PygamesError) for a move that is not legal now; nothing is played.
"""
from __future__ import annotations

import base64
import copy
import hashlib
import hmac
import json
import secrets

from .core.errors import PygamesError
from .core.record import Record, Session

VERSION = "s1"
NONCE = 16
TAG = 32


def _keys(key_hex) -> tuple[bytes, bytes]:
    if not isinstance(key_hex, str) or len(key_hex) != 64:
        raise PygamesError("key: expected 64 hex digits")
    try:
        key = bytes.fromhex(key_hex)
    except ValueError:
        raise PygamesError("key: expected 64 hex digits") from None
    return (hmac.new(key, b"pygames seal: encrypt", hashlib.sha256).digest(),
            hmac.new(key, b"pygames seal: authenticate", hashlib.sha256).digest())


def _stream(key: bytes, nonce: bytes, n: int) -> bytes:
    out = bytearray()
    counter = 0
    while len(out) < n:
        out += hmac.new(key, nonce + counter.to_bytes(8, "big"), hashlib.sha256).digest()
        counter += 1
    return bytes(out[:n])


def seal_text(plain: bytes, key_hex: object) -> str:
    """``plain`` sealed under ``key_hex``: ``"s1." + base64url(nonce ‖ ciphertext ‖ tag)``."""
    enc, mac = _keys(key_hex)
    nonce = secrets.token_bytes(NONCE)
    ct = bytes(a ^ b for a, b in zip(plain, _stream(enc, nonce, len(plain))))
    tag = hmac.new(mac, nonce + ct, hashlib.sha256).digest()
    return f"{VERSION}.{base64.urlsafe_b64encode(nonce + ct + tag).decode()}"


def unseal_text(sealed, key_hex: object) -> bytes:
    """The bytes :func:`seal_text` sealed; PygamesError for damaged text or another key."""
    enc, mac = _keys(key_hex)
    if not isinstance(sealed, str) or not sealed.startswith(VERSION + "."):
        raise PygamesError("this saved game is not a sealed game of this version")
    try:
        raw = base64.urlsafe_b64decode(sealed[len(VERSION) + 1:].encode())
    except (ValueError, UnicodeEncodeError):
        raise PygamesError("this saved game is damaged") from None
    if len(raw) < NONCE + TAG:
        raise PygamesError("this saved game is damaged")
    nonce, ct, tag = raw[:NONCE], raw[NONCE:-TAG], raw[-TAG:]
    if not hmac.compare_digest(tag, hmac.new(mac, nonce + ct, hashlib.sha256).digest()):
        raise PygamesError("this saved game is damaged or was saved by another browser")
    return bytes(a ^ b for a, b in zip(ct, _stream(enc, nonce, len(ct))))


def cmd_seal(args: dict) -> dict:
    from . import web  # the bridge's session (imported here: web.py imports this module)
    s = web._require()
    data = {"record": s.record.to_json(), "seats": s.seats}
    return {"sealed": seal_text(json.dumps(data, separators=(",", ":")).encode(), args.get("key"))}


def cmd_unseal(args: dict) -> dict:
    from . import web  # the bridge's session (imported here: web.py imports this module)
    plain = unseal_text(args.get("sealed"), args.get("key"))
    try:
        data = json.loads(plain)
    except ValueError:
        raise PygamesError("this saved game is damaged") from None
    if not isinstance(data, dict):
        raise PygamesError("this saved game is damaged")
    rec = Record.from_json(data.get("record"))
    n = web.get_game(rec.game).new_initial_state(rec.options).num_players
    session = Session(rec, web._seats(data.get("seats"), n), secrets.token_bytes(32))
    humans = sum(1 for x in session.seats if x == "human")
    if humans > 1 and web.hides_information(session.game, rec.options):
        # hot seat resumed: whoever holds the device now is asked to pass it on first, as between turns
        web._session, web._thinking, web._shown_viewer = session, None, -1
        return web._view(session)
    return web._start(session)


LOCK_REASON = "It shows something that cannot be known before it is played (a roll, a card, a hidden piece)."
"""What ``lock`` says of every move that cannot be taken back: the same words whatever the move brings."""


def cmd_lock(args: dict) -> dict:
    """``lock {notation}`` → ``{"final": bool, "reason": str}``: whether playing ``notation`` now would leave
    nothing to take back (it brings a chance outcome or anything else a human seat could not know before:
    the session's undo rule), asked before the move is played so the page can confirm it. The move is played
    on a copy of the session, with the very outcome the real move would get, so the answer says nothing of
    that outcome: ``reason`` is :data:`LOCK_REASON` for every final move ("" otherwise), never the
    session's own undo reason, which names the move that showed something as the move list shows it (a
    newcomer's read of the site found the confirmation naming the dice about to be rolled, "dice 4-3", while
    the move could still be kept back). Raises PygamesError (IllegalAction) for a move not legal now; the
    session is unchanged either way."""
    from . import web  # the bridge's session (imported here: web.py imports this module)
    s = web._require()
    notation = args.get("notation")
    if not isinstance(notation, str):
        raise PygamesError(f"lock needs a notation string, not {notation!r}")
    trial = copy.deepcopy(s)
    trial.act(notation)  # IllegalAction for a move not legal now; the real session is untouched
    final = bool(trial.undo_reason()) and not trial.state.is_terminal()
    return {"final": final, "reason": LOCK_REASON if final else ""}


COMMANDS = {"seal": cmd_seal, "unseal": cmd_unseal, "lock": cmd_lock}
