"""The table rules: a frozen set of named options (RULES.md).

``Rules()`` is the ``chibre`` profile. Each option of RULES.md is a field:

>>> Rules().target, Rules(pique_double=True).target
(1000, 1500)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Final, overload

from engine.cards import D7, H7, Card

PROFILES: Final = ("chibre",)

#: The rule IDs of RULES.md, in its order. Lessons and tests cite them.
RULE_IDS: Final = (
    "R-DECK", "R-SEATS", "R-DEAL",
    "R-ORDER-PLAIN", "R-ORDER-TRUMP", "R-VALUES",
    "R-TRUMP-FIRST", "R-TRUMP-NEXT", "R-CHIBRE", "R-LEAD",
    "R-FOLLOW", "R-DISCARD", "R-TRUMP-ANYTIME", "R-NO-UNDERTRUMP", "R-FOLLOW-TRUMP", "R-BUUR",
    "R-TRICK",
    "R-POINTS", "R-MATCH", "R-PIQUE-DOUBLE",
    "R-WEIS-KINDS", "R-WEIS-ONE-CARD", "R-WEIS-WHEN", "R-WEIS-BEST", "R-STOECK",
    "R-TARGET", "R-FINISH", "R-RUBICON", "R-SLATE",
    "R-PROC",
    "R-POMME", "R-POMME-TWO",
)
FIRST_TRUMP_CARDS: Final = (D7, H7)
STANDARD_TARGETS: Final = (1000, 1500, 2500)
#: The highest target a game may have (R-TARGET names none): the arena plays to 100,000 so that
#: no round ends its matches; a saved game that asks for more is refused, as it could not end.
MAX_TARGET: Final = 1_000_000


class RulesError(ValueError):
    """An impossible combination of rule options."""


class _Target:
    """The ``target`` field: set as ``int | None`` (``None`` is the default, which
    ``Rules.__post_init__`` turns into 1000 or 1500), read as the ``int`` it then always is.
    (A plain dataclass field has one type for both; mypy reads ``__init__``'s from ``__set__``.)
    """

    def __set_name__(self, owner: type, name: str) -> None:
        self._slot = f"_{name}"

    @overload
    def __get__(self, rules: None, owner: type) -> None: ...
    @overload
    def __get__(self, rules: Rules, owner: type) -> int: ...
    def __get__(self, rules: Rules | None, owner: type) -> int | None:
        if rules is None:
            return None  # the field's default
        value: int = getattr(rules, self._slot)
        return value

    def __set__(self, rules: Rules, value: int | None) -> None:
        object.__setattr__(rules, self._slot, value)  # the dataclass is frozen


@dataclasses.dataclass(frozen=True)
class Rules:
    """Table options. See RULES.md for the rule behind each field.

    - ``first_trump_card``: R-TRUMP-FIRST, the card whose holder chooses trump
      in the first round (``D7`` or ``H7``; a code string is accepted).
    - ``chibre_in_first_round``: R-CHIBRE, whether chibre is allowed in round 1.
    - ``pique_double``: R-PIQUE-DOUBLE, spades as trump count double.
    - ``long_sequences``: R-WEIS-KINDS, sequences of 6-9 cards worth 150-300.
    - ``target``: R-TARGET; ``None`` means the default, 1000 (1500 with pique
      double). Any positive number is accepted; the app offers 1000/1500/2500.
    - ``finish_round``: R-FINISH, play the round out instead of stopping at once.
    """

    profile: str = "chibre"
    first_trump_card: Card = D7
    chibre_in_first_round: bool = True
    pique_double: bool = False
    long_sequences: bool = False
    target: _Target = _Target()
    finish_round: bool = False

    def __post_init__(self) -> None:
        if self.profile not in PROFILES:
            raise RulesError(
                f"unknown rule profile {self.profile!r}: only 'chibre' is built "
                "(the 'schieber' profile of RULES.md comes after it)"
            )
        card = self.first_trump_card
        if isinstance(card, str):
            card = Card.parse(card)
            object.__setattr__(self, "first_trump_card", card)
        if card not in FIRST_TRUMP_CARDS:
            raise RulesError(
                f"first_trump_card must be D7 or H7 (R-TRUMP-FIRST), not {card!s}"
            )
        for name in ("chibre_in_first_round", "pique_double", "long_sequences", "finish_round"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} must be true or false, not {getattr(self, name)!r}")
        if self.target is None:
            object.__setattr__(self, "target", _default_target(self.pique_double))
        if isinstance(self.target, bool) or not isinstance(self.target, int) \
                or not 0 < self.target <= MAX_TARGET:
            raise RulesError(f"target must be a positive whole number of points, at most "
                             f"{MAX_TARGET}, not {self.target!r}")

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (and checked again, as the constructor checks them).

        A target left at its default follows a change of ``pique_double``.
        """
        if "target" not in changes and self.target == _default_target(self.pique_double):
            changes["target"] = None
        return dataclasses.replace(self, **changes)

    def options(self) -> dict[str, object]:
        """The options as plain values (card as its code), for display and saving."""
        values = dataclasses.asdict(self)
        values["first_trump_card"] = str(self.first_trump_card)
        return values

    @classmethod
    def from_options(cls, values: Mapping[str, object]) -> Rules:
        """The rules of plain values, as ``options()`` gives them; an option left out takes its
        default. A ``ValueError`` names an unknown option or a bad value (``RulesError``;
        ``InvalidCardError`` for a code that is no card).

        >>> Rules.from_options(Rules(target=2500).options()) == Rules(target=2500)
        True
        """
        known = {field.name for field in dataclasses.fields(cls)}
        unknown = sorted(set(values) - known)
        if unknown:
            raise RulesError(f"unknown rule option {unknown[0]!r}")
        checked: dict[str, Any] = dict(values)  # each value is checked in __post_init__
        return cls(**checked)


def _default_target(pique_double: bool) -> int:
    return 1500 if pique_double else 1000
