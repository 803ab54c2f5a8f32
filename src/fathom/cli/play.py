"""``fathom play``: people against bots, or bots only (``--watch``), or a saved game resumed.

Several people may share one terminal (``--human 0,2``, hot seat): the session then
hides the screen between their turns.

This module reads the arguments and sets the table up (game, seats, bots, options);
:mod:`fathom.cli.session` plays it.
"""

from __future__ import annotations

import argparse
import contextlib
import json
from collections.abc import Iterator
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from fathom.bots.registry import BOT_LEVELS, make_bot
from fathom.bots.specs import build_bot, split_bots
from fathom.cli.console import DEFAULT_PEOPLE, InputFn, load_renderer, load_save, saved_humans, seat_label
from fathom.cli.session import Quit, Session
from fathom.core.api import State
from fathom.core.driver import Bot
from fathom.core.errors import OptionError, allowed_list
from fathom.core.options import parse_options
from fathom.core.registry import game_class, game_names, new_game
from fathom.core.tasks import bot_seed as seat_bot_seed
from fathom.i18n import DEFAULT_LANG, LANGS, Translator

DEFAULT_BOT = "greedy"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", nargs="?", choices=game_names(), help="which game (left out with --resume)")
    parser.add_argument("--resume", default=None, metavar="FILE",
                        help="go on with a saved game: its options, seed, seats and bots (saved back to FILE)")
    parser.add_argument("--players", type=int, default=None, help="number of seats (default 4, within the game's range)")
    parser.add_argument("--seat", type=int, default=None, help="the seat you play (default 0, or the save's)")
    parser.add_argument(
        "--human", default=None, metavar="SEAT[,SEAT...]|none",
        help="'none' for bots only (same as --watch), your seat, or the seats of several people sharing "
        "this terminal (hot seat, e.g. 0,2: the screen is cleared and handed over between their turns)",
    )
    parser.add_argument("--names", default=None, metavar="NAME[,NAME...]",
                        help="the people's names, in the order of --human (default: you, or human)")
    parser.add_argument("--watch", action="store_true", help="bots only: print the game log and the result")
    parser.add_argument("--seed", type=int, default=None, help="game seed (default random; printed so you can replay)")
    parser.add_argument(
        "--bots",
        default=None,
        help=f"bot names, one per other seat or one for all, comma-separated (default {DEFAULT_BOT}); "
        f"level numbers {', '.join(f'{k}={v}' for k, v in BOT_LEVELS.items())} work too, and settings: "
        "'ismcts(seconds=2)' thinks 2 s a move",
    )
    parser.add_argument("--scenario", default=None, help="scenario id (games with a 'scenario' option)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="game option, value parsed as JSON if it can be (e.g. hidden_scores=true); repeatable",
    )
    parser.add_argument("--save", default=None, metavar="FILE", help="save the game to FILE at the end and on quit")
    parser.add_argument("--lang", default=DEFAULT_LANG,
                        help=f"language of the board, the game log, the moves, the prompts and the rules "
                        f"({allowed_list(LANGS)}; default {DEFAULT_LANG})")
    parser.add_argument(
        "--auto-forced",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="play your move for you when it is the only legal one (default: on)",
    )
    parser.add_argument(
        "--coach",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="show the renderer's notes (e.g. odds) beside your moves (default on)",
    )


# ---- setup ---------------------------------------------------------------------------------


def resolve_players(game: str, players: int | None) -> int:
    """``--players``, defaulting to 4 clipped to the game's own range."""
    if players is not None:
        return players
    cls = game_class(game)
    return max(cls.min_players, min(4, cls.max_players))


def human_seats(args: argparse.Namespace, default: tuple[int, ...] = (0,)) -> tuple[int, ...]:
    """The seats people play at this terminal: ``--human`` (a list or 'none'), else ``--seat``."""
    if args.watch:
        return ()
    if args.human is None:
        return default if args.seat is None else (args.seat,)
    text = args.human.strip().lower()
    if text == "none":
        return ()
    try:
        seats = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise OptionError(f"--human {args.human!r}: expected a seat number, seats like 0,2, or 'none'") from None
    if len(set(seats)) != len(seats):
        raise OptionError(f"--human {args.human!r}: list each seat once")
    return seats


def make_bots(
    game: str, spec: str | None, seats: list[int], seed: int
) -> tuple[dict[int, Bot], dict[int, str], str | None]:
    """One bot per seat in ``seats`` from ``--bots`` (one name for all, or one per seat).

    Returns the bots, their labels and a notice when the default bot had to be
    replaced by the random bot (not written for this game yet).
    """
    names = split_bots(spec or DEFAULT_BOT)
    if len(names) == 1:
        names = names * len(seats)
    if len(names) != len(seats):
        raise OptionError(
            f"--bots: give one name for all bots or {len(seats)} names (one per bot seat {seats}); got {len(names)}"
        )
    notice = None
    bots: dict[int, Bot] = {}
    labels: dict[int, str] = {}
    for seat, name in zip(seats, names):
        bot_seed = seat_bot_seed(seed, seat)
        try:
            bots[seat] = build_bot(name, game, bot_seed)
        except (ImportError, OptionError) as exc:
            if spec is not None:
                if isinstance(exc, OptionError):
                    raise
                raise OptionError(f"bot {name!r} for {game} cannot be loaded yet ({exc})") from None
            notice = f"The {DEFAULT_BOT} bot for {game} is not available ({exc}); using random bots."
            name = "random"
            bots[seat] = make_bot(name, game, seed=bot_seed)
        labels[seat] = BOT_LEVELS.get(int(name), name) if name.isdigit() else name
    return bots, labels, notice


# ---- entry point ---------------------------------------------------------------------------


def resume(args: argparse.Namespace) -> tuple[State, dict[str, Any]]:
    """The saved game of ``--resume`` (replayed and checked) and the table it was played at."""
    fixed = [flag for flag, value in (("--players", args.players), ("--seed", args.seed),
                                      ("--scenario", args.scenario), ("--option", args.option)) if value]
    if fixed:
        raise OptionError(f"{', '.join(fixed)}: a resumed game keeps the players, seed and options of its save")
    state, table = load_save(args.resume, "--resume")
    if args.game is not None and args.game != state.game.name:
        raise OptionError(f"--resume: {args.resume} is a game of {state.game.name}, not {args.game}")
    if state.is_terminal():
        raise OptionError(f"--resume: the game in {args.resume} is over (see it with: fathom replay {args.resume})")
    return state, table


def people_labels(humans: tuple[int, ...], names: str | None, saved: Any = None) -> dict[int, str]:
    """Each person's label: ``--names`` in seat order of ``--human``, else the save's, else you/human."""
    if names is not None:
        given = [name.strip() for name in names.split(",")]
        if len(given) != len(humans) or not all(given):
            raise OptionError(f"--names {names!r}: give one name for each person's seat {list(humans)}")
        return dict(zip(humans, given))
    default = DEFAULT_PEOPLE[0] if len(humans) == 1 else DEFAULT_PEOPLE[1]
    saved = saved if isinstance(saved, dict) else {}
    return {seat: str(saved.get(str(seat)) or default) for seat in humans}


def run(args: argparse.Namespace, console: Console, input_fn: InputFn) -> int:
    """Set up the table from ``args`` (or the save of ``--resume``) and play it."""
    if args.lang not in LANGS:
        raise OptionError(f"--lang {args.lang!r}: allowed: {allowed_list(LANGS)}")
    if args.resume:
        state, saved_table = resume(args)
        game, players, options = state.game.name, state.game.num_players, {}
        humans = human_seats(args, saved_humans(saved_table))
        saved_names = saved_table.get("names")
        saved_bots = [b for s, b in enumerate(saved_table.get("bots") or []) if s not in humans and b]
        spec = args.bots or (",".join(saved_bots) if len(saved_bots) == players - len(humans) else None)
    else:
        if args.game is None:
            raise OptionError(f"choose a game ({allowed_list(game_names())}) or --resume FILE")
        game = args.game
        humans = human_seats(args)
        saved_names = None
        options = parse_options(args.option, args.scenario, game)
        players = resolve_players(game, args.players)
        state = new_game(game, players=players, seed=args.seed, **options)
        spec = args.bots
    for seat in humans:
        if not 0 <= seat < players:
            flag = "--human" if args.human is not None else "--seat"
            raise OptionError(f"{flag} {seat}: seats are 0..{players - 1}")
    bot_seats = [s for s in range(players) if s not in humans]
    bots, labels, notice = make_bots(game, spec, bot_seats, state.seed)
    if notice:
        console.print(Text(notice, style="yellow"))
    people = people_labels(humans, args.names, saved_names)
    labels.update(people)
    tr = Translator(args.lang)
    renderer = load_renderer(game, console, tr)

    table = ", ".join(seat_label(s, labels, tr) for s in range(players))
    console.print(Text(tr("play.table", game=game, n=players, seats=table)))
    if options:
        console.print(Text(tr("play.options", options=", ".join(f"{k}={json.dumps(v)}" for k, v in options.items()))))
    console.print(Text(tr("play.seed", seed=state.seed)))
    if args.resume:
        console.print(Text(tr("play.resumed", path=args.resume, n=state.move_number())))
    session = Session(
        state=state,
        humans=humans,
        bots=bots,
        labels=labels,
        renderer=renderer,
        console=console,
        input_fn=input_fn,
        save_path=args.save or args.resume,
        coach=args.coach,
        auto_forced=args.auto_forced,
        seen=len(state.events(None)) if args.resume else 0,
        movers=state.movers() if args.resume else [],
        tr=tr,
        people={seat: name for seat, name in people.items() if name not in DEFAULT_PEOPLE},
    )
    if not humans:
        console.print(Rule(tr("play.game_log")))
        return session.run()
    with _no_compiler_waits():
        return session.run()


@contextlib.contextmanager
def _no_compiler_waits() -> Iterator[None]:
    """A person never waits for numba: level 3 thinks with Python playouts until its kernels are
    compiled (once per machine, in the background; see :mod:`fathom.kernel_cache`)."""
    from fathom.fast.need import have_numba

    if not have_numba():
        yield
        return
    from fathom import kernel_cache

    with kernel_cache.background():
        yield


__all__ = ["add_arguments", "run", "Session", "parse_options", "make_bots", "Quit"]
