"""The coach's words (no Qt): each reason tag of ``engine.coach`` as a translated sentence, and
the hint, the warning, the review and the Weis advice built from ``engine.chibre.coach.Advice``.

Every reason said of the coach's choice speaks for it (``Tag.supports``, ``Difference``, or the
search's expected points); a reason against a choice is said only of the learner's own choice.
Cards, suits and ranks are named through ``tutor.names``, in the deck in force. When the
coach's lead follows from the partner's discard signal under the table's convention
(``Advice.signal``), its word names the card, the convention and what it says.
"""

from __future__ import annotations

from engine import (
    CLOSE,
    Advice,
    Alike,
    Assessment,
    Card,
    Chibre,
    Difference,
    GameView,
    Rank,
    Signal,
    Tag,
    Trump,
    WeisAdvice,
    WeisReason,
)
from tutor.content.explain import weis_name
from tutor.i18n import _, format_number, ngettext
from tutor.names import Phrase, capitalized, rank_name, suit_name
from tutor.rule_options import signal_name


def tag_text(tag: Tag) -> str:
    """One short sentence for ``tag``, in the current language."""
    texts = {
        Tag.PARTNER_WINNING_GIVE_POINTS: _("Your partner takes this trick for sure: give points."),
        Tag.WIN_CHEAPLY: _("It is the cheapest card that takes this trick for sure."),
        Tag.WILL_BE_TRUMPED: _("An opponent still to play has none of this suit and may trump."),
        Tag.PULL_TRUMPS: _("Leading trump pulls the opponents' trumps."),
        Tag.KEEP_BUUR: _("The Buur is wasted here: the trick is yours without it."),
        Tag.NELL_UNGUARDED: _("The Nell is your only trump and the Buur is still out."),
        Tag.SAVE_THE_TEN: _("Your team takes this trick for sure: a good home for the {ten}.")
        .format(ten=rank_name(Rank.TEN)),
        Tag.CANNOT_WIN_DISCARD_LOW: _("None of your cards can take this trick: give the fewest "
                                      "points."),
        Tag.LAST_TRICK_FIVE: _("The card you keep takes the last trick and its 5 points."),
        Tag.STRONGEST_SUIT: _("Your hand is strongest in this suit."),
        Tag.CHIBRE_WEAK_HAND: _("Your hand is too weak in every suit: let your partner choose."),
    }
    return texts[tag]


def action_name(action: object) -> Phrase:
    """A card, a trump suit or chibre, in words."""
    if isinstance(action, Chibre):
        return Phrase(_("chibre"))
    if isinstance(action, Trump):
        assert action.suit is not None
        return Phrase(_("{suit} as trump").format(suit=suit_name(action.suit)))
    assert isinstance(action, Card)
    return Phrase(action)


def the_action(action: object) -> Phrase:
    """A choice as it goes inside a sentence: ``the seven of clubs`` (in English; a translation
    asks for its article, ``{choice:le}``), ``hearts as trump``."""
    if isinstance(action, Card):
        return Phrase(action, the=True)
    return action_name(action)


def reasons(tags: tuple[Tag, ...]) -> str:
    return " ".join(tag_text(tag) for tag in tags)


def points_text(points: float) -> str:
    """``about 14 points`` (rounded; only for a difference of ``CLOSE`` or more)."""
    number = max(1, round(points))
    return ngettext("about {points} point", "about {points} points", number).format(
        points=format_number(number))


# --- why the coach's choice -------------------------------------------------------------------


def search_text(advice: Advice, review: bool = False) -> str:
    """The search's reason in words: the expected points of the coach's choice and of the other
    (the learner's, or the next best), or that every choice is about as good. Expected points
    count the bonus for taking every trick (R-MATCH) and may go below zero: then only the
    difference is said."""
    points = format_number(round(advice.points))
    other = advice.other
    if other is None:
        if isinstance(advice.action, Card):
            return _("It is the only card you may play.")
        return _("It is your only choice.")
    if advice.lost < CLOSE:
        if advice.points < 0:
            return _("Every choice was about as good.") if review else _(
                "Every choice is about as good here.")
        if review:
            return _("Every choice was about as good: your team could expect about {points} "
                     "points from there.").format(points=points)
        return _("Every choice is about as good here: your team can expect about {points} "
                 "points from here.").format(points=points)
    values = {"choice": the_action(advice.action), "points": points,
              "other": the_action(other.action),
              # the two figures differ by the rounded difference (52.4 and 51.4: 52 and 51)
              "other_points": format_number(round(advice.points) - max(1, round(advice.lost))),
              "more": points_text(advice.lost)}
    if min(advice.points, other.points) < 0:
        if advice.equal and not advice.is_learners:  # the choices as good were said first
            text = _("{choice} is worth {more} more to your team than {other}, counting the "
                     "bonus for taking every trick.")
        elif advice.is_learners:
            text = _("{choice} is worth {more} more to your team than {other}, your choice, "
                     "counting the bonus for taking every trick.")
        else:
            text = _("{choice} is worth {more} more to your team than {other}, the next best, "
                     "counting the bonus for taking every trick.")
    elif advice.is_learners:
        text = (_("With {choice} your team could expect about {points} points from there; with "
                  "{other}, your choice, about {other_points}.") if review else
                _("With {choice} your team can expect about {points} points from here; with "
                  "{other}, your choice, about {other_points}."))
    elif advice.equal:  # the choices as good were said first: none is "the next best"
        text = (_("With any of them your team could expect about {points} points from there; "
                  "with {other}, about {other_points}.") if review else
                _("With any of them your team can expect about {points} points from here; "
                  "with {other}, about {other_points}."))
    else:
        text = (_("With {choice} your team could expect about {points} points from there; with "
                  "{other}, the next best, about {other_points}.") if review else
                _("With {choice} your team can expect about {points} points from here; with "
                  "{other}, the next best, about {other_points}."))
    return capitalized(text.format(**values))


#: More choices about as good than this are counted rather than named.
_NAMED_EQUAL = 3
#: At most this many of the differences, and of what the choices as good share, are said (the
#: first ones: the most telling, in the order of ``Difference`` and ``Alike``).
_SAID = 2


def equal_text(advice: Advice) -> str:
    """``The seven of clubs and the six of clubs are equally good.`` for the coach's choice and
    those within ``CLOSE`` of it (only when some choice is worse, else the search's words say
    that every one is); ``alike_text`` says why."""
    if not advice.equal or advice.other is None or advice.lost < CLOSE:
        return ""
    count = len(advice.equal)
    if count > _NAMED_EQUAL:
        return capitalized(ngettext(
            "{choice} and {count} other choice are equally good.",
            "{choice} and {count} other choices are equally good.", count).format(
            choice=the_action(advice.action), count=format_number(count)))
    return capitalized(_("{choices} and {last} are equally good.").format(
        choices=Phrase(*(the_action(a) for a in (advice.action, *advice.equal[:-1]))),
        last=the_action(advice.equal[-1])))


def carried_text(points: int) -> str:
    """What cards about as good each carry, of either game: "Each carries 10 points.", or that
    none carries any (never "Each carries 0 points.")."""
    if points == 0:
        return _("None of them carries any points.")
    return ngettext("Each carries {points} point.", "Each carries {points} points.",
                    points).format(points=format_number(points))


def alike_text(advice: Advice) -> list[str]:
    """Why the choices within ``CLOSE`` of the coach's work as well (``Advice.alike``): what
    the position shows they share, one sentence each; none without such choices."""
    if not advice.equal:
        return []
    texts = {
        Alike.TOUCHING: _("No card still out lies between them: they do the same work."),
        Alike.TEAM_KEEPS: _("Your team keeps this trick for sure with any of them."),
        Alike.OPPONENTS_TAKE: _("The opponents take this trick whichever of them you play."),
        Alike.NONE_WINS: _("None of them takes the lead of this trick."),
        Alike.SAME_POINTS: carried_text(advice.alike_value),
        Alike.ALL_LOW: _("None of them carries 10 points or more."),
        Alike.ALL_MASTERS: _("Each is the best card of its suit still out."),
        Alike.LATER_TRICKS: _("The tricks still to come play out about the same with any of "
                              "them."),
    }
    return [texts[alike] for alike in advice.alike[:_SAID]]


def difference_text(difference: Difference, advice: Advice) -> str:
    """One sentence for ``difference`` between the coach's card and ``advice.other``."""
    assert advice.other is not None
    card, other = the_action(advice.action), the_action(advice.other.action)
    points = 0
    if difference is Difference.TRICK_LOST:
        text = _("With {other} the opponents would take this trick.")
    elif difference is Difference.TRICK_AT_RISK:
        text = _("With {card} your team keeps this trick for sure; with {other} an opponent "
                 "could still take it.")
    elif difference is Difference.POINTS_GIVEN:
        points = advice.other_value
        if Difference.TRICK_LOST in advice.differences:
            text = ngettext("{other} would give {points} point to the opponents.",
                            "{other} would give {points} points to the opponents.", points)
        else:
            text = ngettext("{other} would put {points} point into a trick the opponents may "
                            "take.", "{other} would put {points} points into a trick the "
                            "opponents may take.", points)
    elif difference is Difference.POINTS_WON:
        points = advice.action_value
        text = ngettext("{card} puts {points} point into a trick your team keeps for sure.",
                        "{card} puts {points} points into a trick your team keeps for sure.",
                        points)
    elif difference is Difference.TRUMP_DRAWN:
        text = _("{card} draws trumps from the opponents while they may still hold some; "
                 "{other} is no trump.")
    elif difference is Difference.TRUMP_WASTED:
        text = _("{other} would spend a trump: your team keeps this trick for sure without it.")
    elif difference is Difference.POINTS_SAVED:
        text = _("{card} carries {few} into a trick your team does not keep for sure; {other} "
                 "would carry {many}.")
    elif difference is Difference.MASTER_KEPT:
        text = _("{card} keeps {other}, the best card of its suit still out, for a later "
                 "trick.")
    elif difference is Difference.TRUMP_KEPT:
        text = _("{card} keeps {other}, a trump, for a later trick.")
    elif difference is Difference.LEAD_TAKEN:
        text = _("{card} takes the lead of this trick from the opponents; {other} would not.")
    elif difference is Difference.PARTNER_LEFT:
        text = _("{card} leaves this trick to your partner; {other} would take it from them.")
    elif difference is Difference.MASTER_LED:
        text = _("{card} is the best card of its suit still out; {other} is not.")
    elif difference is Difference.PARTNER_TO_PLAY:
        text = _("Your partner plays after you and may still take this trick: {card} puts "
                 "{few} into it, {other} {many}.")
    elif difference is Difference.OTHER_TRUMPED:
        text = _("An opponent still to play has none of the suit of {other} and may trump "
                 "it.")
    elif isinstance(advice.action, Card):
        text = _("This trick does not tell {card} and {other} apart: your team takes more of "
                 "the points still to come with {card}.")
    else:
        text = _("Your team takes more of the points still to come with {card} than with "
                 "{other}.")
    few = ngettext("{count} point", "{count} points", advice.action_value).format(
        count=format_number(advice.action_value))
    many = ngettext("{count} point", "{count} points", advice.other_value).format(
        count=format_number(advice.other_value))
    return capitalized(text.format(card=card, other=other, points=format_number(points),
                                   few=few, many=many))


def signal_text(advice: Advice) -> str:
    """``Your partner discarded the six of clubs: by our convention (low card asks) that says
    they hold the best card of clubs still out, so lead clubs to them.``: the partner's signal
    the coach's lead follows from, or ``""``."""
    reading = advice.signal
    if reading is None:
        return ""
    if reading.signal is Signal.ASK:
        text = _("Your partner discarded {card}: by our convention ({convention}) that says "
                 "they hold the best card of {suit} still out, so lead {suit} to them.")
    else:
        text = _("Your partner discarded {card}: by our convention ({convention}) that says "
                 "they do not hold the best card of {suit} still out, so better not lead "
                 "{suit} to them.")
    return text.format(card=the_action(reading.card), convention=signal_name(reading.signal),
                       suit=suit_name(reading.suit))


def why_text(advice: Advice, review: bool = False) -> str:
    """Every reason for the coach's choice: the partner's signal it follows, its supporting
    tags, what makes the difference with the other choice, the choices about as good, and the
    search's expected points."""
    parts = [signal_text(advice)]
    parts += [tag_text(tag) for tag in supporting(advice)]
    parts += differences_text(advice)
    parts += [equal_text(advice), *alike_text(advice), search_text(advice, review)]
    return " ".join(part for part in parts if part)


def supporting(advice: Advice) -> tuple[Tag, ...]:
    """The tags that speak for the coach's choice, less one that another says more exactly
    (a ten into the partner's sure trick is said once, as the ten's)."""
    tags = tuple(tag for tag in advice.supporting if tag.supports)
    if Tag.SAVE_THE_TEN in tags:
        tags = tuple(tag for tag in tags if tag is not Tag.PARTNER_WINNING_GIVE_POINTS)
    return tags


def differences_text(advice: Advice) -> list[str]:
    """The sentences of ``advice.differences`` (none under ``CLOSE`` points: the search does not
    tell the two apart), less what a supporting tag already says."""
    if advice.other is None or advice.lost < CLOSE:
        return []
    said = supporting(advice) or advice.signal is not None
    return [difference_text(d, advice) for d in advice.differences
            if not (d is Difference.TRUMP_DRAWN and Tag.PULL_TRUMPS in advice.supporting)
            and not (d is Difference.LATER_TRICKS and said)][:_SAID]


def worded_reasons(advice: Advice) -> list[str]:
    """The sentences of a hint that say why in words, beyond its figures: the partner's signal
    the coach's card follows, its supporting tags, what makes the difference with the other
    choice."""
    parts = [signal_text(advice)] + [tag_text(tag) for tag in supporting(advice)]
    parts += differences_text(advice) + alike_text(advice)
    return [part for part in parts if part]


def has_worded_reason(advice: Advice) -> bool:
    """Whether the hint on ``advice`` says why in words (``worded_reasons``); a hint without
    a real choice (one legal choice) needs none and counts as having one."""
    return advice.other is None or bool(worded_reasons(advice))


def hint_text(advice: Advice) -> str:
    """``Hint: seven of clubs. It takes the trick… With it your team can expect…``: the coach's
    choice and why, never without a reason, never a reason against it."""
    return _("Hint: {action}. {why}").format(action=action_name(advice.action),
                                             why=why_text(advice))


def against_text(tags: tuple[Tag, ...], action: object) -> str:
    """``Against the nine of hearts: An opponent…`` (tags against the learner's own choice)."""
    if not tags:
        return ""
    return _("Against {choice}: {why}").format(choice=the_action(action), why=reasons(tags))


def warning_text(advice: Advice) -> str:
    """The active coach's word before the learner's choice is played (``advise`` with it): the
    learner's choice and what is against it, the coach's choice, by how much it is better,
    and why."""
    best = the_action(advice.action)
    card = isinstance(advice.action, Card)
    if advice.other is None or not advice.is_learners:
        return (_("The coach would play {best} too.") if card else
                _("The coach would choose {best} too.")).format(best=best)
    mine = advice.other.action
    values = {"best": best, "mine": the_action(mine), "points": points_text(advice.lost)}
    if advice.lost < CLOSE:
        head = (_("The coach would play {best}; {mine} is about as good.") if card else
                _("The coach would choose {best}; {mine} is about as good."))
    else:
        head = (_("The coach would play {best} rather than {mine}: {points} more for your "
                  "team.") if card else
                _("The coach would choose {best} rather than {mine}: {points} more for your "
                  "team."))
    parts = [head.format(**values), against_text(advice.against, mine)]
    why = [signal_text(advice)] if advice.signal is not None else []
    why += [tag_text(tag) for tag in supporting(advice)] + differences_text(advice)
    if why:
        parts.append(_("For {best}: {why}").format(best=best, why=" ".join(why)))
    if advice.lost >= CLOSE:
        parts.append(search_text(advice))
    return " ".join(part for part in parts if part)


def review_text(advice: Advice) -> list[str]:
    """The coach's word on one decision in the round's review (``advise`` with the learner's
    choice): what the learner chose and why, and the coach's choice with its reasons when it
    is at least ``CLOSE`` points better."""
    if not advice.is_learners or advice.other is None:
        return [_("You chose {choice}, the coach's choice too. {why}").format(
            choice=the_action(advice.action), why=why_text(advice, review=True))]
    mine: Assessment = advice.other
    own = [tag_text(tag) for tag in mine.tags if tag.supports]
    why = " ".join(own)
    if not own and mine.points >= 0:
        why = _("With it your team could expect about {points} points from there.").format(
            points=format_number(round(mine.points)))
    first = " ".join(part for part in (
        _("You chose {choice}.").format(choice=the_action(mine.action)), why,
        against_text(advice.against, mine.action)) if part)
    if advice.lost < CLOSE:
        return [first]
    parts = [_("The coach prefers {best}: {points} more for your team.").format(
        best=the_action(advice.action), points=points_text(advice.lost))]
    if advice.signal is not None:
        parts.append(signal_text(advice))
    parts += [tag_text(tag) for tag in supporting(advice)]
    parts += differences_text(advice)
    return [first, " ".join(parts)]


# --- the Weis ------------------------------------------------------------------------------------


def weis_text(view: GameView) -> str:
    """``You can announce a sequence of 3 to the eight of clubs (20).``: what the hand of the
    seat deciding its Weis would announce, and its points."""
    weis = view.own_weis
    if not weis:
        return _("You have nothing to announce.")
    names = _(", ").join(weis_name(w) for w in weis)
    if len(weis) == 1:
        return _("You can announce {weis}.").format(weis=names)
    total = sum(w.points for w in weis)
    return ngettext("You can announce {weis}: {points} point in all.",
                    "You can announce {weis}: {points} points in all.", total).format(
        weis=names, points=format_number(total))


def weis_advice_text(advice: WeisAdvice) -> str:
    """The coach's word on announcing: announce or keep it quiet, and why."""
    values = {"best": format_number(advice.best),
              "rival": format_number(advice.rival or 0)}
    texts = {
        WeisReason.POINTS_ONLY_IF_ANNOUNCED: _(
            "The coach says: announce. An announcement scores only if it is announced, and "
            "nothing announced before you beats yours for sure."),
        WeisReason.PARTNER_AHEAD: _(
            "The coach says: announce. Your partner has already announced more; if your team "
            "holds the best announcement, all announcements of you both score, yours too."),
        WeisReason.PARTNER_MAY_BEAT: _(
            "The coach says: announce. An opponent has announced {rival}, more than your "
            "{best}, but your partner may still beat it, and then yours scores too."),
        WeisReason.ALREADY_BEATEN: _(
            "The coach says: keep it quiet. An opponent has already announced {rival}, more "
            "than your {best}, and your partner cannot beat it: announcing scores nothing and "
            "only tells the opponents about your hand."),
    }
    return texts[advice.reason].format(**values)
