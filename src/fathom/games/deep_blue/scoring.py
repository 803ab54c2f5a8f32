"""Scoring rules as pure functions (R-DB-13, R-DB-14, R-DB-17), easy to test on their own."""

from __future__ import annotations

from collections.abc import Sequence

from fathom.games.deep_blue import dive_model as model
from fathom.games.deep_blue.data import Components, TileType
from fathom.games.deep_blue.scenarios import ScenarioRules


def gem_vp(comp: Components, drawn: Sequence[int], spot_kinds: set[int]) -> int:
    """Treasure VP for a diver who stayed in: matching spot raises a colour's rate (never twice)."""
    return model.gem_vp(model.gem_rates(comp.gem_vp, comp.gem_vp_on_spot, spot_kinds), drawn)


SOURCES = ("wreck", "cards", "gems", "scenario")
"""Where a dive's VP comes from, as the end screen shows it: the wreck tile's VP to its leader, the
cards played, the treasure gems, and what a Sunken City scenario adds (R-DB-13, R-DB-14)."""


def dive_score_parts(
    *,
    comp: Components,
    scenario: ScenarioRules | None,
    tile: TileType,
    leader: int,
    joined: int,
    still_in: int,
    both_boats: int,
    drawn: Sequence[int],
    gems_drawn: int,
    card_vp: Sequence[int],
    spot_kinds: Sequence[set[int]],
) -> list[dict[str, int]]:
    """VP each seat gains from one dive, by :data:`SOURCES`. ``scenario`` is None unless the tile is a
    Sunken City. ``card_vp`` holds the cards' VP with any scenario bonus (the end screen moves the
    bonus, which the play events name, to "scenario")."""
    parts = [dict.fromkeys(SOURCES, 0) for _ in card_vp]
    for p in range(len(card_vp)):
        if not joined >> p & 1:
            continue
        parts[p]["cards"] += card_vp[p]  # kept even after resurfacing
        if still_in >> p & 1:
            parts[p]["gems"] += gem_vp(comp, drawn, spot_kinds[p])
    everyone = scenario is not None and scenario.everyone_scores_tile  # Ruins of Plenty
    for p in range(len(card_vp)):
        if joined >> p & 1 or p == leader:
            plain = model.tile_vp(tile.leader_vp, p == leader, False, False)
            parts[p]["wreck"] += plain
            parts[p]["scenario"] += model.tile_vp(tile.leader_vp, p == leader, everyone, bool(both_boats >> p & 1)) - plain
    if scenario is not None and scenario.bounty and still_in >> leader & 1:  # Bounty Wrecks
        parts[leader]["scenario"] += model.bounty_vp(gems_drawn)
    return parts


def dive_scores(**dive: object) -> list[int]:
    """VP each seat gains from one dive (the sum of its :func:`dive_score_parts`)."""
    return [sum(part.values()) for part in dive_score_parts(**dive)]  # type: ignore[arg-type]


def final_winners(vp: Sequence[int], owned_cards: Sequence[int]) -> list[int]:
    """Most VP; ties broken by most crew cards owned; still tied: a shared win (R-DB-17)."""
    best = max(vp)
    tied = [p for p, v in enumerate(vp) if v == best]
    most = max(owned_cards[p] for p in tied)
    return [p for p in tied if owned_cards[p] == most]
