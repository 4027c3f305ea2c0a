"""The trump badge and the legend of the card marks (``CardMarksLegend``)."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFontMetricsF,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QWidget

from engine import Card, Rank, Trump
from tutor.i18n import _
from tutor.names import trump_text
from tutor.ui.widgets.card import SUIT_ORDER, CardWidget
from tutor.ui.widgets.suits import paint_arrow, paint_suit
from tutor.vocab import DEFAULT_DECK, check_deck


class TrumpBadge(QWidget):
    """"Trump: ♥ hearts" with the suit drawn as on the cards."""

    def __init__(self, parent: QWidget | None = None, *, deck: str = DEFAULT_DECK,
                 trump: Trump | None = None) -> None:
        super().__init__(parent)
        self._deck = deck
        self._trump = trump
        self._text = ""
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.retranslate_ui()

    def trump(self) -> Trump | None:
        return self._trump

    def text(self) -> str:
        return self._text

    def set_trump(self, trump: Trump | None) -> None:
        self._trump = trump
        self.retranslate_ui()

    def set_deck(self, deck: str) -> None:
        self._deck = deck
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self._text = trump_text(self._trump)
        self.setAccessibleName(self._text)
        self.updateGeometry()
        self.adjustSize()
        self.update()

    def _metrics(self) -> tuple[float, float, float]:
        fm = QFontMetricsF(self.font())
        icon = fm.height() * 1.15 if self._trump is not None else 0.0
        pad = fm.height() * 0.5
        return fm.height(), icon, pad

    def sizeHint(self) -> QSize:
        line, icon, pad = self._metrics()
        text_w = QFontMetricsF(self.font()).horizontalAdvance(self._text)
        gap = pad * 0.6 if icon else 0.0
        return QSize(round(2 * pad + icon + gap + text_w + 1), round(line * 1.7))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        _line, icon, pad = self._metrics()
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        palette = self.palette()
        painter.setPen(QPen(palette.color(QPalette.ColorRole.Mid), 1.0))
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(rect, rect.height() / 2, rect.height() / 2)
        x = pad
        if self._trump is not None:
            chip = QRectF(x, (self.height() - icon) / 2, icon, icon)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("#fdfdfb"))
            painter.drawEllipse(chip.adjusted(-2, -2, 2, 2))
            inner = chip.adjusted(icon * 0.12, icon * 0.12, -icon * 0.12, -icon * 0.12)
            if self._trump.suit is not None:
                paint_suit(painter, inner, self._trump.suit, self._deck)
            else:
                paint_arrow(painter, inner, self._trump == Trump.OBENABE, QColor("#23272d"))
            x += icon + pad * 0.6
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        painter.drawText(QRectF(x, 0, self.width() - x, self.height()),
                         int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft),
                         self._text)
        painter.end()


# The marks the legend explains, in its order. The trump sample is of the trump suit, the others
# of another suit, so that no other sample shows a star.
_MARKS = ("trump", "legal", "illegal", "hint")
#: The marks of the round review: the learner's choice and the coach's.
REVIEW_MARKS = ("chosen", "coach")


class _MarkSample(CardWidget):
    """A small card showing one mark, painted by ``CardWidget`` itself; not clickable."""

    def __init__(self, mark: str, parent: QWidget | None = None) -> None:
        self.mark = mark
        self._meaning = ""
        super().__init__(None, DEFAULT_DECK, 44, parent)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.set_interactive(False)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)

    def lift(self) -> int:
        return 0  # never selected: no room to rise into

    def set_meaning(self, text: str) -> None:
        self._meaning = text
        self.retranslate_ui()

    def describe(self) -> str:
        return self._meaning


class CardMarksLegend(QWidget):
    """What the marks on the cards mean: a small sample card for each, drawn by the card widget
    itself, named beside it ("Trump", "You may play it", "You may not play it", "The coach's
    hint"). The samples follow the deck (``set_deck``) and the trump (``set_trump``) in force.
    """

    def __init__(self, parent: QWidget | None = None, *, deck: str = DEFAULT_DECK,
                 columns: int = 2, card_height: int = 44,
                 marks: tuple[str, ...] = _MARKS) -> None:
        super().__init__(parent)
        self.setObjectName("cardMarksLegend")
        self.marks = marks
        self._deck = deck
        self._trump = Trump.HEARTS
        self.heading = QLabel(self)
        self.heading.setObjectName("cardMarksHeading")
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.samples: list[_MarkSample] = []
        self.names: list[QLabel] = []
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(2)
        grid.addWidget(self.heading, 0, 0, 1, 2 * columns)
        for index, mark in enumerate(marks):
            sample = _MarkSample(mark, self)
            sample.set_height(card_height)
            name = QLabel(self)
            name.setObjectName(f"cardMark_{mark}")
            name.setWordWrap(True)
            name.setBuddy(sample)
            row, column = 1 + index // columns, 2 * (index % columns)
            grid.addWidget(sample, row, column)
            grid.addWidget(name, row, column + 1)
            grid.setColumnStretch(column + 1, 1)
            self.samples.append(sample)
            self.names.append(name)
        self._show_samples()
        self.retranslate_ui()

    def set_deck(self, deck: str) -> None:
        self._deck = check_deck(deck)
        self._show_samples()

    def deck(self) -> str:
        return self._deck

    def set_trump(self, trump: Trump | None) -> None:
        """The trump in force; the trump sample is a card of its suit (hearts without one)."""
        self._trump = trump if trump is not None and trump.suit is not None else Trump.HEARTS
        self._show_samples()

    def _show_samples(self) -> None:
        suit = self._trump.suit
        assert suit is not None
        other = next(s for s in SUIT_ORDER if s != suit)
        cards = {"trump": Card(suit, Rank.NINE), "legal": Card(other, Rank.KING),
                 "illegal": Card(other, Rank.EIGHT), "hint": Card(other, Rank.ACE),
                 "chosen": Card(other, Rank.SEVEN), "coach": Card(other, Rank.ACE)}
        for sample in self.samples:
            sample.set_deck(self._deck)
            sample.set_card(cards[sample.mark])
            sample.set_marks(legal={"legal": True, "illegal": False}.get(sample.mark),
                             highlighted=sample.mark in ("hint", "coach"),
                             meaning="hint" if sample.mark in ("hint", "coach") else "named",
                             selected=sample.mark == "chosen", trump=self._trump)

    def retranslate_ui(self) -> None:
        self.heading.setText(_("Card marks"))
        names = {"trump": _("Trump"), "legal": _("You may play it"),
                 "illegal": _("You may not play it"),
                 "hint": _("The coach's hint, or the winning card"),
                 "chosen": _("Your choice"), "coach": _("The coach's choice")}
        meanings = {
            "trump": _("A star below the index: trump"),
            "legal": _("A green outline: you may play it"),
            "illegal": _("A faded card: you may not play it"),
            "hint": _("A glow around the card: in your hand the coach's hint, on the table the "
                      "card that wins the trick"),
            "chosen": _("A coloured outline: your choice"),
            "coach": _("A glow around the card: the coach's choice"),
        }
        for sample, name in zip(self.samples, self.names, strict=True):
            name.setText(names[sample.mark])
            sample.set_meaning(meanings[sample.mark])
            name.setAccessibleName(meanings[sample.mark])
        self.setAccessibleName(_("Card marks"))
        self.setAccessibleDescription("; ".join(meanings[m] for m in self.marks))
