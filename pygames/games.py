"""The shipped games: importing this module names them in the registry, each imported (and so
registered) on its first use (:func:`pygames.core.registry.register_lazy`): the browser's worker
imports only the game it plays. The entry modules import it (the bridge :mod:`pygames.web`,
:mod:`pygames.__main__`, :mod:`pygames.bench`, the tests' ``conftest.py``, ``build.py``);
:mod:`pygames.core` imports no game. A new game adds its line here."""
from .core.registry import register_lazy

GAMES = {
    "verquere": "pygames.verquere",
    "dvonn": "pygames.dvonn",
    "dritzak": "pygames.dritzak",
    "duerror_grandis": "pygames.duerror_grandis",
    "zoon": "pygames.zoon",
    "zertz": "pygames.zertz",
    "dvertz": "pygames.dvertz",
}
"""Game id → the module whose import registers it."""

for _id, _module in GAMES.items():
    register_lazy(_id, _module)
