"""R-IB-2's placement rule (``placement.shells_placed``, written once) changed in the reference only,
as a house rule would: the kernels' table, the compiled engine, its observation vectors and the
terminal's preview follow it without an edit, and the differential test still passes."""

from __future__ import annotations

import numpy as np
import pytest

from fathom.core.registry import new_game
from fathom.games.into_the_blue import placement
from fathom.games.into_the_blue.kernels import tables as itb_tables


def placed_table(game: object) -> np.ndarray:
    t, _ = itb_tables.build(game)
    width = itb_tables.MAX_SHELLS + 1
    return t[itb_tables.T_PLACED:itb_tables.T_PLACED + 7 * width].reshape(7, width)


def at_most_two(shown: int, hand: int) -> int:
    """The house rule "never more than two shells a placement"."""
    return min(shown, hand, 2)


def test_the_printed_rule_as_a_table_R_IB_2() -> None:
    """Four dice show the level: four shells with five in hand, the last three with three."""
    game = new_game("into-the-blue", players=3, seed=0).game
    table = placed_table(game)
    assert table[4, 5] == 4 and table[4, 3] == 3 and table[1, 0] == 0 and table[6, 63] == 6


def test_a_changed_placement_rule_reaches_the_table_R_IB_2(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(placement, "shells_placed", at_most_two)
    table = placed_table(new_game("into-the-blue", players=3, seed=0).game)
    assert table[4, 5] == 2 and table[4, 1] == 1 and table[1, 5] == 1


def test_the_compiled_engine_follows_a_changed_placement_rule_R_IB_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both engines with the house rule play the same games, step by step (views, observation vectors
    and masks included), and the change reached the compiled engine: its random games are not those
    of the printed rule."""
    pytest.importorskip("numba")
    from fathom.games.into_the_blue.kernels import play as itb_play
    from fathom.games.into_the_blue.kernels.verify import verify_into_the_blue

    game = new_game("into-the-blue", players=4, seed=0).game
    _, printed = itb_play.one_core(itb_tables.build(game)[0], 0, 60)
    monkeypatch.setattr(placement, "shells_placed", at_most_two)
    for players in (2, 4):
        assert verify_into_the_blue(players, range(40), view_every=5).games == 40
    _, house = itb_play.one_core(itb_tables.build(game)[0], 0, 60)
    assert not np.array_equal(printed, house)
