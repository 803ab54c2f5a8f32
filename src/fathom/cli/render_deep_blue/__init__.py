"""Terminal rendering of Deep Blue: a small map, the sites, market, hands, players and dive.

Everything on screen comes from ``view(seat)`` plus the box's public facts
(``DeepBlueGame.describe()``: card effects, tile spots, the map), so the board can
never show another seat's hand or rest pile. ``action_notes`` explains each legal move
(the card a slot holds, what a payment is worth, where a route leads, what a spot
does) and, before the leader decides to ``continue`` a dive, the engine's odds coach
(:mod:`fathom.games.deep_blue.odds`): the exact chance that the next draw brings a
hazard this seat cannot defend and the VP at stake, from the seat's view only.

The pieces: ``look`` (colours, the box's public facts, small text pieces and
lookups in a view), ``board_map`` (the map grid), ``panels`` (the tables, the dive
and what the step asks) and ``move_notes`` (the notes beside legal moves); this
module puts them on one screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from fathom.cli.render_deep_blue import log_words
from fathom.cli.render_deep_blue.board_map import MAP_WIDTH, draw_map
from fathom.cli.render_deep_blue.look import (
    Box, box_for_view, box_of, label, player_letter, player_style, seat_tag,
)
from fathom.cli.render_deep_blue.move_notes import continue_note, move_note
from fathom.cli.render_deep_blue.panels import (
    dive_panel, gem_counts, market_table, pile_lines, players_table, sites_table, step_text,
)
from fathom.core.api import State
from fathom.games.deep_blue import odds
from fathom.games.deep_blue.game import DeepBlueGame
from fathom.i18n import Translator


# ---- the renderer ---------------------------------------------------------------------------------

SITES_MIN_WIDTH = 36  # narrower than this beside the map, the wreck sites table is cut to ellipses


class BesideOrBelow:
    """Two renderables side by side when the console is wide enough, else one under the other.

    Why: the map is a fixed 63 columns; on an 80-column terminal the wreck sites beside it
    shrank to 16 columns of ellipses.
    """

    def __init__(self, left: Any, right: Any, min_width: int) -> None:
        self.left, self.right, self.min_width = left, right, min_width

    def __rich_console__(self, console: Any, options: Any) -> Any:
        if options.max_width >= self.min_width:
            grid = Table.grid(padding=(0, 1))
            grid.add_column(no_wrap=True)
            grid.add_column()
            grid.add_row(self.left, self.right)
            yield grid
        else:
            yield self.left
            yield self.right


class DeepBlueRenderer:
    """Rich board and move notes (card effects, routes, exact hazard odds) for Deep Blue."""

    def _box_for_view(self, view: Mapping[str, Any]) -> Box:
        game, facts = box_for_view(view)
        return box_of(game, facts)

    def board(self, view: dict[str, Any], seat: int | None) -> Any:
        box = self._box_for_view(view)
        scenario_id = view.get("options", {}).get("scenario")
        scenario = box.scenarios.get(scenario_id)
        header = Text("Deep Blue", style="bold cyan")
        header.append(f" · {view['players']} players")
        turn = view.get("turn")
        if view.get("phase") == "over":
            header.append(" · final position")
        elif isinstance(turn, int) and 0 <= turn < view["players"]:
            header.append(" · turn of ")
            header.append_text(seat_tag(view, turn, seat))
        header.append(f" · move {view.get('move_number', '?')}")
        if seat is not None:
            header.append(" · you are ")
            header.append(view["seats"][seat]["colour"], style=player_style(view, seat))

        legend = f"{player_letter(view, seat if seat is not None else 0)}1 = boat 1 · (3) leader VP · (??) face down"
        top = BesideOrBelow(Panel(draw_map(view, box, seat), title="Map", title_align="left", border_style="blue",
                                  padding=(0, 0), width=MAP_WIDTH + 2, subtitle=legend, subtitle_align="left"),
                            sites_table(view, box, seat), MAP_WIDTH + 3 + SITES_MIN_WIDTH)

        middle = Table.grid(padding=(0, 3))
        middle.add_column()
        middle.add_column()
        own: list[Text] = []
        if seat is not None:
            me = view["seats"][seat]
            own += pile_lines("Your hand", me.get("hand"), me.get("hand_count", 0), box)
            own += pile_lines("Your rest pile", me.get("rest"), me.get("rest_count", 0), box)
        else:
            own.append(Text("Spectator: hands and rest piles are hidden", style="dim"))
        middle.add_row(market_table(view, box), Group(*own))

        bag = label(f"Bag ({view['bag_count']}): ") + gem_counts(view["bag"], empty="empty")
        supply = label("Supply: ") + gem_counts(view["supply"], empty="empty")
        status = label(f"Fresco {view['fresco']}/{view['fresco_needed']} Sunken City tiles")
        status.append(" (the last one ends the game)" if view["fresco"] < view["fresco_needed"] else "")
        status.append(f" · face-down tiles left {view.get('face_down_left', '?')}")
        scen = label("Scenario: ")
        if scenario:
            scen.append(scenario["name"], style="magenta")
            scen.append(f" (Sunken City dives: {scenario['rule']})", style="dim")
        else:
            scen.append(str(scenario_id or "none"))
        extras = []
        if view.get("options", {}).get("hidden_scores"):
            extras.append("hidden scores")
        if view.get("options", {}).get("one_count_card_per_dive"):
            extras.append("one '8 gems' card per dive")
        if extras:
            scen.append(" · options: " + ", ".join(extras))

        parts: list[Any] = [header, top, middle, players_table(view, box, seat), bag, supply, status, scen]
        if view.get("dive"):
            parts.append(dive_panel(view, box, seat))
        parts.append(step_text(view, box, seat))
        return Group(*parts)

    # ---- notes beside legal moves ---------------------------------------------------------------

    def event_text(self, event: dict[str, Any], name: Any, tr: Translator, game: Any = None) -> str | None:
        return log_words.event_text(event, name, tr, game)

    def action_notes(self, state: State, seat: int, actions: list[int]) -> dict[int, str]:
        view = state.view(seat)
        box = box_of(state.game)
        names = {action: state.action_to_string(action) for action in actions}
        coached = odds.coach(state, seat) if "continue" in names.values() else None
        notes: dict[int, str] = {}
        for action, name in names.items():
            try:
                if name == "continue":
                    note = continue_note(coached, seat)
                else:
                    note = move_note(view, box, seat, name)
                if name.startswith("dive "):
                    value = odds.dive_start_value(view, cast(DeepBlueGame, state.game).components, seat, name.split()[1])
                    note += f"; you would expect {value:.1f} VP from it, stopping at the best moment"
            except (KeyError, IndexError, ValueError, ZeroDivisionError):
                note = ""
            if note:
                notes[action] = note
        return notes
