"""The app on a Linux or BSD desktop: its id, icon, desktop entry and AppStream metainfo (no Qt).

The three files are in ``resources/`` (installed: ``tutor/data/resources/``), named after
:data:`APP_ID`.
``jass-tutor --install-desktop`` copies them where freedesktop.org desktops look for a user's
applications (``$XDG_DATA_HOME``, by default ``~/.local/share``)::

    applications/<APP_ID>.desktop                the menu entry, Exec= set to this installation
    icons/hicolor/scalable/apps/<APP_ID>.svg     the icon
    metainfo/<APP_ID>.metainfo.xml               what software centres show

and ``--uninstall-desktop`` removes exactly those files. Menus watch ``applications/`` and
pick the entry up by themselves; ``update-desktop-database`` is not run: it only caches
``MimeType=`` associations, which the entry has none of, and would leave its cache behind.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from pathlib import Path
from typing import Final

from tutor.data import resource
from tutor.files import read_bytes, special_kind

#: The application's id (reverse DNS), also the name of its desktop entry, icon and metainfo.
APP_ID: Final = "ch.jasstutor.JassTutor"
#: The app's name, on its window and in the desktop's menus: a name, not translated.
APP_NAME: Final = "Jass tutor"
COMMAND: Final = "jass-tutor"  # the console script (pyproject.toml)

ICON: Final = f"{APP_ID}.svg"
DESKTOP_ENTRY: Final = f"{APP_ID}.desktop"
METAINFO: Final = f"{APP_ID}.metainfo.xml"

#: Each shipped file and where it goes under the data home.
PLACES: Final = (
    (DESKTOP_ENTRY, Path("applications")),
    (ICON, Path("icons", "hicolor", "scalable", "apps")),
    (METAINFO, Path("metainfo")),
)

#: Characters that make an Exec argument need quoting (desktop entry spec, "The Exec key").
_RESERVED: Final = frozenset(" \t\n\"'\\><~|&;$*?#()`")


class DesktopError(Exception):
    """The desktop files cannot be installed or removed; the message says why."""


def icon_path() -> Path:
    """The app's icon, an SVG in the package's resources (it may be missing: say so)."""
    return resource(ICON)


def default_data_home() -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share`` when it is unset, empty or relative (the
    XDG base directory spec ignores a relative path)."""
    value = os.environ.get("XDG_DATA_HOME", "")
    if value and Path(value).is_absolute():
        return Path(value)
    return Path.home() / ".local" / "share"


def quote_exec_argument(argument: str) -> str:
    """``argument`` as one argument of an ``Exec=`` value: double-quoted when it holds a
    reserved character (with ``"``, `````, ``$`` and ``\\`` escaped by a backslash), then
    written as a desktop entry string (a backslash doubled) with ``%`` written ``%%``."""
    if "\n" in argument or "\r" in argument:
        raise DesktopError(f"a command with a line break cannot go in a desktop entry: "
                           f"{argument!r}")
    if argument and not _RESERVED.intersection(argument):
        quoted = argument
    else:
        escaped = "".join("\\" + char if char in '"`$\\' else char for char in argument)
        quoted = f'"{escaped}"'
    return quoted.replace("\\", "\\\\").replace("%", "%%")


def default_exec() -> str:
    """The ``Exec=`` value that starts THIS installation, whatever the desktop's ``PATH``:
    the ``jass-tutor`` script beside the running interpreter (a virtualenv's or pipx's
    ``bin/``) when there is one, else the interpreter with ``-m tutor``."""
    if not sys.executable:
        raise DesktopError("cannot tell which Python runs this app (sys.executable is empty)")
    interpreter = Path(sys.executable).absolute()
    script = interpreter.parent / COMMAND
    if script.is_file() and os.access(script, os.X_OK):
        return quote_exec_argument(str(script))
    return f"{quote_exec_argument(str(interpreter))} -m tutor"


def _check_platform() -> None:
    if sys.platform in ("darwin", "win32"):
        system = "macOS" if sys.platform == "darwin" else "Windows"
        raise DesktopError(
            f"desktop entries are for Linux and BSD desktops (freedesktop.org), not {system}: "
            f"start {COMMAND} from a terminal, or make a shortcut to it")


def _sources() -> list[Path]:
    """The shipped files, all of them there (or an error naming the first one missing)."""
    paths = [resource(name) for name, _folder in PLACES]
    for path in paths:
        if not path.is_file():
            raise DesktopError(f"{path} is missing from this installation: reinstall jass-tutor")
    return paths


def targets(data_home: Path | None = None) -> list[Path]:
    """Where :func:`install` writes: the desktop entry, the icon and the metainfo."""
    home = default_data_home() if data_home is None else data_home
    return [home / folder / name for name, folder in PLACES]


def desktop_entry(exec_command: str) -> str:
    """The shipped desktop entry with its ``Exec=`` line replaced by ``exec_command`` (an
    ``Exec=`` value, quoted already: see :func:`quote_exec_argument`)."""
    if "\n" in exec_command or "\r" in exec_command or not exec_command.strip():
        raise DesktopError(f"not a command for a desktop entry: {exec_command!r}")
    source = resource(DESKTOP_ENTRY)
    lines = source.read_text(encoding="utf-8").splitlines()
    found = [index for index, line in enumerate(lines) if line.startswith("Exec=")]
    if len(found) != 1:
        raise DesktopError(f"{source} should have one Exec= line, not {len(found)}")
    lines[found[0]] = f"Exec={exec_command}"
    return "\n".join(lines) + "\n"


def install(data_home: Path | None = None, exec_command: str | None = None) -> list[Path]:
    """Copy the desktop entry (``Exec=`` set to ``exec_command``, by default
    :func:`default_exec`), the icon and the metainfo under ``data_home`` (by default
    ``$XDG_DATA_HOME`` or ``~/.local/share``); return the files written. A second install
    writes them again.

    All or nothing, and never through what is not a file: a target that is a link, a FIFO, a
    device or a folder is refused (named) before anything is written; each file is written
    whole beside its target (``.part``, never following a link, never waiting on a FIFO) and
    only when all are written are they named; on an error no ``.part`` file stays."""
    _check_platform()
    sources = _sources()
    entry = desktop_entry(default_exec() if exec_command is None else exec_command)
    places = targets(data_home)
    for target in places:
        _check_target(target)
    contents = [entry.encode("utf-8") if target.name == DESKTOP_ENTRY else read_bytes(source)
                for source, target in zip(sources, places, strict=True)]
    parts: list[Path] = []
    try:
        for target, content in zip(places, contents, strict=True):
            target.parent.mkdir(parents=True, exist_ok=True)
            part = target.with_name(target.name + ".part")
            if part.is_symlink() or part.is_file():
                part.unlink()  # a part an earlier install left (a link is removed, not followed)
            elif part.exists():
                raise DesktopError(f"{part} is in the way and is not a file: remove it")
            descriptor = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o644)
            parts.append(part)
            with os.fdopen(descriptor, "wb") as file:
                file.write(content)
        for part, target in zip(parts, places, strict=True):
            _check_target(target)  # nothing became a link meanwhile
            part.replace(target)
    finally:
        for part in parts:
            with contextlib.suppress(OSError):
                part.unlink()
    return places


_NOFOLLOW: Final = getattr(os, "O_NOFOLLOW", 0)


def _check_target(target: Path) -> None:
    """Refuse a target that is there but no regular file (a link, a FIFO, a device, a
    folder): it is looked at, never opened or followed."""
    try:
        mode = target.lstat().st_mode
    except FileNotFoundError:
        return
    if stat.S_ISLNK(mode):
        raise DesktopError(f"{target} is a link: not written through it (remove it, then "
                           "install again)")
    if not stat.S_ISREG(mode):
        kind = special_kind(mode) or "a folder"
        raise DesktopError(f"{target} is {kind}, not a file: not written (remove it, then "
                           "install again)")


def uninstall(data_home: Path | None = None) -> list[Path]:
    """Remove what :func:`install` writes under ``data_home`` and nothing else (not the
    folders, not other files in them); return the files removed (none when none was there)."""
    _check_platform()
    removed = []
    for target in targets(data_home):
        if target.is_file() or target.is_symlink():
            target.unlink()
            removed.append(target)
    return removed


def command(install_entry: bool, data_home: Path | None = None) -> int:
    """``--install-desktop`` (``install_entry``) or ``--uninstall-desktop``: print each file
    written or removed, one a line, and return 0; or print the error and return 1."""
    try:
        paths = install(data_home) if install_entry else uninstall(data_home)
    except (DesktopError, OSError) as error:
        print(f"{COMMAND}: {error}", file=sys.stderr)
        return 1
    for path in paths:
        print(path)
    return 0
