"""``fathom analyze`` on a held-out game (issue 50's check): a seeded game of a random bot against
level 3, saved by ``fathom play --watch --save``, then analysed with ``--json``. Every unforced
decision is there with its fields, every seat's win chances sum to 1, and the random seat gives
up more win chance per decision than level 3."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from fathom.analysis import decision_points, mark_of
from fathom.cli.main import main
from fathom.core.registry import load

FIELDS = ("step", "seat", "played", "best", "loss", "win_chance")


def _play_and_analyse(tmp_path: Path, game: str, seed: int, playouts: int, level_3: str
                      ) -> tuple[dict, str, str]:
    save, out = tmp_path / "game.json", tmp_path / "analysis.json"
    assert main(["play", game, "--watch", "--players", "2", "--seed", str(seed), "--bots", f"random,{level_3}",
                 "--save", str(save)], stdout=io.StringIO()) == 0
    printed = io.StringIO()
    assert main(["analyze", str(save), "--json", str(out), "--playouts", str(playouts), "--workers", "2"],
                stdout=printed) == 0
    return json.loads(out.read_text()), save.read_text(), printed.getvalue()


# Deep Blue's level 3 plays its game with 128 iterations a move rather than its default (20 s of the
# test's 30): still far ahead of random, and the analysis itself is the same
@pytest.mark.parametrize("game,seed,playouts,level_3", [("into-the-blue", 21, 48, "ismcts"),
                                                        ("deep-blue", 22, 32, "ismcts(iterations=128)")])
def test_random_loses_more_than_level_3(tmp_path: Path, game: str, seed: int, playouts: int, level_3: str) -> None:
    analysis, save, printed = _play_and_analyse(tmp_path, game, seed, playouts, level_3)
    state = load(save)
    points = decision_points(state)
    assert analysis["game"] == game
    assert [s.get("bot") for s in analysis["seats"]] == ["random", level_3]
    rows = analysis["decisions"]
    assert [(r["step"], r["seat"], state.game.action_id(r["played"])) for r in rows] == points
    for row in rows:
        assert all(name in row for name in FIELDS)
        assert len(row["win_chance"]) == 2 and abs(sum(row["win_chance"]) - 1) <= 0.05, row
        assert row["loss"] >= 0
        assert row["mark"] == mark_of(row["loss"])
        if row["played"] == row["best"]:
            assert row["loss"] == 0
    loss = {seat: [r["loss"] for r in rows if r["seat"] == seat] for seat in (0, 1)}
    mean = {seat: sum(v) / len(v) for seat, v in loss.items()}
    assert mean[0] > mean[1], f"random's mean loss {mean[0]:.4f} should exceed level 3's {mean[1]:.4f}"
    assert "seat 0 (random)" in printed and f"seat 1 ({level_3})" in printed


def test_analysis_is_reproducible_and_bad_input_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    assert main(["play", "into-the-blue", "--watch", "--players", "2", "--seed", "5", "--bots", "expert",
                 "--save", str(save)], stdout=io.StringIO()) == 0
    outs = []
    for name in ("a.json", "b.json"):
        assert main(["analyze", str(save), "--json", str(tmp_path / name), "--playouts", "8", "--workers", "1"],
                    stdout=io.StringIO()) == 0
        outs.append(json.loads((tmp_path / name).read_text()))
    assert outs[0] == outs[1]
    printed = io.StringIO()
    assert main(["analyze", str(save), "--playouts", "1"], stdout=printed) == 2
    assert "playouts per candidate must be 2 or more" in printed.getvalue()
    printed = io.StringIO()
    assert main(["analyze", str(tmp_path / "missing.json")], stdout=printed) == 2
    assert "cannot read" in printed.getvalue()
