"""The Play page's table without Qt: the game, its flow, the coach, the log, the saving
(``controller``); the game's record and the coach's review (``session``); its words (``words``).
"""

from tutor.table.controller import GUIDED_TARGET, Table
from tutor.table.flow import Stage
from tutor.table.session import FAST_BUDGET, TABLE_BUDGET, Decision, Review, Session

__all__ = ["FAST_BUDGET", "GUIDED_TARGET", "TABLE_BUDGET", "Decision", "Review",
           "Session", "Stage", "Table"]
