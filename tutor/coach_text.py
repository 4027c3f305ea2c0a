"""The coach's words: each reason tag of ``engine.coach`` as a translated sentence (no Qt)."""

from __future__ import annotations

from engine import Trump
from engine.cards import Chibre
from engine.coach import Tag
from tutor.i18n import _
from tutor.names import card_name, suit_name


def tag_text(tag: Tag) -> str:
    """One short sentence for ``tag``, in the current language."""
    texts = {
        Tag.PARTNER_WINNING_GIVE_POINTS: _("Your partner takes this trick for sure: give points."),
        Tag.WIN_CHEAPLY: _("It takes the trick with the cheapest card that can."),
        Tag.WILL_BE_TRUMPED: _("An opponent still to play has none of this suit and may trump."),
        Tag.PULL_TRUMPS: _("Leading trump pulls the opponents' trumps."),
        Tag.KEEP_BUUR: _("The Buur is wasted here: the trick is yours without it."),
        Tag.NELL_UNGUARDED: _("The Nell is your only trump and the Buur is still out."),
        Tag.SAVE_THE_TEN: _("Your team takes this trick for sure: a good home for the ten."),
        Tag.CANNOT_WIN_DISCARD_LOW: _("Nothing wins this trick: give the fewest points."),
        Tag.LAST_TRICK_FIVE: _("The card you keep takes the last trick and its 5 points."),
        Tag.STRONGEST_SUIT: _("Your hand is strongest in this suit."),
        Tag.CHIBRE_WEAK_HAND: _("Your hand is too weak in every suit: let your partner choose."),
    }
    return texts[tag]


def action_name(action: object) -> str:
    """A card, a trump suit or chibre, in words."""
    if isinstance(action, Chibre):
        return _("chibre")
    if isinstance(action, Trump):
        return _("{suit} as trump").format(suit=suit_name(action.suit))
    return card_name(action)  # type: ignore[arg-type]


def reasons(tags: tuple[Tag, ...]) -> str:
    return " ".join(tag_text(tag) for tag in tags)
