"""Pig in the terminal: the scores, whose turn and the turn total, in a few lines of Rich text."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text

from fathom.core.api import State
from fathom.i18n import Translator


class PigRenderer:
    """Draws a Pig view (everything is public) and says its events in words."""

    def __init__(self) -> None:
        self.tr = Translator("en")

    def speak(self, tr: Translator) -> None:
        self.tr = tr

    def board(self, view: dict[str, Any], seat: int | None) -> Any:
        tr = self.tr
        lines = [Text(tr("pig.target", n=view["target"]), style="bold")]
        for s, banked in enumerate(view["banked"]):
            mark = "▶ " if s == view["seat"] and view["winner"] is None else "  "
            you = f" ({tr('pig.you')})" if s == seat else ""
            lines.append(Text(f"{mark}{tr('pig.seat', n=s)}{you}: {banked}"))
        if view["winner"] is None:
            lines.append(Text(tr("pig.turn_total", n=view["turn_total"]), style="cyan"))
        return Group(*lines)

    def action_notes(self, state: State, seat: int, actions: list[int]) -> dict[int, str]:
        return {}

    def move_label(self, state: State, action: int) -> str:
        return self.tr(f"pig.act.{state.action_to_string(action)}")

    def event_text(self, event: dict[str, Any], name: Any, tr: Translator, game: Any = None) -> str | None:
        kind = event["type"]
        if kind in ("die", "pig-out", "hold", "win"):
            return tr(f"pig.ev.{kind}", who=name(event["seat"]), face=event.get("face"), lost=event.get("lost"),
                      banked=event.get("banked"), score=event.get("score"))
        return None
