"""Into the Blue component data: loaded from JSON, validated, provenance kept.

Why a data file: the printed treasure values are not known to us, so they are
*reconstructed* and must be easy to correct by someone who owns the box. The
values therefore live only in ``data/into_the_blue.json``; the engine reads them
from here and never hard-codes them. Each entry keeps its ``provenance``
(``rulebook``, ``review`` or ``reconstructed``) so front ends can say which
numbers are guesses.

A replacement file is checked for structure (counts, types, the five levels, two
secondary tokens per level); suspicious but legal values (a secondary worth more
than the main token, values falling with depth) only produce ``warnings``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from fathom.core.errors import FathomError

DATA_FILE = Path(__file__).with_name("data") / "into_the_blue.json"
LEVELS = (1, 2, 3, 4, 5)
DICE_FACES = [1, 2, 3, 4, 5, "chest"]
PROVENANCES = ("rulebook", "review", "reconstructed", "rulebook+review")


class DataError(FathomError, ValueError):
    """The component data file is missing, malformed or inconsistent."""


@dataclass(frozen=True)
class Treasure:
    """The tokens of one level: one main token and two secondary ones."""

    level: int
    main: int
    secondary: tuple[int, int]


@dataclass(frozen=True)
class IntoTheBlueData:
    """Validated component data; ``provenance`` maps each entry to where it comes from."""

    shells_per_player: int
    dice_count: int
    rolls_per_turn: int
    chest_values: tuple[int, ...]
    treasures: tuple[Treasure, ...]  # index 0 = level 1
    min_players: int
    max_players: int
    provenance: dict[str, str]
    source: str
    warnings: tuple[str, ...] = field(default=())

    def reconstructed(self) -> list[str]:
        """Entries whose values are guesses (to tell the user)."""
        return sorted(k for k, v in self.provenance.items() if "reconstructed" in v)


def _need(cond: bool, msg: str) -> None:
    if not cond:
        raise DataError(f"into-the-blue data: {msg}")


def _int(value: Any, what: str, lo: int = 0) -> int:
    _need(isinstance(value, int) and not isinstance(value, bool) and value >= lo,
          f"{what} must be an integer >= {lo}, got {value!r}")
    return int(value)


def _provenance(entry: Any, what: str) -> str:
    _need(isinstance(entry, dict) and isinstance(entry.get("provenance"), str),
          f"{what} needs a 'provenance' string")
    prov = entry["provenance"]
    _need(all(p in PROVENANCES for p in prov.split("+")),
          f"{what}: unknown provenance {prov!r}; allowed: rulebook, review, reconstructed")
    return str(prov)


def parse_data(raw: Any, source: str = "<memory>") -> tuple[IntoTheBlueData | None, list[str]]:
    """Validate raw JSON data: (the data, ``[]``) or (None, every problem found).

    Each part of the file (players, shells, dice, rolls, levels, chests, treasures) is checked
    on its own, so one reading lists the first problem of every part (as Deep Blue's does)."""
    try:
        _need(isinstance(raw, dict), "the file must hold a JSON object")
        for key in ("players", "shells_per_player", "dice", "rolls_per_turn", "levels", "chests", "treasures"):
            _need(key in raw, f"missing entry {key!r}")
    except DataError as exc:
        return None, [str(exc)]
    prov: dict[str, str] = {}
    warnings: list[str] = []
    problems: list[str] = []

    def part(check: Any, *args: Any) -> Any:
        try:
            return check(*args)
        except DataError as exc:
            problems.append(str(exc))
            return None

    players = part(_players, raw["players"])
    n_shells = part(_counted, raw["shells_per_player"], "shells_per_player", prov)
    part(_dice, raw["dice"], prov)
    n_rolls = part(_counted, raw["rolls_per_turn"], "rolls_per_turn", prov)
    part(_need, raw["levels"] == list(LEVELS), f"levels must be {list(LEVELS)}")
    chest_values = part(_chests, raw["chests"], prov)
    tokens = part(_treasures, raw["treasures"], prov, warnings)
    if problems:
        return None, problems
    return IntoTheBlueData(
        shells_per_player=n_shells,
        dice_count=6,
        rolls_per_turn=n_rolls,
        chest_values=chest_values,
        treasures=tokens,
        min_players=players[0],
        max_players=players[1],
        provenance=prov,
        source=source,
        warnings=tuple(warnings),
    ), []


def _players(players: Any) -> tuple[int, int]:
    _need(isinstance(players, dict), "players must be an object with min and max")
    lo, hi = _int(players.get("min"), "players.min", 2), _int(players.get("max"), "players.max", 2)
    _need(lo <= hi <= 5, f"players range {lo}..{hi} must lie within 2..5")
    return lo, hi


def _counted(entry: Any, what: str, prov: dict[str, str]) -> int:
    """A ``{"value": N, "provenance": ...}`` entry (shells per player, rolls per turn)."""
    prov[what] = _provenance(entry, what)
    return _int(entry.get("value"), f"{what}.value", 1)


def _dice(dice: Any, prov: dict[str, str]) -> None:
    prov["dice"] = _provenance(dice, "dice")
    _need(dice.get("count") == 6, f"dice.count must be 6 (five levels and a chest), got {dice.get('count')!r}")
    _need(dice.get("faces") == DICE_FACES, f"dice.faces must be {DICE_FACES}, got {dice.get('faces')!r}")


def _chests(chests: Any, prov: dict[str, str]) -> tuple[int, ...]:
    prov["chests"] = _provenance(chests, "chests")
    values = chests.get("values")
    _need(isinstance(values, list) and len(values) >= 1, "chests.values must be a non-empty list")
    return tuple(sorted(_int(v, "a chest value", 0) for v in values))


def _treasures(treasures: Any, prov: dict[str, str], warnings: list[str]) -> tuple[Treasure, ...]:
    prov["treasures"] = _provenance(treasures, "treasures")
    by_level = treasures.get("by_level")
    _need(isinstance(by_level, dict) and sorted(by_level) == [str(level) for level in LEVELS],
          "treasures.by_level must have exactly the keys '1'..'5'")
    tokens: list[Treasure] = []
    for level in LEVELS:
        entry = by_level[str(level)]
        _need(isinstance(entry, dict), f"treasures level {level} must be an object")
        main = _int(entry.get("main"), f"treasures level {level} main")
        sec = entry.get("secondary")
        _need(isinstance(sec, list) and len(sec) == 2, f"treasures level {level} needs exactly 2 secondary values")
        s1, s2 = (_int(v, f"treasures level {level} secondary") for v in sec)
        if max(s1, s2) > main:
            warnings.append(f"level {level}: a secondary token ({max(s1, s2)}) is worth more than the main one ({main})")
        tokens.append(Treasure(level, main, (s1, s2)))
    for a, b in zip(tokens, tokens[1:]):
        if b.main < a.main:
            warnings.append(f"main treasure falls with depth: level {a.level} {a.main} > level {b.level} {b.main}")
    return tuple(tokens)


def load_data(path: str | Path | None = None) -> IntoTheBlueData:
    """The data from ``path`` (default: the packaged file), validated."""
    if path is None:
        return _default_data()
    return _load(Path(path))


def _load(path: Path) -> IntoTheBlueData:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise DataError(f"into-the-blue data: cannot read {path}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise DataError(f"into-the-blue data: {path} is not valid JSON ({exc})") from None
    data, problems = parse_data(raw, str(path))
    if data is None:
        raise DataError("; ".join(problems))
    return data


@lru_cache(maxsize=1)
def _default_data() -> IntoTheBlueData:
    return _load(DATA_FILE)


def check_data_file(path: str | Path) -> list[str]:
    """Problems of a replacement file, one line each (``[]``: usable). Warnings are listed
    too, prefixed ``warning:``; they do not stop the file from being used."""
    try:
        data = _load(Path(path))
    except DataError as exc:
        return str(exc).split("; ")
    return [f"warning: {w}" for w in data.warnings]
