"""Each game's words live in its own folder (``games/<game>/i18n/<lang>.json``, its plugin's ``messages``
part) and reach the pages and the terminal through fathom's merged catalogs; fathom's own catalogs keep
only what no single game owns."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from fathom.core.plugins import known, plugins_with
from fathom.i18n import LANGS, SECTIONS, Translator, catalog

SRC = Path(__file__).resolve().parents[2] / "src" / "fathom"


def own_catalog(lang: str) -> dict[str, Any]:
    """fathom's own catalog file, before any game's words are merged in."""
    return json.loads(resources.files("fathom.i18n").joinpath(f"{lang}.json").read_text(encoding="utf-8"))


def game_words(package: str, lang: str) -> dict[str, Any]:
    return json.loads((resources.files(package) / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_word_of_a_game_folder_is_in_the_merged_catalog_and_not_in_fathoms(lang: str) -> None:
    own = own_catalog(lang)
    games = [p for p in plugins_with("messages") if p.name in ("deep-blue", "into-the-blue")]
    assert len(games) == 2
    for plugin in games:
        words = game_words(str(plugin.messages), lang)
        assert set(words) - {"_comment"} <= set(SECTIONS)
        assert sum(len(words.get(s, {})) for s in SECTIONS) > 50  # the game's words moved, not a token few
        for section in SECTIONS:
            for key, value in words.get(section, {}).items():
                assert catalog(lang).section(section)[key] == value, key
                assert key not in own[section], f"{key} is written both in fathom's {lang}.json and {plugin.name}'s"


def test_a_game_key_comes_from_its_folder_worked_case() -> None:
    """Deep Blue's terminal hazard word and a French scenario name, Into the Blue's reroll count: each is
    written in its game's folder only, and the terminal and the pages' catalog find it."""
    db, itb = str(known("deep-blue").messages), str(known("into-the-blue").messages)
    assert game_words(db, "en")["term"]["dbt.hazard"] == Translator("en")("dbt.hazard")
    assert game_words(db, "fr")["scenarios"]["storm"] == catalog("fr").scenarios["storm"]
    assert game_words(itb, "en")["ui"]["itb.rolls_left"] == catalog("en").ui["itb.rolls_left"]
    for lang in LANGS:
        own = own_catalog(lang)
        assert "dbt.hazard" not in own["term"] and "itb.rolls_left" not in own["ui"] and not own["scenarios"]


def _keys_named_in(folder: Path) -> set[str]:
    """Every quoted ``x.y`` a folder's Python, JavaScript and HTML hold (keys passed to ``tr``/``t`` or
    ``data-t``, in a ternary or not); what is no key is no catalog's either, so it does not matter."""
    found: set[str] = set()
    prefixes: set[str] = set()
    for path in [*folder.rglob("*.py"), *folder.rglob("*.js"), *folder.rglob("*.html")]:
        source = path.read_text("utf-8")
        found |= set(re.findall(r"""["'`]([a-z][\w-]*(?:\.[\w -]+)+)["'`]""", source))
        prefixes |= set(re.findall(r"""["'`]([a-z][\w-]*(?:\.[\w-]+)*\.)["'`]\s*\+""", source))  # "ev." + e.type
        prefixes |= set(re.findall(r"""`([a-z][\w-]*(?:\.[\w-]+)*\.)\$\{""", source))  # `gem.${g}`
    merged = catalog("en")
    everything = [*merged.ui, *merged.term]
    return found | {key for key in everything if key.startswith(tuple(prefixes))}


def test_fathoms_own_catalog_holds_no_word_only_one_game_uses() -> None:
    """A key named by one game's folder alone belongs in that folder's catalog."""
    own = own_catalog("en")
    elsewhere = set().union(*(_keys_named_in(part) for part in SRC.iterdir() if part.is_dir() and part.name != "games"))
    games = {name: _keys_named_in(SRC / "games" / name) for name in ("deep_blue", "into_the_blue")}
    for name, keys in games.items():
        others = set().union(*(k for n, k in games.items() if n != name)) | elsewhere
        stray = sorted(k for k in keys - others if k in own["ui"] or k in own["term"])
        assert not stray, f"fathom's catalog holds {name}'s own words: {stray}"
