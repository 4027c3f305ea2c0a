"""Each puzzle kind's random positions and its YAML, for the candidate generator (no Qt).

``tutor.content.generate`` draws positions of a kind (``*_positions(rng, theme)``, an endless
stream of random ones, only the points kind looking at the theme), keeps those the engine finds
the theme in, and writes each as YAML (``*_yaml(task, solution)``: the lines after the puzzle's
id, kind, themes and difficulty). Which function serves which kind is said in the registry of
kinds (``tutor.content.kinds``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine import (
    Card,
    CardSet,
    PommeGame,
    PommeRoundScored,
    Rules,
    Trump,
    find_weis,
    has_stoeck,
    legal_cards,
    random_deal,
    trick_winner,
)
from tutor.content.reader import HAND_SIZE, undertrump
from tutor.content.tasks import (
    CHIBRE_PLAYERS,
    DEFAULT_RULES,
    BestSolution,
    BestTask,
    LegalSolution,
    LegalTask,
    MarksSolution,
    MarksTask,
    PointsSolution,
    PointsTask,
    WeisSolution,
    WeisTask,
    WinnerSolution,
    WinnerTask,
)

Played = list[tuple[int, Card]]  # (seat, card) in the order played


def _deal(rng: random.Random) -> list[CardSet]:
    return [CardSet.from_mask(mask) for mask in random_deal(rng)]


def _pomme_deal(rng: random.Random, players: int) -> list[CardSet]:
    """The hands of a random deal of Pomme for ``players`` (R-POMME: 9 cards each with 3, 7
    with 5; the cards left over are out of play)."""
    cards = sorted(CardSet.full())
    rng.shuffle(cards)
    size = HAND_SIZE[players]
    return [CardSet(cards[seat * size:(seat + 1) * size]) for seat in range(players)]


def _random_round(rng: random.Random, trump: Trump,
                  players: int = CHIBRE_PLAYERS) -> tuple[list[CardSet], list[Played]]:
    """A deal and its tricks played with random legal cards: a round of Chibre, or with
    ``players`` 3 or 5 a round of Pomme (the aside and the exchange of the 6 left out)."""
    hands = _deal(rng) if players == CHIBRE_PLAYERS else _pomme_deal(rng, players)
    start = list(hands)
    tricks: list[Played] = []
    leader = rng.randrange(players)
    for _ in range(len(hands[0])):
        trick: Played = []
        for offset in range(players):
            seat = (leader + offset) % players
            options = list(legal_cards(hands[seat], [c for _, c in trick], trump,
                                       players=players))
            card = rng.choice(options)
            hands[seat] = hands[seat] - CardSet([card])
            trick.append((seat, card))
        tricks.append(trick)
        leader = trick[trick_winner([c for _, c in trick], trump, players=players)][0]
    return start, tricks


def _players(rng: random.Random, theme: str) -> int:
    """4, or for the theme ``pomme`` a table of 3 or 5."""
    return rng.choice((3, 5)) if theme == "pomme" else CHIBRE_PLAYERS


def legal_positions(rng: random.Random, theme: str) -> Iterator[LegalTask]:
    while True:
        players = _players(rng, theme)
        trump = Trump(rng.randrange(4))
        start, tricks = _random_round(rng, trump, players)
        number, position = rng.randrange(len(tricks)), rng.randrange(players)
        trick = tricks[number]
        seat = trick[position][0]
        before = [c for t in tricks[:number] for _, c in t] + [c for _, c in trick[:position]]
        shown = tuple(c for _, c in trick[:position])
        if undertrump(shown, trump) is None:
            yield LegalTask(trump, start[seat] - CardSet(before), shown, players=players)


def winner_positions(rng: random.Random, theme: str) -> Iterator[WinnerTask]:
    while True:
        players = _players(rng, theme)
        trump = Trump(rng.randrange(4))
        _, tricks = _random_round(rng, trump, players)
        trick = tuple(c for _, c in tricks[rng.randrange(len(tricks))])
        if undertrump(trick, trump) is None:
            yield WinnerTask(trump, trick)


def weis_positions(rng: random.Random, theme: str) -> Iterator[WeisTask]:
    while True:
        trump = Trump(rng.randrange(4))
        players = []
        for hand in _deal(rng):
            shown = CardSet()
            for weis in find_weis(hand, trump):
                shown = shown | weis.cards
            players.append(shown)
        yield WeisTask(trump, tuple(players))


def points_positions(rng: random.Random, theme: str) -> Iterator[PointsTask]:
    while True:
        trump = Trump.SPADES if theme == "pique-double" else Trump(rng.randrange(4))
        rules = Rules(pique_double=theme == "pique-double")
        start, tricks = _random_round(rng, trump)
        team = rng.randrange(2)
        won = [t for t in tricks if t[trick_winner([c for _, c in t], trump)][0] % 2 == team]
        if theme == "match":
            won = tricks
        if not won or any(undertrump([c for _, c in t], trump) for t in won):
            continue
        last_won = won[-1] is tricks[-1]
        weis = [w.cards for seat in (team, team + 2) for w in find_weis(start[seat], trump)]
        stoeck = any(has_stoeck(start[seat], trump) for seat in (team, team + 2))
        cards = CardSet([c for t in won for _, c in t])
        yield PointsTask(trump, cards, tuple(tuple(c for _, c in t) for t in won), last_won,
                         tuple(weis), stoeck, rules)


#: A best-card candidate must win at least this much over the next best card.
MIN_MARGIN = 5


def best_positions(rng: random.Random, theme: str) -> Iterator[BestTask]:
    """Random rounds cut 2 to 4 tricks from the end, seats turned so the player to move is 0."""
    while True:
        trump = Trump(rng.randrange(4))
        start, tricks = _random_round(rng, trump)
        number, position = 9 - rng.randint(2, 4), rng.randrange(4)
        trick = tricks[number]
        mover = trick[position][0]
        played = CardSet([c for t in tricks[:number] for _, c in t] +
                         [c for _, c in trick[:position]])
        hands = tuple(start[(mover + i) % 4] - played for i in range(4))
        shown = tuple(c for _, c in trick[:position])
        if undertrump(shown, trump) is None:
            yield BestTask(trump, hands, shown, (trick[0][0] - mover) % 4)


def marks_positions(rng: random.Random, theme: str) -> Iterator[MarksTask]:
    """The round points of random rounds of Pomme for 3 or 5, played by the engine's
    ``PommeGame`` with random legal actions (the aside taken now and then)."""
    while True:
        game = PommeGame(rng.choice((3, 5)), rng.randrange(1 << 30))
        try:
            while game.round == 0 and not game.is_over:
                game.apply(rng.choice(game.legal_actions()))
        except ValueError:  # a round with every player under 21, which the marks leave out
            continue
        scored = [e for e in game.events if isinstance(e, PommeRoundScored)]
        if scored:
            yield MarksTask(tuple(scored[0].points))


def worth_solving(solution: BestSolution) -> bool:
    """A best-card candidate: one best card that wins at least ``MIN_MARGIN`` over the next."""
    return len(solution.best) == 1 and solution.margin >= MIN_MARGIN


def keep_all(solution: object) -> bool:
    """Every position the theme applies to is a candidate."""
    return True


# --- YAML --------------------------------------------------------------------------------------


def _q(cards: object) -> str:
    return f'"{cards}"'


def _trick(trick: tuple[Card, ...]) -> str:
    return _q(" ".join(map(str, trick)))


def _trump(trump: Trump, rules: Rules = DEFAULT_RULES) -> list[str]:
    lines = [f"  trump: {'HDCS'[int(trump)]}"]
    if rules.pique_double:
        lines.append("  rules: {pique_double: true}")
    return lines


def _players_line(players: int) -> list[str]:
    return [] if players == CHIBRE_PLAYERS else [f"  players: {players}"]


def legal_yaml(task: LegalTask, solution: LegalSolution) -> list[str]:
    return [*_players_line(task.players), *_trump(task.trump, task.rules),
            f"  hand: {_q(task.hand)}", f"  trick: {_trick(task.trick)}",
            f"  answer: {_q(solution.answer)}"]


def winner_yaml(task: WinnerTask, solution: WinnerSolution) -> list[str]:
    return [*_players_line(task.players), *_trump(task.trump), f"  trick: {_trick(task.trick)}",
            f"  answer: {solution.answer}"]


def marks_yaml(task: MarksTask, solution: MarksSolution) -> list[str]:
    return [f"  points: [{', '.join(map(str, task.points))}]",
            f"  answer: [{', '.join(map(str, solution.answer))}]"]


def weis_yaml(task: WeisTask, solution: WeisSolution) -> list[str]:
    answer = solution.answer
    return [*_trump(task.trump, task.rules), "  players:",
            *(f"    - {_q(p)}" for p in task.players),
            f"  answer: {'null' if answer is None else answer}"]


def points_yaml(task: PointsTask, solution: PointsSolution) -> list[str]:
    lines = [*_trump(task.trump, task.rules), "  tricks:",
             *(f"    - {_trick(t)}" for t in task.tricks or ()),
             f"  last: {'true' if task.last else 'false'}"]
    if task.weis:
        lines.append("  weis: [" + ", ".join(_q(w) for w in task.weis) + "]")
    if task.stoeck:
        lines.append("  stoeck: true")
    lines.append(f"  answer: {solution.answer}")
    return lines


def best_yaml(task: BestTask, solution: BestSolution) -> list[str]:
    """The position and answer, and each card's value and the winning line as comments for the
    curator."""
    values = ", ".join(f"{card} {value}" for card, value in solution.values)
    line = " ".join(f"{seat}:{card}" for seat, card in solution.line)
    return [
        *_trump(task.trump),
        "  hands: [" + ", ".join(_q(hand) for hand in task.hands) + "]",
        f"  trick: {_trick(task.trick)}",
        f"  leader: {task.leader}",
        f"  answer: {solution.answer}",
        f"  # values: {values}",
        f"  # line: {line}",
    ]
