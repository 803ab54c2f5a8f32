"""The ladders and the balance studies kept in docs/ are of the shipped bots and say how to regenerate them."""

import argparse
import json
import shlex
from pathlib import Path
from typing import Any

import pytest

from fathom.cli.main import build_parser
from fathom.sim.balance import study_tables
from fathom.sim.tournament import SHIPPED_BOTS

DOCS = Path(__file__).parents[2] / "docs"
LADDERS = {"deep-blue": "ladder", "into-the-blue": "ladder-into-the-blue"}
STUDIES = {"deep-blue": "balance", "into-the-blue": "balance-into-the-blue"}


def _shipped(name: str) -> tuple[dict[str, Any], argparse.Namespace]:
    """A shipped file's figures and the parsed command that made it; its page names the command and
    docs/bots.md links the page."""
    data = json.loads((DOCS / f"{name}.json").read_text(encoding="utf-8"))
    command = data["meta"]["command"]
    assert command in (DOCS / f"{name}.md").read_text(encoding="utf-8")
    assert f"({name}.md)" in (DOCS / "bots.md").read_text(encoding="utf-8")
    return data, build_parser().parse_args(shlex.split(command)[1:])


@pytest.mark.parametrize("game", sorted(LADDERS))
def test_shipped_ladder_covers_every_level_and_names_its_command(game: str) -> None:
    name = LADDERS[game]
    data, args = _shipped(name)
    meta = data["meta"]
    assert data["game"] == game and meta["bots"] == list(SHIPPED_BOTS)
    assert (args.command, args.game, args.steps, args.ladder) == ("tournament", game, True, f"docs/{name}")
    # one table of all four levels and one per step, every deal in every seat rotation
    assert data["games"] == len(SHIPPED_BOTS) * meta["deals_per_table"] * meta["players"]
    assert [(s["bot"], s["below"]) for s in data["steps"]] == list(zip(SHIPPED_BOTS[1:], SHIPPED_BOTS))


@pytest.mark.parametrize("game", sorted(STUDIES))
def test_shipped_balance_study_covers_every_table_and_names_its_command(game: str) -> None:
    name = STUDIES[game]
    data, args = _shipped(name)
    assert (args.command, args.game, args.study) == ("balance", game, f"docs/{name}")
    assert [(t["players"], t["scenario"]) for t in data["tables"]] == [
        (t.players, t.scenario) for t in study_tables(game)]
    assert {t["games"] for t in data["tables"]} == {data["meta"]["games_per_table"]}
