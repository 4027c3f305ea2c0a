"""What the Pomme table says, in the language and deck in force when it is shown (no Qt).

The Pomme counterpart of ``tutor.table.words``: the seats of a table of two, three or five, the
status line, the coach's line, the log, the scores with apples and Putz points, the round's
result and what the keys read (C, F, A, S, T, L, and H and G, R-POMME / 003). Nothing is stored
as a sentence, so a language or deck switch re-renders all of it.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine import (
    BLIND_SIZE,
    POMME_MISTAKE_THRESHOLD,
    AsideTaken,
    BlindChosen,
    Card,
    CardGivenUp,
    CardPlayed,
    Event,
    PommeAdvice,
    PommeAlike,
    PommeChoice,
    PommeDealt,
    PommeDifference,
    PommeGameOver,
    PommePhase,
    PommeRoundScored,
    PommeTag,
    PommeTrickWon,
    PommeView,
    Rank,
    Reason,
    SixExchanged,
    Trump,
    card_points,
    trick_winner,
)
from tutor.content.explain import reason_sentence
from tutor.content.tasks import LegalTask
from tutor.content.walkthrough import position, taken_text, trick_points_text, why_card_wins
from tutor.i18n import _, format_number, ngettext, pgettext
from tutor.jobs import Failure
from tutor.names import Phrase, capitalized, card_name, card_phrase, suit_name
from tutor.table.coach_text import carried_text
from tutor.table.flow import Stage
from tutor.table.guide import NotYourDecision, play_lines
from tutor.table.pomme import GUIDED_POMME_ROUNDS, PommeLine, PommeLineKind, PommeReview, PommeTable
from tutor.table.words import (
    failure_text,
    level_name,
    lost_line,
    par_line,
    par_text,
    points,
    signed,
    stage_text,
)
from tutor.table.words import review_heading as game_review_heading
from tutor.vocab import LEARNER_SEAT, Player

# --- the seats ----------------------------------------------------------------------------------


def seat_name(seat: int, players: int) -> str:
    """A seat of a table of ``players`` (2, 3 or 5) as the table labels it, seen from the
    learner at the bottom; the seats go round to the right in order of play: with two "You",
    "Opponent"; with three "You", "Right", "Left"; with five "You", "Right", "Top right",
    "Top left", "Left"."""
    names: tuple[str, ...]
    if players == 2:
        names = (pgettext("seat", "You"), pgettext("seat", "Opponent"))
    elif players == 3:
        names = (pgettext("seat", "You"), pgettext("seat", "Right"), pgettext("seat", "Left"))
    else:
        names = (pgettext("seat", "You"), pgettext("seat", "Right"),
                 pgettext("seat", "Top right"), pgettext("seat", "Top left"),
                 pgettext("seat", "Left"))
    return names[(seat - LEARNER_SEAT) % players]


def variant_name(players: int) -> str:
    """The game chosen on the Play page: "Chibre" (for four), "Pomme for 3", "Pomme for 5"."""
    if players == 4:
        return pgettext("game", "Chibre")  # the game; "Chibre" alone is the button that passes
    return _("Pomme for {count}").format(count=players)


def six_of(trump: Trump) -> Card:
    """The 6 of trump (the card that may be exchanged for the shown card)."""
    assert trump.suit is not None  # Pomme's trump is always a suit: the shown card's
    return Card(trump.suit, Rank.SIX)


# --- marks: apples and Putz points --------------------------------------------------------------


def mark_text(mark: int) -> str:
    """One round's mark of one player: "an apple (−1)", "+2 Putz points", "nothing"."""
    if mark < 0:
        return ngettext("an apple ({mark})", "{count} apples ({mark})", -mark).format(
            count=-mark, mark=signed(mark))
    if mark > 0:
        return ngettext("{mark} Putz point", "{mark} Putz points", mark).format(
            mark=signed(mark))
    return _("no mark")


def tally(rounds: Sequence[PommeRoundScored], players: int) -> list[tuple[int, int]]:
    """Each player's apples and Putz points over ``rounds``: (apples, putz)."""
    totals = [(0, 0)] * players
    for scored in rounds:
        totals = [(apples + (1 if mark < 0 else 0), putz + max(0, mark))
                  for (apples, putz), mark in zip(totals, scored.marks, strict=True)]
    return totals


def apples_and_putz(apples: int, putz: int) -> str:
    return _("{apples}, {putz}").format(
        apples=ngettext("{count} apple", "{count} apples", apples).format(count=apples),
        putz=ngettext("{count} Putz point", "{count} Putz points", putz).format(count=putz))


# --- the status line ----------------------------------------------------------------------------


def status_text(table: PommeTable) -> str:
    """What the table is doing now (``tutor.table.words.stage_text``, in Pomme's words)."""
    view = table.view()
    players = view.players if view is not None else table.players
    return stage_text(table, view, turn=turn_text,
                      seat=lambda seat: seat_name(seat, players),
                      round_over=lambda scored: round_text(scored, players) + par_line(
                          table, scored.round) + "\n" + _("Press Next round (N) to go on."),
                      over=lambda: result_text(table))


def turn_text(view: PommeView) -> str:
    """Whose turn it is, and what the learner can do when it is theirs."""
    if view.phase is PommePhase.OVER:
        return _("The game is over.")
    players = view.players
    seat = view.current_player
    six = six_of(view.trump)
    if seat != LEARNER_SEAT:
        if view.phase is PommePhase.BLIND:
            return _("{seat} decides whether to keep their hand or exchange three cards for "
                     "their blind.").format(seat=seat_name(seat, players))
        if view.phase is PommePhase.DISCARD:
            return _("{seat} gives up three cards for their blind.").format(
                seat=seat_name(seat, players))
        if view.phase is PommePhase.EXCHANGE:
            return _("{seat} decides whether to exchange the {six} for the {shown}.").format(
                seat=seat_name(seat, players), six=card_phrase(six), shown=card_phrase(view.shown))
        return _("{seat} to play.").format(seat=seat_name(seat, players))
    if view.phase is PommePhase.BLIND:
        return _("Your turn: keep your nine cards, or exchange three of them for your blind "
                 "without seeing it.")
    if view.phase is PommePhase.DISCARD:
        count = BLIND_SIZE - len(view.given_up)
        return ngettext("Your turn: choose the card to give up for your blind.",
                        "Your turn: choose {count} cards to give up for your blind, one by one.",
                        count).format(count=count)
    if view.phase is PommePhase.EXCHANGE:
        return _("Your turn: exchange your {six} for the {shown} (G), or keep it.").format(
            six=card_phrase(six), shown=card_phrase(view.shown))
    if PommeChoice.TAKE_ASIDE in view.legal_actions:
        return _("Your turn: play a card (arrows and Enter), or take the aside (H) instead "
                 "of your hand.")
    return _("Your turn: play a card (arrows and Enter).")


def round_text(scored: PommeRoundScored, players: int) -> str:
    """"Round 2: You 45 points, +1 Putz point · Right 18 points, an apple (−1) · …"."""
    parts = [_("{seat} {points}, {mark}").format(seat=seat_name(seat, players),
                                                 points=points(value), mark=mark_text(mark))
             for seat, (value, mark) in enumerate(zip(scored.points, scored.marks,
                                                      strict=True))]
    return _("Round {number}: {players}").format(number=scored.round + 1,
                                                 players=" · ".join(parts))


def result_text(table: PommeTable) -> str:
    over = table.game_over()
    view = table.view()
    if over is None and view is not None and table.guided:
        return guided_result_text(table)
    if over is None or view is None:
        return _("The game is over.")
    players = view.players
    best = format_number(max(over.scores)) if max(over.scores) <= 0 else signed(
        max(over.scores))
    winners = list(over.winners)
    if winners == [LEARNER_SEAT]:
        text = _("You win the game with {score}!").format(score=best)
    elif LEARNER_SEAT in winners:
        text = _("You share the win with {others}, at {score}.").format(
            others=_(", ").join(seat_name(s, players) for s in winners if s != LEARNER_SEAT),
            score=best)
    else:
        text = ngettext("{seats} wins the game with {score}.",
                        "{seats} share the win with {score}.", len(winners)).format(
            seats=_(", ").join(seat_name(s, players) for s in winners), score=best)
    return text + " " + _("Final scores: {scores}.").format(scores=scores_list(over.scores,
                                                                                players))


def scores_list(scores: Sequence[int], players: int) -> str:
    return _(", ").join(_("{seat} {score}").format(seat=seat_name(seat, players),
                                                  score=signed(score))
                        for seat, score in enumerate(scores))


#: How much more a choice must be worth for the hint to name the next one (the coach's CLOSE).
POMME_CLOSE = 1.0

# --- the coach's line ---------------------------------------------------------------------------


def action_name(action: object, view: PommeView) -> Phrase:
    """A Pomme action in words: a card, taking the aside, exchanging or keeping the 6."""
    if action is PommeChoice.TAKE_ASIDE:
        return Phrase(_("take the aside"))
    if action is PommeChoice.EXCHANGE_SIX:
        return Phrase(_("exchange the {six} for the {shown}").format(
            six=card_phrase(six_of(view.trump)), shown=card_phrase(view.shown)))
    if action is PommeChoice.KEEP_SIX:
        return Phrase(_("keep the {six}").format(six=card_phrase(six_of(view.trump))))
    if action is PommeChoice.KEEP_BLIND:
        return Phrase(_("keep your hand"))
    if action is PommeChoice.EXCHANGE_BLIND:
        return Phrase(_("exchange three cards for your blind"))
    assert isinstance(action, Card)
    if view.phase is PommePhase.DISCARD:
        return Phrase(_("give up the {card}").format(card=card_phrase(action)))
    return card_phrase(action)


def coach_line_text(line: PommeLine | None) -> str:
    if line is None:
        return ""
    kind = line.kind
    if kind is PommeLineKind.THINKING:
        return _("The coach is thinking…")
    if kind is PommeLineKind.COACH_OFF:
        return _("The coach is off. Choose a coach level to get hints.")
    if kind is PommeLineKind.HINT and line.hint is not None:
        return hint_text(line)
    if kind is PommeLineKind.REFUSED and line.reason is not None:
        return refused_text(line)
    if kind is PommeLineKind.WARNING and line.hint is not None:
        return warning_text(line)
    if kind is PommeLineKind.TAKEN_BACK:
        return _("Taken back: choose another card.")
    if kind is PommeLineKind.GUIDE:
        return " ".join(guide_lines(line.view))
    if kind is PommeLineKind.ONE_CHOICE and line.action is not None:
        return _("The rules leave you one choice: {action}.").format(
            action=action_name(line.action, line.view))
    if kind is PommeLineKind.NOTHING:
        if line.action is PommeChoice.TAKE_ASIDE:
            return aside_said(line.view)
        if line.action in (PommeChoice.KEEP_BLIND, PommeChoice.EXCHANGE_BLIND):
            return blind_said(line.view)
        return six_said(line.view)
    return ""


def tag_text(tag: PommeTag, view: PommeView) -> str:
    """One short sentence for the Pomme coach's reason ``tag``, in the current language ("" for
    a reason the table has no words for yet: it is left out; a test holds them all)."""
    texts = {
        PommeTag.EXCHANGE_SIX: _("The shown card is a stronger trump than your {six}.").format(
            six=card_phrase(six_of(view.trump))),
        PommeTag.KEEP_SIX_FOR_ASIDE: _("Your hand is weak and the aside is worth taking: keep "
                                       "the 6, so that the shown card stays in the aside."),
        PommeTag.TAKE_ASIDE_WEAK_HAND: _("The aside is expected to be stronger than your "
                                         "hand."),
        PommeTag.KEEP_STRONG_HAND: _("Your hand is at least as strong as the aside is "
                                     "expected to be: keep it."),
        PommeTag.EXCHANGE_WEAK_CARDS: _("Your three weakest cards are worth less than three "
                                        "unseen cards are expected to be: exchange them."),
        PommeTag.KEEP_FOR_BLIND: _("Even your three weakest cards are worth as much as three "
                                   "unseen cards are expected to be: keep your hand."),
        PommeTag.GIVE_UP_WEAKEST: _("It is the weakest card of your hand: no trump, no ace, "
                                    "the fewest points."),
        PommeTag.SURE_LEAD: _("Nobody can beat this card: it takes the trick for sure."),
        PommeTag.WIN_CHEAPLY: _("It is the cheapest card that takes this trick for sure."),
        PommeTag.AVOID_APPLE: _("You are under 21 points: this card takes a trick with points "
                                "for sure, against the apple."),
        PommeTag.PULL_TRUMPS: _("Leading trump pulls the other players' trumps."),
        PommeTag.CANNOT_WIN_DISCARD_LOW: _("None of your cards can take this trick: give the "
                                           "fewest points."),
        PommeTag.NO_SURE_WIN_PLAY_LOW: _("No card takes this trick for sure: give the fewest "
                                         "points."),
        PommeTag.LEAD_LOW: _("No card you lead would take the trick for sure: lead the one "
                             "that gives the fewest points."),
        PommeTag.LAST_TRICK_FIVE: _("The card you keep takes the last trick and its 5 "
                                    "points."),
        PommeTag.WILL_BE_TRUMPED: _("A player still to play may have none of this suit and "
                                    "trump it."),
        PommeTag.KEEP_BUUR: _("The Buur is wasted here: the trick is yours without it."),
        PommeTag.NELL_UNGUARDED: _("The Nell is your only trump and the Buur is still out."),
        PommeTag.POINTS_GIVEN_AWAY: _("This card carries 10 points or more into a trick you do "
                                      "not take for sure."),
    }
    return texts.get(tag, "")


def expected_text(points_value: float, apple: float) -> str:
    """"about 48 points at the end of the round", with the chance of an apple when it is
    5% or more: ", 12% chance of an apple"."""
    text = _("about {points} at the end of the round").format(
        points=points(round(points_value)))
    if apple >= 0.05:
        # the percentage by its own message: a "%" before a word in this one would be read as
        # an old-style placeholder by the catalog tools, and bind every translation to it
        text += _(", {chance} chance of an apple").format(
            chance=_("{percent}%").format(percent=format_number(round(apple * 100))))
    return text


def hint_text(line: PommeLine) -> str:
    """The coach's hint: its choice, then why in words (the reasons that speak for it, what
    makes the difference with the other choice, the choices as good and what they share), then
    what it expects, and the other choice when that is worth less."""
    advice, view = line.hint, line.view
    assert advice is not None
    if isinstance(advice.action, Card):
        text = _("The coach would play the {card}.").format(card=card_phrase(advice.action))
    else:
        text = _("The coach would {action}.").format(action=action_name(advice.action, view))
    why = worded_reasons(advice, view)
    if why:
        text += " " + " ".join(why)
    text += " " + _("Expected: {expected}.").format(
        expected=expected_text(advice.points, advice.apple))
    other = advice.other
    if other is not None and advice.lost >= POMME_CLOSE:
        text += " " + _("Instead, {action}: {expected}.").format(
            action=action_name(other.action, view),
            expected=expected_text(other.points, other.apple))
    return text


def the_card(action: object, view: PommeView) -> Phrase:
    """A choice inside a sentence: "the ten of clubs" (in English; ``{card:le}`` in French),
    "take the aside"."""
    if isinstance(action, Card) and view.phase is PommePhase.PLAY:
        return Phrase(action, the=True)
    return action_name(action, view)


#: At most this many differences, and of what the choices as good share, are said.
_SAID = 2


def difference_text(difference: PommeDifference, advice: PommeAdvice, view: PommeView) -> str:
    """One sentence for ``difference`` between the coach's choice and ``advice.other``."""
    assert advice.other is not None
    card, other = the_card(advice.action, view), the_card(advice.other.action, view)
    texts = {
        PommeDifference.TRICK_SURE: _("With {card} you take this trick for sure; with {other} "
                                      "another player could still take it."),
        PommeDifference.POINTS_SAVED: _("{card} carries {few} into a trick you do not take for "
                                        "sure; {other} would carry {many}."),
        PommeDifference.POINTS_WON: _("{card} puts {few} into a trick you take for sure, "
                                      "{other} only {many}."),
        PommeDifference.MASTER_KEPT: _("{card} keeps {other}, the best card of its suit still "
                                       "out, for a later trick."),
        PommeDifference.MASTER_LED: _("{card} is the best card of its suit still out; {other} "
                                      "is not."),
        PommeDifference.TRUMP_KEPT: _("{card} keeps {other}, a trump, for a later trick."),
        PommeDifference.LEAD_TAKEN: _("{card} takes the lead of this trick; {other} would "
                                      "not."),
        PommeDifference.OTHER_TRUMPED: _("A player still to play may have none of the suit of "
                                         "{other} and trump it."),
        PommeDifference.LATER_TRICKS: _("You take more of the points still to come with {card} "
                                        "than with {other}."),
    }
    return capitalized(texts[difference].format(card=card, other=other,
                                                few=points(advice.action_value),
                                                many=points(advice.other_value)))


def alike_text(advice: PommeAdvice, view: PommeView) -> list[str]:
    """The coach's choice and those within ``CLOSE`` of it said equally good, and why (what
    they share, ``PommeAdvice.alike``); none without such choices."""
    if not advice.equal:
        return []
    choices = (advice.action, *advice.equal)
    if len(choices) > 4:
        head = ngettext("{choice} and {count} other choice are equally good.",
                        "{choice} and {count} other choices are equally good.",
                        len(advice.equal)).format(choice=the_card(advice.action, view),
                                                  count=format_number(len(advice.equal)))
    else:
        head = _("{choices} and {last} are equally good.").format(
            choices=Phrase(*(the_card(a, view) for a in choices[:-1])),
            last=the_card(choices[-1], view))
    texts = {
        PommeAlike.TOUCHING: _("No card still out lies between them: they do the same work."),
        PommeAlike.ALL_SURE: _("Each takes this trick for sure."),
        PommeAlike.NONE_WINS: _("None of them takes the lead of this trick."),
        PommeAlike.SAME_POINTS: carried_text(advice.alike_value),
        PommeAlike.ALL_LOW: _("None of them carries 10 points or more."),
        PommeAlike.LATER_TRICKS: _("The tricks still to come play out about the same with any "
                                   "of them."),
    }
    return [capitalized(head), *(texts[a] for a in advice.alike[:_SAID])]


def worded_reasons(advice: PommeAdvice, view: PommeView) -> list[str]:
    """The sentences of a hint that say why in words, beyond its figures: the tags that speak
    for the coach's choice, what makes the difference with the other (when it is worth
    ``POMME_CLOSE`` less; the fallback of the tricks still to come only without a tag), the
    choices as good and what they share."""
    why = [t for t in (tag_text(tag, view) for tag in advice.supporting if tag.supports) if t]
    if advice.other is not None and advice.lost >= POMME_CLOSE:
        why += [difference_text(d, advice, view) for d in advice.differences
                if not (d is PommeDifference.LATER_TRICKS and why)][:_SAID]
    return why + alike_text(advice, view)


def has_worded_reason(advice: PommeAdvice, view: PommeView) -> bool:
    """Whether the hint on ``advice`` says why in words (``worded_reasons``); a hint without
    a real choice needs none."""
    return advice.other is None or bool(worded_reasons(advice, view))


def warning_text(line: PommeLine) -> str:
    """The active coach's warning about the learner's card: what speaks against it, what
    the card and the coach's choice are each expected to give."""
    advice, view, card = line.hint, line.view, line.action
    assert advice is not None and isinstance(card, Card)
    text = _("The coach advises against the {card}.").format(card=card_phrase(card))
    against = [t for t in (tag_text(tag, view) for tag in advice.against) if t]
    if against:
        text += " " + " ".join(against)
    if advice.other is not None:
        text += " " + _("With it: {expected}.").format(
            expected=expected_text(advice.other.points, advice.other.apple))
    best = (Phrase(advice.action, the=True) if isinstance(advice.action, Card)
            else action_name(advice.action, view))
    text += " " + _("With the coach's choice ({best}): {expected}.").format(
        best=best, expected=expected_text(advice.points, advice.apple))
    why = [t for t in (tag_text(tag, view) for tag in advice.supporting) if t]
    if why:
        text += " " + " ".join(why)
    return text


def decimal_signed(value: float) -> str:
    rounded = round(value, 2)
    text = format_number(abs(rounded))
    return ("+" if rounded > 0 else "−" if rounded < 0 else "") + text


def refused_text(line: PommeLine) -> str:
    """Why the engine refused the learner's action, in words (R-POMME's reasons)."""
    reason, action, view = line.reason, line.action, line.view
    assert reason is not None
    six = card_phrase(six_of(view.trump))
    texts = {
        Reason.NO_TRUMP_SIX: _("Only the holder of the {six} may exchange it for the shown "
                               "card.").format(six=six),
        Reason.SIX_EXCHANGE_OVER: _("The {six} can be exchanged only before the first card "
                                    "is played.").format(six=six),
        Reason.NO_ASIDE: no_aside_text(view.players),
        Reason.ASIDE_AFTER_FIRST_CARD: _("The aside can be taken only in the first trick, "
                                         "before your first card."),
    }
    if reason is Reason.ASIDE_TAKEN:
        return _("You cannot take the aside now.") + " " + aside_said(view)
    if reason in texts:
        return texts[reason]
    if view.phase in (PommePhase.BLIND, PommePhase.DISCARD) and reason is Reason.NOT_YOUR_PHASE:
        return blind_said(view)
    if action in (PommeChoice.EXCHANGE_SIX, PommeChoice.KEEP_SIX, PommeChoice.TAKE_ASIDE) or (
            view.phase is PommePhase.EXCHANGE and reason is Reason.NOT_YOUR_PHASE):
        if view.phase is PommePhase.EXCHANGE:
            return _("First the holder of the {six} decides whether to exchange it.").format(
                six=six) + (" " + turn_text(view) if view.current_player == LEARNER_SEAT
                            else "")
        return _("That is not possible now.")
    if isinstance(action, Card) and reason in (
            Reason.MUST_FOLLOW_SUIT, Reason.MUST_FOLLOW_TRUMP, Reason.NO_UNDERTRUMP):
        return reason_sentence(action, reason, LegalTask(view.trump, view.hand, view.trick))
    if reason is Reason.NOT_IN_HAND:
        return _("That card is not in your hand.")
    if reason is Reason.GAME_OVER:
        return _("The game is over.")
    return _("That is not possible now.")


# --- the log ------------------------------------------------------------------------------------


def narrate(event: Event, players: int) -> str:
    """One line of the game's log for ``event`` ("" for events not worth a line)."""
    seat = getattr(event, "seat", getattr(event, "winner", None))
    you = seat == LEARNER_SEAT
    name = seat_name(seat, players) if isinstance(seat, int) else ""
    if isinstance(event, PommeDealt):
        assert event.shown.suit is not None
        dealer = (_("You deal") if event.dealer == LEARNER_SEAT else
                  _("{seat} deals").format(seat=seat_name(event.dealer, players)))
        return _("Round {number}: {dealer}; the {card} shows trump: {suit}.").format(
            number=event.round + 1, dealer=dealer, card=card_phrase(event.shown),
            suit=suit_name(event.shown.suit))
    if isinstance(event, SixExchanged):
        if event.exchanged:
            return (_("You exchange the 6 of trump for the shown card.") if you else
                    _("{seat} exchanges the 6 of trump for the shown card.").format(seat=name))
        return (_("You keep the 6 of trump.") if you else
                _("{seat} keeps the 6 of trump.").format(seat=name))
    if isinstance(event, BlindChosen):
        if event.exchanged:
            return (_("You exchange three cards for your blind.") if you else
                    _("{seat} exchanges three cards for their blind.").format(seat=name))
        return (_("You keep your hand.") if you else
                _("{seat} keeps their hand.").format(seat=name))
    if isinstance(event, CardGivenUp):  # the other player never sees which
        return _("You give up the {card}.").format(card=card_phrase(event.card)) if you else ""
    if isinstance(event, AsideTaken):
        return (_("You take the aside: it is your hand now.") if you else
                _("{seat} takes the aside instead of their hand.").format(seat=name))
    if isinstance(event, CardPlayed):
        card = card_phrase(event.card)
        return (_("You play the {card}.").format(card=card) if you else
                _("{seat} plays the {card}.").format(seat=name, card=card))
    if isinstance(event, PommeTrickWon):
        if you:
            return _("You take trick {number} ({points}).").format(
                number=event.number, points=points(event.points))
        return _("{seat} takes trick {number} ({points}).").format(
            seat=name, number=event.number, points=points(event.points))
    if isinstance(event, PommeRoundScored):
        return round_text(event, players)
    if isinstance(event, PommeGameOver):
        return _("Game over.")
    return ""


def said_at_table(event: Event, level: str) -> bool:
    """Whether the log line of ``event`` is also said as it happens at speech ``level`` (the
    round's and the game's results are not: the status line says them)."""
    if level == "off" or isinstance(event, (PommeRoundScored, PommeGameOver)):
        return False
    return level == "cards" or not isinstance(event, CardPlayed)


# --- the side panel -----------------------------------------------------------------------------


def trump_info_text(view: PommeView) -> str:
    """The shown card and what became of it: "Shown by the 9 of hearts · Right exchanged the
    6 for it"."""
    text = _("Shown: the {card}").format(card=card_phrase(view.shown))
    if view.six_holder_exchanged is not None:
        seat = view.six_holder_exchanged
        text += " · " + (_("you took it for the 6 of trump") if seat == LEARNER_SEAT else
                         _("{seat} took it for the 6 of trump").format(
                             seat=seat_name(seat, view.players)))
    return text


def blind_text(view: PommeView) -> str:
    """What each player said of their blind (two players): "Blinds: you exchanged ·
    Opponent kept"; "" at a table of three or five."""
    if view.players != 2:
        return ""
    parts = []
    for seat, said in enumerate(view.blind_exchanged):
        if said is None:
            continue
        if seat == LEARNER_SEAT:
            parts.append(_("you exchanged") if said else _("you kept your hand"))
        else:
            name = seat_name(seat, view.players)
            parts.append(_("{seat} exchanged").format(seat=name) if said else
                         _("{seat} kept their hand").format(seat=name))
    if not parts:
        return _("Blinds: 3 cards face down for each player")
    return _("Blinds: {said}").format(said=" · ".join(parts))


def no_aside_text(players: int) -> str:
    """Why there is no aside at a table of ``players`` (two or five)."""
    if players == 2:
        return _("With two players there is no aside: each player has a blind.")
    return _("With five players there is no aside.")


def aside_text(view: PommeView) -> str:
    """Where the aside is (three players): face down, taken by a seat, or out of play."""
    if view.players != 3:
        return ""
    if view.aside_taken_by is not None:
        if view.aside_taken_by == LEARNER_SEAT:
            return _("Aside: you took it; your old hand is out of play")
        return _("Aside: taken by {seat}; their old hand is out of play").format(
            seat=seat_name(view.aside_taken_by, view.players))
    if view.aside_available:
        return _("Aside: 9 cards face down, not taken yet")
    return _("Aside: nobody took it; it is out of play")


def score_lines(table: PommeTable) -> list[str]:
    """One line a player: the score, this round's points, apples and Putz points so far."""
    view = table.view()
    if view is None:
        return []
    players = view.players
    totals = tally(table.rounds_scored(), players)
    between = table.stage in (Stage.ROUND_OVER, Stage.OVER)
    scored = table.last_scored() if between else None
    lines = []
    for seat in range(players):
        apples, putz = totals[seat]
        line = _("{seat}: {score}").format(seat=seat_name(seat, players),
                                           score=signed(view.scores[seat]))
        line += " (" + apples_and_putz(apples, putz) + ")"
        if not between:
            line += " · " + _("this round {points}").format(points=points(
                view.round_points[seat]))
        elif scored is not None:  # the round's result: its points and its mark
            line += " · " + _("round {number}: {points}, {mark}").format(
                number=scored.round + 1, points=points(scored.points[seat]),
                mark=mark_text(scored.marks[seat]))
        lines.append(line)
    return lines


def score_text(table: PommeTable) -> str:
    view = table.view()
    if view is None:
        return ""
    from engine import POMME_LOSS, POMME_WIN

    head = _("Game to +{win} or {loss}").format(win=POMME_WIN,
                                               loss=signed(POMME_LOSS[view.players]))
    if table.guided:
        head = guided_heading(head)
    return head + "\n" + "\n".join(score_lines(table))


def seat_tooltip(seat: int, players: int, level: Player) -> str:
    return _("{seat}: {level}").format(seat=seat_name(seat, players), level=level_name(level))


# --- what the keys read -------------------------------------------------------------------------


def table_cards_text(view: PommeView) -> str:
    """C: the cards on the table in the order played, each with its player; the one winning
    the trick so far says so."""
    if not view.trick:
        return _("The table is empty.")
    winning = trick_winner(view.trick, view.trump, players=view.players)
    return "; ".join((_("{seat}: {card}, winning") if i == winning else _("{seat}: {card}"))
                     .format(seat=seat_name((view.leader + i) % view.players, view.players),
                             card=card_phrase(card))
                     for i, card in enumerate(view.trick))


def last_trick_text(view: PommeView) -> str:
    """L: the last trick won this round: each card with its player, who took it, its points."""
    if not view.tricks:
        return _("No trick has been taken yet this round.")
    won = view.tricks[-1]
    cards = "; ".join(_("{seat}: {card}").format(
        seat=seat_name((won.leader + i) % view.players, view.players), card=card_phrase(card))
        for i, card in enumerate(won.cards))
    taken = (_("You take trick {number} ({points}).") if won.winner == LEARNER_SEAT else
             _("{seat} takes trick {number} ({points}).")).format(
        seat=seat_name(won.winner, view.players), number=won.number,
        points=points(won.points))
    return _("Last trick: {cards}. {taken}").format(cards=cards, taken=taken)


def led_suit_text(view: PommeView) -> str:
    if not view.trick:
        return _("Nothing has been led yet.")
    return _("Led suit: {suit}").format(suit=suit_name(view.trick[0].suit))


def trump_said(view: PommeView) -> str:
    """A: the trump, the card that shows it, and the 6's exchange."""
    assert view.trump.suit is not None
    return _("Trump: {suit}").format(suit=suit_name(view.trump.suit)) + ". " + \
        trump_info_text(view) + "."


def scores_text(table: PommeTable) -> str:
    """S: every player's score, apples and Putz points, and this round's points."""
    return ". ".join(score_lines(table)) + "."


def aside_said(view: PommeView) -> str:
    """H when the aside cannot be taken now: why not."""
    if view.players != 3:
        return no_aside_text(view.players)
    if view.aside_taken_by is not None:
        return aside_text(view) + "."
    if not view.aside_available:
        return _("The aside can be taken only before your first card, in the first trick.")
    return _("You can take the aside at your turn, before your first card.")


def blind_said(view: PommeView) -> str:
    """The blind's choice when it is not the learner's now: why not (two players)."""
    if view.players != 2:
        return _("Only with two players does each player have a blind.")
    if view.phase is PommePhase.DISCARD and view.current_player == LEARNER_SEAT:
        return turn_text(view)
    if view.phase in (PommePhase.BLIND, PommePhase.DISCARD):
        return _("First each player, the non-dealer first, keeps their hand or exchanges "
                 "three cards for their blind.")
    return _("The blinds are decided before the first trick.") + " " + blind_text(view) + "."


def six_said(view: PommeView) -> str:
    """G when the 6 cannot be exchanged now: why not."""
    six = card_phrase(six_of(view.trump))
    if view.six_holder_exchanged is not None:
        return trump_info_text(view) + "."
    if view.phase is PommePhase.EXCHANGE and view.current_player != LEARNER_SEAT:
        return _("{seat} holds the {six} and decides now.").format(
            seat=seat_name(view.current_player, view.players), six=six)
    return _("Only the holder of the {six} may exchange it, before the first trick.").format(
        six=six)


def failure(failure: Failure) -> str:
    return failure_text(failure)


# --- the guided game, the review and the par (issue 32) -----------------------------------------


def guide_lines(view: PommeView) -> list[str]:
    """What the rules allow the learner now, and why: the trump 6's exchange, the aside (three
    players, before one's first card), the cards (the rules of play are Chibre's:
    ``tutor.table.guide.play_lines``). ``NotYourDecision`` if the learner has none to make."""
    if view.phase is PommePhase.OVER or view.current_player != view.seat or \
            not view.legal_actions:
        raise NotYourDecision(f"seat {view.seat} has no decision to make now")
    if view.phase is PommePhase.EXCHANGE:
        lines = [_("You hold the {six}: before the first card you may exchange it for the shown "
                   "card, the {shown} (G), or keep it.").format(six=card_phrase(six_of(view.trump)),
                                                               shown=card_phrase(view.shown))]
        if view.players == 3:
            lines.append(_("If you exchange it, the 6 lies in the aside in the shown card's "
                           "place."))
        else:
            lines.append(_("If you exchange it, the 6 goes out of play in the shown card's "
                           "place."))
        return lines
    lines = []
    if PommeChoice.TAKE_ASIDE in view.legal_actions:
        lines.append(_("Before your first card you may take the aside instead (H): its nine "
                       "cards become your hand, and your hand goes out of play."))
    return lines + play_lines(position(view.hand, view.trick, view.trump, view.players))


def guided_trick_lines(won: PommeTrickWon, trump: Trump, players: int) -> list[str]:
    """After a trick of the guided game: who took it, why its card wins, what it is worth (the
    5 of the last trick included), all read from the engine."""
    card = won.cards[trick_winner(won.cards, trump, players=players)]
    cards = sum(card_points(c, trump) for c in won.cards)
    seat = None if won.winner == LEARNER_SEAT else seat_name(won.winner, players)
    return [taken_text(seat, won.number, won.points), why_card_wins(card, won.cards, trump),
            trick_points_text(cards, won.points - cards)]


def log_text(log: Sequence[Event], index: int, players: int, *, guided: bool = False) -> str:
    """The log line of ``log[index]``: ``narrate``, and in the guided game each trick told with
    why it was taken (``guided_trick_lines``; the trump is that of the round's deal)."""
    event = log[index]
    if guided and isinstance(event, PommeTrickWon):
        dealt = next((e for e in reversed(log[:index]) if isinstance(e, PommeDealt)), None)
        if dealt is not None and dealt.shown.suit is not None:
            return " ".join(guided_trick_lines(event, Trump(int(dealt.shown.suit)), players))
    return narrate(event, players)


def guided_heading(head: str) -> str:
    """The score panel's heading in the guided game: its rounds, then the full game's end."""
    return ngettext("Guided game: {count} round", "Guided game: {count} rounds",
                    GUIDED_POMME_ROUNDS).format(count=GUIDED_POMME_ROUNDS) + " (" + head + ")"


def guided_result_text(table: PommeTable) -> str:
    """The guided game over after its rounds (the game's own end did not come first)."""
    scored = table.last_scored()
    text = ngettext("The guided game is over after {count} round.",
                    "The guided game is over after {count} rounds.",
                    GUIDED_POMME_ROUNDS).format(count=GUIDED_POMME_ROUNDS)
    if scored is None:
        return text
    return text + " " + _("Final scores: {scores}.").format(
        scores=scores_list(scored.scores, len(scored.scores)))


def review_heading(reviews: Sequence[PommeReview], number: int) -> str:
    """"Review of round 2: 3 choices cost points · 1 mistake (8 points or more)" (the Pomme
    coach's own threshold)."""
    return game_review_heading(reviews, number, POMME_MISTAKE_THRESHOLD)


def review_line(item: PommeReview) -> str:
    """One decision in the review list: where (the trump 6, or the trick), the learner's choice,
    the coach's and the points lost, rounded; a mistake said as such."""
    decision = item.decision
    view = decision.view
    chosen, best = decision.action, item.advice.action
    if view.phase is PommePhase.DISCARD and isinstance(chosen, Card) and \
            isinstance(best, Card):  # two players: a card given up for the blind
        return lost_line(_("A card given up for your blind"), card_phrase(chosen),
                         card_phrase(best), item.lost, item.is_mistake, POMME_MISTAKE_THRESHOLD)
    if view.phase is PommePhase.BLIND:
        where = _("Your blind")
    elif decision.trick == 0:
        where = _("The trump 6")
    else:
        where = _("Trick {number}").format(number=decision.trick)
    return lost_line(where, action_name(chosen, view), action_name(best, view), item.lost,
                     item.is_mistake, POMME_MISTAKE_THRESHOLD)


def review_detail(item: PommeReview) -> str:
    """The coach's word on one decision: what decides it, in words (the reasons for its choice,
    those against the learner's), then the figures, rounded."""
    advice, view = item.advice, item.decision.view
    best = (Phrase(advice.action, the=True) if isinstance(advice.action, Card)
            else action_name(advice.action, view))
    lines = [_("The coach prefers {best}.").format(best=best)]
    why = [t for t in (tag_text(tag, view) for tag in advice.supporting) if t]
    against = [t for t in (tag_text(tag, view) for tag in advice.against) if t]
    if why:
        lines.append(" ".join(why))
    if against:
        lines.append(" ".join(against))
    mine = advice.other if advice.is_learners else None
    if mine is not None:
        lines.append(_("With your choice: {expected}.").format(
            expected=expected_text(mine.points, mine.apple)))
    lines.append(_("With the coach's choice ({best}): {expected}.").format(
        best=best, expected=expected_text(advice.points, advice.apple)))
    return "\n".join(lines)


__all__ = ["action_name", "aside_said", "aside_text", "blind_said", "blind_text", "card_name",
           "coach_line_text", "last_trick_text", "led_suit_text", "mark_text", "narrate",
           "no_aside_text", "result_text", "round_text",
           "said_at_table", "score_lines", "score_text", "scores_text", "seat_name", "six_of",
           "six_said", "status_text", "table_cards_text", "tally", "trump_info_text", "trump_said",
           "turn_text", "variant_name"]
__all__ += ["guide_lines", "guided_heading", "guided_result_text", "guided_trick_lines",
            "log_text", "par_line", "par_text", "review_detail", "review_heading",
            "review_line"]
