"""A worker process for the table's longest search, the par's replay (no Qt).

A job's work runs on a thread of the app, where it shares Python's lock with the window and the
bots; the par's replay of a whole round would then take longer whenever anything else runs. Run
through :class:`WorkerProcess`, it runs in a process of its own, on the machine's other core:
the job's thread only waits for its result. The process is spawned once, when first needed (or
``warm``), and reused; if it dies, the call raises and the job's failure path says so, and the
next call starts a new one. It never outlives the app: it ends with the app's quit
(``close``), and on its own when the app is gone (``watch_parent``: a killed app runs nothing).
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
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
        self._executor().submit(int)  # a builtin: the process imports nothing for it

    def call(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``work(*args, **kwargs)`` in the worker process (blocks: call it from a job)."""
        try:
            return self._executor().submit(work, *args, **kwargs).result()
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


__all__ = ["WorkerProcess"]
