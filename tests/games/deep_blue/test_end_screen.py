"""The end screen's numbers come from the engine: a dive's VP by source (R-DB-13, R-DB-14) add up to
what the seat scored, and places follow R-DB-17 (most VP, then most crew cards, then a shared win)."""

from __future__ import annotations

import random

import pytest

import fathom
from fathom.games.deep_blue.data import GEMS, SPOT_KINDS
from fathom.games.deep_blue.end import end_summary
from fathom.games.deep_blue.scenarios import ScenarioRules
from fathom.games.deep_blue.scoring import SOURCES, dive_score_parts, dive_scores


def _comp():
    return fathom.new_game("deep-blue", players=3, seed=1).game.components


def _drawn(**gems: int) -> list[int]:
    return [gems.get(g, 0) for g in GEMS]


def _wreck(comp, vp: int):
    return next(t for t in comp.tiles if t.leader_vp == vp and not t.sunken)


def test_r_db_13_a_dive_by_source_the_leader_on_a_red_spot_and_a_diver_who_resurfaced():
    # Seat 0 leads a 3 VP wreck and stays in with a boat on the red spot; seat 1 joined, played a
    # 4 VP card, then resurfaced: it keeps its card VP and loses the gems. Drawn: 2 red, 1 gold.
    comp = _comp()
    tile = _wreck(comp, 3)
    red_spot = SPOT_KINDS.index("red")
    parts = dive_score_parts(comp=comp, scenario=None, tile=tile, leader=0, joined=0b011, still_in=0b001,
                             both_boats=0, drawn=_drawn(red=2, gold=1), gems_drawn=3, card_vp=[2, 4, 0],
                             spot_kinds=[{red_spot}, set(), set()])
    assert parts[0] == {"wreck": 3, "cards": 2, "gems": 2 * 10 + 1 * 2, "scenario": 0}
    assert parts[1] == {"wreck": 0, "cards": 4, "gems": 0, "scenario": 0}
    assert parts[2] == dict.fromkeys(SOURCES, 0)  # not in the dive


def test_r_db_14_scenario_vp_is_its_own_source_bounty_and_ruins_of_plenty():
    comp = _comp()
    tile = _wreck(comp, 2)
    common = dict(comp=comp, tile=tile, leader=0, joined=0b011, still_in=0b011, drawn=_drawn(silver=6),
                  gems_drawn=6, card_vp=[0, 0, 0], spot_kinds=[set(), set(), set()])
    bounty = dive_score_parts(scenario=ScenarioRules("bounty-wrecks"), both_boats=0, **common)
    assert bounty[0] == {"wreck": 2, "cards": 0, "gems": 6, "scenario": 2 * (6 // 3)}  # +2 per 3 gems
    ruins = dive_score_parts(scenario=ScenarioRules("ruins-of-plenty"), both_boats=0b010, **common)
    assert ruins[0]["wreck"] == 2 and ruins[0]["scenario"] == 0
    assert ruins[1] == {"wreck": 0, "cards": 0, "gems": 6, "scenario": 2 * 2}  # both boats: twice the tile
    assert dive_scores(scenario=ScenarioRules("ruins-of-plenty"), both_boats=0b010, **common) == [8, 10, 0]


def _finished(scenario: str, seed: int, players: int = 3):
    st = fathom.new_game("deep-blue", players=players, seed=seed, scenario=scenario)
    rng = random.Random(seed)
    while not st.is_terminal():
        st.apply(st.sample_chance() if st.is_chance_node() else rng.choice(st.legal_actions()))
    return st


@pytest.mark.parametrize("scenario", ["troubled-waters", "best-of-the-best", "bounty-wrecks", "ruins-of-plenty"])
def test_end_summary_totals_and_sources_are_the_engines(scenario):
    for seed in range(3):
        st = _finished(scenario, seed)
        end = end_summary(st)
        scores = st.scores()
        for row in end["seats"]:
            assert row["total"] == scores[row["seat"]]
            assert row["led"] + row["joined"] == row["total"] == sum(row[name] for name in SOURCES)
            assert row["crew"] == st.owned_cards(row["seat"])
        assert end["winners"] == st.winners()
        assert {row["seat"] for row in end["seats"] if row["rank"] == 1} == set(st.winners())
        best_first = sorted(end["seats"], key=lambda r: r["rank"])
        assert [r["total"] for r in best_first] == sorted(scores, reverse=True)


def test_r_db_17_the_crew_tie_break_is_named_when_it_decided_and_a_full_tie_is_shared():
    st = _finished("troubled-waters", 1)
    crew = [st.owned_cards(p) for p in range(3)]
    more, fewer = (0, 1) if crew[0] > crew[1] else (1, 0)
    assert crew[0] != crew[1]
    st.vp[:] = [40, 40, 10]  # tied on VP: the crew decides
    end = end_summary(st)
    assert end["winners"] == [more] and not end["shared"]
    assert end["tie_break"] == {"rule": "crew", "tied": [0, 1], "crew": [crew[0], crew[1]]}
    assert [end["seats"][p]["rank"] for p in (more, fewer, 2)] == [1, 2, 3]
    st.vp[:] = [10, 10, 40]  # a tie below the winner decides nothing
    assert end_summary(st)["tie_break"] is None
