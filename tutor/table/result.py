"""What the result card says at a game's end (issue 35, "moments"), without Qt: who won, the
final score, the par of the game in words, the coach's flagged mistakes with the lesson to read
for each theme, and one next step (``tutor.result.ResultCard``; the Play page draws it).

The par of a game is the sum of its rounds' pars (``engine.par.RoundPar``), their standard
errors added as independent ones; it is said as the points the learner's choices gave away
against a perfect player's, "give or take" its error, never as a bare ``± 3``.

>>> from engine import RoundPar
>>> game_par({1: RoundPar(1, 7.4, 2.0, 8), 2: RoundPar(2, 4.6, 1.5, 9)})
(12, 2)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine import RoundPar
from tutor.content.themes import THEMES_BY_KEY
from tutor.course import CourseLink, advice_theme
from tutor.i18n import _, format_number, ngettext
from tutor.refs import content_plain
from tutor.result import Figure, Mistake, ResultCard, Step
from tutor.table import pomme_words
from tutor.table.controller import Table
from tutor.table.pomme import PommeTable
from tutor.vocab import LEARNER_SEAT, LEARNER_TEAM

#: How many themes of mistakes a card lists (the most frequent first): the rest are in the
#: review of each round.
MOST_THEMES = 3

#: The actions of a game's next steps (``Step.action``).
NEW_GAME, FULL_GAME, REVIEW, STATISTICS = "new-game", "full-game", "review", "statistics"
READ_LESSON = "lesson"

Course = Callable[[str | None], CourseLink | None]


def game_par(pars: Mapping[int, RoundPar]) -> tuple[int, int]:
    """The points a game's rounds gave away against the expert (whole points), and one
    standard error of that sum."""
    lost = sum(p.lost for p in pars.values())
    error = math.sqrt(sum(p.error * p.error for p in pars.values()))
    return round(lost), round(error)


def par_figure(pars: Mapping[int, RoundPar], pending: bool) -> Figure | None:
    """The par of the game as a figure whose note says what it means; while the coach still
    goes over the rounds, that it is on its way; ``None`` when no round has a par."""
    if pending:
        return Figure(_("Par"), "…", _("The coach is going over your choices of this game…"))
    if not pars:
        return None
    lost, error = game_par(pars)
    if lost == 0:
        return Figure(_("Par"), "0", _("Each of your choices was about as good as a perfect "
                                       "player's in your seat."))
    note = ngettext(
        "A perfect player in your seat would have made about {lost} point more than your "
        "choices did (give or take {error}).",
        "A perfect player in your seat would have made about {lost} points more than your "
        "choices did (give or take {error}).", lost) if error else ngettext(
        "A perfect player in your seat would have made about {lost} point more than your "
        "choices did.",
        "A perfect player in your seat would have made about {lost} points more than your "
        "choices did.", lost)
    return Figure(_("Par"), "−" + format_number(lost),
                  note.format(lost=format_number(lost), error=format_number(max(1, error))))


def theme_name(theme: str) -> str:
    """A strategy theme's name, translated."""
    found = THEMES_BY_KEY.get(theme)
    return _(found.name) if found is not None else ""


def mistake_lines(themes: Sequence[str | None], course: Course) -> tuple[str, tuple[Mistake, ...]]:
    """The heading of the mistakes and a line for each of the ``MOST_THEMES`` most frequent
    themes that have a lesson (the lesson to read as its step); the mistakes of other themes
    are counted on a line of their own."""
    count = len(themes)
    if not count:
        return _("No mistake flagged: every choice was within a few points of the coach's."), ()
    heading = ngettext("The coach flagged {count} choice to look at again:",
                       "The coach flagged {count} choices to look at again:",
                       count).format(count=count)
    lines: list[Mistake] = []
    counted = 0
    for theme, times in Counter(t for t in themes if t is not None).most_common():
        link = course(theme)
        if link is None or len(lines) == MOST_THEMES:
            continue
        counted += times
        title = content_plain(link.lesson.title, link.lesson.id)
        text = ngettext("{count} on “{theme}”", "{count} on “{theme}”", times).format(
            count=times, theme=theme_name(theme) or title)
        lines.append(Mistake(text, Step(
            READ_LESSON, _("Read lesson {number}").format(number=link.lesson.number),
            target=link.lesson.id,
            detail=_("Lesson {number}, “{title}”").format(number=link.lesson.number,
                                                          title=title))))
    if counted < count:
        lines.append(Mistake(ngettext(
            "{count} more: the review of each round shows it.",
            "{count} more: the review of each round shows them.",
            count - counted).format(count=count - counted)))
    return heading, tuple(lines)


@dataclass(frozen=True)
class GameEnd:
    """What a finished game of Chibre says: ``won`` by the learner's team, the final
    ``scores`` (the learner's team first), the teams in the Rubicon (``rubicon``: "us",
    "them"), its ``pars``, whether reviews are still on their way, the theme of each flagged
    mistake (``None``: no strategy theme), and whether it was the guided game."""

    won: bool
    scores: tuple[int, int]
    rubicon: tuple[str, ...] = ()
    pars: Mapping[int, RoundPar] | None = None
    reviewing: bool = False
    themes: tuple[str | None, ...] = ()
    guided: bool = False
    statistics: bool = True


def chibre_card(end: GameEnd, course: Course) -> ResultCard:
    """The result card of a finished game of Chibre."""
    us, them = (format_number(s) for s in end.scores)
    if end.won:
        title = _("Your team wins the game!")
        achieved = _("Well played: your team reached the target first, {us} to {them}.").format(
            us=us, them=them)
    else:
        title = _("The opponents win this game")
        achieved = _("Your team made {us} points to the opponents' {them}: every game makes "
                     "the next one easier.").format(us=us, them=them)
    if "us" in end.rubicon:
        achieved += " " + _("Your team ends in the Rubicon, below half the target.")
    if "them" in end.rubicon:
        achieved += " " + _("The opponents end in the Rubicon, below half the target.")
    figures = [Figure(_("Your team"), us), Figure(_("Opponents"), them)]
    par = par_figure(end.pars or {}, end.reviewing)
    if par is not None:
        figures.append(par)
    heading, mistakes = ("", ()) if end.reviewing else mistake_lines(end.themes, course)
    return ResultCard(title, achieved, tuple(figures), heading, mistakes,
                      primary=next_game(end.guided),
                      secondary=game_steps(end.statistics))


def next_game(guided: bool) -> Step:
    """A game's one next step: another game; after the guided game, a full one."""
    if guided:
        return Step(FULL_GAME, _("Play a full game"),
                    detail=_("A whole game against the bots; the coach answers when you ask "
                             "for a hint."))
    return Step(NEW_GAME, _("New game"))


def game_steps(statistics: bool) -> tuple[Step, ...]:
    """The other steps after a game: the review of its last round, the statistics."""
    steps = [Step(REVIEW, _("Review the last round"))]
    if statistics:
        steps.append(Step(STATISTICS, _("Statistics")))
    return tuple(steps)


def flagged_themes(reviews: Iterable[object]) -> tuple[str | None, ...]:
    """The strategy theme of each mistake among the Chibre ``reviews`` (``Review``)."""
    return tuple(advice_theme(r.decision.view, r.advice)  # type: ignore[attr-defined]
                 for r in reviews if r.is_mistake)  # type: ignore[attr-defined]


def reviewing(table: Table | PommeTable) -> bool:
    """Whether a round of the game at ``table`` still waits for its review."""
    return any(n not in table.reviews and table.review_failed(n) is None
               for n in scored_rounds(table))


def scored_rounds(table: Table | PommeTable) -> list[int]:
    scored = type(table).SCORED
    session = table.session
    return [] if session is None else [e.round for e in session.events if isinstance(e, scored)]


def game_card(table: Table | PommeTable, course: Course) -> ResultCard | None:
    """The result card of the game over at ``table`` (``None`` before its end, or for a game
    the learner only watched)."""
    session = table.session
    if session is None or not session.has_learner:
        return None
    if isinstance(table, PommeTable):
        return pomme_card(table)
    over, chibre = table.game_over(), table.session
    if over is None or chibre is None:
        return None
    rubicon = tuple("us" if team == LEARNER_TEAM else "them" for team in chibre.rubicon)
    team = LEARNER_TEAM
    reviews = [r for n in sorted(table.reviews) for r in table.reviews[n]]
    end = GameEnd(won=over.winner == team, scores=(over.scores[team], over.scores[1 - team]),
                  rubicon=rubicon, pars=dict(table.pars), reviewing=reviewing(table),
                  themes=flagged_themes(reviews), guided=table.guided)
    return chibre_card(end, course)


def pomme_card(table: PommeTable) -> ResultCard | None:
    """The result card of a finished game of Pomme: who won and the standing of every seat
    (``pomme_words.result_text``), the par, how many choices the coach flagged."""
    over, session = table.game_over(), table.session
    if session is None or (over is None and not table.guided):
        return None
    won = over is not None and LEARNER_SEAT in over.winners
    title = _("You win the game!") if won else _("The game is over")
    busy = reviewing(table)
    figures = [f for f in (par_figure(table.pars, busy),) if f is not None]
    count = sum(r.is_mistake for rounds in table.reviews.values() for r in rounds)
    heading = "" if busy else (ngettext(
        "The coach flagged {count} choice to look at again: the review of each round shows it.",
        "The coach flagged {count} choices to look at again: the review of each round shows "
        "them.", count).format(count=count) if count else
        _("No mistake flagged: every choice was within a few points of the coach's."))
    return ResultCard(title, pomme_words.result_text(table), tuple(figures), heading,
                      primary=next_game(table.guided), secondary=game_steps(False))


__all__ = ["FULL_GAME", "NEW_GAME", "READ_LESSON", "REVIEW", "STATISTICS", "GameEnd",
           "chibre_card", "flagged_themes", "game_card", "game_par", "mistake_lines",
           "next_game", "par_figure", "pomme_card", "theme_name"]
