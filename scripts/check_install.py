"""``make check-install``: build the sdist and the wheel, install the wheel as a learner would,
and prove the installed app is whole.

1. Builds the sdist, then the wheel from the sdist (``python -m build``, as pip and pipx build
   a project, with the locked build tools of ``.venv``), and a second wheel straight from the
   checkout: both wheels must hold the same files, byte for byte.
2. Checks the wheel against the checkout: every module, the engine's data (the trump model's
   weights), every lesson, puzzle, resource, the LICENSE,
   and a compiled catalog for every ``translations/*/LC_MESSAGES/*.po``. A file missing from
   the wheel is named, and the check fails.
3. Installs the wheel, with ``constraints.txt`` (the tested versions of its dependencies), into
   a fresh virtualenv in a temporary folder outside the checkout, then
   runs the installed ``jass-tutor`` from there: ``--check`` (every lesson and puzzle loads and
   is re-solved, every language opens, the data comes from the virtualenv, not the checkout),
   ``--screenshot`` in German and French, and ``--lang`` with a language that has no catalog
   (an error naming the languages there are).
4. Prints the figures: wheel size, install time, the installed app's start to first window
   (``python -m tutor.ui.startup``, the measure of docs/performance.md).

``--keep-screenshots DIR`` copies the installed app's screenshots there (docs/).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
#: Data files the wheel carries where they are in the source tree.
DATA_PATTERNS = ("engine/chibre/bots/*.json",)
#: The root's folders the wheel carries under tutor/data/ (setup.py: SHIPPED_FOLDERS).
CONTENT_FOLDERS = ("lessons", "puzzles", "resources")
NOT_SHIPPED = {"README.md"}  # writers' notes beside the data (setup.py: NOT_SHIPPED)
#: The runtime dependencies at the lock's versions (Makefile: CONSTRAINTS, made by `make lock`).
CONSTRAINTS = "constraints.txt"


class Failed(Exception):
    """A check that did not hold; its message says what and where."""


def version(project: Path) -> str:
    text = (project / "pyproject.toml").read_text(encoding="utf-8")
    match = re.search(r'^version = "([^"]+)"', text, re.MULTILINE)
    if match is None:
        raise Failed(f"{project / 'pyproject.toml'}: no version")
    return match.group(1)


def expected_files(project: Path) -> set[str]:
    """What the wheel must hold, as read off the source tree (a checkout or an sdist)."""
    names = {path.relative_to(project).as_posix()
             for package in ("engine", "tutor") for path in (project / package).rglob("*.py")
             if "__pycache__" not in path.parts}
    names.add("engine/py.typed")
    names |= {path.relative_to(project).as_posix() for pattern in DATA_PATTERNS
              for path in project.glob(pattern)}
    names |= {"tutor/data/" + path.relative_to(project).as_posix()
              for folder in CONTENT_FOLDERS for path in (project / folder).iterdir()
              if path.is_file() and path.name not in NOT_SHIPPED}
    translations = project / "translations"
    names |= {"tutor/data/locale/" + po.relative_to(translations).with_suffix(".mo").as_posix()
              for po in translations.glob("*/LC_MESSAGES/*.po")}
    dist_info = f"jass_tutor-{version(project)}.dist-info"
    names |= {f"{dist_info}/licenses/LICENSE", f"{dist_info}/entry_points.txt"}
    return names


def missing_from_wheel(wheel_names: set[str], expected: set[str]) -> list[str]:
    """The expected files the wheel lacks, sorted (empty: nothing is missing)."""
    return sorted(expected - wheel_names)


def wheel_digests(wheel: Path) -> dict[str, str]:
    with zipfile.ZipFile(wheel) as archive:
        return {name: hashlib.sha256(archive.read(name)).hexdigest()
                for name in archive.namelist() if not name.endswith("/")}


def differences(first: dict[str, str], second: dict[str, str]) -> list[str]:
    """How two wheels differ: files in one only, or with other contents."""
    lines = [f"only in the wheel from the sdist: {name}" for name in sorted(first.keys()
                                                                               - second.keys())]
    lines += [f"only in the wheel from the checkout: {name}"
              for name in sorted(second.keys() - first.keys())]
    lines += [f"not the same in both wheels: {name}" for name in sorted(first.keys()
                                                                       & second.keys())
              if first[name] != second[name] and not name.endswith("/RECORD")]
    return lines


def run(command: list[str], *, cwd: Path, env: dict[str, str] | None = None,
        expect: int = 0) -> subprocess.CompletedProcess[str]:
    print("$", " ".join(command), flush=True)
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    if result.returncode != expect:
        raise Failed(f"{' '.join(command)} exited {result.returncode}, not {expect}:\n"
                     f"{result.stdout}{result.stderr}")
    return result


def build(project: Path, out: Path) -> tuple[Path, Path, Path]:
    """The sdist, the wheel built from it, and a wheel built from the checkout."""
    python = sys.executable
    shutil.rmtree(project / "build", ignore_errors=True)  # setuptools would reuse a stale one
    try:
        # --no-isolation: built with the locked setuptools and Babel of this virtualenv
        # (requirements.txt), so a new setuptools changes nothing until `make lock` moves it
        run([python, "-m", "build", "--no-isolation", "--outdir", str(out / "from-sdist"),
             str(project)], cwd=project)
        run([python, "-m", "build", "--no-isolation", "--wheel", "--outdir",
             str(out / "from-checkout"), str(project)], cwd=project)
    finally:
        shutil.rmtree(project / "build", ignore_errors=True)
    sdist = next((out / "from-sdist").glob("*.tar.gz"))
    wheel = next((out / "from-sdist").glob("*.whl"))
    return sdist, wheel, next((out / "from-checkout").glob("*.whl"))


def check_wheel(project: Path, wheel: Path, checkout_wheel: Path) -> None:
    digests = wheel_digests(wheel)
    missing = missing_from_wheel(set(digests), expected_files(project))
    if missing:
        raise Failed(f"{wheel.name} lacks {len(missing)} file(s) of the app:\n  "
                     + "\n  ".join(missing))
    different = differences(digests, wheel_digests(checkout_wheel))
    if different:
        raise Failed("the sdist does not build the wheel the checkout builds:\n  "
                     + "\n  ".join(different))
    print(f"{wheel.name}: {len(digests)} files, every file of the app; the same wheel from "
          "the sdist and from the checkout")


def install_and_run(wheel: Path, place: Path, keep: Path | None) -> dict[str, float]:
    """Install ``wheel`` into a fresh virtualenv under ``place`` and run the app from there."""
    venv = place / "venv"
    run([sys.executable, "-m", "venv", str(venv)], cwd=place)
    began = time.monotonic()
    # the tested versions of the dependencies, as the README tells pip and pipx users
    run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet",
         "--disable-pip-version-check", "--constraint", str(PROJECT / CONSTRAINTS), str(wheel)],
        cwd=place)
    install_s = time.monotonic() - began
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env.update(JASS_TUTOR_HOME=str(place / "home"), QT_QPA_PLATFORM="offscreen")
    app = str(venv / "bin" / "jass-tutor")
    run([app, "--version"], cwd=place, env=env)
    checked = run([app, "--check"], cwd=place, env=env).stdout
    print(checked, end="")
    data = checked.splitlines()[0].removeprefix("data: ")
    if not Path(data).resolve().is_relative_to(venv.resolve()):
        raise Failed(f"the installed app read its data from {data}, not from {venv}")
    for language, word, deck in (("de", "Lernen", "german"), ("fr", "Apprendre", "french")):
        if f"'{word}'" not in checked:
            raise Failed(f"--check does not show the {language} words ({word!r})")
        shot = place / f"screenshot-installed-{language}.png"
        run([app, "--screenshot", str(shot), "--lang", language, "--deck", deck, "--page",
             "learn", "--lesson", "who-wins-a-trick:2"], cwd=place, env=env)
        if not shot.read_bytes().startswith(b"\x89PNG"):
            raise Failed(f"{shot} is not a PNG file")
        if keep is not None:
            shutil.copy(shot, keep / shot.name)
    refused = run([app, "--lang", "xx"], cwd=place, env=env, expect=2).stderr
    if "the languages there are en, fr, de, it" not in refused:
        raise Failed(f"--lang xx did not name the languages there are: {refused}")
    started = run([str(venv / "bin" / "python"), "-m", "tutor.ui.startup", "--runs", "3",
                   "--json"], cwd=place, env=env).stdout
    return {"install_s": install_s, **json.loads(started.strip().splitlines()[-1])}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/check_install.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keep-screenshots", metavar="DIR", type=Path, default=None)
    args = parser.parse_args(argv)
    place = Path(tempfile.mkdtemp(prefix="jass-tutor-install-"))
    try:
        if place.resolve().is_relative_to(PROJECT):
            raise Failed(f"{place} is inside the checkout: the install must be outside it")
        sdist, wheel, checkout_wheel = build(PROJECT, place / "dist")
        check_wheel(PROJECT, wheel, checkout_wheel)
        figures = install_and_run(wheel, place, args.keep_screenshots)
    except Failed as failure:
        print(f"check-install: FAILED: {failure}", file=sys.stderr)
        print(f"(left in {place})", file=sys.stderr)
        return 1
    print(f"sdist {sdist.stat().st_size / 1024:.0f} KiB, wheel {wheel.stat().st_size / 1024:.0f} "
          f"KiB; installed with its dependencies into a fresh virtualenv in "
          f"{figures['install_s']:.1f} s; the installed app's first window: median "
          f"{figures['first_window_s_median']:.2f} s over 3 runs ({figures['platform']})")
    print("check-install: the installed app is whole")
    shutil.rmtree(place, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
