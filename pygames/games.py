"""The shipped games: importing this module registers them. The entry modules import it (the bridge
:mod:`pygames.web`, :mod:`pygames.__main__`, :mod:`pygames.bench`, the tests' ``conftest.py``,
``build.py``); :mod:`pygames.core` imports no game. A new game adds its line here."""
from .verquere import GAME as VERQUERE  # noqa: F401
from .dvonn import GAME as DVONN  # noqa: F401
from .dritzak import GAME as DRITZAK  # noqa: F401
from .duerror_grandis import GAME as DUERROR_GRANDIS  # noqa: F401
from .zoon import GAME as ZOON  # noqa: F401
from .zertz import GAME as ZERTZ  # noqa: F401
from .dvertz import GAME as DVERTZ  # noqa: F401
