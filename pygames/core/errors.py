"""Errors raised by the pygames core.

Every error subclasses :class:`PygamesError` (itself a :class:`ValueError`), so a caller such as the
browser bridge can tell bad input apart from a programming error and show the message as it is.
"""
from __future__ import annotations


class PygamesError(ValueError):
    """Base class of every error caused by bad input (an action, an option, a record, a saved state)."""


class IllegalAction(PygamesError):
    """An action that is not among the state's legal actions; the state is left untouched.

    ``rule`` is the id of the rule it breaks on the game's rules page (``"N7"``), or None when no single
    rule says why (issue 17: every refusal names its rule where the game can give one)."""

    def __init__(self, message: str = "", rule: str | None = None):
        super().__init__(message)
        self.rule = rule


class InvalidNotation(IllegalAction):
    """Text that is no action notation at all (empty, control characters, far too long)."""


class AmbiguousAction(IllegalAction):
    """Text that matches several legal actions once case and spacing are set aside; the message names
    them."""


class InvalidOption(PygamesError):
    """An unknown option, or a value of the wrong type or out of the allowed range."""


class InvalidState(PygamesError):
    """A serialised state (``State.from_json`` input) that is malformed."""


class InvalidRecord(PygamesError):
    """A game record that cannot be loaded.

    ``index`` is the position in ``record["actions"]`` of the first bad action (None when the record's
    header is wrong) and ``reason`` says why.
    """

    def __init__(self, reason: str, index: int | None = None):
        self.index = index
        self.reason = reason
        where = f"action {index}: " if index is not None else ""
        super().__init__(f"invalid record: {where}{reason}")


class UnknownGame(PygamesError):
    """A game id that is not registered."""
