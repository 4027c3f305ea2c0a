"""Where the learner's record lives: ``$JASS_TUTOR_HOME``, else the platform's app-data folder."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

HOME_VARIABLE = "JASS_TUTOR_HOME"
APP_NAME = "Jass Tutor"  # folder name on macOS and Windows
XDG_NAME = "jass-tutor"  # folder name on Linux and other XDG systems


class DataFolderError(OSError):
    """The data folder is not a folder, or cannot be made; the message says which and why."""


def data_dir() -> Path:
    """The folder for the progress database, created if missing.

    ``$JASS_TUTOR_HOME`` wins when set (tests, portable installs); otherwise the platform's
    app-data folder (see ``platform_data_dir``). Raises ``DataFolderError`` when the path is a
    file or the folder cannot be created.
    """
    override = os.environ.get(HOME_VARIABLE)
    path = Path(override).expanduser() if override else platform_data_dir()
    origin = f"{HOME_VARIABLE}={override}" if override else "the data folder"
    if path.exists() and not path.is_dir():
        raise DataFolderError(f"{origin}: {path} is a file, not a folder; set {HOME_VARIABLE} "
                              "to a folder, or move the file away")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise DataFolderError(f"{origin}: the folder {path} cannot be created "
                              f"({error.strerror or error}); set {HOME_VARIABLE} to a folder "
                              "you may write") from error
    return path


def platform_data_dir(
    platform: str | None = None,
    env: Mapping[str, str] | None = None,
    home: Path | None = None,
) -> Path:
    """The app-data folder for ``platform`` (default: this one), not created.

    >>> platform_data_dir("linux", {}, Path("/home/anna")).as_posix()
    '/home/anna/.local/share/jass-tutor'
    >>> platform_data_dir("darwin", {}, Path("/Users/anna")).as_posix()
    '/Users/anna/Library/Application Support/Jass Tutor'
    """
    platform = sys.platform if platform is None else platform
    env = os.environ if env is None else env
    home = Path.home() if home is None else home
    if platform == "darwin":
        return home / "Library" / "Application Support" / APP_NAME
    if platform.startswith(("win", "cygwin")):
        appdata = env.get("APPDATA")
        return (Path(appdata) if appdata else home / "AppData" / "Roaming") / APP_NAME
    xdg = env.get("XDG_DATA_HOME", "")
    base = Path(xdg) if os.path.isabs(xdg) else home / ".local" / "share"  # XDG: relative = unset
    return base / XDG_NAME
