"""The players' summary of each game's rules, in every language it is written in."""

from __future__ import annotations

import re

import pytest

import fathom
from fathom.core.registry import rules_languages


@pytest.mark.parametrize("game", fathom.game_names())
def test_every_game_has_a_summary_in_english_and_french_with_the_same_outline(game: str) -> None:
    """A translation that lost a section or a step would show as a different outline."""
    assert rules_languages(game) == ["en", "fr"]
    outlines = []
    for lang in ("en", "fr"):
        text = fathom.rules_summary(game, lang)
        assert text.startswith("# ") and len(text) > 1000
        outlines.append([re.match(r"(#+ |- |\d+\. )", line).group(1).strip()
                         for line in text.splitlines() if re.match(r"(#+ |- |\d+\. )", line)])
    assert outlines[0] == outlines[1] and len(outlines[0]) >= 4


def test_the_summaries_name_what_each_game_turns_on() -> None:
    deep_blue = fathom.rules_summary("deep-blue")
    for term in ("Recruit", "Sail", "Rest", "Dive", "hazard", "resurface", "Sunken City", "Troubled Waters"):
        assert term in deep_blue
    into_the_blue = fathom.rules_summary("into-the-blue", "fr")
    for term in ("Plongée parfaite", "coquillage", "coffre", "suite"):
        assert term in into_the_blue


def test_an_unknown_language_or_game_is_refused_with_what_exists() -> None:
    with pytest.raises(fathom.OptionError, match=r"no rules of deep-blue in 'de'; allowed: en, fr"):
        fathom.rules_summary("deep-blue", "de")
    with pytest.raises(fathom.OptionError, match=r"unknown game 'chess'; allowed: deep-blue, into-the-blue"):
        fathom.rules_summary("chess")
