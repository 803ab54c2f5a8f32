"""The server's view of the message catalogs (:mod:`fathom.i18n`): errors and page strings.

The pages fetch ``/api/i18n/{lang}`` once and format with ``{name}`` placeholders;
errors are translated here, in the language the connection said hello in. The
strings themselves live in the JSON catalogs, shared with the terminal.
"""

from __future__ import annotations

from typing import Any

from fathom.i18n import LANGS, catalog, resolve
from fathom.i18n import text as _text
from fathom.i18n import typeset

ERRORS: dict[str, dict[str, str]] = {lang: catalog(lang).errors for lang in LANGS}
UI: dict[str, dict[str, str]] = {lang: catalog(lang).ui for lang in LANGS}


def error_text(code: str, lang: str, params: dict[str, Any]) -> str:
    """The error ``code`` in ``lang`` (English if missing; the code itself if unknown)."""
    return typeset(lang, _text(lang, code, "errors", **params))


def strings(lang: str) -> dict[str, Any]:
    """Everything a page needs: the ``ui`` strings plus ``_lang`` and ``_scenarios``, typeset for print
    (French: narrow no-break spaces before its high marks, see :func:`fathom.i18n.typeset`)."""
    cat = catalog(resolve(lang))
    out: dict[str, Any] = {k: typeset(cat.lang, v) for k, v in cat.ui.items()}
    out["_lang"] = cat.lang
    out["_scenarios"] = {k: typeset(cat.lang, v) for k, v in cat.scenarios.items()}
    return out


__all__ = ["ERRORS", "LANGS", "UI", "error_text", "strings"]
