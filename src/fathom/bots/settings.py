"""Checking the settings a bot spec passes (``heuristic(cycle=7)``, ``ismcts(sail_plans=3)``).

Specs come from the command line as text, so a mistyped value must fail loudly: text
such as 'False' given to a switch would otherwise switch it on without a word.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any, TypeVar

from fathom.core.errors import OptionError, allowed_list

P = TypeVar("P")


def check_setting(owner: str, key: str, current: Any, value: Any) -> None:
    """A switch takes true or false, a number a number; other settings anything."""
    if isinstance(current, bool):
        if not isinstance(value, bool):
            raise OptionError(f"{owner} setting {key!r} is true or false, not {value!r}")
    elif isinstance(current, (int, float)) and (isinstance(value, bool) or not isinstance(value, (int, float))):
        raise OptionError(f"{owner} setting {key!r} is a number, not {value!r}")


def with_settings(owner: str, params: P, overrides: dict[str, Any], extra: tuple[str, ...] = ()) -> P:
    """``params`` (a dataclass of weights) with ``overrides`` checked by name and kind."""
    names = [f.name for f in fields(params)]  # type: ignore[arg-type]
    for key, value in overrides.items():
        if key not in names:
            raise OptionError(f"{owner} has no setting {key!r}; allowed: {allowed_list([*extra, *names])}")
        check_setting(owner, key, getattr(params, key), value)
    return replace(params, **overrides) if overrides else params  # type: ignore[type-var]
