"""OpenSpiel (``pyspiel``) Python games for Deep Blue and Into the Blue.

Importing this module registers two games::

    import pyspiel, fathom.rl.openspiel
    game = pyspiel.load_game("python_fathom_into_the_blue", {"players": 3})
    game = pyspiel.load_game("python_fathom_deep_blue(players=2,scenario=storm,max_moves=400)")

* Explicit chance (``EXPLICIT_STOCHASTIC``): ``chance_outcomes()`` are the engine's exact
  outcome probabilities. OpenSpiel numbers chance outcomes from 0, so OpenSpiel
  chance id ``c`` is fathom action ``num_distinct_actions + c``; player ids are the
  same in both.
* Imperfect information: ``resample_from_infostate(player, sampler)`` is the engine's
  ``determinize`` (everything ``player`` cannot know redrawn), so ISMCTS works.
* Observation tensor: the encoder of :mod:`fathom.rl.encoding` (from the view only);
  ``observation_string`` is the view as compact JSON; ``information_state_string``
  adds a digest of everything the player saw happen (every public action and chance
  outcome in order, the player's own private draws, the others' private draws as
  "someone drew"). There is no information state *tensor* (a fixed-length perfect-recall
  tensor of a game this long would be huge); use the observation tensor.
* Returns at the end: parameter ``reward`` = ``"win"`` (default: +1 each winner, -1
  the others) or ``"score"`` (own score minus the others' mean). Parameter
  ``max_moves`` > 0 cuts the game after that many moves (chance included) and
  scores the position as it stands (leaders count as winners).
* The game options are parameters too (Deep Blue: ``scenario``, ``hidden_scores``,
  ``one_count_card_per_dive``, ``data_file``; empty string = default file).

MCTS note: :class:`open_spiel.python.algorithms.mcts.MCTSBot` searches the *true*
state (it sees hidden cards and chests); ISMCTS searches determinizations and is
the fair choice. :class:`ScoreEvaluator` is a cheap evaluator for both (current
score difference, optionally after a short random rollout), which makes Deep Blue
searchable on a laptop.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from fathom.core.api import CHANCE, TERMINAL
from fathom.core.registry import make_game
from fathom.core.rng import Rng
from fathom.core.plugins import plugin_for
from fathom.rl import common
from fathom.rl.encoding import encoder_for

SHORT_NAMES = {name: f"python_fathom_{plugin_for(name).ident}" for name in common.GAMES}
"""pyspiel's name of each fathom game (``python_fathom_deep_blue``)."""
_DEFAULT_PLAYERS = 4


def _digest(prev: str, token: str) -> str:
    return hashlib.blake2b((prev + "|" + token).encode(), digest_size=10).hexdigest()


def _view_json(view: dict[str, Any]) -> str:
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def _param_spec(game: str) -> dict[str, Any]:
    spec: dict[str, Any] = {"players": _DEFAULT_PLAYERS, "reward": "win", "max_moves": 0}
    cls = type(make_game(game, _DEFAULT_PLAYERS))
    for name, opt in cls.OPTIONS.items():
        default = opt.default
        spec[name] = "" if default is None else default
    return spec


def _game_type(game: str) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=SHORT_NAMES[game],
        long_name=f"Python fathom {plugin_for(game).title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=5,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_param_spec(game),
    )


class _Spec:
    """Everything a state needs from its game, shared by all states (never copied)."""

    def __init__(self, name: str, params: dict[str, Any]) -> None:
        self.name = name
        self.params = dict(params)
        options = {k: v for k, v in params.items() if k not in ("players", "reward", "max_moves")}
        if "data_file" in options and options["data_file"] == "":
            options["data_file"] = None
        self.options = options
        self.game = make_game(name, int(params["players"]), **options)
        self.reward = common.check_reward(str(params["reward"]))
        self.max_moves = int(params["max_moves"])
        self.n = self.game.num_players
        self.num_actions = self.game.num_distinct_actions
        self.encoder = encoder_for(self.game)


class _Holder:
    """The fathom state and the information-state digests; OpenSpiel's ``Clone`` deep-copies
    a Python state's attributes, and this makes that copy the engine's fast ``clone``."""

    __slots__ = ("spec", "fs", "pub", "priv")

    def __init__(self, spec: _Spec, fs: Any, pub: str, priv: tuple[str, ...]) -> None:
        self.spec = spec
        self.fs = fs
        self.pub = pub
        self.priv = priv

    def __deepcopy__(self, memo: dict) -> _Holder:
        return _Holder(self.spec, None if self.fs is None else self.fs.clone(), self.pub, self.priv)

    def __reduce__(self) -> tuple:
        # OpenSpiel's Serialize pickles a Python state's attributes: store the game's
        # parameters and the fathom save (seed + action log), rebuilt by replay.
        spec = self.spec
        save = None if self.fs is None else self.fs.to_json()
        return (_load_holder, (spec.name, sorted(spec.params.items()), save, self.pub, self.priv))

    def state(self) -> Any:
        fs = self.fs
        if fs is None:
            fs = self.fs = self.spec.game.new_initial_state(0)
        return fs


_SPECS: dict[tuple, _Spec] = {}


def _spec_for(name: str, params: dict[str, Any]) -> _Spec:
    key = (name, tuple(sorted((k, repr(v)) for k, v in params.items())))
    spec = _SPECS.get(key)
    if spec is None:
        spec = _SPECS[key] = _Spec(name, params)
    return spec


def _load_holder(name: str, params: list, save: str | None, pub: str, priv: tuple[str, ...]) -> _Holder:
    from fathom.core.registry import load

    return _Holder(_spec_for(name, dict(params)), None if save is None else load(save), pub, tuple(priv))


class FathomSpielGame(pyspiel.Game):
    """A fathom game as an OpenSpiel game (one subclass per fathom game, registered below)."""

    fathom_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.fathom_name
        full = dict(_param_spec(name))
        full.update(params or {})
        spec = _spec_for(name, full)
        lo, hi = common.reward_range(name, spec.reward)
        length = spec.max_moves if spec.max_moves > 0 else plugin_for(name).episode_length
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.num_actions,
            max_chance_outcomes=spec.game.max_chance_outcomes,
            num_players=spec.n,
            min_utility=lo,
            max_utility=hi,
            utility_sum=None,
            max_game_length=length,
        )
        super().__init__(_game_type(name), info, full)
        self.spec = spec

    def new_initial_state(self) -> FathomSpielState:
        return FathomSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> FathomObserver:
        return FathomObserver(self.spec, iig_obs_type, params)


class FathomSpielState(pyspiel.State):
    """One position; the fathom state lives in ``self._h.fs``."""

    def __init__(self, game: FathomSpielGame) -> None:
        super().__init__(game)
        spec = game.spec
        self._h = _Holder(spec, None, "", ("",) * spec.n)

    # ---- fathom access ------------------------------------------------------------------
    @property
    def fathom_state(self) -> Any:
        """The underlying :class:`fathom.State` (treat as read-only)."""
        return self._h.state()

    def _cut(self, fs: Any) -> bool:
        m = self._h.spec.max_moves
        return m > 0 and fs.move_number() >= m

    # ---- OpenSpiel API ------------------------------------------------------------------
    def current_player(self) -> int:
        fs = self._h.state()
        if self._cut(fs):
            return pyspiel.PlayerId.TERMINAL
        p = fs.current_player
        if p == CHANCE:
            return pyspiel.PlayerId.CHANCE
        if p == TERMINAL:
            return pyspiel.PlayerId.TERMINAL
        return p

    def is_terminal(self) -> bool:
        fs = self._h.state()
        return fs.current_player == TERMINAL or self._cut(fs)

    def _legal_actions(self, player: int) -> list[int]:
        # sorted() because OpenSpiel requires ascending ids (the Deep Blue engine's
        # rush step lists ``done`` last; sorting a short list costs next to nothing)
        return sorted(self._h.state().legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        base = self._h.spec.num_actions
        return sorted((a - base, p) for a, p in self._h.state().chance_outcomes())

    def _apply_action(self, action: int) -> None:
        h = self._h
        fs = h.state()
        player = fs.current_player
        if player == CHANCE:
            real = int(action) + h.spec.num_actions
            owner = common.private_chance_owner(fs)
            if owner is None:
                h.pub = _digest(h.pub, f"c{real}")
            else:
                h.pub = _digest(h.pub, f"c{owner}?")
                priv = list(h.priv)
                priv[owner] = _digest(priv[owner], str(real))
                h.priv = tuple(priv)
        else:
            real = int(action)
            h.pub = _digest(h.pub, f"p{player}:{real}")
        fs.apply(real)

    def _action_to_string(self, player: int, action: int) -> str:
        names = self._h.spec.game.action_names
        if player == pyspiel.PlayerId.CHANCE:
            return names[self._h.spec.num_actions + int(action)]
        return names[int(action)]

    def returns(self) -> list[float]:
        fs = self._h.state()
        spec = self._h.spec
        if fs.current_player == TERMINAL:
            return common.final_rewards(fs, spec.reward)
        if self._cut(fs):
            return common.provisional_rewards(fs, spec.reward)
        return [0.0] * spec.n

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> FathomSpielState:
        """A state ``player_id`` cannot tell apart from this one (the engine's ``determinize``)."""
        seed = int(probability_sampler() * (1 << 53))
        other = self.clone()
        h = other._h
        fs = h.fs = self._h.state().determinize(player_id, Rng(seed))
        # the others' private histories now belong to the sampled world
        h.priv = tuple(
            p if s == player_id else _digest("resampled", _view_json(fs.view(s)))
            for s, p in enumerate(self._h.priv)
        )
        return other

    def __str__(self) -> str:
        fs = self._h.state()
        return f"move {fs.move_number()} " + _view_json(fs.view(None))


class FathomObserver:
    """OpenSpiel PyObserver built on the fathom encoder and views."""

    def __init__(self, spec: _Spec, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("fathom observers show one seat's private information or none, not all players'")
        self.spec = spec
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        if self.perfect_recall:
            self.tensor = None
            self.dict: dict[str, np.ndarray] = {}
        else:
            self.tensor = np.zeros(spec.encoder.size, np.float32)
            self.dict = {"observation": self.tensor}

    def _view(self, state: FathomSpielState, player: int) -> dict[str, Any]:
        return state._h.state().view(player if self.private else None)

    def set_from(self, state: FathomSpielState, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = self.spec.encoder.encode(self._view(state, player), player)

    def string_from(self, state: FathomSpielState, player: int) -> str:
        text = _view_json(self._view(state, player))
        if not self.perfect_recall:
            return text
        h = state._h
        mine = h.priv[player] if self.private else ""
        return f"p{player} seen:{h.pub} own:{mine} now:{text}"


class ScoreEvaluator(mcts.Evaluator):
    """MCTS/ISMCTS evaluator: ``tanh(score difference / scale)`` per player.

    Optionally plays ``rollout_steps`` random moves first. Terminal states return
    the game's returns. The prior is uniform (chance nodes: their probabilities).
    """

    def __init__(self, scale: float = 10.0, rollout_steps: int = 0, random_state: Any = None) -> None:
        self.scale = float(scale)
        self.rollout_steps = int(rollout_steps)
        self._rng = random_state or np.random.RandomState()

    def evaluate(self, state: Any) -> np.ndarray:
        if self.rollout_steps and not state.is_terminal():
            state = state.clone()
            for _ in range(self.rollout_steps):
                if state.is_terminal():
                    break
                if state.is_chance_node():
                    actions, probs = zip(*state.chance_outcomes())
                    state.apply_action(int(self._rng.choice(actions, p=probs)))
                else:
                    state.apply_action(int(self._rng.choice(state.legal_actions())))
        if state.is_terminal():
            return np.array(state.returns(), dtype=float)
        scores = np.array(state.fathom_state.scores(), dtype=float)
        n = len(scores)
        diff = scores - (scores.sum() - scores) / (n - 1)
        return np.tanh(diff / self.scale)

    def prior(self, state: Any) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


GAME_CLASSES: dict[str, type[FathomSpielGame]] = {
    name: type(f"{plugin_for(name).camel}SpielGame", (FathomSpielGame,), {"fathom_name": name})
    for name in common.GAMES
}
"""One pyspiel game class per fathom game (pyspiel registers classes, not instances)."""


def register() -> None:
    """Register both games with pyspiel (done on import; safe to call again)."""
    known = set(pyspiel.registered_names())
    for name, cls in GAME_CLASSES.items():
        if SHORT_NAMES[name] not in known:
            pyspiel.register_game(_game_type(name), cls)


def load_game(game: str, players: int = _DEFAULT_PLAYERS, **params: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` for a fathom game by its fathom name."""
    name = common.game_name(game)
    register()
    full = {"players": players, **params}
    if full.get("data_file") is None and "data_file" in full:
        full["data_file"] = ""
    return pyspiel.load_game(SHORT_NAMES[name], full)


register()
