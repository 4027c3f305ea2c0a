"""What every answer widget is: ``Answer``, one class per kind, and the parts several share.

An answer is built into the exercise view's answer group (``build``) and says how its kind is
asked (``prompt``), answered (by a card, a player or a button, or with *Check*: ``by_check`` and
``check``), marked once answered (``mark``), said in words after a wrong answer
(``answer_html``) and translated again (``retranslate``). It reaches the view only through its
``Host``: the look (deck, card height), the context of the content's references, and
``finish``/``ask`` to report an answer or a *Check* with nothing chosen.

The parts a learner acts on are attributes here (``hand``, ``trick``, ``spins`` ...), ``None`` or
empty where a kind has none; the view shows them as its own (``view.hand``), as the tests and
the pages read them.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, Protocol, TypeVar

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
)

from engine import Card, Trump
from tutor.content import Figure
from tutor.content.kinds import KindSpec
from tutor.content.tasks import Solution, Task
from tutor.ui.widgets.hand import HandView
from tutor.ui.widgets.marks import TrumpBadge
from tutor.ui.widgets.trick import TrickView
from tutor.ui.widgets.trick_row import TrickRow

T = TypeVar("T", bound=Task)
S = TypeVar("S", bound=Solution)

SMALL = 0.62  # small cards (points piles, announcements) as a share of the card height


class Host(Protocol):
    """What an answer needs of the exercise view that shows it."""

    deck: str
    card_height: int
    context: str  # of the content's references (``tutor.refs``)

    def finish(self, correct: bool, answer: str) -> None:
        """Report an answer (once: later ones, after the first, are ignored)."""

    def ask(self) -> None:
        """*Check* with nothing chosen: say ``Answer.asking_text`` instead of a verdict."""

    def parent_object(self) -> QObject:
        """The owner of the answer's non-widget parts (a button group)."""


class Answer(Generic[T, S]):
    """One kind's way to be shown and answered; a subclass per kind
    (``tutor.ui.widgets.answers``)."""

    spec: ClassVar[KindSpec[Any, Any]]  # the kind's entry in ``tutor.content.kinds``
    by_check: ClassVar[bool] = False  # answered with Check (else by choosing)
    #: The kind's explanation is figures: after an answer the reason (the authored hint) and
    #: the answer come first, the figures behind "Show the engine's figures" (closed).
    figures_behind: ClassVar[bool] = False

    def __init__(self, task: Task, solution: Solution, host: Host) -> None:
        self.task: T = self.spec.own(task)
        self.solution: S = self.spec.own_solution(solution)
        self.host = host
        self.hand: HandView | None = None
        self.trick: TrickView | None = None
        self.trick_row: TrickRow | None = None  # a Pomme trick of 3 or 5 cards
        self.badge: TrumpBadge | None = None
        self.spins: list[QSpinBox] = []
        self.choice_group: QButtonGroup | None = None
        self.player_buttons: list[QPushButton] = []
        self.choice_buttons: list[QPushButton] = []
        self.strategy_codes: list[str] = []  # strategy: the trump buttons' choices
        self.seat_views: list[HandView] = []  # best puzzles: the hands of seats 1-3
        self.mark_labels: list[tuple[QLabel, int, int]] = []  # marks: (label, player, points)
        self.aside_view: HandView | None = None  # the aside: its top card and a back
        self.views: list[Any] = []  # every card view, retranslated with the page

    # --- what a kind says -----------------------------------------------------------------------

    @staticmethod
    def prompt(task: T, context: str) -> str:
        """The question of ``task`` when it has no ``prompt:`` of its own."""
        raise NotImplementedError

    @staticmethod
    def answer_html(task: T, solution: S, context: str) -> str:
        """The right answer in words, for the feedback after a wrong one."""
        raise NotImplementedError

    @classmethod
    def puzzle_name(cls) -> str:
        """The name of a puzzle kind, as the puzzles' filter and line say it."""
        raise NotImplementedError(f"{cls.spec.name} is no puzzle kind")

    @staticmethod
    def draws_figure(figure: Figure, task: T) -> bool:
        """Whether the exercise draws exactly the figure's position (a figure with marks the
        exercise does not draw is asked about before: ``tutor.ui.pages.learn``)."""
        return False  # drawn otherwise than a figure, or not at all

    def asking_text(self) -> str:
        """What *Check* with nothing chosen says (``by_check`` kinds that can be empty)."""
        return ""

    # --- building, answering, marking -----------------------------------------------------------

    def build(self, layout: QVBoxLayout) -> None:
        raise NotImplementedError

    def check(self) -> None:
        """Check the answer given with *Check* (``by_check`` kinds): ``host.finish`` or
        ``host.ask``."""

    def mark(self) -> None:
        """Once answered, the cards show the answer (no card to mark: nothing)."""

    def retranslate(self) -> None:
        """The words of the parts, in the language now chosen."""

    def build_figures(self, layout: QVBoxLayout) -> None:
        """Cards drawn with the figures, once answered (``figures_behind`` kinds): none."""

    # --- parts several kinds share --------------------------------------------------------------

    def add_badge(self, layout: QVBoxLayout, trump: Trump) -> None:
        """The trump the cards are drawn in."""
        self.badge = TrumpBadge(deck=self.host.deck)
        self.badge.set_trump(trump)
        layout.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignLeft)

    def hand_view(self, height: int | None = None, trump: Trump | None = None) -> HandView:
        view = HandView(deck=self.host.deck, height=height or self.host.card_height)
        if trump is not None:
            view.set_trump(trump)
        self.views.append(view)
        return view

    def trick_view(self, height: int, trump: Trump, trick: tuple[Card, ...],
                   leader: int) -> TrickView:
        self.trick = TrickView(deck=self.host.deck, height=height)
        self.trick.set_trump(trump)
        self.trick.set_trick(trick, leader=leader)
        self.views.append(self.trick)
        return self.trick

    def pomme_trick(self, layout: QVBoxLayout, trump: Trump, trick: tuple[Card, ...],
                    height: int) -> TrickRow:
        row = TrickRow(deck=self.host.deck, height=height)
        row.set_trump(trump)
        row.set_trick(trick)
        self.trick_row = row
        self.views.append(row)
        layout.addWidget(row)
        return row

    def spin_row(self, layout: QVBoxLayout, fields: list[tuple[str, int]]) -> None:
        """Spin boxes in a row, each with its caption."""
        row = QHBoxLayout()
        for index, (text, maximum) in enumerate(fields):
            caption = QLabel(text)
            spin = QSpinBox()
            spin.setObjectName(f"answerSpin{index}")
            spin.setRange(0, maximum)
            spin.setAccessibleName(text)
            caption.setBuddy(spin)
            row.addWidget(caption)
            row.addWidget(spin)
            self.spins.append(spin)
        row.addStretch(1)
        layout.addLayout(row)

    def card_chosen(self, card: Card) -> None:
        """A card chosen as the answer (winner, best)."""
        self.host.finish(card == self.solution.answer, str(card))

    def spins_checked(self) -> None:
        """The spin boxes as the answer (slate, marks)."""
        values = tuple(spin.value() for spin in self.spins)
        self.host.finish(values == self.solution.answer, ",".join(map(str, values)))

