"""Games as plugins: each game declares one :class:`GamePlugin`, found through the entry-point
group ``fathom.games`` (Python packaging's plugin convention).

Why: a game is more than its engine. Its bots, search policy, terminal renderer, RL encoder,
statistics, odds tables, review, compiled kernels and web renderer live in its own folder, and
every tool needs to find them by the game's name. Each game's ``plugin.py`` declares one
:class:`GamePlugin` and its distribution's ``pyproject.toml`` names it::

    [project.entry-points."fathom.games"]
    my-game = "my_game.plugin:PLUGIN"

The two games shipped with fathom are declared the same way in fathom's own ``pyproject.toml``;
nothing here imports a game, and nothing outside a game's folder names one.

Every part is named as ``"module:attribute"`` and imported only when asked for, so looking a
game up never loads another game's bots or an optional dependency (numpy, numba, matplotlib).
A part left out falls back to the generic one (random and ISMCTS bots, no renderer, no odds…).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module, metadata
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from fathom.core.errors import OptionError, allowed_list


@dataclass(frozen=True)
class GamePlugin:
    """What the tools above the engine know about one game (parts as ``"module:attribute"``)."""

    name: str
    """The engine's name (``Game.name``), also the entry point's name."""
    engine: str
    """The :class:`~fathom.core.api.Game` subclass, ``"module:Class"`` (its package holds ``rules/<lang>.md``)."""
    title: str
    """The game's name for people (``Deep Blue``)."""
    ident: str
    """The name as an identifier part: ``deep_blue`` (RL environment ids, OpenSpiel short names)."""
    camel: str
    """The name in CamelCase: ``DeepBlue`` (Gymnasium ids)."""
    bots: Mapping[str, str] = field(default_factory=dict)
    """Bot name -> its class, for the bots made for this game only (random and ISMCTS serve every game)."""
    search: str | None = None
    """The ISMCTS policy class (default: the generic one)."""
    renderer: str | None = None
    """The terminal renderer class (see :mod:`fathom.cli.renderers`)."""
    encoder: str | None = None
    """The RL observation encoder class; its module also has ``action_features(game)``."""
    policy_features: str | None = None
    """RL training: per-action features of a game (default: static features read from action names)."""
    reward_bound: float = 100.0
    """Loose bound of a seat's score lead (OpenSpiel's min/max utility with the ``score`` reward)."""
    episode_length: int = 10_000
    """OpenSpiel's default cap on moves of one game."""
    stats: str | None = None
    """``f(events, players) -> record``: what a finished game's public log says, as flat numbers."""
    summary_fields: tuple[str, ...] = ()
    """The per-seat numbers of :meth:`seat_summary`, in the end-of-game table's order."""
    end_screen: str | None = None
    """``f(state) -> dict``: a finished game's places, totals, VP by source and tie-break, from the engine."""
    profile: str | None = None
    """``f(state, seat) -> {name: count}``: what a finished game adds to that seat's player's profile (dives
    led...), from the public log; summed over their games, each shown as the catalogs' ``profile.stat.<name>``."""
    report: str | None = None
    """``f(page, records, plt)``: this game's section of the simulation report."""
    odds_table: str | None = None
    """``f(args, console) -> (title, x label, columns)``: ``fathom odds`` for this game."""
    odds_arguments: str | None = None
    """``f(parser)``: the options of ``fathom odds`` for this game."""
    page_odds: str | None = None
    """``f(view, seat, game) -> dict``: the odds a web page shows beside a position."""
    review: tuple[str, str] | None = None
    """(JSON ``kind`` of the review table, ``f(state, seat) -> calls``) of ``fathom review``."""
    review_table: str | None = None
    """``f(calls, seat, console)``: a review as a terminal table."""
    data_checker: str | None = None
    """``f(path) -> problems``: checks a replacement component file (the engine's own check)."""
    analysis: str | None = None
    """The class of this game's parts of ``fathom analyze`` (:class:`fathom.analysis.parts.GameParts`)."""
    move_facts: str | None = None
    """``f(state, actions) -> dict``: the seat to move's legal moves as facts for a page (``moves``: per
    notation its kind, card, slot, price...; ``routes``: where a sail can go, with its steps)."""
    compiled: str | None = None
    """Its compiled form, a :class:`fathom.fast.compiled.CompiledGame` (kernels, differential test, benches)."""
    web: str | None = None
    """The package whose ``web/`` folder holds the browser renderer (``renderer.js``, default export a class
    built with the page's app) and its optional ``renderer.css``; served under ``/games/<name>/``."""
    messages: str | None = None
    """The package whose ``i18n/<lang>.json`` holds this game's own words (merged into fathom's catalogs)."""
    oracle: str | None = None
    """Research only: an ISMCTS bot class searching worlds that keep what this game hides (``fathom.sim.oracles``
    measures what that secret is worth); it reads what no seat may, so no front end offers it."""

    def load(self, part: str) -> Any:
        """The object a part names, imported now; an OptionError when this game has no such part."""
        return load_target(self.target(part))

    def target(self, part: str) -> str:
        """The ``"module:attribute"`` a part names (not imported); an OptionError when this game has none."""
        target = getattr(self, part)
        if target is None:
            raise OptionError(f"{self.name} has no {part.replace('_', ' ')}")
        return str(target)

    def has(self, part: str) -> bool:
        return getattr(self, part) is not None

    def seat_summary(self, state: Any) -> list[dict[str, Any]]:
        """One dict per seat of what the public log says of how that seat's game went (for the
        players' end-of-game table; the same numbers the simulation records hold)."""
        n = state.game.num_players
        if self.stats is None:
            return [{} for _ in range(n)]
        record = self.load("stats")(state.events(None), n)
        return [{name: record[name][seat] for name in self.summary_fields} for seat in range(n)]

    def end_summary(self, state: Any) -> dict[str, Any] | None:
        """What the end screen shows of a finished game (None for a game without one)."""
        return self.load("end_screen")(state) if self.end_screen else None

    def profile_counts(self, state: Any, seat: int) -> dict[str, int]:
        """What a finished game adds to ``seat``'s player's profile (``{}`` for a game without a ``profile``)."""
        return dict(self.load("profile")(state, seat)) if self.profile else {}

    def statistics(self, state: Any) -> dict[str, Any]:
        """A finished game's public log as flat numbers (``{}`` for a game without statistics)."""
        return self.load("stats")(state.events(None), state.game.num_players) if self.stats else {}


def load_target(target: str) -> Any:
    """``"module:attribute"`` imported."""
    module, _, attr = target.partition(":")
    return getattr(import_module(module), attr)


GROUP = "fathom.games"
"""The entry-point group every game declares itself in."""


def _source_entry_points() -> dict[str, str]:
    """The games declared in the ``pyproject.toml`` of the source tree fathom runs from, if it runs from
    one (``PYTHONPATH=src``): there the installed metadata may be another checkout's or out of date, and
    the tree's own declaration is the truth. Empty for an installed wheel."""
    pyproject = Path(__file__).resolve().parents[3] / "pyproject.toml"
    if not pyproject.is_file():
        return {}
    try:
        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        return {}
    if project.get("name") != "fathom":
        return {}
    declared = project.get("entry-points", {}).get(GROUP, {})
    return {str(k): str(v) for k, v in declared.items()}


def _declared() -> dict[str, str]:
    """Entry point name -> ``"module:attribute"`` of every game installed or declared by this source tree."""
    found = {ep.name: ep.value for ep in metadata.entry_points(group=GROUP)}
    found.update(_source_entry_points())
    return found


@cache
def _registry() -> dict[str, GamePlugin]:
    """Every declared game's plugin by name, loaded once (a plugin module only declares; it imports no engine)."""
    plugins: dict[str, GamePlugin] = {}
    for name, target in sorted(_declared().items()):
        plugin = load_target(target)
        if not isinstance(plugin, GamePlugin):
            raise TypeError(f"entry point {name!r} of {GROUP!r} names {target!r}, which is not a GamePlugin")
        if plugin.name != name:
            raise ValueError(f"entry point {name!r} of {GROUP!r} declares a plugin named {plugin.name!r}")
        plugins[name] = plugin
    return plugins


_ADDED: dict[str, GamePlugin] = {}
"""Games registered in code (:func:`register`), beside the declared ones."""


def register(plugin: GamePlugin) -> None:
    """Add a game from code, without an installed distribution (a test's fake game, a notebook's draft)."""
    _ADDED[plugin.name] = plugin


def unregister(name: str) -> None:
    """Forget a game added by :func:`register` (declared games stay)."""
    _ADDED.pop(name, None)


def refresh() -> None:
    """Read the declared games again (after installing one into the running interpreter, e.g. in a test)."""
    _registry.cache_clear()


def _all() -> dict[str, GamePlugin]:
    return {**_registry(), **_ADDED}


def all_plugins() -> list[GamePlugin]:
    """Every game's plugin, by name."""
    return [plugin for _, plugin in sorted(_all().items())]


def plugin_names() -> list[str]:
    return sorted(_all())


def plugins_with(part: str) -> list[GamePlugin]:
    """The registered games that have ``part`` (e.g. ``"review"``), by name."""
    return [plugin for plugin in all_plugins() if plugin.has(part)]


def known(name: str) -> GamePlugin:
    """The plugin of the game called ``name``; an OptionError names the allowed ones."""
    plugin = _all().get(name)
    if plugin is None:
        raise OptionError(f"unknown game {name!r}; allowed: {allowed_list(plugin_names())}")
    return plugin


plugin_for = known
"""The plugin of a game by name (every game has one: it is how the game is found)."""


def web_folder(name: str) -> Traversable | None:
    """The folder of ``name``'s browser renderer (``None`` for a game without one)."""
    from importlib import resources

    plugin = known(name)
    return resources.files(plugin.web) / "web" if plugin.web else None
