"""The dive as numbers: who a diver is, what a draw brings, what a diver keeps (R-DB-9, R-DB-10, R-DB-13).

Why a module of its own: the exact next-draw odds (:mod:`.odds`), the optimal-stopping
solver (:mod:`.stopping`) and the bots all score a dive with these same small pure
functions, on gem counts indexed by colour (``GEMS`` order). Pure standard library.

Hazards (R-DB-9): a black or blue gem is a hazard when at least one gem of its
colour was drawn before in this dive (the first is a warning).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fathom.games.deep_blue.data import GEMS

SILVER, GOLD, RED, GREEN, PURPLE, BLACK, BLUE = range(7)
HAZARD_GEMS = (BLACK, BLUE)
N_GEMS = len(GEMS)
BOUNTY_VP, BOUNTY_SET = 2, 3

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
    singles = [((g,), n) for g, n in enumerate(bag) if n]
    if per_draw == 1 or total < 2:
        return singles
    out = []
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
        counts[g] += 1
        if (g == BLACK or g == BLUE) and counts[g] >= 2:
            hazards.append(g)
    return counts, hazards


def defend(d: tuple[int, int, int, int, int], hazards: Sequence[int], cards_first: bool = True):
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
        if total >= needs_any and all(d >= k for d, k in zip(drawn, needs)):
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
        vp += BOUNTY_VP * (sum(drawn) // BOUNTY_SET)
    return vp


def out_vp(diver: Diver, drawn_before: Sequence[int]) -> int:
    """VP when ``diver`` resurfaces at the draw after ``drawn_before``: cards already played and the tile."""
    return diver.banked + cards_met_vp(diver.cards, drawn_before, diver.one_count_card) + diver.tile_vp
