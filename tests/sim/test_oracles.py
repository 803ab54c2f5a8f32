"""The oracle tool (research only): it pairs a game's ``oracle`` plugin part with the fair search on the same
deals (Deep Blue's oracle itself: tests/games/deep_blue/test_oracle.py)."""

from __future__ import annotations

import pytest

from fathom.core.errors import OptionError
from fathom.sim import oracles


def test_paired_measurement_is_reproducible() -> None:
    run = dict(game="deep-blue", games=4, seed=5, opponent="greedy", iterations=3, workers=1)
    first = oracles.measure(**run)
    assert first == oracles.measure(**run)
    assert first["games"] == 4 and 0.0 <= first["oracle"] <= 1.0 and 0.0 <= first["fair"] <= 1.0
    assert abs(first["difference"] - (first["oracle"] - first["fair"])) < 1e-9


def test_paired_difference_and_interval() -> None:
    a = {(0, 0): 1.0, (0, 1): 0.0, (0, 2): 1.0, (0, 3): 0.5}
    b = {(0, 0): 0.0, (0, 1): 0.0, (0, 2): 1.0, (0, 3): 0.5, (9, 9): 1.0}  # (9, 9) unpaired: left out
    rate_a, rate_b, diff, half = oracles.paired(a, b)
    assert (rate_a, rate_b, diff) == (0.625, 0.375, 0.25)
    assert abs(half - 1.96 * 0.5 / 2) < 1e-9  # differences 1, 0, 0, 0: sd 0.5 over 4 games


def test_bad_arguments_say_what_is_allowed(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, says in ((["--game", "deep-blue", "--games", "0"], "--games must be at least 1"),
                       (["--game", "deep-blue", "--opponent", "nobody"], "allowed:"),
                       (["--game", "into-the-blue"], "into-the-blue has no oracle")):
        with pytest.raises(SystemExit):
            oracles.main(argv)
        assert says in capsys.readouterr().err


def test_a_game_without_an_oracle_is_refused_before_any_game_is_played() -> None:
    with pytest.raises(OptionError, match="into-the-blue has no oracle"):
        oracles.measure("into-the-blue", games=4, seed=0, opponent="greedy", iterations=3, workers=1)
