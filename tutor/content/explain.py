"""The explanation shown after an answer, built from the engine's solution (no Qt).

Each sentence is a whole translatable sentence with named placeholders. Cards, suits and ranks go
into it as references (``{HJ}``, ``{suit:H}``, ``{rank:J}``, ``tutor.refs``), never as words: the
lines are text in the lesson format, drawn by ``tutor.markup.to_html`` (or ``tutor.refs.plain``)
in the deck and language in force, with a name that starts a sentence capitalised wherever the
translation puts it. The lines come from the solution: the ``Reason`` of each illegal card, why
the winning card wins, the criterion between announcements, the breakdown of points.
``tutor.content.kinds.explain(task, solution)`` calls the explainer of the task's kind.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine import (
    LAST_TRICK_BONUS,
    MATCH_BONUS,
    Card,
    Criterion,
    Rank,
    Reason,
    Suit,
    Weis,
    WeisKind,
    trick_points,
    trick_winner,
)
from tutor.content.tasks import (
    AsideSolution,
    AsideTask,
    BestSolution,
    BestTask,
    ChoiceSolution,
    ChoiceTask,
    LegalSolution,
    LegalTask,
    MarksSolution,
    MarksTask,
    PointsSolution,
    PointsTask,
    SlateSolution,
    SlateTask,
    StrategySolution,
    StrategyTask,
    WeisSolution,
    WeisTask,
    WinnerSolution,
    WinnerTask,
    high_trump,
)
from tutor.i18n import _, format_number, ngettext
from tutor.names import seat_name
from tutor.refs import plain

#: R-ORDER-TRUMP as rank references, so it reads "jack, nine, ace…" or "under, nine, ace…".
_TRUMP_ORDER = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN, Rank.EIGHT,
                Rank.SEVEN, Rank.SIX)


def card_ref(card: Card) -> str:
    """``{HJ}``: the card as a reference, named when the line is drawn."""
    return "{" + str(card) + "}"


def cards_ref(cards: Iterable[Card]) -> str:
    """Several card references joined: ``{HJ}, {S6}``."""
    return _(", ").join(card_ref(card) for card in cards)


def suit_ref(suit: Suit) -> str:
    """``{suit:H}``: the suit as a reference."""
    return "{suit:" + suit.letter + "}"


def trump_order() -> str:
    """The trump order J 9 A K Q 10 8 7 6 as rank references."""
    return _(", ").join("{rank:" + rank.letter + "}" for rank in _TRUMP_ORDER)


def reason_line(card: Card, reason: Reason, task: LegalTask) -> str:
    """Why ``card`` may not be played in ``task``, as a sentence with references."""
    if reason == Reason.MUST_FOLLOW_SUIT:
        led = task.trick[0].suit
        return _("{card}: you hold {suit}, the suit led, so you must follow it or play a "
                 "trump.").format(card=card_ref(card), suit=suit_ref(led))
    if reason == Reason.MUST_FOLLOW_TRUMP:
        return _("{card}: trump was led and you hold trump, so you must play trump.").format(
            card=card_ref(card))
    if reason == Reason.NO_UNDERTRUMP:
        high = high_trump(task.trick, task.trump)
        return _("{card} would undertrump the {high} already in the trick, and you have other "
                 "cards to play.").format(card=card_ref(card),
                                          high=card_ref(high) if high else "")
    return _("{card} may not be played here.").format(card=card_ref(card))


def reason_sentence(card: Card, reason: Reason, task: LegalTask) -> str:
    """Why ``card`` may not be played in ``task``, in words (for plain-text labels)."""
    return plain(reason_line(card, reason, task))


def explain_legal(task: LegalTask, solution: LegalSolution) -> list[str]:
    lines = [_("You may play: {cards}.").format(cards=cards_ref(solution.legal))]
    if not task.trick:
        lines.append(_("You lead this trick, so any card may be played."))
        return lines
    lines += [reason_line(card, reason, task) for card, reason in solution.reasons.items()]
    led = task.trick[0].suit
    trumps = [card for card in task.hand if card.suit == task.trump.suit]
    if led == task.trump.suit:
        if len(trumps) == 1 and trumps[0].rank == Rank.JACK:
            lines.append(_("Your only trump is the Buur: you need not play it on a trump lead."))
    elif not any(card.suit == led for card in task.hand):
        lines.append(discard_line(task, trumps))
    return lines


def discard_line(task: LegalTask, trumps: list[Card]) -> str:
    """R-DISCARD with its limit: no card of the led suit frees every card but an undertrump."""
    suit = suit_ref(task.trick[0].suit)
    high = high_trump(task.trick, task.trump)
    if not trumps:
        return _("You have no {suit} and no trump, so any of your cards may be played; none "
                 "of them can win the trick.").format(suit=suit)
    if high is None:
        return _("You have no {suit}, so you may play any card: nobody has trumped yet, so no "
                 "trump of yours would undertrump. Only a trump can win the trick.").format(
                     suit=suit)
    if len(trumps) == len(task.hand):
        return _("Your hand holds only trumps, so you may play one lower than the "
                 "{high}.").format(high=card_ref(high))
    return _("You have no {suit}, so you may play any card except a trump lower than the "
             "{high} already in the trick: that would undertrump.").format(
                 suit=suit, high=card_ref(high))


def explain_winner(task: WinnerTask, solution: WinnerSolution) -> list[str]:
    card = card_ref(solution.card)
    led = task.trick[0].suit
    if solution.by_trump:
        trumps = [c for c in task.trick if c.suit == task.trump.suit]
        if len(trumps) == 1:
            lines = [_("The {card} wins: it is the only trump in the trick.").format(card=card)]
        else:
            lines = [_("The {card} wins: it is the highest trump, in the trump order {order}.")
                     .format(card=card, order=trump_order())]
    else:
        lines = [_("The {card} wins: nobody trumped, and it is the highest card of {suit}, "
                   "the suit led.").format(card=card, suit=suit_ref(led))]
    for other in task.trick:
        if other.suit not in (led, task.trump.suit):
            lines.append(_("The {card} is a discard of another suit and cannot win.").format(
                card=card_ref(other)))
    return lines


def weis_line(weis: Weis) -> str:
    """``a sequence of 4 to the {HK} (50)`` or ``four {ranks:J} (200)``, with references."""
    if weis.kind == WeisKind.SEQUENCE:
        return _("a sequence of {count} to the {top} ({points})").format(
            count=len(weis.cards), top=card_ref(weis.top), points=weis.points)
    return _("four {ranks} ({points})").format(ranks="{ranks:" + weis.top.rank.letter + "}",
                                               points=weis.points)


def weis_name(weis: Weis) -> str:
    """``a sequence of 4 to the king of hearts (50)`` or ``four jacks (200)``, in words."""
    return plain(weis_line(weis))


def player_name(index: int) -> str:
    """Players of an announcement puzzle are numbered from 1 in order of play."""
    return _("Player {number}").format(number=index + 1)


def _criterion_text(criterion: Criterion, other: str) -> str:
    texts = {
        Criterion.POINTS: _("It is worth more points than {other}."),
        Criterion.LENGTH: _("At equal points it has more cards than {other}."),
        Criterion.HEIGHT: _("At equal points and length its top card is higher than in "
                            "{other}."),
        Criterion.TRUMP: _("It equals {other} in all but trump, and it is in trump."),
        Criterion.ORDER: _("It is exactly as strong as {other} and was announced first."),
    }
    return texts[criterion].format(other=other)


def explain_weis(task: WeisTask, solution: WeisSolution) -> list[str]:
    lines = []
    for index, weises in enumerate(solution.announcements):
        if weises:
            lines.append(_("{player}: {announcements}.").format(
                player=player_name(index), announcements=_(", ").join(map(weis_line, weises))))
    if solution.winner is None:
        return [_("Nobody holds an announcement, so nobody scores one.")]
    best = max(solution.announcements[solution.winner], key=lambda w: w.key(task.trump))
    lines.append(_("{player} holds the best announcement: {weis}.").format(
        player=player_name(solution.winner), weis=weis_line(best)))
    if solution.runner_up is not None and solution.criterion is not None:
        other = max(solution.announcements[solution.runner_up], key=lambda w: w.key(task.trump))
        lines.append(_criterion_text(solution.criterion, weis_line(other)))
    team = [i for i in range(4) if i % 2 == solution.winner % 2]
    total = sum(w.points for i in team for w in solution.announcements[i])
    lines.append(ngettext("That team scores all its announcements: {points} point.",
                          "That team scores all its announcements: {points} points.",
                          total).format(points=total))
    return lines


def explain_points(task: PointsTask, solution: PointsSolution) -> list[str]:
    lines = [_("Cards: {points}.").format(points=solution.cards)]
    if solution.last:
        lines.append(_("Last trick: +{points}.").format(points=solution.last))
    if solution.match:
        lines.append(_("Match, all nine tricks: +{points}.").format(points=MATCH_BONUS))
    if solution.weis:
        lines.append(_("Announcements: +{points} ({list}).").format(
            points=solution.weis, list=_(", ").join(map(weis_line, solution.announcements))))
    if solution.stoeck:
        lines.append(_("Stöck: +{points}.").format(points=solution.stoeck))
    if solution.factor != 1:
        lines.append(_("{suit:S} are trump with pique double: everything counts twice."))
    lines.append(_("Total: {points}.").format(points=solution.total))
    return lines


def explain_slate(task: SlateTask, solution: SlateSolution) -> list[str]:
    hundreds, fifties, twenties, rest = solution.strokes
    return [_("{hundreds}, {fifties}, {twenties}, and {rest} written at the side.").format(
        hundreds=ngettext("{count} stroke for 100 on the top line",
                          "{count} strokes for 100 on the top line", hundreds).format(
                              count=hundreds),
        fifties=ngettext("{count} half-cross for 50 in the middle",
                         "{count} half-crosses for 50 in the middle", fifties).format(
                             count=fifties),
        twenties=ngettext("{count} stroke for 20 on the bottom line",
                          "{count} strokes for 20 on the bottom line", twenties).format(
                              count=twenties),
        rest=rest)]


def explain_choice(task: ChoiceTask, solution: ChoiceSolution) -> list[str]:
    return [_("The answer: {choice}").format(choice=task.options[solution.index])]


def _best_rule(players: int, apples: int) -> str:
    """R-POMME's rule for the best players at this count of apples."""
    if apples >= 2:
        rules = {2: _("Two players have an apple, so the best marks 2."),
                 3: _("Three players have an apple, so the two best mark 2 each."),
                 4: _("Four players have an apple, so the best marks 3.")}
        return rules[apples]
    if players == 3:
        return _("With three players and at most one apple, the two best mark 1 each.")
    return _("With five players and at most one apple, the three best mark 1 each.")


def explain_marks(task: MarksTask, solution: MarksSolution) -> list[str]:
    lines = []
    for index, (points, mark, place) in enumerate(zip(task.points, solution.marks,
                                                      solution.places, strict=True)):
        player = player_name(index)
        if mark < 0:
            line = ngettext("{player}: {points} point, below 21: an apple, −1.",
                            "{player}: {points} points, below 21: an apple, −1.", points)
        elif mark > 0:
            line = ngettext("{player}: {points} point, place {place}: +{mark}.",
                            "{player}: {points} points, place {place}: +{mark}.", points)
        else:
            line = ngettext("{player}: {points} point, place {place}: no mark.",
                            "{player}: {points} points, place {place}: no mark.", points)
        lines.append(line.format(player=player, points=points, place=place, mark=mark))
    lines.append(_best_rule(task.players, min(solution.apples, 4)))
    if len(set(solution.places)) < len(solution.places):
        lines.append(_("Players with equal points share the better place, and its mark."))
    return lines


def _share(part: float) -> str:
    return _("{percent}%").format(percent=round(100 * part))


def _mean(value: float, places: int = 1) -> str:
    return format_number(round(value, places))


def explain_aside(task: AsideTask, solution: AsideSolution) -> list[str]:
    trumps = sum(card.suit == task.top.suit for card in task.hand)
    lines = [ngettext("Your hand holds {count} trump; the aside holds the {top} and 8 cards "
                      "nobody has seen.",
                      "Your hand holds {count} trumps; the aside holds the {top} and 8 cards "
                      "nobody has seen.", trumps).format(count=trumps, top=card_ref(task.top)),
             ngettext("The engine played the round out {count} time from here, the unseen cards "
                      "dealt at random each time and every player choosing a random legal card "
                      "(the others keep their hands):",
                      "The engine played the round out {count} times from here, the unseen cards "
                      "dealt at random each time and every player choosing a random legal card "
                      "(the others keep their hands):", solution.worlds).format(
                          count=solution.worlds)]
    for text, outcome in ((_("Keeping your hand: {points} points on average, an apple in {share} "
                             "of the rounds, an average mark of {mark}."), solution.keep),
                          (_("Taking the aside: {points} points on average, an apple in {share} "
                             "of the rounds, an average mark of {mark}."), solution.take)):
        lines.append(text.format(points=_mean(outcome.points), share=_share(outcome.apples),
                                 mark=_mean(outcome.mark, 2)))
    if solution.take_aside:
        lines.append(_("So take the aside: it marks {gain} more per round on average.").format(
            gain=_mean(solution.margin, 2)))
    else:
        lines.append(_("So keep your hand: it marks {gain} more per round on average.").format(
            gain=_mean(solution.margin, 2)))
    return lines


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
                points=_mean(value), other=_mean(second), gain=_mean(value - second), **names)]
    elif solution.unit == "share":
        lines = [_searched(solution.deals), _(
            "Your team needs {need} points this round. With the {best} it makes them in "
            "{share} of the deals; with the runner-up, the {runner}, in {other}.").format(
                need=task.need, share=_share(value), other=_share(second), **names)]
    else:
        lines = [_searched(solution.deals), _(
            "With the {best} your team takes {points} points on average from here; with the "
            "runner-up, the {runner}, {other}: {gain} points less.").format(
                points=_mean(value), other=_mean(second), gain=_mean(value - second), **names)]
    played = set(task.played)
    hidden = [_("{seat}: {cards}").format(
        seat=seat_name(seat),
        cards=cards_ref(card for card in task.deal[seat] if card not in played))
        for seat in (1, 2, 3)]
    lines.append(_("The cards you could not see were: {hands}.").format(hands="; ".join(hidden)))
    return lines


def line_tricks(task: BestTask, solution: BestSolution) -> list[tuple[list[tuple[int, Card]],
                                                                      int, int]]:
    """The winning line trick by trick: its plays by seat (the cards already on the table
    first), the seat that takes it, and its points (the last with its 5)."""
    plays = [((task.leader + i) % 4, card) for i, card in enumerate(task.trick)]
    plays += list(solution.line)
    tricks = []
    for start in range(0, len(plays), 4):
        trick = plays[start:start + 4]
        cards = [card for _seat, card in trick]
        winner = trick[trick_winner(cards, task.trump)][0]
        points = trick_points(cards, task.trump)
        if start + 4 == len(plays):
            points += LAST_TRICK_BONUS
        tricks.append((trick, winner, points))
    return tricks


def explain_best(task: BestTask, solution: BestSolution) -> list[str]:
    best = card_ref(solution.answer)
    lines = [ngettext("Best: the {card}. Your team then takes {points} point from here to the "
                      "end, the trick on the table included.",
                      "Best: the {card}. Your team then takes {points} points from here to the "
                      "end, the trick on the table included.",
                      solution.value).format(card=best, points=solution.value)]
    runner = solution.runner_up
    if runner is not None:
        lines.append(ngettext("That is {margin} point more than the next best choice: {cards}.",
                              "That is {margin} points more than the next best choice: {cards}.",
                              solution.margin).format(margin=solution.margin,
                                                      cards=cards_ref(runner[0])))
    lines.append(_("The winning line, with best play on every side:"))
    for number, (plays, winner, points) in enumerate(line_tricks(task, solution), 1):
        shown = _(", ").join(_("{seat}: {card}").format(seat=seat_name(seat), card=card_ref(card))
                             for seat, card in plays)
        lines.append(ngettext("Trick {number}: {plays}. Taken by: {seat}, {points} point.",
                              "Trick {number}: {plays}. Taken by: {seat}, {points} points.",
                              points).format(number=number, plays=shown, seat=seat_name(winner),
                                             points=points))
    return lines
