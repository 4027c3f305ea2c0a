"""The share of the table's hints that say why in words (issue 34, item 2).

Plays seeded games between heuristic bots, Chibre and Pomme, and at each decision with a real
choice of one seat a game (the learner's, in turn), asks the coach's hint as the table does
(its budget, ``advise`` without the learner's choice) and reads it as the table says it, in
English. A hint has a worded reason when, once its figures are left out (the expected points
and the choices about as good: ``tutor.table.coach_text.figure_sentences``), at least one sentence
is left that says why. Two further counts: hints with cards within ``CLOSE`` that call another
card "the next best" (never wanted), and hints whose cards within ``CLOSE`` are not said to be
equally good with a reason.

``python scripts/hint_reasons.py --decisions 150 --seeds 1 2`` (300 decisions a game);
``--fast`` searches with the table's fast budget (quicker; the figures move a little).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import CLOSE, Advice, PommeAdvice
from engine.chibre.bots import decide, make_bot
from engine.chibre.coach import TABLE_COACH_BUDGET, advise, assess
from engine.chibre.game import Game, Phase
from engine.pomme.bots import make_pomme_bot
from engine.pomme.coach import POMME_COACH_BUDGET
from engine.pomme.coach import advise as pomme_advise
from engine.pomme.coach import assess as pomme_assess
from engine.pomme.game import PommeGame
from tutor.i18n import set_language
from tutor.table import coach_text, pomme_words
from tutor.table.pomme import FAST_POMME_BUDGET, PommeLine, PommeLineKind
from tutor.table.session import FAST_BUDGET


@dataclasses.dataclass
class Count:
    """What the script counted over the hints of one game."""

    hints: int = 0
    worded: int = 0
    close: int = 0  # hints with another choice within CLOSE of the coach's
    next_best_when_close: int = 0
    fallback: int = 0  # worded only by "the tricks still to come" (no check on this trick)
    examples: list[str] = dataclasses.field(default_factory=list)

    def add(self, text: str, worded: bool, close: bool, fallback: bool = False) -> None:
        self.hints += 1
        self.worded += worded
        self.fallback += worded and fallback
        self.close += close
        self.next_best_when_close += close and "the next best" in text
        if not worded and len(self.examples) < 8:
            self.examples.append(text)


def only_fallback(advice: Advice | PommeAdvice) -> bool:
    """Whether the hint's only reason is the fallback (``LATER_TRICKS``: what decides is the
    tricks still to come, no check on this trick tells the choices apart)."""
    if advice.supporting or getattr(advice, "signal", None) is not None:
        return False
    said = list(advice.differences) if advice.other is not None and advice.lost >= CLOSE \
        else []
    said += list(advice.alike)
    return all(item.value == "later-tricks" for item in said)


def chibre_hints(decisions: int, seed: int, fast: bool = False) -> Count:
    """The hints at ``decisions`` Chibre decisions with a choice (trump or card) of one seat
    a game, each game the next seat, from the first round of seeded games."""
    budget = FAST_BUDGET if fast else TABLE_COACH_BUDGET
    count = Count()
    number = 0
    while count.hints < decisions:
        game = Game(seed=seed * 10_007 + number)
        bots = [make_bot("heuristic", seed * 10_007 + number + seat) for seat in range(4)]
        learner = number % 4
        number += 1
        while game.round == 0 and not game.is_over and count.hints < decisions:
            view = game.view(game.current_player)
            if view.seat == learner and view.phase in (Phase.TRUMP, Phase.PLAY) and \
                    len(view.legal_actions) > 1:
                advice = advise(view, assess(view, budget, seed=0))
                text = coach_text.hint_text(advice)
                count.add(text, coach_text.has_worded_reason(advice),
                          bool(advice.equal), only_fallback(advice))
            game.apply(decide(bots[view.seat], view))
    return count


def pomme_hints(players: int, decisions: int, seed: int, fast: bool = False) -> Count:
    """The hints at ``decisions`` Pomme decisions with a choice of one seat a game."""
    budget = FAST_POMME_BUDGET if fast else POMME_COACH_BUDGET
    count = Count()
    number = 0
    while count.hints < decisions:
        game = PommeGame(players, seed=seed * 10_007 + number)
        bots = [make_pomme_bot("heuristic", seed * 10_007 + number + s) for s in range(players)]
        learner = number % players
        number += 1
        while game.round == 0 and not game.is_over and count.hints < decisions:
            view = game.view(game.current_player)
            if view.seat == learner and len(view.legal_actions) > 1:
                advice = pomme_advise(view, pomme_assess(view, budget, seed=0))
                line = PommeLine(PommeLineKind.HINT, view, hint=advice)
                text = pomme_words.hint_text(line)
                count.add(text, pomme_words.has_worded_reason(advice, view), bool(advice.equal),
                          only_fallback(advice))
            game.apply(bots[view.seat].choose_action(view))
    return count


def report(name: str, counts: Sequence[Count], seconds: float, examples: bool) -> None:
    hints = sum(c.hints for c in counts)
    worded = sum(c.worded for c in counts)
    close = sum(c.close for c in counts)
    wrong = sum(c.next_best_when_close for c in counts)
    fallback = sum(c.fallback for c in counts)
    print(f"{name}: {hints} hints with a choice; with a worded reason {worded} "
          f"({100 * worded / hints:.0f}%), of them only by the tricks still to come "
          f"{fallback}; with choices within {CLOSE:g} point {close}, "
          f"of them calling another card 'the next best' {wrong} ({seconds:.0f} s)", flush=True)
    if examples:
        for count in counts:
            for text in count.examples:
                print("   ", text)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=150, help="decisions a seed")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--game", choices=("chibre", "pomme3", "pomme5", "all"), default="all")
    parser.add_argument("--fast", action="store_true")
    parser.add_argument("--examples", action="store_true",
                        help="print the hints without a worded reason")
    args = parser.parse_args(argv)
    set_language("en")
    games = ("chibre", "pomme3", "pomme5") if args.game == "all" else (args.game,)
    for name in games:
        began = time.perf_counter()
        if name == "chibre":
            counts = [chibre_hints(args.decisions, s, args.fast) for s in args.seeds]
        else:
            counts = [pomme_hints(int(name[-1]), args.decisions, s, args.fast)
                      for s in args.seeds]
        report(name, counts, time.perf_counter() - began, args.examples)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
