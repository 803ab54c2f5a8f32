"""Terminal rendering of Deep Blue: a small map, the sites, market, hands, players and dive.

Everything on screen comes from ``view(seat)`` plus the box's public facts
(``DeepBlueGame.describe()``: card effects, tile spots, the map), so the board can
never show another seat's hand or rest pile. ``action_notes`` explains each legal move
(the card a slot holds, what a payment is worth, where a route leads, what a spot
does) and, before the leader decides to ``continue`` a dive, the engine's odds coach
(:mod:`fathom.games.deep_blue.odds`): the exact chance that the next draw brings a
hazard this seat cannot defend and the VP at stake, from the seat's view only.

Every word comes from the message catalogs in the language given to
:meth:`DeepBlueRenderer.speak` (English by default), with the page's keys where they fit.

The pieces: ``look`` (colours, the box's public facts, small text pieces and
lookups in a view), ``words`` (names of seats, places, tiles and scenarios in the
player's language), ``board_map`` (the map grid), ``panels`` (the tables, the dive
and what the step asks), ``move_notes`` (the notes beside legal moves) and
``move_words`` (the moves themselves in words); this module puts them on one screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from rich.console import Group
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from fathom.games.deep_blue.terminal import log_words
from fathom.games.deep_blue.terminal import move_words
from fathom.games.deep_blue.terminal.board_map import MAP_WIDTH, draw_map
from fathom.games.deep_blue.terminal.look import (
    Box, box_for_view, box_of, label, player_letter, player_style, seat_tag,
)
from fathom.games.deep_blue.terminal.words import (
    ENGLISH, colour_name, fill, first_lower, scenario_name, scenario_rule,
)
from fathom.games.deep_blue.terminal.move_notes import continue_note, move_note
from fathom.games.deep_blue.terminal.panels import (
    dive_panel, gem_counts, market_table, pile_lines, players_table, sites_table, step_text,
)
from fathom.core.api import State
from fathom.games.deep_blue import odds
from fathom.games.deep_blue.game import DeepBlueGame
from fathom.games.deep_blue.move_facts import move_facts
from fathom.i18n import Translator


# ---- the renderer ---------------------------------------------------------------------------------

SITES_MIN_WIDTH = 36  # narrower than this beside the map, the wreck sites table is cut to ellipses


class BesideOrBelow:
    """Two renderables side by side when the console is wide enough, else one under the other.

    Why: the map is a fixed 63 columns; on an 80-column terminal the wreck sites beside it
    shrank to 16 columns of ellipses. Without ``min_width`` both must fit whole (the market
    and the hand: French names are longer, and a wrapped card line reads badly).
    """

    def __init__(self, left: Any, right: Any, min_width: int | None = None, gap: int = 1) -> None:
        self.left, self.right, self.min_width, self.gap = left, right, min_width, gap

    def __rich_console__(self, console: Any, options: Any) -> Any:
        need = self.min_width
        if need is None:
            need = sum(Measurement.get(console, options, part).maximum for part in (self.left, self.right)) + self.gap
        if options.max_width >= need:
            grid = Table.grid(padding=(0, self.gap))
            grid.add_column(no_wrap=True)
            grid.add_column()
            grid.add_row(self.left, self.right)
            yield grid
        else:
            yield self.left
            yield self.right


class DeepBlueRenderer:
    """Rich board and move notes (card effects, routes, exact hazard odds) for Deep Blue, in the
    language given to :meth:`speak` (English by default)."""

    def __init__(self) -> None:
        self.tr = ENGLISH

    def speak(self, tr: Translator) -> None:
        """Draw the board, the notes and the move labels in ``tr``'s language from now on."""
        self.tr = tr

    def _box_for_view(self, view: Mapping[str, Any]) -> Box:
        game, facts = box_for_view(view)
        return box_of(game, facts)

    def board(self, view: dict[str, Any], seat: int | None) -> Any:
        tr = self.tr
        box = self._box_for_view(view)
        header = Text("Deep Blue", style="bold cyan")
        header.append(" · " + tr("dbt.players", n=view["players"]))
        turn = view.get("turn")
        if view.get("phase") == "over":
            header.append(" · " + tr("dbt.final"))
        elif isinstance(turn, int) and 0 <= turn < view["players"]:
            key = "dbt.turn_of_you" if turn == seat else "dbt.turn_of"
            header.append_text(fill(tr, key, who=seat_tag(view, turn, seat, tr)))
        header.append(" · " + tr("lobby.move", n=view.get("move_number", "?")))
        if seat is not None:
            colour = view["seats"][seat]["colour"]
            header.append_text(fill(tr, "dbt.you_are", colour=Text(colour_name(colour, tr),
                                                                  style=player_style(view, seat))))

        letter = player_letter(view, seat if seat is not None else 0, tr)
        top = BesideOrBelow(Panel(draw_map(view, box, seat, tr), title=tr("dbt.map"), title_align="left",
                                  border_style="blue", padding=(0, 0), width=MAP_WIDTH + 2,
                                  subtitle=tr("dbt.legend", letter=letter), subtitle_align="left"),
                            sites_table(view, box, seat, tr), MAP_WIDTH + 3 + SITES_MIN_WIDTH)

        own: list[Text] = []
        if seat is not None:
            me = view["seats"][seat]
            own += pile_lines(tr("db.hand"), me.get("hand"), me.get("hand_count", 0), box, tr)
            own += pile_lines(tr("dbt.your_rest"), me.get("rest"), me.get("rest_count", 0), box, tr)
        else:
            own.append(Text(tr("dbt.spectator"), style="dim"))
        middle = BesideOrBelow(market_table(view, box, tr), Group(*own), gap=3)

        bag = label(tr("dbt.bag", n=view["bag_count"])) + gem_counts(view["bag"], tr, empty="dbt.empty_bag")
        supply = label(tr("dbt.supply")) + gem_counts(view["supply"], tr, empty="dbt.empty_bag")
        status = label(tr("dbt.fresco", n=view["fresco"], of=view["fresco_needed"]))
        status.append(tr("dbt.fresco_last") if view["fresco"] < view["fresco_needed"] else "")
        status.append(tr("dbt.face_down_left", n=view.get("face_down_left", "?")))
        parts: list[Any] = [header, top, middle, players_table(view, box, seat, tr), bag, supply, status,
                            self.scenario_line(view, box)]
        if view.get("dive"):
            parts.append(dive_panel(view, box, seat, tr))
        parts.append(step_text(view, box, seat, tr))
        return Group(*parts)

    def scenario_line(self, view: Mapping[str, Any], box: Box) -> Text:
        """The Captain's Log card and what it changes on Sunken City dives, then the options."""
        tr = self.tr
        scenario_id = view.get("options", {}).get("scenario")
        scenario = box.scenarios.get(scenario_id)
        line = label(tr("dbt.scenario"))
        if scenario:
            line.append(scenario_name(scenario, tr), style="magenta")
            line.append(tr("dbt.scenario_rule", rule=scenario_rule(scenario, tr)), style="dim")
        else:
            line.append(str(scenario_id or tr("opt.none")))
        extras = [first_lower(tr(f"opt.{name}")) for name in ("hidden_scores", "one_count_card_per_dive")
                  if view.get("options", {}).get(name)]
        if extras:
            line.append(tr("dbt.options", options=", ".join(extras)))
        return line

    # ---- notes beside legal moves ---------------------------------------------------------------

    def event_text(self, event: dict[str, Any], name: Any, tr: Translator, game: Any = None) -> str | None:
        return log_words.event_text(event, name, tr, game)

    def action_notes(self, state: State, seat: int, actions: list[int]) -> dict[int, str]:
        tr = self.tr
        view = state.view(seat)
        box = box_of(state.game)
        names = {action: state.action_to_string(action) for action in actions}
        coached = odds.coach(state, seat) if "continue" in names.values() else None
        notes: dict[int, str] = {}
        for action, name in names.items():
            try:
                if name == "continue":
                    note = continue_note(coached, seat, tr)
                else:
                    note = move_note(view, box, seat, name, tr)
                if name.startswith("dive "):
                    value = odds.dive_start_value(view, cast(DeepBlueGame, state.game).components, seat, name.split()[1])
                    note += tr("dbt.note.expect", vp=tr.decimal(value, 1))
            except (KeyError, IndexError, ValueError, ZeroDivisionError):
                note = ""
            if note:
                notes[action] = note
        return notes

    def move_label(self, state: State, action: int) -> str:
        """A legal move as the menu lists it: by name from the engine's move facts, as the page says
        it ("Recruit Archaeologist ($3) [recruit slot4]": in English with the notation the README
        teaches to type); others in English by notation, in another language the page's words (``act.*``)."""
        notation = state.action_to_string(action)
        facts = move_facts(cast(Any, state), [action])["moves"].get(notation) if state.current_player >= 0 else None
        return move_words.move_label(notation, self.tr, box_of(state.game), facts)

    def plain_label(self, state: State, action: int) -> str:
        """The move in plain words, without its facts (``Recruter case 1``): still accepted typed."""
        return move_words.move_label(state.action_to_string(action), self.tr, box_of(state.game))

    def hint_text(self, hint: Any) -> str | None:
        """Where a hinted sail takes both boats, in the player's words (``None``: no such detail)."""
        return move_words.hint_text(hint, self.tr)
