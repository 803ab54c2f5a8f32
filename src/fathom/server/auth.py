"""Seat tokens: the secret in each seat's link.

A token is ``<seat>.<hmac>``: an HMAC-SHA256 of the table id and seat under the
server's secret (kept in the database, so links survive restarts), and of the
seat's key number, which counts up when someone takes the seat from the lobby or
the host re-keys it (every earlier token of that seat then stops working). Nothing
else per token is stored, the host can be shown the links again (not those of
seats taken from the lobby), and a token for one table or seat is useless for any other. The host token (``h.<hmac>``) lets the
table's creator list the seat links.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence

HOST = "h"


def _sign(secret: bytes, table_id: str, who: str) -> str:
    mac = hmac.new(secret, f"fathom-seat:{table_id}:{who}".encode(), hashlib.sha256)
    return mac.hexdigest()[:32]


def _seat_key(seat: int, key: int) -> str:
    return str(seat) if not key else f"{seat}:{key}"


def seat_token(secret: bytes, table_id: str, seat: int, key: int = 0) -> str:
    """The token of ``seat``'s ``key``-th key (0: the one it was created with; a taken or re-keyed
    seat counts up, and every earlier token of that seat stops working)."""
    return f"{seat}.{_sign(secret, table_id, _seat_key(seat, key))}"


def host_token(secret: bytes, table_id: str) -> str:
    return f"{HOST}.{_sign(secret, table_id, HOST)}"


def seat_of(secret: bytes, table_id: str, token: str | None, keys: Sequence[int]) -> int | None:
    """The seat ``token`` opens at this table whose seats are on key ``keys[seat]``, or ``None``
    (bad, foreign, outdated or missing token)."""
    if not isinstance(token, str) or "." not in token or len(token) > 80:
        return None
    who, _, mac = token.partition(".")
    if not who.isdigit() or not 0 <= int(who) < len(keys):
        return None
    expected = _sign(secret, table_id, _seat_key(int(who), keys[int(who)]))
    return int(who) if hmac.compare_digest(mac, expected) else None


def is_host(secret: bytes, table_id: str, token: str | None) -> bool:
    if not isinstance(token, str) or len(token) > 80:
        return False
    return hmac.compare_digest(token, host_token(secret, table_id))
