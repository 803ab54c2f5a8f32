"""Generate the observation tables of ``docs/rl.md`` from the encoders' own field specs.

    python -m fathom.rl.docs            # print the generated section
    python -m fathom.rl.docs --write    # replace it in docs/rl.md
    python -m fathom.rl.docs --check    # exit 1 if docs/rl.md is stale (a test runs this)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fathom.core.registry import make_game
from fathom.core.plugins import plugin_for
from fathom.rl import common
from fathom.rl.encoding import action_features, encoder_for

BEGIN = "<!-- BEGIN GENERATED OBSERVATION TABLES (python -m fathom.rl.docs --write) -->"
END = "<!-- END GENERATED OBSERVATION TABLES -->"
DOC = Path(__file__).resolve().parents[3] / "docs" / "rl.md"
TABLE_PLAYERS = 2
_ORDER = sorted(common.GAMES, reverse=True)  # the smaller game first


def generated() -> str:
    parts = [BEGIN, ""]
    parts.append("Observation sizes (floats) and action-space sizes by game and player count:")
    parts.append("")
    parts.append("| game | players | observation size | player actions (mask length) | chance outcomes | action features |")
    parts.append("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name in _ORDER:
        for n in range(2, 6):
            game = make_game(name, n)
            enc = encoder_for(game)
            parts.append(f"| {name} | {n} | {enc.size} | {game.num_distinct_actions} | {game.max_chance_outcomes} "
                         f"| {action_features(game).shape[1]} |")
    for name, title in ((name, plugin_for(name).title) for name in _ORDER):
        enc = encoder_for(make_game(name, TABLE_PLAYERS))
        parts += ["", f"### {title} observation, {TABLE_PLAYERS} players (default options)", "",
                  "With more players every per-seat block grows to one entry per seat; the order stays the same.", "",
                  enc.markdown_table()]
    parts += ["", END]
    return "\n".join(parts)


def splice(text: str, section: str) -> str:
    if BEGIN not in text or END not in text:
        raise ValueError(f"{DOC} has no generated section markers")
    head, _, rest = text.partition(BEGIN)
    _, _, tail = rest.partition(END)
    return head + section + tail


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="observation tables of docs/rl.md")
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--doc", default=str(DOC))
    args = ap.parse_args(argv)
    section = generated()
    path = Path(args.doc)
    if args.write:
        path.write_text(splice(path.read_text(), section))
        return 0
    if args.check:
        current = path.read_text()
        if splice(current, section) != current:
            print(f"{path} is stale: run python -m fathom.rl.docs --write", file=sys.stderr)
            return 1
        return 0
    print(section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
