"""What the window's notice bar says when the app's own lessons and puzzles did not all load:
a content folder missing or empty, files skipped for their problems, or the loading failed as a
whole (``tutor.ui.window.MainWindow.set_content``)."""

from __future__ import annotations

from typing import Final

from tutor.content import Content
from tutor.content.loader import Missing
from tutor.data import LESSONS, PUZZLES
from tutor.i18n import N_, _, ngettext

MISSING_TEXTS: Final = {
    (LESSONS, False): N_("No lessons were found: the folder {folder} does not exist."),
    (LESSONS, True): N_("No lessons were found: the folder {folder} holds no lesson file."),
    (PUZZLES, False): N_("No puzzles were found: the folder {folder} does not exist."),
    (PUZZLES, True): N_("No puzzles were found: the folder {folder} holds no puzzle file."),
}


def missing_text(missing: Missing) -> str:
    """A content folder with nothing in it, said in the learner's language."""
    return _(MISSING_TEXTS[missing.what, missing.exists]).format(folder=missing.folder)


def content_notices(content: Content) -> list[str]:
    """What did not load of ``content``, so the learner knows something is missing: the
    folders with nothing in them, then the files skipped."""
    notices: list[str] = []
    if content.missing:
        notices.append(_("Some of the app's own files are missing. {details} "
                         "Reinstalling Jass tutor brings them back; the rest works.")
                       .format(details=" ".join(map(missing_text, content.missing))))
    if content.problems:
        files = sorted({problem.path for problem in content.problems})
        first = content.problems[0]
        notices.append(ngettext(
            "Some content could not be loaded and was skipped ({count} problem in {files}). "
            "The rest works. First problem: {first}",
            "Some content could not be loaded and was skipped ({count} problems in {files}). "
            "The rest works. First problem: {first}",
            len(content.problems)).format(count=len(content.problems),
                                          files=", ".join(files), first=str(first)))
    return notices


def load_failed_text(detail: str) -> str:
    """Loading failed as a whole (a bug, not a bad file: those are problems); the Play and
    Rules pages work without lessons and puzzles."""
    return _("Lessons and puzzles could not be loaded ({error}). Playing against the bots and "
             "the rules still work.").format(error=detail)
