"""Small builders shared by the engine tests."""

from __future__ import annotations

import random
from typing import TypeVar

from hypothesis import strategies as st

from engine import CardSet, Game, Phase, PommeGame, Rules, Trump, WeisChoice

G = TypeVar("G", Game, PommeGame)


def deal(*hands: str) -> list[CardSet]:
    return [CardSet.parse(hand) for hand in hands]


# Each seat holds one whole suit: seat 0 hearts, 1 clubs, 2 diamonds (with D7), 3 spades.
SUITS_DEAL = deal(
    "H6 H7 H8 H9 HT HJ HQ HK HA",
    "C6 C7 C8 C9 CT CJ CQ CK CA",
    "D6 D7 D8 D9 DT DJ DQ DK DA",
    "S6 S7 S8 S9 ST SJ SQ SK SA",
)


def play_out(game: Game, weis: WeisChoice = WeisChoice.WITHHOLD) -> None:
    """Play the current round to its end with the lowest legal card each time."""
    start = game.round
    while game.round == start and not game.is_over:
        if game.phase is Phase.WEIS:
            game.apply(weis)
        else:
            game.apply(game.legal_actions()[0])


def play_randomly(game: G, seed: int, max_actions: int) -> G:
    """``game`` after up to ``max_actions`` legal actions drawn at random (seeded), or to its
    end; the legal set is never empty before the end (any game)."""
    rng = random.Random(seed)
    for _ in range(max_actions):
        if game.is_over:
            break
        actions = game.legal_actions()
        assert actions, "the legal set is never empty before the end"
        game.apply(rng.choice(actions))
    return game


def suits_game(trump: Trump, rules: Rules | None = None, **kwargs: object) -> Game:
    game = Game(rules, deal=SUITS_DEAL, **kwargs)  # type: ignore[arg-type]
    assert game.current_player == 2  # holds the 7 of diamonds
    game.apply(trump)
    return game


def rules_strategy(*targets: int) -> st.SearchStrategy[Rules]:
    """Any combination of the table options, with one of ``targets`` as the target."""
    return st.builds(
        Rules,
        first_trump_card=st.sampled_from(["D7", "H7"]),
        chibre_in_first_round=st.booleans(),
        pique_double=st.booleans(),
        long_sequences=st.booleans(),
        target=st.sampled_from(list(targets)),
        finish_round=st.booleans(),
    )
