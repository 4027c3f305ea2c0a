"""Words for a drill of a position from the learner's games (issue 36, items 3 and 4; no Qt).

The drill is shown as the learner saw it: which game it is from (``title``), the question,
what the learner knew (``situation``: the strategy kind's own lines, made from the view). The
verdict leads with what decides the position, in the coach's words (``engine.advise`` on the
learner's view, its choices ranked by the drill's own figures, so its choice is the drill's
best: ``drill_advice``); the figures (margin ± error over the deals, and how they were
measured: the strategy kind's words) come after, behind "Show the engine's figures". A close
call says why either choice is reasonable. The Progress page's line is ``queue_line``.

A position of Pomme is said with the Pomme table's own words (``tutor.table.pomme_words``: the
shown card, the aside or the blinds, the cards on the table; the Pomme coach's reasons); Pomme
has no strategy lesson to name.
"""

from __future__ import annotations

from datetime import datetime

from engine import (
    Advice,
    Assessment,
    Card,
    GameView,
    Phase,
    PommeAdvice,
    PommeAssessment,
    PommeChoice,
    PommePhase,
    PommeView,
    Position,
    advise,
    assess,
    card_tags,
    pomme_action_tags,
    pomme_advise,
)
from tutor.content.kinds.strategy import figures_text, trump_choice_lines, view_situation
from tutor.course import advice_theme
from tutor.i18n import _, day_name, format_day, format_number, ngettext
from tutor.progress.drills import CloseCall, Drill, choice_from_code, decoded, need_of
from tutor.progress.kept import AnyChoice, KeptPosition
from tutor.progress.puzzle_text import wait_text
from tutor.progress.record import DrillQueue
from tutor.table import pomme_words
from tutor.table.coach_text import tag_text, the_action, worded_reasons


def chibre_view(position: KeptPosition) -> GameView:
    """The view of a Chibre position; ``ValueError`` for one of Pomme (``pomme_view``)."""
    view = position.view
    if not isinstance(view, GameView):
        raise ValueError("a position of Pomme: see pomme_view")
    return view


def pomme_view(position: KeptPosition) -> PommeView | None:
    """The view of a Pomme position, ``None`` for one of Chibre."""
    view = position.view
    return view if isinstance(view, PommeView) else None


def title(kept_at: datetime, now: datetime) -> str:
    """Which game the position is from: today's, a weekday's within the week, else a date.

    >>> from datetime import UTC
    >>> title(datetime(2026, 11, 28, 15, tzinfo=UTC), datetime(2026, 11, 30, 9, tzinfo=UTC))
    "Your position from Saturday's game"
    """
    day, today = kept_at.astimezone().date(), now.astimezone().date()
    if day == today:
        return _("Your position from today's game")
    if 0 < (today - day).days < 7:
        return _("Your position from {day}'s game").format(day=day_name(day))
    return _("Your position from the game of {date}").format(date=format_day(day))


def question(position: KeptPosition) -> str:
    """The drill's question, as the strategy puzzles ask it."""
    if (pomme := pomme_view(position)) is not None:
        if pomme.phase is PommePhase.PLAY and not any(
                not isinstance(a, Card) for a in pomme.legal_actions):
            return _("The other hands are hidden. Which card would a strong player play?")
        return _("The other hands are hidden. What would a strong player do?")
    if chibre_view(position).phase is Phase.TRUMP:
        return _("Which trump would a strong player name with this hand?")
    return _("The other hands are hidden. Which card would a strong player play?")


def situation(position: KeptPosition) -> list[str]:
    """What the learner knew, as the strategy puzzles say it: who named trump, the tricks so
    far with who took them, the announcements, the round's points (at Pomme: the shown card,
    the aside or the blinds, the cards on the table)."""
    if (pomme := pomme_view(position)) is not None:
        lines = [pomme_words.trump_info_text(pomme), pomme_words.aside_text(pomme),
                 pomme_words.blind_text(pomme)]
        if pomme.phase is PommePhase.PLAY:
            lines.append(pomme_words.table_cards_text(pomme))
        return [line for line in lines if line]
    view = chibre_view(position)
    if view.phase is Phase.TRUMP or view.trump is None:
        return trump_choice_lines(view.chibred)
    return view_situation(view, view.trump_declarer if view.trump_declarer is not None else 0,
                          view.chibred)


def _assessments(position: KeptPosition, values: tuple[tuple[str, float], ...]
                 ) -> list[Assessment]:
    """Every measured choice with the drill's figure and the coach's reasons for it."""
    view = chibre_view(position)
    if view.phase is Phase.TRUMP:
        tags = {a.action: a.tags for a in assess(view)}
        return [Assessment(choice_from_code(code), value, tags.get(choice_from_code(code), ()))
                for code, value in values]
    pos = Position(view)
    found = []
    for code, value in values:
        card = choice_from_code(code)
        assert isinstance(card, Card)
        found.append(Assessment(card, value, card_tags(pos, card.index)))
    return found


def pomme_advice(drill: Drill | CloseCall, view: PommeView,
                 answer: AnyChoice | None = None) -> PommeAdvice:
    """The Pomme coach's word on the position, its choices ranked by the drill's figures."""
    tags = pomme_action_tags(view)
    found = []
    for code, value in drill.solution.values:
        action = decoded(drill.position, code)
        assert isinstance(action, (Card, PommeChoice))
        found.append(PommeAssessment(action, value, 0.0, value, tags.get(action, ())))
    chosen = next((a.action for a in found if a.action == answer), None)
    return pomme_advise(view, found, chosen)


def drill_advice(drill: Drill | CloseCall, answer: AnyChoice | None = None) -> Advice:
    """The coach's word on the position, its choices ranked by the drill's figures (its
    ``action`` is the drill's best), compared with ``answer`` when it is another choice."""
    found = _assessments(drill.position, drill.solution.values)
    chosen = next((a.action for a in found if a.action == answer), None)
    return advise(chibre_view(drill.position), found, chosen,
                  conventions=drill.position.conventions)


def reason_lines(drill: Drill, answer: AnyChoice | None = None) -> list[str]:
    """What decides the position, in words, first: why the best choice is best, then what
    speaks against the learner's ``answer`` when it is another."""
    if (pomme := pomme_view(drill.position)) is not None:
        said = pomme_advice(drill, pomme, answer)
        lines = [_for_pomme(said, pomme)]
        if said.is_learners and said.other is not None and said.against:
            against = [t for t in (pomme_words.tag_text(tag, pomme) for tag in said.against)
                       if t]
            if against:
                lines.append(_("Against {choice}: {why}").format(
                    choice=pomme_words.the_card(said.other.action, pomme),
                    why=" ".join(against)))
        return lines
    advice = drill_advice(drill, answer)
    lines = [_for(advice.action, worded_reasons(advice), drill.solution.unit)]
    if advice.is_learners and advice.other is not None and advice.against:
        lines.append(_("Against {choice}: {why}").format(
            choice=the_action(advice.other.action),
            why=" ".join(tag_text(tag) for tag in advice.against)))
    return lines


def _for(choice: object, why: list[str], unit: str = "points") -> str:
    if not why and unit == "share":  # playing to the score
        return _("Why {best}? Over the deals that agree with what you saw, it makes the points "
                 "your team needs to win the game most often.").format(best=the_action(choice))
    if not why:
        return _("Why {best}? Over the deals that agree with what you saw, it keeps the most "
                 "points for your team.").format(best=the_action(choice))
    return _("Why {best}? {why}").format(best=the_action(choice), why=" ".join(why))


def _for_pomme(advice: PommeAdvice, view: PommeView) -> str:
    best = pomme_words.the_card(advice.action, view)
    why = pomme_words.worded_reasons(advice, view)
    if not why:
        return _("Why {best}? Over the deals that agree with what you saw, it ends the round "
                 "with the most points, an apple counted against them.").format(best=best)
    return _("Why {best}? {why}").format(best=best, why=" ".join(why))


def close_call_lines(close: CloseCall) -> list[str]:
    """Why either choice is reasonable: the two are about even over the deals, and what speaks
    for each, in the coach's words."""
    values = close.solution.values
    if len(values) < 2:
        return [_("A close call: there was nothing to choose here.")]
    if (pomme := pomme_view(close.position)) is not None:
        runner_choice = decoded(close.position, values[1][0])
        said = pomme_advice(close, pomme, runner_choice)
        return [_("A close call: over deals that agree with what you saw, {best} and {runner} "
                  "come out too close to tell apart, so either choice is reasonable.").format(
            best=pomme_words.the_card(said.action, pomme),
            runner=pomme_words.the_card(runner_choice, pomme)), _for_pomme(said, pomme)]
    runner = choice_from_code(values[1][0])
    advice = drill_advice(close, runner)
    lines = [_("A close call: over deals that agree with what you saw, {best} and {runner} "
               "come out too close to tell apart, so either choice is reasonable.").format(
        best=the_action(advice.action), runner=the_action(runner))]
    lines.append(_for(advice.action, worded_reasons(advice), close.solution.unit))
    mine = advice.other
    own = [tag_text(tag) for tag in mine.tags if tag.supports] if mine is not None else []
    if own:
        lines.append(_("For {best}: {why}").format(best=the_action(runner), why=" ".join(own)))
    return lines


def figures(drill: Drill | CloseCall) -> list[str]:
    """The engine's figures (the best choice and the runner-up over the deals, the difference
    ± one standard error) and how they were measured, as the strategy puzzles say them."""
    if len(drill.solution.values) < 2:
        return []
    if (pomme := pomme_view(drill.position)) is not None:
        return pomme_figures(drill, pomme)
    view = chibre_view(drill.position)
    need = need_of(view) if drill.solution.unit == "share" else None
    return figures_text(view.phase is Phase.TRUMP, len(view.tricks), need, drill.solution)


def pomme_figures(drill: Drill | CloseCall, view: PommeView) -> list[str]:
    """The Pomme expert's figures: the best choice and the runner-up at the end of the round,
    the difference ± one standard error, and how they were measured."""
    solution = drill.solution
    (best, value), (runner, second) = solution.values[0], solution.values[1]
    error = dict(solution.errors).get(runner, 0.0)
    return [
        _("Over {count} deals, your points at the end of the round: {best}, about {points}; "
          "the runner-up, {runner}, about {other}. The difference: {gain} ± {error} points (± "
          "one standard error), an apple counted against the points.").format(
            count=solution.deals,
            best=pomme_words.the_card(decoded(drill.position, best), view),
            runner=pomme_words.the_card(decoded(drill.position, runner), view),
            points=format_number(round(value)), other=format_number(round(second)),
            gain=format_number(round(value) - round(second)),
            error=format_number(round(error, 1))),
        _("How: the hidden cards were dealt afresh over and over, each deal consistent with "
          "what you saw, and every choice played out by the Pomme expert's own search."),
    ]


def theme(drill: Drill | CloseCall) -> str | None:
    """The strategy theme of the position (``tutor.course.advice_theme``); none for Pomme,
    which has no strategy lessons."""
    if pomme_view(drill.position) is not None:
        return None
    return advice_theme(chibre_view(drill.position), drill_advice(drill))


def button_text(queue: DrillQueue) -> str:
    """The Puzzles page's entry: how many positions from the learner's games are due.

    >>> button_text(DrillQueue(2, 0, None, 0, 0))
    'From your games (2)'
    """
    return _("From your games ({count})").format(count=queue.due)


def queue_line(queue: DrillQueue, now: datetime) -> str:
    """The Progress page's line: to review now, when the next comes back, mastered.

    >>> from datetime import UTC, timedelta
    >>> t = datetime(2025, 1, 1, tzinfo=UTC)
    >>> queue_line(DrillQueue(1, 2, t + timedelta(hours=5), 3, 1), t)
    '1 position to review now. The next comes back in 5 hours. 3 mastered.'
    """
    if not (queue.due or queue.later or queue.mastered or queue.close):
        return _("None yet: the positions of your costly choices at the table come back here "
                 "to be played again.")
    parts = [ngettext("{count} position to review now.", "{count} positions to review now.",
                      queue.due).format(count=queue.due)]
    if queue.next_at is not None:
        parts.append(_("The next comes back in {wait}.").format(wait=wait_text(queue.next_at
                                                                               - now)))
    parts.append(ngettext("{count} mastered.", "{count} mastered.", queue.mastered).format(
        count=queue.mastered))
    return " ".join(parts)


__all__ = ["button_text", "chibre_view", "close_call_lines", "drill_advice", "figures",
           "pomme_advice", "pomme_figures", "pomme_view", "question", "queue_line",
           "reason_lines", "situation", "theme", "title"]
