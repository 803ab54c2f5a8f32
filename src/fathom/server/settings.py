"""The server's limits against strangers, with their defaults (``fathom serve`` options; docs/web.md "Settings")."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, field

BOT_TABLE_PACE = 0.05  # seconds between moves of a table where only bots play, even at bot_delay_ms 0 (--bot-table-pace)


@dataclass(frozen=True)
class Limits:
    """What one client address may do, how many tables may be in play, and what the lobby lists."""

    trusted_proxies: tuple[str, ...] = ()  # addresses or networks whose X-Forwarded-For is believed
    http_rate: float = 30.0  # HTTP requests that change something, per second and client address
    http_burst: float = 50.0  # ... allowed at once before the rate applies
    tables_per_hour: int = 30  # tables one client address may create an hour (at once, then one per 120 s)
    max_live_tables: int = 500  # tables in play (moved within ``idle_minutes``) before new ones wait
    finished_minutes: float = 60.0  # a finished table leaves the lobby this long after its last move
    idle_minutes: float = 60.0  # a table in play with no move for this long is abandoned: off the lobby
    lobby_page: int = 50  # tables per lobby page (``?offset=&limit=``, at most 200)
    pages_per_address: int = 40  # live table pages (websockets) one client address may hold open at once
    connections_per_address: int = 128  # open connections (any kind) per peer address; trusted proxies exempt
    max_connections: int = 0  # open connections in all; 0: as many as the open-files limit allows
    header_seconds: float = 10.0  # a request's line and headers must arrive within this (slow clients)
    signups_per_hour: int = 10  # accounts one client address may create an hour (at once, then one per 6 min)
    logins_per_minute: int = 10  # sign-in attempts per client address a minute (twice that at once)
    failed_logins_per_name: int = 5  # wrong passwords per account name at once, then one every minute
    networks: tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        nets = tuple(ipaddress.ip_network(p.strip(), strict=False) for p in self.trusted_proxies if p.strip())
        object.__setattr__(self, "networks", nets)

    def trusted(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in net for net in self.networks)

    def client_address(self, peer: str, forwarded_for: str | None) -> str:
        """The client's address: the peer's, or, when the peer is a trusted proxy, the last address in
        ``X-Forwarded-For`` that is not itself a trusted proxy (what a client writes there is not believed)."""
        address = peer
        if not forwarded_for or not self.trusted(peer):
            return address
        for hop in reversed([h.strip() for h in forwarded_for.split(",") if h.strip()]):
            address = hop
            if not self.trusted(hop):
                break
        return address
