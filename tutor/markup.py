"""The small Markdown subset of lessons, turned into Qt rich text (no Qt).

Paragraphs are separated by blank lines; ``**bold**``, ``*italic*``; lines starting with ``- ``
make a list; ``{HJ}`` names a card in the learner's language and deck. Everything else is
escaped, so a lesson can never inject markup.
"""

from __future__ import annotations

import html
import re

from engine import Card, InvalidCardError, Suit
from tutor.names import card_name, current_deck

SYMBOLS = {Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣", Suit.SPADES: "♠"}
RED = "#c0392b"
_CARD = re.compile(r"\{([A-Za-z0-9]{2,3})\}")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])")


def card_html(card: Card) -> str:
    """A card's name, with its suit symbol in the suit's colour for the French deck."""
    name = html.escape(card_name(card))
    if current_deck() != "french":
        return f"<b>{name}</b>"
    colour = RED if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else "palette(text)"
    style = f' style="color:{RED}"' if colour == RED else ""
    return f"<b>{name}</b>\u00a0<span{style}>{SYMBOLS[card.suit]}</span>"


def _inline(text: str) -> str:
    text = html.escape(text, quote=False)
    text = _BOLD.sub(r"<b>\1</b>", text)
    text = _ITALIC.sub(r"<i>\1</i>", text)

    def card(match: re.Match[str]) -> str:
        try:
            return card_html(Card.parse(match.group(1)))
        except InvalidCardError:
            return match.group(0)

    return _CARD.sub(card, text)


def to_html(text: str) -> str:
    """Rich text for a QLabel from the lesson Markdown subset.

    >>> to_html("Play **trump**.\\n\\n- one\\n- two")
    '<p>Play <b>trump</b>.</p><ul><li>one</li><li>two</li></ul>'
    """
    blocks = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [line.strip() for line in block.splitlines() if line.strip()]
        if lines and all(line.startswith("- ") for line in lines):
            items = "".join(f"<li>{_inline(line[2:])}</li>" for line in lines)
            blocks.append(f"<ul>{items}</ul>")
        else:
            blocks.append(f"<p>{_inline(' '.join(lines))}</p>")
    return "".join(blocks)
