"""Golden playthrough: a full seeded game with bots, compared step by step.

Every action is recorded with a digest of every seat's view after it (and the
spectator's), plus the final views and the spectator's event log in full, so any
change of behaviour shows up as a readable diff of the golden file.

Regenerate after an intended change with::

    FATHOM_REGEN_GOLDEN=1 python3 -m pytest tests/into_the_blue/test_itb_golden.py
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import fathom
from fathom.bots.registry import make_bot

GOLDEN = Path(__file__).with_name("golden") / "into_the_blue_seed1.json"
SEED = 1
PLAYERS = 4
BOTS = ["expert", "greedy", "random", "expert"]


def digest(data) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def playthrough() -> dict:
    state = fathom.new_game("into-the-blue", players=PLAYERS, seed=SEED)
    bots = [make_bot(name, "into-the-blue", seed=100 + seat) for seat, name in enumerate(BOTS)]
    seats = [None, *range(PLAYERS)]
    steps = []
    while not state.is_terminal():
        player = state.current_player
        action = state.sample_chance() if player == fathom.CHANCE else bots[player].choose(state)
        state.apply(action)
        steps.append({
            "by": "chance" if player == fathom.CHANCE else player,
            "action": state.action_to_string(action),
            "views": digest([state.view(s) for s in seats]),
        })
    return {
        "game": "into-the-blue",
        "players": PLAYERS,
        "seed": SEED,
        "bots": BOTS,
        "steps": steps,
        "scores": state.scores(),
        "winners": state.winners(),
        "final_view": state.view(None),
        "events": state.events(None),
    }


def test_golden_playthrough_is_unchanged():
    assert GOLDEN.exists() or os.environ.get("FATHOM_REGEN_GOLDEN"), f"missing {GOLDEN}; run with FATHOM_REGEN_GOLDEN=1"
    fresh = json.loads(json.dumps(playthrough()))
    if os.environ.get("FATHOM_REGEN_GOLDEN"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(fresh, indent=1) + "\n", encoding="utf-8")
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    for i, (want, got) in enumerate(zip(golden["steps"], fresh["steps"])):
        assert got == want, f"step {i} differs: golden {want}, now {got}"
    assert len(fresh["steps"]) == len(golden["steps"])
    assert fresh == golden
