"""The value fit that ISMCTS uses at its horizon: what it recovers, how sets are stored, which set a table gets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fathom.games.deep_blue.bots import evaluation as ev
from fathom.games.deep_blue.bots.evaluation import learned
from fathom.core.registry import new_game
from fathom.core.rng import Rng
from fathom.games.deep_blue.bots.evaluation import fit as fit_eval

N_FEATURES = len(ev.FEATURES)
WIDTH = len(ev.WEIGHT_NAMES)


def synthetic_games(weights: list[float], count: int) -> list[dict]:
    """Games of one sampled position whose future VP is exactly ``weights`` . expanded features."""
    rng = Rng(5)
    games = []
    for g in range(count):
        feats = [[1.0, float(rng.randbelow(20))] + [float(rng.randbelow(9)) for _ in range(N_FEATURES - 2)]
                 for _ in range(2)]
        vp = [float(rng.randbelow(40)), float(rng.randbelow(40))]
        final = [vp[p] + sum(w * x for w, x in zip(weights, fit_eval.expand(feats[p], 19.0))) for p in range(2)]
        games.append({"seed": g, "final": final, "winners": [0 if final[0] >= final[1] else 1],
                      "samples": [(vp, feats, 10)], "done": True})
    return games


def test_fit_recovers_the_weights_of_an_exactly_linear_future() -> None:
    truth = [0.5 * ((k % 5) - 2) for k in range(WIDTH)]
    result = fit_eval.fit(synthetic_games(truth, count=300), ridge=1e-6)
    assert result["r2"] > 0.999
    assert max(abs(a - b) for a, b in zip(result["weights"], truth)) < 1e-2


def test_a_table_set_is_added_beside_the_stored_ones_and_the_general_set_is_kept(tmp_path: Path) -> None:
    out = tmp_path / "value.json"
    data = tmp_path / "games.jsonl"
    data.write_text("".join(json.dumps(g) + "\n" for g in synthetic_games([1.0] * WIDTH, count=60)))
    assert fit_eval.main(["--data", str(data), "--out", str(out)]) == 0
    assert fit_eval.main(["--data", str(data), "--out", str(out), "--players", "3", "--scenario", "storm"]) == 0
    sets = json.loads(out.read_text())["sets"]
    assert set(sets) == {ev.GENERAL, "3:storm"}
    assert sets["3:storm"]["command"].endswith("--players 3 --scenario storm")
    assert sets["3:storm"]["about"].startswith("3 players, storm: 60 self-play games")
    assert len(sets[ev.GENERAL]["weights"]) == WIDTH


def test_players_without_a_scenario_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        fit_eval.main(["--players", "4"])
    assert "--players and --scenario go together" in capsys.readouterr().err


def test_a_table_set_needs_the_general_set_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every other table falls back on the general set, so a module never holds table sets alone."""
    out = tmp_path / "value.json"
    with pytest.raises(SystemExit):
        fit_eval.main(["--out", str(out), "--players", "4", "--scenario", "storm"])
    assert "no general set yet" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize(("players", "scenario", "expected"), [
    (4, "troubled-waters", "4:troubled-waters"),
    (3, "troubled-waters", ev.GENERAL),
    (4, "storm", ev.GENERAL),
])
def test_the_value_of_a_table_uses_its_own_set_if_one_was_fitted(players: int, scenario: str, expected: str) -> None:
    T = ev.tables(new_game("deep-blue", players=players, seed=1, scenario=scenario).game)
    weights, share_scale, scale = learned._weights(T)
    entry = learned.value_sets()[expected]
    assert weights[0] == entry["weights"]["bias"]
    assert scale == tuple(entry["win_scale"])
    assert share_scale == entry["share_scale"]
