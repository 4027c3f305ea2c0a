"""Background work, described without Qt: a job is its work, what to do with its result, and
what to do when it fails (as Anki's ``QueryOp``).

The logic below ``tutor/ui`` asks a :class:`Runner` to run jobs and to call back later; the app's
runner (``tutor.ui.background.QtRunner``) runs the work on the thread pool and calls back on the
UI thread, and :class:`QueueRunner` runs everything in order on the caller's thread, for tests
and tools. A failure always reaches its job's ``failure``: the caller says what failed and stays
usable. Nothing here imports Qt.
"""

from __future__ import annotations

import traceback
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Failure:
    """What went wrong in a job: its name and the exception, as text for a notice and a log."""

    what: str
    error: BaseException

    @property
    def detail(self) -> str:
        return f"{type(self.error).__name__}: {self.error}"

    def traceback(self) -> str:
        return "".join(traceback.format_exception(self.error))


@dataclass(frozen=True)
class Job(Generic[T]):
    """``work`` runs in the background; then ``success`` gets its result, or ``failure`` the
    :class:`Failure`, on the thread that asked for the job. ``what`` names the job in a notice."""

    what: str
    work: Callable[[], T]
    success: Callable[[T], None]
    failure: Callable[[Failure], None]

    def execute(self) -> Callable[[], None]:
        """Run the work here; the call back that reports it (success or failure)."""
        try:
            result = self.work()
        except Exception as error:  # every failure goes to the failure path
            failure = Failure(self.what, error)
            return lambda: self.failure(failure)
        return lambda: self.success(result)


class Runner(Protocol):
    """Runs jobs in the background and calls back later, on the thread that asked."""

    def run(self, job: Job[Any]) -> None: ...

    def later(self, ms: int, then: Callable[[], None]) -> None: ...


class QueueRunner:
    """Everything in order on the caller's thread, when :meth:`drain` is called (no waiting:
    ``later`` ignores its delay). For tests and the command-line tools."""

    def __init__(self) -> None:
        self.queue: deque[Callable[[], None]] = deque()
        self.ran: list[str] = []  # the jobs run, by ``what``, in order

    def run(self, job: Job[Any]) -> None:
        def step() -> None:
            self.ran.append(job.what)
            job.execute()()
        self.queue.append(step)

    def later(self, ms: int, then: Callable[[], None]) -> None:
        self.queue.append(then)

    def drain(self, limit: int = 1_000_000) -> int:
        """Run what is queued (and what that queues) until nothing is left; how many steps."""
        steps = 0
        while self.queue:
            if steps >= limit:
                raise RuntimeError(f"still busy after {limit} steps")
            self.queue.popleft()()
            steps += 1
        return steps


__all__ = ["Failure", "Job", "QueueRunner", "Runner"]
