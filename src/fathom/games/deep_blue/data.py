"""Deep Blue components (cards, tiles, map, gems, market) read from a data file.

Values the rulebook only shows as pictures live in ``data/deep_blue.json`` with a
``provenance`` per entry (``rulebook``, ``review`` or ``reconstructed``), never in code,
so a player who owns the box can correct them. :func:`check_data` validates such
a replacement with messages that say what is wrong.
"""

from __future__ import annotations

import json
from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from fathom.core.errors import FathomError

DEFAULT_DATA_FILE = Path(__file__).with_name("data") / "deep_blue.json"

GEMS: tuple[str, ...] = ("silver", "gold", "red", "green", "purple", "black", "blue")
"""Gem colours, in the fixed order used by every count vector of the engine."""
TREASURES = ("silver", "gold", "red")
HAZARDS = ("black", "blue")
SPOT_KINDS: tuple[str, ...] = ("silver", "gold", "red", "blue", "black", "blue_or_black")
DEFENCE_SPOTS = {"blue": ("blue", "blue_or_black"), "black": ("black", "blue_or_black")}
TILE_SETS = ("starting", "advanced", "sunken_city")
NODE_KINDS = ("harbour", "start", "advanced", "buoy")


class DataError(FathomError, ValueError):
    """A data file that does not describe a playable Deep Blue box."""


@dataclass(frozen=True)
class CardType:
    """One kind of crew card (copies are identical, so the engine counts them)."""

    index: int
    id: str
    name: str
    copies: int
    starting: bool
    needs: tuple[int, ...]  # per gem colour (GEMS order), drawn-so-far counts required
    needs_any: int  # that many gems of any colour drawn so far (0: none)
    protects: int  # gem index of the hazard it defends, or -1
    vp: int
    cash: int
    propellers: int
    adds_gem: int  # gem index moved supply -> bag when laid face up in the market, or -1
    provenance: str

    @property
    def scores_in_dive(self) -> bool:
        return self.needs_any > 0 or any(self.needs)


@dataclass(frozen=True)
class TileType:
    index: int
    id: str
    set: str
    leader_vp: int  # 0 for the empty tile
    spots: tuple[int, ...]  # SPOT_KINDS indices
    provenance: str

    @property
    def empty(self) -> bool:
        return self.set == "starting" and self.leader_vp == 0 and not self.spots

    @property
    def sunken(self) -> bool:
        return self.set == "sunken_city"


@dataclass(frozen=True)
class Scenario:
    id: str
    name: str
    rule: str


@dataclass(frozen=True)
class Components:
    """Everything in the box, indexed for a fast engine."""

    cards: tuple[CardType, ...]
    tiles: tuple[TileType, ...]
    node_ids: tuple[str, ...]
    node_kinds: tuple[str, ...]
    node_xy: tuple[tuple[float, float], ...]
    edges: tuple[tuple[int, int], ...]
    neighbours: tuple[tuple[int, ...], ...]
    distance: tuple[tuple[int, ...], ...]
    harbour: int
    start_sites: tuple[int, ...]
    advanced_sites: tuple[int, ...]
    gem_total: tuple[int, ...]
    bag_at_setup: tuple[int, ...]
    supply_at_setup: tuple[int, ...]
    gem_vp: tuple[int, ...]
    gem_vp_on_spot: tuple[int, ...]
    slot_prices: tuple[int, ...]
    refresh_price: int
    tokens_by_seat: tuple[int, ...]
    colours: tuple[str, ...]
    min_players: int
    max_players: int
    scenarios: tuple[Scenario, ...]
    provenance: dict[str, str]
    source: str

    @property
    def sunken_count(self) -> int:
        return sum(1 for t in self.tiles if t.sunken)

    def card(self, card_id: str) -> CardType:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    def tile(self, tile_id: str) -> TileType:
        for t in self.tiles:
            if t.id == tile_id:
                return t
        raise KeyError(tile_id)

    def node(self, node_id: str) -> int:
        return self.node_ids.index(node_id)

    def reconstructed(self) -> list[str]:
        """Names of every value marked ``reconstructed`` (the README lists them)."""
        return sorted(k for k, v in self.provenance.items() if "reconstructed" in v)


def _gem_vector(raw: dict[str, int], where: str, problems: list[str]) -> tuple[int, ...]:
    for colour in raw:
        if colour not in GEMS:
            problems.append(f"{where}: unknown gem colour {colour!r}; allowed: {', '.join(GEMS)}")
    return tuple(int(raw.get(g, 0)) for g in GEMS)


def _card(index: int, raw: dict[str, Any], starting: bool, problems: list[str]) -> CardType:
    where = f"card {raw.get('id', index)!r}"
    dive = raw.get("dive") or {}
    needs = _gem_vector(dive.get("needs", {}), where + " needs", problems)
    protects = dive.get("protects")
    if protects is not None and protects not in HAZARDS:
        problems.append(f"{where}: protects {protects!r}; allowed: {', '.join(HAZARDS)}")
    secondary = raw.get("secondary") or {}
    for key in secondary:
        if key not in ("cash", "propellers"):
            problems.append(f"{where}: unknown secondary use {key!r}; allowed: cash, propellers")
    adds = raw.get("adds_gem")
    if adds is not None and adds not in GEMS:
        problems.append(f"{where}: adds_gem {adds!r}; allowed: {', '.join(GEMS)} or null")
    copies = raw.get("copies", 1)
    if not isinstance(copies, int) or copies < 1:
        problems.append(f"{where}: copies must be a positive integer, got {copies!r}")
        copies = 1
    return CardType(
        index=index,
        id=str(raw.get("id", f"card-{index}")),
        name=str(raw.get("name", raw.get("id", ""))),
        copies=copies,
        starting=starting,
        needs=needs,
        needs_any=int(dive.get("needs_any", 0) or 0),
        protects=GEMS.index(protects) if protects in HAZARDS else -1,
        vp=int(raw.get("vp", 0) or 0),
        cash=int(secondary.get("cash", 0) or 0),
        propellers=int(secondary.get("propellers", 0) or 0),
        adds_gem=GEMS.index(adds) if adds in GEMS else -1,
        provenance=str(raw.get("provenance", "unknown")),
    )


def parse_data(raw: dict[str, Any], source: str = "<data>") -> tuple[Components | None, list[str]]:
    """Components from the raw JSON, plus every problem found (components is None if unusable)."""
    problems: list[str] = []
    try:
        return _parse(raw, source, problems), problems
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        problems.append(f"cannot read the data: {type(exc).__name__}: {exc}")
        return None, problems


def _parse(raw: dict[str, Any], source: str, problems: list[str]) -> Components:
    provenance: dict[str, str] = {}
    starting_raw = raw["starting_crew"]["per_player"]
    deck_raw = raw["crew_deck"]
    cards: list[CardType] = []
    for entry in starting_raw:
        cards.append(_card(len(cards), entry, True, problems))
    for entry in deck_raw:
        cards.append(_card(len(cards), entry, False, problems))
    ids = [c.id for c in cards]
    for dup in sorted({i for i in ids if ids.count(i) > 1}):
        problems.append(f"crew card id {dup!r} is used more than once; ids must be unique")
    for c in cards:
        provenance[f"card {c.id}"] = c.provenance
        if c.scores_in_dive and c.protects >= 0:
            problems.append(f"card {c.id!r}: a card either scores (needs) or protects, not both")
    deck_size = sum(c.copies for c in cards if not c.starting)
    if deck_size != 30:
        problems.append(f"the crew deck has {deck_size} cards; the box has 30 extra crew cards")
    start_size = sum(c.copies for c in cards if c.starting)
    if start_size != 4:
        problems.append(f"a starting crew has {start_size} cards; the box gives each colour 4")

    gems = raw["gems"]
    provenance["gems"] = gems.get("provenance", "unknown")
    total = _gem_vector(gems["total"], "gems.total", problems)
    bag = _gem_vector(gems["bag_at_setup"], "gems.bag_at_setup", problems)
    supply = _gem_vector(gems["supply_at_setup"], "gems.supply_at_setup", problems)
    if tuple(b + s for b, s in zip(bag, supply)) != total:
        problems.append("gems: bag_at_setup + supply_at_setup must equal total for every colour")
    if sum(total) != 31:
        problems.append(f"gems: the box has 31 gems, the file has {sum(total)}")
    for c in cards:
        if c.adds_gem >= 0 and supply[c.adds_gem] == 0:
            problems.append(f"card {c.id!r} adds a {GEMS[c.adds_gem]} gem but the supply starts with none")
    adds_by_colour = [0] * len(GEMS)
    for c in cards:
        if c.adds_gem >= 0:
            adds_by_colour[c.adds_gem] += c.copies
    for g, n in enumerate(adds_by_colour):
        if n > supply[g]:
            problems.append(
                f"{n} crew cards add a {GEMS[g]} gem (+1) but the supply starts with only {supply[g]}"
            )
    gem_vp = _gem_vector(gems["vp"], "gems.vp", problems)
    gem_vp_spot = _gem_vector(gems["vp_on_matching_spot"], "gems.vp_on_matching_spot", problems)

    tiles: list[TileType] = []
    for entry in raw["wreck_tiles"]:
        tile_set = entry.get("set")
        if tile_set not in TILE_SETS:
            problems.append(f"tile {entry.get('id')!r}: set {tile_set!r}; allowed: {', '.join(TILE_SETS)}")
        spots = []
        for kind in entry.get("scouting_spots", []):
            if kind not in SPOT_KINDS:
                problems.append(f"tile {entry.get('id')!r}: spot {kind!r}; allowed: {', '.join(SPOT_KINDS)}")
            else:
                spots.append(SPOT_KINDS.index(kind))
        tiles.append(
            TileType(
                index=len(tiles),
                id=str(entry["id"]),
                set=str(tile_set),
                leader_vp=int(entry.get("leader_vp") or 0),
                spots=tuple(spots),
                provenance=str(entry.get("provenance", "unknown")),
            )
        )
        provenance[f"tile {entry['id']}"] = tiles[-1].provenance
    tile_ids = [t.id for t in tiles]
    for dup in sorted({i for i in tile_ids if tile_ids.count(i) > 1}):
        problems.append(f"tile id {dup!r} is used more than once")
    n_start = sum(1 for t in tiles if t.set == "starting")
    n_empty = sum(1 for t in tiles if t.empty)
    n_adv = sum(1 for t in tiles if t.set != "starting")
    n_sunken = sum(1 for t in tiles if t.sunken)
    if n_empty != 1:
        problems.append(f"there must be exactly 1 empty starting tile, found {n_empty}")
    if n_sunken < 1:
        problems.append("there must be at least one Sunken City tile (the game ends with the fresco)")

    board = raw["board"]
    provenance["board"] = board.get("provenance", "unknown")
    node_ids = tuple(str(n["id"]) for n in board["nodes"])
    for dup in sorted({i for i in node_ids if node_ids.count(i) > 1}):
        problems.append(f"board node id {dup!r} is used more than once")
    kinds = tuple(str(n["kind"]) for n in board["nodes"])
    for nid, kind in zip(node_ids, kinds):
        if kind not in NODE_KINDS:
            problems.append(f"board node {nid!r}: kind {kind!r}; allowed: {', '.join(NODE_KINDS)}")
    index = {nid: i for i, nid in enumerate(node_ids)}
    edges: list[tuple[int, int]] = []
    for a, b in board["edges"]:
        if a not in index or b not in index:
            problems.append(f"board edge {a}-{b} names an unknown node")
            continue
        if a == b:
            problems.append(f"board edge {a}-{b} is a loop")
            continue
        edge = (min(index[a], index[b]), max(index[a], index[b]))
        if edge in edges:
            problems.append(f"board edge {a}-{b} is listed twice")
            continue
        edges.append(edge)
    neighbours: list[list[int]] = [[] for _ in node_ids]
    for a, b in edges:
        neighbours[a].append(b)
        neighbours[b].append(a)
    distance = []
    for start in range(len(node_ids)):
        dist = [-1] * len(node_ids)
        dist[start] = 0
        queue = deque([start])
        while queue:
            u = queue.popleft()
            for v in neighbours[u]:
                if dist[v] < 0:
                    dist[v] = dist[u] + 1
                    queue.append(v)
        distance.append(tuple(dist))
    if node_ids and any(d < 0 for d in distance[0]):
        cut = [node_ids[i] for i, d in enumerate(distance[0]) if d < 0]
        problems.append(f"the map is not connected: {', '.join(cut)} cannot be reached from {node_ids[0]}")
    harbours = [i for i, k in enumerate(kinds) if k == "harbour"]
    if len(harbours) != 1:
        problems.append(f"the map needs exactly one harbour, found {len(harbours)}")
    start_sites = tuple(i for i, k in enumerate(kinds) if k == "start")
    adv_sites = tuple(i for i, k in enumerate(kinds) if k == "advanced")
    if len(start_sites) != n_start:
        problems.append(f"{len(start_sites)} starting sites on the map but {n_start} starting tiles")
    if len(adv_sites) != n_adv:
        problems.append(f"{len(adv_sites)} advanced sites on the map but {n_adv} advanced tiles")

    market = raw["market"]
    provenance["market"] = market.get("provenance", "unknown")
    prices = tuple(int(p) for p in market["slot_prices"])
    if len(prices) != 4:
        problems.append(f"the market has 4 slots, the file gives {len(prices)} prices")
    tokens = raw["starting_tokens"]
    provenance["starting_tokens"] = tokens.get("provenance", "unknown")
    players = raw["players"]
    colours = tuple(raw["colors"])
    if len(colours) < players["max"]:
        problems.append(f"{len(colours)} colours for up to {players['max']} players")
    if len(tokens["by_seat"]) < players["max"]:
        problems.append(f"starting tokens given for {len(tokens['by_seat'])} seats, need {players['max']}")
    scenarios = tuple(Scenario(str(s["id"]), str(s["name"]), str(s["rule"])) for s in raw.get("scenarios", []))

    return Components(
        cards=tuple(cards),
        tiles=tuple(tiles),
        node_ids=node_ids,
        node_kinds=kinds,
        node_xy=tuple((float(n["x"]), float(n["y"])) for n in board["nodes"]),
        edges=tuple(edges),
        neighbours=tuple(tuple(sorted(n)) for n in neighbours),
        distance=tuple(distance),
        harbour=harbours[0] if harbours else 0,
        start_sites=start_sites,
        advanced_sites=adv_sites,
        gem_total=total,
        bag_at_setup=bag,
        supply_at_setup=supply,
        gem_vp=gem_vp,
        gem_vp_on_spot=gem_vp_spot,
        slot_prices=prices,
        refresh_price=int(market["refresh_price"]),
        tokens_by_seat=tuple(int(t) for t in tokens["by_seat"]),
        colours=colours,
        min_players=int(players["min"]),
        max_players=int(players["max"]),
        scenarios=scenarios,
        provenance=provenance,
        source=source,
    )


def check_data_file(path: str | Path) -> list[str]:
    """Every problem with a replacement data file (empty list: it is a playable box)."""
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        return [f"cannot read {path}: {exc.strerror or exc}"]
    except json.JSONDecodeError as exc:
        return [f"{path} is not valid JSON: {exc}"]
    if not isinstance(raw, dict):
        return [f"{path}: the top level must be a JSON object"]
    _, problems = parse_data(raw, str(path))
    return problems


@lru_cache(maxsize=8)
def load_components(path: str | None = None) -> Components:
    """The components of the default box, or of a replacement file (validated)."""
    source = Path(path) if path else DEFAULT_DATA_FILE
    raw = json.loads(source.read_text(encoding="utf-8"))
    components, problems = parse_data(raw, str(source))
    if components is None or problems:
        raise DataError(f"{source}: " + "; ".join(problems))
    return components
