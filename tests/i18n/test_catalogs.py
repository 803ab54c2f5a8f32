"""The message catalogs: the same keys and placeholders in every language, plural forms,
fallbacks. A string missing in one language would show its key on a page or the terminal."""

from __future__ import annotations

import re

import pytest

from fathom.i18n import LANGS, SECTIONS, Translator, catalog, resolve, text

PLACEHOLDER = re.compile(r"\{(\w+)")


@pytest.mark.parametrize("section", [s for s in SECTIONS if s != "scenarios"])
def test_every_language_has_the_keys_and_placeholders_of_english(section):
    english = catalog("en").section(section)
    assert english or section == "term", f"section {section} is empty"
    for lang in LANGS:
        table = catalog(lang).section(section)
        assert set(table) == set(english), f"{lang}.{section}: {sorted(set(table) ^ set(english))}"
        for key, template in table.items():
            assert set(PLACEHOLDER.findall(template)) <= set(PLACEHOLDER.findall(english[key])) | {"n"}, key


def test_plural_forms_have_a_general_form():
    for lang in LANGS:
        for section in ("ui", "term"):
            table = catalog(lang).section(section)
            for key in table:
                if key.endswith((".one", ".zero")):
                    assert key.rsplit(".", 1)[0] in table, f"{lang}: {key} has no general form"


def test_text_fills_placeholders_picks_plural_forms_and_falls_back():
    assert text("fr", "ev.turn", who="Ann") == "Au tour de Ann."
    assert text("en", "itb.rolls_left", n=2) == "2 rerolls left"
    assert text("en", "itb.rolls_left", n=1) == "1 reroll left"
    assert text("xx", "ev.turn", who="Bob") == "Bob's turn."  # unknown language: English
    assert text("en", "no-such-key") == "no-such-key"  # shows, never crashes
    assert text("en", "bad-type", "errors", got="x", allowed="a, b") == "Unknown message type 'x'; allowed: a, b."
    assert resolve("fr") == "fr" and resolve(None) == "en"
    assert Translator("fr")("itb.face_chest") == "coffre"
