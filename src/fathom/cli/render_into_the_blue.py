"""Terminal rendering of Into the Blue: the board from a view, exact odds beside moves.

The board is drawn from ``view(seat)`` only, so it can never show a chest value the
seat may not know. ``action_notes`` computes, for each legal choice, the exact
probability of a perfect dive and of reaching each level if that choice is taken
and the rest of the turn is played optimally toward that goal
(:mod:`fathom.games.into_the_blue.odds`); for placements it shows what the
placement does to the majorities.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from fathom.cli import itb_choices, itb_words
from fathom.cli.itb_words import short_odds
from fathom.cli.renderers import ChoiceMenu
from fathom.core.api import State
from fathom.games.into_the_blue import actions as A
from fathom.games.into_the_blue import dice, odds, scoring
from fathom.i18n import Translator

ORDINALS = ("1st", "2nd", "3rd")


def _die(face: Any, style: str) -> Text:
    return Text(f"[{itb_words.face_mark(face)}]", style=style)


def dice_line(turn: dict[str, Any]) -> Text:
    """Kept dice in green, the fresh roll in white, dice in the cup as ``[?]``."""
    line = Text("Dice  ")
    for face in turn.get("kept", []):
        line.append_text(_die(face, "bold green"))
        line.append(" ")
    for face in turn.get("rolled", []):
        line.append_text(_die(face, "bold white"))
        line.append(" ")
    for _ in range(turn.get("rolling", 0)):
        line.append("[?] ", style="dim")
    if turn.get("kept"):
        line.append(" (green: kept)", style="dim")
    return line


def seat_name(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"seat {seat}"


class IntoTheBlueRenderer:
    """Rich board and exact-odds notes for Into the Blue."""

    def board(self, view: dict[str, Any], seat: int | None) -> Any:
        n = view["players"]
        turn = view["turn"]
        end = view["end"]
        levels = Table(title="Into the Blue", show_lines=False, header_style="bold cyan")
        levels.add_column("Level", justify="right")
        levels.add_column("Main", justify="right")
        levels.add_column("Second.", justify="right")
        for s in range(n):
            levels.add_column(seat_name(s, seat), justify="right", style="bold" if s == seat else "")
        levels.add_column("Standing (provisional)")
        for level in reversed(view["levels"]):
            standing = ", ".join(
                f"{ORDINALS[i]} {seat_name(s, seat)}" for i, s in enumerate(level["standing"][: 1 + len(level["secondary"])])
            )
            levels.add_row(
                f"L{level['level']}",
                str(level["main"]),
                "/".join(str(v) for v in level["secondary"]),
                *[str(c) if c else "·" for c in level["shells"]],
                standing or "-",
            )
        players = Table(header_style="bold cyan")
        for col in ("Seat", "Shells left", "Chests", "Chest values", "Treasures", "Score"):
            players.add_column(col, justify="right")
        for info in view["seats"]:
            s = info["seat"]
            marker = "▶ " if s == turn.get("seat") and not end["over"] else ""
            players.add_row(
                marker + seat_name(s, seat),
                str(info["shells_left"]),
                str(info["chests"]),
                (", ".join(str(v) for v in info["chest_values"]) or "-") if "chest_values" in info else "hidden",
                str(info["treasure_points"]),
                str(info["score"]) if "score" in info else "?",
            )
        lines: list[Any] = [levels, players]
        status = Text(f"Chests left {view['chests_left']}   ")
        if end["over"]:
            winners = ", ".join(seat_name(s, seat) for s in end["winners"])
            status.append(f"Game over ({end['reason']}). Winner: {winners}", style="bold yellow")
        else:
            who = seat_name(turn["seat"], seat)
            status.append(f"Turn {turn['number']}: {who}")
            if turn["bonus"]:
                status.append(" (extra turn after a perfect dive)", style="magenta")
            if end["triggered_by"] is not None:
                status.append(
                    f"  · end triggered by {seat_name(end['triggered_by'], seat)}, "
                    f"{end['final_turns_left']} final turn(s) left",
                    style="yellow",
                )
        lines.append(status)
        if not end["over"]:
            roll_info = Text(f"Rerolls left {turn['rolls_left']}")
            if turn["phase"] in ("choose", "place", "chest"):
                run = turn.get("run", 0)
                if turn.get("perfect"):
                    roll_info.append("   PERFECT DIVE: a chest!", style="bold magenta")
                elif run:
                    roll_info.append(f"   run reaches L{run}")
                else:
                    roll_info.append("   no 1: a failed dive if it stays so", style="red")
            lines.append(dice_line(turn))
            lines.append(roll_info)
        if view.get("reconstructed"):
            lines.append(Text(
                "Treasure values are reconstructed (not from the box); a box owner can correct them "
                "in the data file.", style="dim"))
        return Group(*lines)

    def action_notes(self, state: State, seat: int, actions: list[int]) -> dict[int, str]:
        if state.current_player != seat:
            return {}
        view = state.view(seat)
        turn = view["turn"]
        table = dice.from_faces(turn["dice"])
        rerolls = getattr(state.game, "rerolls", odds.DEFAULT_REROLLS)
        notes: dict[int, str] = {}
        if turn["phase"] == "choose":
            r = turn["rolls_left"]
            for action in actions:
                if action == A.STOP:
                    notes[action] = "final: " + outcome_text(table)
                elif action > A.REROLL0:
                    reroll = action - A.REROLL0
                    notes[action] = short_odds(odds.choice_odds(table, r, reroll, rerolls=rerolls))
        elif turn["phase"] == "place":
            for action in actions:
                if A.PLACE0 < action <= A.PLACE0 + 5:
                    notes[action] = placement_note(view, seat, action - A.PLACE0, table)
        return notes


    def event_text(self, event: dict[str, Any], name: itb_words.NameFn, tr: Translator, game: Any = None) -> str | None:
        return itb_words.event_text(event, name, tr)

    def choice_menu(
        self, state: State, seat: int, actions: list[int], tr: Translator, coach: bool = True
    ) -> ChoiceMenu | None:
        return itb_choices.choice_menu(state, seat, actions, tr, coach)


def outcome_text(table: int) -> str:
    if dice.PERFECT[table]:
        return "perfect dive, take a chest and play again"
    run = dice.RUN[table]
    if run == 0:
        return "failed dive (no 1)"
    return "place on " + ", ".join(f"L{lv}×{c}" for lv, c in dice.PLACEMENTS[table])


def placement_note(view: dict[str, Any], seat: int, level: int, table: int) -> str:
    """Shells placed and the provisional effect on this seat's treasures."""
    board = [list(lv["shells"]) for lv in view["levels"]]
    tokens = [(lv["main"],) + tuple(lv["secondary"]) for lv in view["levels"]]
    hand = [s["shells_left"] for s in view["seats"]]
    last = [s["last_turn"] for s in view["seats"]]
    before = scoring.treasure_points(board, hand, last, tokens)[seat]
    n = min(dice.COUNTS[table][level - 1], hand[seat])
    board[level - 1][seat] += n
    hand[seat] -= n
    after = scoring.treasure_points(board, hand, last, tokens)[seat]
    rank = scoring.rank_level(level, board, hand, last).index(seat)
    where = ORDINALS[rank] if rank < len(ORDINALS) else f"{rank + 1}th"
    note = f"{n} shell{'s' if n != 1 else ''} → {where} on L{level}, treasures {before}→{after} if it ended now"
    if hand[seat] == 0:
        note += "; your last shell: the others get one final turn"
    return note
