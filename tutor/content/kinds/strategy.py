"""What a strong player would do, with the other hands hidden: the best card or the best
trump, measured by ``tutor.content.strategy``; here its explanation and its entry.
"""

from __future__ import annotations

from engine import Card, Suit
from tutor.content.explain import card_ref, cards_ref, mean_text, share_text, suit_ref
from tutor.content.kinds.base import KindSpec, PuzzleSpec
from tutor.content.strategy import (
    check_strategy,
    read_strategy,
    solve_strategy,
    strategy_answer,
    strategy_positions,
    strategy_steps,
    strategy_yaml,
    worth_keeping,
)
from tutor.content.tasks import StrategySolution, StrategyTask
from tutor.content.themes import Kind
from tutor.i18n import _, ngettext
from tutor.names import seat_name


def _choice_ref(code: str) -> str:
    """A strategy choice as the learner reads it: a card, a suit as trump, or chibre."""
    if code == "chibre":
        return _("chibre")
    if len(code) == 1:
        return suit_ref(Suit.parse(code))
    return card_ref(Card.parse(code))


def strategy_situation(task: StrategyTask) -> list[str]:
    """What you know before you choose, as lines: who named trump, each trick so far with who
    took it, the announcements made, your team's points and what it needs (the engine replays
    the round: ``tutor.content.strategy.view_of``)."""
    from tutor.content.strategy import view_of  # strategy imports the explainers' kinds

    if task.trump is None:
        if task.chibred:
            return [_("Your partner passed the trump choice to you (chibre): you must name "
                      "trump now, and your partner leads the first trick.")]
        return [_("You choose trump for this round, and you lead the first trick. You may "
                  "also chibre: pass the choice to your partner.")]
    view = view_of(task)
    trump = suit_ref(task.trump.suit) if task.trump.suit is not None else ""
    chooser = view.trump_declarer if view.trump_declarer is not None else task.chooser
    if task.chibred:
        lines = [_("{seat} named {trump} as trump after a chibre.").format(
            seat=seat_name(chooser), trump=trump)]
    else:
        lines = [_("{seat} named {trump} as trump.").format(seat=seat_name(chooser),
                                                             trump=trump)]
    for number, trick in enumerate(view.tricks, start=1):
        plays = ", ".join(_("{seat}: {card}").format(seat=seat_name((trick.leader + i) % 4),
                                                    card=card_ref(card))
                          for i, card in enumerate(trick.cards))
        lines.append(_("Trick {number}: {plays}; taken by {seat}.").format(
            number=number, plays=plays, seat=seat_name(trick.winner)))
    for seat, points in enumerate(view.announced):
        if seat != 0 and points:
            lines.append(_("{seat} announced {points} points.").format(seat=seat_name(seat),
                                                                       points=points))
    if view.tricks:
        lines.append(_("This round so far: your team {own} points, the opponents {theirs}.")
                     .format(own=view.round_points[0], theirs=view.round_points[1]))
    if task.need is not None:
        lines.append(_("Your team needs {need} points this round to win the game: only "
                       "reaching them counts.").format(need=task.need))
    return lines


def _searched(deals: int) -> str:
    """How a card decision was measured: the search over deals of the hidden cards."""
    return ngettext(
        "The engine's search played the rest of the round over {count} deal of the cards "
        "you cannot see, each consistent with what you have seen.",
        "The engine's search played the rest of the round over {count} deals of the cards "
        "you cannot see, each consistent with what you have seen.",
        deals).format(count=deals)


def explain_strategy(task: StrategyTask, solution: StrategySolution) -> list[str]:
    """The engine's figures for the answer and the runner-up, then the hands you could not see
    (the authored hint, shown before these lines, says why)."""
    best, value = solution.values[0]
    runner, second = solution.values[1]
    names = {"best": _choice_ref(best), "runner": _choice_ref(runner)}
    if task.trump is None:
        lines = [ngettext(
            "The engine dealt the 27 cards you cannot see {count} time and played the round "
            "out with every choice.",
            "The engine dealt the 27 cards you cannot see {count} times and played the round "
            "out with every choice.", solution.deals).format(count=solution.deals),
            _("{best} as your choice: {points} points for your team on average. The runner-up, "
              "{runner}: {other}. The difference: {gain} points a round.").format(
                points=mean_text(value), other=mean_text(second), gain=mean_text(value - second),
                **names)]
    elif solution.unit == "share":
        lines = [_searched(solution.deals), _(
            "Your team needs {need} points this round. With the {best} it makes them in "
            "{share} of the deals; with the runner-up, the {runner}, in {other}.").format(
                need=task.need, share=share_text(value), other=share_text(second), **names)]
    else:
        lines = [_searched(solution.deals), _(
            "With the {best} your team takes {points} points on average from here; with the "
            "runner-up, the {runner}, {other}: {gain} points less.").format(
                points=mean_text(value), other=mean_text(second), gain=mean_text(value - second),
                **names)]
    played = set(task.played)
    hidden = [_("{seat}: {cards}").format(
        seat=seat_name(seat),
        cards=cards_ref(card for card in task.deal[seat] if card not in played))
        for seat in (1, 2, 3)]
    lines.append(_("The cards you could not see were: {hands}.").format(hands="; ".join(hidden)))
    return lines


#: What a strong player would do, with the other hands hidden: the best card or the best trump,
#: defended by the expert's search over seeded deals (``tutor.content.strategy``).
SPEC = KindSpec(
    name="strategy", lesson="best_play",
    puzzle=PuzzleSpec(Kind.STRATEGY, prefix="sg", minimum=120, steps=strategy_steps,
                      positions=strategy_positions, keep=worth_keeping, yaml=strategy_yaml),
    task=StrategyTask, solution=StrategySolution, reader=read_strategy, answer=strategy_answer,
    solver=solve_strategy, checker=check_strategy, explainer=explain_strategy, shows_cards=True,
)
