"""Slow, obviously correct references for the engine tests: written straight from
RULES.md with Card objects and no tables, to be compared with the fast engine."""

from __future__ import annotations

from engine import Card, CardSet, Rank, Suit, Trump

TRUMP_ORDER = [Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.TEN, Rank.QUEEN, Rank.KING, Rank.ACE,
               Rank.NINE, Rank.JACK]  # weakest first (R-ORDER-TRUMP)
PLAIN_ORDER = list(Rank)  # weakest first (R-ORDER-PLAIN)


def is_trump(card: Card, trump: Trump) -> bool:
    return trump.suit is not None and card.suit == trump.suit


def beats(a: Card, b: Card, led: Suit, trump: Trump) -> bool:
    """Does ``a`` beat ``b`` when ``led`` was led (R-TRICK)?"""
    if is_trump(a, trump) and is_trump(b, trump):
        return TRUMP_ORDER.index(a.rank) > TRUMP_ORDER.index(b.rank)
    if is_trump(a, trump) != is_trump(b, trump):
        return is_trump(a, trump)
    if a.suit == led and b.suit == led:
        return PLAIN_ORDER.index(a.rank) > PLAIN_ORDER.index(b.rank)
    return a.suit == led and b.suit != led


def reference_winner(trick: list[Card], trump: Trump) -> int:
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[best], trick[0].suit, trump):
            best = i
    return best


def reference_legal(hand: CardSet, trick: list[Card], trump: Trump) -> set[Card]:
    cards = list(hand)
    if not trick:
        return set(cards)
    led = trick[0].suit
    trumps = [c for c in cards if is_trump(c, trump)]
    if is_trump(trick[0], trump):
        buur = Card(trick[0].suit, Rank.JACK)
        if trumps and trumps != [buur]:  # R-FOLLOW-TRUMP, R-BUUR
            return set(trumps)
        return set(cards)
    can_follow = any(c.suit == led for c in cards)
    played_trumps = [c for c in trick if is_trump(c, trump)]
    only_trumps = len(trumps) == len(cards)
    legal = set()
    for card in cards:
        if is_trump(card, trump):  # R-TRUMP-ANYTIME, R-NO-UNDERTRUMP
            under = any(beats(t, card, led, trump) for t in played_trumps)
            if not under or only_trumps:
                legal.add(card)
        elif card.suit == led or not can_follow:  # R-FOLLOW, R-DISCARD
            legal.add(card)
    return legal
