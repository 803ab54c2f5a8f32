"""One game in progress on the terminal: the loop, the people's prompt and its commands.

The loop mirrors :func:`fathom.core.driver.play` (chance from ``state.sample_chance()``,
so a printed seed plus the moves replays the game exactly) but stops at a person's
seat to show their view and read a move or a command (help, board, log, hint, undo,
save, quit). :mod:`fathom.cli.play` sets the table up.

Hot seat: when several people share the terminal, the screen belongs to one of them at
a time (the *holder*: events print as that seat sees them). Before another person's
move the screen and its scrollback are cleared and the session waits for Enter, then
shows the newcomer what happened since their last look, so nobody sees another's hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.columns import Columns
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from fathom.bots.hint import HINT_BOT, hint_seed, suggest
from fathom.bots.specs import build_bot
from fathom.cli.console import (
    InputFn,
    event_phraser,
    log_namer,
    print_events,
    print_results,
    print_summary,
    save_game,
    seat_label,
)
from fathom.cli.info import print_rules
from fathom.cli.renderers import ChoiceMenu, GameRenderer
from fathom.core.api import CHANCE, TERMINAL, State
from fathom.core.driver import Bot
from fathom.core.errors import FathomError, OptionError, allowed_list
from fathom.i18n import Translator, template, text as catalog_text
from fathom.review import GAMES as REVIEWED

LOG_LINES = 15
RECAP_LINES = 40  # at most this many events are recalled to a person taking the keyboard
QUIT_WORDS = ("quit", "exit", "q")
COLUMNS_AFTER = 12  # more legal moves than this are listed in columns

class Quit(Exception):
    """The person asked to stop (``quit`` or end of input)."""

    def __init__(self, reason: str, code: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


@dataclass
class Session:
    """One game in progress on the terminal."""

    state: State
    humans: tuple[int, ...]
    bots: dict[int, Bot]
    labels: dict[int, str]
    renderer: GameRenderer
    console: Console
    input_fn: InputFn
    save_path: str | None = None
    coach: bool = True
    auto_forced: bool = True
    seen: int = 0
    notes_failed: bool = False
    hint_bots: dict[str, Bot] = field(default_factory=dict)
    movers: list[int] = field(default_factory=list)  # who made each move (CHANCE for chance), for undo
    position_changed: bool = False  # a command (undo) changed the position under the prompt
    holder: int | None = None  # the person the screen currently shows (hot seat); None: nobody yet
    seen_at: dict[int, int] = field(default_factory=dict)  # hot seat: log length when each person last looked
    tr: Translator = field(default_factory=Translator)  # the words of the log and menus (--lang)
    people: dict[int, str] = field(default_factory=dict)  # names people gave (--names), for the log
    menu_cache: tuple[tuple[int, tuple[int, ...]], ChoiceMenu | None] | None = None

    def __post_init__(self) -> None:
        if len(self.humans) == 1:
            self.holder = self.humans[0]  # one person: the screen is always theirs
        self.log_name = log_namer(self.people, self.tr)
        self.phrase = event_phraser(self.renderer, self.log_name, self.tr, self.state.game)

    @property
    def viewer(self) -> int | None:
        return self.holder

    def run(self) -> int:
        """Play to the end (or until the person quits); returns the exit code."""
        console = self.console
        try:
            while True:
                state = self.state  # an undo replaces it
                player = state.current_player
                if player == TERMINAL:
                    break
                if player == CHANCE:
                    self.step(state.sample_chance(), player)
                elif player in self.humans:
                    self.step(self.ask_human(player), player)
                else:
                    self.step(self.bots[player].choose(state), player)
        except Quit as stop:
            console.print(Text(stop.reason))
            console.print(Text(self.tr("play.stopped", n=self.state.move_number(), seed=self.state.seed)))
            if self.save_path:
                self.save(self.save_path)
            return stop.code
        except KeyboardInterrupt:
            console.print(Text("\n" + self.tr("play.interrupted")))
            if self.save_path:
                self.save(self.save_path)
            return 130
        except Exception:
            if self.save_path:  # keep the game for the bug report, then let the error show
                self.save(self.save_path)
            raise
        self.finish()
        return 0

    def step(self, action: int, player: int) -> None:
        if player >= 0 and player != self.holder:
            self.hint_bots.clear()  # the person's choice of several steps is over: no hint follows its plan
        self.state.apply(action)
        self.movers.append(player)
        self.show_new_events(player, action)

    def show_new_events(self, player: int, action: int) -> None:
        fresh = self.state.events(self.viewer, since=self.seen)
        self.seen += len(fresh)
        if fresh:
            print_events(self.console, fresh, self.phrase)
        elif not self.humans and player >= 0:
            # Watching bots only: nobody's secrets to keep, so say what a silent move was.
            move = self.state.action_to_string(action)
            who = self.log_name(player)
            key = f"log.move.{move}"  # a move the catalog words (done, continue…), else its notation
            said = self.tr(key, who=who) if template(self.tr.lang, key, "term") != key else \
                self.tr("log.silent", who=who, move=move)
            self.console.print(Text(f"  [{self.state.move_number() - 1}] {said}"))

    def finish(self) -> None:
        console, state = self.console, self.state
        console.print(Rule(self.tr("play.game_over")))
        viewer = self.viewer if len(self.humans) == 1 else None  # a shared screen shows the public board
        console.print(self.renderer.board(state.view(viewer), viewer))
        print_results(console, state, self.labels, self.tr)
        print_summary(console, state, self.labels, self.tr)
        console.print(Text(self.tr("play.seed_end", seed=state.seed)))
        if self.save_path:
            self.save(self.save_path)
            if state.game.name in REVIEWED:  # the coach, looking back: what each person's calls gave up
                for seat in self.humans:
                    command = f"fathom review {self.save_path}" + (f" --seat {seat}" if len(self.humans) > 1 else "")
                    console.print(Text(self.tr("play.review", command=command), style="cyan"))

    def save(self, path: str) -> None:
        """The game plus who sits where, so ``--resume`` seats the same bots again."""
        bots = [None if seat in self.humans else self.labels.get(seat) for seat in range(self.state.game.num_players)]
        names = {str(seat): self.labels[seat] for seat in self.humans}
        save_game(self.console, self.state, path, table={"humans": list(self.humans), "names": names, "bots": bots},
                  tr=self.tr)

    # ---- the person's turn -------------------------------------------------------------

    def hand_over(self, seat: int) -> None:
        """Hot seat: hide the screen, wait for ``seat``'s person, then recall what they missed."""
        console, state = self.console, self.state
        if self.holder is not None:
            self.seen_at[self.holder] = self.seen
        self.hint_bots.clear()  # a hint bot plans for the seat it was asked for
        console.clear()
        if console.is_terminal:
            console.file.write("\x1b[3J")  # the scrollback too, where the last hand still shows
        label = seat_label(seat, self.labels, self.tr)
        console.print(Rule(self.tr("play.pass_to", who=label)))
        text = self.read_line(self.tr("play.look_away", who=label))
        if text.lower() in QUIT_WORDS:
            raise Quit(self.tr("play.quit"), 0)
        self.holder = seat
        missed = state.events(seat, since=self.seen_at.get(seat, 0))
        if missed:
            console.print(Rule(self.tr("play.since", n=len(missed))))
            if len(missed) > RECAP_LINES:
                console.print(Text("  " + self.tr("play.earlier", n=len(missed) - RECAP_LINES), style="dim"))
            print_events(console, missed[-RECAP_LINES:], self.phrase)
        self.seen = len(state.events(None))

    def show_turn(self, actions: list[int]) -> None:
        console, state, seat = self.console, self.state, self.holder
        assert seat is not None
        console.print(Rule(self.tr("play.your_turn", n=state.move_number(), seat=seat)))
        console.print(self.renderer.board(state.view(seat), seat))
        menu = self.menu(actions)
        if menu is not None:
            self.show_menu(menu)
            return
        notes = self.notes(actions)
        lines = []
        for number, action in enumerate(actions, 1):
            line = Text(f"{number:>3}. {self.move_name(action)}")
            if notes.get(action):
                line.append(f"   {notes[action]}", style="cyan")
            lines.append(line)
        if len(lines) > COLUMNS_AFTER and not notes:  # long bare lists (e.g. every reroll) side by side
            console.print(Columns(lines, column_first=True, padding=(0, 3)))
        else:
            for line in lines:
                console.print(line)

    def move_name(self, action: int) -> str:
        """A legal move as the list shows it: the renderer's words for it (``move_label``), else its notation."""
        words = getattr(self.renderer, "move_label", None)
        return words(self.state, action) if words is not None else self.state.action_to_string(action)

    def typed_names(self, action: int) -> set[str]:
        """What may be typed for a legal move besides its notation (case folded): the list's label,
        without the notation it shows in brackets, and the renderer's plain words for it
        (``plain_label``: "Recruter case 1", as the list said it before moves had names)."""
        label = " ".join(self.move_name(action).split())
        names = {label, label.rsplit(" [", 1)[0] if label.endswith("]") else label}
        plain = getattr(self.renderer, "plain_label", None)
        if plain is not None:
            names.add(" ".join(plain(self.state, action).split()))
        return {n.casefold() for n in names}

    def menu(self, actions: list[int]) -> ChoiceMenu | None:
        """The renderer's menu for this decision, if it offers one (built once per position)."""
        key = (self.state.move_number(), tuple(actions))
        if self.menu_cache is not None and self.menu_cache[0] == key:
            return self.menu_cache[1]
        build = getattr(self.renderer, "choice_menu", None)
        menu = None
        if build is not None and not self.notes_failed:
            try:
                menu = build(self.state, self.holder, actions, self.tr, self.coach)
            except Exception as exc:  # a coaching bug must not end the person's game: the plain list follows
                self.notes_failed = True
                self.console.print(Text(f"(choice menu unavailable: {type(exc).__name__}: {exc})", style="dim"))
        self.menu_cache = (key, menu)
        return menu

    def show_menu(self, menu: ChoiceMenu, every: bool = False) -> None:
        """The short list (best first, marked) or, with ``every``, all choices with their details."""
        console = self.console
        for words in menu.header if not every else (menu.all_header,):
            console.print(Text(words))
        for index in range(len(menu.items)) if every else menu.shown:
            item = menu.items[index]
            best = item.action == menu.best
            line = Text(f"{'★' if best else ' '}{index + 1:>3}. {item.label}", style="bold" if best else "")
            note = " · ".join(part for part in (item.note, item.detail if every else "") if part)
            if note:
                line.append(f"   {note}", style="cyan")
            if best:
                line.append(f"  ({self.tr('play.menu_best')})", style="bold green")
            console.print(line)
        if menu.more and not every:
            console.print(Text(menu.more, style="dim"))
        console.print(Text(menu.how, style="dim"))

    def notes(self, actions: list[int]) -> dict[int, str]:
        if not self.coach or self.notes_failed:
            return {}
        try:
            return self.renderer.action_notes(self.state, self.holder, actions) or {}  # type: ignore[arg-type]
        except Exception as exc:  # a coaching bug must not end the person's game
            self.notes_failed = True
            self.console.print(Text(f"(move notes unavailable: {type(exc).__name__}: {exc})", style="dim"))
            return {}

    def ask_human(self, seat: int) -> int:
        """Show ``seat``'s board and moves (after a hand-over if the screen is another's), read a legal move."""
        actions = self.state.legal_actions()
        if self.auto_forced and len(actions) == 1:
            if seat == self.holder:
                only = self.move_name(actions[0])
                self.console.print(Text(self.tr("play.only_move", move=only), style="dim"))
            else:  # not worth a hand-over; the move's public face shows in the log
                self.console.print(Text(self.tr("play.forced_other", who=seat_label(seat, self.labels, self.tr)),
                                        style="dim"))
            return actions[0]
        if seat != self.holder:
            self.hand_over(seat)
        self.show_turn(actions)
        prompt = self.tr("play.prompt", n=len(actions))
        while True:
            if self.position_changed:  # an undo: a new position, its own moves
                self.position_changed = False
                return self.ask_human(seat)
            text = self.read_line(prompt)
            if not text:
                self.console.print(Text(self.tr("play.empty", n=len(actions))))
                continue
            action = self.parse_move(text, actions)
            if action is not None:
                return action

    def read_line(self, prompt: str) -> str:
        try:
            return self.input_fn(prompt).strip()
        except EOFError:
            raise Quit(self.tr("play.input_ended"), 1) from None

    def parse_move(self, text: str, actions: list[int]) -> int | None:
        """The action meant by ``text``, or ``None`` after printing what was wrong (or running a command)."""
        console, state = self.console, self.state
        menu = self.menu(actions)
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(actions):
                return menu.items[number - 1].action if menu is not None else actions[number - 1]
            console.print(Text(self.tr("play.no_move", number=number, n=len(actions)), style="red"))
            return None
        by_name = {state.action_to_string(a): a for a in actions}
        key = " ".join(text.split())
        if key in by_name:
            return by_name[key]
        folded = [a for name, a in by_name.items() if name.casefold() == key.casefold()]
        if len(folded) == 1:
            return folded[0]
        said = [a for a in actions if key.casefold() in self.typed_names(a)]
        if len(said) == 1:  # the move as the list words it (by name, or another language's words)
            return said[0]
        if menu is not None:
            if text.casefold() in ("all", "tout"):
                self.show_menu(menu, every=True)
                return None
            meant = menu.parse(text)
            if isinstance(meant, str):
                console.print(Text(meant, style="red"))
                return None
            if meant is not None:
                return meant
        if self.command(text):
            return None
        try:
            known = state.string_to_action(text)
        except FathomError:
            known = None
        if menu is not None:  # the menu's words, not 63 reroll notations
            console.print(Text(f"{key!r}: " + menu.how + " " + self.tr("play.commands"), style="red"))
            return None
        shown = allowed_list(self.move_name(a) for a in actions)
        if known is not None:
            console.print(Text(self.tr("play.not_legal", move=repr(key), moves=shown), style="red"))
        else:
            console.print(Text(self.tr("play.unknown", move=repr(key), n=len(actions), moves=shown), style="red"))
        return None

    def hint(self, name: str) -> None:
        """Say which move ``name`` would play in the person's seat, without playing it.

        One bot per name answers until another seat moves, so after a hint to sail somewhere
        the next hints pay and move toward it, and a plan never outlives its turn
        (:mod:`fathom.bots.hint`).
        """
        console, state = self.console, self.state
        bot = self.hint_bots.get(name)
        if bot is None:
            try:
                bot = build_bot(name, state.game.name,
                                hint_seed(state.seed, state.current_player, state.move_number()))
            except (ImportError, OptionError) as exc:
                console.print(Text(f"hint {name}: {exc}", style="red"))
                return
            self.hint_bots[name] = bot
        hint = suggest(bot, state)
        menu = self.menu(state.legal_actions())
        if menu is not None:
            label = menu.label(hint.action)
        else:
            words = getattr(self.renderer, "hint_text", None)  # e.g. where a sail takes both boats
            label = words(hint) if words is not None else None
            if label is None and hint.text == state.action_to_string(hint.action):
                label = self.move_name(hint.action)  # a bare move: as the list words it
        number = menu.number(hint.action) if menu is not None else state.legal_actions().index(hint.action) + 1
        line = Text(self.tr("play.hint", bot=name, number=number, move=label or hint.text), style="bold")
        if hint.win_chance is not None:
            line.append("   " + self.tr("t.hint_win", p=round(100 * hint.win_chance), n=hint.playouts), style="cyan")
        console.print(line)

    def undo(self) -> None:
        """Take back the person's last move when the engine allows it (the web table's rule)."""
        console, state = self.console, self.state
        if not self.movers or not state.can_take_back(self.holder, self.movers[-1]):
            console.print(Text(catalog_text(self.tr.lang, "no-undo", "errors"), style="red"))
            return
        rebuilt = state.replayed(state.move_number() - 1)
        self.state = rebuilt
        self.movers.pop()
        self.seen = len(rebuilt.events(None))
        self.seen_at = {seat: min(seen, self.seen) for seat, seen in self.seen_at.items()}
        self.hint_bots.clear()
        self.position_changed = True
        console.print(Text(self.tr("play.took_back", move=self.move_name(state.history()[-1]))))

    def command(self, text: str) -> bool:
        """Run a command word; ``False`` if ``text`` is not one."""
        word, _, rest = text.partition(" ")
        word, rest = word.lower(), rest.strip()
        console = self.console
        if word in ("help", "?"):
            console.print(Text(self.tr("play.help")))
        elif word == "board":
            self.show_turn(self.state.legal_actions())
        elif word == "log":
            count = LOG_LINES
            if rest:
                if not rest.isdigit():
                    console.print(Text(self.tr("play.bad_log", rest=repr(rest)), style="red"))
                    return True
                count = int(rest)
            events = self.state.events(self.viewer)
            if not events:
                console.print(Text(self.tr("play.no_events")))
            print_events(console, events[-count:] if count else [], self.phrase)
        elif word == "hint":
            self.hint(rest or HINT_BOT)
        elif word == "rules":
            print_rules(console, self.state.game.name, self.tr.lang)
        elif word == "undo":
            self.undo()
        elif word == "save":
            path = rest or self.save_path
            if not path:
                console.print(Text(self.tr("play.save_needs"), style="red"))
            else:
                self.save(path)
        elif word in QUIT_WORDS:
            raise Quit(self.tr("play.quit"), 0)
        else:
            return False
        return True
