"""A move suggested to a person: what a bot would play in their seat, and how sure it is.

Front ends (the terminal's ``hint``, the web page's hint button) share this. The bot
decides on a copy of the game, so the real one is untouched, and like every fathom bot
it reads only what the seat to move may know.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fathom.core.api import State
from fathom.core.rng import Rng

HINT_BOT = "ismcts"
"""The bot hints ask by default: the strongest level, worth the 0.2 s it thinks."""

HINT_STREAM = 2_000_003  # the hint bots' own stream of the game's seed: no chance event uses it


def hint_seed(game_seed: int, seat: int, move: int) -> int:
    """The seed of a hint bot made for ``seat`` at move ``move`` of the game seeded ``game_seed``.

    Every front end (the terminal's ``hint``, the web page's hint button) seeds its hint bot by
    this one rule, so one position asked about first in either gets the same hint.
    """
    return Rng.for_key(game_seed ^ HINT_STREAM, (seat << 32) + move).next64() >> 2


@dataclass(frozen=True)
class Hint:
    """A bot's choice for the seat to move."""

    action: int  # the legal action to play now
    move: str  # its notation
    text: str  # the choice in English words (a Deep Blue sail says where both boats go)
    win_chance: float | None = None  # the search's estimate for its choice; None from a bot that does not search
    playouts: int | None = None
    detail: dict[str, Any] = field(default_factory=dict)  # structured parts for translated pages (e.g. sail_to)

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "move": self.move, "text": self.text, "win_chance": self.win_chance,
                "playouts": self.playouts, "detail": self.detail}


def suggest(bot: Any, state: State) -> Hint:
    """What ``bot`` would play now in the seat to move (a search bot also says how sure it is)."""
    action = bot.choose(state.clone())
    move = state.action_to_string(action)
    stats = getattr(bot, "last_stats", None) or {}  # filled by a search on the move it just made
    if not stats:
        return Hint(action, move, move)
    choice = dict(stats.get("choice") or {"text": move})
    text = choice.pop("text")
    return Hint(action, move, text, (stats.get("values") or {}).get(stats.get("best")), stats.get("iterations"),
                choice)
