"""The result card of a moment (``ResultCardView``): a lesson's completion, a game's end. It
draws a ``tutor.result.ResultCard`` — the title, what was achieved in a large line, the figures
(each with what it means), the mistakes each with a button to the lesson to read, a note, and
the next steps: one primary button, the others secondary. The words are decided below
``tutor.ui``; this module only lays them out.

When a card appears (``show_card(..., arrive=True)``) the keyboard focus lands on its primary
button, whose description is the whole card, so that a screen reader says the card and then
what Enter does; with no next step, on the title. Later changes of the same card (the coach's
review landing) are drawn without being said again."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tutor import design
from tutor.result import Figure, Mistake, ResultCard, Step
from tutor.ui.theme import mark_primary, restyle
from tutor.ui.widgets.common import announce, label, landing, spoken_text

#: The dynamic property the style sheet draws a secondary line in (``tutor.ui.theme``).
MUTED = "muted"


def muted(widget: QLabel) -> QLabel:
    """``widget`` drawn in the muted colour of the appearance in force."""
    widget.setProperty(MUTED, True)
    restyle(widget)
    return widget


class ResultCardView(QFrame):
    """A result card (see the module text). ``chosen`` gives the ``Step`` of a button."""

    chosen = Signal(object)  # tutor.result.Step

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("resultCard")
        self.card: ResultCard | None = None
        box = QVBoxLayout(self)
        box.setContentsMargins(design.SPACE_XL, design.SPACE_XL, design.SPACE_XL,
                               design.SPACE_XL)
        box.setSpacing(design.SPACE_M)
        self.title = landing(label("resultTitle", wrap=True, scale=design.TITLE, bold=True))
        self.achieved = label("resultAchieved", wrap=True, scale=design.SUBHEADING)
        self.figures = QWidget()
        self.figures.setObjectName("resultFigures")
        self.figure_grid = QGridLayout(self.figures)
        self.figure_grid.setContentsMargins(0, design.SPACE_XS, 0, design.SPACE_XS)
        self.figure_grid.setHorizontalSpacing(design.SPACE_XL)
        self.figure_grid.setVerticalSpacing(design.SPACE_XS)
        self._figure_rows: list[tuple[QLabel, QLabel, QLabel]] = []
        self.mistakes_heading = label("resultMistakesHeading", wrap=True, bold=True)
        self.mistakes = QWidget()
        self.mistake_box = QVBoxLayout(self.mistakes)
        self.mistake_box.setContentsMargins(0, 0, 0, 0)
        self.mistake_box.setSpacing(design.SPACE_S)
        self._mistake_rows: list[tuple[QWidget, QLabel, QPushButton]] = []
        self.note = muted(label("resultNote", wrap=True))
        self.step_row = QHBoxLayout()
        self.step_row.setSpacing(design.SPACE_S)
        self.step_row.addStretch(1)
        self._steps: dict[str, QPushButton] = {}
        self.detail = muted(label("resultDetail", wrap=True, scale=design.SMALL))
        for widget in (self.title, self.achieved, self.figures, self.mistakes_heading,
                       self.mistakes, self.note):
            box.addWidget(widget)
        box.addSpacing(design.SPACE_S)
        box.addLayout(self.step_row)
        box.addWidget(self.detail)

    # --- drawing ----------------------------------------------------------------------------

    def show_card(self, card: ResultCard, *, arrive: bool = False) -> None:
        """Draw ``card``; ``arrive``: it has just appeared, focus lands on it and it is said."""
        self.card = card
        self.title.setText(card.title)
        self.achieved.setText(card.achieved)
        self._show_figures(card.figures)
        self.mistakes_heading.setText(card.mistakes_heading)
        self.mistakes_heading.setVisible(bool(card.mistakes_heading))
        self._show_mistakes(card.mistakes)
        self.note.setText(card.note)
        self.note.setVisible(bool(card.note))
        self._show_steps(card)
        said = spoken_text(card.spoken())
        primary = self.primary()
        # said once: as the description of the primary step where focus lands (the title, read
        # as it is, when there is none); the card itself stays unnamed, so that a screen reader
        # entering it does not read it a second time
        self.title.setAccessibleName(said if primary is None else card.title)
        if primary is not None and (arrive or not primary.hasFocus()):
            # not while it has the focus: a change of its description is said again at once
            primary.setAccessibleDescription(said)
        if arrive:
            self.land()

    def land(self) -> None:
        """Focus to the primary step (described by the whole card), else to the title."""
        primary = self.primary()
        if self.card is None:
            return
        if primary is None:
            announce(self.title, self.title.accessibleName(), focus=True)
            return
        if primary.hasFocus():  # said again: it is not a change of focus
            announce(self, self.card.spoken())
        else:  # said as focus lands: the step, described by the whole card
            primary.setFocus(Qt.FocusReason.OtherFocusReason)

    def landing(self) -> QWidget:
        """Where focus lands when the card is shown again."""
        return self.primary() or self.title

    def primary(self) -> QPushButton | None:
        """The button of the card's one next step, if it has one."""
        if self.card is None or self.card.primary is None:
            return None
        return self._steps.get(self.card.primary.action)

    def button(self, action: str) -> QPushButton | None:
        """The shown button of the next step ``action``, if any."""
        button = self._steps.get(action)
        return button if button is not None and not button.isHidden() else None

    def mistake_buttons(self) -> list[QPushButton]:
        """The shown buttons to the lessons of the mistakes."""
        return [button for row, _text, button in self._mistake_rows
                if not row.isHidden() and not button.isHidden()]

    def _show_figures(self, figures: tuple[Figure, ...]) -> None:
        while len(self._figure_rows) < len(figures):
            row = len(self._figure_rows)
            name = muted(label("resultFigureLabel"))
            value = label("resultFigureValue", scale=design.HEADING, bold=True)
            note = muted(label("resultFigureNote", wrap=True))
            # the figure on a line, what it means under it across the card
            self.figure_grid.addWidget(name, 2 * row, 0, Qt.AlignmentFlag.AlignVCenter)
            self.figure_grid.addWidget(value, 2 * row, 1, Qt.AlignmentFlag.AlignVCenter)
            self.figure_grid.addWidget(note, 2 * row + 1, 0, 1, 3)
            self._figure_rows.append((name, value, note))
        self.figure_grid.setColumnStretch(2, 1)
        for index, (name, value, note) in enumerate(self._figure_rows):
            figure = figures[index] if index < len(figures) else None
            for widget in (name, value, note):
                widget.setVisible(figure is not None)
            if figure is None:
                continue
            name.setText(figure.label)
            value.setText(figure.value)
            value.setAccessibleName(spoken_text(figure.spoken()))
            note.setText(figure.note)
            note.setVisible(bool(figure.note))
        self.figures.setVisible(bool(figures))

    def _show_mistakes(self, mistakes: tuple[Mistake, ...]) -> None:
        while len(self._mistake_rows) < len(mistakes):
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            line.setSpacing(design.SPACE_M)
            text = label("resultMistake", wrap=True)
            button = QPushButton()
            button.setObjectName("resultMistakeLesson")
            button.clicked.connect(lambda _checked=False, r=row: self._mistake_chosen(r))
            line.addWidget(text, 1)
            line.addWidget(button)
            self.mistake_box.addWidget(row)
            self._mistake_rows.append((row, text, button))
        for index, (row, text, button) in enumerate(self._mistake_rows):
            mistake = mistakes[index] if index < len(mistakes) else None
            row.setVisible(mistake is not None)
            row.setProperty("step", mistake.read if mistake is not None else None)
            if mistake is None:
                continue
            text.setText("• " + mistake.text)
            text.setAccessibleName(mistake.text)
            button.setVisible(mistake.read is not None)
            if mistake.read is not None:
                button.setText(mistake.read.text)
                button.setToolTip(mistake.read.detail)
                button.setAccessibleName(mistake.read.text)
                button.setAccessibleDescription(f"{mistake.text}. {mistake.read.detail}")
        self.mistakes.setVisible(bool(mistakes))

    def _mistake_chosen(self, row: QWidget) -> None:
        step = row.property("step")
        if isinstance(step, Step):
            self.chosen.emit(step)

    def _show_steps(self, card: ResultCard) -> None:
        steps = card.steps()
        for step in steps:
            button = self._steps.get(step.action)
            if button is None:
                button = QPushButton()
                button.setObjectName(f"resultStep-{step.action}")
                button.clicked.connect(lambda _checked=False, a=step.action: self._step(a))
                self.step_row.insertWidget(self.step_row.count() - 1, button)
                self._steps[step.action] = button
            button.setText(step.text)
            button.setToolTip(step.detail)
            if step is not card.primary:  # the primary's is the whole card (``show_card``)
                button.setAccessibleDescription(step.detail)
            mark_primary(button, step is card.primary)
        wanted = {step.action for step in steps}
        for action, button in self._steps.items():
            button.setVisible(action in wanted)
        # the primary first, then the others in the card's order
        for place, step in enumerate(steps):
            button = self._steps[step.action]
            self.step_row.removeWidget(button)
            self.step_row.insertWidget(place, button)
        # one height for the row, the primary's (its bold text is taller): set, not hinted,
        # as the hint of a restyled button reaches the card's height too late
        shown = [self._steps[step.action] for step in steps]
        for button in shown:
            button.setMinimumHeight(0)
            button.ensurePolished()
        height = max((button.minimumSizeHint().height() for button in shown), default=0)
        for button in shown:
            button.setMinimumHeight(height)
        detail = card.primary.detail if card.primary is not None else ""
        self.detail.setText(detail)
        self.detail.setVisible(bool(detail))

    def _step(self, action: str) -> None:
        if self.card is None:
            return
        step = next((s for s in self.card.steps() if s.action == action), None)
        if step is not None:
            self.chosen.emit(step)

    def tab_order(self) -> list[QWidget]:
        """The card's focusable parts in reading order: the title, the mistakes' lessons, the
        next steps (the primary first)."""
        steps = [self._steps[s.action] for s in self.card.steps()] if self.card else []
        return [self.title, *self.mistake_buttons(), *steps]


__all__ = ["ResultCardView", "muted"]
