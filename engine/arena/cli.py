"""Duplicate matches between two bots: ``python -m engine.arena A B --deals N --seed S``.

A Chibre match (``engine.arena.chibre``): each deal played twice with the teams swapped;
A's share of all points, rounds won, and each bot's milliseconds per decision.

``--processes K`` spreads the deals over K processes; the points do not
change, the times then share the cores.

``--conventions ask`` (or ``refuse``) has bot A's team play under that discard signal
(``engine.chibre.conventions``) and bot B's under none (``--conventions-b`` sets B's): with the
same bot on both sides, what the convention is worth.

``--pomme 2``, ``3`` or ``5``: a Pomme match instead, A against ``n - 1`` B's with
each deal played once with A in every seat (``engine.arena.pomme``).
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Sequence

from engine.arena.chibre import Match, report, run_match
from engine.arena.pomme import PommeMatch, pomme_report, run_pomme_match
from engine.chibre.bots import BOT_NAMES
from engine.chibre.bots.expert import EXPERT_BUDGET, SIGNAL_TOLERANCE
from engine.chibre.conventions import Conventions, Signal
from engine.pomme.game import POMME_PLAYERS


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.arena", description=__doc__.split(
        "\n")[0])
    parser.add_argument("bot_a", choices=BOT_NAMES)
    parser.add_argument("bot_b", choices=BOT_NAMES)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--pomme", type=int, choices=POMME_PLAYERS, default=None, metavar="N",
                        help="play Pomme for N = 2, 3 or 5 players (engine.arena.pomme)")
    defaults = EXPERT_BUDGET
    parser.add_argument("--worlds", type=int, default=defaults.worlds,
                        help="expert: deals sampled per card decision")
    parser.add_argument("--depth", type=int, default=defaults.depth,
                        help="expert: tricks searched before the evaluation")
    parser.add_argument("--exact", type=int, default=defaults.exact,
                        help="expert: tricks left from which the search is exact")
    signals = [signal.value for signal in Signal]
    parser.add_argument("--conventions", choices=signals, default="none",
                        help="the discard signal A's team plays under (engine.chibre.conventions)")
    parser.add_argument("--conventions-b", choices=signals, default="none",
                        help="the discard signal B's team plays under")
    parser.add_argument("--signal-tolerance", type=float, default=SIGNAL_TOLERANCE,
                        help="expected points A's expert may give up to keep the convention")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.processes < 1:
        parser.error("--deals and --processes must be at least 1")
    if args.pomme is not None:
        if args.conventions != "none" or args.conventions_b != "none":
            parser.error("Pomme has no partners: no discard signal (--conventions)")
        pomme = PommeMatch(args.pomme, args.bot_a, args.bot_b, args.seed)
        print(pomme_report(pomme, run_pomme_match(pomme, args.deals, args.processes)))
        return 0
    budget = dataclasses.replace(defaults, worlds=args.worlds, depth=args.depth, exact=args.exact)
    match = Match(args.bot_a, args.bot_b, args.seed, budget,
                  Conventions(Signal(args.conventions)), Conventions(Signal(args.conventions_b)),
                  args.signal_tolerance)
    results = run_match(match, args.deals, args.processes)
    print(report(match, results))
    return 0

