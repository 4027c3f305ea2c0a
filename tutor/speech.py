"""How much of the table a screen reader hears as it happens (a setting; no Qt)."""

from __future__ import annotations

#: Every card played, the tricks only (with trump, announcements, Stöck), or nothing.
SPEECH_LEVELS = ("cards", "tricks", "off")
#: Every card: said only when a screen reader listens, so it costs nothing otherwise.
DEFAULT_SPEECH = "cards"


def speech_level(value: object) -> str:
    """A saved setting as a level; anything else is the default."""
    return value if isinstance(value, str) and value in SPEECH_LEVELS else DEFAULT_SPEECH


__all__ = ["DEFAULT_SPEECH", "SPEECH_LEVELS", "speech_level"]
