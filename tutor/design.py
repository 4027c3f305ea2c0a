"""The app's look, in one place and without Qt: the palettes (light, dark, high contrast), the
type scale, the spacing and the length of motion. ``tutor.ui.theme`` turns them into a Qt
palette and style sheet; every widget that paints draws its colours from there.

Every pair of colours that text is drawn in is listed in ``TEXT_PAIRS`` and must reach the
WCAG AA contrast of 4.5:1 (``contrast_ratio``); a test checks each palette.

>>> round(contrast_ratio("#000000", "#ffffff"), 1)
21.0
>>> palette_for("system", system_dark=True).name
'dark'
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Final, Literal, TypeGuard

from tutor.i18n import N_

#: The appearance a learner chooses on the Settings page: the system's light or dark, or one
#: of ours. ``contrast`` is black and white with a yellow focus ring.
Appearance = Literal["system", "light", "dark", "contrast"]
APPEARANCES: Final[tuple[Appearance, ...]] = ("system", "light", "dark", "contrast")
DEFAULT_APPEARANCE: Final[Appearance] = "system"
APPEARANCE_NAMES: Final[dict[Appearance, str]] = {
    "system": N_("Follow the system (light or dark)"),
    "light": N_("Light"),
    "dark": N_("Dark"),
    "contrast": N_("High contrast"),
}


def is_appearance(value: object) -> TypeGuard[Appearance]:
    return value in APPEARANCES


@dataclass(frozen=True)
class Palette:
    """The colours of one appearance, as ``#rrggbb``. Text roles end in ``text``; each is
    drawn on the background named beside it in ``TEXT_PAIRS``."""

    name: str
    window: str  # the page behind everything
    surface: str  # cards, panels and fields on the page
    surface_alt: str  # a panel set apart (a hint, a list's alternate row)
    border: str  # lines around panels (decoration)
    control: str  # the edge of a control to be seen: a check box, a field, a slider (3:1)
    text: str
    muted_text: str  # captions, secondary lines: still 4.5:1 on window and surface
    disabled: str  # the words of a control that cannot be used now (exempt from 4.5:1)
    accent: str  # the one primary action of a page
    accent_text: str
    highlight: str  # the selection in lists and the page in the sidebar
    highlight_text: str
    focus: str  # the focus ring: at least 3:1 against window and surface
    link: str
    felt: str  # the card table
    felt_edge: str  # the table's rim
    felt_text: str  # seat names and captions on the felt
    team_us: str  # the learner's team: a seat's chip, its slate
    team_them: str
    team_text: str  # the name on a team's chip
    turn: str  # the ring round the seat whose turn it is
    right: str  # feedback for a right answer
    right_text: str
    wrong: str
    wrong_text: str
    notice: str  # the notice bar over a page
    notice_text: str
    notice_edge: str  # the hint box's and the notice bar's edge

    def colours(self) -> dict[str, str]:
        """Role -> colour, every role but the name."""
        return {item.name: getattr(self, item.name) for item in fields(self)
                if item.name != "name"}


LIGHT: Final = Palette(
    name="light",
    window="#f3f0e8", surface="#ffffff", surface_alt="#ebe6da", border="#c4bcab",
    control="#77705f",
    text="#1d2126", muted_text="#575d63", disabled="#9d988d",
    accent="#b3261e", accent_text="#ffffff",
    highlight="#1f5d8c", highlight_text="#ffffff",
    focus="#0b57d0", link="#0b57d0",
    felt="#1f6040", felt_edge="#5a3a1e", felt_text="#f4f1e8",
    team_us="#1f5d8c", team_them="#9c3b16", team_text="#ffffff", turn="#f2c14e",
    right="#e1f2e4", right_text="#1b4a25", wrong="#fbe7e4", wrong_text="#5e1f14",
    notice="#fff3d1", notice_text="#4a3b00", notice_edge="#d9b44a",
)

DARK: Final = Palette(
    name="dark",
    window="#1b1e21", surface="#24282c", surface_alt="#2e3338", border="#4a525a",
    control="#8d969f",
    text="#ebe8e2", muted_text="#aab1b8", disabled="#687078",
    accent="#b83227", accent_text="#ffffff",
    highlight="#3a77b8", highlight_text="#ffffff",
    focus="#8ab4f8", link="#8ab4f8",
    felt="#164430", felt_edge="#3b2715", felt_text="#eef0ea",
    team_us="#3f7fbf", team_them="#c0643a", team_text="#0f1114", turn="#f2c14e",
    right="#1d3a25", right_text="#c4ecce", wrong="#46211c", wrong_text="#f7cdc6",
    notice="#3b3214", notice_text="#f6e6a8", notice_edge="#a98a2c",
)

HIGH_CONTRAST: Final = Palette(
    name="contrast",
    window="#000000", surface="#000000", surface_alt="#1a1a1a", border="#ffffff",
    control="#ffffff",
    text="#ffffff", muted_text="#e6e6e6", disabled="#8a8a8a",
    accent="#ffd400", accent_text="#000000",
    highlight="#ffd400", highlight_text="#000000",
    focus="#ffd400", link="#9fd0ff",
    felt="#003018", felt_edge="#ffffff", felt_text="#ffffff",
    team_us="#9fd0ff", team_them="#ffb38a", team_text="#000000", turn="#ffd400",
    right="#003a12", right_text="#ffffff", wrong="#4a0000", wrong_text="#ffffff",
    notice="#2b2400", notice_text="#ffffff", notice_edge="#ffd400",
)

PALETTES: Final[dict[str, Palette]] = {p.name: p for p in (LIGHT, DARK, HIGH_CONTRAST)}

#: Text role -> the backgrounds it is drawn on. Each pair must reach ``TEXT_CONTRAST``.
TEXT_PAIRS: Final[dict[str, tuple[str, ...]]] = {
    "text": ("window", "surface", "surface_alt"),
    "muted_text": ("window", "surface"),
    "accent_text": ("accent",),
    "highlight_text": ("highlight",),
    "link": ("window", "surface"),
    "felt_text": ("felt",),
    "team_text": ("team_us", "team_them"),
    "right_text": ("right",),
    "wrong_text": ("wrong",),
    "notice_text": ("notice",),
}
#: Lines and rings that must be seen, not read: WCAG's 3:1 for user interface components.
MARK_PAIRS: Final[dict[str, tuple[str, ...]]] = {
    "focus": ("window", "surface"),
    "control": ("window", "surface"),
    "highlight": ("window", "surface"),  # a check box checked, a slider's filled part
    "turn": ("felt",),
}
TEXT_CONTRAST: Final = 4.5
MARK_CONTRAST: Final = 3.0


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float:
    """The relative luminance of ``#rrggbb`` (WCAG 2)."""
    red, green, blue = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * _channel(red) + 0.7152 * _channel(green) + 0.0722 * _channel(blue)


def contrast_ratio(first: str, second: str) -> float:
    """WCAG 2's contrast ratio of two colours, from 1 to 21."""
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def palette_for(appearance: Appearance, *, system_dark: bool) -> Palette:
    """The palette of ``appearance``; ``system`` follows the desktop's light or dark."""
    if appearance == "system":
        return DARK if system_dark else LIGHT
    return {"light": LIGHT, "dark": DARK, "contrast": HIGH_CONTRAST}[appearance]


#: The type scale: a size relative to the system's body text, one per kind of text.
DISPLAY: Final = 2.2  # a big figure: a streak, a rating, the app's name
TITLE: Final = 1.8  # a page's or a lesson's heading
HEADING: Final = 1.3  # a section's heading, a result card's score
SUBHEADING: Final = 1.15  # a group's heading, a panel's title
LEAD: Final = 1.1  # reading text and the line that says what to do now
BODY: Final = 1.0
SMALL: Final = 0.9  # captions under a field

#: The spacing scale, in pixels: everything is laid out on these steps.
SPACE_XS: Final = 4
SPACE_S: Final = 8
SPACE_M: Final = 12
SPACE_L: Final = 16
SPACE_XL: Final = 24
SPACE_XXL: Final = 32
RADIUS: Final = 8  # the corners of panels; buttons use half

#: How long a card travels from its seat (or the hand) to the trick, or a trick to its taker
#: (issue 35): long enough to follow, short enough never to wait for. 0 under "reduce motion".
MOTION_MS: Final = 250


__all__ = [
    "APPEARANCES",
    "APPEARANCE_NAMES",
    "BODY",
    "DARK",
    "DEFAULT_APPEARANCE",
    "DISPLAY",
    "HEADING",
    "HIGH_CONTRAST",
    "LEAD",
    "LIGHT",
    "MARK_CONTRAST",
    "MARK_PAIRS",
    "MOTION_MS",
    "PALETTES",
    "RADIUS",
    "SMALL",
    "SPACE_L",
    "SPACE_M",
    "SPACE_S",
    "SPACE_XL",
    "SPACE_XS",
    "SPACE_XXL",
    "SUBHEADING",
    "TEXT_CONTRAST",
    "TEXT_PAIRS",
    "TITLE",
    "Appearance",
    "Palette",
    "contrast_ratio",
    "is_appearance",
    "luminance",
    "palette_for",
]
