"""clone() is written out field by field for speed; this keeps it complete."""

import fathom
from fathom.bots import make_bot
from fathom.games.deep_blue.state import _FIELDS, _LIST_FIELDS


def test_clone_copies_every_field_and_shares_no_mutable_list():
    state = fathom.new_game("deep-blue", players=3, seed=11)
    fathom.play(state, [make_bot("random", "deep-blue", seed=i) for i in range(3)], max_steps=250)
    copy = state.clone()
    for name in _FIELDS:
        assert getattr(copy, name) == getattr(state, name), name
        if name in _LIST_FIELDS:
            assert getattr(copy, name) is not getattr(state, name), f"{name} is shared, not copied"
    assert copy == state
