"""Deep Blue's public read API: the facts bots, encoders, statistics and front ends may read.

Everything outside this package reads a Deep Blue position through these methods (and the
engine API of :mod:`fathom.core.api`), never through the state's storage fields: so the
storage can change (a bit set for the divers, counts by gem…) without breaking a bot.

Seats are ``0..n-1``; a boat is numbered ``2 * seat + boat`` (boat ``0`` or ``1``); nodes,
tiles, gems and cards are the indices of the game's :class:`~fathom.games.deep_blue.data.Components`.
A hand or rest pile is secret: read another seat's only on a determinized copy
(:meth:`~fathom.core.api.State.determinize`), never on the real game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.counts import Counts
from fathom.games.deep_blue.scenarios import ScenarioRules

if TYPE_CHECKING:
    from fathom.games.deep_blue.fields import StateFields as _Base
else:
    _Base = object

NO_TILE = -1
""":meth:`Facts.tile_at` of a node that holds no tile (a buoy, the harbour, a wreck dived)."""
FACE_DOWN = -2
""":meth:`Facts.tile_at` of an advanced site whose tile is not revealed yet (R-DB-3)."""


class Facts(_Base):
    """The read API of a Deep Blue state (mixed into :class:`DeepBlueState`)."""

    __slots__ = ()

    # ---- whose step, and what kind ------------------------------------------------------
    @property
    def turn_seat(self) -> int:
        return self.turn

    @property
    def step_kind(self) -> str:
        """One of :data:`fathom.games.deep_blue.phases.NAMES` (``turn``, ``pay``, ``draw``, ``defend``…)."""
        return ph.NAMES[self.phase]

    def chance_observer(self) -> int | None:
        """Cards drawn back from one's own rest pile (R-DB-7) are seen by that seat alone."""
        return self.turn if self.phase == ph.REST_DRAW else None

    def scenario_rules(self) -> ScenarioRules:
        """The Captain's Log card in play (face up; drawn at setup with ``scenario=random``)."""
        return self.scenario

    # ---- seats -----------------------------------------------------------------------
    def hand_of(self, seat: int) -> Counts:
        """Crew cards in ``seat``'s hand, counts by card (secret: see the module docstring)."""
        return self.hands[seat]

    def rest_of(self, seat: int) -> Counts:
        """Crew cards in ``seat``'s rest pile, counts by card (secret as the hand)."""
        return self.rests[seat]

    def tokens_of(self, seat: int) -> int:
        return self.tokens[seat]

    def vp_of(self, seat: int) -> int:
        """``seat``'s victory points (the referee's number: a view hides it with ``hidden_scores``)."""
        return self.vp[seat]

    # ---- boats and the board -----------------------------------------------------------
    def boat_at(self, boat: int) -> int:
        """The node boat ``boat`` (``2 * seat + 0/1``) is on."""
        return self.boat_node[boat]

    def boat_spot_of(self, boat: int) -> int:
        """The scouting spot boat ``boat`` holds on its tile, or -1."""
        return self.boat_spot[boat]

    def spots_taken(self, node: int) -> set[int]:
        """Scouting spots of the tile at ``node`` that a boat holds."""
        return {self.boat_spot[b] for b, at in enumerate(self.boat_node) if at == node and self.boat_spot[b] >= 0}

    def tile_at(self, node: int) -> int:
        """The tile on ``node``: a tile index, :data:`NO_TILE` or :data:`FACE_DOWN`."""
        return self.site_tile[node]

    def gem_at(self, node: int) -> int:
        """A gem lying on the tile at ``node`` (Scattered Wealth, R-DB-15), or -1."""
        return self.site_gem[node]

    def face_down_tiles(self) -> Counts:
        """Per tile: 1 while it may still be revealed on a face-down site, else 0."""
        return self.unrevealed

    def sunken_dived(self) -> int:
        """Sunken City tiles dived so far (the fresco; the game ends when it is complete)."""
        return self.fresco

    def bag_counts(self) -> Counts:
        """Gems in the bag by colour (its contents are public, its order is chance)."""
        return tuple(self.bag)

    def deck_counts(self) -> Counts:
        """Crew cards left in the deck by card (public by elimination; the order is chance)."""
        return self.deck

    def market_card(self, slot: int) -> int:
        """The card face up in market slot ``slot`` (0-based), or -1."""
        return self.market[slot]

    # ---- the step under way ---------------------------------------------------------------
    def left_to_pay(self) -> int:
        return self.pay_left

    def movement_left(self) -> int:
        """Moves paid for and not sailed yet in the sail under way."""
        return self.sail_points

    def landing_boat(self) -> int:
        """The boat (0 or 1) of the seat to move that scouts now."""
        return self.landing[0]

    # ---- the dive under way (``dive_site() < 0``: none) -------------------------------------
    def dive_site(self) -> int:
        return self.d_site

    def dive_tile(self) -> int:
        return self.d_tile

    def dive_leader(self) -> int:
        return self.d_leader

    def in_dive(self, seat: int) -> bool:
        """Is ``seat`` still diving (joined and not resurfaced)?"""
        return bool(self.d_in >> seat & 1)

    def dives_with_both(self, seat: int) -> bool:
        """Does ``seat`` dive with both boats (a Sunken City tile scores twice then)?"""
        return bool(self.d_both >> seat & 1)

    def dive_drawn(self) -> Counts:
        """Gems drawn so far in this dive, counts by colour."""
        return tuple(self.d_drawn)

    def dive_card_vp(self, seat: int) -> int:
        """VP ``seat`` has banked this dive from crew cards played."""
        return self.d_card_vp[seat]

    def hazard(self) -> int:
        """The hazard gem being defended against now (at a ``defend`` step)."""
        return self.d_hazards[0]
