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

``expert-1`` is the expert of 2026-11-27 under its own name (``ARENA_BOT_NAMES``), kept so that
a new expert can be measured against it again. ``--set FIELD=VALUE`` changes a setting of A's
expert budget (``engine.chibre.bots.Budget``; for Pomme, ``PommeBudget``, which its experts
share), ``--set-b`` B's: ``python -m engine.arena expert expert-1 --set exact=5`` measures an
idea; ``python -m engine.arena expert expert --set play=rules --set trump=sim --set-b
play=rules`` measures a trump chooser with the card play fixed (docs/performance.md lists the
ideas tried and what each was worth).
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Sequence
from typing import Any, TypeVar

from engine.arena.chibre import Match, report, run_match
from engine.arena.pomme import PommeMatch, pomme_report, run_pomme_match
from engine.chibre.bots import ARENA_BOT_NAMES, EXPERT_BUDGETS, Budget
from engine.chibre.bots.expert import SIGNAL_TOLERANCE
from engine.chibre.conventions import Conventions, Signal
from engine.pomme.expert import POMME_EXPERT_BUDGET, PommeBudget
from engine.pomme.game import POMME_PLAYERS


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.arena", description=__doc__.split(
        "\n")[0])
    parser.add_argument("bot_a", choices=ARENA_BOT_NAMES)
    parser.add_argument("bot_b", choices=ARENA_BOT_NAMES)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--pomme", type=int, choices=POMME_PLAYERS, default=None, metavar="N",
                        help="play Pomme for N = 2, 3 or 5 players (engine.arena.pomme)")
    parser.add_argument("--worlds", type=int, default=None,
                        help="both experts: deals sampled per card decision")
    parser.add_argument("--depth", type=int, default=None,
                        help="both experts: tricks searched before the evaluation")
    parser.add_argument("--exact", type=int, default=None,
                        help="both experts: tricks left from which the search is exact")
    parser.add_argument("--set", dest="set_a", action="append", default=[], metavar="FIELD=VALUE",
                        help="A's expert: a setting of its budget (engine.chibre.bots.Budget), "
                             "e.g. --set worlds=64 (repeatable): how an idea is measured")
    parser.add_argument("--set-b", action="append", default=[], metavar="FIELD=VALUE",
                        help="B's expert: a setting of its budget")
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
        if args.set_b:
            parser.error("Pomme's experts share one budget: give it with --set")
        try:
            pomme_budget = _changed(POMME_EXPERT_BUDGET, {}, args.set_a)
        except ValueError as error:
            parser.error(str(error))
        pomme = PommeMatch(args.pomme, args.bot_a, args.bot_b, args.seed, pomme_budget)
        print(pomme_report(pomme, run_pomme_match(pomme, args.deals, args.processes)))
        return 0
    both = {name: value for name, value in (("worlds", args.worlds), ("depth", args.depth),
                                            ("exact", args.exact)) if value is not None}
    try:
        budget_a = _budget(args.bot_a, both, args.set_a)
        budget_b = _budget(args.bot_b, both, args.set_b)
    except ValueError as error:
        parser.error(str(error))
    match = Match(args.bot_a, args.bot_b, args.seed, budget_a,
                  Conventions(Signal(args.conventions)), Conventions(Signal(args.conventions_b)),
                  args.signal_tolerance, budget_b)
    results = run_match(match, args.deals, args.processes)
    print(report(match, results))
    return 0


def _budget(bot: str, both: dict[str, int], settings: Sequence[str]) -> Budget | None:
    """The budget of ``bot`` (an expert) with the settings given, or ``None`` for its own."""
    if bot not in EXPERT_BUDGETS:
        if settings:
            raise ValueError(f"--set is for an expert's budget; {bot} has none")
        return None
    if not both and not settings:
        return None
    return _changed(EXPERT_BUDGETS[bot], both, settings)


B = TypeVar("B", Budget, PommeBudget)


def _changed(budget: B, both: dict[str, int], settings: Sequence[str]) -> B:
    """``budget`` with the settings ``both`` and ``settings`` (``FIELD=VALUE`` texts)."""
    fields = [field.name for field in dataclasses.fields(budget)]
    changes: dict[str, Any] = dict(both)
    for setting in settings:
        name, _, text = setting.partition("=")
        if name not in fields or not text:
            raise ValueError(f"--set {setting}: give FIELD=VALUE with a field of "
                             f"{type(budget).__name__} ({', '.join(fields)})")
        kind = type(getattr(budget, name))
        if kind is bool:
            if text not in ("true", "false"):
                raise ValueError(f"--set {setting}: {name} is true or false")
            changes[name] = text == "true"
        else:
            try:
                changes[name] = kind(text)
            except ValueError:
                raise ValueError(f"--set {setting}: {name} must be a {kind.__name__}") from None
    return dataclasses.replace(budget, **changes)

