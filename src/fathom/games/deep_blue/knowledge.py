"""Hidden information: what other seats cannot know, and resampling it (determinize).

Everything a table keeps secret is decided lazily by chance (deck order, bag draws,
face-down tiles), so the only secrets a state holds are each player's split of
their own crew cards between hand and rest pile. Which cards a player owns is public
(starting crews are alike, hires and plays are seen), and so are some locations:
a hired card is in hand, a card played since the player's last Rest is in the rest
pile, and after a Rest that took the whole pile every card is in hand. The other
cards form a pool whose split only the owner knows; a determinization redeals that
pool at random, keeping the hand and rest-pile sizes, so every view stays the same.

Totals are not resampled even with ``hidden_scores``: every scoring event is public (R-DB-18),
so each total is known to anyone who counts, and a determinization keeps it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fathom.core.rng import Rng
from fathom.games.deep_blue.counts import expand, minus, plus

if TYPE_CHECKING:
    from fathom.games.deep_blue.fields import StateFields as _Base
else:
    _Base = object


class HiddenInfo(_Base):
    __slots__ = ()

    def unknown_pool(self, p: int) -> tuple[tuple[int, ...], int]:
        """Cards of ``p`` whose place others cannot know, and how many of them are in hand."""
        pool = minus(plus(self.hands[p], self.rests[p]), plus(self.known_hand[p], self.known_rest[p]))
        in_hand = sum(self.hands[p]) - sum(self.known_hand[p])
        return pool, in_hand

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        for p in range(self.game.num_players):
            if p == seat:
                continue
            pool, in_hand = self.unknown_pool(p)
            cards = expand(pool)
            rng.shuffle(cards)
            hand_part = [0] * len(pool)
            for c in cards[:in_hand]:
                hand_part[c] += 1
            hand_part_t = tuple(hand_part)
            self.hands[p] = plus(self.known_hand[p], hand_part_t)
            self.rests[p] = plus(self.known_rest[p], minus(pool, hand_part_t))
        self._cache = None
