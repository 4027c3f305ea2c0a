"""The small Markdown subset of lessons, turned into Qt rich text (no Qt).

Paragraphs are separated by blank lines; ``**bold**``, ``*italic*``; lines starting with ``- ``
make a list; ``{HJ}``, ``{suit:H}``, ``{rank:J}``, ``{ranks:J}`` and ``{option:NAME}`` are
references (``tutor.refs``) drawn in the learner's language, deck and table options. Everything
else is escaped, so a lesson can never inject markup.
"""

from __future__ import annotations

import html
import re

from engine import Card, Suit
from tutor import refs
from tutor.i18n import _
from tutor.names import article, capitalized, card_name, suit_symbol

RED = "#c0392b"
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![*\w])\*(?!\s)(.+?)(?<!\s)\*(?![*\w])")


def _symbol(suit: Suit) -> str:
    """The suit's symbol in its colour, after a no-break space (French deck only)."""
    symbol = suit_symbol(suit)
    if symbol is None:
        return ""
    style = f' style="color:{RED}"' if suit in (Suit.HEARTS, Suit.DIAMONDS) else ""
    return f"\u00a0<span{style}>{symbol}</span>"


def card_html(card: Card, capital: bool = False, form: str = "") -> str:
    """A card's name (after the article ``form`` asks for, ``tutor.names.with_article``), with
    its suit symbol in the suit's colour for the French deck; the name alone is bold."""
    before = article(card.rank, form.lower()) if form else ""
    name = card_name(card)
    if capital or form[:1].isupper():
        before, name = (capitalized(before), name) if before else ("", capitalized(name))
    return f"{html.escape(before)}<b>{html.escape(name)}</b>{_symbol(card.suit)}"


def ref_html(ref: refs.Ref, capital: bool = False) -> str:
    """One reference as rich text: a card in bold, a suit with its symbol, an option's label in
    bold with the value in force."""
    if isinstance(ref.value, Card):
        return card_html(ref.value, capital, ref.form)
    if ref.kind == "option":
        from tutor.rule_options import option_label, option_value

        label = html.escape(option_label(str(ref.value)))
        value = html.escape(option_value(str(ref.value)))
        return _("{option} (now: {value})").format(option=f"<b>{label}</b>", value=value)
    text = refs.name(ref)
    text = html.escape(capitalized(text) if capital else text)
    return text + _symbol(ref.value) if isinstance(ref.value, Suit) else text


def _inline(text: str) -> str:
    text = html.escape(text, quote=False)
    text = _BOLD.sub(r"<b>\1</b>", text)
    text = _ITALIC.sub(r"<i>\1</i>", text)
    return refs.substitute(text, ref_html)


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
