"""The ``fathom serve`` and ``fathom bench-server`` subcommands (parsing and running).

Nothing here imports the web stack until a command runs, so the rest of the
``fathom`` command works without the ``web`` extra installed.
"""

from __future__ import annotations

import argparse
from typing import Any

from rich.text import Text

from fathom.server import bench

NEEDS_WEB = "the web server needs the web extra: pip install 'fathom[web]'"


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--db", default="fathom.db",
                        help="SQLite file (default fathom.db) or a URL such as postgresql://user@host/fathom")
    parser.add_argument("--public-url", default="", help="address printed in seat links, if not http://host:port")
    parser.add_argument("--log-level", default="warning", help="uvicorn log level (default warning)")


def _say(console: Any, text: str) -> None:
    console.print(Text(text))
    file = getattr(console, "file", None)
    if file is not None and hasattr(file, "flush"):
        file.flush()


def run_serve(args: argparse.Namespace, console: Any) -> int:
    try:
        from fathom.server.app import serve
    except ImportError as exc:
        _say(console, f"error: {NEEDS_WEB} ({exc})")
        return 2
    serve(args.host, args.port, args.db, public_url=args.public_url, log_level=args.log_level,
          print_fn=lambda s: _say(console, s))
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
