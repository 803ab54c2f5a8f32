#!/usr/bin/env python3
"""Engine speed with random bots; same as ``fathom bench`` (see fathom.cli.bench)."""

import sys

from fathom.cli.bench import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
