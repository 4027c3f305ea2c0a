"""The Puzzles page's "From your games": the positions kept from the learner's games, due ones
one by one, each re-dealt off the UI thread and asked again (issue 36, items 3 and 4).

A position is shown as the learner saw it (which game, the trump and who chose it, the tricks so
far and the announcements in words, the trick in progress, the hand: its legal cards answer
with the keyboard as in any strategy puzzle). A drill is right or wrong against its best choice;
a close call is shown once, with why either choice is reasonable, and leaves the queue. The
verdict leads with what decides the position, then names the lesson of its theme, and keeps the
figures behind "Show the engine's figures". The words are ``tutor.progress.drill_text``'s.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import date

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QPushButton, QToolButton, QVBoxLayout, QWidget

from engine import Card, CardSet, Phase, PommeChoice, PommeView
from tutor.content.strategy import TRUMP_CODES
from tutor.course import CourseLink
from tutor.design import LEAD, SUBHEADING
from tutor.i18n import _
from tutor.jobs import Failure, Job, Runner
from tutor.markup import to_html
from tutor.names import capitalized
from tutor.progress import Progress, drill_text
from tutor.progress.drills import CloseCall, Drill, choice_code, choice_from_code, prepare
from tutor.progress.kept import AnyChoice
from tutor.progress.record import KeptItem
from tutor.table import pomme_words
from tutor.ui.background import QtRunner, log_failure
from tutor.ui.play.review import course_sentence
from tutor.ui.theme import mark_primary
from tutor.ui.widgets.answers.strategy import strategy_choice_html, strategy_choice_text
from tutor.ui.widgets.common import announce, dim, label, land, landing, push_button
from tutor.ui.widgets.flow import FlowLayout
from tutor.ui.widgets.hand import HandView
from tutor.ui.widgets.marks import TrumpBadge
from tutor.ui.widgets.trick import TrickView
from tutor.ui.widgets.trick_row import TrickRow
from tutor.vocab import DEFAULT_DECK

SMALL = 0.62  # the trick in progress, as a share of the card height (as strategy puzzles)


def lines_html(lines: list[str]) -> str:
    """Lines of the content's markup as one rich text, a line each."""
    return "<br>".join(to_html(line).removeprefix("<p>").removesuffix("</p>") for line in lines)


class DrillPanel(QWidget):
    """One position from the learner's games at a time; ``answered`` once one is recorded."""

    answered = Signal()
    shown = Signal()  # a position is on show: its cards are new widgets, the Tab order too

    def __init__(self, progress: Progress, parent: QWidget | None = None,
                 runner: Runner | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("drillPanel")
        self.progress = progress
        self.runner: Runner = runner if runner is not None else QtRunner(self)
        #: The strategy lesson of a theme, as the window finds it (``tutor.course``).
        self.course: Callable[[str | None], CourseLink | None] = lambda theme: None
        self.deck: str = DEFAULT_DECK
        self.card_height = 110
        self.items: list[KeptItem] = []
        self.item: KeptItem | None = None
        self.drill: Drill | CloseCall | None = None
        self.answer: AnyChoice | None = None
        self.failure: Failure | None = None
        #: the next position, prepared while the learner answers this one (by key and day)
        self.prepared: dict[tuple[tuple[str, int, int, int], date], Drill | CloseCall] = {}
        self._build()

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.title = label("drillTitle", wrap=True, bold=True, scale=LEAD)
        self.status = landing(dim(label("drillStatus", wrap=True)))
        self.prompt = landing(label("drillPrompt", wrap=True, bold=True))
        self.situation = label("drillSituation", wrap=True)
        self.situation.setTextFormat(Qt.TextFormat.RichText)
        self.badge = TrumpBadge(deck=self.deck)
        self.trick = TrickView(deck=self.deck, height=int(self.card_height * SMALL))
        # a trick of Pomme (two, three or five seats): its cards in order, under their seats
        self.pomme_trick = TrickRow(deck=self.deck, height=int(self.card_height * SMALL))
        self.hand = HandView(deck=self.deck, height=self.card_height)
        self.hand.card_chosen.connect(lambda card: self.choose(card))
        self.buttons = FlowLayout()
        self.trump_buttons: list[tuple[QPushButton, str]] = []
        for code in TRUMP_CODES:
            button = QPushButton()
            button.setObjectName(f"drill_{code}")
            button.clicked.connect(lambda _c=False, c=code: self.choose(choice_from_code(c)))
            self.trump_buttons.append((button, code))
            self.buttons.addWidget(button)
        #: Pomme's choices that are no card: the aside, the trump 6, the blind
        self.pomme_buttons: list[tuple[QPushButton, PommeChoice]] = []
        for choice in PommeChoice:
            button = QPushButton()
            button.setObjectName(f"drill_{choice.value}")
            button.clicked.connect(lambda _c=False, c=choice: self.choose(c))
            self.pomme_buttons.append((button, choice))
            self.buttons.addWidget(button)
        self.verdict = landing(label("drillVerdict", bold=True, scale=SUBHEADING))
        self.explanation = label("drillExplanation", wrap=True)
        self.explanation.setTextFormat(Qt.TextFormat.RichText)
        self.figures_button = QToolButton()
        self.figures_button.setObjectName("drillFiguresButton")
        self.figures_button.setCheckable(True)
        self.figures_button.setAutoRaise(True)
        self.figures_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.figures_button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.figures_button.toggled.connect(lambda _on: self._show_figures())
        self.figures = landing(label("drillFigures", wrap=True))
        self.figures.setTextFormat(Qt.TextFormat.RichText)
        self.next_button = push_button("drillNext", self.next)
        mark_primary(self.next_button)  # shown alone, once the drill is answered
        for widget in (self.title, self.status, self.prompt, self.situation):
            layout.addWidget(widget)
        layout.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.trick, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addWidget(self.pomme_trick, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.hand)
        layout.addLayout(self.buttons)
        for widget in (self.verdict, self.explanation):
            layout.addWidget(widget)
        layout.addWidget(self.figures_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.figures)
        layout.addWidget(self.next_button, 0, Qt.AlignmentFlag.AlignLeft)
        self._clear()

    # --- the queue ------------------------------------------------------------------------------

    def start(self) -> None:
        """The due positions (of Chibre and of Pomme), the first one prepared."""
        self.items = list(self.progress.kept_positions(due=self.progress.now()))
        self.next()

    def next(self) -> None:
        """The next due position, prepared off the UI thread; or say that none is due."""
        self._clear()
        self.item = self.items.pop(0) if self.items else None
        self.retranslate_ui()
        if self.item is None:
            announce(self.status, self.status.text(), focus=self.isVisible())
            return
        item, day = self.item, self.progress.now().astimezone().date()
        found = self.prepared.pop((item.position.key, day), None)
        if found is not None:
            self._ready(item, found)
            return
        self.runner.run(Job(_("Preparing a position from your games"),
                            lambda: prepare(item.position, day),
                            lambda found: self._ready(item, found),
                            lambda failure: self._failed(item, failure)))

    def _prepare_next(self) -> None:
        """Prepare the next position now, so that Next shows it at once."""
        if not self.items:
            return
        item, day = self.items[0], self.progress.now().astimezone().date()
        if (item.position.key, day) in self.prepared:
            return
        self.runner.run(Job(_("Preparing a position from your games"),
                            lambda: prepare(item.position, day),
                            lambda found: self.prepared.__setitem__(
                                (item.position.key, day), found),
                            log_failure))  # Next prepares it again, and says so if it fails

    def _clear(self) -> None:
        self.drill = self.answer = self.failure = None
        for widget in (self.prompt, self.situation, self.badge, self.trick, self.pomme_trick,
                       self.hand, self.verdict, self.explanation, self.figures_button,
                       self.figures):
            widget.hide()
        for button in self._choice_buttons():
            button.hide()
        self.figures_button.setChecked(False)
        self.next_button.hide()

    def _ready(self, item: KeptItem, found: Drill | CloseCall) -> None:
        if item is not self.item or self.isHidden():  # the learner moved on meanwhile
            return
        self.drill = found
        self._prepare_next()
        self._show_position()
        if isinstance(found, CloseCall):  # shown once: it leaves the queue now
            self.progress.record_drill(item.position.key, "close")
            self.answered.emit()
        self.retranslate_ui()
        if isinstance(found, CloseCall):
            self._verdict_shown(speak=True)
        elif self.isVisible():
            land(self.prompt)

    def _failed(self, item: KeptItem, failure: Failure) -> None:
        log_failure(failure)
        if item is self.item:
            self.failure = failure
            self.next_button.show()
            self.retranslate_ui()
            announce(self.status, self.status.text(), focus=self.isVisible())

    # --- the position ---------------------------------------------------------------------------

    def _show_position(self) -> None:
        self._draw_position()
        self.shown.emit()

    def _choice_buttons(self) -> list[QPushButton]:
        return [*(b for b, _code in self.trump_buttons), *(b for b, _c in self.pomme_buttons)]

    def _draw_pomme(self, view: PommeView) -> None:
        """A position of Pomme: the hand (cards to play or to give up), the trump, the trick in
        order under its seats' names, and the aside's, the 6's or the blind's choice."""
        asked = isinstance(self.drill, Drill)
        self.prompt.setVisible(asked)
        self.situation.show()
        self.hand.show()
        self.hand.set_cards(view.hand)
        self.hand.set_trump(view.trump)
        self.hand.set_highlight(CardSet([]))
        self.badge.set_trump(view.trump)
        self.badge.show()
        if view.trick:
            order = [(view.leader + i) % view.players for i in range(len(view.trick))]
            self.pomme_trick.set_trump(view.trump)
            self.pomme_trick.set_trick(list(view.trick), [
                pomme_words.seat_name(seat, view.players) for seat in order])
            self.pomme_trick.show()
        cards = CardSet([a for a in view.legal_actions if isinstance(a, Card)])
        self.hand.set_legal(cards if asked and cards else None)
        self.hand.set_selectable("single" if asked and cards else "none")
        for button, choice in self.pomme_buttons:
            button.setVisible(choice in view.legal_actions)
            button.setEnabled(asked)

    def _draw_position(self) -> None:
        assert self.drill is not None
        if (pomme := drill_text.pomme_view(self.drill.position)) is not None:
            self._draw_pomme(pomme)
            return
        view = drill_text.chibre_view(self.drill.position)
        self.prompt.setVisible(isinstance(self.drill, Drill))  # a close call asks nothing
        self.situation.show()
        self.hand.show()
        self.hand.set_cards(view.hand)
        self.hand.set_trump(view.trump)
        self.hand.set_highlight(CardSet([]))
        if view.phase is Phase.TRUMP:
            self.hand.set_legal(None)
            self.hand.set_selectable("none")
            for button, code in self.trump_buttons:
                button.setVisible(choice_from_code(code) in view.legal_actions)
                button.setEnabled(isinstance(self.drill, Drill))
            return
        assert view.trump is not None
        self.badge.set_trump(view.trump)
        self.badge.show()
        if view.trick:
            self.trick.set_trump(view.trump)
            self.trick.set_trick(view.trick, leader=view.leader)
            self.trick.show()
        asked = isinstance(self.drill, Drill)
        self.hand.set_legal(CardSet([a for a in view.legal_actions if isinstance(a, Card)])
                            if asked else None)
        self.hand.set_selectable("single" if asked else "none")

    def choose(self, choice: AnyChoice) -> None:
        """The learner's answer: right or wrong against the drill's best, recorded once."""
        drill, item = self.drill, self.item
        if not isinstance(drill, Drill) or item is None or self.answer is not None:
            return
        self.answer = choice
        self.progress.record_drill(item.position.key,
                                   "right" if drill.is_right(choice) else "wrong")
        self.hand.set_selectable("none")
        if isinstance(drill.best, Card):
            self.hand.set_highlight(CardSet([drill.best]), "best")
        for button in self._choice_buttons():
            button.setEnabled(False)
        self.answered.emit()
        self._verdict_shown(speak=True)

    def _verdict_shown(self, speak: bool = False) -> None:
        """The verdict: what decides the position first, the answer, the lesson; the figures
        behind their button; then Next."""
        drill = self.drill
        if drill is None:
            return
        if isinstance(drill, CloseCall):
            self.verdict.setText(_("A close call"))
            lines = drill_text.close_call_lines(drill)
        else:
            right = self.answer is not None and drill.is_right(self.answer)
            self.verdict.setText(_("Right.") if right else _("Not quite."))
            lines = drill_text.reason_lines(drill, self.answer)
            lines.append(_("The answer: {answer}").format(answer="{answer}"))
        lesson = self._lesson()
        if lesson:
            lines.append(lesson)
        rich = lines_html(lines).replace(
            "{answer}", self._answer_html(drill) if isinstance(drill, Drill) else "")
        self.explanation.setText(rich)
        self.figures.setText(lines_html(drill_text.figures(drill)))
        for widget in (self.verdict, self.explanation, self.figures_button, self.next_button):
            widget.show()
        self._show_figures()
        if speak:
            announce(self.verdict, self.verdict.text() + " " + self.explanation.text(),
                     focus=self.isVisible())

    @staticmethod
    def _answer_html(drill: Drill) -> str:
        """The drill's answer: a card with its suit's symbol, a trump, or a Pomme choice in
        words."""
        if isinstance(drill.best, PommeChoice):
            view = drill_text.pomme_view(drill.position)
            assert view is not None
            return to_html(capitalized(pomme_words.action_name(drill.best, view)))
        return strategy_choice_html(choice_code(drill.best))

    def _lesson(self) -> str:
        """The lesson of the position's theme: to read again, or later in the course."""
        assert self.drill is not None
        link = self.course(drill_text.theme(self.drill))
        return course_sentence(dataclasses.replace(link, puzzles=())) if link else ""

    def _show_figures(self) -> None:
        shown = self.figures_button.isChecked()
        self.figures.setVisible(shown and self.figures_button.isVisible())
        self.figures_button.setArrowType(Qt.ArrowType.DownArrow if shown
                                         else Qt.ArrowType.RightArrow)
        self.figures_button.setText(_("Hide the engine's figures") if shown
                                    else _("Show the engine's figures"))

    # --- words and look -------------------------------------------------------------------------

    def tab_order(self) -> list[QWidget]:
        """The panel's part of the Tab order: the question, the cards or trump buttons, the
        verdict and its explanation, the engine's figures (the button, then the figures once
        open), Next (hidden ones are skipped by Tab)."""
        cards = [w for w in self.hand.findChildren(QWidget)
                 if w.focusPolicy() & Qt.FocusPolicy.TabFocus]
        return [self.prompt, *cards, *self._choice_buttons(), self.verdict, self.explanation,
                self.figures_button, self.figures, self.next_button]

    def retranslate_ui(self) -> None:
        item, drill = self.item, self.drill
        self.title.setText(drill_text.title(item.kept_at, self.progress.now()) if item else
                           _("From your games"))
        if item is None:
            status = _("No position from your games is due now. The positions of your costly "
                       "choices at the table come back here, on the schedule of missed "
                       "puzzles.")
        elif self.failure is not None:
            status = _("This position could not be prepared ({error}). Go on with the "
                       "next one.").format(error=self.failure.detail)
        elif drill is None:
            status = _("Preparing your position: the cards you could not see are dealt "
                       "afresh…")
        else:
            status = ""
        self.status.setText(status)
        self.status.setVisible(bool(status))
        self.next_button.setText(_("Next"))
        for button, code in self.trump_buttons:
            button.setText(strategy_choice_text(code))
        pomme = drill_text.pomme_view(drill.position) if drill is not None else None
        for button, choice in self.pomme_buttons:
            button.setText(capitalized(pomme_words.action_name(choice, pomme))
                           if pomme is not None and choice in pomme.legal_actions else "")
        for view in (self.hand, self.trick, self.pomme_trick, self.badge):
            view.retranslate_ui()
        if drill is not None:
            self.prompt.setText(drill_text.question(drill.position))
            self.prompt.setAccessibleName(f"{self.title.text()}: {self.prompt.text()}")
            self.situation.setText(lines_html(drill_text.situation(drill.position)))
            if self.answer is not None or isinstance(drill, CloseCall):
                self._verdict_shown()

    def set_look(self, deck: str, card_height: int) -> None:
        self.deck, self.card_height = deck, card_height
        self.hand.set_deck(deck)
        self.hand.set_card_height(card_height)
        self.trick.set_deck(deck)
        self.trick.set_card_height(int(card_height * SMALL))
        self.pomme_trick.set_look(deck, int(card_height * SMALL))
        self.badge.set_deck(deck)
