"""E-mail through the operator's SMTP server (``fathom serve --smtp URL --mail-from ADDRESS``).

The URL says everything about the server, in one place an operator can keep in a secret store:

* ``smtp://HOST[:PORT]`` (port 25 by default): plain SMTP, as to a relay on the same network;
* ``smtp://HOST:587?starttls=1``: upgraded with STARTTLS before anything is sent (the certificate
  is checked against the system's CAs); ``starttls=0`` (the default) does not;
* ``smtps://HOST[:PORT]`` (port 465 by default): TLS from the first byte;
* ``smtp://USER:PASSWORD@HOST:587?starttls=1``: logs in (user and password percent-encoded, so a
  password with ``@`` or ``:`` is written ``%40`` or ``%3A``); a login without TLS is refused, as
  it would send the password in the clear;
* ``?timeout=S``: seconds a connection and each reply may take (default 20).

Sending uses the standard library's :mod:`smtplib`, called in a thread (:mod:`.outbox`): no
dependency to pin, and the event loop never waits on a mail server.
"""

from __future__ import annotations

import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formataddr, make_msgid, parseaddr
from urllib.parse import parse_qsl, unquote, urlsplit

DEFAULT_TIMEOUT = 20.0
URL_HELP = ("--smtp must be smtp://[USER:PASSWORD@]HOST[:PORT][?starttls=1][&timeout=S] or "
            "smtps://[USER:PASSWORD@]HOST[:PORT] (see docs/web.md, \"Notifications\")")


@dataclass(frozen=True)
class SmtpServer:
    host: str
    port: int
    tls: bool = False  # smtps: TLS from the first byte
    starttls: bool = False
    user: str = ""
    password: str = ""
    timeout: float = DEFAULT_TIMEOUT

    def __repr__(self) -> str:  # never a password in a log line
        scheme = "smtps" if self.tls else "smtp"
        login = f"{self.user}:***@" if self.user else ""
        return f"{scheme}://{login}{self.host}:{self.port}{'?starttls=1' if self.starttls else ''}"


def parse_smtp_url(url: str) -> SmtpServer:
    """``--smtp``'s URL (see the module's docstring); ``ValueError`` saying what is wrong and what is allowed."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("smtp", "smtps") or not parts.hostname or parts.path not in ("", "/") or parts.fragment:
        raise ValueError(URL_HELP)
    try:
        port = parts.port or (465 if parts.scheme == "smtps" else 25)
    except ValueError:
        raise ValueError(f"--smtp: the port must be a number from 1 to 65535 ({URL_HELP})") from None
    query = dict(parse_qsl(parts.query, keep_blank_values=True))
    unknown = sorted(set(query) - {"starttls", "timeout"})
    if unknown:
        raise ValueError(f"--smtp: unknown option {unknown[0]!r}; allowed: starttls, timeout")
    flag = query.get("starttls", "0")
    if flag not in ("0", "1", "true", "false"):
        raise ValueError("--smtp: starttls must be 1 or 0")
    starttls = flag in ("1", "true")
    if starttls and parts.scheme == "smtps":
        raise ValueError("--smtp: smtps:// is TLS already; starttls is for smtp://")
    try:
        timeout = float(query.get("timeout", DEFAULT_TIMEOUT))
    except ValueError:
        raise ValueError("--smtp: timeout must be a number of seconds") from None
    if not 1 <= timeout <= 300:
        raise ValueError("--smtp: timeout must be 1 to 300 seconds")
    user, password = unquote(parts.username or ""), unquote(parts.password or "")
    if user and not (starttls or parts.scheme == "smtps"):
        raise ValueError("--smtp: a login needs TLS (smtps:// or ?starttls=1): the password would travel in the clear")
    return SmtpServer(parts.hostname, port, parts.scheme == "smtps", starttls, user, password, timeout)


def check_sender(address: str) -> str:
    """``--mail-from``: one address, optionally with a name (``fathom <games@example.org>``)."""
    name, email = parseaddr(address)
    if not email_ok(email):
        raise ValueError("--mail-from must be an e-mail address, such as games@example.org or "
                         "\"fathom <games@example.org>\"")
    return formataddr((name, email)) if name else email


def email_ok(address: str) -> bool:
    """A plausible single address: one ``@``, a local part and a domain, no spaces or separators."""
    if not isinstance(address, str) or not 3 <= len(address) <= 254 or address.count("@") != 1:
        return False
    local, domain = address.split("@")
    bad = set(" \t\r\n<>,;:\"()[]\\")
    return bool(local) and bool(domain) and not (set(address) & bad) and len(local) <= 64 and \
        "." in domain.strip(".") and all(ord(ch) > 31 for ch in address)


def message(sender: str, to: str, subject: str, body: str, unsubscribe: str) -> EmailMessage:
    """A plain-text e-mail with its unsubscribe link in the body and in the headers mail clients
    read (RFC 2369 ``List-Unsubscribe`` and RFC 8058's one-click POST)."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["Message-ID"] = make_msgid(domain=parseaddr(sender)[1].split("@")[-1] or None)
    msg["List-Unsubscribe"] = f"<{unsubscribe}>"
    msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    msg["Auto-Submitted"] = "auto-generated"
    msg.set_content(body)
    return msg


def send(server: SmtpServer, msg: EmailMessage) -> None:
    """Hand ``msg`` to the SMTP server (blocking: call it in a thread); an exception if it was not taken."""
    context = ssl.create_default_context()
    client: smtplib.SMTP
    if server.tls:
        client = smtplib.SMTP_SSL(server.host, server.port, timeout=server.timeout, context=context)
    else:
        client = smtplib.SMTP(server.host, server.port, timeout=server.timeout)
    with client:
        if server.starttls:
            client.starttls(context=context)
        if server.user:
            client.login(server.user, server.password)
        client.send_message(msg)
