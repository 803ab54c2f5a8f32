"""Declared table options, so every game validates its options the same way."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fathom.core.errors import OptionError, allowed_list


@dataclass(frozen=True)
class Option:
    """One option: its default, the values it allows, and why it exists."""

    name: str
    default: Any
    choices: tuple[Any, ...] = ()
    doc: str = ""
    kind: type = field(default=object)

    def check(self, value: Any, game: str) -> Any:
        if self.choices:
            if value not in self.choices:
                raise OptionError(
                    f"{game}: option {self.name}={value!r} is not allowed; "
                    f"allowed: {allowed_list(repr(c) for c in self.choices)}"
                )
            return value
        if self.kind is not object and not isinstance(value, self.kind):
            kind = {"int": "an integer", "bool": "true or false", "str": "text", "float": "a number"}.get(
                self.kind.__name__, f"of type {self.kind.__name__}")
            raise OptionError(f"{game}: option {self.name} must be {kind}, got {value!r}")
        return value


def resolve_options(game: str, declared: Mapping[str, Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults overlaid with ``given``; unknown names and bad values raise :class:`OptionError`."""
    unknown = sorted(set(given) - set(declared))
    if unknown:
        raise OptionError(
            f"{game}: unknown option(s) {', '.join(unknown)}; allowed options: {allowed_list(sorted(declared))}"
        )
    return {name: opt.check(given.get(name, opt.default), game) for name, opt in declared.items()}


def check_players(game: str, players: Any, lo: int, hi: int) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or not lo <= players <= hi:
        raise OptionError(f"{game}: players={players!r} is not allowed; allowed: {lo} to {hi}")
    return players


RANDOM = "random"
"""An option value meaning "drawn at setup as a chance outcome" (R-DB-1, R-IB-1)."""
RANDOM_FIRST = RANDOM
"""Option ``first_player``: drawn at setup (the default)."""
FIRST_PLAYER_CHOICES: tuple[Any, ...] = (RANDOM_FIRST, 0, 1, 2, 3, 4)


def check_first_player(game: str, value: Any, players: int) -> int | None:
    """The seat option ``first_player`` names, or None when it is drawn at setup."""
    if value == RANDOM_FIRST:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise OptionError(f"{game}: option first_player={value!r} is not allowed with {players} players; "
                          f"allowed: 'random' or a seat 0 to {players - 1}")
    return value


def first_player_name(seat: int) -> str:
    """The notation of the chance outcome "``seat`` plays first", the same in every game."""
    return f"first seat{seat}"


def parse_options(pairs: Sequence[str], scenario: str | None, game: str) -> dict[str, Any]:
    """``--option k=v`` (JSON values, else plain strings) plus ``--scenario``, checked against the game.

    Every front end and tool that takes options on a command line reads them here."""
    from fathom.core.registry import game_class  # the registry imports the engine API, which imports us

    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise OptionError(f"--option {pair!r}: expected KEY=VALUE, e.g. hidden_scores=true")
        try:
            options[key] = json.loads(raw)
        except json.JSONDecodeError:
            options[key] = raw
    if scenario is not None:
        declared = game_class(game).OPTIONS
        if "scenario" not in declared:
            raise OptionError(
                f"--scenario: {game} has no scenarios (its options: {allowed_list(sorted(declared))})"
            )
        options["scenario"] = scenario
    return options
