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
from fathom.core.plugins import known, plugin_names

GameFactory = Callable[..., Game]


_LOADED: dict[str, type[Game]] = {}


def game_names() -> list[str]:
    """Every game declared in the entry-point group ``fathom.games`` (:mod:`fathom.core.plugins`)."""
    return plugin_names()


def game_class(name: str) -> type[Game]:
    """The :class:`Game` subclass for ``name`` (its plugin names it; imported on first use)."""
    if name not in _LOADED:
        cls = known(name).load("engine")
        if not (isinstance(cls, type) and issubclass(cls, Game)):
            raise TypeError(f"the plugin of {name!r} names an engine that is not a Game subclass: {cls!r}")
        if cls.name != name:
            raise ValueError(f"the plugin of {name!r} names an engine called {cls.name!r}")
        _LOADED[name] = cls
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
    package = game_class(name).__module__.rpartition(".")[0]  # an unknown name fails here, with the allowed names
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
