"""fathom.fast against the reference engine for Deep Blue (the differential test, CI size).

``fathom fast verify --game deep-blue --games 100000`` runs the same comparison at scale. Here about
seventeen hundred games cover 2-5 players, every Captain's Log scenario (and scenario=random), a named
first player, open scores, one "N gems" card per dive and a corrected data file. At every step: who
moves, legal actions, chance outcomes with probabilities, the drawn outcome, scores; every step for
some games and every 50th for the rest: every field of the state, every seat's whole view, every
seat's observation vector built in the kernel, and the action mask.
"""

from __future__ import annotations

import json

import pytest

pytest.importorskip("numba")

from fathom.core.api import CHANCE
from fathom.core.registry import new_game
from fathom.games.deep_blue.kernels import batch as db_batch
from fathom.games.deep_blue.kernels import play as db_play
from fathom.games.deep_blue.kernels import tables as db_tables
from fathom.games.deep_blue.kernels.verify import verify_deep_blue
from fathom.fast.verify import Mismatch
from fathom.games.deep_blue import crew, dive
from fathom.games.deep_blue.data import DEFAULT_DATA_FILE, check_data_file
from fathom.games.deep_blue.scenarios import ALL_SCENARIOS, NO_SCENARIO, RANDOM_SCENARIO

SAMPLED = 50  # compare fields and views every this many steps in the larger runs


@pytest.fixture(scope="module")
def corrected_data(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A user's corrected box: other gem values, prices, tokens, card and tile values, one more edge."""
    raw = json.loads(DEFAULT_DATA_FILE.read_text(encoding="utf-8"))
    raw["gems"]["vp"] = {"silver": 2, "gold": 3, "red": 5}
    raw["gems"]["vp_on_matching_spot"] = {"silver": 4, "gold": 6, "red": 12}
    raw["market"]["slot_prices"] = [2, 2, 3, 3]
    raw["market"]["refresh_price"] = 5
    raw["starting_tokens"]["by_seat"] = [1, 1, 2, 2, 3]
    for card in raw["crew_deck"]:
        if card.get("vp"):
            card["vp"] += 3
    for tile in raw["wreck_tiles"]:
        if tile.get("leader_vp"):
            tile["leader_vp"] += 1
            tile["scouting_spots"] = list(reversed(tile["scouting_spots"]))
    nodes = [n["id"] for n in raw["board"]["nodes"]]
    raw["board"]["edges"].append([nodes[0], nodes[-1]])
    path = tmp_path_factory.mktemp("data") / "corrected.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    assert check_data_file(path) == []
    return str(path)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_both_engines_play_the_same_games(players: int):
    every_step = verify_deep_blue(players, range(1000 * players, 1000 * players + 1), view_every=1, keen=True)
    assert every_step.view_checks == every_step.steps * (players + 1) > 0
    uniform = verify_deep_blue(players, range(100_000 * players, 100_000 * players + 20), chooser_seed=players,
                               view_every=SAMPLED)
    keen = verify_deep_blue(players, range(200_000 * players, 200_000 * players + 80), chooser_seed=players,
                            view_every=SAMPLED, keen=True)
    assert uniform.games + keen.games == 100 and keen.steps > 300 * keen.games


@pytest.mark.parametrize("scenario", ALL_SCENARIOS + (NO_SCENARIO, RANDOM_SCENARIO))
def test_both_engines_play_every_captains_log_scenario(scenario: str):
    """R-DB-8, R-DB-11, R-DB-14..16 (the scenarios' rules), and R-DB-1's drawn card."""
    players = 2 + len(scenario) % 4
    result = verify_deep_blue(players, range(50), {"scenario": scenario}, view_every=SAMPLED, keen=True)
    assert result.games == 50


@pytest.mark.parametrize("options", [{"first_player": 0}, {"first_player": 2, "scenario": RANDOM_SCENARIO},
                                     {"hidden_scores": False}, {"one_count_card_per_dive": True}])
def test_both_engines_follow_the_options(options: dict):
    """R-DB-1 (a named first player), R-DB-18 (open totals), R-DB-10 (one "N gems" card per dive)."""
    result = verify_deep_blue(3, range(500, 540), options, view_every=SAMPLED, keen=True)
    assert result.games == 40


@pytest.mark.parametrize("players", [2, 5])
def test_both_engines_read_a_corrected_data_file(players: int, corrected_data: str):
    result = verify_deep_blue(players, range(60), {"data_file": corrected_data}, view_every=SAMPLED, keen=True)
    assert result.games == 60
    game = new_game("deep-blue", players=players, seed=0, data_file=corrected_data).game
    tables = db_tables.build(game)
    assert tables[db_tables.T_REFRESH_PRICE] == 5 and tables[db_tables.T_GEM_VP_SPOT + 2] == 12


def test_a_rule_changed_in_the_reference_only_fails_the_comparison(monkeypatch: pytest.MonkeyPatch):
    """R-DB-7 in the reference only: a Rest takes back two cards instead of three."""
    monkeypatch.setattr(crew, "REST_DRAW", 2)
    with pytest.raises(Mismatch, match="differs from the reference engine"):
        verify_deep_blue(4, range(20), view_every=SAMPLED)


def test_a_hazard_rule_changed_in_the_reference_only_fails_the_comparison(monkeypatch: pytest.MonkeyPatch):
    """R-DB-9 in the reference only: the first black or blue gem is already a hazard."""
    monkeypatch.setattr(dive, "is_hazard", lambda gem, before: gem >= 5)
    with pytest.raises(Mismatch, match="legal actions|current player"):
        verify_deep_blue(4, range(20), view_every=SAMPLED, keen=True)


def test_a_table_changed_in_the_kernel_only_fails_the_comparison(monkeypatch: pytest.MonkeyPatch):
    """R-DB-13 in the kernel only: a gold gem scores one VP more (off its matching spot)."""
    build = db_tables.build

    def dearer_gold(game):
        t = build(game)
        t[db_tables.T_GEM_VP + 1] += 1
        return t

    monkeypatch.setattr(db_tables, "build", dearer_gold)
    with pytest.raises(Mismatch, match=r"scores|\.vp"):
        verify_deep_blue(3, range(30), view_every=SAMPLED, keen=True)


def test_compiled_random_play_is_fathom_bench_random_play(bench_game_lengths):
    """Seeds 0, 1, 2… with RandomBot(seed=seat + 1) in each seat: the same games, so the same lengths."""
    game = new_game("deep-blue", players=4, seed=0).game
    _, lengths = db_play.one_core(db_tables.build(game), 0, 12)
    assert lengths.tolist() == bench_game_lengths("deep-blue", 4, 12)


def test_a_random_scenario_is_setups_first_chance_event_in_both_engines_R_DB_1():
    state = new_game("deep-blue", players=3, seed=7, scenario=RANDOM_SCENARIO)
    batch = db_batch.DeepBlueBatch(state.game, 1)
    batch.reset([7])
    assert state.current_player == CHANCE and batch.current_player().tolist() == [CHANCE]
    seven = 1 / len(ALL_SCENARIOS)
    assert batch.chance_outcomes() == [[(a, seven) for a in state.game.C_SCENARIO]] == [state.chance_outcomes()]
    assert int(batch.sample_chance()[0]) == state.sample_chance()


def test_a_data_file_beyond_the_compiled_limits_is_refused_with_the_reason(monkeypatch: pytest.MonkeyPatch):
    from fathom.core.errors import OptionError

    monkeypatch.setattr(db_tables, "MAX_NODES", 10)
    with pytest.raises(OptionError, match="map nodes; the compiled engine allows at most 10"):
        db_tables.build(new_game("deep-blue", players=2, seed=0).game)


def test_fathom_fast_verify_and_bench_fast_cover_deep_blue():
    import io

    from fathom.cli.main import main

    out = io.StringIO()
    assert main(["fast", "verify", "--game", "deep-blue", "--games", "8", "--batch", "4", "--players", "2,5"],
                stdout=out) == 0
    text = out.getvalue()
    assert "deep-blue" in text and "agrees with the reference engine" in text
    out = io.StringIO()
    assert main(["bench", "--fast", "--game", "deep-blue", "--seconds", "0.2"], stdout=out) == 0
    text = out.getvalue()
    assert "deep-blue: 4 players" in text and "transitions/s" in text and "games/s" in text
    assert "deep-blue: 4 players, greedy bots" in text and "loop on one core (fathom.fast)" in text
