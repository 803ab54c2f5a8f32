"""Play fathom's games in the browser: a FastAPI server that referees tables.

Modules: :mod:`.app` (the app; its HTTP and websocket routes by concern in :mod:`.routes`), :mod:`.tables` (the referee: one
live state per table, bots, chance, undo, clock), :mod:`.live` (a table in memory and
what each page is sent), :mod:`.catalog` (the games and bots the lobby offers),
:mod:`.db` (the action logs),
:mod:`.protocol` (message shapes and validation), :mod:`.auth` (seat tokens),
:mod:`.guard` (what every request passes: origin, JSON, headers), :mod:`.settings` (limits),
:mod:`.clock` (rate limiting and time), :mod:`.i18n` (English and French strings),
:mod:`.odds` (what the page shows as exact odds). Static files live in ``web/``.
"""
