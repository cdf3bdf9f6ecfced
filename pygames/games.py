"""Registers the shipped games (imported lazily by :func:`pygames.core.get_game`)."""
from .verquere import GAME as VERQUERE  # noqa: F401
