"""No process outlives the app (issue 38): the Play page's worker process ends when the app is
asked to end (SIGTERM) and when it is killed (SIGKILL runs nothing: the worker sees its parent
gone and ends itself). Each case runs the app's code in a process of its own and then looks at
the worker's process id."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tutor.table import worker

pytestmark = pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc (Linux)")

START = textwrap.dedent("""\
    import os, signal, sys
    from PySide6.QtCore import QTimer
    from tutor.ui.launch import create_application, end_on_sigterm
    from tutor.ui.window import MainWindow


    def main():  # as tutor.ui.launch.run: the window is gone before the interpreter ends
        app = create_application()
        window = MainWindow(load_now=False)
        worker = window.play.worker
        print(worker.call(os.getpid), flush=True)  # the worker's process id
        end_on_sigterm(app, window)
    """)


def running(pid: int) -> bool:
    """Whether ``pid`` is a process that has not ended (a zombie waiting to be reaped has)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def ends_within(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while running(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def run_app(tmp_path: Path, then: str) -> tuple[subprocess.CompletedProcess[str], int]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", JASS_TUTOR_HOME=str(tmp_path))
    result = subprocess.run([sys.executable, "-c", START + then], env=env, capture_output=True,
                            text=True, timeout=60, check=False)
    worker = int(result.stdout.split()[0])
    return result, worker


def test_a_sigterm_quits_the_app_and_its_worker_process(tmp_path):
    then = ("    QTimer.singleShot(300, lambda: os.kill(os.getpid(), signal.SIGTERM))\n"
            "    return app.exec()\n"
            "print('exit', main(), flush=True)\n")
    result, worker = run_app(tmp_path, then)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "exit 0" in result.stdout  # quit through Qt's loop, not killed by the signal
    assert ends_within(worker, 20), f"the worker {worker} outlived the app"


def test_a_killed_app_leaves_no_worker_process_behind(tmp_path):
    then = "    os.kill(os.getpid(), signal.SIGKILL)\nmain()\n"
    result, worker = run_app(tmp_path, then)
    assert result.returncode == -9
    assert ends_within(worker, 20), f"the worker {worker} outlived the killed app"


# --- after kill -9, the next start ends orphans of its own, by process id ----------------------


def spawn(*argv: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(list(argv), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def gone_app() -> int:
    """The id of a process that has ended (an app killed before its workers saw it go)."""
    probe = spawn(sys.executable, "-c", "pass")
    probe.wait()
    return probe.pid


def test_the_next_start_ends_listed_workers_of_a_gone_app_and_nothing_else(tmp_path):
    orphan = spawn(sys.executable, "-c", "import time; time.sleep(60)", "--multiprocessing-fork")
    stranger = spawn(sys.executable, "-c", "import time; time.sleep(60)")  # not a worker
    other = spawn("sleep", "60")  # not Python
    try:
        app = gone_app()
        listed = tmp_path / f"workers-{app}.pids"
        listed.write_text(f"{orphan.pid}\n{stranger.pid}\n{other.pid}\n")
        assert worker.end_orphans(tmp_path) == [orphan.pid]
        assert orphan.wait(timeout=20) is not None  # ended by its id
        assert stranger.poll() is None and other.poll() is None  # not ours: left alone
        assert not listed.exists()  # its app is gone: the list goes too
    finally:
        for process in (orphan, stranger, other):
            process.kill()
            process.wait()


def test_the_list_of_a_running_app_is_left_alone(tmp_path):
    listed = tmp_path / f"workers-{os.getpid()}.pids"  # this process: an app still running
    listed.write_text("1\n")
    assert worker.end_orphans(tmp_path) == [] and listed.exists()


def test_a_killed_app_lists_its_worker_and_tracker_and_neither_outlives_it(tmp_path):
    start = START.replace("    app = create_application()\n",
                 "    from tutor.table.worker import record_in\n"
                 "    record_in(__import__('pathlib').Path(os.environ['JASS_TUTOR_HOME']))\n"
                 "    app = create_application()\n")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", JASS_TUTOR_HOME=str(tmp_path))
    result = subprocess.run([sys.executable, "-c", start + "    os.kill(os.getpid(), 9)\nmain()\n"],
                            env=env, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == -9, result.stderr[-2000:]
    [listed] = tmp_path.glob("workers-*.pids")
    pids = [int(word) for word in listed.read_text().split()]
    assert int(result.stdout.split()[0]) in pids and len(pids) == 2  # the worker, the tracker
    assert all(ends_within(pid, 20) for pid in pids), "a worker process outlived the app"
    assert worker.end_orphans(tmp_path) == []  # nothing left to end ...
    assert not listed.exists()  # ... and the list of the gone app is removed
