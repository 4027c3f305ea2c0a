"""What a result card says (issue 35, "moments"): a lesson's completion and a game's end are
told the same way — a title, a line of what was achieved, a few figures, the mistakes each with
the lesson to read next, and one clear next step. The words are decided here and below
(``tutor.table.result``, ``tutor.ui.pages.lesson_end``), without Qt; the widget
``tutor.ui.widgets.result_card`` only draws a ``ResultCard``.

>>> card = ResultCard("Lesson complete", "You completed lesson 1.",
...                   figures=(Figure("Exercises", "3 of 3"),),
...                   primary=Step("continue", "Continue to lesson 2"))
>>> card.spoken()
'Lesson complete. You completed lesson 1. Exercises: 3 of 3. Next: Continue to lesson 2.'
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.i18n import _


@dataclass(frozen=True)
class Figure:
    """One figure of a result: what it is, its value, and what it means in words (or "")."""

    label: str
    value: str
    note: str = ""

    def spoken(self) -> str:
        text = _("{label}: {value}.").format(label=self.label, value=self.value)
        return f"{text} {self.note}" if self.note else text


@dataclass(frozen=True)
class Step:
    """Something the learner can do next: ``action`` says what (for the page that acts on it,
    never shown), ``text`` is the button's, ``target`` a lesson id when it opens one, ``detail``
    a line that says more (a tooltip, and what a screen reader adds)."""

    action: str
    text: str
    target: str = ""
    detail: str = ""


@dataclass(frozen=True)
class Mistake:
    """A kind of mistake the coach flagged: how many on which theme, and the lesson to read."""

    text: str
    read: Step | None = None


@dataclass(frozen=True)
class ResultCard:
    """A moment's result: see the module text. ``primary`` is the one next step (a button
    drawn as the page's primary action, where focus lands), ``secondary`` the others."""

    title: str
    achieved: str
    figures: tuple[Figure, ...] = ()
    mistakes_heading: str = ""
    mistakes: tuple[Mistake, ...] = ()
    note: str = ""
    primary: Step | None = None
    secondary: tuple[Step, ...] = ()

    def steps(self) -> tuple[Step, ...]:
        """Every next step, the primary first."""
        return ((self.primary,) if self.primary is not None else ()) + self.secondary

    def spoken(self) -> str:
        """The whole card as a screen reader says it when it appears: the title, what was
        achieved, the figures, the mistakes, the note and the next step."""
        parts = [self.title.rstrip(".!") + "." if self.title else "",
                 self.achieved]
        parts += [figure.spoken() for figure in self.figures]
        if self.mistakes_heading:
            parts.append(self.mistakes_heading)
        parts += [mistake.text for mistake in self.mistakes]
        parts.append(self.note)
        if self.primary is not None:
            parts.append(_("Next: {step}.").format(step=self.primary.text))
        return " ".join(part for part in parts if part)


__all__ = ["Figure", "Mistake", "ResultCard", "Step"]
