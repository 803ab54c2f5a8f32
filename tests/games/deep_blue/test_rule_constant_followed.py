"""R-DB-9's one constant (``dive_model.WARNINGS``: gems of a hazard colour drawn before that colour's
gems are hazards) changed in the reference only, as a house rule would: the kernels' tables, the
compiled engine, the page's box facts and the terminal all follow it without an edit, and the
differential test still passes."""

from __future__ import annotations

import numpy as np
import pytest

from fathom.core.registry import new_game
from fathom.games.deep_blue import dive_model
from fathom.games.deep_blue.dive_model import BLACK, BLUE, N_GEMS
from fathom.games.deep_blue.kernels import tables as db_tables
from fathom.games.deep_blue.terminal.panels import drawn_line
from fathom.i18n import Translator

SAMPLED = 50


@pytest.fixture
def two_warnings(monkeypatch: pytest.MonkeyPatch) -> None:
    """The house rule "the first two gems of a colour are warnings"."""
    monkeypatch.setattr(dive_model, "WARNINGS", 2)


def hazard_from(game: object) -> list[int]:
    t = db_tables.build(game)
    return t[db_tables.T_HAZARD_FROM:db_tables.T_HAZARD_FROM + N_GEMS].tolist()


def test_the_printed_rule_as_tables_R_DB_9() -> None:
    """The box's rule: the first black or blue gem is a warning, the second a hazard; other colours never are."""
    game = new_game("deep-blue", players=3, seed=0).game
    never = db_tables.NEVER_HAZARD
    assert hazard_from(game) == [never] * 5 + [1, 1] and (BLACK, BLUE) == (5, 6)
    assert game.describe()["hazard_from"] == {"black": 1, "blue": 1}
    assert dive_model.hazards_in_bag(BLUE, 3, 0) == 2 and dive_model.hazards_in_bag(BLUE, 3, 1) == 3


def test_a_changed_warning_count_reaches_the_tables_the_page_and_the_terminal_R_DB_9(two_warnings: None) -> None:
    game = new_game("deep-blue", players=3, seed=0).game
    assert hazard_from(game)[BLACK] == 2 and hazard_from(game)[BLUE] == 2
    assert game.describe()["hazard_from"] == {"black": 2, "blue": 2}
    assert dive_model.hazards_in_bag(BLUE, 3, 0) == 1  # three blue in the bag, none drawn: two warnings left
    assert dive_model.hazards_in_bag(BLUE, 3, 1) == 2 and dive_model.hazards_in_bag(BLUE, 3, 2) == 3
    tr = Translator("en")
    line = drawn_line(["blue", "green", "blue", "blue"], tr).plain
    assert line.count(tr("dbt.warning")) == 2 and line.count(tr("dbt.hazard")) == 1


def test_the_compiled_engine_follows_a_changed_warning_count_R_DB_9(monkeypatch: pytest.MonkeyPatch) -> None:
    """Both engines with two warnings play the same games (the differential test over every step), and the
    change reached the compiled engine: its random games are not those of the printed rule."""
    pytest.importorskip("numba")
    from fathom.games.deep_blue.kernels import play as db_play
    from fathom.games.deep_blue.kernels.verify import verify_deep_blue

    game = new_game("deep-blue", players=4, seed=0).game
    _, printed = db_play.one_core(db_tables.build(game), 0, 40)
    monkeypatch.setattr(dive_model, "WARNINGS", 2)
    result = verify_deep_blue(4, range(24), view_every=SAMPLED, keen=True)
    assert result.games == 24
    _, house = db_play.one_core(db_tables.build(game), 0, 40)
    assert not np.array_equal(printed, house)
