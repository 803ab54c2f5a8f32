"""The analysis never reads what the deciding seat could not see (issue 50).

The same spy states as the bots' check (tests/bots/test_no_peeking.py): other seats' hands and
rest piles, the chests, the bag's make-up behind the views, the seed and the history raise when
read, as do ``clone`` and ``apply``; only ``view(seat)``, ``legal_actions()`` and
``determinize(seat, rng)`` stay open. Each decision is analysed on the spy and on the plain
state: no wire may trip, and both analyses must agree to the last number.
"""

from __future__ import annotations

import importlib.util
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from fathom.analysis import Settings, analyse_decision
from fathom.bots.specs import build_bot
from fathom.core.rng import Rng

_SPEC = importlib.util.spec_from_file_location("bots_no_peeking", Path(__file__).parents[1] / "bots" / "test_no_peeking.py")
assert _SPEC is not None and _SPEC.loader is not None
spies = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(spies)

SETTINGS = Settings(playouts=6, seed=3)


def _cases() -> list[Any]:
    out = []
    for game, positions in (("deep-blue", spies.DB_POSITIONS[::3]), ("into-the-blue", spies.ITB_POSITIONS[::2])):
        out.append(pytest.param(game, positions, id=game))
    return out


@pytest.mark.parametrize("game,positions", _cases())
def test_analysis_decides_without_touching_secrets(game: str, positions: list) -> None:
    kinds = set()
    for i, (state, seat) in enumerate(positions):
        played = build_bot("random", game, i).choose(state.clone())
        try:
            seen = analyse_decision(spies.make_spy(state, seat), seat, played, SETTINGS)
        except spies.Peeked as exc:
            pytest.fail(f"analysis at move {state.move_number()}: {exc}")
        plain = analyse_decision(state.clone(), seat, played, SETTINGS)
        assert asdict(seen) == asdict(plain), f"the spy changed the analysis at move {state.move_number()}"
        kinds.add(plain.kind)
    assert len(kinds) >= 2, f"the positions should cover several kinds of decision, not only {kinds}"


@pytest.mark.parametrize("game,positions", _cases())
def test_same_information_same_analysis(game: str, positions: list) -> None:
    """Two states the seat cannot tell apart (secrets resampled) give the same analysis."""
    differing = 0
    for i, (state, seat) in enumerate(positions[:6]):
        other = state.determinize(seat, Rng(500 + i))
        differing += other != state
        played = build_bot("random", game, i).choose(state.clone())
        a = analyse_decision(state.clone(), seat, played, SETTINGS)
        b = analyse_decision(other, seat, played, SETTINGS)
        assert asdict(a) == asdict(b), f"two states seat {seat} cannot tell apart analysed apart (move {state.move_number()})"
    assert differing, "the positions should have secrets to resample"


def test_spy_catches_an_analysis_that_peeks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The wires work here too: an analysis that valued the real position (not a determinization)
    is caught."""
    from fathom.analysis import decision

    state, seat = spies.DB_POSITIONS[0]
    played = state.legal_actions()[0]

    def cheat(position: Any, seat: int, rng: Rng) -> Any:
        return position.clone()

    monkeypatch.setattr(decision, "_world", cheat)
    with pytest.raises(spies.Peeked):
        analyse_decision(spies.make_spy(state, seat), seat, played, SETTINGS)
