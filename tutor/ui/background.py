"""The one way the app runs work off the UI thread: ``run_in_background`` (a ``tutor.jobs.Job``
on the thread pool, its result or its failure back on the UI thread) and ``QtRunner``, the
``tutor.jobs.Runner`` of the pages.

A job whose owner is gone (a closed window, a page being torn down) reports nothing. Each job
is kept (``_running``) from its start until its report has come back to its owner's thread, and
not a moment longer: nothing of a finished job (its work, its call backs and what they hold, a
game's session and events) stays referenced. The work runs on the pool as a plain callable and
its report comes back through one relay per thread: a Python ``QRunnable`` and a ``QObject`` per
job, as before, were kept alive by shiboken with everything they held (+1.2 MB per game over
many games in one window, issue 19).
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, Qt, QThread, QThreadPool, QTimer, Signal

from tutor.jobs import Failure, Job


class _Relay(QObject):
    """Lives on one thread; a job's report is called there, unless its owner is gone."""

    finished = Signal(object)  # a _Pending whose work is done

    def __init__(self) -> None:
        super().__init__()
        self.finished.connect(self.deliver, Qt.ConnectionType.QueuedConnection)

    def deliver(self, pending: object) -> None:
        assert isinstance(pending, _Pending)
        _running.discard(pending)
        report, owner = pending.report, pending.owner
        pending.report = pending.owner = None  # nothing of the job stays once it has reported
        if report is not None and owner is not None and shiboken6.isValid(owner):
            report()


class _Pending:
    """A job on its way: its owner and, once its work is done, the call back that reports it."""

    __slots__ = ("job", "owner", "relay", "report")

    def __init__(self, owner: QObject, job: Job[Any], relay: _Relay) -> None:
        self.owner: QObject | None = owner
        self.job: Job[Any] | None = job
        self.relay = relay
        self.report: Callable[[], None] | None = None

    def work(self) -> None:
        """On the pool: run the work, then send its report to the owner's thread."""
        job, self.job = self.job, None
        assert job is not None
        self.report = job.execute()
        del job
        try:
            self.relay.finished.emit(self)
        except RuntimeError:  # the relay's thread has ended: nobody is left to report to
            _running.discard(self)
            self.report = self.owner = None


_running: set[_Pending] = set()
_relays: dict[int, _Relay] = {}
_relays_lock = threading.Lock()


def _relay(owner: QObject) -> _Relay:
    """The relay of ``owner``'s thread (made on first use, and kept)."""
    thread = owner.thread()
    key = shiboken6.getCppPointer(thread)[0]
    with _relays_lock:
        relay = _relays.get(key)
        if relay is None or not shiboken6.isValid(relay):
            relay = _Relay()
            if thread is not QThread.currentThread():
                relay.moveToThread(thread)
            _relays[key] = relay
        return relay


def run_in_background(owner: QObject, job: Job[Any]) -> None:
    """Run ``job.work`` on the global thread pool; its ``success`` or ``failure`` is called on
    ``owner``'s thread, unless ``owner`` was deleted meanwhile."""
    pending = _Pending(owner, job, _relay(owner))
    _running.add(pending)
    QThreadPool.globalInstance().start(pending.work)


def log_failure(failure: Failure) -> None:
    """What every failure path also does: the whole traceback on stderr, for a bug report."""
    print(f"jass-tutor: {failure.what} failed:\n{failure.traceback()}", file=sys.stderr)


class QtRunner(QObject):
    """``tutor.jobs.Runner`` for a page: jobs on the thread pool, ``later`` by a timer."""

    def run(self, job: Job[Any]) -> None:
        run_in_background(self, job)

    def later(self, ms: int, then: Callable[[], None]) -> None:
        QTimer.singleShot(ms, self, then)

    @staticmethod
    def busy() -> bool:
        """Whether any job of the app is still running or still to report."""
        return bool(_running)


def running_jobs() -> int:
    """How many jobs are on their way (for tests and the memory benchmark)."""
    return len(_running)


__all__ = ["QtRunner", "log_failure", "run_in_background", "running_jobs"]
