"""The game registry: each game is registered by a short id with its title, player counts and options.

>>> import pygames.games  # registers the shipped games (core itself imports none)
>>> from pygames.core import get_game
>>> g = get_game("verquere")
>>> g.title
'Verquere'
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .errors import UnknownGame
from .options import Option, validate_options


@dataclass
class Game:
    """A registered game.

    - ``id``: short id (``verquere``); ``title``: display name.
    - ``min_players``/``max_players``: seat counts (an option named ``players`` picks within them).
    - ``options``: the typed option schema.
    - ``state_class``: the :class:`~pygames.core.state.State` subclass; built as
      ``state_class(game=self, options=validated)``.
    - ``draw_svg``: ``draw_svg(observation, viewer=None, layout="wide", *, ...) -> str`` renders a view
      (an observation) to SVG; anything after ``layout`` is keyword-only (the conformance kit checks the
      signature). ``viewer`` is a seat or None and ``layout`` ``"wide"``, or ``"narrow"`` when the board
      area is at most 600 CSS px wide, where side panels belong under the board and text should stay
      at least 11 CSS px on screen (games that ignore it draw the same in both).
    - ``draw_text``: optional ``draw_text(observation, viewer) -> str``, the view as text for a terminal
      (else :func:`pygames.core.textboard.describe` lists the observation's fields).
    - ``evaluate``: ``evaluate(state) -> list[float]`` per-player values in [-1, 1] for the bots.
    - ``rollout_policy``: optional ``(state, rng) -> Action`` used in playouts.
    - ``playout``: optional ``(state, rng, decisions) -> None``: a game's own fast playout that plays up
      to ``decisions`` player decisions on ``state`` in place (chance sampled with ``rng``), for search.
    - ``player_names``: display names of the seats.
    - ``information``: required declaration, ``"perfect"`` or ``"imperfect"`` (some player cannot see
      everything: hands, face-down cards, deck order, another player's secret choices), or a callable
      ``options -> str`` when a variant decides it (as OpenSpiel's ``GameType.information``). What leaves
      the worker for the page follows from it alone (:meth:`hides_information`).
    - ``chance``: required declaration, one of :data:`CHANCE_KINDS` (``"none"``, ``"dice"``, ``"deal"``,
      ``"dice and deal"``; a coin is a two-sided die), or a callable ``options -> str``.
    - ``max_game_length``: required declaration, the most actions a game's ``history`` can hold
      (chance outcomes included), an ``int`` or a callable ``options -> int``, derived from the rules and
      stated on the rules page (OpenSpiel's ``max_game_length``); the conformance kit checks it.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    state_class: type
    options: tuple[Option, ...] = ()
    draw_svg: Callable[..., str] | None = None
    draw_text: Callable[..., str] | None = None
    evaluate: Callable[[Any], list[float]] | None = None
    rollout_policy: Callable | None = None
    playout: Callable | None = None
    player_names: tuple[str, ...] = ()
    summary: str = ""
    rules_page: str = ""
    playable: bool = True
    extra: dict = field(default_factory=dict)
    information: "str | Callable[[dict], str] | None" = None
    chance: "str | Callable[[dict], str] | None" = None
    max_game_length: "int | Callable[[dict], int] | None" = None

    def __post_init__(self) -> None:
        self.check_declarations()
        cls = self.state_class
        own = cls.__dict__.get("__repr__")
        if own is not None and getattr(own, "__wrapped__", None) is not None:
            # a @dataclass state class got a generated field dump; states show whose turn instead
            from .state import State
            setattr(cls, "__repr__", State.__repr__)

    def check_declarations(self) -> None:
        """Raise ``ValueError`` naming what is missing when the game does not declare its information
        type, chance and maximum length (every game must: see the class docstring)."""
        missing = [name for name in ("information", "chance", "max_game_length") if getattr(self, name) is None]
        if missing:
            raise ValueError(f"game {self.id!r} must declare {', '.join(missing)} (see pygames.core.registry.Game)")
        if not callable(self.information) and self.information not in INFORMATION_TYPES:
            raise ValueError(f"game {self.id!r}: information must be one of {INFORMATION_TYPES} or a callable, "
                             f"not {self.information!r}")
        if not callable(self.chance) and self.chance not in CHANCE_KINDS:
            raise ValueError(f"game {self.id!r}: chance must be one of {CHANCE_KINDS}, not {self.chance!r}")
        if not callable(self.max_game_length) and not (isinstance(self.max_game_length, int)
                                                       and self.max_game_length > 0):
            raise ValueError(f"game {self.id!r}: max_game_length must be a positive int or a callable")
        if "hidden_information" in self.extra:
            raise ValueError(f"game {self.id!r}: extra['hidden_information'] is gone; declare information=")

    def information_type(self, options: Mapping[str, Any] | None = None) -> str:
        """``"perfect"`` or ``"imperfect"`` for these options (validated first; raises InvalidOption)."""
        info = self.information
        value = info(self.validate_options(options)) if callable(info) else info
        if value not in INFORMATION_TYPES:
            raise ValueError(f"game {self.id!r}: information type {value!r} is not one of {INFORMATION_TYPES}")
        return value

    def hides_information(self, options: Mapping[str, Any] | None = None) -> bool:
        """Whether some player may not see everything in a game with these options."""
        return self.information_type(options) == "imperfect"

    def max_length(self, options: Mapping[str, Any] | None = None) -> int:
        """The declared ``max_game_length`` for these options (an upper bound on ``len(history)``)."""
        m = self.max_game_length
        return int(m(self.validate_options(options)) if callable(m) else m)  # type: ignore[arg-type]

    def validate_options(self, options: Mapping[str, Any] | None) -> dict:
        """Defaults filled in; raises InvalidOption naming an unknown or bad option."""
        return validate_options(self.options, options)

    def new_initial_state(self, options: Mapping[str, Any] | None = None):
        """The start state of a game with these options (validated)."""
        return self.state_class(game=self, options=self.validate_options(options))

    def num_players(self, options: Mapping[str, Any] | None = None) -> int:
        opts = self.validate_options(options)
        return int(opts.get("players", self.min_players))

    def player_name(self, player: int) -> str:
        if 0 <= player < len(self.player_names):
            return self.player_names[player]
        return f"Player {player + 1}"

    def to_json(self) -> dict:
        return {"id": self.id, "title": self.title, "min_players": self.min_players,
                "max_players": self.max_players, "options": [o.to_json() for o in self.options],
                "player_names": list(self.player_names), "summary": self.summary,
                "rules_page": self.rules_page, "playable": self.playable,
                "information": self.information if isinstance(self.information, str) else "variant",
                "chance": self.chance if isinstance(self.chance, str) else "variant"}


INFORMATION_TYPES = ("perfect", "imperfect")
CHANCE_KINDS = ("none", "dice", "deal", "dice and deal")

_GAMES: dict[str, Game] = {}
_LAZY: dict[str, str] = {}
"""Games named but not imported yet: id → the module whose import registers it (:func:`register_lazy`)."""


def register(game: Game, replace: bool = False) -> Game:
    """Add ``game`` to the registry (``replace=True`` to overwrite an id, for tests)."""
    if game.id in _GAMES and not replace and _GAMES[game.id] is not game:
        raise ValueError(f"game id {game.id!r} already registered")
    _GAMES[game.id] = game
    _LAZY.pop(game.id, None)
    return game


def register_lazy(game_id: str, module: str) -> None:
    """Name ``module`` (a dotted module name) as the one whose import registers ``game_id``; it is
    imported on the first :func:`get_game` of that id or :func:`list_games`, so a program (the
    browser's worker) imports only the games it uses. ``pygames.games`` names the shipped games so."""
    if game_id not in _GAMES:
        _LAZY[game_id] = module


def _import(game_ids: list[str]) -> None:
    import importlib
    for game_id in game_ids:
        module = _LAZY.get(game_id)
        if module is not None:
            importlib.import_module(module)
            if game_id not in _GAMES:
                raise ValueError(f"importing {module} did not register the game {game_id!r}")


def unregister(game_id: str) -> None:
    _GAMES.pop(game_id, None)
    _LAZY.pop(game_id, None)


def get_game(game_id: Any) -> Game:
    """The registered game ``game_id`` (imported first if only named, :func:`register_lazy`); raises
    :class:`UnknownGame` naming it.

    ``core`` imports no game: the entry modules (the bridge :mod:`pygames.web`, the command line, the
    tests, ``build.py``) import :mod:`pygames.games`, which names the shipped games."""
    if isinstance(game_id, str) and game_id in _LAZY:
        _import([game_id])
    if not isinstance(game_id, str) or game_id not in _GAMES:
        known = ", ".join(sorted(_GAMES)) or "none (import pygames.games to register the shipped games)"
        raise UnknownGame(f"unknown game {game_id!r}; known games: {known}")
    return _GAMES[game_id]


def list_games() -> list[Game]:
    """The registered games, by id (every game only named is imported first)."""
    _import(sorted(_LAZY))
    return sorted(_GAMES.values(), key=lambda g: g.id)
