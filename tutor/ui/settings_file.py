"""The learner's choices in ``settings.ini`` (language, deck, card size, daily goal, screen
reader at the table, table options): where the file is (``app_settings``), read through
``tutor.settings``, which resets a bad value alone and says so, and written back.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QByteArray,
    QSettings,
)

from engine import Rules
from tutor.progress import data_dir
from tutor.progress.paths import private_file
from tutor.rule_options import (
    rules_to_text,
)
from tutor.settings import (
    RULES_PREFIX,
    ReadSettings,
    read_settings,
    settings_keys,
)


def app_settings() -> QSettings:
    """Settings in an INI file beside the progress database (``JASS_TUTOR_HOME`` moves both),
    private to the learner (0600 on POSIX: QSettings keeps the mode of the file it rewrites)."""
    path = data_dir() / "settings.ini"
    private_file(path)
    return QSettings(str(path), QSettings.Format.IniFormat)


def raw_settings(settings: QSettings) -> dict[str, str]:
    """The values ``tutor.settings`` reads, as the file's text: ``QSettings.value`` is typed
    object (text from the INI file, a list when the text has a comma, bytes or a Qt value for
    ``@ByteArray(…)``, ``@Rect(…)``, ``@Variant(…)``, or what was set this session), so each
    is made text: the reader then refuses what is not a value of the app."""
    raw: dict[str, str] = {}
    for key in settings_keys():
        if settings.contains(key):
            raw[key] = _as_text(settings.value(key))
    return raw


def _as_text(value: object) -> str:
    if isinstance(value, QByteArray):
        value = value.data()
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).decode("utf-8", errors="replace")
    if isinstance(value, list):
        return ",".join(_as_text(part) for part in value)
    return "" if value is None else str(value)


def read_app_settings(settings: QSettings) -> ReadSettings:
    """The settings in force in ``settings`` and what of them was reset (``tutor.settings``)."""
    return read_settings(raw_settings(settings))


def write_corrections(settings: QSettings, read: ReadSettings) -> None:
    """Write back the values ``read`` reset, so the file holds the values in force."""
    for key, text in read.corrections().items():
        if text is None:
            settings.remove(key)
        else:
            settings.setValue(key, text)


def read_rules(settings: QSettings) -> Rules:
    """The table options saved in ``settings``; each bad one takes its default alone."""
    return read_app_settings(settings).settings.rules


def write_rules(settings: QSettings, rules: Rules) -> None:
    for name, text in rules_to_text(rules).items():
        settings.setValue(RULES_PREFIX + name, text)
