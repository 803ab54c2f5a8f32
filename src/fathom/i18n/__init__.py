"""fathom's message catalogs: every word the front ends show, in English and French.

Why data, not code: the web pages, the server and the terminal must say the same
things, and a translator should edit one JSON file per language, not Python.
Each catalog (``en.json``, ``fr.json`` beside this module) has sections:

* ``errors``: the server's error messages, by error code;
* ``ui``: every string of the pages, sent as is by ``/api/i18n/{lang}``; a game log's phrasing
  lives here too so the terminal uses it as well;
* ``term``: words only the terminal uses (its prompts and menus);
* ``scenarios``: translated scenario names, and as ``ID.rule`` what each changes on a game's
  variant (English uses the data's own names and rules, which a corrected data file may change).

fathom's own files hold only words no single game owns. Each game's words live in its own folder:
its plugin's ``messages`` package holds ``i18n/<lang>.json`` with any of the same sections, merged
over fathom's here, so the pages (``/api/i18n/{lang}``) and the terminal find every key in one
catalog (``games/<game>/i18n/`` for the shipped games; a game installed from elsewhere speaks both
languages the same way).

Templates use ``{name}`` placeholders (``str.format``; ``{x!r}`` in errors). A key
with the suffix ``.one`` or ``.zero`` is the form used when the parameter ``n`` is 1
or 0 (``"{n} rerolls left"`` / ``"1 reroll left"``); the pages' ``t()`` does the same.
Every language has exactly the keys of English (a test checks).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, SupportsFloat

LANGS = ("en", "fr")
DEFAULT_LANG = "en"
SECTIONS = ("errors", "ui", "term", "scenarios")
PLURAL_SUFFIX = {0: ".zero", 1: ".one"}


def resolve(lang: str | None) -> str:
    """``lang`` if fathom speaks it, else English."""
    return lang if lang in LANGS else DEFAULT_LANG


@dataclass(frozen=True)
class Catalog:
    """One language's sections, each a flat ``key -> template`` map."""

    lang: str
    errors: dict[str, str]
    ui: dict[str, str]
    term: dict[str, str]
    scenarios: dict[str, str]

    def section(self, name: str) -> dict[str, str]:
        if name not in SECTIONS:
            raise KeyError(f"no catalog section {name!r}; sections: {', '.join(SECTIONS)}")
        return getattr(self, name)


@cache
def catalog(lang: str) -> Catalog:
    """The catalog of ``lang`` (English if fathom does not speak it), read once."""
    lang = resolve(lang)
    raw = json.loads(resources.files(__name__).joinpath(f"{lang}.json").read_text(encoding="utf-8"))
    missing = [name for name in SECTIONS if not isinstance(raw.get(name), dict)]
    if missing:
        raise ValueError(f"catalog {lang}.json lacks the section(s) {', '.join(missing)}")
    sections = {name: dict(raw[name]) for name in SECTIONS}
    for extra in _game_catalogs(lang):
        for name in SECTIONS:
            sections[name].update(extra.get(name) or {})
    return Catalog(lang, *(sections[name] for name in SECTIONS))


def _game_catalogs(lang: str) -> list[dict[str, Any]]:
    """The words of each game that brings its own (its plugin's ``messages``), in ``lang``."""
    from fathom.core.plugins import plugins_with

    found = []
    for plugin in plugins_with("messages"):
        path = resources.files(str(plugin.messages)) / "i18n" / f"{lang}.json"
        if path.is_file():
            found.append(json.loads(path.read_text(encoding="utf-8")))
    return found


NARROW_NBSP = "\u202f"
_BEFORE_MARK = re.compile(r"[ \u00a0]([:;!?](?=\s|$|[)\"'])|»)")
_AFTER_GUILLEMET = re.compile(r"«[ \u00a0]")


def typeset(lang: str, text: str) -> str:
    """``text`` as French is printed: a narrow no-break space (U+202F) before ``: ; ! ?`` and ``»`` and
    after ``«``, where the catalog has a plain space. Why here: translators type an ordinary space
    (the catalogs are written one way), and no line can then break before "Vainqueur :"'s colon.
    Other languages, and marks with no space before them ("Content-Type: application/json"), are kept."""
    if resolve(lang) != "fr":
        return text
    return _AFTER_GUILLEMET.sub("«" + NARROW_NBSP, _BEFORE_MARK.sub(NARROW_NBSP + r"\1", text))


def template(lang: str, key: str, section: str = "ui", n: Any = None) -> str:
    """The raw template of ``key`` (its ``.one``/``.zero`` form for ``n``), falling back
    to English, then to the key itself so a missing string shows rather than crashes."""
    for cat in (catalog(lang), catalog(DEFAULT_LANG)):
        table = cat.section(section)
        suffix = PLURAL_SUFFIX.get(n) if isinstance(n, int) and not isinstance(n, bool) else None
        if suffix and key + suffix in table:
            return table[key + suffix]
        if key in table:
            return table[key]
    return key


def text(lang: str, key: str, section: str = "ui", /, **params: Any) -> str:
    """``key`` of ``section`` in ``lang``, its placeholders filled from ``params``."""
    found = template(lang, key, section, params.get("n"))
    try:
        return found.format(**params)
    except (KeyError, IndexError, ValueError):
        return found


class Translator:
    """``tr("ev.turn", who="Ann")``: a front end's words in one language.

    Looks in ``ui`` (shared with the pages) first, then ``term``."""

    def __init__(self, lang: str | None = None) -> None:
        self.lang = resolve(lang)

    def __call__(self, key: str, /, **params: Any) -> str:
        section = "ui" if key in catalog(self.lang).ui or key in catalog(DEFAULT_LANG).ui else "term"
        return text(self.lang, key, section, **params)

    def decimal(self, value: float, digits: int) -> str:
        """``4.9`` (``4,9`` in French): a number with the language's decimal mark."""
        return f"{value:.{digits}f}".replace(".", self("num.decimal_point"))

    def percent(self, p: SupportsFloat, digits: int = 1) -> str:
        """A probability as the language writes a percentage: ``16.4%`` (``16,4 %``)."""
        return self("num.percent", p=self.decimal(float(p) * 100, digits))


__all__ = ["DEFAULT_LANG", "LANGS", "NARROW_NBSP", "Catalog", "Translator", "catalog", "resolve", "template", "text",
           "typeset"]
