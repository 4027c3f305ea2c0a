"""The Rules page: every rule of RULES.md in plain words, grouped by section (no Qt).

Titles, texts and section names are marked with ``N_`` and translated with ``_`` where they
are shown. Each entry names the ``engine.Rules`` field that changes the rule, if any, so the
page can show the table option beside it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tutor.i18n import N_


@dataclass(frozen=True)
class RuleEntry:
    """One rule as the Rules page shows it (untranslated; pass the strings through ``_``)."""

    id: str
    section: str
    title: str
    text: str
    option: str | None = None


_TABLE: Final = N_("Table, deck and order of play")
_CARDS: Final = N_("Card order and values")
_TRUMP: Final = N_("Choosing trump")
_PLAY: Final = N_("Playing a card")
_SCORE: Final = N_("Scoring a round")
_WEIS: Final = N_("Announcements (weis)")
_END: Final = N_("End of the game")
_PROC: Final = N_("Table procedure")
_OTHER: Final = N_("Other games")

SECTIONS: Final[tuple[str, ...]] = (
    _TABLE, _CARDS, _TRUMP, _PLAY, _SCORE, _WEIS, _END, _PROC, _OTHER,
)

RULES: Final[tuple[RuleEntry, ...]] = (
    RuleEntry(
        "R-DECK", _TABLE, N_("The deck"),
        N_("Chibre is played with 36 cards in four suits, {suit:H}, {suit:D}, {suit:C} and "
           "{suit:S}, each with the ranks 6, 7, 8, 9, {rank:T}, {rank:J}, {rank:Q}, {rank:K} "
           "and {rank:A}. The Settings choose between the French-suited and the Swiss "
           "German-suited deck."),
    ),
    RuleEntry(
        "R-SEATS", _TABLE, N_("Seats and teams"),
        N_("Four players make two teams of two, and partners sit facing each other. Play goes "
           "counter-clockwise, so the next to play is always the player on your right. You and "
           "your partner are one team, your two opponents the other."),
    ),
    RuleEntry(
        "R-DEAL", _TABLE, N_("The deal"),
        N_("The dealer shuffles and lets the player on the left cut, leaving at least 2 cards "
           "in each part. The cards then go out counter-clockwise, three at a time, until "
           "everyone holds 9."),
    ),
    RuleEntry(
        "R-ORDER-PLAIN", _CARDS, N_("Order of a plain suit"),
        N_("In a suit that is not trump the {rank:A} is highest, followed by {rank:K}, "
           "{rank:Q}, {rank:J}, {rank:T}, 9, 8, 7 and finally 6."),
    ),
    RuleEntry(
        "R-ORDER-TRUMP", _CARDS, N_("Order of the trump suit"),
        N_("In trump the {rank:J}, called the Buur, is the highest card, and the nine, called "
           "the Nell, comes next. After them come {rank:A}, {rank:K}, {rank:Q}, {rank:T}, 8, 7 "
           "and 6."),
    ),
    RuleEntry(
        "R-VALUES", _CARDS, N_("Card values"),
        N_("Outside trump the cards are worth: {rank:A} 11, {rank:T} 10, {rank:K} 4, {rank:Q} 3, "
           "{rank:J} 2, the rest nothing. In trump the Buur is worth 20 and the Nell 14; "
           "the other trumps count as in a plain suit. With 5 more for the last trick, every "
           "round is worth 157 in all."),
    ),
    RuleEntry(
        "R-TRUMP-FIRST", _TRUMP, N_("Trump in the first round"),
        N_("In the first round the player holding the {D7} chooses trump. The source texts "
           "differ here, one allowing the {H7} as well, so the table can pick the {H7} "
           "instead."),
        "first_trump_card",
    ),
    RuleEntry(
        "R-TRUMP-NEXT", _TRUMP, N_("Trump in later rounds"),
        N_("In every later round the choice of trump moves on to the next player in order of "
           "play after the last round's chooser, and that chooser deals. The chooser is the "
           "player whose turn it was to choose, even one who passed the choice with a chibre."),
    ),
    RuleEntry(
        "R-CHIBRE", _TRUMP, N_("Chibre"),
        N_("Instead of choosing, the chooser may chibre: hand the choice to the partner, who "
           "must then choose and cannot hand it back. By default this is allowed in the first "
           "round too; one source text forbids it there, and the table can follow that."),
        "chibre_in_first_round",
    ),
    RuleEntry(
        "R-LEAD", _TRUMP, N_("The first lead"),
        N_("The player whose turn it was to choose trump leads the first trick, even after a "
           "chibre. From then on, whoever wins a trick leads the next one."),
    ),
    RuleEntry(
        "R-FOLLOW", _PLAY, N_("Follow suit"),
        N_("If you hold a card of the suit that was led, you must play that suit or a trump."),
    ),
    RuleEntry(
        "R-DISCARD", _PLAY, N_("No card of the suit led"),
        N_("If you hold no card of the suit that was led, you may play any other card, except "
           "a trump lower than one already in the trick (no undertrumping)."),
    ),
    RuleEntry(
        "R-TRUMP-ANYTIME", _PLAY, N_("Trumping at any time"),
        N_("When a plain suit is led you may always play a trump, even if you could follow "
           "suit."),
    ),
    RuleEntry(
        "R-NO-UNDERTRUMP", _PLAY, N_("No undertrumping"),
        N_("When a plain suit was led and someone has already trumped, you may not play a trump "
           "lower than the highest trump in the trick. The one exception: if your hand holds "
           "nothing but trumps, any of them may be played."),
    ),
    RuleEntry(
        "R-FOLLOW-TRUMP", _PLAY, N_("Follow trump"),
        N_("When trump is led, you must play a trump if you have one."),
    ),
    RuleEntry(
        "R-BUUR", _PLAY, N_("The Buur is never forced"),
        N_("If the Buur is your only trump and trump is led, you may keep it back and play any "
           "card instead."),
    ),
    RuleEntry(
        "R-TRICK", _PLAY, N_("Who wins a trick"),
        N_("The highest trump in a trick takes it; if no trump was played, the highest card of "
           "the suit led takes it. A card of any other suit never wins."),
    ),
    RuleEntry(
        "R-POINTS", _SCORE, N_("Counting points"),
        N_("Each team adds up the values of the cards in the tricks it took, and the team that "
           "took the last trick gets 5 more."),
    ),
    RuleEntry(
        "R-MATCH", _SCORE, N_("Match"),
        N_("A team that takes all 9 tricks makes a match and scores 257: the 157 of the round "
           "plus a bonus of 100."),
    ),
    RuleEntry(
        "R-PIQUE-DOUBLE", _SCORE, N_("{suit:S} count double"),
        N_("If the table chooses, a round with {suit:S} as trump scores double: cards, match, "
           "announcements and Stöck alike. The game is then played to 1500."),
        "pique_double",
    ),
    RuleEntry(
        "R-WEIS-KINDS", _WEIS, N_("Kinds of announcement"),
        N_("A sequence is 3 or more cards in a row in one suit, always in the order 6 up to "
           "ace, even in trump: 3 cards are worth 20, 4 cards 50, 5 or more 100, or 150 to 300 "
           "for 6 to 9 cards with the German-Swiss long sequences. Four {ranks:J} are worth 200, "
           "four nines 150, and four {ranks:A}, {ranks:K}, {ranks:Q} or {ranks:T} 100; four 8s, "
           "7s or 6s count nothing."),
        "long_sequences",
    ),
    RuleEntry(
        "R-WEIS-ONE-CARD", _WEIS, N_("Each card in one announcement"),
        N_("A card may be part of one announcement only, and the hand announces whatever "
           "combination is worth the most. A sequence is always the whole unbroken run you hold "
           "in a suit; it is cut only when some of its cards go to a four of a kind, and the "
           "pieces left over still count as sequences. Only Stöck may share a card with another "
           "announcement."),
    ),
    RuleEntry(
        "R-WEIS-WHEN", _WEIS, N_("When to announce"),
        N_("You announce as you play your first card of the round, or you may stay silent. At "
           "first you say only what your best announcement is worth; once the first trick is "
           "over the best one is settled, and that team shows and scores its announcements."),
    ),
    RuleEntry(
        "R-WEIS-BEST", _WEIS, N_("Which announcement wins"),
        N_("Only the team holding the single best announcement scores, but it then scores every "
           "announcement of both partners. The best is the one worth more points, then the one "
           "with more cards, then the higher top card, then one in trump over one outside "
           "trump, and last the one announced first in order of play."),
    ),
    RuleEntry(
        "R-STOECK", _WEIS, N_("Stöck"),
        N_("The {rank:K} and the {rank:Q} of trump in the same hand are Stöck, worth 20, "
           "announced when the second of the two is played. Stöck always scores, whichever team "
           "wins the announcements, and its cards may also belong to another announcement."),
    ),
    RuleEntry(
        "R-TARGET", _END, N_("Target"),
        N_("The first team to reach the target wins the game. The target is 1000 unless the "
           "table picks 1500 or 2500; when {suit:S} count double it is 1500."),
        "target",
    ),
    RuleEntry(
        "R-FINISH", _END, N_("When the game ends"),
        N_("By default the game stops the moment a team reaches the target, even in the middle "
           "of a round; points are credited Stöck first, then announcements, then each trick as "
           "it is won. The source also gives a second way, which the table can choose: play the "
           "round to its end, and the higher total wins."),
        "finish_round",
    ),
    RuleEntry(
        "R-RUBICON", _END, N_("The Rubicon"),
        N_("A team that ends the game below half the target, under 500 in a game to 1000, is in "
           "the Rubicon. Some tables count such a loss double; the app does not, but names the "
           "team in the game's result."),
    ),
    RuleEntry(
        "R-SLATE", _END, N_("The slate"),
        N_("Scores are traditionally kept on a slate: a stroke for each 100 on the top line, a "
           "half-cross for each 50 on the middle line, a stroke for each 20 on the bottom line, "
           "and what remains written at the side. The app can show the score this way too."),
    ),
    RuleEntry(
        "R-PROC", _PROC, N_("Table manners"),
        N_("At a real table the cards are shuffled and cut with at least 2 cards, dealt again "
           "after a misdeal or a card shown during the deal, and looked at only once the deal "
           "is complete. Announcements use only the usual words and are marked before the "
           "second trick is turned. The app enforces what a program can; the lessons teach the "
           "rest."),
    ),
    RuleEntry(
        "R-POMME", _OTHER, N_("Pomme (Putz)"),
        N_("Pomme, also called Putz, is played by 3 or 5 players, each for themselves, with the "
           "same trumps, card order and values. A player who scores fewer than 21 in a round "
           "gets an apple, a minus point, and the best players gain points. The Play page offers "
           "Pomme for 3 and for 5 players against the bots, and lesson 19 teaches it with "
           "exercises and puzzles."),
    ),
    RuleEntry(
        "R-POMME-TWO", _OTHER, N_("Pomme for two"),
        N_("With 2 players each gets 9 cards and a blind of 3 face down. Each, the non-dealer "
           "first, keeps their hand or exchanges exactly 3 cards for their own blind, unseen; "
           "then the holder of the 6 of trump may swap it for the turned card. The one with more "
           "points marks a Putz, under 21 is an apple, and nobody marks if both are under 21. "
           "The game ends at +7 or at -3."),
    ),
)

SCHIEBER_NOTE: Final = N_(
    "The German-Swiss schieber rules, with Obenabe, Undenufe, multipliers and a target of "
    "2500, are planned after chibre; the app does not play them yet."
)


def entries_by_section() -> list[tuple[str, list[RuleEntry]]]:
    """The rules grouped under their section names, both in RULES.md order.

    >>> [(section, len(entries)) for section, entries in entries_by_section()][:2]
    [('Table, deck and order of play', 3), ('Card order and values', 3)]
    """
    return [(section, [e for e in RULES if e.section == section]) for section in SECTIONS]
