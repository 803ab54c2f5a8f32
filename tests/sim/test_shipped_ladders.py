"""The ladders kept in docs/ are of the shipped bots and say how to regenerate them."""

import json
import shlex
from pathlib import Path

import pytest

from fathom.cli.main import build_parser
from fathom.sim.tournament import SHIPPED_BOTS

DOCS = Path(__file__).parents[2] / "docs"
LADDERS = {"deep-blue": "ladder", "into-the-blue": "ladder-into-the-blue"}


@pytest.mark.parametrize("game", sorted(LADDERS))
def test_shipped_ladder_covers_every_level_and_names_its_command(game: str) -> None:
    name = LADDERS[game]
    data = json.loads((DOCS / f"{name}.json").read_text(encoding="utf-8"))
    meta = data["meta"]
    assert data["game"] == game and meta["bots"] == list(SHIPPED_BOTS)
    args = build_parser().parse_args(shlex.split(meta["command"])[1:])
    assert (args.command, args.game, args.steps, args.ladder) == ("tournament", game, True, f"docs/{name}")
    # one table of all four levels and one per step, every deal in every seat rotation
    assert data["games"] == len(SHIPPED_BOTS) * meta["deals_per_table"] * meta["players"]
    assert [(s["bot"], s["below"]) for s in data["steps"]] == list(zip(SHIPPED_BOTS[1:], SHIPPED_BOTS))
    assert meta["command"] in (DOCS / f"{name}.md").read_text(encoding="utf-8")
    assert f"({name}.md)" in (DOCS / "bots.md").read_text(encoding="utf-8")
