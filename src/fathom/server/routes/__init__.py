"""The server's routes, one module per concern, each adding its routes to the app.

:mod:`.pages` (HTML pages, static files, health), :mod:`.catalog` (games, rules,
strings), :mod:`.tables` (creating, listing, links, open seats), :mod:`.play` (a
table's state and the HTTP moves, replay, review, save) and :mod:`.live` (the
websocket). What they share (the referee, the rate limiter, request parsing) comes
from :mod:`.common`, and is passed in rather than captured.
"""
