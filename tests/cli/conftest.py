"""A tiny fake game ("race") so the CLI tests never depend on the real engines.

Race to 5: on your turn ``step`` (+1), ``leap`` (+2, only once you are at 2 or more)
or ``roll`` (a chance node: a die of 1-3 is added). First to the target wins.
Each seat has a secret "mood" (to check views stay redacted); events have a
``text`` except the die roll, which exercises the compact event rendering.
"""

from __future__ import annotations

from typing import Any

import pytest

from fathom.core import plugins, registry
from fathom.core.plugins import GamePlugin
from fathom.core.api import CHANCE, TERMINAL, Game, State
from fathom.core.options import Option, check_players, resolve_options
from fathom.core.redact import Secret

STEP, LEAP, ROLL = 0, 1, 2
DIE = (3, 4, 5)  # chance outcome ids: die 1..3


class RaceGame(Game):
    name = "race"
    min_players = 2
    max_players = 4
    OPTIONS = {
        "target": Option("target", 5, kind=int, doc="points to win"),
        "scenario": Option("scenario", "basic", choices=("basic", "sprint"), doc="sprint: target 3"),
    }

    def __init__(self, players: int | None = None, **options: Any) -> None:
        self.num_players = check_players(self.name, 2 if players is None else players, 2, 4)
        self.options = resolve_options(self.name, self.OPTIONS, options)
        self._set_action_names(["step", "leap", "roll"], ["die 1", "die 2", "die 3"])

    def new_initial_state(self, seed: int) -> RaceState:
        return RaceState(self, seed)


class RaceState(State):
    __slots__ = ("pos", "turn", "rolling", "done")

    def __init__(self, game: RaceGame, seed: int) -> None:
        self._init_base(game, seed)
        self.pos = [0] * game.num_players
        self.turn = 0
        self.rolling = False
        self.done = False

    @property
    def target(self) -> int:
        return 3 if self.game.options["scenario"] == "sprint" else self.game.options["target"]

    @property
    def current_player(self) -> int:
        if self.done:
            return TERMINAL
        return CHANCE if self.rolling else self.turn

    def _legal_actions(self) -> list[int]:
        return [STEP, LEAP, ROLL] if self.pos[self.turn] >= 2 else [STEP, ROLL]

    def _chance_weights(self) -> list[tuple[int, int]]:
        return [(a, 1) for a in DIE] if self.rolling and not self.done else []

    def _advance(self, by: int) -> None:
        self.pos[self.turn] += by
        if self.pos[self.turn] >= self.target:
            self.done = True
            self._emit({"type": "win", "text": f"seat {self.turn} reaches {self.target} and wins"})
        else:
            self.turn = (self.turn + 1) % self.game.num_players

    def _apply(self, action: int) -> None:
        if self.rolling:
            self.rolling = False
            self._emit({"type": "die", "seat": self.turn, "value": action - DIE[0] + 1})
            self._advance(action - DIE[0] + 1)
        elif action == ROLL:
            self.rolling = True
            self._emit({"type": "roll", "text": f"seat {self.turn} rolls"})
        else:
            by = 1 if action == STEP else 2
            self._emit({"type": "move", "text": f"seat {self.turn} moves {by} to {self.pos[self.turn] + by}"})
            self._advance(by)

    def _copy(self) -> RaceState:
        other = RaceState.__new__(RaceState)
        other.pos = list(self.pos)
        other.turn = self.turn
        other.rolling = self.rolling
        other.done = self.done
        return other

    def _snapshot(self) -> dict[str, Any]:
        return {
            "positions": list(self.pos),
            "turn": self.turn,
            "target": self.target,
            "moods": [Secret(s, f"mood-{s}", "?") for s in range(self.game.num_players)],
        }

    def _resample_hidden(self, seat: int, rng: Any) -> None:
        pass

    def _key(self) -> tuple:
        return (tuple(self.pos), self.turn, self.rolling, self.done)

    def scores(self) -> list[float]:
        return [float(p) for p in self.pos]

    def winners(self) -> list[int]:
        return [self.turn] if self.done else []


@pytest.fixture(autouse=True)
def race_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the fake game for every CLI test (and only for the test)."""
    monkeypatch.setitem(plugins._ADDED, "race", GamePlugin(name="race", title="Race", ident="race", camel="Race",
                                                           engine="tests.cli.conftest:RaceGame"))
    monkeypatch.setitem(registry._LOADED, "race", RaceGame)


@pytest.fixture
def race_game() -> type[RaceGame]:
    return RaceGame


@pytest.fixture
def only_race_and_broken(monkeypatch: pytest.MonkeyPatch) -> None:
    """No declared game: only the fake one and one whose engine does not import."""
    monkeypatch.setattr(plugins, "_registry", dict)
    monkeypatch.setitem(plugins._ADDED, "broken", GamePlugin(name="broken", title="Broken", ident="broken",
                                                             camel="Broken", engine="fathom.no_such_module:Game"))
