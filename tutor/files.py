"""Reading a data file of the app's without ever waiting on it (no Qt): only a regular file is
read, never a FIFO, a device or a folder (nor a link to a file outside its folder), looked at
before it is opened, opened without blocking, looked at again once open, and read up to a
bound. Content files, the strategy figures and the catalogs are read this way.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

#: The largest content file read (the biggest shipped file is under 20 kB).
MAX_FILE_BYTES = 2_000_000


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_BINARY = getattr(os, "O_BINARY", 0)


def special_kind(mode: int) -> str | None:
    """What a path of ``mode`` (from ``os.stat``: looking at it opens nothing) is when it is
    neither a file nor a folder, in words; ``None`` for a file or a folder."""
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    return _kind(mode)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_bytes(path: Path, folder: Path | None = None, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them; raises ``OSError``
    with a plain reason for anything else. A link is followed only to a file inside
    ``folder`` (when given). A FIFO or device is never opened: the file is looked at first,
    then opened without blocking and without following a link, and looked at again."""
    target = path
    if stat.S_ISLNK(os.lstat(path).st_mode):
        try:
            target = path.resolve(strict=True)
            inside = folder is None or target.is_relative_to(folder.resolve(strict=True))
        except RuntimeError as error:  # Python 3.11 and 3.12 say a link loop so
            raise OSError(f"is a link that leads back to itself ({error}): not read") from error
        if not inside:
            raise OSError(f"is a link to {target}, outside its folder: not read")
    mode = os.stat(target).st_mode
    if not stat.S_ISREG(mode):
        raise OSError(f"is {_kind(mode)}, not a regular file: not read")
    descriptor = os.open(target, os.O_RDONLY | _NONBLOCK | _NOFOLLOW | _BINARY)
    try:
        opened = os.fstat(descriptor)
        if not stat.S_ISREG(opened.st_mode):
            raise OSError(f"is {_kind(opened.st_mode)}, not a regular file: not read")
        if opened.st_size > limit:
            raise OSError(f"is {opened.st_size} bytes, over the {limit} such a file may "
                          "have: not read")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(descriptor, min(1 << 16, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise OSError(f"is over the {limit} bytes such a file may have: not read")
        return b"".join(chunks)
    finally:
        os.close(descriptor)
