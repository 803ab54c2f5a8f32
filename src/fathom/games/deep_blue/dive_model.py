"""The dive as numbers: Deep Blue's one model of a dive (R-DB-9, R-DB-10, R-DB-13, R-DB-14).

Why a module of its own: each rule of a dive is written here once, as a small pure
function on gem counts indexed by colour (``GEMS`` order), and every user applies it
from here: the engine itself (:mod:`.dive`, :mod:`.scoring`), the exact next-draw odds
(:mod:`.odds`), the optimal-stopping solver (:mod:`.stopping`) and the bots. Pure
standard library.

* Hazards (R-DB-9): a black or blue gem is a hazard when a gem of its colour was drawn
  before in this dive (the first is a warning): :func:`is_hazard`.
* Defence (R-DB-9, R-DB-13): which scouting spots defend which hazard (:data:`DEFENDED_BY`),
  and in which order a careful diver spends them (:func:`defend`).
* Cards (R-DB-10): a card scores once the gems drawn meet all its needs: :func:`needs_met`.
* Treasure (R-DB-13): VP per gem colour, raised by a matching spot: :func:`gem_rates`.
* The tile (R-DB-13, Ruins of Plenty) and the Bounty Wrecks bonus: :func:`tile_vp`, :func:`bounty_vp`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from fathom.games.deep_blue.data import DEFENCE_SPOTS, GEMS, HAZARDS, SPOT_KINDS, TREASURES
from fathom.games.deep_blue.scenarios import BOUNTY_SET_SIZE, BOUNTY_VP_PER_SET

SILVER, GOLD, RED, GREEN, PURPLE, BLACK, BLUE = range(7)
assert GEMS[BLACK] == "black" and GEMS[BLUE] == "blue"
HAZARD_GEMS = tuple(sorted(GEMS.index(g) for g in HAZARDS))
"""Gem colours that can be hazards (black, blue)."""
TREASURE_GEMS = tuple(GEMS.index(g) for g in TREASURES)
"""Gem colours that score VP for a diver still in at the end (silver, gold, red)."""
N_GEMS = len(GEMS)
DEFENDED_BY = {GEMS.index(g): tuple(SPOT_KINDS.index(k) for k in kinds) for g, kinds in DEFENCE_SPOTS.items()}
"""Hazard colour -> the scouting spot kinds that defend against it (R-DB-9)."""
_TREASURE_SPOT = {GEMS.index(g): SPOT_KINDS.index(g) for g in TREASURES}


WARNINGS = 1
"""R-DB-9: gems of a hazard colour drawn in a dive before that colour's gems are hazards (the first is a
warning). Written here only: the engine, the odds, the bots, the kernels' tables (through
:func:`hazard_from`), the terminal and the page (through ``describe()``) all follow it."""


def is_hazard(gem: int, drawn_before: int) -> bool:
    """R-DB-9: ``gem`` is a hazard when ``drawn_before`` gems of its colour came earlier in this dive."""
    return drawn_before >= WARNINGS and gem in DEFENDED_BY


def hazard_from(gem: int, most: int) -> int | None:
    """The fewest gems of ``gem``'s colour drawn before from which it is a hazard (of ``0..most``), read
    from :func:`is_hazard`; None when it never is (the kernels' and the page's form of the rule)."""
    return next((k for k in range(most + 1) if is_hazard(gem, k)), None)


def hazards_in_bag(gem: int, in_bag: int, drawn_before: int) -> int:
    """How many of the ``in_bag`` gems of colour ``gem`` would be hazards when drawn (the first ``WARNINGS``
    of a colour are warnings)."""
    if gem not in DEFENDED_BY:
        return 0
    return in_bag - min(in_bag, max(0, WARNINGS - drawn_before))


def spot_defences(spot_kinds: Collection[int]) -> tuple[int, int, int]:
    """(blue-only, black-only, either) defences among a diver's scouting spot kinds."""
    blue = black = either = 0
    for kind in spot_kinds:
        defends = [g for g, kinds in DEFENDED_BY.items() if kind in kinds]
        if len(defends) > 1:
            either += 1
        elif defends == [BLUE]:
            blue += 1
        elif defends == [BLACK]:
            black += 1
    return blue, black, either


def needs_met(needs: Sequence[int], needs_any: int, drawn: Sequence[int], total: int) -> bool:
    """R-DB-10: the ``drawn`` gems (``total`` of them) meet a card's needs by colour and its "N gems"."""
    return total >= needs_any and all(d >= k for d, k in zip(drawn, needs))


def gem_rates(plain: Sequence[int], on_spot: Sequence[int], spot_kinds: Collection[int]) -> tuple[int, ...]:
    """VP per gem colour for a diver still in at the end: a treasure's rate is raised by a spot of
    its colour (R-DB-13; two such spots do not raise it twice); hazards and the rest score nothing."""
    rates = [0] * N_GEMS
    for g in TREASURE_GEMS:
        rates[g] = on_spot[g] if _TREASURE_SPOT[g] in spot_kinds else plain[g]
    return tuple(rates)


def tile_vp(leader_vp: int, is_leader: bool, everyone_scores: bool, both_boats: bool) -> int:
    """The tile's VP for one diver of the dive: the leader's, even after resurfacing (R-DB-13); with
    Ruins of Plenty every diver's, twice with both boats in the dive (R-DB-14)."""
    if everyone_scores:
        return leader_vp * (2 if both_boats else 1)
    return leader_vp if is_leader else 0


def bounty_vp(gems_drawn: int) -> int:
    """Bounty Wrecks (R-DB-14): the leader, still in at the end, scores per full set of gems drawn."""
    return BOUNTY_VP_PER_SET * (gems_drawn // BOUNTY_SET_SIZE)


Card = tuple[tuple[int, ...], int, int]
"""An unplayed scoring card: (needs per gem colour, needs-any count, VP it scores)."""


@dataclass(frozen=True)
class Defences:
    """Protections left: spots are free, cards are spent (R-DB-9, R-DB-13)."""

    blue_spot: int = 0
    black_spot: int = 0
    either_spot: int = 0
    blue_cards: int = 0
    black_cards: int = 0

    def as_tuple(self) -> tuple[int, int, int, int, int]:
        return (self.blue_spot, self.black_spot, self.either_spot, self.blue_cards, self.black_cards)

    @classmethod
    def of(cls, spot_kinds: Collection[int], blue_cards: int = 0, black_cards: int = 0) -> Defences:
        """A diver's defences: the spots its boats hold (by kind) and its blue and black defence cards."""
        return cls(*spot_defences(spot_kinds), blue_cards, black_cards)


@dataclass(frozen=True)
class Diver:
    """What the odds need to know about one diver (all of it public or the viewer's own)."""

    seat: int
    rates: tuple[int, ...]  # VP per gem colour if still in when the dive ends
    defences: Defences = Defences()
    cards: tuple[Card, ...] = ()  # unplayed scoring cards (hand), played as soon as their needs are met
    banked: int = 0  # card VP already scored in this dive
    tile_vp: int = 0  # VP this diver scores for the tile whatever happens (leader; everyone in Ruins of Plenty)
    bounty: bool = False  # Bounty Wrecks leader: +2 VP per 3 gems drawn if still in at the end
    one_count_card: bool = False  # option one_count_card_per_dive
    hand_known: bool = True


# ---- the rules as small pure functions ------------------------------------------------------
def draw_outcomes(bag: Sequence[int], per_draw: int = 1) -> list[tuple[tuple[int, ...], int]]:
    """Every outcome of the next draw with its integer weight (ordered pairs with Troubled Waters)."""
    total = sum(bag)
    singles: list[tuple[tuple[int, ...], int]] = [((g,), n) for g, n in enumerate(bag) if n]
    if per_draw == 1 or total < 2:
        return singles
    out: list[tuple[tuple[int, ...], int]] = []
    for g1, n1 in enumerate(bag):
        if not n1:
            continue
        for g2, n2 in enumerate(bag):
            left = n2 - (g1 == g2)
            if left > 0:
                out.append(((g1, g2), n1 * left))
    return out


def hazards_after(drawn: Sequence[int], gems: Sequence[int]) -> tuple[list[int], list[int]]:
    """New drawn counts and the hazards the gems bring, in draw order."""
    counts = list(drawn)
    hazards = []
    for g in gems:
        if is_hazard(g, counts[g]):
            hazards.append(g)
        counts[g] += 1
    return counts, hazards


Res = tuple[int, int, int, int, int]
"""Defences left as (blue spot, black spot, either spot, blue cards, black cards)."""


def defend(d: Res, hazards: Sequence[int], cards_first: bool = True) -> Res | None:
    """Defences left after facing ``hazards`` (specific spot, then card, then either spot), or None."""
    bs, ks, es, bc, kc = d
    for h in hazards:
        if h == BLUE:
            if bs:
                bs -= 1
            elif cards_first and bc:
                bc -= 1
            elif es:
                es -= 1
            elif bc:
                bc -= 1
            else:
                return None
        else:
            if ks:
                ks -= 1
            elif cards_first and kc:
                kc -= 1
            elif es:
                es -= 1
            elif kc:
                kc -= 1
            else:
                return None
    return (bs, ks, es, bc, kc)


def cards_met_vp(cards: Sequence[Card], drawn: Sequence[int], one_count: bool = False) -> int:
    """VP of the cards whose needs the drawn gems meet (each card once; R-DB-10)."""
    total = sum(drawn)
    vp = 0
    best_any = 0
    for needs, needs_any, value in cards:
        if needs_met(needs, needs_any, drawn, total):
            if needs_any and one_count:
                best_any = max(best_any, value)
            else:
                vp += value
    return vp + best_any


def gem_vp(rates: Sequence[int], drawn: Sequence[int]) -> int:
    return sum(r * n for r, n in zip(rates, drawn) if r)


def stop_vp(diver: Diver, drawn: Sequence[int]) -> int:
    """VP from the dive if it ends now with ``diver`` still in (cards met are played)."""
    vp = diver.banked + cards_met_vp(diver.cards, drawn, diver.one_count_card) + gem_vp(diver.rates, drawn)
    vp += diver.tile_vp
    if diver.bounty:
        vp += bounty_vp(sum(drawn))
    return vp


def out_vp(diver: Diver, drawn_before: Sequence[int]) -> int:
    """VP when ``diver`` resurfaces at the draw after ``drawn_before``: cards already played and the tile."""
    return diver.banked + cards_met_vp(diver.cards, drawn_before, diver.one_count_card) + diver.tile_vp
