"""What a strong player would do, with the other hands hidden: the best card or the best
trump, measured by ``tutor.content.strategy``; here its explanation and its entry.
"""

from __future__ import annotations

from engine import Card, CardSet, GameView, Suit
from tutor.content.explain import card_ref, cards_ref, share_text, suit_ref, weis_line
from tutor.content.kinds.base import KindSpec, PuzzleSpec
from tutor.content.strategy import (
    CHECK_BUDGET,
    check_strategy,
    hidden_hands,
    read_strategy,
    solve_strategy,
    strategy_answer,
    strategy_positions,
    strategy_steps,
    strategy_yaml,
    view_of,
    worth_keeping,
)
from tutor.content.tasks import StrategySolution, StrategyTask
from tutor.content.themes import Kind
from tutor.i18n import _, format_number, ngettext
from tutor.names import Phrase, seat_name
from tutor.refs import CardRefs


def _choice_ref(code: str) -> Phrase:
    """A strategy choice as the learner reads it: a card, a suit as trump, or chibre."""
    if code == "chibre":
        return Phrase(_("chibre"))
    if len(code) == 1:
        return Phrase(suit_ref(Suit.parse(code)))
    return CardRefs(Card.parse(code))


def strategy_situation(task: StrategyTask) -> list[str]:
    """What you know before you choose, as lines: who named trump, each trick so far with who
    took it, the announcements made, your team's points and what it needs (the engine replays
    the round: ``tutor.content.strategy.view_of``)."""
    if task.trump is None:
        return trump_choice_lines(task.chibred)
    return view_situation(view_of(task), task.chooser, task.chibred, task.need)


def trump_choice_lines(chibred: bool) -> list[str]:
    """What you know before naming trump: whether your partner chibred."""
    if chibred:
        return [_("Your partner passed the trump choice to you (chibre): you must name "
                  "trump now, and your partner leads the first trick.")]
    return [_("You choose trump for this round, and you lead the first trick. You may "
              "also chibre: pass the choice to your partner.")]


def view_situation(view: GameView, chooser: int, chibred: bool,
                   need: int | None = None) -> list[str]:
    """``strategy_situation`` of a card decision, from the view of seat 0 (``chooser``: who
    chose trump, when the view does not say)."""
    assert view.trump is not None
    trump = suit_ref(view.trump.suit) if view.trump.suit is not None else ""
    chooser = view.trump_declarer if view.trump_declarer is not None else chooser
    if chooser == 0:  # "you", not "chosen by: You" (issue 35)
        lines = [_("You named {trump} as trump after your partner chibred.").format(
            trump=trump) if chibred else _("You named {trump} as trump.").format(
            trump=trump)]
    elif chibred:
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
    if view.weis_scored is not None:  # the best team showed its announcements (R-WEIS-WHEN)
        for seat, shown in view.weis_scored.shown:
            for weis in shown if seat != 0 else ():
                lines.append(_("{seat} showed {weis}: {cards}.").format(
                    seat=seat_name(seat), weis=weis_line(weis),
                    cards=cards_ref(weis.cards)))
    if view.tricks:
        lines.append(_("This round so far: your team {own} points, the opponents {theirs}.")
                     .format(own=view.round_points[0], theirs=view.round_points[1]))
    if need is not None:
        lines.append(_("Your team needs {need} points this round to win the game: only "
                       "reaching them counts.").format(need=need))
    return lines


def _points(value: float) -> str:
    """A mean in points, rounded to a whole point: the deals measure no finer."""
    return format_number(round(value))


def _error(value: float) -> str:
    """A standard error, to a tenth."""
    return format_number(round(value, 1))


def _error_of(solution: StrategySolution, code: str) -> float:
    return dict(solution.errors).get(code, 0.0)


def strategy_method(task: StrategyTask, solution: StrategySolution) -> str:
    """How the figures were measured, said as ``tutor.content.strategy`` does it: how the deals
    are drawn (weighted by the opponents' plays when its budget weighs them, as the course's
    does since issue 33; uniformly with ``Budget.pool`` 1), how far each
    is searched with every hand open, and what that cannot tell."""
    played = 0 if task.trump is None else len(view_of(task).tricks)
    return method_text(task.trump is None, played, solution)


def method_text(trump_choice: bool, tricks_played: int, solution: StrategySolution) -> str:
    """``strategy_method`` of a trump choice or of a card after ``tricks_played`` tricks."""
    if trump_choice:
        return ngettext(
            "How this was measured: the 27 cards you cannot see were dealt at random {count} "
            "time, and the round was played out with each choice by the engine's quick "
            "playout, every hand open (after a chibre, your partner names the trump its own "
            "hand is best for). A real player cannot see the other hands: the figures say "
            "which choice does best over these deals, not what you could know.",
            "How this was measured: the 27 cards you cannot see were dealt at random {count} "
            "times, and the round was played out with each choice by the engine's quick "
            "playout, every hand open (after a chibre, your partner names the trump its own "
            "hand is best for). A real player cannot see the other hands: the figures say "
            "which choice does best over these deals, not what you could know.",
            solution.deals).format(count=solution.deals)
    if CHECK_BUDGET.pool > 1:
        drawn = ngettext(
            "How this was measured: {count} deal of the cards you cannot see, among those that "
            "agree with what you saw (the cards played, who could not follow suit, the "
            "announcements), weighted by how well it explains the opponents' plays so far: a "
            "deal in which they would hardly have played as they did counts for little.",
            "How this was measured: {count} deals of the cards you cannot see, among those that "
            "agree with what you saw (the cards played, who could not follow suit, the "
            "announcements), each weighted by how well it explains the opponents' plays so far: "
            "a deal in which they would hardly have played as they did counts for little.",
            solution.deals)
    else:
        drawn = ngettext(
            "How this was measured: {count} deal of the cards you cannot see, drawn at random "
            "among those that agree with what you saw (the cards played, who could not follow "
            "suit, the announcements), each as likely as any other.",
            "How this was measured: {count} deals of the cards you cannot see, drawn at random "
            "among those that agree with what you saw (the cards played, who could not follow "
            "suit, the announcements), each as likely as any other.", solution.deals)
    if CHECK_BUDGET.depth_for(9 - tricks_played) is None:
        searched = _("In each deal the engine's search tried every card with every hand open, "
                     "to the end of the round.")
    else:
        searched = _("In each deal the engine's search tried every card with every hand open, "
                     "a trick ahead; its evaluation estimated the rest of the round.")
    return " ".join((drawn.format(count=solution.deals), searched, _(
        "A real player cannot see the other hands: the figures say which card does best over "
        "these deals, not what you could know.")))


def explain_strategy(task: StrategyTask, solution: StrategySolution) -> list[str]:
    """The engine's figures for the answer and the runner-up, rounded, with the standard error
    of the difference and the number of deals, then how they were measured. The reason comes
    first, in words from the position: the authored hint, said before these lines, which the
    exercise view keeps behind "Show the engine's figures"."""
    played = 0 if task.trump is None else len(view_of(task).tricks)
    return figures_text(task.trump is None, played, task.need, solution)


def figures_text(trump_choice: bool, tricks_played: int, need: int | None,
                 solution: StrategySolution) -> list[str]:
    """``explain_strategy`` of a trump choice or of a card after ``tricks_played`` tricks."""
    best, value = solution.values[0]
    runner, second = solution.values[1]
    error = _error(_error_of(solution, runner))
    names = {"best": _choice_ref(best), "runner": _choice_ref(runner)}
    if solution.unit == "share":
        percent = round(100 * value) - round(100 * second)
        figures = _(
            "Over {count} deals: your team needs {need} points this round. With the {best} "
            "it makes them in about {share} of the deals; with the runner-up, the {runner}, in "
            "about {other}. The difference: {gain} ± {error} percentage points (± one "
            "standard error).").format(
                count=solution.deals, need=need, share=share_text(value),
                other=share_text(second), gain=format_number(percent),
                error=_error(100 * _error_of(solution, runner)), **names)
    else:
        gain = format_number(round(value) - round(second))
        if trump_choice:
            figures = _(
                "Over {count} deals: {best} as your choice, about {points} points for your "
                "team in the round; the runner-up, {runner}, about {other}. The difference: "
                "{gain} ± {error} points (± one standard error).")
        else:
            figures = _(
                "Over {count} deals: with the {best} your team takes about {points} points "
                "from here; with the runner-up, the {runner}, about {other}. The difference: "
                "{gain} ± {error} points (± one standard error).")
        figures = figures.format(count=solution.deals, points=_points(value),
                                 other=_points(second), gain=gain, error=error, **names)
    return [figures, method_text(trump_choice, tricks_played, solution)]


def one_deal(task: StrategyTask) -> list[tuple[int, CardSet]]:
    """For a card decision, one of the deals that agree with what you saw (the one the position
    was dealt from): each hidden hand by seat, less the cards played. None for a trump choice:
    one deal out of hundreds teaches a result, not a reason."""
    if task.trump is None:
        return []
    return list(hidden_hands(task))


def one_deal_caption() -> str:
    return _("One of the deals that agree with what you saw, the one this position was dealt "
             "from:")


#: What a strong player would do, with the other hands hidden: the best card or the best trump,
#: defended by the expert's search over seeded deals (``tutor.content.strategy``).
SPEC = KindSpec(
    name="strategy", lesson="best_play",
    puzzle=PuzzleSpec(Kind.STRATEGY, prefix="sg", minimum=120, steps=strategy_steps,
                      positions=strategy_positions, keep=worth_keeping, yaml=strategy_yaml),
    task=StrategyTask, solution=StrategySolution, reader=read_strategy, answer=strategy_answer,
    solver=solve_strategy, checker=check_strategy, explainer=explain_strategy, shows_cards=True,
)
