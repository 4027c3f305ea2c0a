"""The Play page's tool bar (``PlayBar``): new game, guided game, resume, the table options,
statistics and the hint on one row (it wraps onto a second when the window is narrow or the font
large); the table options (the game to play: Chibre, Pomme for 2, 3 or 5; the bots' levels and
the coach's) in a small panel under it, shown by their button."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tutor.i18n import _, format_number, ngettext
from tutor.names import seat_name
from tutor.table import pomme_words, words
from tutor.table.controller import GUIDED_TARGET
from tutor.table.pomme import GUIDED_POMME_ROUNDS
from tutor.ui.widgets.common import choice_box
from tutor.ui.widgets.flow import FlowLayout
from tutor.vocab import (
    BOT_LEVELS,
    COACH_LEVELS,
    DEFAULT_BOT,
    DEFAULT_COACH,
    DEFAULT_VARIANT,
    LEARNER,
    VARIANT_PLAYERS,
    VARIANTS,
    CoachLevel,
    Player,
    Variant,
)


class PlayBar(QWidget):
    """The tool bar (see the module text): it says what was chosen, the page acts on it."""

    variant_chosen = Signal()
    coach_chosen = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("playBar")
        self.new_button = _button("newGame")
        self.guided_button = _button("guidedGame")
        self.resume_button = _button("resumeGame")
        self.hint_button = _button("hintButton")
        self.stats_button = _button("statsButton")
        self.variant_box = choice_box("variant")
        for variant in VARIANTS:
            self.variant_box.addItem("", variant)
        self.variant_box.currentIndexChanged.connect(lambda _i: self._variant_changed())
        self.level_boxes: list[QComboBox] = []
        self.level_labels: list[QLabel] = []
        self.level_pairs: list[QWidget] = []
        for seat in (1, 2, 3, 4):  # the fourth only for Pomme for 5
            box = choice_box(f"level{seat}")
            for bot in BOT_LEVELS:
                box.addItem("", bot)
            box.setCurrentIndex(BOT_LEVELS.index(DEFAULT_BOT))
            self.level_boxes.append(box)
            self.level_labels.append(QLabel())
        self.coach_box = choice_box("coachLevel")
        for coach in COACH_LEVELS:
            self.coach_box.addItem("", coach)
        self.coach_box.setCurrentIndex(COACH_LEVELS.index(DEFAULT_COACH))
        self.coach_box.currentIndexChanged.connect(lambda _i: self.coach_chosen.emit())
        self.coach_label = QLabel()
        # the table's options (the game, the bots' levels, the coach) in a small panel under
        # the tool bar, behind one button, so that the tool bar keeps to one row
        self.options_button = _button("tableOptions")
        self.options_button.setCheckable(True)
        self.options_button.toggled.connect(self._show_options)
        self.options = QFrame()
        self.options.setObjectName("tableOptionsPanel")
        options = FlowLayout(self.options)
        # the game to play: its items say what they are ("Chibre", "Pomme for 3"), so it has no
        # caption; its name says "Game"
        options.addWidget(self.variant_box)
        for caption, box in (*zip(self.level_labels, self.level_boxes, strict=True),
                             (self.coach_label, self.coach_box)):
            caption.setBuddy(box)
            pair = _pair(caption, box)
            if box in self.level_boxes:
                self.level_pairs.append(pair)
            options.addWidget(pair)
        self.level_pairs[3].hide()
        self.options.hide()
        top = QWidget()
        top.setObjectName("playBarRow")
        flow = FlowLayout(top)
        for button in (self.new_button, self.guided_button, self.resume_button,
                       self.options_button):
            flow.addWidget(button)
        flow.add_stretch()
        flow.addWidget(self.stats_button)
        flow.addWidget(self.hint_button)
        # a little less padding than elsewhere: the row holds five buttons at 800x560 in German
        top.setStyleSheet("QPushButton { padding-left: 9px; padding-right: 9px; }")
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(4)
        column.addWidget(top)
        column.addWidget(self.options)

    def _show_options(self, shown: bool) -> None:
        """The table options' panel, shown or hidden by its button; focus goes into it."""
        self.options.setVisible(shown)
        if shown:
            self.variant_box.setFocus()

    def variant(self) -> Variant:
        """The game chosen for the next new game: Chibre, Pomme for 3 or for 5."""
        chosen = self.variant_box.currentData()
        return chosen if chosen in VARIANTS else DEFAULT_VARIANT

    def seats(self, players: int | None = None) -> list[Player]:
        """The learner at ``LEARNER_SEAT`` (0), then the bots at the levels chosen, as many
        as the game chosen (or ``players``) seats."""
        count = players if players is not None else VARIANT_PLAYERS[self.variant()]
        return [LEARNER, *(box.currentData() for box in self.level_boxes[:count - 1])]

    def choose(self, variant: Variant) -> None:
        """Choose ``variant`` for the next new game."""
        index = self.variant_box.findData(variant)
        if index >= 0:
            self.variant_box.setCurrentIndex(index)

    def coach(self) -> CoachLevel:
        level: CoachLevel = self.coach_box.currentData()
        return level

    def _variant_changed(self) -> None:
        """The tool bar names the seats of the game chosen (and offers the fourth bot for
        Pomme for 5)."""
        players = VARIANT_PLAYERS[self.variant()]
        for index, pair in enumerate(self.level_pairs):
            visible = index < players - 1
            if pair.isVisibleTo(self.options) != visible and (visible or not pair.isHidden()):
                pair.setVisible(visible)
        self._name_levels()
        self._name_guided()
        self.variant_chosen.emit()

    def show_game(self, variant: Variant, seats: Sequence[Player], coach: CoachLevel) -> None:
        """Show the choices of the game at the table (a resumed one too)."""
        index = self.variant_box.findData(variant)
        if index >= 0 and self.variant_box.currentIndex() != index:
            self.variant_box.setCurrentIndex(index)  # names the seats of the game at the table
        for box, name in [*zip(self.level_boxes, seats[1:], strict=False),
                          (self.coach_box, coach)]:
            index = box.findData(name)
            if index >= 0 and box.currentIndex() != index:
                box.blockSignals(True)
                box.setCurrentIndex(index)
                box.blockSignals(False)

    def _name_levels(self) -> None:
        players = VARIANT_PLAYERS[self.variant()]
        for index, (caption, box) in enumerate(zip(self.level_labels, self.level_boxes,
                                                   strict=True)):
            seat = index + 1
            if seat == 4:  # Pomme for 5's alone
                name = pomme_words.seat_name(seat, 5)
            elif players == 4 or seat >= players:
                name = seat_name(seat)
            else:
                name = pomme_words.seat_name(seat, players)
            caption.setText(name + ":")
            box.setAccessibleName(_("Bot at {seat}").format(seat=name))

    def _name_guided(self) -> None:
        """The guided game of the game chosen: Chibre's to a target, Pomme's a few rounds."""
        if self.variant() == "chibre":
            text = _("Guided game (to {target})").format(target=format_number(GUIDED_TARGET))
        else:
            text = ngettext("Guided game ({count} round)", "Guided game ({count} rounds)",
                            GUIDED_POMME_ROUNDS).format(count=GUIDED_POMME_ROUNDS)
        self.guided_button.setText(text)

    def retranslate_ui(self) -> None:
        self.new_button.setText(_("New game"))
        self._name_guided()
        self.guided_button.setToolTip(_(
            "A short first game: before each of your decisions the coach says what the rules "
            "allow, and after each trick who took it and why."))
        self.resume_button.setText(_("Resume the unfinished game"))
        self.variant_box.setAccessibleName(_("Game"))
        self.variant_box.setToolTip(_("The game a new game plays: Chibre for four, or Pomme "
                                      "for two, three or five"))
        for index, variant in enumerate(VARIANTS):
            self.variant_box.setItemText(index, pomme_words.variant_name(
                VARIANT_PLAYERS[variant]))
        self._name_levels()
        for box in self.level_boxes:
            for index, bot in enumerate(BOT_LEVELS):
                box.setItemText(index, words.level_name(bot))
        self.coach_label.setText(_("Coach:"))
        self.coach_box.setAccessibleName(_("Coach"))
        for index, coach in enumerate(COACH_LEVELS):
            self.coach_box.setItemText(index, words.coach_level_name(coach))
        self.hint_button.setText(_("Hint (H)"))
        self.hint_button.setToolTip(_("The coach's best choice and why (H)"))
        self.stats_button.setText(_("Statistics"))
        self.options_button.setText(_("Table options"))
        self.options_button.setToolTip(_("The game to play, the bots' levels and the coach"))


def _button(name: str) -> QPushButton:
    button = QPushButton()
    button.setObjectName(name)
    return button


def _pair(caption: QLabel, box: QComboBox) -> QWidget:
    """A caption and its choice, kept together on one row of the tool bar."""
    pair = QWidget()
    row = QHBoxLayout(pair)
    row.setContentsMargins(0, 0, 0, 0)
    row.setSpacing(4)
    row.addWidget(caption)
    row.addWidget(box)
    return pair


__all__ = ["PlayBar"]
