"""The learner's record, kept in SQLite; no Qt here (DESIGN.md, "Data the learner owns").

* ``paths``: where the file lives (``data_dir()``, ``$JASS_TUTOR_HOME``).
* ``store``: opening, checking, migrating, moving a damaged file aside; transactions.
* ``glicko``: Glicko-2 ratings for the learner and every puzzle, as Lichess rates puzzles.
* ``schedule``: the spaced review ladder for failed puzzles.
* ``choose``: "next for me".
* ``kept``: a position of the learner's costly decision at the Play page, as the learner saw it
  (issue 36); ``drills``: such a position re-dealt and measured by the strategy course's rule.
* ``record``: ``Progress``, the one object the UI talks to.
"""

from tutor.progress.glicko import Rating
from tutor.progress.paths import data_dir
from tutor.progress.record import (
    FILE_NAME,
    Attempt,
    AttemptResult,
    Progress,
    PuzzleRef,
    ReviewQueue,
)
from tutor.progress.schedule import LADDER
from tutor.progress.store import SCHEMA_VERSION

__all__ = [
    "FILE_NAME",
    "LADDER",
    "SCHEMA_VERSION",
    "Attempt",
    "AttemptResult",
    "Progress",
    "PuzzleRef",
    "Rating",
    "ReviewQueue",
    "data_dir",
]
