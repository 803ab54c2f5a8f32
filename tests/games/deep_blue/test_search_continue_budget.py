"""Level 3's budget at draw-or-stop calls (``DeepBlueSearch.continue_budget``): by default every
searched move gets the same playouts; ``continue_budget=k`` gives the dive leader's continue-or-stop
call k times as many and leaves every other decision's budget as it was (the variant the bot study
tried, docs/analysis.md)."""

from __future__ import annotations

from typing import Any

import pytest

from fathom.bots.specs import build_bot
from fathom.core.api import CHANCE, TERMINAL
from fathom.core.registry import new_game


def positions(seed: int = 3) -> dict[str, Any]:
    """The first searched position of each kind in a game of level-2 bots: a turn, a draw-or-stop call."""
    state = new_game("deep-blue", players=3, seed=seed)
    bots = [build_bot("heuristic", "deep-blue", s) for s in range(3)]
    found: dict[str, Any] = {}
    while state.current_player != TERMINAL and len(found) < 2:
        p = state.current_player
        if p == CHANCE:
            state.apply(state.sample_chance())
            continue
        kind = state.step_kind
        if kind in ("turn", "continue") and kind not in found and len(state.legal_actions()) > 1:
            found[kind] = state.clone()
        state.apply(bots[p].choose(state))
    assert set(found) == {"turn", "continue"}
    return found


def bot(spec: str) -> Any:
    return build_bot(spec, "deep-blue", 5)


@pytest.fixture(scope="module")
def found() -> dict[str, Any]:
    return positions()


def test_budget_scaled_only_at_draw_or_stop(found: dict[str, Any]) -> None:
    shipped, more = bot("ismcts(iterations=40)"), bot("ismcts(iterations=40,continue_budget=4)")
    for b in (shipped, more):
        b.policy_for(found["turn"])
    assert shipped.budget(shipped.policy_for(found["turn"]), found["continue"]) == 40
    assert more.budget(more.policy_for(found["turn"]), found["continue"]) == 160
    for b in (shipped, more):
        assert b.budget(b.policy_for(found["turn"]), found["turn"]) == 40
    # the game policy's own default budget is scaled the same way
    default = bot("ismcts(continue_budget=2.5)")
    policy = default.policy_for(found["turn"])
    assert default.budget(policy, found["turn"]) == policy.default_iterations
    assert default.budget(policy, found["continue"]) == round(2.5 * policy.default_iterations)


def test_searched_call_spends_the_scaled_budget(found: dict[str, Any]) -> None:
    """A searched draw-or-stop call plays k times the playouts; a searched turn the same as shipped."""
    spec = "ismcts(compiled=false,iterations=16{})"
    shipped, more = bot(spec.format("")), bot(spec.format(",continue_budget=4"))
    call = found["continue"]
    shipped.choose(call.clone())
    more.choose(call.clone())
    assert shipped.last_stats["iterations"] == 16
    assert more.last_stats["iterations"] == 64
    turn = found["turn"]
    shipped, more = bot(spec.format("")), bot(spec.format(",continue_budget=4"))  # fresh generators
    assert shipped.choose(turn.clone()) == more.choose(turn.clone())
    assert more.last_stats["iterations"] == shipped.last_stats["iterations"]
    assert more.last_stats["visits"] == shipped.last_stats["visits"]


def test_continue_budget_is_a_number() -> None:
    from fathom.core.errors import OptionError

    state = new_game("deep-blue", players=3, seed=1)
    with pytest.raises(OptionError):
        bot("ismcts(continue_budget=yes)").policy_for(state)
