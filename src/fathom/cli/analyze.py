"""``fathom analyze``: every unforced decision of a saved game weighed by level 3's search.

For each decision, from the deciding seat's view only: every seat's win chance before the move,
the move played, the best move found, and the win chance the played move gave up. Prints the
worst decisions of each seat first, with the position in words, and writes the whole analysis
as JSON with ``--json`` (:mod:`fathom.analysis`).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.console import Console
from rich.text import Text

from fathom.analysis import Decision, GameAnalysis, Settings, analyse_game, mark_of
from fathom.analysis.decision import DEFAULT_PLAYOUTS
from fathom.analysis.parts import parts_for
from fathom.cli.console import load_renderer, load_save, saved_people, seat_label
from fathom.core.api import State
from fathom.core.errors import OptionError
from fathom.i18n import DEFAULT_LANG, LANGS, Translator

WORST_SHOWN = 5
"""Decisions listed per seat, worst first."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a save written by fathom play --save (or State.to_json)")
    parser.add_argument("--json", metavar="OUT", default=None, help="also write the whole analysis to OUT as JSON")
    parser.add_argument("--seconds-per-move", type=float, default=None, metavar="S",
                        help="think S seconds of wall clock per decision (default: a fixed number of playouts, "
                             "so the analysis is the same every time)")
    parser.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS,
                        help=f"sampled worlds each candidate move is played out on (default {DEFAULT_PLAYOUTS})")
    parser.add_argument("--seed", type=int, default=0, help="seed of the sampled worlds (default 0)")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    parser.add_argument("--lang", default=DEFAULT_LANG, choices=LANGS, help=f"language (default {DEFAULT_LANG})")


def run(args: argparse.Namespace, console: Console) -> int:
    state, table = load_save(args.file)
    if args.workers is not None and args.workers < 1:
        raise OptionError(f"--workers {args.workers}: at least 1")
    settings = Settings(playouts=args.playouts, seconds=args.seconds_per_move, seed=args.seed)
    seats = _seats(state, table)
    tr = Translator(args.lang)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=False) as bar:
        task = bar.add_task(tr("an.progress"), total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        analysis = analyse_game(state, settings, seats=seats, workers=args.workers, progress=advance)
    print_report(console, state, analysis, table, tr)
    if args.json:
        try:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump(analysis.to_json(), fh, indent=1)
        except OSError as exc:
            raise OptionError(f"--json: cannot write {args.json}: {exc.strerror or exc}") from None
        console.print(Text(tr("an.wrote", path=args.json)))
    return 0


def _seats(state: State, table: dict[str, Any]) -> list[dict[str, Any]]:
    """Who sat where, as the save says (a person's name, a bot's name)."""
    bots: list[Any] = table["bots"] if isinstance(table.get("bots"), list) else []
    people = saved_people(table)
    humans: list[Any] = table["humans"] if isinstance(table.get("humans"), list) else []
    out = []
    for seat in range(state.game.num_players):
        entry: dict[str, Any] = {"seat": seat}
        if seat in people:
            entry["name"] = people[seat]
        if seat in humans:
            entry["human"] = True
        elif seat < len(bots) and bots[seat]:
            entry["bot"] = str(bots[seat])
        out.append(entry)
    return out


def _kind(kind: str, tr: Translator) -> str:
    """A decision's kind in words (its own name when the catalog has none)."""
    key = f"an.kind.{kind}"
    words = tr(key)
    return kind if words == key else words


def _mark(loss: float, tr: Translator) -> Text:
    mark = mark_of(loss)
    if mark is None:
        return Text("")
    return Text(tr(f"an.mark.{mark}"), style={"blunder": "bold red", "mistake": "red", "inaccuracy": "yellow"}[mark])


def print_report(console: Console, state: State, analysis: GameAnalysis, table: dict[str, Any], tr: Translator) -> None:
    """Each seat's summary and its worst decisions, worst first, with the position in words."""
    game = state.game
    renderer = load_renderer(game.name, None, tr)
    label = getattr(renderer, "move_label", None)
    parts = parts_for(game)
    people = saved_people(table)
    positions = {d.step for d in analysis.decisions}
    words: dict[int, tuple[str, str, str]] = {}
    for position, _ in state.walk():
        step = position.move_number()
        if step in positions:
            d = next(x for x in analysis.decisions if x.step == step)
            words[step] = (parts.position_words(position, d.seat, tr), _move(label, position, d.played_action),
                           _move(label, position, d.best_action) if d.best_action >= 0 else d.best)
    for seat in range(game.num_players):
        mine = [d for d in analysis.decisions if d.seat == seat]
        who = seat_label(seat, {**{s: e.get("bot", "") for s, e in enumerate(analysis.seats)}, **people}, tr)
        marks = [tr(f"an.n.{name}", n=sum(1 for d in mine if mark_of(d.loss) == name))
                 for name in ("inaccuracy", "mistake", "blunder")]
        console.print(Text(tr("an.seat_summary", who=who, decisions=tr("an.n.decision", n=len(mine)),
                              loss=tr.percent(analysis.mean_loss(seat), 1), marks=", ".join(marks)), style="bold"))
        worst = [d for d in sorted(mine, key=lambda d: -d.loss)[:WORST_SHOWN] if d.loss > 0]
        for d in worst:
            _print_decision(console, d, words[d.step], tr)
        console.print()
    console.print(Text(tr("an.legend"), style="dim"))


def _move(label: Any, position: State, action: int) -> str:
    return label(position, action) if label is not None else position.action_to_string(action)


def _print_decision(console: Console, d: Decision, words: tuple[str, str, str], tr: Translator) -> None:
    """One decision in three lines: what and how costly, the moves, the position."""
    position, played, best = words
    head = Text(f"  {tr('an.col.step')} {d.step} · {_kind(d.kind, tr)} · ")
    head.append(tr("an.col.loss") + f" {tr.percent(d.loss, 1)} ±{tr.percent(d.loss_error, 1)}")
    head.append(f" · {tr('an.col.chance')} {tr.percent(d.win_chance[d.seat], 0)} ")
    head.append(_mark(d.loss, tr))
    console.print(head)
    console.print(Text(f"    {tr('an.col.played')}: {played} · {tr('an.col.best')}: {best}"))
    console.print(Text(f"    {position}", style="dim"))
