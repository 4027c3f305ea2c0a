"""The Settings page: language, deck, card size, speech, the table options and the goal."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QFrame,
    QScrollArea,
    QSizePolicy,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from engine import FIRST_TRUMP_CARDS, NO_CONVENTIONS, STANDARD_TARGETS, Conventions, Rules, Suit
from engine import Signal as DiscardSignal
from tutor.design import (
    APPEARANCE_NAMES,
    APPEARANCES,
    DEFAULT_APPEARANCE,
    SUBHEADING,
    TITLE,
    Appearance,
)
from tutor.i18n import LANGUAGE_NAMES, Language, _, available_languages
from tutor.names import capitalized, suit_name
from tutor.progress.overview import DEFAULT_GOAL, GOALS, Goal, goal_from_key
from tutor.rule_options import (
    convention_meaning,
    format_value,
    signal_meaning,
    signal_name,
)
from tutor.settings import CARD_HEIGHT_MAX, CARD_HEIGHT_MIN
from tutor.speech import DEFAULT_SPEECH, SPEECH_LEVELS
from tutor.ui.pages.progress import goal_text
from tutor.ui.widgets.common import (
    choice_box,
    dim,
    label,
    landing,
    scrolled,
    with_note,
)
from tutor.vocab import DECKS, Deck

SUIT_ORDER = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES)


class SettingsPage(QScrollArea):
    """Language, deck, card size, the daily goal, the table options and the table's discard
    signal (a convention, Chibre only); each change applies at once (a game in progress keeps
    the options and the convention it began with)."""

    language_changed = Signal(str)
    look_changed = Signal(str, int)  # deck, card height
    rules_changed = Signal(object)  # Rules
    goal_changed = Signal(object)  # tutor.progress.overview.Goal
    speech_changed = Signal(str)  # what a screen reader hears of the table (tutor.speech)
    conventions_changed = Signal(object)  # engine.Conventions
    appearance_changed = Signal(str)  # tutor.design.Appearance
    motion_changed = Signal(bool)  # reduce motion

    def __init__(self, language: Language, deck: Deck, card_height: int, rules: Rules,
                 parent: QWidget | None = None, *, goal: Goal = DEFAULT_GOAL,
                 speech: str = DEFAULT_SPEECH,
                 conventions: Conventions = NO_CONVENTIONS,
                 appearance: Appearance = DEFAULT_APPEARANCE,
                 reduce_motion: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("settingsPage")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        column = QWidget()
        layout = QVBoxLayout(column)
        layout.setContentsMargins(0, 24, 0, 24)
        self.heading = landing(label("settingsHeading", scale=TITLE, bold=True))
        layout.addWidget(self.heading)
        self.form = QFormLayout()
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        layout.addLayout(self.form)
        layout.addStretch(1)
        self._build(language, deck, card_height, rules, goal, speech, conventions)
        self.appearance.setCurrentIndex(max(0, self.appearance.findData(appearance)))
        self.appearance.currentIndexChanged.connect(
            lambda: self.appearance_changed.emit(self.appearance.currentData()))
        self.motion.setChecked(reduce_motion)
        self.motion.toggled.connect(self.motion_changed.emit)
        self.setWidget(scrolled(column))

    def _build(self, language: Language, deck: Deck, card_height: int, rules: Rules,
               goal: Goal, speech: str, conventions: Conventions) -> None:
        self.language = choice_box("languageBox")
        for code in available_languages():
            self.language.addItem(LANGUAGE_NAMES[code], code)
        self.language.setCurrentIndex(max(0, self.language.findData(language)))
        self.language.currentIndexChanged.connect(
            lambda: self.language_changed.emit(self.language.currentData()))
        self.deck = choice_box("deckBox")
        for each_deck in DECKS:
            self.deck.addItem("", each_deck)
        self.deck.setCurrentIndex(max(0, self.deck.findData(deck)))
        self.deck.currentIndexChanged.connect(self._look)
        self.card_size = QSlider(Qt.Orientation.Horizontal)
        self.card_size.setObjectName("cardSize")
        self.card_size.setRange(CARD_HEIGHT_MIN, CARD_HEIGHT_MAX)
        self.card_size.setSingleStep(5)
        self.card_size.setPageStep(20)
        self.card_size.setValue(card_height)
        self.card_size.valueChanged.connect(self._look)
        self.goal = choice_box("dailyGoalBox")
        for choice in GOALS:
            self.goal.addItem("", choice.key)
        self.goal.setCurrentIndex(max(0, self.goal.findData(goal.key)))
        self.goal.currentIndexChanged.connect(
            lambda: self.goal_changed.emit(goal_from_key(self.goal.currentData())))
        self.speech = choice_box("speechBox")
        for level in SPEECH_LEVELS:
            self.speech.addItem("", level)
        self.speech.setCurrentIndex(max(0, self.speech.findData(speech)))
        self.speech.currentIndexChanged.connect(
            lambda: self.speech_changed.emit(self.speech.currentData()))
        self.appearance = choice_box("appearanceBox")
        for each in APPEARANCES:
            self.appearance.addItem("", each)
        self.motion = QCheckBox()
        self.motion.setObjectName("reduceMotion")
        self.first_card = choice_box("firstTrumpCard")
        for card in FIRST_TRUMP_CARDS:
            self.first_card.addItem("", str(card))
        self.chibre_first = QCheckBox()
        self.chibre_first.setObjectName("chibreFirstRound")
        self.pique = QCheckBox()
        self.pique.setObjectName("piqueDouble")
        self.long = QCheckBox()
        self.long.setObjectName("longSequences")
        self.target = choice_box("targetBox")
        self.finish = QCheckBox()
        self.finish.setObjectName("finishRound")
        for check in (self.motion, self.chibre_first, self.pique, self.long, self.finish):
            # as wide as its box, so that the focus ring goes round the box, not the row
            check.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.signal = choice_box("discardSignalBox")
        for signal in DiscardSignal:
            self.signal.addItem("", signal.value)
        # what the signal chosen says, in a line that wraps under its choice
        self.signal_meaning = dim(label("discardSignalMeaning", wrap=True))
        signal_field = with_note(self.signal, self.signal_meaning)
        # The deck's suits, named in words under its choice: a line that wraps, not a long
        # item in the box that would be cut in a narrow window.
        self.deck_suits = dim(label("deckSuits", wrap=True))
        deck_field = with_note(self.deck, self.deck_suits)
        # Captions stay on one line (a wrapped caption with a shortcut letter is cut by Qt at
        # some widths); a long one puts its field on the next line (WrapLongRows).
        self.captions = [label(f"caption{index}") for index in range(14)]
        widgets: tuple[QWidget, ...] = (
            self.language, self.appearance, self.deck, self.card_size, self.motion, self.goal,
            self.speech, self.first_card,
            self.chibre_first, self.pique, self.long, self.target, self.finish, self.signal)
        fields: dict[QWidget, QWidget] = {self.deck: deck_field, self.signal: signal_field}
        # two groups (issue 35): the app's own choices, then the table's rules and conventions
        self.app_heading = label("settingsAppHeading", scale=SUBHEADING, bold=True, wrap=True)
        self.table_heading = label("settingsTableHeading", scale=SUBHEADING, bold=True, wrap=True)
        self.table_heading.setContentsMargins(0, 14, 0, 0)
        for caption, widget in zip(self.captions, widgets, strict=True):
            if widget is self.language:
                self.form.addRow(self.app_heading)
            elif widget is self.first_card:
                self.form.addRow(self.table_heading)
            caption.setBuddy(widget)
            self.form.addRow(caption, fields.get(widget, widget))
        self.show_rules(rules)
        for box in (self.first_card, self.target):
            box.currentIndexChanged.connect(self._rules)
        self.pique.toggled.connect(self._pique_target)
        for check in (self.chibre_first, self.pique, self.long, self.finish):
            check.toggled.connect(self._rules)
        self.show_conventions(conventions)
        self.signal.currentIndexChanged.connect(self._conventions)

    def show_conventions(self, conventions: Conventions) -> None:
        self.signal.blockSignals(True)
        self.signal.setCurrentIndex(max(0, self.signal.findData(conventions.discard.value)))
        self.signal.blockSignals(False)
        self._say_signal()

    def current_conventions(self) -> Conventions:
        return Conventions(DiscardSignal(self.signal.currentData()))

    def _conventions(self) -> None:
        self._say_signal()
        self.conventions_changed.emit(self.current_conventions())

    def _say_signal(self) -> None:
        meaning = signal_meaning(self.current_conventions().discard)
        self.signal_meaning.setText(meaning)
        self.signal.setToolTip(meaning)

    def show_rules(self, rules: Rules) -> None:
        widgets = (self.first_card, self.chibre_first, self.pique, self.long, self.target,
                   self.finish)
        for widget in widgets:
            widget.blockSignals(True)
        self.first_card.setCurrentIndex(self.first_card.findData(str(rules.first_trump_card)))
        self.chibre_first.setChecked(rules.chibre_in_first_round)
        self.pique.setChecked(rules.pique_double)
        self.long.setChecked(rules.long_sequences)
        self.finish.setChecked(rules.finish_round)
        self.target.clear()
        for points in self._targets(rules):
            self.target.addItem(format_value("target", points), points)
        self.target.setCurrentIndex(self.target.findData(rules.target))
        for widget in widgets:
            widget.blockSignals(False)

    @staticmethod
    def _targets(rules: Rules) -> tuple[int, ...]:
        """The targets offered: the standard ones, and the one in force when it is another
        (rules given by the command line or a test), so the box always shows the target
        played to."""
        if rules.target in STANDARD_TARGETS:
            return STANDARD_TARGETS
        return tuple(sorted((*STANDARD_TARGETS, rules.target)))

    def current_rules(self) -> Rules:
        return Rules(first_trump_card=self.first_card.currentData(),
                     chibre_in_first_round=self.chibre_first.isChecked(),
                     pique_double=self.pique.isChecked(),
                     long_sequences=self.long.isChecked(),
                     target=self.target.currentData(),
                     finish_round=self.finish.isChecked())

    def _pique_target(self, on: bool) -> None:
        """Pique double plays to 1500 (R-TARGET): move the usual target along with it."""
        usual = self.target.findData(Rules(pique_double=False).target)
        doubled = self.target.findData(Rules(pique_double=True).target)
        self.target.blockSignals(True)
        if on and self.target.currentIndex() == usual:
            self.target.setCurrentIndex(doubled)
        elif not on and self.target.currentIndex() == doubled:
            self.target.setCurrentIndex(usual)
        self.target.blockSignals(False)

    def _rules(self) -> None:
        self.rules_changed.emit(self.current_rules())

    def _look(self) -> None:
        self.look_changed.emit(self.deck.currentData(), self.card_size.value())

    def retranslate_ui(self) -> None:
        self.heading.setText(_("Settings"))
        self.app_heading.setText(_("The app"))
        self.table_heading.setText(_("The table: rules and conventions of a new game"))
        texts = (_("&Language"), _("Appearanc&e"), _("&Deck"), _("Card &size"),
                 _("Reduce &motion"), _("Daily go&al"),
                 _("Screen &reader at the table"), _("&First trump chosen by"),
                 _("&Chibre in the first round"),
                 capitalized(_("{suit} count double (&pique double)").format(
                     suit=suit_name(Suit.SPADES))),
                 _("L&ong sequences (150 to 300)"), _("&Target"), _("&Play the round out"),
                 _("Discard si&gnal"))
        for caption, text in zip(self.captions, texts, strict=True):
            caption.setText(text)
        deck_names: dict[Deck, str] = {"french": _("French-suited"),
                                       "german": _("Swiss German-suited")}
        for index, each_deck in enumerate(DECKS):
            self.deck.setItemText(index, deck_names[each_deck])
        for index, each in enumerate(APPEARANCES):
            self.appearance.setItemText(index, _(APPEARANCE_NAMES[each]))
        self.motion.setToolTip(_("Cards go to their place at once, without moving across "
                                 "the table"))
        # the suits of the deck in force, so a French-suited screen never names a rose
        suits = ", ".join(suit_name(suit) for suit in SUIT_ORDER)
        self.deck_suits.setText(_("Suits: {suits}").format(suits=suits))
        for index, card in enumerate(FIRST_TRUMP_CARDS):
            self.first_card.setItemText(index, format_value("first_trump_card", str(card)))
        self.card_size.setAccessibleName(_("Card size"))
        self.card_size.setToolTip(
            _("Card height: {pixels} pixels").format(pixels=self.card_size.value()))
        for index in range(self.target.count()):
            self.target.setItemText(index, format_value("target", self.target.itemData(index)))
        for index, choice in enumerate(GOALS):
            self.goal.setItemText(index, goal_text(choice))
        speech = {"cards": _("says every card played"),
                  "tricks": _("says the tricks only"), "off": _("says nothing as it happens")}
        for index, level in enumerate(SPEECH_LEVELS):
            self.speech.setItemText(index, speech[level])
        for index, signal in enumerate(DiscardSignal):
            self.signal.setItemText(index, capitalized(signal_name(signal)))
        self.signal.setAccessibleDescription(convention_meaning("discard"))
        self._say_signal()
        self.speech.setToolTip(_(
            "What a screen reader hears of the table as it happens: each card, each trick with "
            "its points, the announcements and the trump"))
