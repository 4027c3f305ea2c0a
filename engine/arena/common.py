"""What a Chibre match and a Pomme match share: the timer of decisions, running the deals
over processes, and the statistics of the report."""

from __future__ import annotations

import concurrent.futures
import math
import statistics
from collections.abc import Callable, Container, Sequence, Sized
from typing import Any, Protocol, TypeVar

M = TypeVar("M")
R = TypeVar("R")


class _Decisions(Protocol):
    def legal_actions(self) -> Sized: ...


def decision_timer(game: _Decisions, a_seats: Container[int],
                   times: dict[str, list[float]]) -> Callable[[int, Any, float], None]:
    """Files each decision's time under A or B, and again if it had a real choice
    (called before the action is applied, so the legal actions are still those
    of the decision). For Chibre's ``Game`` and Pomme's ``PommeGame`` alike."""
    def timer(seat: int, action: Any, seconds: float) -> None:
        side = "a" if seat in a_seats else "b"
        times[side].append(seconds * 1000)
        if len(game.legal_actions()) > 1:
            times[side + "_choice"].append(seconds * 1000)
    return timer


def run_deals(play: Callable[[M, int], R], match: M, deals: int, processes: int = 1) -> list[R]:
    """``play(match, i)`` for every deal ``i``, in order (the same for any number of
    processes; ``play`` is a module-level function, so that it can be sent to them)."""
    if processes <= 1:
        return [play(match, i) for i in range(deals)]
    with concurrent.futures.ProcessPoolExecutor(processes) as pool:
        return list(pool.map(play, [match] * deals, range(deals), chunksize=1))


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values`` by the nearest rank; 0 if empty."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def ratio(parts: Sequence[float], totals: Sequence[float]) -> tuple[float, float]:
    """sum(parts) / sum(totals) and its standard error over the deals (ratio estimate)."""
    whole = sum(totals)
    if not whole:
        return 0.0, 0.0
    value = sum(parts) / whole
    if len(parts) < 2:
        return value, 0.0
    residuals = [x - value * y for x, y in zip(parts, totals, strict=True)]
    return value, statistics.stdev(residuals) / math.sqrt(len(parts)) / statistics.mean(totals)


class _Timed(Protocol):
    """A deal's result as the report's timings read it (Chibre's and Pomme's alike)."""

    @property
    def a_ms(self) -> tuple[float, ...]: ...

    @property
    def b_ms(self) -> tuple[float, ...]: ...

    @property
    def a_choice_ms(self) -> tuple[float, ...]: ...

    @property
    def b_choice_ms(self) -> tuple[float, ...]: ...


def timing_lines(bot_a: str, bot_b: str, results: Sequence[_Timed]) -> list[str]:
    """The report's table of milliseconds per decision of each bot, median and 95th percentile,
    over every decision and over those with a choice."""
    lines = ["ms per decision          median      p95   decisions"]
    for label, name, all_ms, choice_ms in (
        ("A", bot_a, [t for r in results for t in r.a_ms],
         [t for r in results for t in r.a_choice_ms]),
        ("B", bot_b, [t for r in results for t in r.b_ms],
         [t for r in results for t in r.b_choice_ms]),
    ):
        for kind, values in (("all", all_ms), ("with a choice", choice_ms)):
            lines.append(f"  {label} {name:<9} {kind:<13} {statistics.median(values or [0]):7.1f}"
                         f"  {percentile(values, 0.95):7.1f}   {len(values)}")
    return lines
