"""Words for the learner's puzzle record: when reviews come back, the rating change (no Qt).

Kept apart from the page so that they are tested without Qt, in every language's plural forms.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from tutor.i18n import _, ngettext
from tutor.progress.record import ReviewQueue


def wait_text(delta: timedelta) -> str:
    """How long until a moment ``delta`` ahead, in whole minutes (rounded up, under an hour),
    hours (under a day) or days, for "next in …".

    >>> wait_text(timedelta(minutes=8, seconds=10)), wait_text(timedelta(hours=1, minutes=20))
    ('9 min', '1 hour')
    >>> wait_text(timedelta(days=2, hours=13))
    '3 days'
    """
    seconds = max(delta.total_seconds(), 0.0)
    minutes = max(math.ceil(seconds / 60), 1)
    if minutes < 60:
        return ngettext("{count} min", "{count} min", minutes).format(count=minutes)
    hours = max(round(seconds / 3600), 1)
    if hours < 24:
        return ngettext("{count} hour", "{count} hours", hours).format(count=hours)
    days = max(round(seconds / 86400), 1)
    return ngettext("{count} day", "{count} days", days).format(count=days)


def review_button_text(queue: ReviewQueue, now: datetime) -> str:
    """The review button: how many are due now, or when the next one is.

    >>> from datetime import UTC
    >>> t = datetime(2025, 1, 1, tzinfo=UTC)
    >>> review_button_text(ReviewQueue(2, 1, t + timedelta(hours=5)), t)
    'Review my mistakes (2)'
    >>> review_button_text(ReviewQueue(0, 3, t + timedelta(minutes=9)), t)
    'Review my mistakes (next in 9 min)'
    """
    if queue.due:
        return _("Review my mistakes ({count})").format(count=queue.due)
    if queue.next_at is not None:
        return _("Review my mistakes (next in {wait})").format(wait=wait_text(queue.next_at - now))
    return _("Review my mistakes (0)")


def review_line(queue: ReviewQueue, now: datetime) -> str:
    """The side panel's line on the review queue: what is due, and when the rest comes back.

    >>> from datetime import UTC
    >>> t = datetime(2025, 1, 1, tzinfo=UTC)
    >>> review_line(ReviewQueue(0, 4, t + timedelta(minutes=9)), t)
    '4 mistakes come back for review, the next in 9 min.'
    >>> review_line(ReviewQueue(1, 0, None), t)
    '1 mistake is ready for review now.'
    """
    if not queue.due and not queue.later:
        return _("No mistakes waiting for review.")
    parts = []
    if queue.due:
        parts.append(ngettext("{count} mistake is ready for review now.",
                              "{count} mistakes are ready for review now.",
                              queue.due).format(count=queue.due))
    if queue.later and queue.next_at is not None:
        wait = wait_text(queue.next_at - now)
        if queue.due:
            parts.append(ngettext("{count} more comes back in {wait}.",
                                  "{count} more come back, the next in {wait}.",
                                  queue.later).format(count=queue.later, wait=wait))
        else:
            parts.append(ngettext("{count} mistake comes back for review in {wait}.",
                                  "{count} mistakes come back for review, the next in {wait}.",
                                  queue.later).format(count=queue.later, wait=wait))
    return " ".join(parts)


def rating_change_text(correct: bool, delta: int, rated: bool) -> str:
    """The side panel's line after an answer: right or wrong, and the rating change.

    >>> rating_change_text(False, -46, True), rating_change_text(True, 0, False)
    ('Wrong: -46', 'Right, not rated')
    """
    if not rated:
        return _("Right, not rated") if correct else _("Wrong, not rated")
    verdict = _("Right") if correct else _("Wrong")
    return _("{verdict}: {delta:+d}").format(verdict=verdict, delta=delta)


def streak_text(streak: int, best: int) -> str:
    """The current and the best streak of right rated answers.

    >>> streak_text(2, 5)
    'Streak: 2 right in a row (best: 5)'
    """
    return ngettext("Streak: {count} right in a row (best: {best})",
                    "Streak: {count} right in a row (best: {best})",
                    streak).format(count=streak, best=best)
