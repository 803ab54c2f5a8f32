"""``fathom data check``: OK or each problem, exit 0/1, via the Deep Blue engine's checker."""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pytest


@pytest.fixture
def fake_checker(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Stands in for fathom.games.deep_blue.data; returns problems for files named bad*."""
    calls: list[str] = []

    def check_data_file(path: str) -> list[str]:
        calls.append(str(path))
        return ["cards[3]: cost must be >= 0", "scenarios: none defined"] if Path(path).name.startswith("bad") else []

    module = types.ModuleType("fathom.games.deep_blue.data")
    module.check_data_file = check_data_file  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fathom.games.deep_blue.data", module)
    return calls


def test_valid_file_prints_ok(cli, fake_checker: list[str]) -> None:
    run = cli("data", "check", "good.json")
    assert (run.code, run.out.strip()) == (0, "OK")
    assert fake_checker == ["good.json"]


def test_problems_are_listed_one_per_line(cli, fake_checker: list[str]) -> None:
    run = cli("data", "check", "bad.json")
    assert run.code == 1
    lines = run.out.splitlines()
    assert lines[:2] == ["cards[3]: cost must be >= 0", "scenarios: none defined"]
    assert "2 problems in bad.json" in run.out


def test_missing_checker_is_reported(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "fathom.games.deep_blue.data", types.ModuleType("empty"))
    run = cli("data", "check", "x.json")
    assert run.code == 2 and "data checker is not available" in run.out


def test_real_checker(cli, tmp_path: Path) -> None:
    """The real Deep Blue checker: the shipped data file passes, a broken one does not."""
    from fathom.games.deep_blue import data

    run = cli("data", "check", str(data.DEFAULT_DATA_FILE))
    assert (run.code, run.out.strip()) == (0, "OK"), run
    broken = tmp_path / "broken.json"
    broken.write_text("{}")
    run = cli("data", "check", str(broken))
    assert run.code == 1 and "problem" in run.out
    run = cli("data", "check", str(tmp_path / "missing.json"))
    assert run.code == 1 and "cannot read" in run.out


def test_data_check_into_the_blue_box(cli, tmp_path) -> None:
    from fathom.games.into_the_blue.data import DATA_FILE as DEFAULT_DATA_FILE

    assert cli("data", "check", "--game", "into-the-blue", str(DEFAULT_DATA_FILE)).code == 0
    broken = tmp_path / "itb.json"
    broken.write_text("{}", encoding="utf-8")
    run = cli("data", "check", "--game", "into-the-blue", str(broken))
    assert run.code == 1 and "problem" in run.out
