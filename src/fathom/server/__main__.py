"""``python -m fathom.server [--host H] [--port P] [--db URL] …``: the same as ``fathom serve``."""

from __future__ import annotations

import argparse

from fathom.server.app import serve
from fathom.server.cli import add_serve_arguments, limits_from, notice_settings_from


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m fathom.server")
    add_serve_arguments(parser)
    args = parser.parse_args()
    try:
        limits = limits_from(args)
        notices = notice_settings_from(args)
    except ValueError as exc:  # a --trusted-proxy that is no address, an --smtp URL that is wrong
        parser.error(str(exc))
    serve(args.host, args.port, args.db, public_url=args.public_url, log_level=args.log_level,
          print_fn=lambda s: print(s, flush=True), limits=limits, bot_workers=args.bot_workers,
          max_bot_tables=args.max_bot_tables, allowed_hosts=args.allowed_host, notice_settings=notices)


if __name__ == "__main__":
    main()
