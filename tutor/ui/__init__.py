"""The Qt user interface: the only part of the project that imports PySide6.

Importing this package first applies :func:`_guard_none_refcount`, so every window, page and
the screenshot mode are covered before any Qt method is called.
"""

from __future__ import annotations

import ctypes
import sys


def _guard_none_refcount() -> None:
    """Work around PySide6 6.12.0 on CPython 3.11: every call of a Qt method returning ``void``
    drops one reference to ``None`` without taking it (and ``bool`` methods one to ``True`` or
    ``False``), so after a few thousand calls (a few
    dozen painted cards) the interpreter aborts with "none_dealloc: deallocating None".
    CPython 3.12 made ``None`` immortal; before that we give it references enough for ever.
    """
    if sys.implementation.name != "cpython" or sys.version_info >= (3, 12):
        return
    if hasattr(sys, "getobjects"):  # a Py_TRACE_REFS build: the count is not the first field
        return
    # The same happens to True and False (methods returning bool) and may to the small ints
    # CPython caches: all of them live for the whole process anyway.
    for obj in (None, True, False, Ellipsis, NotImplemented, *range(-5, 257)):
        refcount = ctypes.c_ssize_t.from_address(id(obj))
        if refcount.value < 1 << 40:
            refcount.value += 1 << 50


_guard_none_refcount()
