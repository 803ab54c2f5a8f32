"""Recruit and Refresh (R-DB-2, R-DB-5): paying card by card, the market row and its refills.

Slot k (0-based) costs ``slot_prices[k]``; new cards enter at the last slot after the
others shift toward slot 0. A card with "+1 gem" moves that gem from the supply to
the bag the moment it is laid face up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fathom.core.api import CHANCE
from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.counts import bump
from fathom.games.deep_blue.data import GEMS

if TYPE_CHECKING:
    from fathom.games.deep_blue.fields import StateFields as _Base
else:
    _Base = object

REFRESH = 4  # pay_for value meaning "the $4 refresh" rather than a slot
# what happens once a refill is done
THEN_START, THEN_TAKE, THEN_END_TURN = 0, 1, 2


class MarketRules(_Base):
    __slots__ = ()

    # ---- paying ---------------------------------------------------------------------------
    def begin_payment(self, p: int, pay_for: int, price: int) -> None:
        self.pay_for = pay_for
        self.pay_left = price
        self.phase = ph.PAY
        what = "a market refresh" if pay_for == REFRESH else f"market slot {pay_for + 1}"
        self._emit({"type": "recruit" if pay_for != REFRESH else "refresh", "seat": p, "price": price,
                    "text": f"Seat {p} pays ${price} for {what}"})
        if price <= 0:
            self.payment_complete(p)

    def legal_pay(self) -> list[int]:
        game = self.game
        p = self.actor
        cards = game.components.cards
        legal = [game.A_PAY[c] for c, n in enumerate(self.hands[p]) if n and cards[c].cash > 0]
        if self.tokens[p]:
            legal.append(game.A_PAY_TOKEN)
        return sorted(legal)

    def apply_pay(self, action: int) -> None:
        game = self.game
        p = self.actor
        if action == game.A_PAY_TOKEN:
            self.tokens[p] -= 1  # R-DB-5: a token is worth $1, then leaves the game
            self.pay_left -= 1
        else:
            card = game.PAY_CARD[action]
            cash = game.components.cards[card].cash
            self.pay_with_card(p, card, "cash", cash)  # R-DB-4: played for its cash only
            self.pay_left -= cash
        if self.pay_left <= 0:  # change is lost
            self.payment_complete(p)

    def payment_complete(self, p: int) -> None:
        if self.pay_for == REFRESH:
            comp = self.game.components
            for slot, card in enumerate(self.market):
                if card >= 0:
                    self.discarded = bump(self.discarded, card, 1)
                    self.market[slot] = -1
            self._emit({"type": "market-discarded", "text": "The market is discarded and refilled"})
            self.start_refill(tuple(range(len(comp.slot_prices))), then=THEN_TAKE)
        else:
            self.hire_from_market(p, self.pay_for)

    def hire_from_market(self, p: int, slot: int) -> None:
        """The card goes to hand; the others shift toward slot 1; a new card enters the last slot."""
        card = self.market[slot]
        self.hire(p, card)
        card_id = self.game.components.cards[card].id
        self._emit({"type": "hire", "seat": p, "card": card_id, "text": f"Seat {p} hires {card_id}"})
        rest = [c for i, c in enumerate(self.market) if i != slot and c >= 0]
        self.market[:] = rest + [-1] * (len(self.market) - len(rest))
        empty = tuple(i for i, c in enumerate(self.market) if c < 0)
        self.start_refill(empty[-1:], then=THEN_END_TURN)

    # ---- refresh's free pick --------------------------------------------------------------
    def legal_take(self) -> list[int]:
        return [self.game.A_TAKE[k] for k, card in enumerate(self.market) if card >= 0]

    def apply_take(self, action: int) -> None:
        self.hire_from_market(self.actor, self.game.A_TAKE.index(action))

    # ---- refills (chance) -----------------------------------------------------------------
    def start_refill(self, slots: tuple[int, ...], then: int) -> None:
        """Lay new cards face up in ``slots`` while the deck lasts (it is never reshuffled), then go on."""
        self.refill = slots
        self.refill_then = then
        self.continue_refill()

    def continue_refill(self) -> None:
        if self.refill and any(self.deck):
            self.phase = ph.MARKET_DRAW
            self.actor = CHANCE
            return
        self.refill = ()
        if self.refill_then == THEN_START:
            self.phase = ph.TURN
            self.actor = self.turn  # R-DB-1: the first player (drawn or named) starts
        elif self.refill_then == THEN_TAKE and any(c >= 0 for c in self.market):
            self.phase = ph.TAKE
            self.actor = self.turn
        else:
            self.end_turn()

    def chance_market_draw(self) -> list[tuple[int, int]]:
        c_card = self.game.C_CARD
        return [(c_card[c], n) for c, n in enumerate(self.deck) if n]

    def apply_market_draw(self, action: int) -> None:
        comp = self.game.components
        card = action - self.game.C_CARD[0]
        slot = self.refill[0]
        self.refill = self.refill[1:]
        self.deck = bump(self.deck, card, -1)
        self.market[slot] = card
        text = f"{comp.cards[card].id} enters market slot {slot + 1} (${comp.slot_prices[slot]})"
        gem = comp.cards[card].adds_gem
        if gem >= 0 and self.supply[gem] > 0:  # R-DB-2: +1 gem on being laid face up
            self.supply[gem] -= 1
            self.bag[gem] += 1
            text += f"; a {GEMS[gem]} gem goes from the supply into the bag"
        self._emit({"type": "market-card", "slot": slot + 1, "card": comp.cards[card].id, "text": text})
        self.continue_refill()

