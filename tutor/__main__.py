"""Command line: ``jass-tutor`` or ``python -m tutor``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from tutor import __version__
from tutor.i18n import LANGUAGES, SOURCE_LANGUAGE, catalog_problem
from tutor.vocab import DECKS, NAVIGATION


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="jass-tutor",
        description="Jass tutor: learn Chibre, the Swiss card game.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--screenshot",
        metavar="FILE",
        type=Path,
        help="render the main window offscreen (at --size), save it as a PNG file and exit",
    )
    parser.add_argument(
        "--page",
        choices=NAVIGATION,
        default="learn",
        help="the page to show in the screenshot (default: learn)",
    )
    parser.add_argument(
        "--lang", metavar="CODE", default=None,
        help=f"the language: {', '.join(LANGUAGES[:-1])} or {LANGUAGES[-1]} (default: the one "
             f"chosen in the app, else the system's; {SOURCE_LANGUAGE} for --screenshot)",
    )
    parser.add_argument(
        "--check", action="store_true",
        help="check that the whole app is here: load and re-solve every lesson and puzzle, "
             "open every language, find every file; print what was found and exit (1 when "
             "something is missing)",
    )
    parser.add_argument(
        "--deck", choices=DECKS, default=None,
        help="the deck of the screenshot (default: the French-suited deck)",
    )
    parser.add_argument(
        "--appearance", choices=("light", "dark", "contrast"), default="light",
        help="the colours of the screenshot (default: light)",
    )
    parser.add_argument(
        "--size", metavar="WxH", type=_size, default=(1280, 800),
        help="the window size of the screenshot (default: 1280x800; at least 800x560)",
    )
    parser.add_argument(
        "--lesson", metavar="ID[:SCREEN]", default=None, type=_lesson,
        help="with --page learn: open this lesson, at this screen (counted from 1)",
    )
    parser.add_argument("--watch", action="store_true",
                        help="watch four bots play a whole game, with the coach's commentary")
    parser.add_argument("--fast", action="store_true",
                        help="with --watch: no pauses, and close when the game is over")
    parser.add_argument("--seed", type=int, default=None, help="with --watch: the deal's seed")
    menu = parser.add_mutually_exclusive_group()
    menu.add_argument(
        "--install-desktop", action="store_true",
        help="add Jass tutor to the desktop's application menu (icon, desktop entry, AppStream "
             "metainfo) in ~/.local/share",
    )
    menu.add_argument("--uninstall-desktop", action="store_true",
                      help="remove what --install-desktop added")
    parser.add_argument("--startup-report", action="store_true", help=argparse.SUPPRESS)
    return parser


def _size(text: str) -> tuple[int, int]:
    """``1280x800`` as (1280, 800); the window is never smaller than 800×560."""
    width, sep, height = text.lower().replace("×", "x").partition("x")
    if not (sep and width.isdigit() and height.isdigit()):
        raise argparse.ArgumentTypeError(f"{text!r} is not a size: write it as 1280x800")
    if int(width) < 800 or int(height) < 560:
        raise argparse.ArgumentTypeError(f"{text} is below the smallest window, 800x560")
    if int(width) > MAX_SIZE[0] or int(height) > MAX_SIZE[1]:
        raise argparse.ArgumentTypeError(f"{text} is over the largest screenshot, "
                                         f"{MAX_SIZE[0]}x{MAX_SIZE[1]} (an 8K screen)")
    return int(width), int(height)


#: The largest screenshot: an 8K screen (a 20000x20000 one took 3.2 GB to draw).
MAX_SIZE = (7680, 4320)


def _lesson(text: str) -> str:
    """``ID`` or ``ID:SCREEN``, the screen a whole number from 1; refused through argparse."""
    lesson_id, sep, screen = text.partition(":")
    if not lesson_id.strip():
        raise argparse.ArgumentTypeError(f"{text!r} names no lesson: write it as ID or ID:SCREEN")
    if sep and not (screen.isascii() and screen.isdigit() and int(screen) >= 1):
        raise argparse.ArgumentTypeError(
            f"{screen!r} is not a screen: write the lesson's screen as a whole number from 1, "
            f"as in {lesson_id}:2")
    return text


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` (default: the command line), then open the app or take a screenshot."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.lang is not None and (problem := catalog_problem(args.lang)) is not None:
        parser.error(f"argument --lang: {problem}")
    if args.check:
        return _check()
    if args.install_desktop or args.uninstall_desktop:  # no window, so no Qt
        from tutor import desktop

        return desktop.command(install_entry=args.install_desktop)
    from tutor.progress.paths import DataFolderError, data_dir

    try:
        data_dir()  # before any window: a data folder that cannot be one is a plain error
    except DataFolderError as error:
        print(f"jass-tutor: {error}", file=sys.stderr)
        return 2
    from tutor.ui import launch as app  # Qt is loaded only when a window is needed, not --version

    if args.watch:
        return app.watch(fast=args.fast, seed=args.seed)
    if args.screenshot is not None:
        return app.screenshot(args.screenshot, args.page, args.lang or SOURCE_LANGUAGE, args.deck,
                              args.lesson, size=args.size, appearance=args.appearance)
    return app.run(startup_report=args.startup_report, language=args.lang)


def _check() -> int:
    from tutor.selfcheck import check

    problems = check()
    for problem in problems:
        print(f"jass-tutor: {problem}", file=sys.stderr)
    if problems:
        return 1
    print("the whole app is here")
    return 0


if __name__ == "__main__":
    sys.exit(main())
