"""The public read API every game answers (fathom.core.api): whose turn, what kind of step, who
sees a chance outcome; and Deep Blue's facts agree with what its views show."""

from __future__ import annotations

import fathom
from fathom.core.api import CHANCE
from fathom.core.rng import Rng


def _play(name: str, seed: int, players: int = 3, **options: object):
    """Every position of one random game of ``name``."""
    state = fathom.new_game(name, players=players, seed=seed, record_events=False, **options)
    rng = Rng(seed)
    while not state.is_terminal():
        yield state
        legal = state.legal_actions()
        state.apply(state.sample_chance() if state.is_chance_node() else legal[rng.randbelow(len(legal))])
    yield state


def test_step_kind_is_one_the_game_lists_and_turn_seat_is_a_seat() -> None:
    for name in ("deep-blue", "into-the-blue"):
        kinds = set()
        for state in _play(name, 3):
            kinds.add(state.step_kind)
            assert 0 <= state.turn_seat < 3
            if state.current_player >= 0:
                assert state.current_player == state.turn_seat or state.step_kind not in ("turn", "choose")
        assert kinds <= set(state.game.STEP_KINDS)
        assert "over" in kinds


def test_private_chance_is_seen_by_one_seat_only() -> None:
    """Into the Blue's chest (kept face down) and Deep Blue's rest draw (R-DB-7) are seen by the
    seat whose turn it is; every other chance outcome and every decision by all."""
    private = {"into-the-blue": "chest", "deep-blue": "rest-draw"}
    for name, kind in private.items():
        seen = 0
        for seed in range(4):
            for state in _play(name, seed):
                observer = state.chance_observer()
                if state.current_player == CHANCE and state.step_kind == kind:
                    assert observer == state.turn_seat
                    assert state.chance_seen_by(observer) and not state.chance_seen_by((observer + 1) % 3)
                    seen += 1
                else:
                    assert observer is None and state.chance_seen_by(0)
        assert seen, f"{name}: no {kind} step met in four games"


def test_deep_blue_facts_match_the_view() -> None:
    """The facts a bot reads say what the seat's own view says (board, boats, dive, market)."""
    for state in _play("deep-blue", 5):
        game = state.game
        comp = game.components
        view = state.view(0)
        for site in view["sites"]:
            tile = state.tile_at(comp.node(site["node"]))
            assert site["face_down"] == (tile == -2)
            assert site["tile"] == (comp.tiles[tile].id if tile >= 0 else None)
        for seat, info in enumerate(view["seats"]):
            assert info["tokens"] == state.tokens_of(seat)
            nodes = [comp.node_ids[state.boat_at(2 * seat + b)] for b in (0, 1)]
            assert nodes == [boat["node"] for boat in info["boats"]]
        assert sum(view["bag"].values()) == sum(state.bag_counts())
        assert [m["card"] for m in view["market"]] == [
            comp.cards[state.market_card(k)].id if state.market_card(k) >= 0 else None for k in range(4)]
        dive = view["dive"]
        assert (dive is None) == (state.dive_site() < 0)
        if dive is not None:
            assert dive["divers"] == [p for p in range(3) if state.in_dive(p)]
            assert dive["leader"] == state.dive_leader()
            assert sum(dive["counts"].values()) == sum(state.dive_drawn())
