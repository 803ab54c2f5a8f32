"""Bot specs (``heuristic(cycle=7)``, ``3``, ``ismcts(iterations=400)``): how their text is read and
which settings they may carry, for every front end that takes them (simulate, tournament, play,
hint, the Gymnasium opponents)."""

from __future__ import annotations

import pytest

import fathom
from fathom.bots.ismcts_policies import policy_for_game
from fathom.bots.specs import build_bot, parse_spec, split_bots
from fathom.core.errors import OptionError


def test_bot_specs() -> None:
    assert split_bots("a,b(x=1,y=2),c") == ["a", "b(x=1,y=2)", "c"]
    assert parse_spec("ismcts(iterations=5,exploration=0.3,x=abc)") == (
        "ismcts", {"iterations": 5, "exploration": 0.3, "x": "abc"})
    # switches in JSON or Python spelling; 'False' read as text would be a true value
    assert parse_spec("ismcts(a=false,b=False,c=True,d=None,e=null)") == (
        "ismcts", {"a": False, "b": False, "c": True, "d": None, "e": None})
    bot = build_bot("ismcts(iterations=7)", "deep-blue", 3)
    assert bot.iterations == 7
    assert type(build_bot("2", "deep-blue", 1)).__name__ == "DeepBlueHeuristicBot"


def test_settings_left_to_the_bot_take_numbers_and_objects_are_no_settings() -> None:
    """A budget, horizon or cycle whose default is None took any text and failed as a TypeError in the
    middle of a game; the search bot's own settings went unchecked because it also takes the policy's."""
    game = fathom.new_game("deep-blue", players=3, seed=5).game
    with pytest.raises(OptionError, match="ismcts setting 'iterations' is a number \\(or left out\\), not 'x'"):
        build_bot("ismcts(iterations=x)", "deep-blue", 1)
    with pytest.raises(OptionError, match="'seconds' is a number \\(or left out\\), not True"):
        build_bot("ismcts(seconds=true)", "deep-blue", 1)
    with pytest.raises(OptionError, match="'own_cycle' is a number \\(or left out\\), not 'x'"):
        policy_for_game(game, own_cycle="x")
    with pytest.raises(OptionError, match="heuristic: 'params' is not a setting"):
        build_bot("heuristic(params=3)", "deep-blue", 1)
    with pytest.raises(OptionError, match="ismcts: 'policy' is not a setting"):
        build_bot("ismcts(policy=1)", "deep-blue", 1)
    bot = build_bot("ismcts(iterations=5,seconds=0.5,horizon=4,own_cycle=7)", "deep-blue", 1)
    assert (bot.iterations, bot.seconds, bot.horizon, bot.policy_options) == (5, 0.5, 4, {"own_cycle": 7})
