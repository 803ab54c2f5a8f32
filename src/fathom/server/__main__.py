"""``python -m fathom.server [--host H] [--port P] [--db URL] …``: the same as ``fathom serve``."""

from __future__ import annotations

import argparse

from fathom.server.app import serve
from fathom.server.cli import add_serve_arguments, serve_options


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m fathom.server")
    add_serve_arguments(parser)
    args = parser.parse_args()
    try:
        options = serve_options(args)
    except ValueError as exc:  # a --trusted-proxy that is no address, an --smtp URL that is wrong
        parser.error(str(exc))
    serve(**options, print_fn=lambda s: print(s, flush=True))


if __name__ == "__main__":
    main()
