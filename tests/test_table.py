"""The Play page's table without Qt (``tutor.table``), driven as the page drives it: whole games,
a crash at every event of a round, a new game during a game, a bot that fails, nothing stale
said by the coach or the status line, hints that say why, the guided game and the par
(issue 15).

The table runs its bots, coach, review and par through a ``QueueRunner``: the tests run the
queued calls one at a time, so they can look at the table and the store between any two of
them (right after the last card, before the review is ready). Quick: ``fast=True`` (the fast
budget, no pauses), random bots, a short target.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import CHIBRE, Card, CardSet, Game, Phase, Rules
from engine.chibre.bots import make_bot, play_round
from engine.events import CardPlayed, Chibred, Dealt, Event, RoundScored, TrickWon, TrumpChosen
from engine.par import RoundPar
from tutor.games import FILE_NAME, GameStore
from tutor.jobs import Failure, Job, QueueRunner
from tutor.names import seat_name
from tutor.table import GUIDED_TARGET, Stage, Table, words
from tutor.table.coach_text import action_name, hint_text
from tutor.table.controller import Line
from tutor.table.guide import after_trick
from tutor.table.session import FAST_BUDGET

SEATS = ("learner", "random", "random", "random")
RULES = Rules(target=300)  # about four rounds
LEARNER_STAGES = (Stage.LEARNER, Stage.WARNING, Stage.ROUND_OVER)


class Learner:
    """A scripted learner: random legal actions; warned by the coach, takes the card back and
    plays it anyway in turn; presses Next round."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.taken_back = 0
        self.played_anyway = 0

    def act(self, table: Table) -> None:
        if table.stage is Stage.LEARNER:
            view = table.view()
            assert view is not None
            table.learner_acts(self.rng.choice(view.legal_actions))
        elif table.stage is Stage.WARNING:
            if self.taken_back <= self.played_anyway:
                self.taken_back += 1
                table.take_back()
            else:
                self.played_anyway += 1
                table.play_anyway()
        elif table.stage is Stage.ROUND_OVER:
            table.next_round()
        else:
            raise AssertionError(f"the learner has nothing to do at {table.stage}")


def step(table: Table, runner: QueueRunner, learner: Learner) -> None:
    """One thing happens: the next queued call (a bot, the coach, a pause), or, when nothing is
    queued, the learner's move."""
    if runner.queue:
        runner.queue.popleft()()
    elif table.stage in LEARNER_STAGES:
        learner.act(table)
    else:
        raise AssertionError(f"the table waits at {table.stage} with nothing to do")


def play(table: Table, runner: QueueRunner, learner: Learner, until: Callable[[], bool],
         each: Callable[[], None] | None = None, limit: int = 20_000) -> None:
    """Step until ``until()``; ``each()`` first and after every step."""
    if each is not None:
        each()
    for _ in range(limit):
        if until():
            return
        step(table, runner, learner)
        if each is not None:
            each()
    raise AssertionError(f"not there after {limit} steps (stage {table.stage})")


def is_over(table: Table) -> Callable[[], bool]:
    return lambda: table.stage is Stage.OVER


def round_over(table: Table, number: int) -> Callable[[], bool]:
    """The round ``number`` is scored (or the game ended before)."""
    def done() -> bool:
        return table.stage is Stage.OVER or (
            table.stage is Stage.ROUND_OVER and table.scored is not None
            and table.scored.round == number)
    return done


def complete_rounds(table: Table) -> list[int]:
    assert table.session is not None
    return [e.round for e in table.session.game.events
            if isinstance(e, RoundScored) and e.complete]


class Runner(QueueRunner):
    """A ``QueueRunner`` that also says which jobs wait in its queue."""

    def __init__(self) -> None:
        super().__init__()
        self.waiting: list[str] = []

    def run(self, job: Job[Any]) -> None:
        self.waiting.append(job.what)

        def step() -> None:
            self.waiting.remove(job.what)
            self.ran.append(job.what)
            job.execute()()
        self.queue.append(step)


def new_table(store: GameStore, **options: object) -> tuple[Table, Runner]:
    runner = Runner()
    return Table(store, runner, fast=True, **options), runner  # type: ignore[arg-type]


# --- 1. a whole game ------------------------------------------------------------------------


def test_a_whole_game_is_recorded_at_its_last_card_and_reviewed_when_ready(store):
    table, runner = new_table(store)
    learner = Learner(1)
    table.new_game(RULES, SEATS, seed=13, coach="active")
    assert table.coach == "active" and not table.guided
    game_id = table.session.game_id

    play(table, runner, learner, is_over(table))
    # The last card: the game is finished in the store now, its review still to come.
    game = table.session.game
    assert game.is_over and store.current() is None
    [finished] = store.finished()
    assert finished.game_id == game_id and not finished.abandoned
    assert finished.winner == game.winner and finished.scores == game.scores
    assert finished.events == tuple(game.events)
    assert finished.mistakes is None
    assert any(what.startswith("review:") for what in runner.waiting)
    assert learner.taken_back and learner.played_anyway  # the coach warned, both answers

    runner.drain()
    assert table.stage is Stage.OVER
    rounds = sorted({e.round for e in game.events if isinstance(e, RoundScored)})
    assert sorted(table.reviews) == rounds
    mistakes = sum(r.is_mistake for n in rounds for r in table.reviews[n])
    assert sorted(table.pars) == complete_rounds(table)
    [finished] = store.finished()
    assert finished.mistakes == mistakes
    assert (finished.par, finished.par_rounds) == table.par_total()
    assert finished.par_rounds == len(complete_rounds(table)) > 0
    for number in table.pars:
        assert_par_is_the_review(table, number)
    # The log is every event of the game, nothing else, nothing missing.
    assert table.log == list(game.events)
    stats = store.statistics()
    assert (stats.games, stats.wins, stats.abandoned) == (1, int(game.winner == 0), 0)
    assert stats.mistakes_per_game == mistakes
    assert stats.par_per_round == pytest.approx(finished.par / finished.par_rounds)

    # A new game after a finished one abandons nothing.
    table.new_game(RULES, SEATS, seed=12)
    assert store.statistics().abandoned == 0 and len(store.finished()) == 1


def test_a_new_game_right_after_the_last_card_still_adds_the_review_and_par(store):
    table, runner = new_table(store)
    learner = Learner(2)
    table.new_game(Rules(target=300, finish_round=True), SEATS, seed=17, coach="request")
    play(table, runner, learner, is_over(table))
    old = table.session
    assert any(what.startswith("review:") for what in runner.waiting)
    table.new_game(RULES, SEATS, seed=18)  # before the review and the last par are ready
    runner.drain()
    [finished] = store.finished()
    assert finished.game_id == old.game_id and not finished.abandoned
    assert finished.mistakes is not None
    assert finished.par_rounds == len([e for e in old.game.events
                                       if isinstance(e, RoundScored) and e.complete])
    assert store.statistics().mistakes_per_game == finished.mistakes
    # The new game's table knows nothing of the old one's review and par.
    assert table.session is not old and table.reviews == {} and table.pars == {}
    assert store.current().game_id == table.session.game_id


# --- 2. resume after a crash at every event -------------------------------------------------


@pytest.mark.parametrize(("coach", "guided"), [("active", True), ("off", False)])
def test_a_crash_at_every_event_of_a_round_resumes_the_game_as_it_was(tmp_path, coach, guided):
    path = tmp_path / FILE_NAME
    stores = [GameStore(path)]
    table, runner = new_table(stores[0])
    learner = Learner(5)
    table.new_game(Rules(target=1000), SEATS, seed=24, coach=coach, guided=guided)
    game_id = table.session.game_id
    coach_now = [coach]
    crashes = 0

    def crash_and_resume() -> None:
        """The app dies after the last save; a new one opens the file and resumes."""
        nonlocal table, runner, crashes
        old = table
        old_events = list(old.session.game.events)
        stores[-1].close()
        stores.append(GameStore(path))
        table, runner = new_table(stores[-1])
        assert table.can_resume()
        assert table.resume()
        crashes += 1
        session = table.session
        assert session.game_id == game_id and session.seats == SEATS
        assert session.rules == old.session.rules
        assert list(session.game.events) == old_events
        assert (table.coach, table.guided) == (coach_now[0], guided)
        assert table.log == old_events == old.log
        for number in range(session.game.round + 1):
            decisions = table.decisions(number)
            assert decisions == old.decisions(number)
            assert [d.action for d in decisions] == learner_actions(old_events, number)
        # The pars computed before the crash come back; a missing one is computed again.
        assert {n: p for n, p in table.pars.items() if n in old.pars} == old.pars
        if table.stage is Stage.LEARNER:
            check_decision_line(table)

    for number in (0, 1):
        done = round_over(table, number)
        while not done():
            events = len(table.session.game.events)
            step(table, runner, learner)
            if len(table.session.game.events) != events and not table.session.is_over:
                crash_and_resume()
                done = round_over(table, number)
        assert table.stage is Stage.ROUND_OVER and table.scored.round == number
        runner.drain()
        assert number in table.pars  # the par of the round, even if a crash lost its job
        assert_par_is_the_review(table, number)
        assert words.par_text(table.pars[number]) in words.status_text(table)
        table.next_round()
        coach_now[0] = "request" if coach != "request" else "off"
        table.set_coach(coach_now[0])  # saved at once, before the next action
    assert crashes > 2 * 30  # every card of two rounds, at least
    stores[-1].close()


def test_a_round_whose_par_a_crash_cut_short_gets_it_on_resume(tmp_path):
    path = tmp_path / FILE_NAME
    learner = Learner(13)
    with GameStore(path) as store:
        table, runner = new_table(store)
        table.new_game(Rules(target=1000), SEATS, seed=23, coach="request")
        play(table, runner, learner, round_over(table, 0))
        assert table.stage is Stage.ROUND_OVER and "review:0" in runner.waiting
        scored = table.scored
    # The app closed at the round's result, before the review and its par were ready.
    with GameStore(path) as store:
        table, runner = new_table(store)
        assert table.resume()
        assert table.stage is Stage.ROUND_OVER and table.scored == scored
        assert "Par: the coach is going over your choices" in words.status_text(table)
        runner.queue.clear()  # the app closes while the review is still being worked out
        table.next_round()
        events = len(table.session.game.events)
        play(table, runner, learner, lambda: len(table.session.game.events) > events)
        assert 0 not in table.pars  # closed again after the first action of the next round
    with GameStore(path) as store:
        table, runner = new_table(store)
        assert table.resume() and table.stage in (Stage.LEARNER, Stage.BOT)
        assert "review:0" in runner.waiting
        runner.drain()
        assert_par_is_the_review(table, 0)
        assert store.current().options["pars"] == [list(table.pars[0].row())]



def learner_actions(events: list[Event], number: int) -> list[object]:
    """The learner's choices of trump and cards in round ``number``, from the events."""
    found: list[object] = []
    current = -1
    for event in events:
        if isinstance(event, Dealt):
            current = event.round
        elif current == number and getattr(event, "seat", None) == 0:
            if isinstance(event, Chibred):
                found.append(CHIBRE)
            elif isinstance(event, TrumpChosen):
                found.append(event.trump)
            elif isinstance(event, CardPlayed):
                found.append(event.card)
    return found


def check_decision_line(table: Table) -> None:
    """At a new decision the coach's line is about it: the guide (guided game) or the weis."""
    view = table.view()
    line = table.line
    assert table.hinted is None and table.pending is None
    if view.phase is Phase.WEIS:
        assert line is not None and line.kind is Line.WEIS and line.view == view
    elif table.guided:
        assert line is not None and line.kind is Line.GUIDE and line.view == view
        assert words.coach_line_text(line)
    else:
        assert line is None


# --- 3. a new game during a game ------------------------------------------------------------


def test_a_new_game_during_a_game_keeps_the_old_one_as_abandoned(store):
    table, runner = new_table(store)
    learner = Learner(1)
    table.new_game(RULES, SEATS, seed=31, coach="request")
    old = table.session.game_id
    play(table, runner, learner, lambda: len(table.session.game.events) > 12)
    old_events = tuple(table.session.game.events)
    assert table.in_progress

    table.new_game(RULES, SEATS, seed=32)
    [abandoned] = store.finished()
    assert abandoned.game_id == old and abandoned.abandoned and abandoned.winner is None
    assert abandoned.events == old_events and not abandoned.won
    stats = store.statistics()
    assert (stats.games, stats.abandoned) == (0, 1)
    new = table.session.game_id
    assert new != old and store.current().game_id == new
    assert table.log == list(table.session.game.events)
    assert table.stage in (Stage.LEARNER, Stage.BOT)
    # The queued work of the old game is dropped: the new one plays on, the old one stays put.
    play(table, runner, learner, round_over(table, 0))
    assert store.finished()[0].events == old_events
    assert table.session.game_id == new


# --- 4. a bot that raises --------------------------------------------------------------------


class Broken(RuntimeError):
    pass


def break_bot(monkeypatch: pytest.MonkeyPatch, table: Table, seat: int) -> None:
    def choose_card(view: object) -> Card:
        raise Broken("no card today")
    monkeypatch.setattr(table.session.bots[seat], "choose_card", choose_card)


def failing_table(store: GameStore, monkeypatch: pytest.MonkeyPatch
                  ) -> tuple[Table, QueueRunner, Learner, list[Failure]]:
    notices: list[Failure] = []
    table, runner = new_table(store, notice=notices.append)
    learner = Learner(2)
    table.new_game(RULES, SEATS, seed=41, coach="request")
    break_bot(monkeypatch, table, 1)
    play(table, runner, learner, lambda: table.stage is Stage.FAILED)
    return table, runner, learner, notices


def check_failed(table: Table, notices: list[Failure], count: int) -> None:
    assert table.stage is Stage.FAILED and not table.busy
    assert len(notices) == count and all(n.what == "bot:1" for n in notices)
    assert isinstance(notices[-1].error, Broken) and table.failure == notices[-1]
    status = words.status_text(table)
    assert seat_name(1) in status and "no card today" in status


def test_a_bot_that_raises_gives_a_notice_and_new_game_plays_on(store, monkeypatch):
    table, runner, learner, notices = failing_table(store, monkeypatch)
    check_failed(table, notices, 1)
    assert table.view().current_player == 1 and not runner.queue

    table.new_game(RULES, SEATS, seed=42)
    assert table.failure is None and table.stage in (Stage.LEARNER, Stage.BOT)
    assert store.statistics().abandoned == 1
    play(table, runner, learner, round_over(table, 0))
    assert table.stage is Stage.ROUND_OVER and len(notices) == 1


def test_a_bot_that_raises_plays_on_after_retry_once_fixed(store, monkeypatch):
    table, runner, learner, notices = failing_table(store, monkeypatch)
    events = len(table.session.game.events)
    table.retry()  # still broken: the same notice again, nothing played
    play(table, runner, learner, lambda: not runner.queue)
    check_failed(table, notices, 2)
    assert len(table.session.game.events) == events

    monkeypatch.undo()
    table.retry()
    assert table.failure is None and table.stage is Stage.BOT
    play(table, runner, learner, round_over(table, 0))
    assert table.stage is Stage.ROUND_OVER and len(notices) == 2
    assert store.current().events == tuple(table.session.game.events)


# --- 5. nothing stale -----------------------------------------------------------------------


def test_a_hint_is_gone_at_the_next_decision(store):
    table, runner = new_table(store)
    learner = Learner(4)
    table.new_game(RULES, SEATS, seed=51, coach="request")
    hints = 0
    while hints < 8:
        play(table, runner, learner, lambda: table.stage is Stage.LEARNER and
             table.view().phase is Phase.PLAY and len(table.view().legal_actions) > 1)
        decision = len(table.session.game.events)
        table.ask_hint()
        assert table.line.kind is Line.THINKING
        runner.drain()
        assert table.line.kind is Line.HINT and table.hinted == table.line.advice.action
        assert table.hinted in table.view().legal_actions
        hints += 1
        learner.act(table)
        play(table, runner, learner, lambda at=decision: table.stage is Stage.LEARNER and
             len(table.session.game.events) > at)
        assert table.hinted is None
        assert table.line is None or table.line.kind is Line.WEIS
        assert words.status_text(table) == words.turn_text(table.view())


def test_a_hint_that_comes_after_the_learner_acted_is_dropped(store):
    table, runner = new_table(store)
    learner = Learner(6)
    table.new_game(RULES, SEATS, seed=52, coach="request")
    for _ in range(6):
        play(table, runner, learner, lambda: table.stage is Stage.LEARNER and
             table.view().phase is Phase.PLAY)
        table.ask_hint()
        assert table.line.kind is Line.THINKING
        learner.act(table)  # before the coach's answer: nothing is thinking about it any more
        assert table.line is None or table.line.kind is not Line.THINKING
        runner.queue.popleft()()  # the hint arrives
        assert table.hinted is None
        assert table.line is None or table.line.kind not in (Line.HINT, Line.THINKING)


def test_set_coach_off_clears_the_hint(store):
    table, runner = new_table(store)
    learner = Learner(7)
    table.new_game(RULES, SEATS, seed=53, coach="request")
    play(table, runner, learner, lambda: table.stage is Stage.LEARNER and
         table.view().phase is Phase.PLAY and len(table.view().legal_actions) > 1)
    table.ask_hint()
    runner.drain()
    assert table.hinted is not None
    table.set_coach("off")
    assert table.hinted is None and table.line is None
    table.ask_hint()
    assert table.line.kind is Line.COACH_OFF and words.coach_line_text(table.line)


def test_take_back_clears_the_warning(store):
    table, runner = new_table(store)
    learner = Learner(8)
    table.new_game(RULES, SEATS, seed=54, coach="active")
    warnings = 0
    while warnings < 3:
        play(table, runner, learner, lambda: table.stage in (Stage.WARNING, Stage.OVER))
        assert table.stage is Stage.WARNING
        card = table.pending
        assert table.line.kind is Line.WARNING and table.line.action == card
        assert words.coach_line_text(table.line)
        assert "advises against" in words.status_text(table)
        events = len(table.session.game.events)
        table.take_back()
        warnings += 1
        assert table.stage is Stage.LEARNER and table.pending is None
        assert table.line.kind is Line.TAKEN_BACK and table.hinted is None
        assert words.status_text(table) == words.turn_text(table.view())
        assert len(table.session.game.events) == events  # the card was not played
        assert card in table.view().hand


def check_status_and_panel(table: Table) -> None:
    """The status line says what the table is doing; the side panel agrees with it on who
    chooses trump."""
    view = table.view()
    if view is None:
        return
    status = words.status_text(table)
    panel = words.trump_info_text(view)
    stage = table.stage
    if stage in (Stage.LEARNER, Stage.BOT):
        assert status == words.turn_text(view)
        assert (view.current_player == 0) == (stage is Stage.LEARNER)
    elif stage is Stage.CHECKING:
        assert "looking at your card" in status
    elif stage is Stage.WARNING:
        assert "advises against" in status
    elif stage is Stage.TRICK:
        won = table.shown_trick
        assert won is not None and (
            status == "You take the trick." if won.winner == 0
            else status.startswith(seat_name(won.winner)))
    elif stage is Stage.ROUND_OVER:
        assert status.startswith(words.round_text(table.scored))
    elif stage is Stage.OVER:
        assert status == words.result_text(table)
    if view.phase is Phase.TRUMP and stage in (Stage.LEARNER, Stage.BOT):
        seat = view.current_player
        if seat == 0:
            assert status.startswith("Your turn")
            assert panel.startswith("You choose trump")
            assert ("partner chibred" in status) == ("partner chibred" in panel) == view.chibred
        else:
            assert status.startswith(seat_name(seat)) and panel.startswith(seat_name(seat))
            assert ("chibred" in panel) == view.chibred
    if view.trump is not None:
        chooser = view.trump_declarer if view.trump_declarer is not None else view.trump_chooser
        assert panel.startswith("Chosen by you" if chooser == 0 else
                                f"Chosen by: {seat_name(chooser)}")


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 1 << 30), coach=st.sampled_from(("off", "active")))
def test_the_status_line_and_side_panel_always_say_the_current_state(seed, coach):
    with tempfile.TemporaryDirectory() as folder, GameStore(Path(folder) / FILE_NAME) as store:
        table, runner = new_table(store)
        learner = Learner(seed)
        table.new_game(RULES, SEATS, seed=seed, coach=coach)
        decision = [-1]

        def each() -> None:
            check_status_and_panel(table)
            at = len(table.session.game.events)
            if table.stage is Stage.LEARNER and at != decision[0]:
                decision[0] = at
                check_decision_line(table)

        play(table, runner, learner, round_over(table, 0), each)
        runner.drain()
        check_status_and_panel(table)


#: The partner (seat 2) holds the 7 of diamonds, so chooses trump first (R-TRUMP-FIRST), with
#: nothing to choose it on: sixes, sevens and eights.
WEAK_PARTNER = tuple(CardSet.parse(hand) for hand in (
    "HJ H9 HA SJ S9 SA CA DA DK", "HK HQ SK SQ CK CQ DQ DJ DT", "D7 D6 C6 C7 C8 S6 S7 H6 H7",
    "H8 HT S8 ST C9 CT CJ D8 D9"))


def test_when_the_partner_chibres_the_side_panel_says_the_learner_chooses(store):
    """The bug this guards: after the partner chibred, the side panel said "Partner chooses
    trump" while the status said "Your turn: choose trump"."""
    table, runner = new_table(store)
    table.new_game(RULES, ("learner", "random", "heuristic", "random"), seed=1, coach="off",
                   deal=WEAK_PARTNER)
    play(table, runner, Learner(1), lambda: table.stage is Stage.LEARNER or
         table.view().trump is not None)
    assert table.stage is Stage.LEARNER and table.view().phase is Phase.TRUMP
    view = table.view()
    assert Chibred(2) in table.session.game.events
    status = words.status_text(table)
    panel = words.trump_info_text(view)
    assert status == "Your turn: your partner chibred, choose trump (A)."
    assert panel == "You choose trump (your partner chibred)"
    assert seat_name(2) not in panel
    check_status_and_panel(table)


# --- 6. the coach always says why -----------------------------------------------------------


def test_every_hint_of_a_game_says_why(store):
    table, runner = new_table(store)
    learner = Learner(9)
    table.new_game(RULES, SEATS, seed=61, coach="request")
    hints = []
    asked = [-1]

    def ask() -> None:
        at = len(table.session.game.events)
        if table.stage is Stage.LEARNER and at != asked[0] and \
                table.view().phase is not Phase.WEIS:
            asked[0] = at
            table.ask_hint()
            runner.drain()
            assert table.line.kind is Line.HINT
            hints.append(table.line.advice)

    play(table, runner, learner, is_over(table), ask)
    assert len(hints) > 10
    assert any(not isinstance(a.action, Card) for a in hints)  # trump choices too
    for advice in hints:
        head = f"Hint: {action_name(advice.action)}."
        text = hint_text(advice)
        assert text.startswith(head) and text[len(head):].strip(), text
        assert all(tag.supports for tag in advice.supporting), advice.supporting


# --- 7. the guided game ---------------------------------------------------------------------


def test_the_guided_game_explains_every_decision_and_every_trick(store):
    table, runner = new_table(store)
    learner = Learner(10)
    table.new_game(Rules(), SEATS, seed=71, coach="request", guided=True)
    assert table.guided and table.session.rules.target == GUIDED_TARGET
    decisions = [0]
    last = [-1]

    def each() -> None:
        at = len(table.session.game.events)
        if table.stage is Stage.LEARNER and at != last[0]:
            last[0] = at
            decisions[0] += 1
            check_decision_line(table)

    play(table, runner, learner, round_over(table, 0), each)
    assert decisions[0] >= 9
    trump = next(e.trump for e in table.log if isinstance(e, TrumpChosen))
    tricks = [e for e in table.log if isinstance(e, TrickWon)]
    assert len(tricks) == 9
    for trick in tricks:
        text = words.log_text(trick, guided=True, trump=trump)
        assert text == " ".join(after_trick(trick, trump))
        assert len(text) > len(words.narrate(trick))
        assert str(trick.points) in text


# --- 8. par ---------------------------------------------------------------------------------


def assert_par_is_the_review(table: Table, number: int) -> None:
    """The par of round ``number`` is its review summed: minus the points the learner's
    choices lost against the coach's, with the standard errors added as independent ones."""
    reviews = table.reviews[number]
    par = table.pars[number]
    assert par == RoundPar.of(number, [(r.lost, r.lost_error) for r in reviews])
    assert par.par <= 0 and par.decisions == len(reviews)
    if any(r.is_mistake for r in reviews):
        assert -par.par >= round(max(r.lost for r in reviews))


def test_the_par_of_a_round_is_what_the_reviewed_choices_lost(store):
    table, runner = new_table(store)
    learner = Learner(12)
    table.new_game(RULES, SEATS, seed=81, coach="off")
    play(table, runner, learner, round_over(table, 0))
    assert table.stage is Stage.ROUND_OVER and 0 not in table.pars
    assert "Par: the coach is going over your choices" in words.status_text(table)
    runner.drain()
    assert_par_is_the_review(table, 0)
    par = table.pars[0]
    status = words.status_text(table)
    assert words.par_text(par) in status and "the luck of the cards does not count" in status
    # Saved with the game: a resumed table has it.
    assert store.current().options["pars"] == [list(par.row())]


def test_a_card_review_has_a_standard_error_and_a_trump_choice_none(store):
    """The coach measures a card over deals, so what a different card lost has a standard
    error; a trump choice is valued by the fitted model, without one."""
    table, runner = new_table(store)
    learner = Learner(12)
    table.new_game(RULES, SEATS, seed=81, coach="off")
    play(table, runner, learner, round_over(table, 0))
    runner.drain()
    reviews = table.reviews[0]
    cards = [r for r in reviews if r.lost > 0 and isinstance(r.decision.action, Card)]
    assert cards and all(r.lost_error > 0 for r in cards)
    assert all(r.lost_error == 0 for r in reviews if not isinstance(r.decision.action, Card))
    assert all(r.lost_error == 0 for r in reviews if r.lost == 0)


def test_a_saved_par_of_the_old_replay_is_reviewed_again(store):
    """A game saved with the replay par of before (rows of three) gets the review's par."""
    from tutor.table.controller import Options

    options = Options.from_json({"coach": "off", "pars": [[0, 82, 95]]})
    assert options.pars == {}
    par = RoundPar(1, 13.6, 3.0, 9)
    assert Options.from_json({"pars": [list(par.row())]}).pars == {1: par}


def test_the_review_in_the_worker_process_is_the_review_computed_here():
    import os
    import signal
    from concurrent.futures.process import BrokenProcessPool

    from tutor.table.session import review_round
    from tutor.table.worker import WorkerProcess

    game = Game(RULES, seed=5)
    bots = [make_bot("random", seat) for seat in range(4)]
    play_round(game, bots)
    events = game.events
    worker = WorkerProcess()
    try:
        here = review_round(events, SEATS, 0, FAST_BUDGET)
        assert here and worker.call(review_round, events, SEATS, 0, FAST_BUDGET) == here
        pid = worker.call(os.getpid)
        assert pid != os.getpid()
        os.kill(pid, signal.SIGKILL)  # a worker that dies fails its call, the next one works
        with pytest.raises(BrokenProcessPool):
            worker.call(review_round, events, SEATS, 0, FAST_BUDGET)
        assert worker.call(review_round, events, SEATS, 0, FAST_BUDGET) == here
    finally:
        worker.close()


def test_the_last_trick_is_read_with_its_players_and_who_took_it(store):
    table, runner = new_table(store)
    table.new_game(RULES, SEATS, seed=21, coach="off")
    runner.drain()
    assert words.last_trick_text(table.view()) == "No trick has been taken yet this round."
    learner = Learner(3)
    while not table.view().tricks:
        step(table, runner, learner)
    won = table.view().tricks[-1]
    text = words.last_trick_text(table.view())
    assert text.startswith("Last trick: ") and text.endswith(words.narrate(won))
    for i, card in enumerate(won.cards):
        assert f"{seat_name((won.leader + i) % 4)}: {action_name(card)}" in text


# --- what the reading keys say (A, C) ---------------------------------------------------------


def _two_cards_on_the_table(seed: int) -> Game:
    """A game whose first trick has two cards on the table (first legal action each time)."""
    game = Game(Rules(), seed=seed)
    while len(game.view(0).trick) < 2:
        game.apply(game.legal_actions()[0])
    return game


@pytest.mark.parametrize("seed", range(6))
def test_c_names_who_played_each_card_and_the_one_winning_by_the_engine(seed):
    from engine import trick_winner

    game = _two_cards_on_the_table(seed)
    view = game.view(0)
    said = words.table_cards_text(view).split("; ")
    assert len(said) == len(view.trick)
    winning = trick_winner(view.trick, view.trump)
    for index, part in enumerate(said):
        assert part.startswith(seat_name((view.leader + index) % 4) + ": ")
        assert part.endswith(", winning") == (index == winning)


def test_a_says_the_trump_and_who_chose_it_or_who_is_choosing(seed: int = 4):
    game = Game(Rules(), seed=seed)
    before = words.trump_said(game.view(0))
    assert before.startswith("Trump: not chosen yet. ")
    assert "choose" in before
    chooser = game.current_player
    game.apply(game.legal_actions()[0])
    after = words.trump_said(game.view(0))
    view = game.view(0)
    assert after.startswith(f"Trump: {words.suit_name(view.trump.suit)}. ")
    assert seat_name(view.trump_declarer if view.trump_declarer is not None
                     else chooser) in after


def test_a_crash_right_after_the_last_card_loses_nothing(store, tmp_path):
    """Issue 19, item 6: the finished game is in the file the moment its last card is played,
    with every card, before its review or par has run; what a new start would read."""
    table, runner = new_table(store)
    table.new_game(RULES, SEATS, seed=21, coach="request")
    play(table, runner, Learner(5), is_over(table))
    assert any(what.startswith(("review:", "par:")) for what in runner.waiting)  # not run yet
    game = table.session.game
    with GameStore(tmp_path / FILE_NAME) as after_crash:  # the file as a restart reads it
        assert after_crash.current() is None and after_crash.notice is None
        [finished] = after_crash.finished()
        assert finished.events == tuple(game.events)
        played = [e for e in finished.events if isinstance(e, CardPlayed)]
        tricks = [e for e in finished.events if isinstance(e, TrickWon)]
        assert len(played) == 4 * len(tricks) and finished.scores == game.scores
        assert finished.mistakes is None  # the review is added later
