"""Into the Blue's game configuration: players, options, data, action names."""

from __future__ import annotations

from typing import Any, ClassVar

from fathom.core.api import Game
from fathom.core.errors import IllegalActionError, OptionError
from fathom.core.options import (
    FIRST_PLAYER_CHOICES,
    RANDOM_FIRST,
    Option,
    check_first_player,
    check_players,
    first_player_name,
    resolve_options,
)
from fathom.games.into_the_blue import actions, dice
from fathom.games.into_the_blue.data import LEVELS, DataError, IntoTheBlueData, load_data
from fathom.games.into_the_blue.scoring import level_tokens
from fathom.games.into_the_blue.phases import NAMES as STEP_NAMES
from fathom.games.into_the_blue.state import IntoTheBlueState

DEFAULT_PLAYERS = 4


class IntoTheBlueGame(Game):
    """2-5 divers roll for runs, stack shells on five levels and fight for majorities.

    Options: ``first_player`` (a seat, or ``random``: drawn at setup, R-IB-1) and
    ``data_file``: a corrected component file (e.g. the real treasure values of a
    box), validated like the packaged one (see :mod:`.data`).
    ``players=None`` means :data:`DEFAULT_PLAYERS`.
    """

    name: ClassVar[str] = "into-the-blue"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    STEP_KINDS: ClassVar[tuple[str, ...]] = STEP_NAMES
    OPTIONS: ClassVar[dict[str, Option]] = {
        "first_player": Option(
            "first_player", RANDOM_FIRST, FIRST_PLAYER_CHOICES,
            "R-IB-1: the seat that plays first (random: drawn at setup, as the box says)",
        ),
        "data_file": Option("data_file", None, (), "a replacement component file (checked like the packaged one)"),
    }
    OLD_DEFAULTS: ClassVar[dict[str, Any]] = {"first_player": 0}
    """Saves from before R-IB-1 was ruled were played with seat 0 first."""

    # the fixed action space as game attributes, as Deep Blue's (ids never change between games)
    A_STOP: ClassVar[int] = actions.STOP
    A_PLACE: ClassVar[dict[int, int]] = {level: actions.PLACE0 + level for level in LEVELS}
    """``place L`` by level (1..5)."""
    PLACE_LEVEL: ClassVar[dict[int, int]] = {aid: level for level, aid in A_PLACE.items()}
    """The level of each ``place L`` action."""

    data: IntoTheBlueData
    tokens: tuple[tuple[int, ...], ...]
    """Token values per level (index 0 = level 1) in award order for this player count."""
    chest_values: tuple[int, ...]
    """Distinct chest values, ascending (``chest V`` outcomes follow this order)."""
    chest_pile: tuple[int, ...]
    """How many chests of each distinct value the game starts with."""
    shells: int
    rerolls: int

    def __init__(self, players: int | None = None, **options: Any) -> None:
        self.options = resolve_options(self.name, self.OPTIONS, options)
        data_file = self.options["data_file"]
        if data_file is not None and not isinstance(data_file, str):
            raise OptionError(f"{self.name}: option data_file must be a path string or None, got {data_file!r}")
        try:
            data = load_data(data_file)
        except DataError as exc:
            raise OptionError(f"{self.name}: cannot use data_file {data_file!r}: {exc}") from None
        self.num_players = check_players(
            self.name, DEFAULT_PLAYERS if players is None else players, data.min_players, data.max_players
        )
        self.first_player = check_first_player(self.name, self.options["first_player"], self.num_players)
        self.data = data
        self.tokens = tuple(level_tokens(t.main, t.secondary, self.num_players) for t in data.treasures)
        self.chest_values = tuple(sorted(set(data.chest_values)))
        self.chest_pile = tuple(data.chest_values.count(v) for v in self.chest_values)
        self.shells = data.shells_per_player
        self.rerolls = data.rolls_per_turn - 1
        chance = actions.chance_outcome_names(self.chest_values)
        self.FIRST0 = len(actions.player_action_names()) + len(chance)
        """``first seatS`` has id FIRST0 + S (after every older outcome, whose ids stay as they were)."""
        chance += [first_player_name(seat) for seat in range(self.num_players)]
        self._set_action_names(actions.player_action_names(), chance)

    def action_id(self, text: str) -> int:
        """As :meth:`Game.action_id`, also reading dice in any order (``reroll chest 3 1``)."""
        try:
            return super().action_id(text)
        except IllegalActionError:
            verb, _, rest = " ".join(text.strip().split()).partition(" ")
            if verb.lower() in ("reroll", "roll") and rest:
                try:
                    canonical = f"{verb.lower()} {dice.name(dice.parse(rest))}"
                except ValueError:
                    pass
                else:
                    if canonical in self._action_ids:
                        return self._action_ids[canonical]
            raise

    @staticmethod
    def reroll_action(reroll: int) -> int:
        """``reroll F`` for the dice multiset ``reroll`` (a :mod:`.dice` id, not empty)."""
        return actions.REROLL0 + reroll

    @staticmethod
    def choice_action(reroll: int) -> int:
        """The decision after a roll that rerolls the dice multiset ``reroll`` (``stop`` when empty)."""
        return actions.STOP if reroll == dice.EMPTY else actions.REROLL0 + reroll

    @staticmethod
    def rerolled(action: int) -> int | None:
        """The dice multiset a ``reroll F`` action rerolls; None for any other action."""
        return action - actions.REROLL0 if actions.REROLL0 < action < actions.NUM_PLAYER_ACTIONS else None

    def describe(self) -> dict[str, Any]:
        """Static, public facts of this box (as Deep Blue's ``describe``) for front ends."""
        data = self.data
        return {
            "shells_per_player": self.shells,
            "rolls_per_turn": self.rerolls + 1,
            "chest_values": list(data.chest_values),
            "treasures": [{"level": t.level, "main": t.main, "secondary": list(t.secondary),
                           "tokens": list(tokens)} for t, tokens in zip(data.treasures, self.tokens)],
            "reconstructed": data.reconstructed(),
        }

    def new_initial_state(self, seed: int) -> IntoTheBlueState:
        return IntoTheBlueState(self, seed)

