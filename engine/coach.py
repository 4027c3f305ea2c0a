"""Chibre's coach by the name DESIGN.md's stable API gives it (``engine.coach.assess``): it is
``engine.chibre.coach``; Pomme's is ``engine.pomme.coach``."""

from engine.chibre.coach import (
    CLOSE,
    COACH_BUDGET,
    MISTAKE_THRESHOLD,
    TABLE_COACH_BUDGET,
    Advice,
    Assessment,
    Tag,
    WeisAdvice,
    advise,
    assess,
    card_tags,
    weis_advice,
)

__all__ = ["CLOSE", "COACH_BUDGET", "MISTAKE_THRESHOLD", "TABLE_COACH_BUDGET", "Advice",
           "Assessment", "Tag", "WeisAdvice", "advise", "assess", "card_tags", "weis_advice"]
