"""``python -m fathom.server [--host H] [--port P] [--db URL]``: the same as ``fathom serve``."""

from __future__ import annotations

import argparse

from fathom.server.app import serve


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m fathom.server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default="fathom.db")
    parser.add_argument("--public-url", default="")
    parser.add_argument("--log-level", default="warning")
    args = parser.parse_args()
    serve(args.host, args.port, args.db, public_url=args.public_url, log_level=args.log_level,
          print_fn=lambda s: print(s, flush=True))


if __name__ == "__main__":
    main()
