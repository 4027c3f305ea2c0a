"""What the table says, in the language and deck in force when it is shown (no Qt).

Every sentence of the Play page is made here from the table's data (``tutor.table.controller``):
the status line, the coach's line, the log, the side panel, the round's result and par, the
review. Nothing is stored as a sentence, so a language or deck switch re-renders all of it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from engine import (
    CLOSE,
    MISTAKE_THRESHOLD,
    CardPlayed,
    Chibred,
    Event,
    GameOver,
    GameView,
    Phase,
    Position,
    RoundPar,
    RoundScored,
    StoeckScored,
    TrickWon,
    Trump,
    TrumpChosen,
    WeisDeclared,
    WeisScored,
    card_tags,
    trick_winner,
)
from tutor.content.explain import weis_name
from tutor.games import GamePoint
from tutor.i18n import _, format_number, ngettext
from tutor.jobs import Failure
from tutor.names import card_name, card_phrase, seat_name, suit_name, trump_text
from tutor.table.coach_text import (
    action_name,
    hint_text,
    reasons,
    review_text,
    warning_text,
    weis_advice_text,
    weis_text,
)
from tutor.table.controller import CoachLine, Comment, Line, LogItem, Table
from tutor.table.explain_play import reason_text
from tutor.table.flow import Stage, TableFlow
from tutor.table.guide import after_trick, before_decision
from tutor.table.rounds import ReviewedFlow
from tutor.table.session import Review
from tutor.vocab import LEARNER_SEAT, LEARNER_TEAM, CoachLevel, Player


class Costly(Protocol):
    """A review of one decision, of any game, as its words read it."""

    @property
    def lost(self) -> float: ...

    @property
    def is_mistake(self) -> bool: ...


C = TypeVar("C", bound=Costly)


def level_name(name: Player) -> str:
    """Who plays at a seat, in words: "you", or the bot's level ("club player")."""
    names: dict[Player, str] = {"random": _("random"), "heuristic": _("club player"),
                                "expert": _("expert"), "learner": _("you")}
    return names[name]


def coach_level_name(name: CoachLevel) -> str:
    names: dict[CoachLevel, str] = {"off": _("off"), "request": _("on request"),
                                    "active": _("active")}
    return names[name]


def points(value: int) -> str:
    return ngettext("{count} point", "{count} points", value).format(
        count=format_number(value))


# --- the status line --------------------------------------------------------------------------


def status_text(table: Table) -> str:
    """What the table is doing now, in one sentence (two at the end of a round)."""
    view = table.view()
    if (table.stage is Stage.EMPTY or view is None) and table.can_resume():
        return _("Press Resume the unfinished game to go on with it, or New game.")
    return stage_text(table, view, turn=turn_text, seat=seat_name,
                      round_over=lambda scored: round_text(scored) + par_line(table, scored.round),
                      over=lambda: result_text(table))


def stage_text(table: TableFlow[Any, Any, Any, Any], view: Any, *,
               turn: Callable[[Any], str], seat: Callable[[int], str],
               round_over: Callable[[Any], str], over: Callable[[], str]) -> str:
    """What a table of any game is doing, by its stage; the game gives its own sentences for
    whose turn it is (``turn``), a seat's name, the round scored and the game over."""
    stage = table.stage
    if (stage is Stage.EMPTY or view is None) and table.newcomer():
        return _("New to Jass? Start with the Guided game: the coach explains every step. Or "
                 "press New game to play against the bots.")
    if stage is Stage.EMPTY or view is None:
        return _("Press New game to play against the bots.")
    if stage is Stage.FAILED and table.failure is not None:
        return failure_text(table.failure) + " " + _("Press Try again, or New game.")
    if stage is Stage.LEARNER:
        return turn(view)
    if stage is Stage.CHECKING:
        return _("The coach is looking at your card…")
    if stage is Stage.WARNING:
        return _("The coach advises against this card: Take it back (Esc) or Play it anyway "
                 "(P).")
    if stage is Stage.TRICK and table.shown_trick is not None:
        won = table.shown_trick
        return (_("You take the trick.") if won.winner == LEARNER_SEAT else
                _("{seat} takes the trick.").format(seat=seat(won.winner)))
    if stage is Stage.ROUND_OVER and table.scored is not None:
        return round_over(table.scored)
    if stage is Stage.OVER:
        return over()
    return turn(view)


def turn_text(view: GameView) -> str:
    """Whose turn it is, and what the learner can do when it is theirs."""
    if view.phase is Phase.OVER:
        return _("The game is over.")
    seat = view.current_player
    if seat != LEARNER_SEAT:
        if view.phase is Phase.TRUMP:
            return _("{seat} chooses trump.").format(seat=seat_name(seat))
        return _("{seat} to play.").format(seat=seat_name(seat))
    if view.phase is Phase.TRUMP:
        if view.chibred:
            return _("Your turn: your partner chibred, choose trump (A).")
        return _("Your turn: choose trump (A), or chibre.")
    if view.phase is Phase.WEIS:
        return _("Your turn: Announce (W) or Keep quiet (Q), then play a card.")
    return _("Your turn: play a card (arrows and Enter).")


def failure_text(failure: Failure) -> str:
    what = failure.what.split(":")
    if what[0] == "bot" and len(what) == 2:
        name = _("The bot at {seat}").format(seat=seat_name(int(what[1])))
    else:
        name = {"coach": _("The coach"), "hint": _("The coach's hint"),
                "review": _("The coach's review"),
                "content": _("Loading lessons and puzzles")}.get(what[0], failure.what)
    return _("{what} failed ({error}).").format(what=name, error=failure.detail)


def round_text(scored: RoundScored) -> str:
    parts = [_("Round {number}: cards {a} to {b}").format(
        number=scored.round + 1, a=scored.cards[0], b=scored.cards[1])]
    if any(scored.match):
        parts.append(_("match {a} to {b}").format(a=scored.match[0], b=scored.match[1]))
    if any(scored.weis):
        parts.append(_("announcements {a} to {b}").format(a=scored.weis[0], b=scored.weis[1]))
    if any(scored.stoeck):
        parts.append(_("Stöck {a} to {b}").format(a=scored.stoeck[0], b=scored.stoeck[1]))
    if scored.multiplier != 1:
        parts.append(_("pique double ×{factor}").format(factor=scored.multiplier))
    parts.append(_("total {a} to {b}").format(a=scored.total[0], b=scored.total[1]))
    return " · ".join(parts)


def par_text(par: RoundPar) -> str:
    """The par of a round, the reason first: what the learner's choices gave away against the
    expert's, then what the figure means ("Par −13 (± 4): …")."""
    if par.par == 0:
        return _("Par 0: each of your choices was about as good as the expert's in your seat.")
    error = round(par.error)
    if par.error > 0:  # the error of a sum of searches is never shown as none
        return _("Par {par} (± {error}): your choices gave away about {lost} points against "
                 "the expert's in your seat. Each choice is measured over the same deals as "
                 "the expert's, so the luck of the cards does not count.").format(
            par=signed(par.par), error=format_number(max(1, error)),
            lost=format_number(-par.par))
    return _("Par {par}: your choices gave away about {lost} points against the expert's in "
             "your seat. Each choice is measured over the same deals as the expert's, so the "
             "luck of the cards does not count.").format(par=signed(par.par),
                                                         lost=format_number(-par.par))


def signed(value: int) -> str:
    if value > 0:
        return "+" + format_number(value)
    if value < 0:
        return "−" + format_number(-value)
    return "0"


def result_text(table: Table) -> str:
    over = table.game_over()
    session = table.session
    if over is None or session is None:
        return _("The game is over.")
    if over.winner == LEARNER_TEAM:
        text = _("Your team wins the game, {a} to {b}!")
    else:
        text = _("The opponents win the game, {b} to {a}.")
    text = text.format(a=format_number(over.scores[0]), b=format_number(over.scores[1]))
    if 1 in session.rubicon:
        text += " " + _("The opponents end in the Rubicon, below half the target.")
    if 0 in session.rubicon:
        text += " " + _("Your team ends in the Rubicon, below half the target.")
    last = table.last_scored()
    if last is not None and last.complete and session.has_learner:
        text += par_line(table, last.round)
    return text


def par_line(table: ReviewedFlow[Any, Any, Any, Any, Any], number: int) -> str:
    """The par of round ``number`` on a line of its own (``par_text``), or that it is on its
    way; "" when there is none to wait for (a watched game, a round cut short at the target,
    a review that failed: its notice said so)."""
    par = table.pars.get(number)
    if par is not None:
        return "\n" + par_text(par)
    if not table.par_pending(number):
        return ""
    return "\n" + _("Par: the coach is going over your choices of this round…")


# --- the coach's line -------------------------------------------------------------------------


def coach_line_text(line: CoachLine | None) -> str:
    if line is None:
        return ""
    kind = line.kind
    if kind is Line.THINKING:
        return _("The coach is thinking…")
    if kind is Line.HINT and line.advice is not None:
        return hint_text(line.advice)
    if kind is Line.WARNING and line.advice is not None:
        return warning_text(line.advice)
    if kind is Line.REFUSED and line.reason is not None:
        return reason_text(line.reason, line.action, line.view)
    if kind is Line.TAKEN_BACK:
        return _("Taken back: choose another card.")
    if kind is Line.COACH_OFF:
        return _("The coach is off. Choose a coach level to get hints.")
    if kind is Line.GUIDE:
        return " ".join(before_decision(line.view))
    if kind is Line.WEIS:
        text = weis_text(line.view)
        if line.weis is not None:
            text += " " + weis_advice_text(line.weis)
        return text
    return ""


# --- the log ----------------------------------------------------------------------------------


def log_text(item: LogItem, *, guided: bool = False, trump: Trump | None = None) -> str:
    """One line of the game's log ("" for events not worth a line)."""
    if isinstance(item, Comment):
        return comment_text(item)
    if guided and isinstance(item, TrickWon) and trump is not None:
        return " ".join(after_trick(item, trump))
    return narrate(item)


def said_at_table(item: LogItem, level: str) -> bool:
    """Whether the log line of ``item`` is also said as it happens, at speech ``level`` (the
    round's and the game's results are not: the status line says them)."""
    if level == "off" or isinstance(item, (Comment, RoundScored, GameOver)):
        return False
    return level == "cards" or not isinstance(item, CardPlayed)


def comment_text(comment: Comment) -> str:
    if comment.view.trump is None:
        return ""
    tags = card_tags(Position(comment.view), comment.card.index)
    if not tags:
        return ""
    return _("Coach on {card}: {why}").format(card=card_phrase(comment.card), why=reasons(tags))


def narrate(event: Event) -> str:
    """One line of the game's log for ``event`` ("" for events not worth a line)."""
    you = getattr(event, "seat", getattr(event, "winner", None)) == 0
    if isinstance(event, TrumpChosen):
        assert event.trump.suit is not None  # chibre trumps a suit (no Obenabe, Undenufe)
        suit = suit_name(event.trump.suit)
        if you:
            return _("You choose {suit} as trump.").format(suit=suit)
        return _("{seat} chooses {suit} as trump.").format(seat=seat_name(event.seat), suit=suit)
    if isinstance(event, Chibred):
        if you:
            return _("You chibre: your partner chooses trump.")
        return _("{seat} chibres: the partner chooses trump.").format(seat=seat_name(event.seat))
    if isinstance(event, WeisDeclared):
        weis = ", ".join(weis_name(w) for w in event.weis)
        if you:
            return _("You announce {weis}.").format(weis=weis)
        return _("{seat} announces {weis}.").format(seat=seat_name(event.seat), weis=weis)
    if isinstance(event, CardPlayed):
        card = card_phrase(event.card)
        if you:
            return _("You play the {card}.").format(card=card)
        return _("{seat} plays the {card}.").format(seat=seat_name(event.seat), card=card)
    if isinstance(event, StoeckScored):
        return _("{seat}: Stöck, {points}.").format(seat=seat_name(event.seat),
                                                    points=points(event.points))
    if isinstance(event, WeisScored):
        return weis_scored_text(event.best_seat % 2, event.points)
    if isinstance(event, TrickWon):
        if you:
            return _("You take trick {number} ({points}).").format(
                number=event.number, points=points(event.points))
        return _("{seat} takes trick {number} ({points}).").format(
            seat=seat_name(event.winner), number=event.number, points=points(event.points))
    if isinstance(event, RoundScored):
        return round_text(event)
    if isinstance(event, GameOver):
        return _("Game over.")
    return ""


def weis_scored_text(team: int, value: int) -> str:
    if team == LEARNER_TEAM:
        return _("Your team scores the announcements: {points}.").format(points=points(value))
    return _("The opponents score the announcements: {points}.").format(points=points(value))


# --- the side panel ---------------------------------------------------------------------------


def trump_said(view: GameView) -> str:
    """What the A key says: the trump and who chose it, or who is choosing it."""
    said, info = trump_text(view.trump), trump_info_text(view)
    return f"{said}. {info}." if info else f"{said}."


def trump_info_text(view: GameView) -> str:
    """Who chose trump, or who is choosing it now (the seat to move while trump is open)."""
    if view.trump is not None:
        seat = view.trump_declarer if view.trump_declarer is not None else view.trump_chooser
        text = _("Chosen by you") if seat == LEARNER_SEAT else _("Chosen by: {seat}").format(
            seat=seat_name(seat))
        return text + " · " + _("chibred") if view.chibred else text
    if view.phase is not Phase.TRUMP:
        return ""
    seat = view.current_player
    if seat == LEARNER_SEAT:
        return _("You choose trump (your partner chibred)") if view.chibred else \
            _("You choose trump")
    if view.chibred:
        return _("{seat} chooses trump (chibred)").format(seat=seat_name(seat))
    return _("{seat} chooses trump").format(seat=seat_name(seat))


def weis_lines(view: GameView) -> list[str]:
    lines = []
    for seat, value in enumerate(view.announced):
        if value and seat == LEARNER_SEAT:
            lines.append(_("You announce {points}").format(points=value))
        elif value:
            lines.append(_("{seat} announces {points}").format(seat=seat_name(seat),
                                                               points=value))
    if view.weis_scored is not None:
        lines.append(weis_scored_text(view.weis_scored.best_seat % 2, view.weis_scored.points))
        for seat, shown in view.weis_scored.shown:  # the winning team shows its cards
            weis = ", ".join(weis_name(w) for w in shown)
            lines.append(_("You show {weis}").format(weis=weis) if seat == LEARNER_SEAT else
                         _("{seat} shows {weis}").format(seat=seat_name(seat), weis=weis))
    if view.stoeck is not None:
        lines.append(_("{seat}: Stöck, {points}").format(seat=seat_name(view.stoeck.seat),
                                                         points=view.stoeck.points))
    return lines


def score_text(view: GameView, round_over: bool = False) -> str:
    """Tricks and points of the round in progress, then the game's scores (only those between
    two rounds)."""
    game = _("Game: {a} to {b} (target {target})").format(
        a=format_number(view.scores[0]), b=format_number(view.scores[1]),
        target=format_number(view.rules.target))
    if round_over:
        return game
    tricks = [sum(1 for t in view.tricks if t.winner % 2 == team) for team in (0, 1)]
    return _("Tricks: {a} to {b} · This round: {pa} to {pb}").format(
        a=tricks[0], b=tricks[1], pa=view.round_points[0], pb=view.round_points[1]) + "\n" + game


# --- what the keys read -----------------------------------------------------------------------


def table_cards_text(view: GameView) -> str:
    """The cards on the table in the order played, each with its player; the card winning the
    trick so far says so."""
    if not view.trick:
        return _("The table is empty.")
    winning = trick_winner(view.trick, view.trump) if view.trump is not None else None
    return "; ".join((_("{seat}: {card}, winning") if i == winning else _("{seat}: {card}"))
                     .format(seat=seat_name((view.leader + i) % 4), card=card_name(card))
                     for i, card in enumerate(view.trick))


def last_trick_text(view: GameView) -> str:
    """The last trick won this round: each card with its player, who took it, its points."""
    if not view.tricks:
        return _("No trick has been taken yet this round.")
    won = view.tricks[-1]
    cards = "; ".join(_("{seat}: {card}").format(seat=seat_name((won.leader + i) % 4),
                                                 card=card_name(card))
                      for i, card in enumerate(won.cards))
    return _("Last trick: {cards}. {taken}").format(cards=cards, taken=narrate(won))


def led_suit_text(view: GameView) -> str:
    if not view.trick:
        return _("Nothing has been led yet.")
    return _("Led suit: {suit}").format(suit=suit_name(view.trick[0].suit))


def scores_text(view: GameView) -> str:
    return _("Game: your team {a}, opponents {b}. This round: {pa} to {pb}.").format(
        a=format_number(view.scores[0]), b=format_number(view.scores[1]),
        pa=view.round_points[0], pb=view.round_points[1])


# --- the review -------------------------------------------------------------------------------


def costly(reviews: Sequence[C]) -> list[C]:
    """The decisions the review lists: those that cost a point or more (the coach's ``CLOSE``,
    under which its detail says nothing of another choice), in the order of play (a review's
    ``lost`` is 0 when the learner chose as the coach)."""
    return [r for r in reviews if r.lost >= CLOSE]


def review_heading(reviews: Sequence[Costly], number: int,
                   threshold: float = MISTAKE_THRESHOLD) -> str:
    """The review's heading: how many choices cost points, how many were mistakes (by the
    game's coach's ``threshold``)."""
    listed = costly(reviews)
    if not listed:
        return _("Review of round {number}: every choice as good as the coach's").format(
            number=number + 1)
    mistakes = sum(r.is_mistake for r in listed)
    return ngettext("Review of round {number}: {count} choice cost points",
                    "Review of round {number}: {count} choices cost points", len(listed)).format(
        number=number + 1, count=len(listed)) + " · " + ngettext(
        "{count} mistake ({threshold} points or more)",
        "{count} mistakes ({threshold} points or more)", mistakes).format(
        count=mistakes, threshold=format_number(round(threshold)))


def review_line(item: Review) -> str:
    """One decision in the review list: where, what was chosen, the coach's choice and the
    points lost (a mistake said as such)."""
    where = (_("Trump choice") if item.decision.trick == 0
             else _("Trick {number}").format(number=item.decision.trick))
    return lost_line(where, action_name(item.decision.action),
                     action_name(item.advice.action), item.lost, item.is_mistake,
                     MISTAKE_THRESHOLD)


def lost_line(where: str, chosen: str, best: str, lost: float, mistake: bool,
              threshold: float) -> str:
    """One decision of a review, of any game, in words: where, what was chosen, the coach's
    choice and the points lost, rounded (a mistake said as such). A loss the whole number would
    put on the wrong side of the game's mistake ``threshold`` (7.6 below 8: "8 points lost" under
    a heading of "8 points or more") is said to a tenth of a point."""
    count = max(1, round(lost))  # as the detail's "about N points"
    if (count >= threshold) != mistake:
        text = _("{where}: you chose {chosen}; the coach prefers {best}: {points} points "
                 "lost").format(where=where, chosen=chosen, best=best, points=decimal(lost))
    else:
        text = ngettext(
            "{where}: you chose {chosen}; the coach prefers {best}: {count} point lost",
            "{where}: you chose {chosen}; the coach prefers {best}: {count} points lost",
            count).format(where=where, chosen=chosen, best=best, count=format_number(count))
    return _("{line} — a mistake").format(line=text) if mistake else text


def review_detail(item: Review) -> str:
    return "\n".join(review_text(item.advice))


def statistics_summary(games: int, wins: int, points_per_round: float | None,
                       mistakes: float | None, par: float | None, abandoned: int) -> str:
    text = ngettext("{count} game played to the end", "{count} games played to the end",
                    games).format(count=games)
    text += " · " + ngettext("{count} won", "{count} won", wins).format(count=wins)
    # complete rounds: a last round cut short at the target is in the games' points, not here
    text += " · " + _("average points per complete round: {points}").format(points=decimal(
        points_per_round))
    text += " · " + _("mistakes flagged by the coach per game: {mistakes}").format(
        mistakes=decimal(mistakes))
    text += " · " + _("par per round: {par}").format(
        par="–" if par is None else signed_decimal(par))
    if abandoned:
        text += " · " + ngettext("{count} abandoned", "{count} abandoned", abandoned).format(
            count=abandoned)
    return text


def game_line(game: GamePoint) -> str:
    """One finished game in the statistics: when, the result, points, mistakes and par."""
    parts = [_("won") if game.won else _("lost"),
             points(game.points),
             _("{per_round} per complete round").format(
                 per_round=decimal(game.points_per_round))]
    if game.mistakes is not None:
        parts.append(ngettext("{count} mistake", "{count} mistakes", game.mistakes).format(
            count=game.mistakes))
    if game.par_per_round is not None:
        parts.append(_("par per round {par}").format(par=signed_decimal(game.par_per_round)))
    return game.finished_at.astimezone().strftime("%Y-%m-%d %H:%M") + ": " + ", ".join(parts)


def decimal(value: float | None) -> str:
    return "–" if value is None else format_number(round(value, 1))


def signed_decimal(value: float) -> str:
    rounded = round(value, 1)
    text = format_number(abs(rounded))
    return ("+" if rounded > 0 else "−" if rounded < 0 else "") + text


__all__ = ["coach_line_text", "level_name", "log_text", "narrate", "par_text", "review_line",
           "status_text", "trump_info_text", "turn_text"]

