"""``python -m engine.arena``: see :mod:`engine.arena.cli`."""

import sys

from engine.arena.cli import main

if __name__ == "__main__":
    sys.exit(main())
