"""The one way the app runs work off the UI thread: ``run_in_background`` (a ``tutor.jobs.Job``
on the thread pool, its result or its failure back on the UI thread) and ``QtRunner``, the
``tutor.jobs.Runner`` of the pages.

A job whose owner is gone (a closed window, a page being torn down) reports nothing. Each job
is kept (``_running``) until it has reported, so its signals are not collected while it runs;
one whose owner is gone is let go once its work is done (it would never report).
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, QTimer, Signal

from tutor.jobs import Failure, Job


class _Signals(QObject):
    finished = Signal(object)  # the call back that reports the job (success or failure)


class _Task(QRunnable):
    def __init__(self, job: Job[Any]) -> None:
        super().__init__()
        self.job = job
        self.signals = _Signals()
        self.receiver: QObject | None = None
        self.worked = threading.Event()  # the work is done and reported (or dropped)

    def run(self) -> None:
        report = self.job.execute()
        with contextlib.suppress(RuntimeError):  # the receiver was deleted meanwhile
            self.signals.finished.emit(report)
        self.worked.set()

    def orphaned(self) -> bool:
        """Its owner is gone and its work is done: it will never report."""
        return self.worked.is_set() and (self.receiver is None
                                         or not shiboken6.isValid(self.receiver))


_running: set[_Task] = set()


class _Receiver(QObject):
    """Lives on the owner's thread as its child: it dies with the owner, and so does the
    connection, so a job of a closed page reports nothing."""

    def __init__(self, owner: QObject, task: _Task) -> None:
        super().__init__(owner)
        self.task = task

    def deliver(self, report: object) -> None:
        _running.discard(self.task)
        self.deleteLater()
        assert callable(report)
        report()


def run_in_background(owner: QObject, job: Job[Any]) -> None:
    """Run ``job.work`` on the global thread pool; its ``success`` or ``failure`` is called on
    ``owner``'s thread, unless ``owner`` was deleted meanwhile."""
    task = _Task(job)
    _running.difference_update([t for t in _running if t.orphaned()])
    _running.add(task)
    receiver = _Receiver(owner, task)
    task.receiver = receiver
    task.signals.finished.connect(receiver.deliver, Qt.ConnectionType.QueuedConnection)
    QThreadPool.globalInstance().start(task)


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
        _running.difference_update([t for t in _running if t.orphaned()])
        return bool(_running)


__all__ = ["QtRunner", "log_failure", "run_in_background"]
