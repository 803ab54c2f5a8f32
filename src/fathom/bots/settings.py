"""Checking the settings a bot spec passes (``heuristic(cycle=7)``, ``ismcts(sail_plans=3)``).

Specs come from the command line as text, so a mistyped value must fail loudly: text
such as 'False' given to a switch would otherwise switch it on without a word.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping, Sequence
from dataclasses import fields, replace
from typing import Any, TypeVar

from fathom.core.errors import OptionError, allowed_list

P = TypeVar("P")


def check_settings(owner: str, current: Mapping[str, Any], overrides: Mapping[str, Any],
                   also_allowed: Sequence[str] = (), where: str = "") -> None:
    """Each override names one of ``current``'s settings and is of its kind; ``also_allowed``
    (the bot's own arguments) and ``where`` only make the error say more."""
    for key, value in overrides.items():
        if key not in current:
            allowed = [*also_allowed, *current]
            raise OptionError(f"{owner} has no setting {key!r}{where}; "
                              + (f"allowed: {allowed_list(allowed)}" if allowed else "it takes none"))
        _check_kind(owner, key, current[key], value)


def constructor_settings(factory: Any, skip: Sequence[str] = ("seed",)) -> tuple[dict[str, Any], bool]:
    """The settings a bot's constructor names, with their defaults, and whether it also takes any
    other ``**settings`` (read from its signature, so no list of them can drift)."""
    named: dict[str, Any] = {}
    open_ended = False
    for p in inspect.signature(factory).parameters.values():
        if p.kind is p.VAR_KEYWORD:
            open_ended = True
        elif p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and p.name not in skip:
            named[p.name] = p.default
    return named, open_ended


def _check_kind(owner: str, key: str, current: Any, value: Any) -> None:
    """A switch takes true or false, a number a number; a setting left to the bot (``None``: a budget,
    a horizon, a cycle) a number too; other settings anything."""
    if current is None:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise OptionError(f"{owner} setting {key!r} is a number (or left out), not {value!r}")
    elif isinstance(current, bool):
        if not isinstance(value, bool):
            raise OptionError(f"{owner} setting {key!r} is true or false, not {value!r}")
    elif isinstance(current, (int, float)) and (isinstance(value, bool) or not isinstance(value, (int, float))):
        raise OptionError(f"{owner} setting {key!r} is a number, not {value!r}")


def with_settings(owner: str, params: P, overrides: dict[str, Any], also_allowed: Sequence[str] = ()) -> P:
    """``params`` (a dataclass of weights) with ``overrides`` checked by name and kind."""
    current = {f.name: getattr(params, f.name) for f in fields(params)}  # type: ignore[arg-type]
    check_settings(owner, current, overrides, also_allowed=also_allowed)
    return replace(params, **overrides) if overrides else params  # type: ignore[type-var]
