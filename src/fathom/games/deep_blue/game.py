"""Deep Blue's game configuration: options, components and the fixed action space.

Every decision and chance outcome has an integer id with a readable name
(``sail boat2 S3->B2``, ``play coral-diver``, ``gem blue``). Ids depend only on the
component data, so an action mask for a given box and player count never changes.
"""

from __future__ import annotations

from typing import Any, ClassVar

from fathom.core.api import Game, State
from fathom.core.errors import OptionError
from fathom.core.options import (
    FIRST_PLAYER_CHOICES, RANDOM_FIRST, Option, check_first_player, check_players, first_player_name, resolve_options,
)
from fathom.games.deep_blue import dive_model
from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.data import GEMS, SPOT_KINDS, Components, DataError, load_components
from fathom.games.deep_blue.scenarios import ALL_SCENARIOS, NO_SCENARIO, RANDOM_SCENARIO, TROUBLED_WATERS, ScenarioRules

DEFAULT_PLAYERS = 4
MARKET_SLOTS = 4


class DeepBlueGame(Game):
    """Deep Blue (Days of Wonder, 2019) for 2–5 players."""

    name = "deep-blue"
    STEP_KINDS: ClassVar[tuple[str, ...]] = ph.NAMES
    min_players = 2
    max_players = 5
    OPTIONS: ClassVar[dict[str, Option]] = {
        "scenario": Option(
            "scenario",
            TROUBLED_WATERS,
            ALL_SCENARIOS + (NO_SCENARIO, RANDOM_SCENARIO),
            "Captain's Log card for Sunken City dives (Troubled Waters is the rulebook's first-game pick; "
            "random: a card drawn at setup, R-DB-1)",
        ),
        "first_player": Option(
            "first_player", RANDOM_FIRST, FIRST_PLAYER_CHOICES,
            "R-DB-1: the seat that plays first (random: drawn at setup, as the box says)",
        ),
        "hidden_scores": Option(
            "hidden_scores", True, (True, False), "R-DB-18: keep each total private until the end (the box's rule)"
        ),
        "one_count_card_per_dive": Option(
            "one_count_card_per_dive", False, (False, True), "R-DB-10: at most one 'N gems' card per player per dive"
        ),
        "data_file": Option("data_file", None, (), "a replacement component file (see `fathom data check`)"),
    }

    OLD_DEFAULTS: ClassVar[dict[str, Any]] = {"first_player": 0, "hidden_scores": False}
    """What saves from before R-DB-1 and R-DB-18 changed these defaults meant (seat 0 began, totals shown)."""

    def __init__(self, players: int | None = None, **options: Any) -> None:
        self.num_players = check_players(self.name, DEFAULT_PLAYERS if players is None else players, 2, 5)
        self.options = resolve_options(self.name, self.OPTIONS, options)
        self.first_player = check_first_player(self.name, self.options["first_player"], self.num_players)
        data_file = self.options["data_file"]
        if data_file is not None and not isinstance(data_file, str):
            raise OptionError(f"{self.name}: option data_file must be a path string or None, got {data_file!r}")
        try:
            self.components: Components = load_components(data_file)
        except (OSError, DataError) as exc:
            raise OptionError(f"{self.name}: cannot use data_file {data_file!r}: {exc}") from None
        comp = self.components
        if not comp.min_players <= self.num_players <= comp.max_players:
            raise OptionError(
                f"{self.name}: this box plays {comp.min_players} to {comp.max_players}, not {self.num_players}"
            )
        chosen = self.options["scenario"]
        self.scenario = None if chosen == RANDOM_SCENARIO else ScenarioRules(chosen)
        """The scenario when the table chose one; ``None`` when it is drawn at setup (see the state's)."""
        self.CARD_CASH = tuple(c.cash for c in comp.cards)
        self.CARD_PROPELLERS = tuple(c.propellers for c in comp.cards)
        self._build_actions()

    def _build_actions(self) -> None:
        comp = self.components
        names: list[str] = []

        def add(name: str) -> int:
            names.append(name)
            return len(names) - 1

        self.A_RECRUIT = tuple(add(f"recruit slot{k + 1}") for k in range(MARKET_SLOTS))
        self.A_REFRESH = add("refresh")
        self.A_SAIL = add("sail")
        self.A_REST = add("rest")
        sites = comp.start_sites + comp.advanced_sites
        self.A_DIVE = {node: add(f"dive {comp.node_ids[node]}") for node in sorted(sites)}
        self.A_PAY = tuple(add(f"pay {c.id}") for c in comp.cards)
        self.A_PAY_TOKEN = add("pay token")
        self.A_DONE = add("done")
        self.A_MOVE: dict[tuple[int, int, int], int] = {}
        for boat in (0, 1):
            for a, b in comp.edges:
                for src, dst in ((a, b), (b, a)):
                    self.A_MOVE[(boat, src, dst)] = add(
                        f"sail boat{boat + 1} {comp.node_ids[src]}->{comp.node_ids[dst]}"
                    )
        self.MOVE_OF = {aid: key for key, aid in self.A_MOVE.items()}
        self.A_SCOUT = tuple(add(f"scout {kind}") for kind in SPOT_KINDS)
        self.A_TAKE = tuple(add(f"take slot{k + 1}") for k in range(MARKET_SLOTS))
        self.A_RUSH = (add("rush boat1"), add("rush boat2"))
        self.A_DEFEND_CARD = {c.index: add(f"defend {c.id}") for c in comp.cards if c.protects >= 0}
        self.A_DEFEND_SPOT = {k: add(f"defend spot-{SPOT_KINDS[k]}") for k in (3, 4, 5)}
        self.A_RESURFACE = add("resurface")
        self.A_PLAY = {c.index: add(f"play {c.id}") for c in comp.cards if c.scores_in_dive}
        self.A_CONTINUE = add("continue")
        self.A_STOP = add("stop")
        player_actions = list(names)
        names.clear()
        base = len(player_actions)
        self.C_GEM = tuple(base + add(f"gem {g}") for g in GEMS)
        self.C_CARD = tuple(base + add(f"card {c.id}") for c in comp.cards)
        self.C_TILE = tuple(base + add(f"tile {t.id}") for t in comp.tiles)
        # added after the outcomes above so that their ids, and old saves, stay as they were
        self.C_FIRST = tuple(base + add(first_player_name(p)) for p in range(self.num_players))
        self.C_SCENARIO = tuple(base + add(f"scenario {s}") for s in ALL_SCENARIOS)
        self._set_action_names(player_actions, names)
        # reverse maps used by the rules
        self.DIVE_SITE = {aid: node for node, aid in self.A_DIVE.items()}
        self.PAY_CARD = {aid: i for i, aid in enumerate(self.A_PAY)}
        self.DEFEND_CARD = {aid: c for c, aid in self.A_DEFEND_CARD.items()}
        self.DEFEND_SPOT = {aid: k for k, aid in self.A_DEFEND_SPOT.items()}
        self.PLAY_CARD = {aid: c for c, aid in self.A_PLAY.items()}
        # paying, defending or scoring with a crew card shows it from the hand (a token or a spot does not)
        self._REVEALING = frozenset([*self.PAY_CARD, *self.DEFEND_CARD, *self.PLAY_CARD])

    def reveals_secret(self, action: int) -> bool:
        return action in self._REVEALING

    def new_initial_state(self, seed: int) -> State:
        from fathom.games.deep_blue.state import DeepBlueState

        return DeepBlueState(self, seed)

    def describe(self) -> dict[str, Any]:
        """Static, public facts of this box (cards, tiles, map) for front ends."""
        comp = self.components
        return {
            "cards": [
                {
                    "id": c.id, "name": c.name, "starting": c.starting, "copies": c.copies, "vp": c.vp,
                    "needs": {GEMS[g]: n for g, n in enumerate(c.needs) if n},
                    "needs_any": c.needs_any, "protects": GEMS[c.protects] if c.protects >= 0 else None,
                    "cash": c.cash, "propellers": c.propellers,
                    "adds_gem": GEMS[c.adds_gem] if c.adds_gem >= 0 else None, "provenance": c.provenance,
                }
                for c in comp.cards
            ],
            "tiles": [
                {"id": t.id, "set": t.set, "leader_vp": t.leader_vp, "spots": [SPOT_KINDS[k] for k in t.spots],
                 "provenance": t.provenance}
                for t in comp.tiles
            ],
            "nodes": [
                {"id": nid, "kind": kind, "x": xy[0], "y": xy[1]}
                for nid, kind, xy in zip(comp.node_ids, comp.node_kinds, comp.node_xy)
            ],
            "edges": [[comp.node_ids[a], comp.node_ids[b]] for a, b in comp.edges],
            "scenarios": [
                {"id": s.id, "name": s.name, "rule": s.rule, "rush_distance": ScenarioRules(s.id).rush_distance}
                for s in comp.scenarios
            ],
            "gem_vp": {GEMS[g]: {"plain": plain, "on_spot": spot}
                       for g, (plain, spot) in enumerate(zip(comp.gem_vp, comp.gem_vp_on_spot)) if plain or spot},
            "market_prices": list(comp.slot_prices),
            "refresh_price": comp.refresh_price,
            "hazard_from": {GEMS[g]: dive_model.hazard_from(g, sum(comp.gem_total)) for g in dive_model.HAZARD_GEMS},
            "colours": list(comp.colours[: self.num_players]),
            "reconstructed": comp.reconstructed(),
        }
