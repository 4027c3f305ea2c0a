"""Why the engine refused an action at the table, in the learner's language (no Qt)."""

from __future__ import annotations

from engine import Card, GameView, Reason
from tutor.content.explain import reason_sentence
from tutor.content.tasks import LegalTask
from tutor.i18n import _


def reason_text(reason: Reason, action: object, view: GameView) -> str:
    """A sentence for the ``reason`` the engine gave for refusing ``action`` in ``view``."""
    if isinstance(action, Card) and view.trump is not None and reason in (
        Reason.MUST_FOLLOW_SUIT, Reason.MUST_FOLLOW_TRUMP, Reason.NO_UNDERTRUMP
    ):
        return reason_sentence(action, reason, LegalTask(view.trump, view.hand, view.trick))
    texts = {
        Reason.NOT_IN_HAND: _("That card is not in your hand."),
        Reason.NOT_YOUR_PHASE: _("That is not possible now."),
        Reason.CHIBRE_NOT_IN_FIRST_ROUND: _("The table rules forbid chibre in the first round."),
        Reason.CHIBRE_ONLY_ONCE: _("Your partner chibred: you must choose trump yourself."),
        Reason.TRUMP_NOT_IN_PROFILE: _("These table rules do not play that trump."),
        Reason.GAME_OVER: _("The game is over."),
    }
    return texts.get(reason, _("That is not possible now."))
