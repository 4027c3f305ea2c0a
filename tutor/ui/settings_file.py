"""The learner's choices in ``settings.ini`` (language, deck, card size, daily goal, screen
reader at the table, table options): where the file is (``app_settings``), read through
``tutor.settings``, which resets a bad value alone and says so, and written back.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from PySide6.QtCore import (
    QByteArray,
    QSettings,
)

from engine import Rules
from tutor.files import MAX_FILE_BYTES, read_bytes, special_kind
from tutor.i18n import _
from tutor.progress import data_dir
from tutor.progress.paths import private_file
from tutor.progress.store import move_aside
from tutor.rule_options import (
    rules_to_text,
)
from tutor.settings import (
    RULES_PREFIX,
    ReadSettings,
    read_settings,
    settings_keys,
)

#: The dynamic property of the settings object that keeps, for the window's notice, what was
#: done to a settings file that was no file (``app_settings``): its path, and where it went or
#: why it could not be moved, a line each.
MOVED_PROPERTY: Final = "jassTutorMovedAside"


def app_settings() -> QSettings:
    """Settings in an INI file beside the progress database (``JASS_TUTOR_HOME`` moves both),
    private to the learner (0600 on POSIX: QSettings keeps the mode of the file it rewrites).

    A FIFO, device or socket where the file should be is never opened (QSettings would wait on
    it for ever, and no window would appear): it is moved aside, the settings start from their
    defaults, and ``moved_notice`` says so."""
    path = data_dir() / "settings.ini"
    moved = _move_aside_if_no_file(path)
    private_file(path)
    unreadable = _unreadable(path) if moved is None else None
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    if moved is not None:
        settings.setProperty(MOVED_PROPERTY, f"{path}\n{moved}")
    elif unreadable is not None:
        settings.setProperty(MOVED_PROPERTY, f"{path}\n\n\n{unreadable}")
    return settings


def _unreadable(path: Path) -> str | None:
    """Why the settings file cannot be read (permission denied, a folder, over the size a
    settings file may have), or ``None``: QSettings would say nothing and use the defaults."""
    try:
        read_bytes(path, limit=MAX_FILE_BYTES)
    except FileNotFoundError:
        return None
    except OSError as error:
        return str(error.strerror or error)
    return None


def _move_aside_if_no_file(path: Path) -> str | None:
    """Move ``path`` aside when it is there but neither a file nor a folder: where it went, or
    ``"\n"`` and why it could not be moved; ``None`` when there was nothing to do."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return None  # no file yet, or one QSettings reports itself
    if special_kind(mode) is None:
        return None
    try:
        return str(move_aside(path, datetime.now(UTC)))
    except OSError as error:
        return f"\n{error.strerror or error}"


def moved_notice(settings: QSettings) -> str | None:
    """The notice, in the language in force, when ``app_settings`` found no file where the
    settings file should be; ``None`` otherwise."""
    kept = settings.property(MOVED_PROPERTY)
    if not isinstance(kept, str) or not kept:
        return None
    path, moved, *error = kept.split("\n")
    if len(error) == 2:  # a file that cannot be read (``_unreadable``)
        return _("Your settings file {path} cannot be read ({error}): the settings are the "
                 "defaults for now, and the file is left as it is.").format(
            path=path, error=error[1])
    if error:
        return _("Your settings file {path} is not a file, and could not be moved aside "
                 "({error}): the settings are the defaults, and will not be saved.").format(
            path=path, error=error[0])
    return _("Your settings file {path} was not a file: it was moved aside as {moved}, and the "
             "settings start from their defaults.").format(path=path, moved=moved)


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
