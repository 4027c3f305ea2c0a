"""Small helpers shared by the tests of Pomme's table (``tutor.table.pomme``)."""

from __future__ import annotations

import random

from engine import PommeChoice
from tutor.jobs import QueueRunner
from tutor.table import Stage
from tutor.table.pomme import PommeTable


def seats(players: int) -> list[str]:
    """The learner in seat 0, random bots in the others."""
    return ["learner", *["random"] * (players - 1)]


def step(table: PommeTable, runner: QueueRunner, rng: random.Random,
         choose: dict[PommeChoice, bool] | None = None) -> None:
    """One thing happens: a queued call (a bot, a pause), else the learner's move: Next round,
    or a random legal action (``choose`` says whether to take a choice when offered)."""
    if runner.queue:
        runner.queue.popleft()()
        return
    if table.stage is Stage.ROUND_OVER:
        table.next_round()
        return
    assert table.stage is Stage.LEARNER, table.stage
    view = table.view()
    assert view is not None
    for choice, wanted in (choose or {}).items():
        if choice in view.legal_actions and wanted:
            table.learner_acts(choice)
            return
    actions = [a for a in view.legal_actions if a not in (choose or {})] or \
        list(view.legal_actions)
    table.learner_acts(rng.choice(actions))
