"""Where the learner's record lives: ``$JASS_TUTOR_HOME``, else the platform's app-data folder."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Mapping
from pathlib import Path

HOME_VARIABLE = "JASS_TUTOR_HOME"
APP_NAME = "Jass Tutor"  # folder name on macOS and Windows
XDG_NAME = "jass-tutor"  # folder name on Linux and other XDG systems


#: On POSIX systems the learner's record is theirs alone: the folder 0700, its files 0600.
FOLDER_MODE = 0o700
FILE_MODE = 0o600


class DataFolderError(OSError):
    """The data folder is not a folder, or cannot be made; the message says which and why."""


def data_dir() -> Path:
    """The folder for the progress database, created if missing (0700 on POSIX).

    ``$JASS_TUTOR_HOME`` wins when set (tests, portable installs); otherwise the platform's
    app-data folder (see ``platform_data_dir``). Raises ``DataFolderError`` when the path is a
    file or the folder cannot be created. The platform's folder is made private even when it
    already exists (older versions made it 0755); a ``$JASS_TUTOR_HOME`` that exists is the
    learner's own choice and is left as it is.
    """
    override = os.environ.get(HOME_VARIABLE)
    path = Path(override).expanduser() if override else platform_data_dir()
    origin = f"{HOME_VARIABLE}={override}" if override else "the data folder"
    if path.exists() and not path.is_dir():
        raise DataFolderError(f"{origin}: {path} is a file, not a folder; set {HOME_VARIABLE} "
                              "to a folder, or move the file away")
    existed = path.is_dir()
    try:
        path.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
        if os.name == "posix" and (not existed or not override):
            path.chmod(FOLDER_MODE)  # mkdir's mode is reduced by the umask; an old one kept
    except OSError as error:
        raise DataFolderError(f"{origin}: the folder {path} cannot be created "
                              f"({error.strerror or error}); set {HOME_VARIABLE} to a folder "
                              "you may write") from error
    return path


def private_file(path: Path) -> None:
    """Make ``path`` private to its owner (POSIX): created empty with mode 0600 if missing, else
    its group and other permissions taken away (a read-only file stays read-only). Called before
    SQLite or QSettings open it: both keep the mode of an existing file (SQLite gives its journal
    and WAL files the database's mode too). Elsewhere, nothing to do."""
    if os.name != "posix":
        return
    flags = os.O_RDONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK  # no wait on a FIFO
    try:
        descriptor = os.open(path, flags, FILE_MODE)
    except OSError:
        return  # opening the file proper says what is wrong with it (a folder, no permission)
    try:
        mode = stat.S_IMODE(os.fstat(descriptor).st_mode)
        if mode & 0o077:
            os.fchmod(descriptor, mode & ~0o077)
    except OSError:
        pass  # not the learner's file (another owner): opening it will tell
    finally:
        os.close(descriptor)


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
