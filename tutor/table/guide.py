"""What the coach of a guided first game says around the learner's decisions (no Qt).

Before each decision of the learner (:func:`before_decision`): what the rules allow now and
why, computed from the engine (``legal_cards`` through
:func:`tutor.content.walkthrough.position`, the same reading of the rules that tells lesson 1's
recorded round). After each trick (:func:`after_trick`): who took it and why, and its points,
in the sentences of that recorded round.

Every sentence is whole and translatable; cards and suits are named by :mod:`tutor.names` in the
deck in force, seats as the table labels them (:func:`tutor.names.seat_name`: "You", "Right",
"Partner", "Left", seen from the learner).
"""

from __future__ import annotations

from engine import CHIBRE, Card, GameView, Phase, Rank, TrickWon, Trump
from tutor.content.explain import weis_name
from tutor.content.walkthrough import (
    Position,
    Situation,
    TrickTaken,
    points_text,
    position,
    why_wins_text,
    winner_text,
)
from tutor.i18n import _, ngettext
from tutor.names import Phrase, card_names, card_phrase, suit_name
from tutor.refs import plain


class NotYourDecision(ValueError):
    """``before_decision`` asked about a view whose seat is not the one to move."""


def before_decision(view: GameView) -> list[str]:
    """What the rules allow ``view.seat``, the player to move, and why: one to three sentences.

    ``NotYourDecision`` if that seat has no decision to make now.
    """
    if view.phase is Phase.OVER or view.current_player != view.seat or not view.legal_actions:
        raise NotYourDecision(f"seat {view.seat} has no decision to make now (phase "
                              f"{view.phase.value}, seat {view.current_player} to move)")
    if view.phase is Phase.TRUMP:
        return trump_lines(view)
    if view.phase is Phase.WEIS:
        return weis_lines(view)
    if view.trump is None:  # a view to play from always has a trump
        raise NotYourDecision("no trump chosen yet")
    return play_lines(position(view.hand, view.trick, view.trump))


def trump_lines(view: GameView) -> list[str]:
    """The choice of trump: the four suits, chibre when the rules allow it (R-CHIBRE), and why
    this seat chooses (R-TRUMP-FIRST, R-TRUMP-NEXT)."""
    if view.chibred:
        return [_("Your partner chibred: you must choose trump yourself."),
                _("Any of the four suits may be trump; the choice cannot be passed back.")]
    if CHIBRE in view.legal_actions:
        lines = [_("You choose trump: any of the four suits, or chibre to let your partner "
                   "choose.")]
    else:
        lines = [_("You choose trump: any of the four suits."),
                 _("The table rules forbid chibre in the first round.")]
    if view.round == 0:
        lines.append(_("In the first round the player holding the {card} chooses trump, and that "
                       "is you.").format(card=card_phrase(view.rules.first_trump_card)))
    else:
        lines.append(_("Each round the choice of trump passes to the next player: this round "
                       "it is yours."))
    return lines


def weis_lines(view: GameView) -> list[str]:
    """The announcement decision: what the hand holds, and when it is announced (R-WEIS-WHEN)."""
    weises = view.own_weis
    return [
        ngettext("Your hand holds an announcement: {weis}.",
                 "Your hand holds announcements: {weis}.", len(weises)).format(
                     weis=_(", ").join(weis_name(weis) for weis in weises)),
        _("It is announced with your first card, or kept quiet; after the first trick only the "
          "team with the best announcement scores."),
    ]


def play_lines(where: Position) -> list[str]:
    """The cards the rules allow from the hand of ``where``, and the rule that allows them."""
    kind = where.situation
    if len(where.hand) == 1:
        return [_("Your last card, the {card}, is the only one left to play.").format(
            card=card_phrase(next(iter(where.hand))))]
    if kind is Situation.LEAD:
        return [_("You lead: any card is allowed."),
                _("The others must then follow its suit if they can, or play a trump; a player "
                  "without that suit may play any card.")]
    if kind is Situation.FOLLOW_TRUMP:
        return _follow_trump_lines(where)
    if kind is Situation.BUUR_KEPT:
        return [_("Trump was led, and your only trump is the Buur: you need not play it, so any "
                  "card is allowed.")]
    if kind is Situation.NO_TRUMP:
        return [_("Trump was led and you have no trump: any card is allowed.")]
    if kind is Situation.FOLLOW:
        return _follow_lines(where)
    return _void_lines(where)


def _follow_trump_lines(where: Position) -> list[str]:
    trumps = list(where.trumps)
    if len(trumps) == 1:
        lines = [_("Trump was led: you must play the {card}, your only trump.").format(
            card=card_phrase(trumps[0]))]
    else:
        lines = [_("Trump was led: you must play one of your trumps.")]
    if any(card.rank is Rank.JACK for card in trumps) and len(trumps) > 1:
        lines.append(_("The Buur may be kept back only when it is a player's only trump."))
    return lines


def _follow_lines(where: Position) -> list[str]:
    """A plain suit led and held (R-FOLLOW), with the trumps R-TRUMP-ANYTIME allows."""
    led = where.led
    assert led is not None
    suit = suit_name(led)
    trumps = _allowed_trumps(where)
    if not where.trumps:
        return [_must_follow_line(where),
                _("Whoever holds the led suit must follow it or play a trump.")]
    if not trumps:
        return [_must_follow_line(where), _undertrump_line(where)]
    if len(trumps) == len(where.trumps):
        return [_("You hold {suit}, the led suit: play one of them, or a trump.").format(
                    suit=suit),
                _("A trump is allowed at any time, even when you could follow.")]
    return [_("You hold {suit}, the led suit: play one of them, or one of these trumps: "
              "{cards}.").format(suit=suit, cards=card_names(trumps)),
            _("A trump lower than the {high} would undertrump, and that is not allowed.").format(
                high=_high_name(where))]


def _must_follow_line(where: Position) -> str:
    led = where.led
    assert led is not None
    following = [card for card in where.hand if card.suit == led]
    if len(following) == 1:
        return _("You must play the {card}: it is your only card of the led suit, "
                 "{suit}.").format(card=card_phrase(following[0]), suit=suit_name(led))
    return _("You hold {suit}, the led suit: you must play one of them.").format(
        suit=suit_name(led))


def _void_lines(where: Position) -> list[str]:
    """No card of the plain suit led (R-DISCARD), with the limit of R-NO-UNDERTRUMP."""
    led = where.led
    assert led is not None
    suit = suit_name(led)
    if not where.trumps:
        return [_("You have no {suit}, the led suit, and no trump: any card is allowed.").format(
                    suit=suit),
                _("None of them can take the trick.")]
    if where.situation is Situation.ONLY_TRUMPS:
        return [_("You have no {suit}, the led suit, and hold only trumps: any card is "
                  "allowed.").format(suit=suit),
                _("With nothing else to play, even a trump lower than the {high} may be "
                  "played.").format(high=_high_name(where))]
    if where.high is None:
        return [_("You have no {suit}, the led suit: any card is allowed.").format(suit=suit),
                _("Only a trump can take the trick.")]
    trumps = _allowed_trumps(where)
    if len(trumps) == len(where.trumps):
        return [_("You have no {suit}, the led suit: any card is allowed.").format(suit=suit),
                _("Each of your trumps is higher than the {high}, the highest trump in the "
                  "trick.").format(high=_high_name(where))]
    if not trumps:
        return [_("You have no {suit}, the led suit: play a card of another suit.").format(
                    suit=suit),
                _undertrump_line(where)]
    return [_("You have no {suit}, the led suit: any card is allowed except a trump lower than "
              "the {high}, which would undertrump.").format(suit=suit, high=_high_name(where)),
            _("The trumps you may play: {cards}.").format(cards=card_names(trumps))]


def _allowed_trumps(where: Position) -> list[Card]:
    return [card for card in where.trumps if card in where.legal]


def _high_name(where: Position) -> Phrase:
    return card_phrase(where.high) if where.high is not None else Phrase()


def _undertrump_line(where: Position) -> str:
    return ngettext("Your trump is lower than the {high} and would undertrump, which is not "
                    "allowed.",
                    "Your trumps are all lower than the {high} and would undertrump, which is "
                    "not allowed.", len(where.trumps)).format(high=_high_name(where))


def after_trick(trick: TrickWon, trump: Trump, seat: int = 0) -> list[str]:
    """Who took ``trick`` and why, and its points (the last trick's 5 included), told to the
    player at ``seat``."""
    taken = TrickTaken.of(trick, trump, seat)
    lines = [winner_text(taken), why_wins_text(taken), points_text(taken)]
    if taken.factor != 1:
        lines.append(plain(_("{suit:S} are trump with pique double: everything counts twice.")))
    return lines


__all__ = ["NotYourDecision", "after_trick", "before_decision", "play_lines", "trump_lines",
           "weis_lines"]
