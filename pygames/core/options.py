"""Typed game options that a user interface can turn into a form.

An :class:`Option` has a name, a type (``bool``, ``int`` or ``choice``), a default, the allowed values
(a tuple of choices, or an inclusive ``(min, max)`` range for ints) and a help text.
:func:`validate_options` fills in defaults and rejects unknown or out-of-range values with
:class:`~pygames.core.errors.InvalidOption` naming the option.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .errors import InvalidOption


@dataclass(frozen=True)
class Option:
    """One typed option of a game.

    kind: ``"bool"``, ``"int"`` or ``"choice"``. For ``int``, ``allowed`` is ``(min, max)`` inclusive;
    for ``choice`` it is the tuple of allowed strings; for ``bool`` it is ignored.
    """

    name: str
    kind: str
    default: Any
    help: str
    allowed: tuple = field(default=())
    label: str = ""
    """The name a form shows (default: the name with spaces, capitalised)."""

    def __post_init__(self) -> None:
        if self.kind not in ("bool", "int", "choice"):
            raise ValueError(f"option {self.name!r}: unknown kind {self.kind!r}")
        self.check(self.default)

    def check(self, value: Any) -> Any:
        """Return ``value`` if it is allowed for this option, else raise :class:`InvalidOption`."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise InvalidOption(f"option {self.name!r} must be true or false, not {value!r}")
        elif self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidOption(f"option {self.name!r} must be an integer, not {value!r}")
            lo, hi = self.allowed
            if not lo <= value <= hi:
                raise InvalidOption(f"option {self.name!r} must be between {lo} and {hi}, not {value!r}")
        else:
            if not isinstance(value, (str, int, float)) or value not in self.allowed:
                raise InvalidOption(
                    f"option {self.name!r} must be one of {', '.join(map(str, self.allowed))}; not {value!r}")
        return value

    def to_json(self) -> dict:
        """The option as a JSON-able dict for form generation."""
        return {"name": self.name, "type": self.kind, "default": self.default,
                "allowed": list(self.allowed), "help": self.help,
                "label": self.label or self.name.replace("_", " ").capitalize()}


def validate_options(schema: tuple[Option, ...], options: Mapping[str, Any] | None) -> dict:
    """Check ``options`` against ``schema`` and return a complete dict (defaults filled in).

    Raises :class:`InvalidOption` naming the first unknown option or bad value.
    """
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise InvalidOption(f"options must be an object of names to values, not {type(options).__name__}")
    options = dict(options)
    known = {o.name: o for o in schema}
    for name in options:
        if not isinstance(name, str) or name not in known:
            raise InvalidOption(f"unknown option {name!r}; known options: {', '.join(known) or 'none'}")
    return {name: opt.check(options.get(name, opt.default)) for name, opt in known.items()}
