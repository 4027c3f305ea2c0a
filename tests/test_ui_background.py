"""``tutor.ui.background``: a job reports on its owner's thread, its failure too, and a job
whose owner is gone reports nothing and does not keep the app busy."""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, QThreadPool
from PySide6.QtWidgets import QApplication

from tutor.jobs import Failure, Job
from tutor.ui.background import QtRunner, run_in_background


def test_a_job_reports_its_result_and_a_failing_one_its_failure(qtbot):
    owner = QObject()
    got: list[object] = []

    def broken() -> int:
        raise ValueError("nope")
    run_in_background(owner, Job("ok", lambda: 41 + 1, got.append, got.append))
    run_in_background(owner, Job("bad", broken, got.append, got.append))
    qtbot.waitUntil(lambda: len(got) == 2)
    assert 42 in got
    [failure] = [g for g in got if isinstance(g, Failure)]
    assert failure.what == "bad" and isinstance(failure.error, ValueError)
    assert not QtRunner.busy()


def test_a_job_whose_owner_is_gone_reports_nothing_and_leaves_the_app_idle(qtbot):
    owner = QObject()
    release = threading.Event()
    got: list[object] = []
    run_in_background(owner, Job("slow", lambda: release.wait(30), got.append, got.append))
    assert QtRunner.busy()
    with qtbot.waitSignal(owner.destroyed):
        owner.deleteLater()
    release.set()
    assert QThreadPool.globalInstance().waitForDone(30_000)
    QApplication.processEvents()  # the queued report, if any, is delivered now
    assert got == []
    assert not QtRunner.busy()
