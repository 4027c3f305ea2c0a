"""The explanation shown after an answer, built from the engine's solution (no Qt).

Each sentence is a whole translatable sentence with named placeholders. Cards, suits and ranks go
into it as references (``{HJ}``, ``{suit:H}``, ``{rank:J}``, ``tutor.refs``), never as words: the
lines are text in the lesson format, drawn by ``tutor.markup.to_html`` (or ``tutor.refs.plain``)
in the deck and language in force, with a name that starts a sentence capitalised wherever the
translation puts it. The lines come from the solution: the ``Reason`` of each illegal card, why
the winning card wins, the criterion between announcements, the breakdown of points.
The sentences several kinds share are here; each kind's explainer is in its module
(``tutor.content.kinds.<kind>``), called by ``tutor.content.kinds.explain(task, solution)``.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine import (
    Card,
    Rank,
    Reason,
    Suit,
    Weis,
    WeisKind,
)
from tutor.content.tasks import (
    LegalTask,
    high_trump,
)
from tutor.i18n import _, format_number
from tutor.names import Phrase
from tutor.refs import CardRefs, plain

#: R-ORDER-TRUMP as rank references, so it reads "jack, nine, ace…" or "under, nine, ace…".
_TRUMP_ORDER = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN, Rank.EIGHT,
                Rank.SEVEN, Rank.SIX)


def card_ref(card: Card) -> CardRefs:
    """``{HJ}``: the card as a reference, named when the line is drawn; a translation may ask
    for its article, ``{card:dem}`` making ``{dem:HJ}`` (``tutor.names.Phrase``)."""
    return CardRefs(card)


def cards_ref(cards: Iterable[Card]) -> CardRefs:
    """Several card references joined: ``{HJ}, {S6}``."""
    return CardRefs(*cards)


def suit_ref(suit: Suit) -> str:
    """``{suit:H}``: the suit as a reference."""
    return "{suit:" + suit.letter + "}"


def trump_order() -> str:
    """The trump order J 9 A K Q 10 8 7 6 as rank references."""
    return _(", ").join("{rank:" + rank.letter + "}" for rank in _TRUMP_ORDER)


def reason_line(card: Card, reason: Reason, task: LegalTask) -> str:
    """Why ``card`` may not be played in ``task``, as a sentence with references."""
    if reason == Reason.MUST_FOLLOW_SUIT:
        led = task.trick[0].suit
        return _("{card}: you hold {suit}, the suit led, so you must follow it or play a "
                 "trump.").format(card=card_ref(card), suit=suit_ref(led))
    if reason == Reason.MUST_FOLLOW_TRUMP:
        return _("{card}: trump was led and you hold trump, so you must play trump.").format(
            card=card_ref(card))
    if reason == Reason.NO_UNDERTRUMP:
        high = high_trump(task.trick, task.trump)
        return _("{card} would undertrump the {high} already in the trick, and you have other "
                 "cards to play.").format(card=card_ref(card),
                                          high=card_ref(high) if high else Phrase())
    return _("{card} may not be played here.").format(card=card_ref(card))


def reason_sentence(card: Card, reason: Reason, task: LegalTask) -> str:
    """Why ``card`` may not be played in ``task``, in words (for plain-text labels)."""
    return plain(reason_line(card, reason, task))


def weis_line(weis: Weis) -> str:
    """``a sequence of 4 to the {HK} (50)`` or ``four {ranks:J} (200)``, with references."""
    if weis.kind == WeisKind.SEQUENCE:
        return _("a sequence of {count} to the {top} ({points})").format(
            count=len(weis.cards), top=card_ref(weis.top), points=weis.points)
    return _("four {ranks} ({points})").format(ranks="{ranks:" + weis.top.rank.letter + "}",
                                               points=weis.points)


def weis_name(weis: Weis) -> str:
    """``a sequence of 4 to the king of hearts (50)`` or ``four jacks (200)``, in words."""
    return plain(weis_line(weis))


def player_name(index: int) -> str:
    """Players of an announcement puzzle are numbered from 1 in order of play."""
    return _("Player {number}").format(number=index + 1)


def share_text(part: float) -> str:
    return _("{percent}%").format(percent=round(100 * part))


def mean_text(value: float, places: int = 1) -> str:
    return format_number(round(value, places))


