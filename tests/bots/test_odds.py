"""The Deep Blue odds coach against brute force.

Brute force here is written independently of :mod:`fathom.games.deep_blue.odds`:
gems are distinct objects, every ordered draw (or pair) is enumerated, defences
are assigned by trying every assignment, and the leader's optimal stopping is a
plain recursion over the explicit bag.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

import fathom
from fathom.core.api import CHANCE
from fathom.core.rng import Rng
from fathom.games.deep_blue import odds
from fathom.games.deep_blue.data import GEMS

SILVER, GOLD, RED, GREEN, PURPLE, BLACK, BLUE = range(7)


# ---- independent brute force -------------------------------------------------------------------
def can_defend(hazards: list[int], d: odds.Defences) -> tuple[int, ...] | None:
    """Try every way to cover the hazards with spots and cards; the resources left (spots kept first)."""
    pool = (["bs"] * d.blue_spot + ["ks"] * d.black_spot + ["es"] * d.either_spot
            + ["bc"] * d.blue_cards + ["kc"] * d.black_cards)
    fits = {BLUE: {"bs", "es", "bc"}, BLACK: {"ks", "es", "kc"}}
    best = None
    for picks in itertools.permutations(range(len(pool)), len(hazards)):
        if all(pool[i] in fits[h] for i, h in zip(picks, hazards)):
            left = [x for i, x in enumerate(pool) if i not in picks]
            res = (left.count("bs"), left.count("ks"), left.count("es"), left.count("bc"), left.count("kc"))
            if best is None or sum(res) > sum(best):
                best = res
    return best if hazards else (d.blue_spot, d.black_spot, d.either_spot, d.blue_cards, d.black_cards)


def vp_if_in(diver: odds.Diver, drawn: list[int]) -> int:
    total = sum(drawn)
    cards = sum(v for needs, anyn, v in diver.cards if total >= anyn and all(a >= b for a, b in zip(drawn, needs)))
    gems = sum(r * n for r, n in zip(diver.rates, drawn))
    bounty = 2 * (total // 3) if diver.bounty else 0
    return diver.banked + cards + gems + diver.tile_vp + bounty


def vp_if_out(diver: odds.Diver, drawn_before: list[int]) -> int:
    total = sum(drawn_before)
    cards = sum(v for needs, anyn, v in diver.cards
                if total >= anyn and all(a >= b for a, b in zip(drawn_before, needs)))
    return diver.banked + cards + diver.tile_vp


def brute_next(diver: odds.Diver, bag: list[int], drawn: list[int], per_draw: int):
    gems = [g for g, n in enumerate(bag) for _ in range(n)]
    k = min(per_draw, len(gems))
    hazard = risk = 0
    ev = Fraction(0)
    count = 0
    for seq in itertools.permutations(range(len(gems)), k):
        count += 1
        counts = list(drawn)
        hz = []
        for i in seq:
            g = gems[i]
            counts[g] += 1
            if g in (BLACK, BLUE) and counts[g] >= 2:
                hz.append(g)
        hazard += bool(hz)
        if hz and can_defend(hz, diver.defences) is None:
            risk += 1
            ev += vp_if_out(diver, drawn)
        else:
            ev += vp_if_in(diver, counts)
    return Fraction(hazard, count), Fraction(risk, count), ev / count


def brute_optimal(diver: odds.Diver, bag: list[int], drawn: list[int], per_draw: int, must: bool) -> float:
    gems = tuple(g for g, n in enumerate(bag) for _ in range(n))
    res0 = (diver.defences.blue_spot, diver.defences.black_spot, diver.defences.either_spot,
            diver.defences.blue_cards, diver.defences.black_cards)

    def value(left: tuple[int, ...], drawn: tuple[int, ...], res: tuple[int, ...], must: bool) -> float:
        stop = float(vp_if_in(diver, list(drawn)))
        if not left:
            return stop
        k = min(per_draw, len(left))
        outs = list(itertools.permutations(range(len(left)), k))
        acc = 0.0
        for seq in outs:
            counts = list(drawn)
            hz = []
            for i in seq:
                g = left[i]
                counts[g] += 1
                if g in (BLACK, BLUE) and counts[g] >= 2:
                    hz.append(g)
            rest = tuple(x for i, x in enumerate(left) if i not in seq)
            d = odds.Defences(*res)
            after = can_defend(hz, d)
            if after is None:
                acc += vp_if_out(diver, list(drawn))
            else:
                acc += value(rest, tuple(counts), after, False)
        go = acc / len(outs)
        return go if must else max(stop, go)

    return value(gems, tuple(drawn), res0, must)


def random_case(rng: Rng):
    bag = [0] * 7
    for _ in range(3 + rng.randbelow(4)):
        bag[rng.choice([SILVER, GOLD, RED, GREEN, BLACK, BLUE, BLUE, BLACK])] += 1
    drawn = [0] * 7
    for g in (BLACK, BLUE):
        if rng.randbelow(2):
            drawn[g] = 1
    drawn[SILVER] = rng.randbelow(2)
    cards = []
    if rng.randbelow(2):
        cards.append(((0, 1, 0, 0, 0, 0, 0), 0, 2))
    if rng.randbelow(2):
        cards.append(((0, 0, 0, 0, 0, 0, 0), 3, 6))
    if rng.randbelow(3) == 0:
        cards.append(((1, 0, 0, 1, 0, 0, 0), 0, 5))
    d = odds.Defences(rng.randbelow(2), rng.randbelow(2), rng.randbelow(2), rng.randbelow(2), rng.randbelow(2))
    rates = (rng.choice([1, 3]), rng.choice([2, 5]), rng.choice([4, 10]), 0, 0, 0, 0)
    diver = odds.Diver(seat=0, rates=rates, defences=d, cards=tuple(sorted(cards)), banked=rng.randbelow(3),
                       tile_vp=rng.randbelow(5), bounty=bool(rng.randbelow(4) == 0))
    return diver, bag, drawn


@pytest.mark.parametrize("case", range(40))
def test_next_draw_matches_brute_force(case: int) -> None:
    diver, bag, drawn = random_case(Rng(1000 + case))
    for per_draw in (1, 2):
        got = odds.next_draw(diver, bag, drawn, per_draw)
        hazard, risk, ev = brute_next(diver, bag, drawn, per_draw)
        assert (got.hazard, got.risk, got.draw_vp) == (hazard, risk, ev), (case, per_draw)
        assert got.stop_vp == vp_if_in(diver, drawn)


@pytest.mark.parametrize(
    "defences, expected",
    [
        (odds.Defences(), Fraction(3, 5)),  # any blue in the pair: 1 - C(4,2)/C(6,2)
        (odds.Defences(blue_cards=1), Fraction(1, 15)),  # only blue+blue beats one card
        (odds.Defences(either_spot=1, blue_cards=1), Fraction(0)),
        (odds.Defences(blue_spot=1), Fraction(1, 15)),
    ],
)
def test_r_db_11_troubled_waters_pair_risk_worked_cases(defences: odds.Defences, expected: Fraction) -> None:
    """A pair is two gems at once (R-DB-11): with a blue already drawn, both hazards it brings must be met."""
    bag = (3, 0, 0, 0, 0, 1, 2)  # 3 silver, 1 black, 2 blue
    drawn = (0, 2, 0, 0, 0, 0, 1)  # 2 gold and a blue so far
    diver = odds.Diver(seat=0, rates=(0,) * 7, defences=defences)
    pair = odds.next_draw(diver, bag, drawn, per_draw=2)
    assert pair.risk == expected and pair.hazard == Fraction(3, 5)
    assert odds.next_draw(diver, bag, drawn, per_draw=1).hazard == Fraction(1, 3)  # one gem: 2 blues in 6


@pytest.mark.parametrize("case", range(25))
def test_optimal_stopping_matches_brute_force(case: int) -> None:
    diver, bag, drawn = random_case(Rng(5000 + case))
    for per_draw in (1, 2):
        must = sum(drawn) == 0
        got = odds.optimal_value(diver, bag, drawn, per_draw, must_draw=must)
        want = brute_optimal(diver, bag, drawn, per_draw, must)
        assert got == pytest.approx(want, abs=1e-9), (case, per_draw)


def test_depth_cap_is_a_lower_bound_and_exact_when_long_enough() -> None:
    diver, bag, drawn = random_case(Rng(77))
    exact = odds.optimal_value(diver, bag, drawn, 1)
    for cap in range(1, sum(bag) + 1):
        assert odds.optimal_value(diver, bag, drawn, 1, max_draws=cap) <= exact + 1e-9
    assert odds.optimal_value(diver, bag, drawn, 1, max_draws=sum(bag)) == pytest.approx(exact)


def test_safe_shortcut_agrees_with_the_full_recursion() -> None:
    # more defences than hazards left: the shortcut (draw everything) must equal brute force
    diver = odds.Diver(seat=0, rates=(1, 2, 4, 0, 0, 0, 0), defences=odds.Defences(0, 0, 1, 2, 2),
                       cards=(((0, 0, 0, 0, 0, 0, 0), 5, 6),), tile_vp=3)
    bag, drawn = [1, 1, 1, 0, 0, 2, 1], [0, 0, 0, 0, 0, 1, 0]
    assert odds.optimal_value(diver, bag, drawn, 1) == pytest.approx(brute_optimal(diver, bag, drawn, 1, False))


# ---- from a real game's view -----------------------------------------------------------------------
def dive_positions(seed: int, players: int = 3, limit: int = 6):
    """Decision points inside dives of a random game (copies), with who decides."""
    state = fathom.new_game("deep-blue", players=players, seed=seed, scenario="troubled-waters")
    rng = Rng(seed)
    out = []
    while not state.is_terminal() and len(out) < limit:
        p = state.current_player
        if p == CHANCE:
            state.apply(state.sample_chance())
            continue
        legal = state.legal_actions()
        names = [state.action_to_string(a) for a in legal]
        if state.view(p)["dive"] and ("continue" in names or any(n.startswith("defend") for n in names)):
            out.append((state.clone(), p))
        # dive whenever possible so dives happen; otherwise random
        dives = [a for a, n in zip(legal, names) if n.startswith("dive ")]
        cont = [a for a, n in zip(legal, names) if n == "continue"]
        pick = dives[0] if dives and rng.randbelow(3) else cont[0] if cont and rng.randbelow(3) else rng.choice(legal)
        state.apply(pick)
    return out


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_coach_on_real_dives_matches_brute_force(seed: int) -> None:
    positions = dive_positions(seed)
    assert positions, "the game should reach dive decisions"
    for state, seat in positions:
        view = state.view(seat)
        info = odds.coach(state, seat)
        assert info is not None and info.leader == view["dive"]["leader"]
        bag = [view["bag"].get(g, 0) for g in GEMS]
        drawn = [view["dive"]["counts"].get(g, 0) for g in GEMS]
        assert list(info.bag) == bag and list(info.drawn) == drawn
        mine = info.for_seat(seat)
        if mine is None:
            continue
        me = odds.diver_from_view(view, state.game.components, seat, seat)
        if sum(bag) <= 9:
            hazard, risk, ev = brute_next(me, bag, drawn, info.per_draw)
            assert (mine.hazard, mine.risk, mine.draw_vp) == (hazard, risk, ev)
        # the hazard chance needs no hand: it is what the bag and the drawn gems say
        total = sum(bag)
        if info.per_draw == 1 and total:
            expect = Fraction(sum(bag[g] for g in (BLACK, BLUE) if drawn[g] >= 1), total)
            assert mine.hazard == expect


def test_coach_reads_the_view_only() -> None:
    """Same view, same numbers: the coach on a determinized copy (others' hands resampled) agrees."""
    for state, seat in dive_positions(5):
        other = state.determinize(seat, Rng(9))
        assert other.view(seat) == state.view(seat)
        assert odds.coach(other, seat) == odds.coach(state, seat)


def test_no_coach_outside_a_dive() -> None:
    state = fathom.new_game("deep-blue", players=2, seed=4)
    while state.current_player == CHANCE:
        state.apply(state.sample_chance())
    assert odds.coach(state, 0) is None
