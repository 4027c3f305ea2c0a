"""A learner's journey with the Orca screen reader: ``make a11y`` (not part of ``make test``).

Starts a virtual display, the accessibility bus and Orca with the harness of ``../shared/a11y``
(``orca_session.py``), launches the app with a fresh learner record in English, presses the keys
a blind learner would, and checks that Orca *spoke* each expected sentence (its speech output,
not the screen). Writes the whole transcript, with the keys and the checks, to
``docs/a11y-transcript.md``; exits 1 when a check fails, 2 when the harness is missing.

The journey: the first step of lesson 1 read at launch; the list of lessons browsed with the
arrows and lesson 2 opened with Enter; its first exercise answered wrong, tried again and
answered right; the lesson's end, its result card; a puzzle; then the first trick of a
game, with the table's keys C, A, S, T, L and H, and the cards of the bots heard as they are
played; then, in a second session, a game of Pomme for three where H asks before the hand is
given up for the aside. (A game's end is not in the journey: a game to its target by keys would
take long; the Play page's tests check what its result card says and where focus lands.)
"""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HARNESS = Path(os.environ.get("A11Y_HARNESS", ROOT.parent / "shared" / "a11y"))
TRANSCRIPT = ROOT / "docs" / "a11y-transcript.md"
APP = str(ROOT / ".venv" / "bin" / "jass-tutor")


@dataclass
class Journey:
    session: object
    checks: list[tuple[bool, str, str]] = field(default_factory=list)

    def expect(self, what: str, pattern: str, mark: object, timeout: float = 6.0) -> bool:
        """Whether Orca said something matching ``pattern`` since ``mark``; recorded."""
        said = self.session.wait_spoken(pattern, since=mark, timeout=timeout)  # type: ignore[attr-defined]
        heard = said or " | ".join(self.session.spoken(mark))  # type: ignore[attr-defined]
        self.checks.append((bool(said), what, heard))
        print(("ok    " if said else "FAIL  ") + what + ("" if said else f" -- Orca said: {heard}"))
        return bool(said)

    def press(self, key: str, what: str, pattern: str, wait: float = 1.0,
              timeout: float = 6.0) -> bool:
        """Press ``key`` and expect Orca to say ``pattern`` in answer (``expect``)."""
        mark = self.session.mark()  # type: ignore[attr-defined]
        self.session.key(key, wait=wait)  # type: ignore[attr-defined]
        return self.expect(what, pattern, mark, timeout)


def main() -> int:
    if not (HARNESS / "orca_session.py").exists() or not Path("/usr/bin/orca").exists():
        print(f"make a11y needs Orca and the harness in {HARNESS} "
              "(../shared/a11y/orca-session install)", file=sys.stderr)
        return 2
    sys.path.insert(0, str(HARNESS))
    from orca_session import OrcaSession  # type: ignore[import-not-found]

    with OrcaSession(Path(tempfile.mkdtemp(prefix="jass-a11y-"))) as s:
        journey = Journey(s)
        mark = s.mark()
        s.app(APP, env={"JASS_TUTOR_HOME": tempfile.mkdtemp(), "LC_ALL": "C.UTF-8"})
        journey.expect("the window is announced", r"Jass tutor frame", mark, 30)
        journey.expect("focus lands on the first step, read with where it is",
                       r"Lesson 1, .+\. Step 1 of \d+\. \w+", mark, 15)
        s.wait_quiet()

        # The lessons: browsed with the arrows (each read), lesson 2 opened with Enter.
        mark = s.mark()
        s.key_until(r"List with \d+ items", key="shift+Tab", max_presses=4)
        s.key("Down", wait=1)
        journey.expect("the arrows browse the lessons, each read with its progress",
                       r"exercises done", mark)
        journey.press("Return", "Enter opens the lesson: focus on its first step",
                      r"Lesson 2, .+\. Step 1 of", wait=1.5)
        # Its first exercise: the question names the answers; wrong, then right.
        journey.press("Tab", "the question is read", r"Exercise 1: .+\?")
        journey.press("Tab", "the question is the name of the group of answers",
                      r"\? panel")
        s.key("Return", wait=0.5)  # the first answer, "32": wrong
        journey.press("ctrl+Return", "a wrong answer is said as wrong, with the right one",
                      r"^Not quite\. The answer: ", wait=1.5)
        journey.press("Tab", "Tab from the verdict reaches Try again", r"Try again push button")
        journey.press("space", "Try again goes back to the question", r"Exercise 1: ", wait=1.5)
        s.key("Tab", wait=1)
        s.key("Down", wait=0.5)
        s.key("Return", wait=0.5)  # the second answer, "36": right
        journey.press("ctrl+Return", "a right answer is said as right, with why", r"^Right\. .+",
                      wait=1.5)

        # The lesson's end (issue 35, moments): Alt+Right to its last screen, a result card
        # that is said as it appears, focus on its one primary step; Tab to the next one.
        mark = s.mark()
        s.key_until(r"Go to the first open exercise push button", key="alt+Right",
                    max_presses=40)
        journey.expect("the lesson's end is said as a result card",
                       r"End of the lesson\. .+Exercises done: \d+ of \d+\.", mark, 10)
        journey.expect("focus lands on the card's one primary step",
                       r"Go to the first open exercise push button", mark, 5)
        journey.press("Tab", "Tab goes on to the card's other step",
                      r"Continue to lesson 3 push button")

        # A puzzle: the first kind (Legal cards), a puzzle, checked with nothing chosen.
        journey.press("ctrl+3", "Ctrl+3: focus lands on the page's question or what to do",
                      r"Puzzle: .+\?|Finish lesson \d+", wait=1.5)
        s.key_until("All kinds", key="shift+Tab", max_presses=12)
        s.key("Down")
        s.key_until("Next puzzle push button", max_presses=6)
        journey.press("space", "a new puzzle: focus on its question", r"Puzzle: .+\?", wait=1.5)
        s.key_until(r"(?i)^\w+ of \w+.*push button", max_presses=12)  # a card of the hand
        s.key("space", wait=1)
        journey.press("ctrl+Return", "the puzzle's verdict is spoken", r"(?i)not quite|right\b",
                      wait=1.5)

        # A game: New game, trump, the first trick, the table's keys.
        mark = s.mark()
        s.key("ctrl+4", wait=1.5)
        if not s.wait_spoken(r"New game push button", since=mark, timeout=4):
            s.key_until("New game push button", key="shift+Tab", max_presses=12)
        mark = game = s.mark()
        s.key("space", wait=4)
        s.wait_quiet(timeout=15)
        journey.expect("the learner's turn is said", r"Your turn", mark, 15)
        for _decision in range(3):  # the trump (the first suit), then a weis (announced)
            said = " ".join(s.spoken(mark))
            if "choose trump" in said:
                mark = s.mark()
                s.key("space", wait=4)
            elif "Announce (W)" in said:
                mark = s.mark()
                s.key("w", wait=2)
            else:
                break
            s.wait_quiet(timeout=15)
        journey.press("t", "T says whose turn it is", r"Your turn: play a card")
        journey.press("a", "A reads the trump and who chose it", r"Trump: \w+\. Chosen by( you|: )")
        journey.press("s", "S reads the scores", r"Game: your team \d+, opponents \d+")
        journey.press("c", "C reads the cards on the table", r"(?i)the table is empty|: \w+ of ")
        journey.press("h", "H gives a hint with its reason", r"Hint: .+\. .+", timeout=15)
        mark = s.mark()
        s.key("Return", wait=6)  # the focused card: the first legal one
        s.wait_quiet(timeout=20)
        journey.expect("the learner's card is said", r"You play the ", mark, 15)
        journey.expect("the bots' cards are heard", r"(Right|Partner|Left) plays the ", game, 15)
        journey.expect("who takes the trick is heard", r"takes? trick 1 \(\d+ points?\)", mark,
                       20)
        journey.press("l", "L reads the last trick", r"Last trick: ")
        transcript = s._run("spoken", "--keys").splitlines()  # the harness's own transcript

    # Pomme for three: H asks before the hand is given up for the aside (issue 35); Esc keeps
    # the hand, H and Enter take the aside, whose cards are then the hand.
    with OrcaSession(Path(tempfile.mkdtemp(prefix="jass-a11y-pomme-"))) as s:
        journey.session = s
        mark = s.mark()
        s.app(sys.executable, str(ROOT / "scripts" / "a11y_pomme.py"), "3",
              env={"JASS_TUTOR_HOME": tempfile.mkdtemp(), "LC_ALL": "C.UTF-8"})
        journey.expect("Pomme: the learner's hand has the focus", r"(?i)\w+ of \w+.* push button",
                       mark, 30)
        s.wait_quiet()
        journey.press("t", "Pomme: T says the aside can be taken with H",
                      r"take the aside \(H\) instead of your hand")
        journey.press("h", "Pomme: H asks first, and says what taking the aside means",
                      r"Take the aside\? You play its nine cards instead of your hand")
        journey.press("Escape", "Pomme: Esc keeps the hand, focus back on its cards",
                      r"(?i)\w+ of \w+.* push button", wait=1.5)
        s.key("h", wait=1.5)
        journey.press("Return", "Pomme: Enter takes the aside, its cards now the hand",
                      r"(?i)\w+ of \w+.* push button", wait=2)
        transcript += ["", "(Pomme for three)", *s._run("spoken", "--keys").splitlines()]

    passed = sum(ok for ok, _what, _heard in journey.checks)
    lines = ["# What Orca said: the journey of `make a11y`", "",
             f"{passed} of {len(journey.checks)} checks passed "
             "(Orca 43.1 on Debian 12, the app in English with a fresh learner record).", "",
             "## Checks", ""]
    lines += [f"- {'ok' if ok else 'FAIL'}: {what} — heard: “{heard}”"
              for ok, what, heard in journey.checks]
    lines += ["", "## Transcript (`>>>` marks the keys sent)", "", "```"]
    lines += [*transcript, "```", ""]
    TRANSCRIPT.write_text("\n".join(lines), encoding="utf-8")
    print(f"{passed} of {len(journey.checks)} checks passed; transcript in {TRANSCRIPT}")
    return 0 if passed == len(journey.checks) else 1


if __name__ == "__main__":
    sys.exit(main())
