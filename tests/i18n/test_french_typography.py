"""French typography in what the pages and the server say (issue 52): a narrow no-break space
(U+202F) before ``:`` ``;`` ``!`` ``?`` and ``»`` and after ``«``, never a plain space that a line may
break at ("Vainqueur :" split over two lines). The catalogs are written one way, with a plain space
(what a translator types); :func:`fathom.i18n.typeset` sets it for print."""

from __future__ import annotations

import re

from fathom.i18n import NARROW_NBSP, catalog, typeset
from fathom.server.i18n import error_text, strings

LITERAL = {"token-in-query", "need-json"}  # they quote HTTP headers ("Authorization: Bearer"), not French


def _loose_marks(text: str) -> list[str]:
    """Each high mark of ``text`` that is not held by a narrow no-break space."""
    found = [m.group(0) for m in re.finditer(r"(.)([:;!?])(?=\s|$)", text) if m.group(1) != NARROW_NBSP]
    return found + re.findall(r"«[^\u202f]|[^\u202f]»", text)


def test_every_page_string_in_french_holds_its_high_marks():
    page = strings("fr")
    bad = {k: v for k, v in page.items() if isinstance(v, str) and _loose_marks(v)}
    bad.update({k: v for k, v in page["_scenarios"].items() if _loose_marks(v)})
    assert not bad, bad
    assert page["t.winner.one"] == "Vainqueur\u202f: {names}" and page["lobby.bot"] == "Bot\u202f: {name}"
    assert page["t.winner"] == "Vainqueurs ex aequo\u202f: {names}"  # a shared win, in the plural


def test_every_error_in_french_holds_its_high_marks():
    for code in catalog("fr").errors:
        if code not in LITERAL:
            said = error_text(code, "fr", {"n": 3, "limit": 5, "seat": 2, "table": "x", "game": "g", "allowed": "a",
                                           "got": "b", "total": 9, "detail": "d"})
            assert not _loose_marks(said), (code, said)
    assert error_text("seat-taken", "fr", {"seat": 2}) == "Le siège 2 vient d'être pris."


def test_the_catalogs_are_written_one_way_with_plain_spaces():
    for section in ("ui", "errors", "scenarios", "term"):
        odd = {k: v for k, v in catalog("fr").section(section).items() if re.search(r"[\u00a0\u202f][:;!?»]", v)}
        assert not odd, odd


def test_worked_cases():
    assert typeset("fr", "Vainqueur : Ann") == "Vainqueur\u202f: Ann"
    assert typeset("fr", "Commencez par « hello » ; ou pas ?") == "Commencez par «\u202fhello\u202f»\u202f; ou pas\u202f?"
    assert typeset("fr", "Content-Type: application/json") == "Content-Type: application/json"  # no space: kept
    assert typeset("en", "Winner : x") == "Winner : x"  # only French
    assert typeset("fr", "{got!r}") == "{got!r}"
