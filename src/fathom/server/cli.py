"""The ``fathom serve`` and ``fathom bench-server`` subcommands (parsing and running).

Nothing here imports the web stack until a command runs, so the rest of the
``fathom`` command works without the ``web`` extra installed.
"""

from __future__ import annotations

import argparse
from typing import Any

from rich.text import Text

from fathom.server import bench
from fathom.server.settings import BOT_TABLE_PACE, Limits

NEEDS_WEB = ("the web server needs the web extra: pip install -e '.[web]' from a checkout "
             "(pip install 'fathom[web]' from the package index)")


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--db", default="fathom.db",
                        help="SQLite file (default fathom.db) or a URL such as postgresql://user@host/fathom")
    parser.add_argument("--public-url", default="", help="address printed in seat links, if not http://host:port")
    parser.add_argument("--log-level", default="warning", help="uvicorn log level (default warning)")
    parser.add_argument("--bot-workers", type=_at_least(1, "leave it out for one per core"), default=None,
                        metavar="N", help="processes that think for bots and hints, 1 or more "
                                          "(default: one per core)")
    parser.add_argument("--max-bot-tables", type=_at_least(0, "0 allows none"), default=None, metavar="N",
                        help="bot-only tables in play per process; 0: none (default: 8 per bot worker)")
    parser.add_argument("--bot-table-pace", type=_at_least(0.001, "0 would let them run flat out", float),
                        default=BOT_TABLE_PACE, metavar="SECONDS",
                        help=f"the pause between moves at a table where only bots play, so that such tables "
                             f"leave the bot workers to people's games (default {BOT_TABLE_PACE:g})")
    parser.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                        help="a host name this server answers to besides localhost, the --host address and "
                             "the --public-url's host (IP addresses always); repeat for several. Other Host "
                             "headers are refused (421): a DNS-rebinding page cannot reach the server")
    parser.add_argument("--rated-bots", action="store_true",
                        help="let rated tables seat bots (each bot then has a rating of its own, kept off the "
                             "leaderboard); by default rated tables are between accounts only")
    add_limit_arguments(parser)
    add_notice_arguments(parser)


def add_notice_arguments(parser: argparse.ArgumentParser) -> None:
    """How turn-based tables tell a person it is their turn (docs/web.md, "Notifications")."""
    parser.add_argument("--smtp", default="", metavar="URL",
                        help="send e-mail through this SMTP server: smtp://HOST[:PORT], "
                             "smtp://USER:PASSWORD@HOST:587?starttls=1 or smtps://USER:PASSWORD@HOST "
                             "(default: no e-mail)")
    parser.add_argument("--mail-from", default="", metavar="ADDRESS",
                        help="the From address of those e-mails (needed with --smtp)")
    parser.add_argument("--allow-private-webhooks", action="store_true",
                        help="let webhooks point at loopback, private and link-local addresses (a closed network; "
                             "tests); refused by default")
    parser.add_argument("--notify-retry-seconds", type=float, default=30.0, metavar="SECONDS",
                        help="wait before a failed notice is tried again, doubled at each try, 8 tries "
                             "(default 30)")


def notice_settings_from(args: argparse.Namespace) -> Any:
    """``--smtp`` and friends as :class:`~fathom.server.outbox.NoticeSettings`; ``ValueError`` saying what is wrong."""
    from fathom.server import mailer
    from fathom.server.outbox import NoticeSettings

    smtp = mailer.parse_smtp_url(args.smtp) if args.smtp else None
    if smtp is not None and not args.mail_from:
        raise ValueError("--smtp needs --mail-from ADDRESS (the From of the e-mails)")
    sender = mailer.check_sender(args.mail_from) if args.mail_from else ""
    if not 0.1 <= args.notify_retry_seconds <= 86400:
        raise ValueError("--notify-retry-seconds must be 0.1 to 86400")
    return NoticeSettings(smtp=smtp, mail_from=sender, allow_private_webhooks=args.allow_private_webhooks,
                          retry_seconds=args.notify_retry_seconds)


def _at_least(least: float, hint: str, kind: type = int) -> Any:
    """An argparse type: a number (``kind``: whole by default) of at least ``least`` (a clear usage error
    otherwise)."""

    def number(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a {'whole ' if kind is int else ''}number") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"{value} is too small: give {least} or more ({hint})")
        return value

    return number


def add_limit_arguments(parser: argparse.ArgumentParser) -> None:
    """What strangers may do (docs/web.md, "Settings"); the defaults are :class:`Limits`'s."""
    d = Limits()
    parser.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                        help="a reverse proxy (address or network, e.g. 127.0.0.1 or 10.0.0.0/8) whose "
                             "X-Forwarded-For names the client; repeat for several (default: none)")
    parser.add_argument("--tables-per-hour", type=int, default=d.tables_per_hour,
                        help=f"tables one client address may create an hour (default {d.tables_per_hour})")
    parser.add_argument("--signups-per-hour", type=int, default=d.signups_per_hour,
                        help=f"accounts one client address may create an hour (default {d.signups_per_hour})")
    parser.add_argument("--logins-per-minute", type=int, default=d.logins_per_minute,
                        help=f"sign-in attempts per client address a minute, twice that at once (default "
                             f"{d.logins_per_minute})")
    parser.add_argument("--failed-logins-per-name", type=int, default=d.failed_logins_per_name,
                        help=f"wrong passwords one account name may take at once, then one a minute "
                             f"(default {d.failed_logins_per_name})")
    parser.add_argument("--max-tables", type=int, default=d.max_live_tables,
                        help=f"tables in play at once; past it creating one is refused (default {d.max_live_tables})")
    parser.add_argument("--lobby-finished-minutes", type=float, default=d.finished_minutes,
                        help=f"minutes a finished table stays in the lobby (default {d.finished_minutes:g})")
    parser.add_argument("--lobby-idle-minutes", type=float, default=d.idle_minutes,
                        help=f"minutes without a move before a table counts as abandoned and leaves the "
                             f"lobby (default {d.idle_minutes:g})")
    parser.add_argument("--pages-per-address", type=int, default=d.pages_per_address,
                        help=f"table pages one client address may keep open at once (default "
                             f"{d.pages_per_address})")
    parser.add_argument("--connections-per-address", type=_at_least(1, "each page needs one"),
                        default=d.connections_per_address,
                        help=f"connections one peer address may hold open; a --trusted-proxy is exempt "
                             f"(default {d.connections_per_address})")
    parser.add_argument("--max-connections", type=_at_least(0, "0: as the open-files limit allows"),
                        default=d.max_connections,
                        help="connections open at once in all (default 0: as many as the open-files limit "
                             "allows, less a reserve)")
    parser.add_argument("--header-timeout", type=float, default=d.header_seconds, metavar="SECONDS",
                        help=f"a connection that has not sent a whole request line and headers within this "
                             f"is closed (default {d.header_seconds:g})")


def limits_from(args: argparse.Namespace) -> Limits:
    return Limits(trusted_proxies=tuple(args.trusted_proxy), tables_per_hour=args.tables_per_hour,
                  max_live_tables=args.max_tables, finished_minutes=args.lobby_finished_minutes,
                  idle_minutes=args.lobby_idle_minutes, pages_per_address=args.pages_per_address,
                  connections_per_address=args.connections_per_address, max_connections=args.max_connections,
                  header_seconds=args.header_timeout, signups_per_hour=args.signups_per_hour,
                  logins_per_minute=args.logins_per_minute, failed_logins_per_name=args.failed_logins_per_name)


def _say(console: Any, text: str) -> None:
    console.print(Text(text))
    file = getattr(console, "file", None)
    if file is not None and hasattr(file, "flush"):
        file.flush()


def serve_options(args: argparse.Namespace) -> dict[str, Any]:
    """``serve``'s keyword arguments from ``fathom serve``'s (or ``python -m fathom.server``'s) options;
    ValueError for a --trusted-proxy that is no address or an --smtp URL that is wrong."""
    return dict(host=args.host, port=args.port, db=args.db, public_url=args.public_url, log_level=args.log_level,
                limits=limits_from(args), bot_workers=args.bot_workers, max_bot_tables=args.max_bot_tables,
                allowed_hosts=args.allowed_host, notice_settings=notice_settings_from(args),
                rated_bots=args.rated_bots, bot_table_pace=args.bot_table_pace)


def run_serve(args: argparse.Namespace, console: Any) -> int:
    try:
        from fathom.server.app import serve
    except ImportError as exc:
        _say(console, f"error: {NEEDS_WEB} ({exc})")
        return 2
    try:
        options = serve_options(args)
    except ValueError as exc:
        _say(console, f"error: {exc}")
        return 2
    serve(**options, print_fn=lambda s: _say(console, s))
    return 0


def add_bench_arguments(parser: argparse.ArgumentParser) -> None:
    bench.add_arguments(parser)


def run_bench(args: argparse.Namespace, console: Any) -> int:
    try:
        import websockets  # noqa: F401
    except ImportError as exc:
        _say(console, f"error: {NEEDS_WEB} ({exc})")
        return 2
    return bench.run(args, out=_Printer(console))


class _Printer:
    def __init__(self, console: Any) -> None:
        self.console = console

    def print(self, text: str) -> None:
        _say(self.console, text)
