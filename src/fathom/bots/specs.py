"""Bot specs: a registered name, optionally with settings (simulations, tournaments, `fathom play`).

``heuristic``, ``3`` (a level) or ``ismcts(iterations=400,horizon=2)``: settings are
passed to the bot's constructor as keyword arguments (numbers, true/false in JSON or
Python spelling, or text), so experiments need no new registry entries; the bots check
their kind. The spec string is what the records store, so a game replays with exactly
the bots it was played with.
"""

from __future__ import annotations

import ast
import json
from typing import Any

from fathom.bots import registry
from fathom.core.errors import OptionError


def split_bots(text: str) -> list[str]:
    """``a,b(x=1,y=2),c`` -> ``['a', 'b(x=1,y=2)', 'c']`` (commas inside brackets stay)."""
    out: list[str] = []
    cur: list[str] = []
    depth = 0
    for ch in text:
        if ch == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
            continue
        depth += ch == "("
        depth -= ch == ")"
        cur.append(ch)
    if cur:
        out.append("".join(cur).strip())
    return [b for b in out if b]


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    spec = spec.strip()
    if "(" not in spec:
        return spec, {}
    if not spec.endswith(")"):
        raise OptionError(f"bot spec {spec!r}: expected name(key=value,...)")
    name, _, inner = spec[:-1].partition("(")
    kwargs: dict[str, Any] = {}
    for part in split_bots(inner):
        key, sep, raw = part.partition("=")
        if not sep:
            raise OptionError(f"bot spec {spec!r}: {part!r} is not key=value")
        kwargs[key.strip()] = _value(raw.strip())
    return name.strip(), kwargs


def _value(raw: str) -> Any:
    """A setting's value: JSON (``true``, ``0.5``), else a Python literal (``False``,
    ``None``), else the text itself (``halving``). ``False`` read as text would be true."""
    try:
        return json.loads(raw)
    except json.JSONDecodeError:
        pass
    try:
        return ast.literal_eval(raw)
    except (ValueError, SyntaxError):
        return raw


def build_bot(spec: str, game: str, seed: int) -> Any:
    """A bot from a spec (see the module docstring)."""
    name, settings = parse_spec(spec)
    return registry.make_bot(name, game, seed=seed, **settings)
