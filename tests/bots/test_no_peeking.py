"""Bots never read hidden information.

Two independent checks, for every bot of both games:

1. **Spy state.** The bot is handed a copy of the real position whose secret parts
   (Deep Blue: other seats' hands and rest piles; not their VP, even with
   ``hidden_scores``, as every scoring event is public, R-DB-18; Into the Blue: other
   seats' chests and what is left in the chest pile) raise :class:`Peeked` when read, as do the state's seed, its history
   (it holds secret draws), ``clone`` and ``apply``. Only the sanctioned doors stay
   open: ``view(seat)``, ``legal_actions()`` and ``determinize(seat, rng)`` (which
   resamples the secrets itself). The bot must decide without tripping a wire, and
   decide what it decides on the plain state.
2. **Same information, same decision.** On a state and on a determinized copy
   (secrets resampled, fresh seed: the same information set), bots seeded alike
   must choose the same action.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any

import pytest

import fathom
from fathom.bots.specs import build_bot
from fathom.core.api import CHANCE
from fathom.core.rng import Rng
from fathom.games.deep_blue.phases import TURN
from fathom.games.deep_blue.state import DeepBlueState
from fathom.games.into_the_blue.state import IntoTheBlueState


class Peeked(AssertionError):
    pass


class Gate:
    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.open = 0

    @contextmanager
    def opened(self):
        self.open += 1
        try:
            yield
        finally:
            self.open -= 1


class NoSeat:
    """A gate that opens with another but lets no seat read its own entry."""

    seat = -1

    def __init__(self, gate: Gate) -> None:
        self.gate = gate

    @property
    def open(self) -> int:
        return self.gate.open


class GuardedList(list):
    """A per-seat list: the owner's entry may be read, others' only through a sanctioned door."""

    gate: Gate
    what: str

    def __getitem__(self, i: Any) -> Any:
        if not self.gate.open and (isinstance(i, slice) or i != self.gate.seat):
            raise Peeked(f"read {self.what}[{i}] as seat {self.gate.seat}")
        return list.__getitem__(self, i)

    def __iter__(self):
        if not self.gate.open:
            raise Peeked(f"iterated over {self.what} as seat {self.gate.seat}")
        return list.__iter__(self)


class GuardedTuple(tuple):
    gate: Gate
    what: str

    def __getitem__(self, i: Any) -> Any:
        if not self.gate.open and (isinstance(i, slice) or i != self.gate.seat):
            raise Peeked(f"read {self.what}[{i}] as seat {self.gate.seat}")
        return tuple.__getitem__(self, i)

    def __iter__(self):
        if not self.gate.open:
            raise Peeked(f"iterated over {self.what} as seat {self.gate.seat}")
        return tuple.__iter__(self)


def guard(cls: type, value: Any, gate: Gate, what: str) -> Any:
    g = cls(value)
    g.gate = gate
    g.what = what
    return g


def spy_class(base: type) -> type:
    """A subclass of a game's state class whose doors are watched by ``self._gate``."""

    class Spy(base):  # type: ignore[misc, valid-type]
        __slots__ = ("_gate", "_real_seed")

        @property
        def seed(self) -> int:  # type: ignore[override]
            if not self._gate.open:
                raise Peeked("read the real state's seed (it decides the future)")
            return self._real_seed

        @seed.setter
        def seed(self, value: int) -> None:
            self._real_seed = value

        def determinize(self, seat: int, rng: Rng):  # type: ignore[override]
            if seat != self._gate.seat:
                raise Peeked(f"determinized for seat {seat}, not its own seat {self._gate.seat}")
            with self._gate.opened():
                return base.determinize(self, seat, rng)

        def view(self, seat: int | None) -> dict:  # type: ignore[override]
            if seat != self._gate.seat:
                raise Peeked(f"asked for the view of seat {seat}")
            with self._gate.opened():
                return base.view(self, seat)

        def clone(self):  # type: ignore[override]
            if not self._gate.open:
                raise Peeked("cloned the real state (search must use determinize)")
            return base.clone(self)

        def apply(self, action: int) -> None:  # type: ignore[override]
            raise Peeked("applied an action to the real state")

        def history(self) -> list[int]:  # type: ignore[override]
            raise Peeked("read the action history (it holds secret draws)")

        def scores(self) -> list[float]:  # type: ignore[override]
            if not self._gate.open and base is IntoTheBlueState:
                raise Peeked("read scores, which include secret chests")
            return base.scores(self)

    Spy.__name__ = f"Spy{base.__name__}"
    return Spy


SpyDeepBlue = spy_class(DeepBlueState)
SpyIntoTheBlue = spy_class(IntoTheBlueState)


def make_spy(state: Any, seat: int) -> Any:
    gate = Gate(seat)
    if isinstance(state, DeepBlueState):
        from fathom.games.deep_blue.state import _FIELDS

        spy = SpyDeepBlue.__new__(SpyDeepBlue)
        spy._gate = gate
        for name in _FIELDS:
            value = getattr(state, name)
            setattr(spy, name, value[:] if isinstance(value, list) else value)
        spy._cache = None
        spy.hands = guard(GuardedList, state.hands, gate, "hands")
        spy.rests = guard(GuardedList, state.rests, gate, "rests")
    else:
        spy = SpyIntoTheBlue.__new__(SpyIntoTheBlue)
        spy._gate = gate
        for name in IntoTheBlueState.__slots__:
            setattr(spy, name, getattr(state, name))
        spy._chests = guard(GuardedTuple, state._chests, gate, "_chests")
        # nobody may read the pile's make-up (it depends on secret chests), only the engine's views
        spy._pile = guard(GuardedTuple, state._pile, NoSeat(gate), "_pile")
    spy.game = state.game
    spy._real_seed = state.seed
    spy._hist = state._hist
    spy._hist_len = state._hist_len
    spy._log = None
    return spy


def positions(game: str, seed: int, count: int, every: int, **options: Any) -> list[tuple[Any, int]]:
    """Decision points (copies) of a greedy game, taken every ``every`` decisions, dives included."""
    state = fathom.new_game(game, players=4, seed=seed, **options)
    bots = [build_bot("greedy", game, seed * 10 + s) for s in range(4)]
    out = []
    k = 0
    while not state.is_terminal() and len(out) < count:
        p = state.current_player
        if p == CHANCE:
            state.apply(state.sample_chance())
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            k += 1
            in_dive = game == "deep-blue" and state.d_site >= 0
            if k % every == 0 or (in_dive and k % 3 == 0):
                out.append((state.clone(), p))
        state.apply(bots[p].choose(state))
    return out


DB_POSITIONS = positions("deep-blue", 11, 30, 9, scenario="storm") + positions(
    "deep-blue", 12, 12, 17, scenario="troubled-waters", hidden_scores=True)
ITB_POSITIONS = positions("into-the-blue", 13, 25, 3)

BOTS = {
    "deep-blue": ["random", "greedy", "heuristic", "ismcts(iterations=12)"],
    "into-the-blue": ["random", "greedy", "expert", "heuristic", "ismcts(iterations=12)"],
}


def cases():
    for game, pos in (("deep-blue", DB_POSITIONS), ("into-the-blue", ITB_POSITIONS)):
        for spec in BOTS[game]:
            stride = 3 if spec.startswith("ismcts") else 1
            yield pytest.param(game, spec, pos[::stride], id=f"{game}-{spec.split('(')[0]}")


@pytest.mark.parametrize("game,spec,pos", list(cases()))
def test_bot_decides_without_touching_secrets(game: str, spec: str, pos: list) -> None:
    assert pos
    for state, seat in pos:
        spy = make_spy(state, seat)
        bot = build_bot(spec, game, 42)
        try:
            action = bot.choose(spy)
        except Peeked as exc:
            pytest.fail(f"{spec} at move {state.move_number()}: {exc}")
        again = build_bot(spec, game, 42).choose(state.clone())
        assert action == again, f"{spec}: the spy changed the decision at move {state.move_number()}"


@pytest.mark.parametrize("game,spec,pos", list(cases()))
def test_same_information_same_decision(game: str, spec: str, pos: list) -> None:
    differing = 0
    for i, (state, seat) in enumerate(pos):
        other = state.determinize(seat, Rng(1000 + i))
        assert other.view(seat) == state.view(seat)
        differing += other != state
        a = build_bot(spec, game, 7).choose(state.clone())
        b = build_bot(spec, game, 7).choose(other)
        assert a == b, f"{spec} chose differently on two states {seat} cannot tell apart (move {state.move_number()})"
    assert differing, "the positions should have secrets to resample"


def test_spy_catches_a_cheat() -> None:
    """The wires work: a bot reading a rival's hand is caught."""
    state, seat = next((s, p) for s, p in DB_POSITIONS if s.game.num_players > 1)
    spy = make_spy(state, seat)
    with pytest.raises(Peeked):
        _ = spy.hands[(seat + 1) % 4]
    with pytest.raises(Peeked):
        _ = spy.seed
    with pytest.raises(Peeked):
        spy.clone()
    assert spy.hands[seat] == state.hands[seat]
    det = spy.determinize(seat, Rng(1))
    assert det.view(seat) == state.view(seat)
    _ = det.hands[(seat + 1) % 4]  # a determinization is the bot's own sample: free to read


def test_spy_catches_the_hands_oracle() -> None:
    """The research oracle (Deep Blue's ``oracle`` part) reads the real hands, and the spy sees it do so."""
    from fathom.games.deep_blue.oracle import HandsOracle

    state, seat = next((s, p) for s, p in DB_POSITIONS if s.phase == TURN and len(s.legal_actions()) > 1)
    with pytest.raises(Peeked):
        HandsOracle(seed=1, iterations=4).choose(make_spy(state, seat))
    build_bot("ismcts(iterations=4)", "deep-blue", 1).choose(make_spy(state, seat))  # the fair search does not
