"""Random games from many seeds, all player counts and all scenarios.

By default ~300 games (fast enough for CI); ``FATHOM_SEEDS=3000`` plays that many instead.
Every step: all 31 gems and all 50 crew cards are somewhere, counts never go negative,
boats sit on real spots, VP never drop, there is always something to do. Sampled steps:
views recount the components, clones are equal and independent, determinized copies
look the same to their seat, views never show another seat's hand or rest pile or the
seed, illegal actions raise and change nothing, and the JSON save replays to an equal
state. Each game is played twice to show the same seed and bots give the same game.

The per-step checks read the engine's fields directly: the referee's view, the only one
that holds every hand (the public views are checked at the sampled steps).
"""

from __future__ import annotations

import json
import os
from collections import Counter

import pytest

import fathom
from fathom.bots.random_bot import RandomBot
from fathom.core.rng import Rng

from fathom.games.deep_blue.phases import DEFEND, PLAY, SAIL_PAY, SETUP_FIRST, SETUP_SCENARIO, SETUP_TILE
from fathom.games.deep_blue.phases import NAMES as PHASE_NAMES

from .helpers import GAME, SCENARIOS, TOTAL_CARDS, TOTAL_GEMS, gem_counts

N_GAMES = int(os.environ.get("FATHOM_SEEDS") or 300)
COMBOS = [(players, scenario) for players in (2, 3, 4, 5) for scenario in SCENARIOS]  # 32
SAMPLE_EVERY = 211  # deep checks on every 211th step (and at the end)
MAX_STEPS = 30000
PHASES_SEEN: Counter = Counter()


def games_for(combo_index: int) -> list[int]:
    """Seeds for one (players, scenario) combination; large and distinctive (see the seed check)."""
    return [9_000_000_000_000 + 104_729 * g for g in range(combo_index, N_GAMES, len(COMBOS))]


# ---- per-step invariants (engine fields) ----------------------------------------------------
class Referee:
    def __init__(self, state: fathom.State) -> None:
        comp = state.game.components
        n = state.game.num_players
        self.n = n
        self.gem_total = list(comp.gem_total)
        assert sum(self.gem_total) == TOTAL_GEMS
        # every card of the box: starting cards once per colour, deck cards by copies
        self.box = [c.copies * (5 if c.starting else 1) for c in comp.cards]
        self.out_of_game = [c.copies * (5 - n) if c.starting else 0 for c in comp.cards]  # unused colours
        assert sum(self.box) == TOTAL_CARDS
        self.vp = [0] * n
        self.tokens = list(comp.tokens_by_seat[:n])
        self.sunken = comp.sunken_count
        self.round: tuple[tuple, list[int], list[int]] | None = None  # (key, divers to ask, asked so far)
        self.rounds_seen: set[tuple] = set()
        self.last: tuple | None = None  # (site, phase, actor, divers in, resurfaced) at the last step

    def check(self, s) -> None:
        n = self.n
        # 31 gems: bag + supply + dive board (drawn and a pending pair) + gems lying on tiles
        gems = [a + b + c for a, b, c in zip(s.bag, s.supply, s.d_drawn)]
        for g in s.d_step:
            gems[g] += 1
        for g in s.site_gem:
            if g >= 0:
                gems[g] += 1
        assert gems == self.gem_total, (gems, s.bag, s.supply, s.d_drawn, s.d_step, s.site_gem)
        assert min(s.bag) >= 0 and min(s.supply) >= 0 and min(s.d_drawn) >= 0
        # 50 crew cards: hands, rest piles, in play, market, deck, discarded, out of the game
        piles = (*s.hands, *s.rests, *s.in_play, s.deck, s.discarded, self.out_of_game)
        cards = [sum(column) for column in zip(*piles)]
        for c in s.market:
            if c >= 0:
                cards[c] += 1
        assert cards == self.box, (cards, self.box)
        assert min(min(pile) for pile in piles) >= 0
        # boats: a spot only on a face-up tile, one boat per spot
        taken = set()
        for b, node in enumerate(s.boat_node):
            spot = s.boat_spot[b]
            if spot >= 0:
                assert s.site_tile[node] >= 0 and (node, spot) not in taken
                taken.add((node, spot))
        # R-DB-1: tokens are dealt by turn order from the first player (0, 1, 1, 2, 2), then only leave
        if s.phase in (SETUP_SCENARIO, SETUP_FIRST, SETUP_TILE):
            dealt = s.phase == SETUP_TILE or s.game.first_player is not None
            by_order = [s.tokens[(s.turn + k) % n] for k in range(n)]
            assert by_order == (list(s.game.components.tokens_by_seat[:n]) if dealt else [0] * n), by_order
            self.tokens = list(s.tokens)
        # VP never drop; tokens only leave
        for p in range(n):
            assert s.vp[p] >= self.vp[p] and 0 <= s.tokens[p] <= self.tokens[p]
        self.vp = list(s.vp)
        self.tokens = list(s.tokens)
        assert 0 <= s.fresco <= self.sunken and (s.fresco == self.sunken) == s.is_terminal()
        self.check_prompts(s)

    def check_prompts(self, s) -> None:
        """R-DB-9: after a draw, each diver still in answers each hazard exactly once, then each
        diver still in gets its card plays, leader first then clockwise. Every diver is asked,
        whatever its hand (only ``resurface`` / only ``done`` when it has no choice): who is
        asked must not tell the table what a hand holds."""
        n = self.n
        # nobody leaves a dive unasked: a diver resurfaces only by answering a hazard itself
        before = self.last
        self.last = (s.d_site, s.phase, s.actor, s.d_in, s.d_out)
        if before is not None and before[0] == s.d_site >= 0:
            left = before[3] & ~s.d_in
            assert left == s.d_out & ~before[4], (before, self.last)
            answered = 1 << before[2] if before[1] == DEFEND else 0  # the seat just asked about a hazard
            assert not left & ~answered, (f"seat(s) {left:b} left the dive without being asked", before, self.last)
        key = None
        if s.phase in (DEFEND, PLAY):
            key = (s.d_site, len(s.d_order), s.phase, len(s.d_hazards) if s.phase == DEFEND else 0)
        if self.round is not None and self.round[0] != key:  # a hazard or card-play round is over
            done, expected, seats = self.round
            assert seats == expected, f"{done}: asked {seats}, divers still in were {expected}"
            self.round = None
        if key is None:
            return
        assert s.d_in >> s.actor & 1
        legal = [s.action_to_string(a) for a in s.legal_actions()]
        if s.phase == DEFEND:
            assert "resurface" in legal
            assert len(legal) == 1 + len(set(s.defence_options(s.actor, s.d_hazards[0])))
        else:
            assert not s.d_hazards and "done" in legal
            assert len(legal) == 1 + len(s.playable_cards(s.actor))
        if self.round is None:  # its first prompt: every diver still in is to be asked, in order
            expected = [p % n for p in range(s.d_leader, s.d_leader + n) if s.d_in >> (p % n) & 1]
            assert key not in self.rounds_seen, f"round {key} asked twice"
            self.rounds_seen.add(key)
            self.round = (key, expected, [])
        seats = self.round[2]
        if s.phase == PLAY and seats and seats[-1] == s.actor:
            return  # asked again after playing a card, until done
        assert s.actor not in seats, f"seat {s.actor} asked again: {key} {seats}"
        seats.append(s.actor)
        assert seats == self.round[1][:len(seats)], (key, seats, self.round[1], s.d_leader)


# ---- sampled checks (public API) -------------------------------------------------------------
def scan_for_seed(data, seed: int) -> None:
    text = json.dumps(data)
    assert str(seed) not in text and '"seed"' not in text


def check_views(s, seed: int, rng: Rng) -> None:
    n = s.game.num_players
    over = s.is_terminal()
    # the public views recount every gem and every card
    assert sum(gem_counts(s).values()) == TOTAL_GEMS
    spectator = s.view(None)
    cards = sum(spectator["discarded"].values()) + spectator["deck_count"]
    cards += sum(1 for m in spectator["market"] if m["card"]) + 4 * (5 - n)
    for seat in range(n):
        v = s.view(seat)
        scan_for_seed(v, seed)
        own = v["seats"][seat]
        assert sum(own["hand"].values()) == own["hand_count"]
        assert sum(own["rest"].values()) == own["rest_count"]
        cards += own["hand_count"] + own["rest_count"] + sum(own["in_play"].values())
        assert own["owned_cards"] == own["hand_count"] + own["rest_count"] + sum(own["in_play"].values())
        for other in v["seats"]:
            if other["seat"] != seat:
                assert "hand" not in other and "rest" not in other
                if s.game.options["hidden_scores"] and not over:
                    assert other["vp"] is None
        # a determinized copy is a state that seat cannot tell apart from the real one
        det = s.determinize(seat, rng)
        assert det.view(seat) == v
        assert det.current_player == s.current_player
    assert cards == TOTAL_CARDS
    scan_for_seed(spectator, seed)
    assert all("hand" not in p and "rest" not in p for p in spectator["seats"])


def check_clone(s, rng: Rng) -> None:
    twin = s.clone()
    assert twin == s and twin._key() == s._key()
    before = s._key(), s.move_number(), s.view(None)
    for _ in range(5):
        if twin.is_terminal():
            break
        twin.apply(twin.sample_chance(rng) if twin.is_chance_node() else rng.choice(twin.legal_actions()))
    assert (s._key(), s.move_number(), s.view(None)) == before


def check_illegal(s) -> None:
    key = s._key(), s.move_number()
    legal = set(s.legal_actions())
    if s.is_terminal():
        with pytest.raises(fathom.IllegalActionError, match="over"):
            s.apply(0)
    else:
        illegal = next(a for a in range(len(s.game.action_names)) if a not in legal)
        with pytest.raises(fathom.IllegalActionError, match="allowed now: .+"):
            s.apply(illegal)
        with pytest.raises(fathom.IllegalActionError, match="allowed now"):
            s.apply(len(s.game.action_names) + 5)
        with pytest.raises(fathom.IllegalActionError, match="must be an int"):
            s.apply("rest")
        with pytest.raises(fathom.IllegalActionError, match="not an action"):
            s.apply_text("teleport boat1")
    assert (s._key(), s.move_number()) == key


def check_round_trip(s) -> None:
    again = fathom.load(s.to_json())
    assert again == s and again.view(None) == s.view(None)


def play(players: int, scenario: str, seed: int, deep: bool, record_events: bool = False):
    """One game with random bots; ``deep``: every check, else just play (for replays)."""
    s = fathom.new_game(GAME, players=players, seed=seed, scenario=scenario,
                        hidden_scores=seed % 3 == 0, record_events=record_events)
    bots = [RandomBot(seed % 1000 * 10 + p) for p in range(players)]
    referee = Referee(s)
    rng = Rng(seed)
    trip_at = {rng.randbelow(400) + 1, rng.randbelow(1200) + 400} if deep else set()
    for step in range(MAX_STEPS):
        if deep:
            referee.check(s)
            PHASES_SEEN[PHASE_NAMES[s.phase]] += 1
            if s.phase in (DEFEND, PLAY, SAIL_PAY) and len(s.legal_actions()) == 1:
                PHASES_SEEN[f"{PHASE_NAMES[s.phase]} (only {s.action_to_string(s.legal_actions()[0])})"] += 1
            if step % SAMPLE_EVERY == seed % SAMPLE_EVERY:
                check_views(s, seed, rng)
                check_clone(s, rng)
                check_illegal(s)
            if step in trip_at:
                check_round_trip(s)
        if s.is_terminal():
            break
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-9
            action = s.sample_chance()
        else:
            assert s.legal_actions()
            action = bots[s.current_player].choose(s)
        s.apply(action)
    else:
        raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} steps")
    return s


# the sweep fills PHASES_SEEN and test_random_games_visit_every_step_kind reads it: under
# pytest-xdist all three must run on one worker, in file order, or the check sees part of the sweep
SWEEP = pytest.mark.xdist_group("deep-blue-random-sweep")


@SWEEP
@pytest.mark.parametrize("players", [2, 4])
def test_r_db_1_random_scenario_games_keep_every_invariant(players):
    """A Captain's Log card drawn at setup: every card is dealt over the seeds, and the game plays
    on under it with every check of the other random games."""
    drawn = set()
    for seed in range(8_100_000_000_000 + players * 100, 8_100_000_000_000 + players * 100 + 12):
        s = play(players, "random", seed, deep=True)
        drawn.add(s.view(None)["options"]["scenario"])
        check_views(s, seed, Rng(seed + 1))
        check_round_trip(s)
        assert s.winners()
    assert len(drawn) >= 4 and "random" not in drawn


@SWEEP
@pytest.mark.parametrize("combo", range(len(COMBOS)), ids=[f"{p}p-{sc}" for p, sc in COMBOS])
def test_random_games_keep_every_invariant(combo):
    players, scenario = COMBOS[combo]
    for seed in games_for(combo):
        s = play(players, scenario, seed, deep=True)
        check_views(s, seed, Rng(seed + 1))
        check_illegal(s)
        check_round_trip(s)
        assert s.winners() and set(s.winners()) <= set(range(players))
        best = max(s.scores())
        assert all(s.scores()[w] == best for w in s.winners())
        # same seed and same bots: the very same game (every third game, to save time)
        if seed % 3 == 1:
            again = play(players, scenario, seed, deep=False)
            assert again.history() == s.history() and again == s


@SWEEP
def test_random_games_visit_every_step_kind():
    """Run after the sweep in the same session (pytest keeps file order): the random games
    reached every kind of step (storm-order needs two Sunken City reveals in one Sail), and
    the prompts whose only answer is ``resurface`` or ``done`` (asked all the same)."""
    if not PHASES_SEEN:
        pytest.skip("the sweep did not run in this session")
    expected = {"turn", "pay", "take", "sail-pay", "sail-move", "reveal", "scatter", "scout", "rush", "draw",
                "defend", "play", "continue", "rest-draw", "market-draw", "over",
                "defend (only resurface)", "play (only done)", "sail-pay (only done)"}
    assert expected <= set(PHASES_SEEN), expected - set(PHASES_SEEN)


def test_events_never_show_another_seats_rest_draws():
    s = play(4, "troubled-waters", 424242424242, deep=False, record_events=True)
    for seat in range(4):
        events = s.events(seat)
        assert len(events) == len(s.events(None))
        for e in events:
            if e["type"] == "rest-draw":
                assert (e["card"] is not None) == (e["seat"] == seat)
        scan_for_seed(events, 424242424242)


def test_bad_options_raise_option_error_listing_what_is_allowed():
    with pytest.raises(fathom.OptionError, match="allowed: .*'troubled-waters'.*'none'"):
        fathom.new_game(GAME, players=3, seed=1, scenario="kraken")
    with pytest.raises(fathom.OptionError, match="allowed: 2 to 5"):
        fathom.new_game(GAME, players=6, seed=1)
    with pytest.raises(fathom.OptionError, match="allowed: 2 to 5"):
        fathom.new_game(GAME, players=1, seed=1)
    with pytest.raises(fathom.OptionError, match="allowed options: .*hidden_scores"):
        fathom.new_game(GAME, players=3, seed=1, hidden_score=True)
    with pytest.raises(fathom.OptionError, match="allowed: False, True"):
        fathom.new_game(GAME, players=3, seed=1, one_count_card_per_dive="yes")
    with pytest.raises(fathom.OptionError, match="data_file"):
        fathom.new_game(GAME, players=3, seed=1, data_file="/nonexistent/deep_blue.json")
    with pytest.raises(fathom.OptionError, match="seed"):
        fathom.new_game(GAME, players=3, seed=-1)


def test_r_db_4_in_random_games_exactly_the_moves_that_show_a_card_from_the_hand_reveal_a_secret():
    """R-DB-4: a card paid, played or used to defend leaves the hand face up. ``reveals_secret``
    (front ends may not undo such a move) is true exactly when a card leaves the mover's hand
    and the event every rival sees names it."""
    kinds = Counter()
    for seed in (35, 36):  # random games in which cards also defend
        rng = Rng(7)
        s = fathom.new_game(GAME, players=3, seed=seed, first_player=0)  # seeds picked with seat 0 first
        bots = [RandomBot(seed=seed * 10 + p) for p in range(3)]
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
                continue
            p = s.current_player
            hand = s.hands[p]
            start = len(s.events(None))
            action = bots[p].choose(s)
            name = s.action_to_string(action)
            s.apply(action)
            left = {s.game.components.cards[c].id for c, n in enumerate(hand) if n > s.hands[p][c]}
            named = {e.get("card") for e in s.events((p + 1) % 3, start) if e.get("seat") == p}
            shown = bool(left & named)
            assert s.game.reveals_secret(action) == shown, name
            assert left <= named, f"{name}: {left - named} left the hand unseen"
            kinds[name.split()[0], shown] += 1
    assert {("pay", True), ("pay", False), ("play", True), ("sail", False), ("defend", True)} <= set(kinds), kinds
