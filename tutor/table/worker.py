"""A worker process for the table's longest search, the review of a round (no Qt).

A job's work runs on a thread of the app, where it shares Python's lock with the window and the
bots; the review of a whole round would then take longer whenever anything else runs. Run
through :class:`WorkerProcess`, it runs in a process of its own, on the machine's other core:
the job's thread only waits for its result. The process is spawned once, when first needed (or
``warm``), and reused; if it dies, the call raises and the job's failure path says so, and the
next call starts a new one. It never outlives the app: it ends with the app's quit
(``close``), and on its own when the app is gone (``watch_parent``: a killed app runs nothing).
And should one outlive it all the same (the parent check cannot run: a stopped process), the
app's next start ends it by its id: each app that starts workers lists them, with its own id, in
``workers-<app id>.pids`` in its data folder (``record_in``), and ``end_orphans`` ends a listed
process that is still there, no longer the app's child, and whose command line is one of
Python's worker processes (the pool's worker or its resource tracker).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import resource_tracker
from pathlib import Path
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


#: How often the worker looks whether the app that started it is still there, in seconds.
PARENT_CHECK: float = 0.5


def watch_parent(parent: int) -> None:
    """In the worker process: end it as soon as the app that started it is gone, however it
    ended (a SIGKILL runs no handler: the worker is then another process's child)."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(0)
    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


#: Where the app lists its worker processes (``record_in``); ``None``: nowhere (tests, tools).
_RECORD_FOLDER: list[Path] = []
_RECORDED: dict[Path, list[int]] = {}  # what is listed now, so that it is written only anew
#: What a Python worker process's command line holds (``multiprocessing``'s spawn and tracker).
_WORKER_MARKS = ("--multiprocessing-fork", "multiprocessing.resource_tracker")
#: How long an orphan has to end after SIGTERM before it is killed, in seconds.
ORPHAN_GRACE = 2.0


def _pid_file(folder: Path, app: int) -> Path:
    return folder / f"workers-{app}.pids"


def record_in(folder: Path) -> list[int]:
    """From now on, list this app's worker processes in ``folder`` (the data folder), after
    ending the orphans other apps left there (``end_orphans``); the ids of those ended."""
    ended = end_orphans(folder)
    _RECORD_FOLDER[:] = [folder]
    return ended


def _command_line(pid: int) -> list[str] | None:
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return None
    return [part.decode(errors="replace") for part in raw.split(b"\0") if part]


def _parent(pid: int) -> int | None:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return None


def is_orphan_worker(pid: int, app: int) -> bool:
    """Whether ``pid`` is a Python worker process of this interpreter (by its command line)
    that is no longer the child of the app ``app`` that listed it (Linux: read from /proc)."""
    line = _command_line(pid)
    if not line or _parent(pid) in (None, app):
        return False
    ours = os.path.realpath(line[0]) == os.path.realpath(sys.executable)
    return ours and any(mark in part for part in line for mark in _WORKER_MARKS)


def end_orphans(folder: Path) -> list[int]:
    """End every process listed in ``folder``'s ``workers-*.pids`` files that outlived the app
    that listed it (``is_orphan_worker``), then remove the lists of apps that are gone; the
    ids of the processes ended. A list that cannot be read is left; nothing here raises."""
    ended: list[int] = []
    try:
        lists = sorted(folder.glob("workers-*.pids"))
    except OSError:
        return ended
    for listed in lists:
        app_text = listed.name[len("workers-"):-len(".pids")]
        try:
            text = listed.read_text(encoding="ascii") if listed.is_file() else ""
            app = int(app_text)
        except (OSError, ValueError, UnicodeDecodeError):
            continue
        if app == os.getpid():
            continue
        pids = [int(word) for word in text.split() if word.isdigit() and len(word) < 10]
        for pid in pids:
            if is_orphan_worker(pid, app):
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGTERM)
                    ended.append(pid)
        deadline = time.monotonic() + ORPHAN_GRACE
        for pid in ended:
            while is_orphan_worker(pid, app) and time.monotonic() < deadline:
                time.sleep(0.05)
            if is_orphan_worker(pid, app):
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
        line = _command_line(app)
        if not line or os.path.realpath(line[0]) != os.path.realpath(sys.executable):
            with contextlib.suppress(OSError):  # that app is gone: its list goes too
                listed.unlink()
    return ended


def _record(pool: ProcessPoolExecutor) -> None:
    """List the pool's processes (and the resource tracker) in the data folder, if asked."""
    if not _RECORD_FOLDER:
        return
    pids = [process.pid for process in (getattr(pool, "_processes", None) or {}).values()
            if process.pid is not None]
    tracker = getattr(resource_tracker._resource_tracker, "_pid", None)
    if isinstance(tracker, int):
        pids.append(tracker)
    path = _pid_file(_RECORD_FOLDER[0], os.getpid())
    if _RECORDED.get(path) == pids:
        return
    _RECORDED[path] = pids
    with contextlib.suppress(OSError):
        part = path.with_name(path.name + ".part")
        part.write_text("".join(f"{pid}\n" for pid in pids), encoding="ascii")
        part.replace(path)


def _forget() -> None:
    if _RECORD_FOLDER:
        path = _pid_file(_RECORD_FOLDER[0], os.getpid())
        _RECORDED.pop(path, None)
        with contextlib.suppress(OSError):
            path.unlink()


class WorkerProcess:
    """One spawned worker process (a fresh interpreter: nothing of the app's state is copied)."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=1,
                                             mp_context=multiprocessing.get_context("spawn"),
                                             initializer=watch_parent,
                                             initargs=(os.getpid(),))
        return self._pool

    def warm(self) -> None:
        """Start the process now, so the first call does not wait for it."""
        pool = self._executor()
        pool.submit(int)  # a builtin: the process imports nothing for it
        _record(pool)  # the process is started now: listed for the next start

    def call(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``work(*args, **kwargs)`` in the worker process (blocks: call it from a job)."""
        try:
            pool = self._executor()
            future = pool.submit(work, *args, **kwargs)
            _record(pool)
            return future.result()
        except BrokenProcessPool:
            self._pool = None  # the next call starts a new process
            raise

    def close(self) -> None:
        """Stop the process now, a replay under way included (the app is quitting: nobody
        waits for its result, and Python would otherwise wait for it at exit)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            processes = getattr(pool, "_processes", None) or {}  # the executor's, by pid
            for process in list(processes.values()):
                process.terminate()
            pool.shutdown(wait=False, cancel_futures=True)
            _forget()


__all__ = ["WorkerProcess", "end_orphans", "is_orphan_worker", "record_in"]
