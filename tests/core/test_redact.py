"""One redaction function serves views and events: owners see secrets, others the public face."""

from fathom.core.redact import OMIT, Secret, redact, reveal_all


def test_owner_sees_value_others_see_public_or_nothing():
    data = {"hand": Secret(1, {"a": 2}, OMIT), "count": Secret(1, 5, 2), "list": [Secret(0, "x"), "y"]}
    assert redact(data, 1) == {"hand": {"a": 2}, "count": 5, "list": ["y"]}
    assert redact(data, 0) == {"count": 2, "list": ["x", "y"]}
    assert redact(data, None) == {"count": 2, "list": ["y"]}


def test_nested_secrets_and_reveal_all():
    data = {"outer": Secret(0, {"inner": Secret(1, 3, 0)}, None)}
    assert redact(data, 0) == {"outer": {"inner": 0}}
    assert redact(data, 1) == {"outer": None}
    assert reveal_all(data) == {"outer": {"inner": 3}}
