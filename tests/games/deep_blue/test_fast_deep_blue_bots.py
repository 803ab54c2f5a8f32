"""The compiled Deep Blue bots against the Python bots: the same action at every decision.

Seeded games of 2-5 players: at every decision the Python bot of the deciding seat chooses, the
compiled policy chooses on the same state (the kernel's copy of the game, kept in step), and the two
must be equal. Both games then take the Python bot's action.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")

from fathom.bots.specs import build_bot
from fathom.core.api import CHANCE, TERMINAL
from fathom.core.registry import new_game
from fathom.core.rng import Rng
from fathom.games.deep_blue.bots.compiled import choose as db_bots
from fathom.games.deep_blue.kernels.batch import DeepBlueBatch
from fathom.games.deep_blue.kernels import tables as D
from fathom.games.deep_blue.kernels.kernel import apply, sample_chance
from fathom.games.deep_blue.kernels.tables import MAX_PLAYERS
from fathom.games.deep_blue.data import DEFAULT_DATA_FILE, check_data_file
from fathom.games.deep_blue.scenarios import ALL_SCENARIOS, NO_SCENARIO, RANDOM_SCENARIO


def _seated(seats: list[list[str]], seed_base: int) -> tuple[list[list[Any]], np.ndarray, np.ndarray]:
    """Python bots of ``seats`` (game ``k``, seat ``s`` seeded ``seed_base + 1000 * k + s``), their
    compiled kinds and their generators' states."""
    bots = [[build_bot(spec, "deep-blue", seed_base + 1000 * k + s) for s, spec in enumerate(row)]
            for k, row in enumerate(seats)]
    kinds = np.zeros((len(seats), MAX_PLAYERS), np.int64)
    states = np.zeros((len(seats), MAX_PLAYERS), np.uint64)
    for k, row in enumerate(bots):
        for s, bot in enumerate(row):
            kind = db_bots.seat_policy(bot)
            assert kind is not None, seats[k][s]
            kinds[k, s] = kind
            states[k, s] = Rng(seed_base + 1000 * k + s).state
    return bots, kinds, states


def play_and_compare(players: int, specs: list[str], seeds: range, options: dict[str, Any] | None = None,
                     choices: Counter[tuple[str, str]] | None = None, advisor: str | None = None) -> dict[str, int]:
    """Play ``seeds`` with ``specs`` (seat ``s`` of game ``k`` gets ``specs[(s + k) % len]``); return
    the decisions compared per spec. Fails on the first differing choice. ``choices`` counts the
    real choices (two or more legal actions) compared, by spec and phase. An ``advisor`` (a spec)
    is asked too at every decision, in both engines, with its own generators, but not obeyed: it
    sees the positions the seated bots lead to (counted as ``"<advisor> advising"``)."""
    options = options or {}
    refs = [new_game("deep-blue", players=players, seed=s, record_events=False, **options) for s in seeds]
    game = refs[0].game
    batch = DeepBlueBatch(game, len(refs))
    batch.reset(seeds)
    seats = [[specs[(s + k) % len(specs)] for s in range(players)] for k in range(len(refs))]
    bots, kinds, states = _seated(seats, 0)
    askers, ask_kinds, ask_states = _seated([[advisor or specs[0]] * players] * len(refs), 500)
    G = db_bots.policy_tables(game)
    compiled = np.zeros(len(refs), np.int64)
    advised = np.zeros(len(refs), np.int64)
    actions = np.zeros(len(refs), np.int64)
    compared = {spec: 0 for spec in [*specs, *([f"{advisor} advising"] if advisor else [])]}

    def check(who: str, k: int, seat: int, python: int, fast: int) -> None:
        r = refs[k]
        assert fast == python, (f"{who} in seat {seat} of seed {seeds[k]}: Python chose "
                                f"{r.action_to_string(python)}, compiled {r.action_to_string(fast)}")
        compared[who] += 1
        if choices is not None and len(r.legal_actions()) > 1:
            choices[who, r.view(seat)["phase"]] += 1

    while any(r.current_player != TERMINAL for r in refs):
        db_bots.decide_batch(batch.S, batch.T, G, kinds, states, compiled)
        if advisor:
            db_bots.decide_batch(batch.S, batch.T, G, ask_kinds, ask_states, advised)
        for k, r in enumerate(refs):
            seat = r.current_player
            if seat == TERMINAL:
                actions[k] = -1
                continue
            if seat == CHANCE:
                actions[k] = r.sample_chance()
            else:
                if advisor:
                    check(f"{advisor} advising", k, seat, askers[k][seat].choose(r), int(advised[k]))
                actions[k] = bots[k][seat].choose(r)
                check(seats[k][seat], k, seat, int(actions[k]), int(compiled[k]))
            r.apply(int(actions[k]))
        batch.apply(actions)
    final = batch.scores()
    for k, r in enumerate(refs):
        assert final[k].tolist() == [int(x) for x in r.scores()]
    return compared


@pytest.mark.parametrize("players", [2, 5])
def test_compiled_random_bot_draws_what_the_python_random_bot_draws(players: int):
    compared = play_and_compare(players, ["random"], range(players * 100, players * 100 + 6))
    assert compared["random"] > 500


def test_the_bench_loop_plays_the_games_of_the_python_bots_seeded_as_fathom_bench_seeds_them():
    """One core, seeds 0, 1, 2… and seat ``p``'s bot seeded ``p + 1``, kept from game to game (a random
    bot among the greedy ones, so the generators' carrying over counts)."""
    from fathom.cli.bench import play_whole_game
    from fathom.games.deep_blue.kernels import bench as db_bench
    from fathom.fast.timing import bench_bots

    game = new_game("deep-blue", players=3, seed=0).game
    specs = ["greedy", "random", "greedy"]
    kinds = np.zeros(MAX_PLAYERS, np.int64)
    kinds[:3] = [db_bots.KINDS[spec] for spec in specs]
    counts = np.zeros(1, np.int64)
    db_bench.play_rows(D.new_batch(1), D.build(game), db_bots.policy_tables(game), kinds, bench_bots(1, False, D.MAX_PLAYERS), 0,
                       12, counts, 0, 1)
    bots = [build_bot(spec, "deep-blue", p + 1) for p, spec in enumerate(specs)]
    assert counts[0] == sum(play_whole_game("deep-blue", 3, seed, bots) for seed in range(12)) > 12 * 500


def test_bots_without_a_compiled_form_say_so():
    assert db_bots.seat_policy(build_bot("ismcts", "deep-blue", 0)) is None


@pytest.fixture(scope="module")
def corrected_data(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A user's corrected box with other values for what greedy weighs: gem VP, card VP, cash and
    propellers, prices, tile VP and spot order."""
    raw = json.loads(DEFAULT_DATA_FILE.read_text(encoding="utf-8"))
    raw["gems"]["vp"] = {"silver": 2, "gold": 3, "red": 5}
    raw["gems"]["vp_on_matching_spot"] = {"silver": 4, "gold": 6, "red": 12}
    raw["market"]["slot_prices"] = [0, 1, 3, 4]
    for card in raw["crew_deck"]:
        if card.get("vp"):
            card["vp"] += 2
        if card.get("cash"):
            card["cash"] += 1
        if card.get("propellers"):
            card["propellers"] += 1
    for tile in raw["wreck_tiles"]:
        if tile.get("leader_vp"):
            tile["leader_vp"] += 2
            tile["scouting_spots"] = list(reversed(tile["scouting_spots"]))
    path = tmp_path_factory.mktemp("data") / "corrected.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    assert check_data_file(path) == []
    return str(path)


GREEDY_PHASES = ("turn", "pay", "sail-pay", "sail-move", "scout", "rush", "defend", "play", "continue")
"""The phases where greedy makes a real choice in games among greedy and random bots (it never
refreshes, so it takes a free card only when its fallback draw refreshed)."""


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_compiled_greedy_bot_chooses_what_the_python_greedy_bot_chooses(players: int):
    choices: Counter[tuple[str, str]] = Counter()
    compared = play_and_compare(players, ["greedy", "random", "greedy"], range(players * 50, players * 50 + 8),
                                choices=choices)
    assert compared["greedy"] > 1500 and compared["random"] > 300
    assert all(choices["greedy", phase] > 0 for phase in GREEDY_PHASES), choices


@pytest.mark.parametrize("scenario", ALL_SCENARIOS + (NO_SCENARIO, RANDOM_SCENARIO))
def test_compiled_greedy_bot_plays_every_scenario_as_the_python_one(scenario: str):
    choices: Counter[tuple[str, str]] = Counter()
    compared = play_and_compare(4, ["greedy", "greedy", "random"], range(122, 125), {"scenario": scenario}, choices)
    assert compared["greedy"] > 600
    if scenario == "storm":  # R-DB-16: which Sunken City to dive first (seed 122 comes to it)
        assert choices["greedy", "storm-order"] > 0, choices


def test_compiled_greedy_bot_judges_the_positions_random_play_reaches_as_the_python_one() -> None:
    """Random bots stray where greedy never leads (a refresh and its free card, odd payments)."""
    choices: Counter[tuple[str, str]] = Counter()
    compared = play_and_compare(3, ["random"], range(900, 912), {"scenario": "storm"}, choices, advisor="greedy")
    assert compared["greedy advising"] > 8000
    assert all(choices["greedy advising", phase] > 0 for phase in (*GREEDY_PHASES, "take")), choices


def test_compiled_greedy_bot_falls_back_on_its_generator_as_the_python_one(monkeypatch: pytest.MonkeyPatch):
    """The rules always leave greedy something it names, so its ``rng.choice(legal)`` is reached here by
    emptying its scouting preference (both engines read it): every scout is then a draw from the
    seat's generator, and the draws must agree one after another."""
    from fathom.games.deep_blue.bots import greedy as deep_blue_greedy

    monkeypatch.setattr(deep_blue_greedy, "SPOT_PREFERENCE", ())
    choices: Counter[tuple[str, str]] = Counter()
    compared = play_and_compare(4, ["greedy"], range(40, 44), choices=choices)
    assert compared["greedy"] > 1000 and choices["greedy", "scout"] > 30, choices


def test_compiled_greedy_bot_reads_nothing_its_view_hides():
    """Others' hands and rest piles, the deck, the face-down tiles, the seed and the hidden totals
    scrambled in a copy of the row: greedy chooses the same."""
    game = new_game("deep-blue", players=4, seed=0).game
    n, nc, nt = 4, len(game.components.cards), len(game.components.tiles)
    batch = DeepBlueBatch(game, 1)
    S, T, G = batch.S, batch.T, db_bots.policy_tables(game)
    out, F = db_bots.scratch()
    noise = np.random.default_rng(0)
    bots = np.array([Rng(p + 1).state for p in range(MAX_PLAYERS)], np.uint64)
    checked = 0
    for seed in range(3):
        batch.reset([seed])
        while S[0, D.S_CUR] != TERMINAL:
            seat = int(S[0, D.S_CUR])
            if seat == CHANCE:
                apply(S, T, 0, sample_chance(S, T, 0))
                continue
            hidden = S.copy()
            for p in range(n):
                if p != seat:
                    for col in (D.S_HAND, D.S_REST):
                        hidden[0, col + p * D.MAX_CARDS:col + p * D.MAX_CARDS + nc] = noise.integers(0, 3, nc)
            hidden[0, D.S_DECK:D.S_DECK + nc] = noise.integers(0, 4, nc)
            hidden[0, D.S_UNREVEALED:D.S_UNREVEALED + nt] = noise.integers(0, 2, nt)
            hidden[0, D.S_VP:D.S_VP + n] = noise.integers(0, 200, n)
            hidden[0, D.S_SEED] = noise.integers(1 << 62)
            blind = db_bots.choose(hidden, T, G, 0, seat, db_bots.GREEDY, bots.copy(), out, F)
            action = db_bots.choose(S, T, G, 0, seat, db_bots.GREEDY, bots, out, F)
            assert blind == action, game.action_names[action]
            apply(S, T, 0, action)
            checked += 1
    assert checked > 1000


def test_compiled_greedy_bot_with_open_scores_and_a_corrected_box(corrected_data: str):
    open_scores = play_and_compare(3, ["greedy"], range(4), {"hidden_scores": False})
    corrected = play_and_compare(4, ["greedy", "random"], range(6), {"data_file": corrected_data})
    assert open_scores["greedy"] > 800 and corrected["greedy"] > 1000
    game = new_game("deep-blue", players=4, seed=0, data_file=corrected_data).game
    G = db_bots.policy_tables(game)
    assert not np.array_equal(G, db_bots.policy_tables(new_game("deep-blue", players=4, seed=0).game))
