"""Registers the shipped games (imported lazily by :func:`pygames.core.get_game`)."""
from .verquere import GAME as VERQUERE  # noqa: F401
from .dvonn import GAME as DVONN  # noqa: F401
from .dritzak import GAME as DRITZAK  # noqa: F401
from .duerror_grandis import GAME as DUERROR_GRANDIS  # noqa: F401
from .zoon import GAME as ZOON  # noqa: F401
from .zertz import GAME as ZERTZ  # noqa: F401
from .dvertz import GAME as DVERTZ  # noqa: F401
