"""Terminal rendering of Into the Blue: the board from a view, exact odds beside moves.

The board is drawn from ``view(seat)`` only, so it can never show a chest value the
seat may not know. ``action_notes`` computes, for each legal choice, the exact
probability of a perfect dive and of reaching each level if that choice is taken
and the rest of the turn is played optimally toward that goal
(:mod:`fathom.games.into_the_blue.odds`); for placements it shows what the
placement does to the majorities. Every word comes from the message catalogs, in
the language given to :meth:`IntoTheBlueRenderer.speak` (English by default).
"""

from __future__ import annotations

from typing import Any, cast

from rich.console import Group
from rich.table import Table
from rich.text import Text

from fathom.games.into_the_blue.terminal import choices as itb_choices
from fathom.games.into_the_blue.terminal import words as itb_words
from fathom.games.into_the_blue.terminal.words import outcome_text, short_odds
from fathom.cli.renderers import ChoiceMenu
from fathom.core.api import State
from fathom.games.into_the_blue import dice, odds, scoring
from fathom.games.into_the_blue.game import IntoTheBlueGame
from fathom.games.into_the_blue import placement
from fathom.games.into_the_blue.move_facts import move_facts
from fathom.i18n import DEFAULT_LANG, Translator

ENGLISH = Translator("en")


def _die(face: Any, style: str) -> Text:
    return Text(f"[{itb_words.face_mark(face)}]", style=style)


def dice_line(turn: dict[str, Any], tr: Translator = ENGLISH) -> Text:
    """Kept dice in green, the fresh roll in white, dice in the cup as ``[?]``."""
    line = Text(tr("itb.board.dice") + "  ")
    for face in turn.get("kept", []):
        line.append_text(_die(face, "bold green"))
        line.append(" ")
    for face in turn.get("rolled", []):
        line.append_text(_die(face, "bold white"))
        line.append(" ")
    for _ in range(turn.get("rolling", 0)):
        line.append("[?] ", style="dim")
    if turn.get("kept"):
        line.append(" " + tr("itb.board.kept"), style="dim")
    return line


def seat_name(seat: int, me: int | None, tr: Translator = ENGLISH) -> str:
    return tr("itb.board.you") if seat == me else tr("itb.board.seat", n=seat)


def ordinal(rank: int, tr: Translator = ENGLISH) -> str:
    """``1st``, ``2nd``… for a 0-based rank."""
    return tr(f"itb.board.rank{rank + 1}") if rank < 3 else tr("itb.board.rank", n=rank + 1)


class IntoTheBlueRenderer:
    """Rich board and exact-odds notes for Into the Blue."""

    def __init__(self) -> None:
        self.tr = ENGLISH

    def speak(self, tr: Translator) -> None:
        """Draw the board and notes in ``tr``'s language from now on."""
        self.tr = tr

    def board(self, view: dict[str, Any], seat: int | None) -> Any:
        tr = self.tr
        n = view["players"]
        turn = view["turn"]
        end = view["end"]
        levels = Table(title="Into the Blue", show_lines=False, header_style="bold cyan")
        for key in ("level", "main", "secondary"):
            levels.add_column(tr(f"itb.board.{key}"), justify="right")
        for s in range(n):
            levels.add_column(seat_name(s, seat, tr), justify="right", style="bold" if s == seat else "")
        levels.add_column(tr("itb.board.standing"))
        for level in reversed(view["levels"]):
            standing = ", ".join(
                f"{ordinal(i, tr)} {seat_name(s, seat, tr)}"
                for i, s in enumerate(level["standing"][: 1 + len(level["secondary"])])
            )
            levels.add_row(
                tr("itb.level_short", n=level["level"]),
                str(level["main"]),
                "/".join(str(v) for v in level["secondary"]),
                *[str(c) if c else "·" for c in level["shells"]],
                standing or "-",
            )
        players = Table(header_style="bold cyan")
        for key in ("seat_col", "shells_left", "chests", "chest_values", "treasures", "score"):
            players.add_column(tr(f"itb.board.{key}"), justify="right")
        for info in view["seats"]:
            s = info["seat"]
            marker = "▶ " if s == turn.get("seat") and not end["over"] else ""
            values = info.get("chest_values")
            players.add_row(
                marker + seat_name(s, seat, tr),
                str(info["shells_left"]),
                str(info["chests"]),
                (", ".join(str(v) for v in values) or "-") if values is not None else tr("itb.board.hidden"),
                str(info["treasure_points"]),
                str(info["score"]) if "score" in info else "?",
            )
        lines: list[Any] = [levels, players, self.status(view, seat)]
        if not end["over"]:
            lines.append(dice_line(turn, tr))
            lines.append(self.roll_info(turn))
        if view.get("reconstructed"):
            lines.append(Text(tr("itb.board.reconstructed"), style="dim"))
        return Group(*lines)

    def status(self, view: dict[str, Any], seat: int | None) -> Text:
        """Chests left, then whose turn (and the end, once triggered), or the result."""
        tr, turn, end = self.tr, view["turn"], view["end"]
        status = Text(tr("itb.board.chests_left", n=view["chests_left"]) + "   ")
        if end["over"]:
            winners = ", ".join(seat_name(s, seat, tr) for s in end["winners"])
            reason = tr(f"itb.board.reason.{end['reason']}")
            status.append(tr("itb.board.over", reason=reason, winners=winners), style="bold yellow")
            return status
        status.append(tr("itb.board.turn", n=turn["number"], who=seat_name(turn["seat"], seat, tr)))
        if turn["bonus"]:
            status.append(" " + tr("itb.board.bonus"), style="magenta")
        if end["triggered_by"] is not None:
            who = seat_name(end["triggered_by"], seat, tr)
            status.append("  · " + tr("itb.board.ending", who=who, n=end["final_turns_left"]), style="yellow")
        return status

    def roll_info(self, turn: dict[str, Any]) -> Text:
        tr = self.tr
        info = Text(tr("itb.board.rerolls", n=turn["rolls_left"]))
        if turn["phase"] in ("choose", "place", "chest"):
            run = turn.get("run", 0)
            if turn.get("perfect"):
                info.append("   " + tr("itb.board.perfect"), style="bold magenta")
            elif run:
                info.append("   " + tr("itb.board.run", level=tr("itb.level_short", n=run)))
            else:
                info.append("   " + tr("itb.board.no_one"), style="red")
        return info

    def action_notes(self, state: State, seat: int, actions: list[int]) -> dict[int, str]:
        if state.current_player != seat:
            return {}
        tr = self.tr
        view = state.view(seat)
        turn = view["turn"]
        table = dice.from_faces(turn["dice"])
        game = cast(IntoTheBlueGame, state.game)
        rerolls = getattr(game, "rerolls", odds.DEFAULT_REROLLS)
        notes: dict[int, str] = {}
        if turn["phase"] == "choose":
            r = turn["rolls_left"]
            for action in actions:
                reroll = game.rerolled(action)
                if action == game.A_STOP:
                    notes[action] = tr("itb.board.final", outcome=outcome_text(table, tr))
                elif reroll is not None:
                    notes[action] = short_odds(odds.choice_odds(table, r, reroll, rerolls=rerolls), tr)
        elif turn["phase"] == "place":
            for action in actions:
                if action in game.PLACE_LEVEL:
                    notes[action] = placement_note(view, seat, game.PLACE_LEVEL[action], table, tr)
        return notes

    def move_label(self, state: State, action: int) -> str:
        """A move as the list names it, by what it does, as the page says it (the engine's move facts,
        :mod:`fathom.games.into_the_blue.move_facts`): "Place 2 shells on level 3 (treasure 7)"; in
        English with the notation the README teaches to type ("[place 3]"). The prompt accepts
        either typed."""
        notation = state.action_to_string(action)
        named = None
        if state.current_player >= 0:
            facts = move_facts(cast(Any, state), [action])["moves"].get(notation)
            named = itb_words.named_move(facts, self.tr)
        if named is None:
            return notation
        return f"{named} [{notation}]" if self.tr.lang == DEFAULT_LANG else named

    def plain_label(self, state: State, action: int) -> str:
        """The move in plain words (``Poser au niveau 2``): still accepted typed."""
        game = cast(IntoTheBlueGame, state.game)
        if action in game.PLACE_LEVEL:
            return self.tr("act.place", n=game.PLACE_LEVEL[action])
        return state.action_to_string(action)

    def event_text(self, event: dict[str, Any], name: itb_words.NameFn, tr: Translator, game: Any = None) -> str | None:
        return itb_words.event_text(event, name, tr)

    def choice_menu(
        self, state: State, seat: int, actions: list[int], tr: Translator, coach: bool = True
    ) -> ChoiceMenu | None:
        return itb_choices.choice_menu(state, seat, actions, tr, coach)


def placement_note(view: dict[str, Any], seat: int, level: int, table: int, tr: Translator = ENGLISH) -> str:
    """Shells placed and the provisional effect on this seat's treasures."""
    board = [list(lv["shells"]) for lv in view["levels"]]
    tokens = [(lv["main"],) + tuple(lv["secondary"]) for lv in view["levels"]]
    hand = [s["shells_left"] for s in view["seats"]]
    last = [s["last_turn"] for s in view["seats"]]
    before = scoring.treasure_points(board, hand, last, tokens)[seat]
    n = placement.shells_placed(dice.COUNTS[table][level - 1], hand[seat])
    board[level - 1][seat] += n
    hand[seat] -= n
    after = scoring.treasure_points(board, hand, last, tokens)[seat]
    rank = scoring.rank_level(level, board, hand, last).index(seat)
    note = tr("itb.board.placement", n=n, where=ordinal(rank, tr), level=tr("itb.level_short", n=level),
              before=before, after=after)
    if hand[seat] == 0:
        note += tr("itb.board.last_shell")
    return note
