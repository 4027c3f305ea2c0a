"""What the puzzle kinds' random positions and YAML share, for the candidate generator (no Qt).

``tutor.content.generate`` draws positions of a kind (``*_positions(rng, theme)`` in the kind's
module, ``tutor.content.kinds.<kind>``: an endless stream of random ones), keeps those the
engine finds the theme in, and writes each as YAML (``*_yaml(task, solution)``: the lines after
the puzzle's id, kind, themes and difficulty).
"""

from __future__ import annotations

import random

from engine import (
    Card,
    CardSet,
    Rules,
    Trump,
    legal_cards,
    random_deal,
    trick_winner,
)
from tutor.content.reader import HAND_SIZE
from tutor.content.tasks import (
    CHIBRE_PLAYERS,
    DEFAULT_RULES,
)

Played = list[tuple[int, Card]]  # (seat, card) in the order played


def random_hands(rng: random.Random) -> list[CardSet]:
    return [CardSet.from_mask(mask) for mask in random_deal(rng)]


def pomme_hands(rng: random.Random, players: int) -> list[CardSet]:
    """The hands of a random deal of Pomme for ``players`` (R-POMME: 9 cards each with 3, 7
    with 5; the cards left over are out of play)."""
    cards = sorted(CardSet.full())
    rng.shuffle(cards)
    size = HAND_SIZE[players]
    return [CardSet(cards[seat * size:(seat + 1) * size]) for seat in range(players)]


def random_round(rng: random.Random, trump: Trump,
                  players: int = CHIBRE_PLAYERS) -> tuple[list[CardSet], list[Played]]:
    """A deal and its tricks played with random legal cards: a round of Chibre, or with
    ``players`` 3 or 5 a round of Pomme (the aside and the exchange of the 6 left out)."""
    hands = random_hands(rng) if players == CHIBRE_PLAYERS else pomme_hands(rng, players)
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


def random_players(rng: random.Random, theme: str) -> int:
    """4, or for the theme ``pomme`` a table of 3 or 5."""
    return rng.choice((3, 5)) if theme == "pomme" else CHIBRE_PLAYERS


def keep_all(solution: object) -> bool:
    """Every position the theme applies to is a candidate."""
    return True


# --- YAML --------------------------------------------------------------------------------------


def quoted(cards: object) -> str:
    return f'"{cards}"'


def trick_text(trick: tuple[Card, ...]) -> str:
    return quoted(" ".join(map(str, trick)))


def trump_lines(trump: Trump, rules: Rules = DEFAULT_RULES) -> list[str]:
    lines = [f"  trump: {'HDCS'[int(trump)]}"]
    if rules.pique_double:
        lines.append("  rules: {pique_double: true}")
    return lines


def players_line(players: int) -> list[str]:
    return [] if players == CHIBRE_PLAYERS else [f"  players: {players}"]


