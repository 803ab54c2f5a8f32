"""The odds a page shows, checked against a brute-force count over the bag."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

from fathom.core.registry import make_game, new_game
from fathom.games.deep_blue.data import GEMS
from fathom.games.deep_blue.page_odds import page_odds as deep_blue
from fathom.games.into_the_blue.page_odds import page_odds as into_the_blue

COMP = make_game("deep-blue", players=2).components


def _view(bag, counts, hand, boats, sunken=False, scenario="troubled-waters"):
    return {
        "options": {"scenario": scenario},
        "bag": dict(zip(GEMS, bag)),
        "seats": [{"seat": 0, "hand": hand, "boats": boats}, {"seat": 1, "boats": []}],
        "dive": {"site": "S1", "tile": "sunken-city-1" if sunken else "start-1", "sunken": sunken, "divers": [0, 1],
                 "resurfaced": [], "counts": dict(zip(GEMS, counts)), "leader": 0, "card_vp": {}, "drawn": [],
                 "pending_gems": []},
    }


def _can_defend(hazards: list[str], have: dict[str, int]) -> bool:
    short = sum(max(0, hazards.count(g) - have[g]) for g in ("blue", "black"))
    return short <= have["either"]


def _brute(bag, counts, have, per_draw):
    """Every ordered draw of physical gems, counted by hand (R-DB-9 hazards, R-DB-11 pairs)."""
    gems = [g for g, n in enumerate(bag) for _ in range(n)]
    hazard = lost = Fraction(0)
    total = 0
    for draw in permutations(range(len(gems)), min(per_draw, len(gems))):
        total += 1
        drawn = list(counts)
        hz = []
        for i in draw:
            g = gems[i]
            drawn[g] += 1
            if GEMS[g] in ("black", "blue") and drawn[g] >= 2:
                hz.append(GEMS[g])
        if hz:
            hazard += 1
            if not _can_defend(hz, have):
                lost += 1
    return hazard / total, lost / total


def test_single_draw_hazard_and_undefendable_match_a_brute_force_count():
    bag = [3, 2, 1, 0, 1, 2, 3]
    counts = [0, 0, 0, 0, 0, 1, 1]  # one black and one blue drawn: the next of either is a hazard
    view = _view(bag, counts, {"harpooner": 1, "skipper": 2}, [{"boat": 1, "node": "S1", "spot": None}])
    out = deep_blue(view, 0, COMP)
    assert out["per_draw"] == 1
    assert Fraction(out["hazard"]["exact"]) == Fraction(5, 12)
    assert Fraction(out["undefendable"]["exact"]) == Fraction(3, 12)  # only blue hurts: a harpooner stops black
    assert out["defences"] == {"blue": 0, "black": 1, "either": 0}
    tile_vp, (silver, gold, red) = COMP.tile("start-1").leader_vp, COMP.gem_vp[:3]
    assert out["stop_vp"] == tile_vp  # the leader's tile; the hazards drawn score nothing
    # one more draw: a treasure scores, a black is defended, a blue ends the dive keeping the tile
    assert Fraction(out["draw_vp"]).limit_denominator(1000) == tile_vp + Fraction(3 * silver + 2 * gold + red, 12)
    assert abs(sum(x["p"] for x in out["next"].values()) - 1) < 1e-12


def test_troubled_waters_pairs_on_a_sunken_tile():
    bag = [2, 1, 0, 0, 0, 2, 2]
    counts = [0, 0, 0, 0, 0, 0, 1]
    boats = [{"boat": 1, "node": "S1", "spot": "blue_or_black"}]
    view = _view(bag, counts, {"oxygen-diver": 1}, boats, sunken=True)
    out = deep_blue(view, 0, COMP)
    have = {"blue": 1, "black": 0, "either": 1}
    hazard, lost = _brute(bag, counts, have, 2)
    assert out["per_draw"] == 2 and out["defences"] == have
    assert Fraction(out["hazard"]["exact"]) == hazard and Fraction(out["undefendable"]["exact"]) == lost
    view["options"] = {"scenario": "storm"}  # not Troubled Waters: one gem at a time
    assert deep_blue(view, 0, COMP)["per_draw"] == 1


def test_spectators_and_resurfaced_divers_get_no_personal_risk():
    view = _view([1] * 7, [0, 0, 0, 0, 0, 1, 0], {}, [])
    spectator = deep_blue(view, None, COMP)
    assert "undefendable" not in spectator and "stop_vp" not in spectator
    assert Fraction(spectator["hazard"]["exact"]) == Fraction(1, 7)  # the one black left would be a hazard
    view["dive"]["resurfaced"] = [0]
    assert "undefendable" not in deep_blue(view, 0, COMP)
    no_dive = dict(view, dive=None)
    assert set(deep_blue(no_dive, 0, COMP)) == {"bag_total", "next"}


def test_odds_from_real_positions_agree_with_the_engine_odds():
    from fathom.bots.registry import make_bot
    from fathom.games.deep_blue import odds as engine

    game = make_game("deep-blue", 3)
    checked = 0
    for seed in range(6):
        state = new_game("deep-blue", players=3, seed=seed)
        step = 0
        while not state.is_terminal() and checked < 40:
            if state.is_chance_node():
                state.apply(state.sample_chance())
                continue
            seat = state.current_player
            view = state.view(seat)
            if view["dive"] and seat in view["dive"]["divers"] and seat not in view["dive"]["resurfaced"]:
                ours = deep_blue(view, seat, game.components)
                theirs = engine.dive_odds(view, game.components, seat).for_seat(seat)
                assert Fraction(ours["hazard"]["exact"]) == theirs.hazard
                assert Fraction(ours["undefendable"]["exact"]) == theirs.risk
                checked += 1
            state.apply(make_bot("1", "deep-blue", step).choose(state))
            step += 1
    assert checked >= 10


def test_into_the_blue_odds_for_the_deciding_seat():
    view = {"turn": {"seat": 0, "phase": "choose", "dice": [1, 2, 3, 4, 5, 5], "rolls_left": 1}}
    out = into_the_blue(view, 0)
    by = {x["target"]: x for x in out["targets"]}
    assert by["L5"]["stop"]["p"] == 1.0 and by["perfect"]["stop"]["p"] == 0.0
    assert abs(by["perfect"]["best"]["p"] - 1 / 6) < 1e-12  # reroll one 5 and hope for a chest
    assert "targets" not in into_the_blue(view, 1)
