"""``python -m engine.arena``: see :mod:`engine.arena.cli`."""

import sys

from engine.arena.cli import main

sys.exit(main())
