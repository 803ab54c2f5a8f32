"""The one engine API every fathom game implements (in the spirit of OpenSpiel's Game/State).

A :class:`Game` is an immutable configuration (players, options, component data,
action names). A :class:`State` is one position. Chance is explicit: at a chance
node ``current_player`` is :data:`CHANCE` and ``chance_outcomes()`` lists the
outcomes with exact probabilities. Decisions come one at a time from a fixed,
per-game action space, so an action mask is just ``legal_actions()``.

Action ids: player actions are ``0 .. num_distinct_actions-1``; chance outcomes are
``num_distinct_actions .. num_distinct_actions+max_chance_outcomes-1``. Because the
ranges are disjoint, an action log is readable without knowing the node types.

Subclasses implement the underscored hooks; this base supplies validation, the
history, serialization, chance sampling, redacted views/events and determinization
plumbing.

The public read API: everything outside a game's own package (bots, encoders, front
ends, statistics) reads a state only through public methods and properties, never
through its storage. Every game answers :attr:`State.current_player`,
:attr:`State.turn_seat` (whose turn it is, also at a chance node inside that turn),
:attr:`State.step_kind` (what kind of step this is, a name from ``Game.STEP_KINDS``),
:meth:`State.chance_observer` (who sees the outcome of this chance node: ``None`` for
everyone, or the one seat), :meth:`State.scores` and :meth:`State.view`. Each game adds
its own facts beside these (Deep Blue: :mod:`fathom.games.deep_blue.facts`, the board,
the market and a dive; Into the Blue: the turn and the roll under way, on its state).
How a game package is laid out (steps, action ids, data checks) is in :mod:`fathom.games`.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

from fathom.core.errors import IllegalActionError, allowed_list
from fathom.core.options import Option
from fathom.core.redact import redact
from fathom.core.rng import Rng

CHANCE = -1
"""``current_player`` at a chance node."""
TERMINAL = -4
"""``current_player`` once the game is over."""

SAVE_FORMAT = "fathom-save/2"
"""Version 2 (R-DB-1, R-IB-1): every option is written, ``first_player`` included. Saves of
version 1 were made when seat 0 always began; they load with :attr:`Game.OLD_DEFAULTS`."""
OLD_SAVE_FORMATS = ("fathom-save/1",)


class Game(ABC):
    """Static description of one game configuration; shared by all its states."""

    name: ClassVar[str]
    STEP_KINDS: ClassVar[tuple[str, ...]] = ("decision", "chance", "over")
    """Every value :attr:`State.step_kind` can take in this game."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    OPTIONS: ClassVar[Mapping[str, Option]] = {}
    OLD_DEFAULTS: ClassVar[Mapping[str, Any]] = {}
    """Options whose default changed, with the value a record written before the change meant:
    an old save or stored table that lacks the key is replayed with this, so it stays the same game."""

    num_players: int
    options: dict[str, Any]
    action_names: tuple[str, ...]
    num_distinct_actions: int
    max_chance_outcomes: int

    def _set_action_names(self, player_actions: Sequence[str], chance_outcomes: Sequence[str]) -> None:
        names = tuple(player_actions) + tuple(chance_outcomes)
        if len(set(names)) != len(names):
            dup = sorted({n for n in names if names.count(n) > 1})
            raise ValueError(f"{self.name}: duplicate action names {dup}")
        self.action_names = names
        self.num_distinct_actions = len(player_actions)
        self.max_chance_outcomes = len(chance_outcomes)
        self._action_ids = {n: i for i, n in enumerate(names)}

    def action_id(self, text: str) -> int:
        """The id of an action written in the game's notation."""
        key = " ".join(text.strip().split())
        try:
            return self._action_ids[key]
        except KeyError:
            raise IllegalActionError(
                f"{self.name}: {text!r} is not an action of this game; examples: "
                f"{allowed_list(self.action_names[:12])}"
            ) from None

    def is_chance_action(self, action: int) -> bool:
        return action >= self.num_distinct_actions

    def reveals_secret(self, action: int) -> bool:
        """Does this player action show the other seats something secret (a card from a hand)?

        Front ends that offer undo must not take such a move back: the others have seen it.
        """
        return False

    def describe(self) -> dict[str, Any]:
        """Static, public facts of this box (components, board, values) for front ends and bots;
        every game describes its own (this default: nothing)."""
        return {}

    @abstractmethod
    def new_initial_state(self, seed: int) -> State:
        """The position before anything has happened (usually a chance node of setup)."""


class State(ABC):
    """One position of a game. Mutated in place by :meth:`apply`; copy with :meth:`clone`."""

    __slots__ = ("game", "seed", "_hist", "_hist_len", "_log")

    game: Game
    seed: int

    # ---- hooks for games -------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """A seat ``0..n-1``, :data:`CHANCE` or :data:`TERMINAL`."""

    @abstractmethod
    def _legal_actions(self) -> list[int]:
        """Sorted legal player actions at a decision node."""

    @abstractmethod
    def _chance_weights(self) -> list[tuple[int, int]]:
        """``[(action, integer weight), …]`` at a chance node (weights need not be normalised)."""

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Apply a legal action (already validated)."""

    @abstractmethod
    def _copy(self) -> State:
        """A field-by-field copy of the game-specific part (no deepcopy)."""

    @abstractmethod
    def _snapshot(self) -> dict[str, Any]:
        """The whole position as JSON-like data with secrets wrapped in ``Secret``."""

    @abstractmethod
    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        """Replace everything ``seat`` cannot know by a consistent random alternative."""

    @abstractmethod
    def _key(self) -> tuple[Any, ...]:
        """Everything that defines the position (for equality tests)."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Current points of every seat (final once terminal)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Winning seats once terminal (several on a shared win); ``[]`` before."""

    def _scores_public(self) -> bool:
        """Are every seat's totals shown to everyone now? Games whose totals are kept private until
        the end say so here, once, for their views and :meth:`visible_scores`."""
        return True

    def visible_scores(self, seat: int | None) -> list[float | None]:
        """Each seat's total as ``seat`` may see it (``None``: hidden from it; a spectator is ``None``)."""
        self._check_seat(seat)
        public = self._scores_public()
        return [v if public or p == seat else None for p, v in enumerate(self.scores())]

    # ---- the public read API every game answers (see the module docstring) ----------
    @property
    def turn_seat(self) -> int:
        """The seat whose turn it is (at a chance node inside a turn too). Games with turns say so;
        this default knows only the seat to move (``CHANCE`` or ``TERMINAL`` elsewhere)."""
        return self.current_player

    @property
    def step_kind(self) -> str:
        """What kind of step this is (one of ``game.STEP_KINDS``), e.g. a turn choice or a dice roll.
        This default tells only a decision, a chance node and the end apart."""
        player = self.current_player
        return "chance" if player == CHANCE else "over" if player == TERMINAL else "decision"

    def chance_observer(self) -> int | None:
        """At a chance node whose outcome only one seat sees, that seat; ``None`` when the whole
        table sees it (and at every decision: decisions are public, their secrets are in views)."""
        return None

    def chance_seen_by(self, seat: int) -> bool:
        """Does ``seat`` see the outcome of this chance node (search trees branch only on those)?"""
        observer = self.chance_observer()
        return observer is None or observer == seat

    # ---- shared machinery ------------------------------------------------------------
    def _init_base(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self._hist: tuple[Any, int] | None = None
        self._hist_len = 0
        self._log: list[dict[str, Any]] | None = []

    def _copy_base(self, other: State) -> None:
        other.game = self.game
        other.seed = self.seed
        other._hist = self._hist
        other._hist_len = self._hist_len
        other._log = None

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def legal_actions(self) -> list[int]:
        """Sorted legal actions: player actions at a decision, outcomes at a chance node."""
        player = self.current_player
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return sorted(a for a, _ in self._chance_weights())
        return self._legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(action, probability), …]`` at a chance node, ``[]`` elsewhere."""
        if self.current_player != CHANCE:
            return []
        weights = self._chance_weights()
        total = sum(w for _, w in weights)
        return [(a, w / total) for a, w in weights]

    def exact_chance_outcomes(self) -> list[tuple[int, Fraction]]:
        """As :meth:`chance_outcomes`, with exact fractions (for solvers and tests)."""
        if self.current_player != CHANCE:
            return []
        weights = self._chance_weights()
        total = sum(w for _, w in weights)
        return [(a, Fraction(w, total)) for a, w in weights]

    def sample_chance(self, rng: Rng | None = None) -> int:
        """Draw the outcome of the current chance node.

        Without ``rng`` the outcome comes from the state's own seed and position, so
        a game is fully determined by its seed and the players' actions. Search code
        must pass its own ``rng`` (or search a :meth:`determinize`-d copy, which has a
        fresh seed), or it would foresee the real game's future.
        """
        weights = self._chance_weights()
        if not weights:
            raise IllegalActionError(f"{self.game.name}: not a chance node (current player {self.current_player})")
        if rng is None:
            rng = Rng.for_key(self.seed, self._hist_len)
        return weights[rng.weighted_index([w for _, w in weights])][0]

    def apply(self, action: int) -> None:
        """Play ``action``; an illegal one raises :class:`IllegalActionError` and changes nothing."""
        if not self._is_legal(action):
            raise IllegalActionError(self._illegal_message(action))
        self._apply(action)
        self._hist = (self._hist, action)
        self._hist_len += 1

    def apply_text(self, text: str) -> int:
        """Parse ``text`` in the game's notation and apply it; returns the action id."""
        action = self.string_to_action(text)
        self.apply(action)
        return action

    def _is_legal(self, action: Any) -> bool:
        if type(action) is not int:
            return False
        player = self.current_player
        if player == CHANCE:
            return any(a == action for a, _ in self._chance_weights())
        if player == TERMINAL:
            return False
        return action in self._legal_actions()

    def _illegal_message(self, action: Any) -> str:
        name = self.game.name
        if self.is_terminal():
            return f"{name}: the game is over; no action is allowed"
        allowed = allowed_list(self.action_to_string(a) for a in self.legal_actions())
        if type(action) is not int:
            return f"{name}: an action must be an int id, got {action!r}; allowed now: {allowed}"
        if 0 <= action < len(self.game.action_names):
            what = f"{self.action_to_string(action)!r} (id {action})"
        else:
            what = f"id {action} (ids run 0..{len(self.game.action_names) - 1})"
        who = "chance" if self.is_chance_node() else f"seat {self.current_player}"
        return f"{name}: {what} is not legal now for {who}; allowed now: {allowed}"

    def action_to_string(self, action: int) -> str:
        """The action in the game's stable, readable notation."""
        names = self.game.action_names
        if type(action) is not int or not 0 <= action < len(names):
            raise IllegalActionError(f"{self.game.name}: unknown action id {action!r}; ids run 0..{len(names) - 1}")
        return names[action]

    def string_to_action(self, text: str) -> int:
        """The id of an action in the game's notation (legality is checked by :meth:`apply`)."""
        return self.game.action_id(text)

    def history(self) -> list[int]:
        """Every action applied since the initial state, chance outcomes included."""
        out: list[int] = []
        node = self._hist
        while node is not None:
            node, action = node
            out.append(action)
        out.reverse()
        return out

    def move_number(self) -> int:
        return self._hist_len

    def __getstate__(self) -> dict[str, Any]:
        """What pickling keeps (a state crosses to the server's bot workers): every field, with the
        history as a flat list. Kept as its chain of ``(earlier, action)`` pairs, a long game nested
        deeper than pickle's recursion limit, and the worker never got the position."""
        fields: dict[str, Any] = dict(getattr(self, "__dict__", {}))
        for cls in type(self).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if name != "__weakref__" and hasattr(self, name):
                    fields[name] = getattr(self, name)
        fields["_hist"] = self.history()
        return fields

    def __setstate__(self, fields: dict[str, Any]) -> None:
        node: tuple[Any, int] | None = None
        for action in fields.pop("_hist"):
            node = (node, action)
        for name, value in fields.items():
            setattr(self, name, value)
        self._hist = node

    def can_take_back(self, seat: int | None, last_mover: int) -> bool:
        """May ``seat`` undo the last move, made by ``last_mover`` (a seat, or CHANCE)?

        Only its own move, in its own turn, that showed nobody a secret: taking it back then
        neither reveals nor redraws anything. Front ends know who moved; the state does not.
        """
        return (seat is not None and last_mover == seat and self.current_player == seat and self._hist is not None
                and not self.game.reveals_secret(self._hist[1]))

    def clone(self, keep_events: bool = False) -> State:
        """An independent copy: playing on it never changes this state.

        A copy keeps no event log (bots' playouts run faster), unless ``keep_events``: then it
        carries this state's log on, as a server's next position must.
        """
        other = self._copy()
        self._copy_base(other)
        if keep_events and self._log is not None:
            other._log = list(self._log)
        return other

    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-safe dict of exactly what ``seat`` may know (``None``: a spectator)."""
        self._check_seat(seat)
        view: dict[str, Any] = redact(self._snapshot(), seat)
        return view

    def events(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The game's event log as ``seat`` may see it, from event number ``since`` on.

        Every seat's log has the same length (a secret event shows its public face), so a
        front end can keep one counter and ask only for what is new.
        """
        self._check_seat(seat)
        log = self._log
        if log is None:  # clones do not record; rebuild the log by replay
            log = self.replayed()._log or []
        return [redact(event, seat) for event in log[since:]]

    def stop_recording(self) -> None:
        """Keep no event log from now on (simulations run about a quarter faster); :meth:`events`
        then rebuilds it by replay when asked."""
        self._log = None

    def _emit(self, event: dict[str, Any]) -> None:
        if self._log is not None:
            event["step"] = self._hist_len
            self._log.append(event)

    def determinize(self, seat: int, rng: Rng) -> State:
        """A state consistent with all ``seat`` knows, all it cannot know resampled.

        The copy also gets a fresh seed from ``rng``, so chance sampled on it says
        nothing about the real game's future.
        """
        self._check_seat(seat)
        if seat is None:
            raise IllegalActionError(f"{self.game.name}: determinize needs a seat, not None")
        other = self.clone()
        other.seed = rng.next64() >> 1
        other._resample_hidden(seat, rng)
        return other

    def _check_seat(self, seat: int | None) -> None:
        n = self.game.num_players
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise IllegalActionError(f"{self.game.name}: seat {seat!r} is not allowed; seats are 0..{n - 1} or None")

    # ---- persistence -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        game = self.game
        return {
            "format": SAVE_FORMAT,
            "game": game.name,
            "players": game.num_players,
            "seed": self.seed,
            "options": dict(game.options),
            "actions": [game.action_names[a] for a in self.history()],
        }

    def to_json(self, indent: int | None = None) -> str:
        """The game's options, seed and whole action log (chance outcomes included)."""
        return json.dumps(self.to_dict(), indent=indent)

    def restarted(self, record_events: bool = True) -> State:
        """This game's first position: the same game, options and seed, nothing played yet."""
        from fathom.core.registry import new_game

        return new_game(self.game.name, players=self.game.num_players, seed=self.seed,
                        record_events=record_events, **self.game.options)

    def replayed(self, moves: int | None = None) -> State:
        """This game rebuilt from its seed, its event log kept, up to move ``moves`` (default: all of
        them); e.g. the position before the last move, for an undo."""
        fresh = self.restarted()
        for action in self.history()[:moves]:
            fresh.apply(action)
        return fresh

    def walk(self, record_events: bool = False) -> Iterator[tuple[State, int]]:
        """Each position of this game's history with the action played from it, rebuilt from the seed.

        One position object is moved on after each pair, so read it before asking for the next:
        this is how a review or a save's authors look back over a game without a copy per move.
        """
        position = self.restarted(record_events)
        for action in self.history():
            yield position, action
            position.apply(action)

    def movers(self) -> list[int]:
        """Who made each move so far (a seat, or CHANCE): a save keeps only the actions, and undo or a
        table's log need their authors."""
        return [position.current_player for position, _ in self.walk()]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return (
            type(self) is type(other)
            and self.game.name == other.game.name
            and self.game.num_players == other.game.num_players
            and self.game.options == other.game.options
            and self.seed == other.seed
            and self._hist_len == other._hist_len
            and self._key() == other._key()
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.name} players={self.game.num_players} move={self._hist_len}>"
