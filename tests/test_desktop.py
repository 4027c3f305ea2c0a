"""The app on a Linux desktop: icon, desktop entry, AppStream metainfo, and installing them."""

from __future__ import annotations

import configparser
import os
import re
import shutil
import stat
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor import __version__, desktop, refs
from tutor.__main__ import main
from tutor.data import resource

LANGUAGES = ("fr", "de", "it")
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
QT_MODULES = ("PySide6", "shiboken6", "PyQt5", "PyQt6")
RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")  # the spec's characters that need quoting


def entry_keys(path: Path) -> dict[str, str]:
    """The [Desktop Entry] group of a desktop entry, keys as written (``Name[fr]``)."""
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(path.read_text(encoding="utf-8"))
    assert parser.sections() == ["Desktop Entry"]
    return dict(parser["Desktop Entry"])


def exec_arguments(value: str) -> list[str]:
    """An ``Exec=`` value as its arguments, read as the desktop entry spec says: string
    escapes first (a doubled backslash is one), then arguments split on spaces, in double
    quotes a backslash escaping the next of " ` $ and backslash, and %% a literal %."""
    text = re.sub(r"\\(.)", lambda match: {"s": " ", "n": "\n", "t": "\t", "r": "\r"}.get(
        match.group(1), match.group(1) if match.group(1) == "\\" else match.group(0)), value)
    arguments: list[str] = []
    current: str | None = None
    quoted = False
    index = 0
    while index < len(text):
        char, following = text[index], text[index + 1: index + 2]
        index += 1
        if char == "%":
            assert following == "%", f"a field code in {value!r}"
            current, index = (current or "") + "%", index + 1
        elif quoted and char == "\\" and following in ('"', "`", "$", "\\"):
            current, index = (current or "") + following, index + 1
        elif char == '"':
            quoted, current = not quoted, current or ""
        elif char == " " and not quoted:
            if current is not None:
                arguments.append(current)
            current = None
        else:
            assert quoted or char not in RESERVED, f"{char!r} unquoted in {value!r}"
            current = (current or "") + char
    assert not quoted, f"an unclosed quote in {value!r}"
    return [*arguments, *([] if current is None else [current])]


def metainfo() -> ElementTree.Element:
    return ElementTree.parse(resource(desktop.METAINFO)).getroot()


def by_language(root: ElementTree.Element, tag: str) -> dict[str, str]:
    return {element.get(XML_LANG, "en"): (element.text or "").strip()
            for element in root.findall(tag)}


def run_tool(*command: str) -> str:
    """Run a validator; skip when it is not installed, fail with its output when it refuses."""
    if shutil.which(command[0]) is None:
        pytest.skip(f"{command[0]} is not installed")
    result = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    return output


# The files, named after the app id


def test_the_shipped_files_are_named_after_the_app_id():
    assert desktop.APP_ID == "ch.jasstutor.JassTutor"
    for name in (desktop.ICON, desktop.DESKTOP_ENTRY, desktop.METAINFO):
        assert name.startswith(desktop.APP_ID + ".")
        assert resource(name).is_file(), resource(name)
    assert desktop.icon_path() == resource(desktop.APP_ID + ".svg")


def test_the_desktop_entry_points_at_the_app_id_and_the_command():
    keys = entry_keys(resource(desktop.DESKTOP_ENTRY))
    assert keys["Type"] == "Application"
    assert keys["Icon"] == desktop.APP_ID
    assert keys["Exec"] == desktop.COMMAND
    assert keys["Terminal"] == "false"
    assert keys["Categories"].split(";")[:3] == ["Game", "CardGame", "Education"]
    assert {"Jass", "Chibre", "cards"} <= set(keys["Keywords"].split(";"))


def test_the_metainfo_names_the_app_id_the_entry_the_command_and_this_version():
    root = metainfo()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == desktop.APP_ID
    assert root.findtext("launchable") == desktop.DESKTOP_ENTRY
    assert root.findtext("provides/binary") == desktop.COMMAND
    assert root.findtext("metadata_license") == "CC0-1.0"
    pyproject = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text()
    assert 'license = "GPL-3.0-or-later"' in pyproject
    assert root.findtext("project_license") == "GPL-3.0-or-later"
    newest = root.find("releases/release")
    assert newest is not None and newest.get("version") == __version__


def test_name_comment_and_summary_exist_in_every_language_and_name_no_option_code():
    keys = entry_keys(resource(desktop.DESKTOP_ENTRY))
    root = metainfo()
    texts = {
        "Name": {lang: keys[f"Name[{lang}]"] for lang in LANGUAGES} | {"en": keys["Name"]},
        "Comment": {lang: keys[f"Comment[{lang}]"] for lang in LANGUAGES}
        | {"en": keys["Comment"]},
        "GenericName": {lang: keys[f"GenericName[{lang}]"] for lang in LANGUAGES}
        | {"en": keys["GenericName"]},
        "name": by_language(root, "name"),
        "summary": by_language(root, "summary"),
    }
    for what, translations in texts.items():
        assert set(translations) == {"en", *LANGUAGES}, what
        for lang, text in translations.items():
            assert text, (what, lang)
            assert refs.option_codes(text) == [], (what, lang, text)
            assert "{" not in text, (what, lang, text)  # no reference left unrendered
        english = translations["en"]
        assert refs.suit_rank_words(english) == [], (what, english)
    assert texts["Comment"]["en"].startswith("Learn Chibre, the Swiss card game")
    for lang in LANGUAGES:  # translated, not copied
        assert texts["Comment"][lang] != texts["Comment"]["en"]
        assert texts["summary"][lang] != texts["summary"]["en"]


def test_the_metainfo_description_is_in_every_language():
    description = metainfo().find("description")
    assert description is not None
    languages = {element.get(XML_LANG, "en") for element in description}
    assert languages == {"en", *LANGUAGES}
    english = " ".join("".join(element.itertext()) for element in description
                       if element.get(XML_LANG) is None)
    assert refs.suit_rank_words(english) == [] and refs.option_codes(english) == []


# Validators (skipped where the tool is not installed)


def test_the_shipped_desktop_entry_passes_desktop_file_validate():
    output = run_tool("desktop-file-validate", str(resource(desktop.DESKTOP_ENTRY)))
    # The one remark left is a hint, not an error or warning: Game and Education are both
    # main categories, so some menus list the app under both (it is a game and a course).
    for line in output.splitlines():
        assert ": hint: " in line and "more than one main category" in line, line


def test_an_installed_desktop_entry_with_a_quoted_exec_passes_desktop_file_validate(tmp_path):
    command = str(tmp_path / 'my "50%" $apps\\' / "jass-tutor")
    entry, _icon, _metainfo = desktop.install(tmp_path / "share",
                                              desktop.quote_exec_argument(command))
    assert exec_arguments(entry_keys(entry)["Exec"]) == [command]
    output = run_tool("desktop-file-validate", str(entry))
    assert "error" not in output and "warning" not in output, output


def test_the_metainfo_passes_appstreamcli_validate():
    # --pedantic would add one remark: the id has upper-case letters (cid-contains-uppercase-
    # letter). The id is the app's reverse-DNS name as chosen; the validator accepts it.
    output = run_tool("appstreamcli", "validate", "--no-net", str(resource(desktop.METAINFO)))
    assert "E:" not in output and "W:" not in output and "I:" not in output, output


# Installing and removing


def test_install_writes_the_entry_icon_and_metainfo_with_the_given_exec(tmp_path):
    written = desktop.install(tmp_path, exec_command="/opt/jass/bin/jass-tutor")
    assert written == [
        tmp_path / "applications" / "ch.jasstutor.JassTutor.desktop",
        tmp_path / "icons" / "hicolor" / "scalable" / "apps" / "ch.jasstutor.JassTutor.svg",
        tmp_path / "metainfo" / "ch.jasstutor.JassTutor.metainfo.xml",
    ]
    keys = entry_keys(written[0])
    assert keys["Exec"] == "/opt/jass/bin/jass-tutor"
    shipped = entry_keys(resource(desktop.DESKTOP_ENTRY))
    assert {key: value for key, value in keys.items() if key != "Exec"} == {
        key: value for key, value in shipped.items() if key != "Exec"}
    assert written[1].read_bytes() == resource(desktop.ICON).read_bytes()
    assert written[2].read_bytes() == resource(desktop.METAINFO).read_bytes()


def test_install_twice_writes_the_same_files_again(tmp_path):
    first = desktop.install(tmp_path, exec_command="jass-tutor")
    contents = [path.read_bytes() for path in first]
    assert desktop.install(tmp_path, exec_command="jass-tutor") == first
    assert [path.read_bytes() for path in first] == contents


def test_install_goes_to_xdg_data_home_and_else_to_local_share(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert desktop.install(exec_command="jass-tutor")[0].is_relative_to(tmp_path / "xdg")
    monkeypatch.setenv("XDG_DATA_HOME", "relative/share")  # ignored, as the XDG spec says
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert desktop.default_data_home() == tmp_path / "home" / ".local" / "share"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert desktop.targets()[0] == (tmp_path / "home" / ".local" / "share" / "applications"
                                    / desktop.DESKTOP_ENTRY)


def test_uninstall_removes_exactly_the_installed_files(tmp_path):
    written = desktop.install(tmp_path, exec_command="jass-tutor")
    neighbours = [path.parent / f"other.{path.name}" for path in written]
    for path in neighbours:
        path.write_text("another app's file", encoding="utf-8")
    assert desktop.uninstall(tmp_path) == written
    assert not any(path.exists() for path in written)
    assert all(path.read_text(encoding="utf-8") == "another app's file" for path in neighbours)
    assert all(path.parent.is_dir() for path in written)  # the folders stay


def test_uninstall_with_nothing_installed_removes_nothing(tmp_path):
    assert desktop.uninstall(tmp_path) == []
    assert list(tmp_path.iterdir()) == []


def test_the_default_exec_is_the_script_beside_the_interpreter(tmp_path, monkeypatch):
    bin_dir = tmp_path / "my env" / "bin"
    bin_dir.mkdir(parents=True)
    script = bin_dir / "jass-tutor"
    script.write_text("#!/bin/sh\n", encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setattr(sys, "executable", str(bin_dir / "python3"))
    assert desktop.default_exec() == f'"{script}"'
    assert exec_arguments(desktop.default_exec()) == [str(script)]
    entry = desktop.install(tmp_path / "share")[0]
    assert exec_arguments(entry_keys(entry)["Exec"]) == [str(script)]


def test_the_default_exec_without_a_script_runs_the_module(tmp_path, monkeypatch):
    python = tmp_path / "50% off" / "python3"
    monkeypatch.setattr(sys, "executable", str(python))
    assert exec_arguments(desktop.default_exec()) == [str(python), "-m", "tutor"]
    assert "%%" in desktop.default_exec()  # a lone % would be a field code


def test_the_default_exec_of_this_environment_is_absolute():
    arguments = exec_arguments(desktop.default_exec())
    assert Path(arguments[0]).is_absolute()
    assert Path(arguments[0]).parent == Path(sys.executable).absolute().parent
    assert arguments[1:] in ([], ["-m", "tutor"])


@given(st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1))
def test_a_quoted_exec_argument_reads_back_as_itself(argument):
    assert exec_arguments(desktop.quote_exec_argument(argument)) == [argument]


def test_a_command_with_a_line_break_is_refused(tmp_path):
    with pytest.raises(desktop.DesktopError, match="line break"):
        desktop.quote_exec_argument("/bin/jass\ntutor")
    with pytest.raises(desktop.DesktopError, match="not a command"):
        desktop.install(tmp_path, exec_command="jass-tutor\nExec=rm")
    assert list(tmp_path.iterdir()) == []


def test_a_missing_resource_is_an_error_naming_it_and_nothing_is_written(tmp_path, monkeypatch):
    data = tmp_path / "data"
    (data / "resources").mkdir(parents=True)
    for name in (desktop.DESKTOP_ENTRY, desktop.METAINFO):  # the icon is missing
        shutil.copyfile(resource(name), data / "resources" / name)
    monkeypatch.setattr("tutor.data.data_root", lambda: data)
    missing = data / "resources" / desktop.ICON
    with pytest.raises(desktop.DesktopError, match="missing") as error:
        desktop.install(tmp_path / "share", exec_command="jass-tutor")
    assert str(missing) in str(error.value)
    assert not (tmp_path / "share").exists()


@pytest.mark.parametrize(("platform", "system"), [("darwin", "macOS"), ("win32", "Windows")])
def test_macos_and_windows_are_refused_with_what_to_do_instead(tmp_path, monkeypatch, platform,
                                                               system, capsys):
    monkeypatch.setattr(sys, "platform", platform)
    for action in (lambda: desktop.install(tmp_path, "jass-tutor"),
                   lambda: desktop.uninstall(tmp_path)):
        with pytest.raises(desktop.DesktopError) as error:
            action()
        message = str(error.value)
        assert "freedesktop" in message and "Linux" in message and system in message
        assert "jass-tutor from a terminal" in message and "shortcut" in message
    assert list(tmp_path.iterdir()) == []
    assert desktop.command(install_entry=True, data_home=tmp_path) == 1
    assert capsys.readouterr().err.startswith("jass-tutor: desktop entries are for Linux")


# The command line


def test_install_and_uninstall_desktop_options_print_each_file(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["--install-desktop"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed == [str(path) for path in desktop.targets(tmp_path)]
    assert all(Path(line).is_file() for line in printed)
    assert entry_keys(Path(printed[0]))["Exec"] == desktop.default_exec()
    assert main(["--uninstall-desktop"]) == 0
    assert capsys.readouterr().out.splitlines() == printed
    assert not any(Path(line).exists() for line in printed)
    assert main(["--uninstall-desktop"]) == 0  # again: nothing left to remove, not an error
    assert capsys.readouterr().out == ""


def test_install_desktop_option_says_what_failed(tmp_path, monkeypatch, capsys):
    (tmp_path / "applications").write_text("a file where a folder should be", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert main(["--install-desktop"]) == 1
    error = capsys.readouterr().err
    assert error.startswith("jass-tutor: ") and "applications" in error


def test_install_and_uninstall_desktop_options_exclude_each_other(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--install-desktop", "--uninstall-desktop"])
    assert exit_info.value.code == 2
    assert "not allowed with" in capsys.readouterr().err


def test_install_desktop_option_does_not_load_qt(tmp_path):
    code = ("import sys\n"
            "from tutor.__main__ import main\n"
            "code = main(['--install-desktop'])\n"
            f"qt = [name for name in sys.modules if name.split('.')[0] in {QT_MODULES!r}]\n"
            "print(qt)\n"
            "raise SystemExit(code)\n")
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path))
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "[]"
    assert (tmp_path / "applications" / desktop.DESKTOP_ENTRY).is_file()


# The window's icon (Qt)


@pytest.fixture
def identified(qapp):
    """pytest-qt's application, named as the app names itself (and put back afterwards)."""
    from tutor.ui.launch import identify

    saved = (qapp.applicationName(), qapp.applicationVersion(), qapp.organizationName(),
             qapp.desktopFileName(), qapp.windowIcon())
    identify(qapp)
    yield qapp
    name, version, organization, desktop_file, icon = saved
    qapp.setApplicationName(name)
    qapp.setApplicationVersion(version)
    qapp.setOrganizationName(organization)
    qapp.setDesktopFileName(desktop_file)
    qapp.setWindowIcon(icon)


def test_the_icon_svg_is_valid_and_the_application_wears_it(identified):
    from PySide6.QtSvg import QSvgRenderer

    from tutor.desktop import APP_NAME

    renderer = QSvgRenderer(str(desktop.icon_path()))
    assert renderer.isValid()
    assert renderer.viewBox().width() == renderer.viewBox().height()  # square
    assert identified.desktopFileName() == desktop.APP_ID
    # X11 docks match a window by its WM_CLASS, whose class Qt takes from the app's name.
    assert identified.applicationName() == APP_NAME
    assert entry_keys(resource(desktop.DESKTOP_ENTRY))["StartupWMClass"] == APP_NAME
    icon = identified.windowIcon()
    assert not icon.isNull()
    image = icon.pixmap(16, 16).toImage()
    assert (image.width(), image.height()) == (16, 16)
    opaque = sum(image.pixelColor(x, y).alpha() > 200 for x in range(16) for y in range(16))
    assert opaque > 16 * 16 // 2  # the felt fills the square; the corners are rounded off
    reds = sum(image.pixelColor(x, y).red() > 150 > image.pixelColor(x, y).green()
               for x in range(16) for y in range(16))
    assert reds >= 3  # the heart still shows at 16 px


def test_a_new_application_is_identified_as_the_desktop_entry():
    code = ("from tutor.ui.launch import create_application\n"
            "app = create_application()\n"
            "print(app.desktopFileName(), app.windowIcon().isNull(), app.applicationName())\n")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == f"{desktop.APP_ID} False Jass tutor"


def test_the_icon_has_no_text_raster_or_external_reference():
    svg = desktop.icon_path().read_text(encoding="utf-8")
    root = ElementTree.fromstring(svg)
    tags = {element.tag.rpartition("}")[2] for element in root.iter()}
    assert tags <= {"svg", "g", "rect", "path", "circle", "ellipse", "polygon"}, tags
    assert "href" not in svg and "url(" not in svg


def test_a_missing_icon_is_said_and_the_app_goes_on(identified, tmp_path, monkeypatch, capsys):
    from tutor.ui.launch import use_app_icon

    before = identified.windowIcon().cacheKey()
    missing = tmp_path / "resources" / desktop.ICON
    monkeypatch.setattr(desktop, "icon_path", lambda: missing)
    use_app_icon(identified)
    assert capsys.readouterr().err == (
        f"jass-tutor: the app icon {missing} is missing or unreadable\n")
    assert identified.windowIcon().cacheKey() == before  # the icon in force is kept


# --- issue 38: never through a link, never waiting on a FIFO, never half an install ------------


def test_install_refuses_to_write_through_a_link_and_writes_nothing(tmp_path):
    from tutor import desktop

    outside = tmp_path / "outside.txt"
    outside.write_text("mine")
    entry, icon, metainfo = desktop.targets(tmp_path / "share")
    metainfo.parent.mkdir(parents=True)
    metainfo.symlink_to(outside)
    with pytest.raises(desktop.DesktopError, match="is a link"):
        desktop.install(tmp_path / "share", exec_command="jass-tutor")
    assert outside.read_text() == "mine"
    assert not entry.exists() and not icon.exists()  # nothing of the install is there
    assert not list((tmp_path / "share").rglob("*.part"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX FIFOs")
def test_install_refuses_a_fifo_in_place_of_a_file_without_waiting(tmp_path):
    import threading

    from tutor import desktop

    entry = desktop.targets(tmp_path / "share")[0]
    entry.parent.mkdir(parents=True)
    os.mkfifo(entry)
    said: list[int] = []
    thread = threading.Thread(target=lambda: said.append(
        desktop.command(True, tmp_path / "share")), daemon=True)
    thread.start()
    thread.join(timeout=30)
    assert said == [1], "install waited on the FIFO"


def test_an_install_that_fails_midway_leaves_nothing_half_done(tmp_path):
    from tutor import desktop

    entry, icon, metainfo = desktop.targets(tmp_path / "share")
    metainfo.parent.parent.mkdir(parents=True)
    metainfo.parent.write_text("a file where the metainfo folder should be")
    with pytest.raises(OSError):
        desktop.install(tmp_path / "share", exec_command="jass-tutor")
    assert not entry.exists() and not icon.exists()
    assert not list((tmp_path / "share").rglob("*.part"))
