"""The generic policy of ISMCTS, for any game of the engine API: every decision searched,
random rollouts to the end, rewards from the winners or from the lead over the best rival
(the reward shapes the game policies share)."""

from __future__ import annotations

import math
from typing import Any

from fathom.core.api import CHANCE, TERMINAL, State
from fathom.core.rng import Rng


def win_shares(state: State) -> list[float]:
    """1 for a sole winner, 1/k each for a shared win, 0 otherwise."""
    return shares_of(state.winners(), state.game.num_players)


END_SHARE, END_MARGIN = 0.85, 0.15
"""A finished game's reward: this much of the win share, this much of the margin (lead over the best rival)."""


def shares_of(winners: list[int], n: int) -> list[float]:
    """:func:`win_shares` from the winners' seats (for playouts that end outside a State)."""
    if not winners:
        return [1.0 / n] * n
    share = 1.0 / len(winners)
    return [share if p in winners else 0.0 for p in range(n)]


def finished_rewards(state: State, scores: list[float], scale: float) -> list[float]:
    """A finished game: the win shares plus a little of the margin, so near-wins and big wins differ."""
    return end_rewards(state.winners(), scores, scale)


def end_rewards(winners: list[int], scores: list[float], scale: float) -> list[float]:
    """:func:`finished_rewards` from the winners' seats and the final scores."""
    lead = lead_rewards(scores, scale)
    return [END_SHARE * s + END_MARGIN * r for s, r in zip(shares_of(winners, len(scores)), lead)]


def lead_rewards(estimates: list[float], scale: float) -> list[float]:
    """Reward per seat from estimated totals: logistic in the lead over the best rival."""
    out = []
    for p, mine in enumerate(estimates):
        rival = max(e for o, e in enumerate(estimates) if o != p)
        x = (mine - rival) / scale
        out.append(1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, x)))))
    return out


class GenericPolicy:
    """Any game: every decision searched, random rollouts to the end of the game."""

    @property
    def default_iterations(self) -> int:
        """Iterations of a searched move when the bot names neither iterations nor seconds."""
        return 140
    stream_chance = False  # chance in playouts by named streams (see rollout)

    def __init__(self, game: Any, seed: int = 0, horizon: int | None = None) -> None:
        self.game = game
        self.rng = Rng(seed ^ 0x5DEECE66D)
        self.max_steps = horizon if horizon is not None else 100_000

    def configure(self) -> None:
        """Recompute what depends on settings changed after construction."""

    def key_decision(self, state: State) -> bool:
        return True

    def budget_scale(self, state: State) -> float:
        """How many times the usual iterations the searched move at ``state`` gets (1: all alike)."""
        return 1.0

    def default_action(self, state: State) -> int:
        legal = state.legal_actions()
        return legal[self.rng.randbelow(len(legal))]

    def prior_action(self, state: State) -> int | None:
        return None

    def candidates(self, state: State, legal: list[int], prior: int | None) -> list[int]:
        """Root actions worth searching (all of them unless the game knows better)."""
        return legal

    def apply_candidate(self, det: State, candidate: int, seat: int) -> None:
        """Play a root candidate in a sampled world (a legal action here; games may add
        candidates that stand for several steps of one choice)."""
        det.apply(candidate)

    def commit(self, state: State, candidate: int) -> int:
        """The action to play for the chosen root candidate (remembering any steps it implies)."""
        return candidate

    def describe_candidate(self, state: State, candidate: int) -> dict[str, Any]:
        """A root candidate for people (hints): ``text`` in English words, plus any structured
        parts a translated front end needs (here none: the move's notation says it all)."""
        return {"text": state.action_to_string(candidate)}

    def playout_runner(self, seat: int) -> Any:
        """An object whose ``run(worlds, jobs)`` plays many playouts at once and returns ``seat``'s
        reward of each, exactly as :meth:`rollout` then :meth:`evaluate` would (``worlds``:
        sanitized determinizations; ``jobs``: ``(world index, root candidate, chance seed)``), or
        None to play them one by one in Python. Why: a compiled engine runs a batch far faster."""
        return None

    def planned_action(self, state: State) -> int | None:
        """The next step of a committed multi-step candidate, or None to decide afresh."""
        return None

    def sanitize(self, det: State, seat: int) -> None:
        """Hide from a determinization anything the engine keeps but ``seat`` may not know."""

    def chance_public(self, state: State, seat: int) -> bool:
        """Does ``seat`` see this chance outcome (the engine says: :meth:`State.chance_seen_by`)?"""
        return state.chance_seen_by(seat)

    def start_marker(self, state: State, seat: int) -> Any:
        return state.move_number()

    def at_horizon(self, state: State, seat: int, start: Any) -> bool:
        return state.move_number() - start >= self.max_steps

    def playout_action(self, state: State, seat: int, rng: Rng) -> int:
        """The move of ``state.current_player`` in a playout of the search by ``seat`` (here: random)."""
        legal = state.legal_actions()
        return legal[rng.randbelow(len(legal))]

    def chance_key(self, state: State, counts: dict[int, int]) -> int:
        """With ``stream_chance``: the name of this chance event's stream (``counts`` is the
        playout's scratch space), so playouts after different root actions draw alike."""
        raise NotImplementedError

    def rollout(self, state: State, seat: int, start: Any, rng: Rng) -> State:
        """Play on to the horizon: chance from ``rng`` (or, with ``stream_chance``, from
        streams named by :meth:`chance_key` under one seed taken from ``rng``), moves by
        :meth:`playout_action`."""
        streams = self.stream_chance
        base = rng.next64() if streams else 0
        counts: dict[int, int] = {}
        while True:
            player = state.current_player
            if player == TERMINAL or self.at_horizon(state, seat, start):
                return state
            if player == CHANCE:
                chance_rng = Rng.for_key(base, self.chance_key(state, counts)) if streams else rng
                state.apply(state.sample_chance(chance_rng))
            else:
                state.apply(self.playout_action(state, seat, rng))

    def evaluate(self, state: State, seat: int) -> list[float]:
        if state.is_terminal():
            return win_shares(state)
        scores = state.scores()
        return lead_rewards(scores, max(1.0, 0.25 * (max(scores) - min(scores)) + 1.0))
