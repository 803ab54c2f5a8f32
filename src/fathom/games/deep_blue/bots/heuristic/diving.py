"""Dives: whether to rush, how to defend, which cards to play and, as leader, whether to draw
again, from the exact dive odds of :mod:`fathom.games.deep_blue.odds`."""

from __future__ import annotations

from typing import Any

from fathom.games.deep_blue.bots import evaluation as ev
from fathom.games.deep_blue.bots.evaluation import Tables
from fathom.games.deep_blue.bots.heuristic.core import HeuristicCore
from fathom.games.deep_blue import dive_model as model
from fathom.games.deep_blue import odds


class Diving(HeuristicCore):
    """The calls of a dive under way."""

    def rush(self, state: Any, T: Tables, p: int, legal: list[int]) -> int:
        game = state.game
        node = state.dive_site()
        if any(state.boat_at(b) == node for b in (2 * p, 2 * p + 1)) and not (
            T.ruins and T.tile_sunken[state.dive_tile()]
        ):
            return game.A_DONE  # already in: a second boat scores nothing more
        P = self.params
        join = P.rival_share * ev.dive_value(state, T, p, node, kinds=(), depth=3, params=P, leader=False)
        best = None
        for a in legal:
            if a == game.A_DONE:
                continue
            boat = game.A_RUSH.index(a)
            at = state.boat_at(2 * p + boat)
            keep = 0.0
            if state.tile_at(at) >= 0:
                kinds = ev.spot_kinds(state, T, p, at)
                if kinds:
                    keep = self.hold(state, T, p, at) * ev.dive_value(state, T, p, at, kinds=kinds, depth=3,
                                                                      params=P)
                else:
                    keep = 0.5 * self.hold(state, T, p, at) * ev.dive_value(state, T, p, at, depth=3, params=P)
            gain = join - P.future * keep
            if best is None or gain > best[0]:
                best = (gain, a)
        return best[1] if best and best[0] > 0 else game.A_DONE

    def diver(self, state: Any, T: Tables, p: int) -> odds.Diver:
        """``p`` in the dive under way, as ``p`` knows itself."""
        node = state.dive_site()
        tile = state.dive_tile()
        sunken = T.tile_sunken[tile]
        kinds = ev.spot_kinds(state, T, p, node)
        cards, blue, black = ev.hand_signature(T, state.hand_of(p), sunken)
        bs, ks, es = ev.spot_defences(kinds)
        leader = state.dive_leader() == p
        tile_vp = model.tile_vp(T.tile_vp[tile], leader, bool(sunken and T.ruins), state.dives_with_both(p))
        return odds.Diver(seat=p, rates=ev.rates_for(T, kinds), defences=odds.Defences(bs, ks, es, blue, black),
                          cards=cards, banked=state.dive_card_vp(p), tile_vp=tile_vp,
                          bounty=bool(T.bounty and sunken and leader), one_count_card=T.one_count)

    def defend(self, state: Any, T: Tables, p: int, legal: list[int]) -> int:
        game = state.game
        spots = [a for a in legal if a in game.DEFEND_SPOT]
        if spots:  # free: specific spot before the blue-or-black one
            return min(spots, key=lambda a: (game.DEFEND_SPOT[a] == ev.K_EITHER, a))
        cards = [a for a in legal if a in game.DEFEND_CARD]
        if not cards:
            return game.A_RESURFACE
        P = self.params
        d = self.diver(state, T, p)
        stay = odds.stop_vp(d, state.dive_drawn())
        gone = odds.out_vp(d, state.dive_drawn())
        stake: float = stay - gone
        if state.dive_leader() == p:
            stake += 1.0  # the leader keeps control of further draws
        else:
            stake += 0.5
        cost = P.card_cost * (0.6 if self.ending_soon(state, T) else 1.0)
        if sum(state.hand_of(p)[c] for c in range(T.n_cards) if T.protects[c] == state.hazard()) > 1:
            cost *= 0.6
        return cards[0] if stake > cost else game.A_RESURFACE

    def play(self, state: Any, T: Tables, p: int, legal: list[int]) -> int:
        game = state.game
        plays = [a for a in legal if a in game.PLAY_CARD]
        if not plays:
            return game.A_DONE
        return max(plays, key=lambda a: (T.vp[game.PLAY_CARD[a]], -a))

    def continue_(self, state: Any, T: Tables, p: int, legal: list[int]) -> int:
        game = state.game
        P = self.params
        d = self.diver(state, T, p)
        bag = state.bag_counts()
        drawn = state.dive_drawn()
        sunken = T.tile_sunken[state.dive_tile()]
        per_draw = T.pair_draw if sunken else 1
        stop = float(odds.stop_vp(d, drawn))
        if P.decide_lookahead <= 1:  # one-step look-ahead (fast, for rollouts): draw once more, then stop
            step = odds.next_draw(d, bag, drawn, per_draw)
            go = float(step.draw_vp) + (P.osla_bonus if step.risk == 0 else 0.0)
        else:
            depth = max(1, (P.decide_lookahead + per_draw - 1) // per_draw)  # the cap counts gems, pairs too
            go = odds.continue_value(d, bag, drawn, per_draw, card_cost=P.card_cost, max_draws=depth)
        # rivals still in gain from another draw too
        rival = 0.0
        for o in range(T.n):
            if o != p and state.in_dive(o):
                kinds = ev.spot_kinds(state, T, o, state.dive_site())
                bs, ks, es = ev.spot_defences(kinds)
                other = odds.Diver(seat=o, rates=ev.rates_for(T, kinds), defences=odds.Defences(bs, ks, es, 1, 1))
                nd = odds.next_draw(other, bag, drawn, per_draw)
                rival += float(nd.gain)
        margin = go - stop - P.rival_weight * max(0.0, rival)
        if sunken and self.ending_soon(state, T):
            vp = self.visible_vp(state, T, p)
            me = vp[p] + stop
            best = max(vp[o] + (odds.stop_vp(self.public_diver(state, T, o), drawn) if state.in_dive(o) else 0)
                       for o in range(T.n) if o != p)
            if me > best + 2 and margin < 3:
                return game.A_STOP  # the game ends with this dive: bank the win
            if me <= best:
                return game.A_CONTINUE  # nothing to lose by pushing
        return game.A_CONTINUE if margin > 0 else game.A_STOP

    def public_diver(self, state: Any, T: Tables, o: int) -> odds.Diver:
        kinds = ev.spot_kinds(state, T, o, state.dive_site())
        return odds.Diver(seat=o, rates=ev.rates_for(T, kinds), banked=state.dive_card_vp(o))
