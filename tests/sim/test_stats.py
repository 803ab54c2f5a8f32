"""Per-seat numbers of the public log: the end-of-game table people see, and simulation records."""

from __future__ import annotations

from fathom.bots.registry import make_bot
from fathom.core.driver import play
from fathom.core.registry import new_game
from fathom.core.plugins import plugin_for
from fathom.games.deep_blue.stats import statistics
from fathom.sim import stats


def _dive(leader: int, tile: str = "A1") -> dict:
    return {"type": "dive", "seat": leader, "tile": tile}


def test_deep_blue_seat_numbers_of_a_worked_log() -> None:
    events = [
        {"type": "hire", "seat": 0, "card": "harpooner"},
        _dive(0), {"type": "gem"}, {"type": "resurface", "seat": 1}, {"type": "stop", "seat": 0},
        {"type": "dive-scored", "seat": 0, "vp": 9}, {"type": "dive-scored", "seat": 1, "vp": 0},
        _dive(1), {"type": "gem"}, {"type": "hazard"}, {"type": "resurface", "seat": 1},
        {"type": "dive-scored", "seat": 1, "vp": 3},  # the leader scores the tile even after resurfacing
    ]
    rec = statistics(events, 2)
    assert rec["dives_led"] == [1, 1] and rec["dives_led_resurfaced"] == [0, 1]
    assert rec["dives_joined"] == [0, 1] and rec["resurfaced"] == [0, 2]
    assert rec["vp_leading"] == [9, 3] and rec["vp_joining"] == [0, 0]
    assert rec["best_dive"] == [9, 3] and rec["crew_hired"] == [1, 0]
    assert rec["dive_outcomes"] == ["stopped", "leader_failed"]


def test_hidden_scores_leave_the_vp_unknown() -> None:
    events = [_dive(0), {"type": "stop", "seat": 0}, {"type": "dive-scored", "seat": 0, "vp": None}]
    rec = statistics(events, 2)
    assert rec["vp_leading"] == [None, 0] and rec["best_dive"] == [None, None]


def _played(game: str, **options) -> object:
    state = new_game(game, players=3, seed=2, first_player=0, **options)  # the deal these checks were made on
    bot = "greedy" if game == "deep-blue" else "expert"
    return play(state, [make_bot(bot, game, seed=seat) for seat in range(3)])


def test_deep_blue_summary_adds_up_to_the_scores_and_the_game_totals() -> None:
    state = _played("deep-blue", hidden_scores=False)
    rows = plugin_for("deep-blue").seat_summary(state)
    rec = stats.extract("deep-blue", state)
    assert [list(row) for row in rows] == [list(plugin_for("deep-blue").summary_fields)] * 3
    assert [row["vp_leading"] + row["vp_joining"] for row in rows] == state.scores()  # every VP is a dive's
    assert sum(row["dives_led"] for row in rows) == rec["dives"]
    assert sum(row["dives_led_resurfaced"] for row in rows) == rec["dives_leader_failed"]
    assert all(0 < row["best_dive"] <= row["vp_leading"] + row["vp_joining"] for row in rows)
    # R-DB-18: hidden totals, yet every scoring event is public: the public log's numbers are the same
    hidden = plugin_for("deep-blue").seat_summary(_played("deep-blue", hidden_scores=True))
    assert hidden == rows


def test_into_the_blue_summary_adds_up_to_the_game_totals() -> None:
    state = _played("into-the-blue")
    rows = plugin_for("into-the-blue").seat_summary(state)
    rec = stats.extract("into-the-blue", state)
    assert sum(row["seat_dives"] for row in rows) == rec["dives"]
    assert sum(row["seat_dives_perfect"] for row in rows) == rec["dives_perfect"]
    assert [row["shells_placed"] for row in rows] == rec["shells_placed"]
