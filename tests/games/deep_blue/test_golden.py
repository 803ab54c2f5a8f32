"""Golden playthrough: a full seeded 4-player game with random bots, step by step.

``golden/deep_blue_seed7.json`` records every action string, a digest (sha256, first 16 hex digits) of the
canonical JSON of each seat's view and of the spectator view after every step, the full
views every 50 steps, and the final scores. Replaying it shows any change of behaviour
(rules, chance, views, notation) as a diff at the first step that differs.

Regenerate after an intended change (then review the diff in git):

    FATHOM_REGEN_GOLDEN=1 python3 -m pytest tests/deep_blue/test_golden.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import fathom
from fathom.bots.random_bot import RandomBot

from .helpers import GAME
from .helpers import digest as full_digest

GOLDEN = Path(__file__).with_name("golden") / "deep_blue_seed7.json"
SEED = 7
PLAYERS = 4
# Bot seeds chosen for a game of ordinary length (~1000 steps, 0.4 MB since every diver is asked
# about every hazard and card play; seeds 70-73 gave 4000+ steps, too long to keep full views
# every 50 steps under 2 MB).
BOT_SEEDS = [7, 8, 9, 10]
FULL_EVERY = 50


def digest(view: dict) -> str:
    """The first 16 hex digits of the view's sha256: ample to see a change, half the file size."""
    return full_digest(view)[:16]


def all_views(state) -> list:
    return [state.view(seat) for seat in range(PLAYERS)] + [state.view(None)]


def record() -> dict:
    state = fathom.new_game(GAME, players=PLAYERS, seed=SEED)
    bots = [RandomBot(seed) for seed in BOT_SEEDS]
    steps = []
    full = {"0": all_views(state)}
    initial = [digest(v) for v in all_views(state)]
    while not state.is_terminal():
        action = state.sample_chance() if state.is_chance_node() else bots[state.current_player].choose(state)
        text = state.action_to_string(action)
        state.apply(action)
        views = all_views(state)
        steps.append({"action": text, "views": [digest(v) for v in views]})
        if len(steps) % FULL_EVERY == 0:
            full[str(len(steps))] = views
    return {
        "game": GAME, "players": PLAYERS, "seed": SEED, "options": dict(state.game.options),
        "bots": f"fathom.bots.random_bot.RandomBot(seed) with seeds {BOT_SEEDS} for seats 0-3",
        "regenerate": "FATHOM_REGEN_GOLDEN=1 python3 -m pytest tests/deep_blue/test_golden.py",
        "digest": "first 16 hex digits of sha256 of json.dumps(view, sort_keys=True, separators=(',', ':')); views: seats 0-3, spectator",
        "initial_views": initial,
        "steps": steps,
        "full_views": full,
        "final_scores": state.scores(),
        "winners": state.winners(),
    }


def write(data: dict) -> None:
    """One step per line, so a behaviour change is a readable diff."""
    head = {k: v for k, v in data.items() if k not in ("steps", "full_views")}
    lines = ["{"]
    for key, value in head.items():
        lines.append(f" {json.dumps(key)}: {json.dumps(value)},")
    lines.append(' "steps": [')
    lines += [f"  {json.dumps(step)}," for step in data["steps"][:-1]] + [f"  {json.dumps(data['steps'][-1])}"]
    lines.append(" ],")
    lines.append(' "full_views": {')
    items = list(data["full_views"].items())
    for i, (step, views) in enumerate(items):
        views_text = json.dumps(views, sort_keys=True, separators=(",", ":"))
        lines.append(f"  {json.dumps(step)}: {views_text}{',' if i < len(items) - 1 else ''}")
    lines.append(" }")
    lines.append("}")
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.fixture(scope="module")
def golden() -> dict:
    if os.environ.get("FATHOM_REGEN_GOLDEN") == "1":
        write(record())
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_golden_file_is_small_and_complete(golden):
    assert GOLDEN.stat().st_size < 2_000_000
    assert golden["steps"] and len(golden["final_scores"]) == PLAYERS and golden["winners"]
    assert golden["steps"][-1]["action"].startswith(("stop", "gem", "done", "play", "defend", "resurface"))


def test_golden_playthrough_replays_identically(golden):
    state = fathom.new_game(GAME, players=golden["players"], seed=golden["seed"], **golden["options"])
    bots = [RandomBot(seed) for seed in BOT_SEEDS]
    assert [digest(v) for v in all_views(state)] == golden["initial_views"]
    assert all_views(state) == golden["full_views"]["0"]
    for n, expected in enumerate(golden["steps"], start=1):
        assert not state.is_terminal(), f"the game ended early, at step {n - 1}"
        action = state.sample_chance() if state.is_chance_node() else bots[state.current_player].choose(state)
        assert state.action_to_string(action) == expected["action"], f"step {n}: a different action"
        state.apply(action)
        views = all_views(state)
        if str(n) in golden["full_views"]:
            for who, (got, want) in enumerate(zip(views, golden["full_views"][str(n)])):
                assert got == want, f"step {n}: view of {'spectator' if who == PLAYERS else f'seat {who}'} differs"
        got = [digest(v) for v in views]
        if got != expected["views"]:
            who = next(i for i, (a, b) in enumerate(zip(got, expected["views"])) if a != b)
            pytest.fail(f"step {n} ({expected['action']}): the view of "
                        f"{'the spectator' if who == PLAYERS else f'seat {who}'} differs from the golden file")
    assert state.is_terminal()
    assert state.scores() == golden["final_scores"] and state.winners() == golden["winners"]


def test_golden_action_strings_replay_without_bots(golden):
    # the notation alone (what a saved game holds) reproduces the game
    state = fathom.new_game(GAME, players=golden["players"], seed=golden["seed"], **golden["options"])
    for step in golden["steps"]:
        state.apply_text(step["action"])
    assert state.is_terminal() and state.scores() == golden["final_scores"]
    assert digest(state.view(None)) == golden["steps"][-1]["views"][-1]
