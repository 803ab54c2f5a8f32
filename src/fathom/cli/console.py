"""Shared terminal helpers: consoles, line input, event lines, renderers, results.

Why one module: play, replay and bench must print events, boards and scores the
same way, and tests must be able to swap stdin/stdout for every command at once.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from rich.console import Console
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from fathom.cli import end_table, renderers
from fathom.core.api import State
from fathom.core.errors import OptionError
from fathom.i18n import Translator
from fathom.core.plugins import plugin_for

DEFAULT_PEOPLE = ("you", "human")  # labels of people who gave no name (the log calls them "Seat N")

InputFn = Callable[[str], str]
"""Reads one line after showing a prompt; raises :class:`EOFError` when input ends."""
Phrase = Callable[[dict[str, Any]], str | None]
"""An event in a game's own words, or ``None`` to fall back to :func:`event_line`."""


def make_console(file: TextIO | None = None) -> Console:
    """A Rich console on ``file`` (stdout by default); plain text when it is not a terminal."""
    if file is None or file is sys.stdout:
        return Console(highlight=False)
    is_tty = bool(getattr(file, "isatty", lambda: False)())
    return Console(file=file, highlight=False, width=None if is_tty else 100, force_terminal=is_tty or None)


def make_input(stdin: TextIO | None, console: Console) -> InputFn:
    """An input function for ``stdin``: readline editing on a terminal, plain lines otherwise.

    Scripted (non-terminal) input is echoed after the prompt so a transcript reads
    like the session it replays.
    """
    stream = sys.stdin if stdin is None else stdin
    if stream is sys.stdin and stream.isatty():
        return lambda prompt: console.input(prompt)

    def read(prompt: str) -> str:
        line = stream.readline()
        if not line:
            console.print(Text(prompt + "(end of input)"))
            raise EOFError
        line = line.rstrip("\r\n")
        console.print(Text(prompt + line))
        return line

    return read


def is_interactive(stdin: TextIO | None) -> bool:
    stream = sys.stdin if stdin is None else stdin
    return bool(getattr(stream, "isatty", lambda: False)())


def event_line(event: dict[str, Any]) -> str:
    """One readable line for an event: its ``text`` if it has one, else a compact dict."""
    text = event.get("text")
    if isinstance(text, str) and text:
        return text
    rest = {k: v for k, v in event.items() if k not in ("step", "type", "text")}
    parts = [str(event.get("type", "event"))]
    parts += [f"{k}={json.dumps(v, separators=(',', ':'), default=str)}" for k, v in rest.items()]
    return " ".join(parts)


def print_events(
    console: Console, events: Sequence[dict[str, Any]], phrase: Phrase | None = None
) -> None:
    """One line per event: ``phrase(event)`` (a game's words) when it has one, else :func:`event_line`."""
    for event in events:
        line = Text(f"  [{event.get('step', '?')}] ", style="dim")
        line.append((phrase(event) if phrase else None) or event_line(event))
        console.print(line, soft_wrap=True)  # one event, one line: logs stay greppable


def event_phraser(renderer: Any, name: Callable[[int], str], tr: Translator, game: Any = None) -> Phrase:
    """The renderer's ``event_text`` bound to names, a language and the game (for its card names);
    a renderer without words gives ``None`` each time."""
    words = getattr(renderer, "event_text", None)
    if words is None:
        return lambda event: None
    return lambda event: words(event, name, tr, game)


def log_namer(people: dict[int, str], tr: Translator) -> Callable[[int], str]:
    """Who a log line names: a person's own name, else "Seat N" in the catalog's language."""
    return lambda seat: people.get(seat) or tr("log.seat", n=seat)


class GenericRenderer:
    """Fallback for games without a renderer module: the view dict, pretty-printed."""

    def board(self, view: dict[str, Any], seat: int | None) -> Any:
        title = "spectator view" if seat is None else f"seat {seat} view"
        return Panel(Pretty(view, expand_all=False), title=title, title_align="left")

    def action_notes(self, state: State, seat: int, actions: list[int]) -> dict[int, str]:
        return {}


def load_renderer(game: str, console: Console | None = None, tr: Translator | None = None) -> renderers.GameRenderer:
    """The game's renderer (speaking ``tr``'s language if it can), or :class:`GenericRenderer`
    (with a notice) if it cannot load."""
    try:
        renderer = renderers.renderer_for(game)
        if tr is not None and hasattr(renderer, "speak"):
            renderer.speak(tr)
        return renderer
    except OptionError:  # a game without a renderer of its own
        return GenericRenderer()
    except (ImportError, AttributeError) as exc:
        if console is not None:
            console.print(Text(f"(no board renderer for {game} yet: {exc}; showing the raw view)", style="dim"))
        return GenericRenderer()


def seat_label(seat: int, labels: dict[int, str], tr: Translator | None = None) -> str:
    """``seat 0 (you)``: the seat and who sits there (a person's name, a bot's, or you/human
    in ``tr``'s language)."""
    tr = tr or Translator()
    name = shown_name(labels.get(seat), tr)
    return tr("play.seat", n=seat) + (f" ({name})" if name else "")


def shown_name(name: str | None, tr: Translator) -> str | None:
    """Who sits at a seat, as the screen says it: you/human in ``tr``'s language, else the name given."""
    return tr(f"play.people.{DEFAULT_PEOPLE.index(name)}") if name in DEFAULT_PEOPLE else name


def print_results(console: Console, state: State, labels: dict[int, str], tr: Translator | None = None) -> None:
    """Final scores and winners as a table, then one plain summary line. A game whose plugin has an
    end screen shows that one (places, totals, VP by source, tie-break, treasures: :mod:`.end_table`),
    the page's numbers from the same source."""
    tr = tr or Translator()
    scores = state.scores()
    winners = set(state.winners())
    end = end_table.end_summary(state)
    if end is not None:
        end_table.print_end(console, end, {s: seat_label(s, labels, tr) for s in range(len(scores))}, tr)
        if end.get("shared"):
            return
        names = ", ".join(seat_label(s, labels, tr) for s in sorted(winners)) or tr("results.nobody")
        console.print(Text(tr("results.winners", n=len(winners), names=names)))
        return
    table = Table(title=tr("results.title"), title_justify="left")
    table.add_column(tr("results.seat"))
    table.add_column(tr("results.player"))
    table.add_column(tr("results.score"), justify="right")
    table.add_column("")
    for seat, score in enumerate(scores):
        shown = int(score) if float(score).is_integer() else score
        table.add_row(str(seat), shown_name(labels.get(seat), tr) or "", str(shown),
                      tr("results.winner") if seat in winners else "")
    console.print(table)
    names = ", ".join(seat_label(s, labels, tr) for s in sorted(winners)) or tr("results.nobody")
    console.print(Text(tr("results.winners", n=len(winners), names=names)))


def print_summary(console: Console, state: State, labels: dict[int, str], tr: Translator | None = None) -> None:
    """How each seat's game went (dives, VP by role, hires…), from the public log only."""
    tr = tr or Translator()
    rows = plugin_for(state.game.name).seat_summary(state)  # the same numbers the simulation records hold
    if not rows or not rows[0]:
        return
    table = Table(title=tr("summary.title"), title_justify="left")
    table.add_column("")
    for seat in range(len(rows)):  # one column a seat: narrow enough for five seats on 80 columns
        table.add_column(f"{seat} {shown_name(labels.get(seat), tr) or ''}".strip(), justify="right")
    for name in rows[0]:
        label = tr(f"summary.{name}")  # a statistic the catalog does not word yet shows its own name
        table.add_row(name.replace("_", " ") if label == f"summary.{name}" else label,
                      *("–" if row[name] is None else str(row[name]) for row in rows))
    console.print(table)


def load_save(path: str, flag: str = "") -> tuple[State, dict[str, Any]]:
    """A save file's game (replayed and checked) and the table it was played at (``{}`` if none).

    ``flag`` names the option that gave the path, for the error message.
    """
    from fathom.core.registry import load

    prefix = f"{flag}: " if flag else ""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as exc:
        raise OptionError(f"{prefix}cannot read {path}: {exc.strerror or exc}") from None
    state = load(text)  # a save that does not replay is refused with the step that fails
    table = json.loads(text).get("table")
    return state, table if isinstance(table, dict) else {}


def saved_humans(table: dict[str, Any]) -> tuple[int, ...]:
    """The people's seats of a save (``humans``; saves before hot seat had one ``human``)."""
    seats = table.get("humans", [table.get("human", 0)])
    seats = [] if seats is None or seats == [None] else seats
    if not isinstance(seats, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in seats):
        raise OptionError(f"the save's table lists people's seats as {seats!r}, not seat numbers")
    return tuple(seats)


def saved_people(table: dict[str, Any]) -> dict[int, str]:
    """The names people gave (``names`` of a save's table), by seat; the default labels are no names."""
    names = table.get("names")
    if not isinstance(names, dict):
        return {}
    return {int(seat): str(name) for seat, name in names.items()
            if str(seat).isdigit() and name and name not in DEFAULT_PEOPLE}


def save_game(console: Console, state: State, path: str, table: dict[str, Any] | None = None,
              tr: Translator | None = None) -> bool:
    """Write the save file; report (not raise) a failure so a game is never lost to a typo.

    ``table`` (who sat where: the person's seat, each bot's name) rides along so ``fathom play
    --resume`` can seat everyone again; the engine's loader ignores it.
    """
    data = state.to_dict()
    if table is not None:
        data["table"] = table
    try:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(json.dumps(data, indent=2))
            fh.write("\n")
    except OSError as exc:
        console.print(Text((tr or Translator())("play.save_failed", path=path, error=str(exc)), style="red"))
        return False
    key = "play.saved_over" if state.is_terminal() else "play.saved"
    console.print(Text((tr or Translator())(key, path=path)))
    return True
