"""Matches between bots, for Chibre and for Pomme: ``python -m engine.arena`` (``cli``).

``chibre``: duplicate deals, each played twice with the teams swapped; ``pomme``: each deal
played once with bot A in every seat; ``common``: what both share (the decision timer, the
deals over processes, the statistics).
"""

from engine.arena.chibre import (
    ARENA_RULES,
    DealResult,
    Match,
    arena_deal,
    play_deal,
    report,
    run_match,
    share,
)
from engine.arena.cli import main
from engine.arena.common import decision_timer, percentile, ratio, run_deals
from engine.arena.pomme import (
    PommeDealResult,
    PommeMatch,
    play_pomme_deal,
    pomme_arena_deal,
    pomme_report,
    putz_share,
    run_pomme_match,
)

__all__ = [
    "ARENA_RULES",
    "DealResult",
    "Match",
    "PommeDealResult",
    "PommeMatch",
    "arena_deal",
    "decision_timer",
    "main",
    "percentile",
    "play_deal",
    "play_pomme_deal",
    "pomme_arena_deal",
    "pomme_report",
    "putz_share",
    "ratio",
    "report",
    "run_deals",
    "run_match",
    "run_pomme_match",
    "share",
]
