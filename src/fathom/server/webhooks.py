"""A person's webhook: an HTTP(S) address the server POSTs a small JSON notice to (Discord- and ntfy-style).

Why the address checks: the server itself makes the request, from inside the operator's network, so a
webhook pointing at loopback, a private network, a link-local address (cloud metadata at
169.254.169.254) or any other address that is not public would let a stranger probe or poke what
only the server can reach. Such an address is refused when it is set (``PUT /api/me/notifications``)
and again at each send, after the host name is resolved, and the request then goes to the very
address that was checked (the name kept for the ``Host`` header and TLS), so a DNS answer that
changes in between cannot slip through. ``fathom serve --allow-private-webhooks`` lifts it (a
server on a closed network, the tests' receivers on loopback). No redirects are followed.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx

MAX_URL = 500
TIMEOUT = 10.0
HELP = f"webhook must be an http:// or https:// address of at most {MAX_URL} characters, without a password"


class WebhookRefused(ValueError):
    """The address may not be used: ``code`` says why (``webhook-bad``, ``webhook-private``, ``webhook-unresolved``)."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


def check_form(url: Any) -> str:
    """The webhook's form: http(s), a host, no user or password, not too long."""
    if not isinstance(url, str) or not url or len(url) > MAX_URL or any(ord(c) <= 32 for c in url):
        raise WebhookRefused("webhook-bad", HELP)
    parts = urlsplit(url)
    try:
        parts.port  # noqa: B018 - raises on a port that is no number
    except ValueError:
        raise WebhookRefused("webhook-bad", HELP) from None
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.username or parts.password:
        raise WebhookRefused("webhook-bad", HELP)
    return url


def public(address: str) -> bool:
    """Is ``address`` one anybody on the internet could reach (not loopback, private, link-local, ...)?"""
    ip = ipaddress.ip_address(address.split("%")[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


async def lookup(host: str, port: int) -> list[str]:
    """The addresses ``host`` resolves to now (the system's resolver, off the event loop)."""
    infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [str(info[4][0]) for info in infos]


async def resolve(url: str, allow_private: bool) -> str:
    """The address ``url``'s host resolves to that the request will go to; refused if any is not public."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        addresses = await lookup(host, port)
    except (OSError, UnicodeError):
        raise WebhookRefused("webhook-unresolved", f"the webhook's host {host!r} could not be resolved") from None
    if not addresses:
        raise WebhookRefused("webhook-unresolved", f"the webhook's host {host!r} could not be resolved")
    if not allow_private:
        for address in addresses:
            if not public(address):
                raise WebhookRefused("webhook-private", f"the webhook's host {host!r} is at {address}, which is not "
                                                        f"a public address (loopback, private and link-local "
                                                        f"addresses are refused on this server)")
    return addresses[0]


async def check(url: Any, allow_private: bool) -> str:
    """A webhook as set by a person: its form, and where it resolves to now."""
    url = check_form(url)
    await resolve(url, allow_private)
    return url


async def post(url: str, payload: dict[str, Any], allow_private: bool, client: httpx.AsyncClient) -> int:
    """POST ``payload`` as JSON to ``url`` at the address checked just now; the status (an exception if
    it could not be sent)."""
    address = await resolve(check_form(url), allow_private)
    parts = urlsplit(url)
    host = parts.hostname or ""
    literal = f"[{address}]" if ":" in address else address
    netloc = literal + (f":{parts.port}" if parts.port else "")
    pinned = urlunsplit((parts.scheme, netloc, parts.path or "/", parts.query, ""))
    host_header = host if not parts.port else f"{host}:{parts.port}"
    if ":" in host and not host.startswith("["):
        host_header = f"[{host}]" + (f":{parts.port}" if parts.port else "")
    async with client.stream("POST", pinned, json=payload, headers={"Host": host_header},
                             extensions={"sni_hostname": host}, timeout=TIMEOUT, follow_redirects=False) as answer:
        return answer.status_code
