"""Cards drawn by our own code: faces, marks, accessible names, keyboard, hand and trick."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication

from engine import Card, CardSet, Trump
from engine.cards import ALL_CARDS
from tutor import names
from tutor.ui.widgets.card import CardWidget, display_order
from tutor.ui.widgets.cardfaces import card_pixmap, paint_card
from tutor.ui.widgets.hand import HandView
from tutor.ui.widgets.marks import TrumpBadge
from tutor.ui.widgets.trick import TrickView
from tutor.vocab import DECKS

HAND = CardSet.parse("HJ H9 HA C6 CK DT D7 S8 SQ")


def render(card: Card | None, deck: str, height: int) -> QImage:
    width = round(height * 0.66)
    image = QImage(width, height, QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    try:
        paint_card(painter, QRectF(0, 0, width, height), card, deck)
    finally:
        painter.end()  # a painter left active on an error crashes when the image goes first
    return image


def ink_pixels(image: QImage) -> int:
    """Pixels that are neither transparent nor the white of the card."""
    count = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            color = image.pixelColor(x, y)
            if color.alpha() > 200 and min(color.red(), color.green(), color.blue()) < 200:
                count += 1
    return count


@pytest.fixture
def french_names():
    yield
    names.set_deck("french")


@pytest.fixture
def hand(qtbot):
    view = HandView(height=90)
    qtbot.addWidget(view)
    view.set_cards(HAND)
    view.resize(view.sizeHint())
    view.show()
    qtbot.waitExposed(view)
    return view


@pytest.mark.parametrize("deck", DECKS)
def test_every_card_paints_visibly_and_differently(qapp, deck):
    seen = set()
    for card in [*ALL_CARDS, None]:
        for height in (40, 120):
            image = render(card, deck, height)
            assert ink_pixels(image) > 0, (card, height)
        image = render(card, deck, 80)
        seen.add(bytes(image.constBits()))
    assert len(seen) == 37


def test_the_decks_look_different(qapp):
    for card in (Card.parse("HJ"), Card.parse("ST"), Card.parse("D6")):
        assert render(card, "french", 90) != render(card, "german", 90)


def test_card_pixmap_is_sharp_on_hidpi(qapp):
    pixmap = card_pixmap(Card.parse("HA"), "french", 100, 2.0)
    assert (pixmap.width(), pixmap.height()) == (132, 200)
    assert pixmap.devicePixelRatio() == 2.0


def test_unknown_deck_is_refused(qapp):
    with pytest.raises(ValueError):
        render(Card.parse("HA"), "tarot", 60)


def test_accessible_name_tells_trump_and_legality(qtbot, french_names):
    widget = CardWidget(Card.parse("HJ"))
    qtbot.addWidget(widget)
    assert widget.accessibleName() == "Jack of hearts"
    widget.set_marks(legal=True, trump=Trump.HEARTS)
    assert widget.accessibleName() == "Jack of hearts — trump — legal"
    widget.set_marks(legal=False, selected=True, trump=Trump.SPADES)
    assert widget.accessibleName() == "Jack of hearts — not allowed — selected"
    names.set_deck("german")
    widget.retranslate_ui()
    assert widget.accessibleName() == "Under of roses — not allowed — selected"
    assert CardWidget(None).accessibleName() == "Face-down card"


def test_card_is_a_focusable_button_emitting_its_card(qtbot):
    widget = CardWidget(Card.parse("S6"), height=80)
    qtbot.addWidget(widget)
    assert widget.focusPolicy() == Qt.FocusPolicy.StrongFocus
    assert widget.width() >= round(80 * 0.66)
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Space):
        with qtbot.waitSignal(widget.activated) as signal:
            qtbot.keyClick(widget, key)
        assert signal.args == [Card.parse("S6")]
    with qtbot.waitSignal(widget.activated):
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=widget.rect().center())


def test_hand_is_sorted_by_suit_trump_first(hand):
    assert [str(c) for c in hand.cards()][:3] == ["HA", "HJ", "H9"]
    hand.set_trump(Trump.DIAMONDS)
    assert [str(c) for c in hand.cards()] == ["DT", "D7", "SQ", "S8", "HA", "HJ", "H9", "CK", "C6"]
    assert display_order(CardSet.parse("S6 SA"), Trump.UNDENUFE)[0] == Card.parse("S6")


def test_arrows_move_focus_and_enter_chooses(qtbot, hand):
    hand.set_selectable("single")
    widgets = hand.card_widgets()
    widgets[0].setFocus()
    qtbot.waitUntil(widgets[0].hasFocus)
    qtbot.keyClick(widgets[0], Qt.Key.Key_Right)
    assert widgets[1].hasFocus()
    qtbot.keyClick(widgets[1], Qt.Key.Key_End)
    assert widgets[-1].hasFocus()
    qtbot.keyClick(widgets[-1], Qt.Key.Key_Left)
    assert widgets[-2].hasFocus()
    qtbot.keyClick(widgets[-2], Qt.Key.Key_Home)
    assert widgets[0].hasFocus()
    with qtbot.waitSignal(hand.card_chosen) as signal:
        qtbot.keyClick(widgets[0], Qt.Key.Key_Return)
    assert signal.args == [widgets[0].card]
    assert hand.selected() == CardSet([widgets[0].card])


def test_space_toggles_selection_in_multi_mode(qtbot, hand):
    hand.set_selectable("multi")
    first, second = hand.card_widgets()[:2]
    first.setFocus()
    qtbot.waitUntil(first.hasFocus)
    with qtbot.waitSignal(hand.selection_changed) as signal:
        qtbot.keyClick(first, Qt.Key.Key_Space)
    assert signal.args == [CardSet([first.card])]
    qtbot.keyClick(first, Qt.Key.Key_Right)
    qtbot.keyClick(second, Qt.Key.Key_Space)
    assert hand.selected() == CardSet([first.card, second.card])
    assert first.selected and "selected" in first.accessibleName()
    qtbot.keyClick(second, Qt.Key.Key_Space)
    assert hand.selected() == CardSet([first.card])
    hand.clear_selection()
    assert hand.selected() == CardSet() and not first.selected


def test_none_mode_chooses_nothing(qtbot, hand):
    widget = hand.card_widgets()[0]
    with qtbot.assertNotEmitted(hand.card_chosen), qtbot.assertNotEmitted(hand.selection_changed):
        qtbot.keyClick(widget, Qt.Key.Key_Return)
    assert hand.selected() == CardSet()


def test_set_legal_marks_and_dims(hand):
    legal = CardSet.parse("HJ H9 HA")
    hand.set_legal(legal)
    for widget in hand.card_widgets():
        assert widget.legal is (widget.card in legal)
        assert widget.dimmed is (widget.card not in legal)
    dimmed = next(w for w in hand.card_widgets() if w.dimmed)
    assert dimmed.accessibleName().endswith("— not allowed")
    before = dimmed.grab().toImage()
    hand.set_legal(None)
    assert all(w.legal is None and not w.dimmed for w in hand.card_widgets())
    assert dimmed.grab().toImage() != before


def test_highlight_and_trump_marks(hand):
    hand.set_trump(Trump.HEARTS)
    hand.set_highlight(CardSet.parse("CK"))
    king = hand.widget_for(Card.parse("CK"))
    jack = hand.widget_for(Card.parse("HJ"))
    assert king.highlighted and not jack.highlighted
    assert jack.is_trump and "trump" in jack.accessibleName()
    assert not king.is_trump


def test_hand_overlaps_when_space_is_short(hand):
    wide = [w.x() for w in hand.card_widgets()]
    hand.resize(hand.minimumSizeHint().width(), hand.height())
    narrow = [w.x() for w in hand.card_widgets()]
    assert narrow[-1] - narrow[0] < wide[-1] - wide[0]
    assert narrow[1] - narrow[0] < hand.card_widgets()[0].card_rect().width()


def test_deck_switch_repaints(hand):
    widget = hand.card_widgets()[1]
    before = widget.grab().toImage()
    hand.set_deck("german")
    assert widget.deck == "german"
    assert widget.grab().toImage() != before


@pytest.mark.parametrize("leader", range(4))
def test_trick_card_i_lies_at_seat_leader_plus_i(qtbot, leader):
    view = TrickView(height=80)
    qtbot.addWidget(view)
    view.resize(view.sizeHint())
    trick = [Card.parse(c) for c in ("S9", "SA", "HJ")]
    view.set_trick(trick, leader=leader)
    for i, card in enumerate(trick):
        assert view.card_at((leader + i) % 4) == card
    assert view.card_at((leader + 3) % 4) is None
    assert [w.card for w in view.card_widgets()] == trick


def test_trick_seats_are_placed_around_the_table(qtbot):
    view = TrickView(height=80)
    qtbot.addWidget(view)
    view.resize(view.sizeHint())
    you, right, partner, left = (view.seat_center(s) for s in range(4))
    assert you.y() > right.y() > partner.y()
    assert left.x() < you.x() < right.x()


def test_trick_cards_become_choosable(qtbot):
    view = TrickView(height=80)
    qtbot.addWidget(view)
    view.set_trick([Card.parse("S9"), Card.parse("SA")], leader=2)
    widget = view.seat_widget(3)
    assert widget.focusPolicy() == Qt.FocusPolicy.NoFocus
    with qtbot.assertNotEmitted(view.card_chosen):
        widget.click()
    view.set_selectable(True)
    assert widget.focusPolicy() == Qt.FocusPolicy.StrongFocus
    with qtbot.waitSignal(view.card_chosen) as signal:
        qtbot.keyClick(widget, Qt.Key.Key_Space)
    assert signal.args == [Card.parse("SA")]


def test_trump_badge_names_the_trump(qtbot, french_names):
    badge = TrumpBadge()
    qtbot.addWidget(badge)
    assert badge.accessibleName() == "Trump: not chosen yet"
    badge.set_trump(Trump.HEARTS)
    assert badge.accessibleName() == "Trump: hearts"
    names.set_deck("german")
    badge.set_deck("german")
    assert badge.accessibleName() == "Trump: roses"
    badge.set_trump(Trump.OBENABE)
    assert badge.accessibleName() == "Trump: Obenabe"
    assert not badge.grab().toImage().isNull()


def test_down_and_up_jump_to_the_next_and_the_previous_suit_of_the_hand(qtbot, hand):
    widgets = hand.card_widgets()
    suits = [w.card.suit for w in widgets]
    starts = [i for i in range(len(suits)) if i == 0 or suits[i] != suits[i - 1]]
    assert len(starts) >= 3, "the hand of the test holds three suits at least"
    widgets[starts[0] + 1 if starts[1] > 1 else 0].setFocus()
    qtbot.waitUntil(lambda: any(w.hasFocus() for w in widgets))
    for start in starts[1:]:
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)
        assert widgets[start].hasFocus()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Down)  # no suit after the last
    assert widgets[starts[-1]].hasFocus()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Up)
    assert widgets[starts[-2]].hasFocus()
