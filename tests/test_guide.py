"""The guided first game's coach: what the rules allow before a decision, who took a trick after
it (tutor.table.guide), checked against the engine in seeded random games and in hand-made
positions."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    CHIBRE,
    Card,
    CardSet,
    Game,
    GameView,
    Phase,
    Rules,
    Trump,
    WeisChoice,
    trick_winner,
)
from engine.events import TrickWon
from tests.engine_helpers import SUITS_DEAL, deal, play_out, rules_strategy
from tests.test_deck_words import _ALLOWED, forbidden
from tutor.content.explain import weis_name
from tutor.content.walkthrough import Position, Situation, position
from tutor.i18n import LANGUAGES, set_language
from tutor.names import card_name, set_deck
from tutor.table.guide import NotYourDecision, after_trick, before_decision, play_lines
from tutor.vocab import DECKS

C = Card.parse
H, S = Trump.HEARTS, Trump.SPADES


def where(hand: str, trick: str, trump: Trump = H) -> Position:
    return position(CardSet.parse(hand), [C(code) for code in trick.split()], trump)


# --- what the rules allow, from the rules' words ------------------------------------------------


def rule_legal(at: Position) -> CardSet:
    """The cards RULES.md allows in the situation the guide names, worked out from the rule
    text rather than from the engine's masks."""
    hand, kind = at.hand, at.situation
    tsuit = at.trump.suit

    def not_under(card: Card) -> bool:  # R-NO-UNDERTRUMP
        return at.high is None or trick_winner([*at.trick, card], at.trump) == len(at.trick)

    if kind in (Situation.LEAD, Situation.BUUR_KEPT, Situation.NO_TRUMP, Situation.ONLY_TRUMPS):
        return hand
    if kind is Situation.FOLLOW_TRUMP:
        return at.trumps
    led = at.trick[0].suit
    trumps = CardSet(card for card in at.trumps if not_under(card))
    if kind is Situation.FOLLOW:
        return CardSet(card for card in hand if card.suit == led) | trumps
    return CardSet(card for card in hand if card.suit != tsuit) | trumps


def check_situation(at: Position) -> None:
    """The situation is the one the hand and trick are in, and its allowed set is the rules'."""
    hand, trick, tsuit = at.hand, at.trick, at.trump.suit
    kind = at.situation
    if not trick:
        assert kind is Situation.LEAD
    elif trick[0].suit == tsuit:
        assert kind in (Situation.FOLLOW_TRUMP, Situation.BUUR_KEPT, Situation.NO_TRUMP)
        assert (kind is Situation.NO_TRUMP) == (not at.trumps)
    elif any(card.suit == trick[0].suit for card in hand):
        assert kind is Situation.FOLLOW
    else:
        assert kind in (Situation.DISCARD, Situation.ONLY_TRUMPS)
        assert kind is Situation.DISCARD or at.trumps == hand
    assert rule_legal(at) == at.legal


def check_text(at: Position, lines: list[str]) -> None:
    """Every card of the hand that the text names is legal, and what it says is allowed is
    exactly the engine's legal set (English)."""
    assert 1 <= len(lines) <= 3
    text = " ".join(lines)
    names = {card_name(card): card for card in at.hand}
    named = {card for name, card in names.items() if re.search(rf"\b{name}\b", text)}
    assert named <= set(at.legal), text
    legal = at.legal
    if "any card is allowed." in text:
        assert legal == at.hand, text
    elif len(at.hand) > 1 and at.situation not in (Situation.FOLLOW, Situation.FOLLOW_TRUMP) \
            and legal == at.hand:
        raise AssertionError(f"every card is allowed, the text does not say so: {text}")
    if (one := re.search(r"must play the (.+?)[:,]", text)) or \
            (one := re.search(r"last card, the (.+?),", text)):
        assert legal == CardSet([names[one.group(1)]]), text
    if "you must play one of them." in text:
        assert legal == CardSet(card for card in at.hand if card.suit == at.trick[0].suit), text
    if "you must play one of your trumps." in text:
        assert legal == at.trumps, text
    if "play a card of another suit." in text:
        assert legal == at.hand - at.trumps, text
    listed = re.search(r"(?:one of these trumps|The trumps you may play): (.+?)\.(?: |$)", text)
    if listed:
        shown = CardSet(names[name] for name in listed.group(1).split(", "))
        assert shown == legal & at.trumps, text
    if "or a trump." in text:
        assert at.trumps <= legal, text


# --- seeded random games ------------------------------------------------------------------------


def check_after_trick(won: TrickWon, trump: Trump, rules: Rules) -> None:
    for seat in range(4):
        lines = after_trick(won, trump, seat)
        relative = (won.winner - seat) % 4
        first = lines[0]
        if relative == 0:
            assert first.startswith(f"You take trick {won.number}:")
        else:
            assert first.startswith(("Right", "Partner", "Left")[relative - 1] + " takes trick")
        assert f": {won.points} point" in first
        winning = won.cards[(won.winner - won.leader) % 4]
        assert lines[1].startswith(f"The {card_name(winning)} takes it")
        doubled = rules.pique_double and trump is Trump.SPADES
        assert ("the last trick earns" in lines[2]) == (won.number == 9)
        if won.number == 9:
            assert f"the last trick earns {10 if doubled else 5} more" in lines[2]
        assert (len(lines) == 4) == (doubled and won.points > 0)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), rules=rules_strategy(300))
def test_in_random_games_the_guide_says_what_the_engine_allows(seed: int, rules: Rules) -> None:
    game = Game(rules, seed=seed)
    pick = random.Random(seed)
    tricks = 0
    while not game.is_over:
        view = game.view(game.current_player)
        lines = before_decision(view)
        assert 1 <= len(lines) <= 3
        text = " ".join(lines)
        if view.phase is Phase.TRUMP:
            assert ("or chibre to let your partner choose" in text) == \
                (CHIBRE in view.legal_actions)
            assert text.startswith("Your partner chibred") == view.chibred
        elif view.phase is Phase.WEIS:
            assert all(weis_name(weis) in text for weis in view.own_weis)
        else:
            assert view.trump is not None
            at = position(view.hand, view.trick, view.trump)
            assert set(at.legal) == set(view.legal_actions)
            check_situation(at)
            check_text(at, lines)
        game.apply(pick.choice(view.legal_actions))
        after = game.view(0)
        if after.round == view.round and len(after.tricks) > tricks:
            assert after.trump is not None
            check_after_trick(after.tricks[-1], after.trump, rules)
        tricks = len(after.tricks) if after.round == view.round else 0


def test_only_the_player_to_move_is_told_a_decision() -> None:
    game = Game(deal=SUITS_DEAL)  # seat 2 holds the seven of diamonds
    with pytest.raises(NotYourDecision):
        before_decision(game.view(0))


# --- hand-made positions: one per rule ----------------------------------------------------------

CASES = [
    # hand, trick, situation, the text (English, French deck)
    ("HA H6 SK", "", Situation.LEAD,
     ["You lead: any card is allowed.", "The others must then follow its suit if they can, or "
      "play a trump; a player without that suit may play any card."]),
    ("S6 SK CA", "SA", Situation.FOLLOW,
     ["You hold spades, the led suit: you must play one of them.",
      "Whoever holds the led suit must follow it or play a trump."]),
    ("S6 CK CA", "SA", Situation.FOLLOW,
     ["You must play the six of spades: it is your only card of the led suit, spades.",
      "Whoever holds the led suit must follow it or play a trump."]),
    ("HA H6 SK", "SA", Situation.FOLLOW,
     ["You hold spades, the led suit: play one of them, or a trump.",
      "A trump is allowed at any time, even when you could follow."]),
    ("HA H6 SK S7", "SA H7", Situation.FOLLOW,
     ["You hold spades, the led suit: play one of them, or one of these trumps: ace of hearts.",
      "A trump lower than the seven of hearts would undertrump, and that is not allowed."]),
    ("H6 SK S7", "SA HA", Situation.FOLLOW,
     ["You hold spades, the led suit: you must play one of them.",
      "Your trump is lower than the ace of hearts and would undertrump, which is not allowed."]),
    ("HA H6 CK", "SA", Situation.DISCARD,  # void with trumps, nobody has trumped
     ["You have no spades, the led suit: any card is allowed.",
      "Only a trump can take the trick."]),
    ("D6 CK CA", "SA", Situation.DISCARD,  # void without trumps
     ["You have no spades, the led suit, and no trump: any card is allowed.",
      "None of them can take the trick."]),
    ("HA H6 CK", "SA H7", Situation.DISCARD,
     ["You have no spades, the led suit: any card is allowed except a trump lower than the "
      "seven of hearts, which would undertrump.", "The trumps you may play: ace of hearts."]),
    ("HA HK CK", "SA H7", Situation.DISCARD,
     ["You have no spades, the led suit: any card is allowed.",
      "Each of your trumps is higher than the seven of hearts, the highest trump in the trick."]),
    ("H6 H8 CK", "SA HA", Situation.DISCARD,
     ["You have no spades, the led suit: play a card of another suit.",
      "Your trumps are all lower than the ace of hearts and would undertrump, which is not "
      "allowed."]),
    ("H6 H7", "SA HK", Situation.ONLY_TRUMPS,  # only trumps left, a lower one among them
     ["You have no spades, the led suit, and hold only trumps: any card is allowed.",
      "With nothing else to play, even a trump lower than the king of hearts may be played."]),
    ("HJ S6 CK", "H7", Situation.BUUR_KEPT,  # trump led with only the Buur
     ["Trump was led, and your only trump is the Buur: you need not play it, so any card is "
      "allowed."]),
    ("HA S6 CK", "H7", Situation.FOLLOW_TRUMP,
     ["Trump was led: you must play the ace of hearts, your only trump."]),
    ("HJ HA S6", "H7", Situation.FOLLOW_TRUMP,
     ["Trump was led: you must play one of your trumps.",
      "The Buur may be kept back only when it is a player's only trump."]),
    ("D6 S6 CK", "H7", Situation.NO_TRUMP,
     ["Trump was led and you have no trump: any card is allowed."]),
    ("S6", "SA", Situation.FOLLOW,
     ["Your last card, the six of spades, is the only one left to play."]),
]


@pytest.mark.parametrize(("hand", "trick", "situation", "text"), CASES,
                         ids=[f"{case[2].value}:{case[0]}/{case[1]}" for case in CASES])
def test_each_rule_is_said_with_the_cards_it_allows(hand: str, trick: str, situation: Situation,
                                                     text: list[str]) -> None:
    at = where(hand, trick)
    assert at.situation is situation
    check_situation(at)
    assert play_lines(at) == text
    check_text(at, text)


def _learner_chooses(rules: Rules | None = None) -> Game:
    """A first round in which the learner (seat 0) holds the seven of diamonds."""
    hands = [SUITS_DEAL[2], SUITS_DEAL[1], SUITS_DEAL[0], SUITS_DEAL[3]]
    game = Game(rules, deal=hands)
    assert game.current_player == 0
    return game


def test_at_trump_choice_the_learner_may_chibre_when_the_rules_allow_it() -> None:
    assert before_decision(_learner_chooses().view(0)) == [
        "You choose trump: any of the four suits, or chibre to let your partner choose.",
        "In the first round the player holding the seven of diamonds chooses trump, and that is "
        "you.",
    ]


def test_without_chibre_in_the_first_round_the_trump_choice_says_so() -> None:
    game = _learner_chooses(Rules(chibre_in_first_round=False))
    assert CHIBRE not in game.view(0).legal_actions
    assert before_decision(game.view(0))[:2] == [
        "You choose trump: any of the four suits.",
        "The table rules forbid chibre in the first round.",
    ]


def test_after_the_partners_chibre_the_learner_must_choose() -> None:
    game = Game(deal=SUITS_DEAL)  # seat 2, the learner's partner, holds the seven of diamonds
    game.apply(CHIBRE)
    view = game.view(0)
    assert CHIBRE not in view.legal_actions
    assert before_decision(view) == [
        "Your partner chibred: you must choose trump yourself.",
        "Any of the four suits may be trump; the choice cannot be passed back.",
    ]


def test_in_a_later_round_the_choice_of_trump_passes_on() -> None:
    game = _learner_chooses()
    game.apply(Trump.DIAMONDS)
    play_out(game)
    chooser = game.current_player
    assert game.round == 1 and game.phase is Phase.TRUMP
    lines = before_decision(game.view(chooser))
    assert lines[-1] == "Each round the choice of trump passes to the next player: this round " \
                        "it is yours."


def test_the_weis_decision_names_what_the_hand_holds() -> None:
    game = _learner_chooses()
    game.apply(Trump.HEARTS)
    view = game.view(0)
    assert view.phase is Phase.WEIS and view.own_weis
    assert before_decision(view) == [
        "Your hand holds an announcement: a sequence of 9 to the ace of diamonds (100).",
        "It is announced with your first card, or kept quiet; after the first trick only the "
        "team with the best announcement scores.",
    ]


def test_a_view_from_the_table_is_told_its_cards() -> None:
    game = Game(deal=deal("H6 H7 H8 H9 HT HJ HQ HK SA", "C6 C7 C8 C9 CT CJ CQ CK CA",
                          "D6 D7 D8 D9 DT DJ DQ DK DA", "S6 S7 S8 S9 ST SJ SQ SK HA"))
    game.apply(Trump.DIAMONDS)  # seat 2 chose, and leads
    for card in "D6", "S6":  # seat 3 holds no diamonds
        if game.phase is Phase.WEIS:  # every hand holds a sequence
            game.apply(WeisChoice.WITHHOLD)
        game.apply(C(card))
    assert game.current_player == 0
    game.apply(WeisChoice.WITHHOLD)
    view: GameView = game.view(0)
    assert before_decision(view) == [
        "Trump was led and you have no trump: any card is allowed.",
    ]


# --- after a trick ------------------------------------------------------------------------------


def test_a_plain_trick_goes_to_the_highest_card_of_the_led_suit() -> None:
    won = TrickWon(3, 1, (C("S6"), C("SA"), C("S7"), C("CK")), 2, 15)
    assert after_trick(won, H) == [
        "Partner takes trick 3: 15 points.",
        "The ace of spades takes it: nobody played a trump, and it is the highest card of the "
        "led suit, spades.",
        "Its cards are worth 15 points.",
    ]
    assert after_trick(won, H, seat=2)[0] == "You take trick 3: 15 points."


def test_a_trumped_trick_goes_to_the_trump() -> None:
    won = TrickWon(2, 0, (C("SA"), C("H6"), C("SK"), C("S6")), 1, 15)
    lines = after_trick(won, H)
    assert lines[0] == "Right takes trick 2: 15 points."
    assert lines[1] == "The six of hearts takes it: it is the only trump in the trick, and a " \
                       "trump beats every card of the other suits."


def test_the_last_trick_earns_its_five() -> None:
    won = TrickWon(9, 3, (C("HJ"), C("H9"), C("S6"), C("C6")), 3, 20 + 14 + 5)
    assert after_trick(won, H) == [
        "Left takes trick 9: 39 points.",
        "The jack of hearts takes it: it is the Buur, the highest trump of all.",
        "Its cards are worth 34 points, and the last trick earns 5 more.",
    ]


def test_with_pique_double_the_trick_counts_twice() -> None:
    won = TrickWon(9, 0, (C("C6"), C("C7"), C("C8"), C("C9")), 3, 10)
    assert after_trick(won, S) == [
        "Left takes trick 9: 10 points.",
        "The nine of clubs takes it: nobody played a trump, and it is the highest card of the "
        "led suit, clubs.",
        "Its cards are worth 0 points, and the last trick earns 10 more.",
        "Spades are trump with pique double: everything counts twice.",
    ]


# --- the words of the deck in force -------------------------------------------------------------


def _all_sentences() -> list[str]:
    lines = [line for case in CASES for line in play_lines(where(case[0], case[1]))]
    lines += before_decision(_learner_chooses().view(0))
    game = _learner_chooses()
    game.apply(Trump.HEARTS)
    lines += before_decision(game.view(0))
    lines += after_trick(TrickWon(9, 0, (C("CQ"), C("C7"), C("SJ"), C("C9")), 2, 56), S)
    lines += after_trick(TrickWon(4, 0, (C("DQ"), C("DT"), C("HJ"), C("D9")), 0, 30), S)
    return lines


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_sentence_names_a_suit_or_rank_of_the_other_deck(lang: str, deck: str) -> None:
    words = forbidden(lang, deck)
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(words))) + r")\b", re.I)
    set_language(lang)
    set_deck(deck)
    wrong = []
    for line in _all_sentences():
        visible = line
        for allowed in _ALLOWED[lang]:
            visible = re.sub(re.escape(allowed), " ", visible, flags=re.I)
        if found := sorted({m.group(0) for m in pattern.finditer(visible)}):
            wrong.append(f"{line!r}: {', '.join(found)}")
    assert wrong == []


@pytest.mark.parametrize("won", [
    TrickWon(3, 1, (C("S6"), C("SA"), C("S7"), C("CK")), 2, 11),  # worth 15
    TrickWon(3, 1, (C("S6"), C("SA"), C("S7"), C("CK")), 1, 15),  # the ace is partner's
])
def test_a_trick_the_engine_could_not_have_scored_is_refused(won: TrickWon) -> None:
    with pytest.raises(ValueError, match="trick 3"):
        after_trick(won, H)
