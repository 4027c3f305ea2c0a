"""Reading YAML into checked values, every problem reported: the ``Reader``, and the readers
several kinds share (no Qt); each kind's own are in its module (``tutor.content.kinds.<kind>``).

A reader never raises on bad content: it reports each problem with its key path (``Reader.fail``)
and returns ``None``, so that one run lists every problem of a file.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from engine import (
    POMME_HAND_SIZE,
    Card,
    CardSet,
    InvalidCardError,
    Rules,
    RulesError,
    Trump,
)
from tutor import refs
from tutor.content.source import KeyPath, Problem, Source, field_name
from tutor.content.tasks import (
    CHIBRE_PLAYERS,
    announcements_of,
    trump_strength,
)

TRUMPS = {"H": Trump.HEARTS, "D": Trump.DIAMONDS, "C": Trump.CLUBS, "S": Trump.SPADES}


class Reader:
    """Reads one lesson or puzzle out of a source, collecting every problem on the way."""

    def __init__(self, source: Source, item: str, strip: int = 0, puzzle: bool = False) -> None:
        self.puzzle = puzzle  # puzzles are whole positions; lessons may count a few cards
        self.source = source
        self.item = item
        self.strip = strip
        self.problems: list[Problem] = []

    def duplicates(self, under: KeyPath) -> None:
        """Report each key given twice under ``under``: YAML silently keeps the last one."""
        for keys, line in self.source.duplicates:
            if keys[: len(under)] == under:
                name = field_name(keys[self.strip:])
                self.problems.append(Problem(self.source.display, line, self.item, name,
                                             "the key appears twice"))

    def fail(self, keys: KeyPath, message: str) -> None:
        self.problems.append(self.source.problem(self.item, keys, message, self.strip))

    def mapping(
        self, value: Any, keys: KeyPath, required: AbstractSet[str], optional: AbstractSet[str]
    ) -> bool:
        if not isinstance(value, dict):
            self.fail(keys, f"must be a mapping, not {describe(value)}")
            return False
        for name in sorted(set(map(str, value)) - required - optional):
            self.fail((*keys, name), "unknown field")
        for name in sorted(required - set(value)):
            self.fail(keys, f"missing field '{name}'")
        return required <= set(value)

    def text(self, value: Any, keys: KeyPath) -> str | None:
        if not isinstance(value, str) or not value.strip():
            self.fail(keys, f"must be non-empty text, not {describe(value)}")
            return None
        for problem in refs.problems(value):
            self.fail(keys, problem)
        words = refs.suit_rank_words(value)
        if words:
            self.fail(keys, f"names a suit or rank in words ({', '.join(words)}): its name "
                      "depends on the deck, so write a reference: a card {HJ}, {suit:H}, "
                      "{of:H}, {rank:J} or {ranks:J}")
        codes = refs.option_codes(value)
        if codes:
            self.fail(keys, f"shows a table option's code ({', '.join(codes)}): write "
                      f"{{option:{codes[0]}}}, which the app shows by its Settings label")
        if re.search(r"^\s*#|<[a-zA-Z/]|\]\(", value, re.MULTILINE):
            self.fail(keys, "uses markup outside the subset (headings, HTML or links)")
        return value.strip()

    def optional_text(self, data: dict[str, Any], keys: KeyPath, name: str) -> str | None:
        return self.text(data[name], (*keys, name)) if name in data else None

    def cards(self, value: Any, keys: KeyPath, low: int = 0, high: int = 36) -> list[Card] | None:
        if value is None:
            value = ""
        if not isinstance(value, str):
            self.fail(keys, f"must be card codes in one string, not {describe(value)}")
            return None
        cards: list[Card] = []
        ok = True
        for code in value.split():
            try:
                card = Card.parse(code)
            except InvalidCardError:
                self.fail(keys, f"bad card code '{code}'")
                ok = False
                continue
            if card in cards:
                self.fail(keys, f"{card} is there twice")
                ok = False
            cards.append(card)
        if ok and not low <= len(cards) <= high:
            count = f"{low}" if low == high else f"{low} to {high}"
            self.fail(keys, f"must hold {count} cards, not {len(cards)}")
            ok = False
        return cards if ok else None

    def card(self, value: Any, keys: KeyPath) -> Card | None:
        cards = self.cards(value, keys, 1, 1)
        return cards[0] if cards else None

    def trump(self, value: Any, keys: KeyPath) -> Trump | None:
        if isinstance(value, str) and value in TRUMPS:
            return TRUMPS[value]
        self.fail(keys, f"must be a suit letter H, D, C or S, not {describe(value)}")
        return None

    def rules(self, data: dict[str, Any], keys: KeyPath) -> Rules | None:
        value = data.get("rules", {})
        keys = (*keys, "rules")
        if not isinstance(value, dict):
            self.fail(keys, f"must be a mapping of rule options, not {describe(value)}")
            return None
        known = set(Rules.__dataclass_fields__) - {"profile"}
        for name in sorted(set(value) - known):
            self.fail((*keys, name), f"unknown rule option (known: {', '.join(sorted(known))})")
        try:
            return Rules(**{k: v for k, v in value.items() if k in known})
        except (RulesError, TypeError, ValueError) as error:
            self.fail(keys, str(error))
            return None

    def integer(self, value: Any, keys: KeyPath, low: int, high: int) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fail(keys, f"must be a whole number from {low} to {high}, not {describe(value)}")
            return None
        return value

    def flag(self, data: dict[str, Any], keys: KeyPath, name: str) -> bool:
        value = data.get(name, False)
        if not isinstance(value, bool):
            self.fail((*keys, name), f"must be true or false, not {describe(value)}")
            return False
        return value

    def disjoint(self, groups: list[tuple[KeyPath, list[Card]]]) -> bool:
        seen: dict[Card, KeyPath] = {}
        ok = True
        for keys, cards in groups:
            for card in cards:
                if card in seen:
                    where = field_name(seen[card][self.strip:])
                    self.fail(keys, f"{card} is also in {where}: a card cannot be in two places")
                    ok = False
                seen[card] = keys
        return ok


def describe(value: Any) -> str:
    """A value from YAML as a problem names it: ``nothing``, ``true``, ``'x'``, ``a list``."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float, str)):
        return repr(value)
    return f"a {type(value).__name__}"


# --- tasks -------------------------------------------------------------------------------------


#: The cards each player is dealt, by the number of players at the table: Pomme for 3 deals
#: 9 (and a 9-card aside), Chibre 9, Pomme for 5 deals 7 (R-POMME).
HAND_SIZE = {**POMME_HAND_SIZE, CHIBRE_PLAYERS: 9}


def read_players(r: Reader, data: dict[str, Any], keys: KeyPath) -> int | None:
    """The optional ``players:`` of a legal or winner position: 4 (Chibre, the default), or
    2, 3 or 5 for a Pomme table (R-POMME, R-POMME-TWO)."""
    value = data.get("players", CHIBRE_PLAYERS)
    if isinstance(value, bool) or value not in HAND_SIZE:
        r.fail((*keys, "players"), f"must be 2, 3 or 5 (Pomme) or 4 (Chibre, the default), not "
               f"{describe(value)}")
        return None
    return int(value)


def undertrump(trick: Sequence[Card], trump: Trump) -> tuple[Card, Card] | None:
    """The first card of ``trick`` that undertrumps on a plain-suit lead, and the higher trump
    already in the trick; ``None`` when every card could be legal.

    R-NO-UNDERTRUMP allows it only to a hand of nothing but trumps, which a trick cannot show,
    so a trick a learner is shown never holds one.
    """
    suit = trump.suit
    if suit is None or not trick or trick[0].suit == suit:
        return None
    high: Card | None = None
    for card in trick:
        if card.suit != suit:
            continue
        if high is not None and trump_strength(card) < trump_strength(high):
            return card, high
        high = card
    return None


def legal_trick(r: Reader, trick: Sequence[Card], trump: Trump, keys: KeyPath) -> bool:
    """Fail a trick, complete or in progress, that shows an undertrump."""
    found = undertrump(trick, trump)
    if found is None:
        return True
    card, high = found
    r.fail(keys, f"{card} undertrumps {high} on a plain-suit lead, which R-NO-UNDERTRUMP forbids "
           "(only a hand of nothing but trumps may, and a trick cannot show that): change a card "
           "so that every play is legal")
    return False


def announced(r: Reader, cards: list[Card], keys: KeyPath, trump: Trump, rules: Rules) -> bool:
    hand = CardSet(cards)
    used = CardSet()
    for weis in announcements_of(hand, trump, rules):
        used = used | weis.cards
    left = hand - used
    if left:
        r.fail(keys, f"{left} {'is' if len(left) == 1 else 'are'} not part of any announcement")
        return False
    return True


def accept(r: Reader, keys: KeyPath, solution: object) -> bool:
    """No check beyond reading and solving: every position the reader accepts has an answer."""
    return True


# --- stored answers ------------------------------------------------------------------------------
# Each reads the ``answer:`` of its kind into the engine's form (``Solution.answer``); ``(False,
# None)`` when it cannot be read (the problem is reported).


def card_answer(r: Reader, value: Any, keys: KeyPath) -> tuple[bool, object]:
    """One card code: the winning or the best card."""
    card = r.card(value, keys)
    return (card is not None, card)


def read_ok(value: int | None) -> tuple[bool, object]:
    return value is not None, value
