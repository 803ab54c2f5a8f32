"""``fathom replay``: step through a saved game from the start.

A save is the seed, options and whole action log, so the replay rebuilds every
position exactly; each step shows the action and the board as one seat (or a
spectator) saw it. A save file holds every action in plain text, so showing each
action hides nothing its reader could not already read.
"""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from fathom.cli.console import (InputFn, event_phraser, load_renderer, load_save, log_namer, print_events, print_results,
                                saved_people, seat_label)
from fathom.core.api import CHANCE
from fathom.core.errors import OptionError
from fathom.i18n import DEFAULT_LANG, LANGS, Translator


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a save written by fathom play --save (or State.to_json)")
    parser.add_argument("--seat", type=int, default=None, help="show that seat's view (default: spectator)")
    parser.add_argument("--all", action="store_true", help="print every step without pausing")
    parser.add_argument("--lang", default=DEFAULT_LANG, choices=LANGS,
                        help=f"language of the board, the log and the steps (default {DEFAULT_LANG})")


def run(args: argparse.Namespace, console: Console, input_fn: InputFn, interactive: bool) -> int:
    """Replay ``args.file``; pauses after each step only when ``interactive`` and not ``--all``."""
    saved, table = load_save(args.file)  # validates the whole log first, with a clear error if it does not replay
    game = saved.game
    seat = args.seat
    if seat is not None and not 0 <= seat < game.num_players:
        raise OptionError(f"--seat {seat}: seats are 0..{game.num_players - 1} (or leave it out for a spectator)")
    actions = saved.history()
    state = saved.restarted()
    tr = Translator(args.lang)
    renderer = load_renderer(game.name, console, tr)
    phrase = event_phraser(renderer, log_namer(saved_people(table), tr), tr, game)
    pause = interactive and not args.all
    who = tr("replay.spectator") if seat is None else tr("play.seat", n=seat)
    move_label = getattr(renderer, "move_label", None)

    console.print(Text(tr("replay.header", game=game.name, players=game.num_players, seed=saved.seed,
                          n=len(actions), who=who)))
    if pause:
        console.print(Text(tr("replay.keys")))
    console.print(renderer.board(state.view(seat), seat))
    seen = len(state.events(seat))
    for index, action in enumerate(actions):
        player = state.current_player
        actor = tr("replay.chance") if player == CHANCE else seat_label(player, {}, tr)
        move = move_label(state, action) if move_label is not None else state.action_to_string(action)
        state.apply(action)
        console.print(Rule(tr("replay.step", step=index + 1, of=len(actions), who=actor, move=move)))
        fresh = state.events(seat, since=seen)
        print_events(console, fresh, phrase)
        seen += len(fresh)
        console.print(renderer.board(state.view(seat), seat))
        if pause and index + 1 < len(actions):
            try:
                answer = input_fn("[Enter/q] ").strip().lower()
            except EOFError:
                answer = "q"
            if answer in ("q", "quit"):
                console.print(Text(tr("replay.stopped", step=index + 1, of=len(actions))))
                return 0
    if state.is_terminal():
        print_results(console, state, {}, tr)
    else:
        console.print(Text(tr("replay.unfinished", n=state.move_number())))
    return 0
