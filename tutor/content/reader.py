"""Reading YAML into checked values, every problem reported: the ``Reader``, and each kind's
task and stored answer (no Qt).

A reader never raises on bad content: it reports each problem with its key path (``Reader.fail``)
and returns ``None``, so that one run lists every problem of a file. Which reader reads which
kind is said in the registry of kinds (``tutor.content.kinds``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import Any

from engine import (
    POMME_HAND_SIZE,
    POMME_PLAYERS,
    Card,
    CardSet,
    InvalidCardError,
    Rules,
    RulesError,
    Trump,
    card_points,
    pomme_marks,
)
from tutor import refs
from tutor.content.source import KeyPath, Problem, Source, field_name
from tutor.content.tasks import (
    CHIBRE_PLAYERS,
    AsideTask,
    BestSolution,
    BestTask,
    ChoiceTask,
    LegalTask,
    MarksTask,
    PointsTask,
    SlateTask,
    WeisTask,
    WinnerTask,
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


#: The cards each player is dealt, by the number of players at the table: Chibre 9, Pomme as
#: the engine deals it (R-POMME, R-POMME-TWO).
HAND_SIZE = {**POMME_HAND_SIZE, CHIBRE_PLAYERS: 9}


def read_players(r: Reader, data: dict[str, Any], keys: KeyPath) -> int | None:
    """The optional ``players:`` of a legal or winner position: 4 (Chibre, the default), or
    3 or 5 for a Pomme table (R-POMME)."""
    value = data.get("players", CHIBRE_PLAYERS)
    if isinstance(value, bool) or value not in HAND_SIZE:
        r.fail((*keys, "players"), f"must be 2, 3 or 5 (Pomme) or 4 (Chibre, the default), not "
               f"{describe(value)}")
        return None
    return int(value)


def read_legal(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> LegalTask | None:
    if not r.mapping(data, keys, {"trump", "hand", "trick"}, {"rules", "players"} | extra):
        return None
    players = read_players(r, data, keys)
    if players is None:
        return None
    trump = r.trump(data["trump"], (*keys, "trump"))
    hand = r.cards(data["hand"], (*keys, "hand"), 1, HAND_SIZE[players])
    trick = r.cards(data["trick"], (*keys, "trick"), 0, players - 1)
    rules = r.rules(data, keys)
    if trump is None or hand is None or trick is None or rules is None:
        return None
    if not r.disjoint([((*keys, "trick"), trick), ((*keys, "hand"), hand)]):
        return None
    if not legal_trick(r, trick, trump, (*keys, "trick")):
        return None
    return LegalTask(trump, CardSet(hand), tuple(trick), rules, players)


def read_winner(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> WinnerTask | None:
    if not r.mapping(data, keys, {"trump", "trick"}, {"players"} | extra):
        return None
    players = read_players(r, data, keys)
    if players is None:
        return None
    trump = r.trump(data["trump"], (*keys, "trump"))
    trick = r.cards(data["trick"], (*keys, "trick"), players, players)
    if trump is None or trick is None or not legal_trick(r, trick, trump, (*keys, "trick")):
        return None
    return WinnerTask(trump, tuple(trick))


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


def _announced(r: Reader, cards: list[Card], keys: KeyPath, trump: Trump, rules: Rules) -> bool:
    hand = CardSet(cards)
    used = CardSet()
    for weis in announcements_of(hand, trump, rules):
        used = used | weis.cards
    left = hand - used
    if left:
        r.fail(keys, f"{left} {'is' if len(left) == 1 else 'are'} not part of any announcement")
        return False
    return True


def read_weis(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> WeisTask | None:
    if not r.mapping(data, keys, {"trump", "players"}, {"rules"} | extra):
        return None
    trump = r.trump(data["trump"], (*keys, "trump"))
    rules = r.rules(data, keys)
    players = data["players"]
    if not isinstance(players, list) or len(players) != 4:
        r.fail((*keys, "players"), "must be a list of 4 card strings, one per player")
        return None
    groups = [((*keys, "players", i), r.cards(p, (*keys, "players", i), 0, 9))
              for i, p in enumerate(players)]
    if trump is None or rules is None or any(cards is None for _, cards in groups):
        return None
    checked = [(k, c) for k, c in groups if c is not None]
    if not r.disjoint(checked):
        return None
    if not all([_announced(r, c, k, trump, rules) for k, c in checked]):
        return None
    return WeisTask(trump, tuple(CardSet(c) for _, c in checked), rules)


def read_points(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> PointsTask | None:
    optional = {"tricks", "cards", "last", "weis", "stoeck", "rules"} | extra
    if not r.mapping(data, keys, {"trump"}, optional):
        return None
    trump = r.trump(data["trump"], (*keys, "trump"))
    rules = r.rules(data, keys)
    if ("tricks" in data) == ("cards" in data):
        r.fail(keys, "give either 'tricks' or 'cards', not both and not neither")
        return None
    groups: list[tuple[KeyPath, list[Card]]] = []
    tricks: tuple[tuple[Card, ...], ...] | None = None
    if "tricks" in data:
        value = data["tricks"]
        if not isinstance(value, list) or not 1 <= len(value) <= 9:
            r.fail((*keys, "tricks"), "must be a list of 1 to 9 tricks")
            return None
        parsed = [r.cards(t, (*keys, "tricks", i), 4, 4) for i, t in enumerate(value)]
        if any(t is None for t in parsed):
            return None
        groups = [((*keys, "tricks", i), t) for i, t in enumerate(parsed) if t is not None]
        if trump is not None and not all([legal_trick(r, t, trump, k) for k, t in groups]):
            return None
        tricks = tuple(tuple(t) for _, t in groups)
    else:
        pile = r.cards(data["cards"], (*keys, "cards"), 4 if r.puzzle else 1, 36)
        if pile is None:
            return None
        if r.puzzle and len(pile) % 4:
            r.fail((*keys, "cards"), f"{len(pile)} cards cannot be whole tricks of 4")
            return None
        groups = [((*keys, "cards"), pile)]
    weis = _read_weis_list(r, data, keys, trump, rules)
    last, stoeck = r.flag(data, keys, "last"), r.flag(data, keys, "stoeck")
    if trump is None or rules is None or weis is None or not r.disjoint(groups):
        return None
    if tricks is not None and len(tricks) == 9 and "last" in data and not last:
        r.fail((*keys, "last"), "a match of 9 tricks includes the last trick")
        return None
    cards = CardSet([card for _, group in groups for card in group])
    return PointsTask(trump, cards, tricks, last, weis, stoeck, rules)


def _read_weis_list(
    r: Reader, data: dict[str, Any], keys: KeyPath, trump: Trump | None, rules: Rules | None
) -> tuple[CardSet, ...] | None:
    value = data.get("weis", [])
    if not isinstance(value, list):
        r.fail((*keys, "weis"), "must be a list of card strings, one per announcement")
        return None
    parsed = [((*keys, "weis", i), r.cards(w, (*keys, "weis", i), 3, 9))
              for i, w in enumerate(value)]
    if any(c is None for _, c in parsed) or trump is None or rules is None:
        return None
    checked = [(k, c) for k, c in parsed if c is not None]
    if not r.disjoint(checked):
        return None
    if not all([_announced(r, c, k, trump, rules) for k, c in checked]):
        return None
    return tuple(CardSet(c) for _, c in checked)


def read_slate(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> SlateTask | None:
    if not r.mapping(data, keys, {"points"}, extra):
        return None
    points = r.integer(data["points"], (*keys, "points"), 0, 10000)
    return None if points is None else SlateTask(points)


def read_choice(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> ChoiceTask | None:
    if not r.mapping(data, keys, {"prompt", "options", "answer"}, extra):
        return None
    prompt = r.text(data["prompt"], (*keys, "prompt"))
    options = data["options"]
    if not isinstance(options, list) or not 2 <= len(options) <= 5:
        r.fail((*keys, "options"), "must be a list of 2 to 5 choices")
        return None
    texts = [r.text(o, (*keys, "options", i)) for i, o in enumerate(options)]
    if len(set(texts)) != len(texts):
        r.fail((*keys, "options"), "two choices are the same")
    answer = r.integer(data["answer"], (*keys, "answer"), 0, len(options) - 1)
    if prompt is None or answer is None or any(t is None for t in texts):
        return None
    return ChoiceTask(prompt, tuple(t for t in texts if t is not None), answer)


def _hand_sizes(r: Reader, hands: list[list[Card]], trick: list[Card], leader: int,
                keys: KeyPath) -> bool:
    """Each hand holds as many cards as tricks are left, one fewer once it played to the trick;
    the player to move is the learner, seat 0, and holds 2 to 4 cards."""
    player = (leader + len(trick)) % 4
    if player != 0:
        r.fail((*keys, "leader"), f"the player to move must be seat 0 (the learner): with "
               f"{len(trick)} card{'s' if len(trick) != 1 else ''} in the trick the leader is "
               f"seat {(4 - len(trick)) % 4}, not {leader}")
        return False
    left = len(hands[0])
    if not 2 <= left <= 4:
        r.fail((*keys, "hands", 0), f"holds {left} cards: a best puzzle is an ending of 2 to 4 "
               "tricks")
        return False
    played = {(leader + i) % 4 for i in range(len(trick))}
    ok = True
    for seat, hand in enumerate(hands):
        expected = left - (seat in played)
        if len(hand) != expected:
            r.fail((*keys, "hands", seat), f"holds {len(hand)} cards, not {expected}: "
                   f"{'it has played to the trick and ' if seat in played else ''}"
                   f"seat 0 holds {left}")
            ok = False
    return ok


def read_best(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> BestTask | None:
    if not r.mapping(data, keys, {"trump", "hands", "trick", "leader"}, extra):
        return None
    trump = r.trump(data["trump"], (*keys, "trump"))
    trick = r.cards(data["trick"], (*keys, "trick"), 0, 3)
    leader = r.integer(data["leader"], (*keys, "leader"), 0, 3)
    value = data["hands"]
    if not isinstance(value, list) or len(value) != 4:
        r.fail((*keys, "hands"), "must be a list of 4 card strings, one per seat from 0 (you)")
        return None
    hands = [r.cards(h, (*keys, "hands", i), 0, 4) for i, h in enumerate(value)]
    if trump is None or trick is None or leader is None or None in hands:
        return None
    checked = [h for h in hands if h is not None]
    groups = [((*keys, "hands", i), h) for i, h in enumerate(checked)]
    if not r.disjoint([*groups, ((*keys, "trick"), trick)]):
        return None
    if not _hand_sizes(r, checked, trick, leader, keys):
        return None
    if not legal_trick(r, trick, trump, (*keys, "trick")):
        return None
    return BestTask(trump, tuple(CardSet(h) for h in checked), tuple(trick), leader)


#: The most points one player can make in a round: every card and the last trick.
ROUND_MOST = 157
#: Apples and Putz points: the round points Pomme's players can add up to.


@functools.cache
def pomme_totals(players: int) -> frozenset[int]:
    """What the round points of all players of Pomme can add up to: 157 less the cards out of
    play (R-POMME). With 5 players that is one card of trump (the shown card or the 6 that
    replaced it); with 3, nine cards (the aside or the hand given up for it)."""
    values = [card_points(card, Trump.HEARTS) for card in CardSet.full()]
    if players == 5:
        out = {card_points(card, Trump.HEARTS) for card in CardSet.full()
               if card.suit == Trump.HEARTS.suit}
    else:
        size = 36 - players * POMME_HAND_SIZE[players]  # 2 players: 12 left and 6 not taken
        sums: list[set[int]] = [{0}] + [set() for _ in range(size)]
        for value in values:  # the sums of any ``size`` cards (trump is any suit: the same)
            for count in range(size, 0, -1):
                sums[count] |= {total + value for total in sums[count - 1]}
        out = sums[size]
    return frozenset(ROUND_MOST - value for value in out)


def read_marks(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> MarksTask | None:
    if not r.mapping(data, keys, {"points"}, extra):
        return None
    value = data["points"]
    if not isinstance(value, list) or len(value) not in POMME_PLAYERS:
        r.fail((*keys, "points"), "must be a list of the round points of 2, 3 or 5 players, in "
               "order of play")
        return None
    points = [r.integer(p, (*keys, "points", i), 0, ROUND_MOST) for i, p in enumerate(value)]
    checked = [p for p in points if p is not None]
    if len(checked) != len(points):
        return None
    if 1 in checked:
        r.fail((*keys, "points", checked.index(1)), "1 point cannot be made: no card is worth "
               "1 and the last trick is worth 5")
        return None
    total, possible = sum(checked), pomme_totals(len(checked))
    if total not in possible:
        out = ("one card, the shown card or the trump 6 that replaced it: "
               + ", ".join(map(str, sorted(possible, reverse=True))) if len(checked) == 5
               else f"the nine cards of the aside or of the hand given up: {min(possible)} "
               f"to {max(possible)}")
        r.fail((*keys, "points"), f"add up to {total}, which no round of Pomme for "
               f"{len(checked)} makes: 157 less the cards out of play ({out})")
        return None
    try:
        pomme_marks(checked)
    except ValueError as error:  # (the totals above already refuse what no round makes)
        r.fail((*keys, "points"), str(error))
        return None
    return MarksTask(tuple(checked))


def read_aside(
    r: Reader, data: dict[str, Any], keys: KeyPath, extra: frozenset[str]
) -> AsideTask | None:
    if not r.mapping(data, keys, {"hand", "top"}, {"trick"} | extra):
        return None
    hand = r.cards(data["hand"], (*keys, "hand"), 9, 9)
    top = r.card(data["top"], (*keys, "top"))
    trick = r.cards(data.get("trick", ""), (*keys, "trick"), 0, 2)
    if hand is None or top is None or trick is None:
        return None
    if not r.disjoint([((*keys, "hand"), hand), ((*keys, "top"), [top]),
                       ((*keys, "trick"), trick)]):
        return None
    task = AsideTask(CardSet(hand), top, tuple(trick))
    if not legal_trick(r, trick, task.trump, (*keys, "trick")):
        return None
    return task


def _names(cards: tuple[Card, ...]) -> str:
    codes = [str(card) for card in cards]
    return codes[0] if len(codes) == 1 else f"{', '.join(codes[:-1])} and {codes[-1]}"


def check_best(r: Reader, keys: KeyPath, solution: BestSolution) -> bool:
    """A best puzzle offers a choice and has exactly one best card."""
    if len(solution.values) < 2:
        r.fail((*keys, "hands", 0), f"only {solution.values[0][0]} is legal: there is nothing "
               "to choose")
        return False
    if len(solution.best) > 1:
        r.fail((*keys, "answer"), f"{_names(solution.best)} are equally best ({solution.value} "
               "points each): a best puzzle needs exactly one best card")
        return False
    return True


def accept(r: Reader, keys: KeyPath, solution: object) -> bool:
    """No check beyond reading and solving: every position the reader accepts has an answer."""
    return True


# --- stored answers ------------------------------------------------------------------------------
# Each reads the ``answer:`` of its kind into the engine's form (``Solution.answer``); ``(False,
# None)`` when it cannot be read (the problem is reported).


def cards_answer(r: Reader, value: Any, keys: KeyPath) -> tuple[bool, object]:
    """A card string: the legal cards."""
    cards = r.cards(value, keys)
    return (cards is not None, CardSet(cards or ()))


def card_answer(r: Reader, value: Any, keys: KeyPath) -> tuple[bool, object]:
    """One card code: the winning or the best card."""
    card = r.card(value, keys)
    return (card is not None, card)


def player_answer(r: Reader, value: Any, keys: KeyPath) -> tuple[bool, object]:
    """A player 0 to 3, or ``null`` for nobody."""
    if value is None:
        return True, None
    return _ok(r.integer(value, keys, 0, 3))


def points_answer(r: Reader, value: Any, keys: KeyPath) -> tuple[bool, object]:
    """A total of points."""
    return _ok(r.integer(value, keys, 0, 10000))


def strokes_answer(r: Reader, value: Any, keys: KeyPath) -> tuple[bool, object]:
    """The strokes of the slate: hundreds, fifties, twenties, rest."""
    if not isinstance(value, list) or len(value) != 4:
        r.fail(keys, "must be a list of 4 whole numbers: hundreds, fifties, twenties, rest")
        return False, None
    numbers = [r.integer(v, (*keys, i), 0, 10000) for i, v in enumerate(value)]
    ok = all(n is not None for n in numbers)
    return ok, tuple(numbers) if ok else None


def marks_answer(r: Reader, value: Any, keys: KeyPath) -> tuple[bool, object]:
    """The marks of each player, in order of play: ``[2, -1, -1]``."""
    if not isinstance(value, list) or len(value) not in POMME_PLAYERS:
        r.fail(keys, "must be a list of each player's mark (2, 3 or 5 whole numbers)")
        return False, None
    numbers = [r.integer(v, (*keys, i), -1, 3) for i, v in enumerate(value)]
    ok = all(n is not None for n in numbers)
    return ok, tuple(numbers) if ok else None


ASIDE_CHOICES = ("take", "keep")


def choice_answer(r: Reader, value: Any, keys: KeyPath) -> tuple[bool, object]:
    """``take`` (the aside) or ``keep`` (the hand)."""
    if value not in ASIDE_CHOICES:
        r.fail(keys, f"must be take or keep, not {describe(value)}")
        return False, None
    return True, value


def _ok(value: int | None) -> tuple[bool, object]:
    return value is not None, value
