"""Each game's parts, registered once: front ends and tools look a game up here.

Why: a game is more than its engine. Its bots, search policy, terminal renderer, RL
encoder, statistics, odds tables and review live in the layers above the engine (which
knows nothing of them), and every tool needs to find them by the game's name. Instead of
each tool keeping its own table keyed by game names, each game registers one
:class:`GamePlugin`, and nothing outside ``fathom.games`` switches on a game's name.

Every part is named as ``"module:attribute"`` and imported only when asked for, so
looking a game up never loads another game's bots or an optional dependency (numpy,
matplotlib). The engine itself is found by :mod:`fathom.core.registry` in the game's own
package (``fathom.games.<game>``, its ``ENGINE``).

Adding a game: write ``fathom/games/<game>/`` (its ``__init__`` names ``NAME`` and
``ENGINE``), then add one :class:`GamePlugin` line to :data:`PLUGINS` with whatever parts
it has; a part left out falls back to the generic one (random and ISMCTS bots, a plain
renderer-less front end, no odds, no review).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from fathom.core.errors import OptionError, allowed_list


@dataclass(frozen=True)
class GamePlugin:
    """What the tools above the engine know about one game (parts as ``"module:attribute"``)."""

    name: str
    """The engine's name (``Game.name``)."""
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
    report: str | None = None
    """``f(page, records, plt)``: this game's section of the simulation report."""
    odds_table: str | None = None
    """``f(args, console) -> (title, x label, columns)``: ``fathom odds`` for this game."""
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

    def load(self, part: str) -> Any:
        """The object a part names, imported now; an OptionError when this game has no such part."""
        target = getattr(self, part)
        if target is None:
            raise OptionError(f"{self.name} has no {part.replace('_', ' ')}")
        return load_target(target)

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

    def statistics(self, state: Any) -> dict[str, Any]:
        """A finished game's public log as flat numbers (``{}`` for a game without statistics)."""
        return self.load("stats")(state.events(None), state.game.num_players) if self.stats else {}


def load_target(target: str) -> Any:
    """``"module:attribute"`` imported."""
    module, _, attr = target.partition(":")
    return getattr(import_module(module), attr)


PLUGINS: tuple[GamePlugin, ...] = (
    GamePlugin(
        name="deep-blue", title="Deep Blue", ident="deep_blue", camel="DeepBlue",
        bots={"greedy": "fathom.games.deep_blue.bots.greedy:DeepBlueGreedyBot",
              "heuristic": "fathom.games.deep_blue.bots.heuristic:DeepBlueHeuristicBot"},
        search="fathom.games.deep_blue.bots.search:DeepBlueSearch",
        renderer="fathom.games.deep_blue.terminal:DeepBlueRenderer",
        encoder="fathom.games.deep_blue.encoding:DeepBlueEncoder",
        reward_bound=400.0, episode_length=20_000,
        stats="fathom.sim.stats:deep_blue",
        summary_fields=("dives_led", "dives_led_resurfaced", "vp_leading", "dives_joined", "vp_joining",
                        "resurfaced", "best_dive", "crew_hired"),
        report="fathom.sim.report:deep_blue_section",
        odds_table="fathom.cli.odds_cmd:deep_blue_table",
        page_odds="fathom.server.odds:deep_blue",
        review=("leader-calls", "fathom.games.deep_blue.review:leader_calls"),
        review_table="fathom.cli.review:deep_blue_table",
        data_checker="fathom.games.deep_blue.data:check_data_file",
        analysis="fathom.games.deep_blue.analysis:DeepBlueAnalysis",
    ),
    GamePlugin(
        name="into-the-blue", title="Into the Blue", ident="into_the_blue", camel="IntoTheBlue",
        bots={"greedy": "fathom.games.into_the_blue.bots.greedy:IntoTheBlueGreedyBot",
              "expert": "fathom.games.into_the_blue.bots.expert:IntoTheBlueExpertBot",
              "heuristic": "fathom.games.into_the_blue.bots.expert:IntoTheBlueHeuristicBot"},
        search="fathom.games.into_the_blue.bots.search:IntoTheBlueSearch",
        renderer="fathom.games.into_the_blue.terminal.renderer:IntoTheBlueRenderer",
        encoder="fathom.games.into_the_blue.encoding:IntoTheBlueEncoder",
        policy_features="fathom.rl.train:itb_action_features",
        reward_bound=120.0, episode_length=5_000,
        stats="fathom.sim.stats:into_the_blue",
        summary_fields=("seat_dives", "seat_dives_failed", "seat_dives_perfect", "shells_placed", "chests"),
        report="fathom.sim.report:into_the_blue_section",
        odds_table="fathom.cli.odds_cmd:into_the_blue_table",
        page_odds="fathom.server.odds:into_the_blue",
        review=("dice-choices", "fathom.games.into_the_blue.review:dice_choices"),
        review_table="fathom.cli.review:into_the_blue_table",
        data_checker="fathom.games.into_the_blue.data:check_data_file",
        analysis="fathom.games.into_the_blue.analysis:IntoTheBlueAnalysis",
    ),
)
"""The registry: one line per game."""

_BY_NAME = {plugin.name: plugin for plugin in PLUGINS}


def plugin_names() -> list[str]:
    return sorted(_BY_NAME)


def plugins_with(part: str) -> list[GamePlugin]:
    """The registered games that have ``part`` (e.g. ``"review"``), by name."""
    return [_BY_NAME[name] for name in plugin_names() if _BY_NAME[name].has(part)]


def plugin_for(name: str) -> GamePlugin:
    """The plugin of the game called ``name``; a game with an engine but no plugin line gets the
    generic parts only."""
    plugin = _BY_NAME.get(name)
    if plugin is not None:
        return plugin
    from fathom.core.registry import game_class

    game_class(name)  # an unknown name fails here, with the allowed names
    ident = name.replace("-", "_")
    return GamePlugin(name=name, title=name, ident=ident, camel="".join(w.title() for w in ident.split("_")))


def known(name: str) -> GamePlugin:
    """As :func:`plugin_for` for a registered plugin only (an OptionError names the allowed ones)."""
    plugin = _BY_NAME.get(name)
    if plugin is None:
        raise OptionError(f"unknown game {name!r}; allowed: {allowed_list(plugin_names())}")
    return plugin
