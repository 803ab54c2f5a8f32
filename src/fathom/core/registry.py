"""Game registry and the public entry points ``new_game`` and ``load``."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from fathom.core.api import OLD_SAVE_FORMATS, SAVE_FORMAT, Game, State
from fathom.core.errors import FathomError, OptionError, SaveFormatError, allowed_list

GameFactory = Callable[..., Game]


def _discover() -> dict[str, str]:
    """Every game package under ``fathom.games`` that names its engine: ``NAME`` -> ``ENGINE``
    (``"module:Class"``, imported on first use). Adding a game is adding its package."""
    import importlib
    import pkgutil

    import fathom.games

    found: dict[str, str] = {}
    for info in pkgutil.iter_modules(fathom.games.__path__, "fathom.games."):
        if info.ispkg:
            package = importlib.import_module(info.name)
            engine = getattr(package, "ENGINE", None)
            if isinstance(engine, str):
                found[package.NAME] = engine
    return found


_GAMES: dict[str, str] = _discover()
_LOADED: dict[str, type[Game]] = {}


def game_names() -> list[str]:
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    """The :class:`Game` subclass for ``name`` (imported on first use)."""
    if name not in _GAMES:
        raise OptionError(f"unknown game {name!r}; allowed: {allowed_list(game_names())}")
    if name not in _LOADED:
        import importlib

        module, _, attr = _GAMES[name].partition(":")
        _LOADED[name] = getattr(importlib.import_module(module), attr)
    return _LOADED[name]


def rules_languages(name: str) -> list[str]:
    """The languages the rules summary of ``name`` is written in (``rules/<lang>.md`` beside its engine)."""
    return sorted(p.name.removesuffix(".md") for p in _rules_folder(name).iterdir() if p.name.endswith(".md"))


def rules_summary(name: str, lang: str = "en") -> str:
    """How to play ``name``, in our own words, as Markdown: for players, shown by every front end."""
    languages = rules_languages(name)
    if lang not in languages:
        raise OptionError(f"no rules of {name} in {lang!r}; allowed: {allowed_list(languages)}")
    return _rules_folder(name).joinpath(f"{lang}.md").read_text(encoding="utf-8")


def _rules_folder(name: str) -> Traversable:
    game_class(name)  # an unknown name fails here, with the allowed names
    package = _GAMES[name].partition(":")[0].rpartition(".")[0]
    return resources.files(package) / "rules"


_GAME_CACHE: dict[tuple[Any, ...], Game] = {}


def make_game(name: str, players: int | None = None, **options: Any) -> Game:
    """The (cached, immutable) game configuration."""
    cls = game_class(name)
    key = (name, players, tuple(sorted((k, repr(v)) for k, v in options.items())))
    game = _GAME_CACHE.get(key)
    if game is None:
        game = cls(players=players, **options)  # type: ignore[call-arg]
        _GAME_CACHE[key] = game
    return game


def new_game(
    name: str, players: int | None = None, seed: int | None = None, *, record_events: bool = True, **options: Any
) -> State:
    """A fresh game. ``seed=None`` picks a random seed (kept in the state, so it can be saved).

    ``record_events=False`` skips keeping the event log as the game goes (about a quarter
    faster, for simulations); ``events()`` then rebuilds it by replay when asked.
    """
    if seed is None:
        seed = secrets.randbits(63)
    elif isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise OptionError(f"seed must be a non-negative int, got {seed!r}")
    state = make_game(name, players, **options).new_initial_state(seed)
    if not record_events:
        state.stop_recording()
    return state


def stored_options(name: str, options: dict[str, Any]) -> dict[str, Any]:
    """Options read back from a record made before some defaults changed: a missing key takes the
    value it had then (:attr:`Game.OLD_DEFAULTS`), not today's default, so the game replays the same."""
    return {**{k: v for k, v in game_class(name).OLD_DEFAULTS.items() if k not in options}, **options}


def load(text: str) -> State:
    """A game from :meth:`State.to_json` text, rebuilt by replaying its action log."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFormatError(f"not a fathom save: invalid JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") not in (SAVE_FORMAT, *OLD_SAVE_FORMATS):
        raise SaveFormatError(f"not a fathom save: expected an object with format {SAVE_FORMAT!r} "
                              f"(or an older {allowed_list(OLD_SAVE_FORMATS)})")
    missing = [k for k in ("game", "players", "seed", "options", "actions") if k not in data]
    if missing:
        raise SaveFormatError(f"fathom save is missing {', '.join(missing)}")
    options = data["options"]
    if data["format"] in OLD_SAVE_FORMATS and isinstance(options, dict) and isinstance(data["game"], str):
        options = stored_options(data["game"], options)  # made when seat 0 always began (R-DB-1, R-IB-1)
    if not isinstance(options, dict):
        raise SaveFormatError("fathom save: options must be an object")
    if not isinstance(data["actions"], list):
        raise SaveFormatError(f"fathom save: actions must be a list of moves (ids or notation), "
                              f"got {'null' if data['actions'] is None else type(data['actions']).__name__}")
    state = new_game(data["game"], players=data["players"], seed=data["seed"], **options)
    for index, action in enumerate(data["actions"]):
        try:
            state.apply(state.string_to_action(action) if isinstance(action, str) else action)
        except FathomError as exc:
            raise SaveFormatError(f"fathom save: action #{index} {action!r} cannot be replayed: {exc}") from None
    return state
