"""The app as installed: its files found as package data, what the wheel must hold, and no
silent emptiness when a file is missing. (Building and installing the wheel itself is
``make check-install``, run by CI: it needs a network and half a minute.)"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from tests.shipped import shipped_content
from tutor import data, i18n, selfcheck
from tutor.__main__ import main
from tutor.content.loader import load_content
from tutor.data import INDEX_FONT, data_root, locale_dir, resource

PROJECT = Path(__file__).resolve().parent.parent


def _check_install():
    spec = importlib.util.spec_from_file_location("check_install",
                                                  PROJECT / "scripts" / "check_install.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["check_install"] = module
    spec.loader.exec_module(module)
    return module


check_install = _check_install()


def test_a_checkout_reads_the_content_from_its_root_and_the_catalogs_from_the_package():
    import tutor

    package = Path(tutor.__file__).resolve().parent
    assert data_root() == PROJECT
    assert {path.name for path in PROJECT.iterdir() if path.is_dir()} >= {
        "engine", "tutor", "lessons", "puzzles", "translations", "tests", "resources"}
    assert locale_dir() == package / "data" / "locale"
    assert resource(INDEX_FONT).is_file()
    assert locale_dir() == i18n.LOCALE_DIR


def test_an_installed_app_reads_the_content_inside_its_package(tmp_path, monkeypatch):
    checkout = tmp_path / "checkout"
    package = checkout / "tutor" / "data"
    (package / "lessons").mkdir(parents=True)
    monkeypatch.setattr(data, "package_root", lambda: package)
    assert data.data_root() == package  # the wheel's layout, even inside a checkout
    (package / "lessons").rmdir()
    (checkout / "lessons").mkdir()
    assert data.data_root() == package  # no pyproject.toml: not a checkout
    (checkout / "pyproject.toml").write_text("", encoding="utf-8")
    assert data.data_root() == checkout
    assert data.resource(INDEX_FONT) == checkout / "resources" / INDEX_FONT
    assert data.locale_dir() == package / "locale"


def test_the_wheel_must_hold_every_lesson_puzzle_catalog_module_and_the_license():
    expected = check_install.expected_files(PROJECT)
    lessons = sorted((PROJECT / "lessons").glob("*.yaml"))
    assert len(lessons) >= 20
    assert {f"tutor/data/lessons/{path.name}" for path in lessons} <= expected
    assert "tutor/data/puzzles/legal.yaml" in expected
    assert "tutor/data/puzzles/engine-checks.json" in expected
    for language in ("fr", "de", "it"):
        for domain in ("tutor", "content"):
            assert f"tutor/data/locale/{language}/LC_MESSAGES/{domain}.mo" in expected
    assert "tutor/data/resources/JassTutorIndex-Bold.ttf" in expected
    for folder in ("lessons", "puzzles", "resources"):
        assert f"tutor/data/{folder}/README.md" not in expected  # a writer's note
    assert "jass_tutor-0.1.0.dist-info/licenses/LICENSE" in expected
    assert "engine/rules.py" in expected and "tutor/ui/window.py" in expected
    assert "engine/chibre/bots/trump_weights.json" in expected  # the trump model's fitted weights
    assert not any("__pycache__" in name for name in expected)


def test_the_build_ships_the_folders_the_app_reads():
    setup_py = (PROJECT / "setup.py").read_text(encoding="utf-8")
    folders = ", ".join(f'"{folder}"' for folder in data.SHIPPED_FOLDERS)
    assert f"SHIPPED_FOLDERS = ({folders})" in setup_py
    assert tuple(check_install.CONTENT_FOLDERS) == data.SHIPPED_FOLDERS


def test_a_file_missing_from_the_wheel_is_named():
    expected = check_install.expected_files(PROJECT)
    wheel = expected - {"tutor/data/lessons/05-who-wins-a-trick.yaml",
                        "tutor/data/locale/de/LC_MESSAGES/content.mo"}
    assert check_install.missing_from_wheel(wheel | {"tutor/extra.txt"}, expected) == [
        "tutor/data/lessons/05-who-wins-a-trick.yaml",
        "tutor/data/locale/de/LC_MESSAGES/content.mo"]
    assert check_install.missing_from_wheel(expected, expected) == []


def test_two_wheels_that_differ_are_told_apart_file_by_file():
    first = {"a.py": "1", "b.py": "2", "x.dist-info/RECORD": "r1"}
    second = {"a.py": "1", "b.py": "3", "c.py": "4", "x.dist-info/RECORD": "r2"}
    assert check_install.differences(first, second) == [
        "only in the wheel from the checkout: c.py", "not the same in both wheels: b.py"]
    assert check_install.differences(first, dict(first)) == []


def test_the_self_check_finds_the_whole_app_and_says_where(capsys):
    lines: list[str] = []
    assert selfcheck.check(lines.append) == []
    assert lines[0] == f"data: {data_root()}"
    shipped = shipped_content()
    assert lines[1].startswith(f"lessons: {len(shipped.lessons)} (")
    assert f"puzzles: {len(shipped.puzzles)}," in lines[1]
    german = next(line for line in lines if line.startswith("de: "))
    assert "'Lernen'" in german and str(locale_dir() / "de") in german
    assert main(["--check"]) == 0
    assert capsys.readouterr().out.endswith("the whole app is here\n")


def test_the_self_check_names_missing_catalogs_and_content_with_where_it_looked(
        tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    monkeypatch.setattr(selfcheck, "load_content", lambda: load_content(tmp_path / "none"))
    problems = selfcheck.check(lambda line: None)
    assert f"no lessons found: the folder {tmp_path / 'none' / 'lessons'} does not exist" \
        in problems
    assert "no puzzle loaded" in problems
    assert any(problem.startswith("no catalog for 'de': "
                                  f"{tmp_path}/locale/de/LC_MESSAGES/tutor.mo and ")
               and problem.endswith("the languages there are en") for problem in problems)
    assert main(["--check"]) == 1
    assert "jass-tutor: no catalog for 'fr'" in capsys.readouterr().err


@pytest.mark.parametrize(("code", "said"), [
    ("xx", "'xx' is not a language of Jass tutor: the languages there are en, fr, de, it"),
    ("DE", "'DE' is not a language of Jass tutor"),
])
def test_lang_with_no_catalog_is_an_error_naming_the_languages_there_are(code, said, capsys):
    with pytest.raises(SystemExit) as exited:
        main(["--lang", code, "--screenshot", "never.png"])
    assert exited.value.code == 2
    assert f"error: argument --lang: {said}" in capsys.readouterr().err
    assert not Path("never.png").exists()


def test_lang_refuses_a_language_whose_catalog_is_not_installed(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    with pytest.raises(SystemExit):
        main(["--lang", "it", "--check"])
    error = capsys.readouterr().err
    assert f"no catalog for 'it': {tmp_path}/it/LC_MESSAGES/tutor.mo and" in error
    assert error.rstrip().endswith("the languages there are en")


def test_an_app_with_no_lessons_says_which_folder_it_looked_in(qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from tutor.progress import Progress
    from tutor.ui.window import MainWindow

    window = MainWindow(load_now=True, content_root=tmp_path / "gone",
                        progress=Progress(tmp_path / "progress.sqlite3"),
                        settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    notice = window.notice.text.text()
    assert window.notice.isVisible()
    assert notice == (
        f"Some of the app's own files are missing. No lessons were found: the folder "
        f"{tmp_path / 'gone' / 'lessons'} does not exist. No puzzles were found: the folder "
        f"{tmp_path / 'gone' / 'puzzles'} does not exist. Reinstalling Jass tutor brings them "
        "back; the rest works.")


def test_a_chosen_language_whose_catalog_is_gone_starts_english_and_says_why(tmp_path,
                                                                               monkeypatch):
    from PySide6.QtCore import QSettings

    from tutor.ui.launch import saved_language_problem, start_language

    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("language", "de")
    assert start_language(settings) == "de" and saved_language_problem(settings) is None
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path / "locale")
    assert start_language(settings) == "en"
    problem = saved_language_problem(settings)
    assert problem is not None
    assert problem.startswith(f"no catalog for 'de': {tmp_path}/locale/de/LC_MESSAGES/tutor.mo")


def test_an_empty_content_folder_is_told_apart_from_a_missing_one(tmp_path):
    from tutor.ui.content_notices import missing_text

    (tmp_path / "lessons").mkdir()
    content = load_content(tmp_path)
    assert [str(missing) for missing in content.missing] == [
        f"no lessons found: the folder {tmp_path / 'lessons'} holds no .yaml file",
        f"no puzzles found: the folder {tmp_path / 'puzzles'} does not exist"]
    assert [missing_text(missing) for missing in content.missing] == [
        f"No lessons were found: the folder {tmp_path / 'lessons'} holds no lesson file.",
        f"No puzzles were found: the folder {tmp_path / 'puzzles'} does not exist."]


def _pins(path: Path, hashed: bool = False) -> dict[str, str]:
    """The exact versions a pip requirements file pins, by canonical name (``hashed``: each
    with at least one sha256 hash)."""
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    pins = {}
    text = path.read_text(encoding="utf-8").replace("\\\n", " ")
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line or line.startswith("-"):
            continue
        requirement = Requirement(line.split(" --hash", 1)[0])
        assert not hashed or " --hash=sha256:" in line, f"{path.name}: {line} has no hash"
        [spec] = requirement.specifier
        assert spec.operator == "==", f"{path.name}: {line} is not pinned"
        pins[canonicalize_name(requirement.name)] = spec.version
    return pins


def test_every_dependency_is_pinned_in_the_lock_with_hashes_and_ranged_in_the_metadata():
    import tomllib

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    project = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))
    runtime = [Requirement(r) for r in project["project"]["dependencies"]]
    extras = [Requirement(r) for extra in project["project"]["optional-dependencies"].values()
              for r in extra]
    build = [Requirement(r) for r in project["build-system"]["requires"]]
    lock = _pins(PROJECT / "requirements.txt", hashed=True)
    constraints = _pins(PROJECT / "constraints.txt")
    for requirement in runtime + extras + build:
        name = canonicalize_name(requirement.name)
        if name == "jass-tutor":
            continue  # the test extra, named by the dev extra
        assert name in lock, f"{requirement} is not in requirements.txt (make lock)"
        assert requirement.specifier.contains(lock[name]), f"{requirement}: lock has {lock[name]}"
        assert all(s.operator != "==" for s in requirement.specifier), \
            f"{requirement}: the metadata keeps a range; the lock pins"
    assert {canonicalize_name(r.name) for r in runtime} <= set(constraints)
    assert all(lock[name] == version for name, version in constraints.items())
