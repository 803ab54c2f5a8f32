"""Crew cards moving between hand, play area and rest pile, and the Rest action (R-DB-4, R-DB-7).

Besides the true hand and rest pile, each player has ``known_hand`` and
``known_rest``: the cards everyone can place with certainty (hired cards are in hand,
cards played since the last Rest lie in the rest pile). The rest of a player's cards
is a pool whose split only the owner knows; see :mod:`knowledge`.
"""

from __future__ import annotations

from fathom.core.api import CHANCE
from fathom.core.redact import Secret
from fathom.games.deep_blue import phases as ph
from fathom.games.deep_blue.counts import bump, plus
from fathom.games.deep_blue.setup import SetupRules
from fathom.games.deep_blue.turn import TurnRules

REST_DRAW = 3


class CrewRules(SetupRules, TurnRules):
    __slots__ = ()

    def play_card(self, p: int, card: int) -> None:
        """A card leaves the hand face up; it reaches the rest pile when the turn or dive ends."""
        self.hands[p] = bump(self.hands[p], card, -1)
        if self.known_hand[p][card]:
            self.known_hand[p] = bump(self.known_hand[p], card, -1)
        self.in_play[p] = bump(self.in_play[p], card, 1)

    def pay_with_card(self, p: int, card: int, what: str, amount: int) -> None:
        """R-DB-4: a card paid for its cash or its propellers is played face up, so the table sees it."""
        self.play_card(p, card)
        if self._log is None:  # a bot's copy: no log to write (the hot path of playouts)
            return
        card_id = self.game.components.cards[card].id
        self._emit({"type": "pay", "seat": p, "card": card_id, "for": what, "amount": amount,
                    "text": f"Seat {p} plays {card_id} for {amount} {what}"})

    def hire(self, p: int, card: int) -> None:
        self.hands[p] = bump(self.hands[p], card, 1)
        self.known_hand[p] = bump(self.known_hand[p], card, 1)

    def cards_to_rest(self, p: int) -> None:
        played = self.in_play[p]
        if any(played):
            self.rests[p] = plus(self.rests[p], played)
            self.known_rest[p] = plus(self.known_rest[p], played)
            self.in_play[p] = (0,) * len(played)

    def owned_cards(self, p: int) -> int:
        """Crew cards a player owns (the tie-break of R-DB-17)."""
        return sum(self.hands[p]) + sum(self.rests[p]) + sum(self.in_play[p])

    # ---- Rest (R-DB-7) ------------------------------------------------------------------
    def begin_rest(self, p: int) -> None:
        pile = sum(self.rests[p])
        # the pile is shuffled: nobody else can say any more which of its cards stay
        self.known_rest[p] = (0,) * len(self.rests[p])
        self.rest_left = min(REST_DRAW, pile)
        self._emit({"type": "rest", "seat": p, "drawn": self.rest_left,
                    "text": f"Seat {p} rests and takes {self.rest_left} card(s) from the rest pile"})
        if self.rest_left == 0:
            self.end_turn()
        else:
            self.phase = ph.REST_DRAW
            self.actor = CHANCE

    def chance_rest_draw(self) -> list[tuple[int, int]]:
        c_card = self.game.C_CARD
        return [(c_card[c], n) for c, n in enumerate(self.rests[self.turn]) if n]

    def apply_rest_draw(self, action: int) -> None:
        p = self.turn
        card = action - self.game.C_CARD[0]
        self.rests[p] = bump(self.rests[p], card, -1)
        self.hands[p] = bump(self.hands[p], card, 1)
        self.rest_left -= 1
        card_id = self.game.components.cards[card].id
        self._emit({"type": "rest-draw", "seat": p,
                    "card": Secret(p, card_id, None),
                    "text": Secret(p, f"You take {card_id} back into your hand", f"Seat {p} takes a card back")})
        if self.rest_left == 0:
            if not any(self.rests[p]):  # the whole pile came back: every card is in hand
                self.known_hand[p] = self.hands[p]
            self.end_turn()

