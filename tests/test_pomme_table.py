"""The Pomme table without Qt (``tutor.table.pomme``, ``tutor.table.pomme_words``; issue 20,
item 4): whole games for 3 and 5 played to their end, the scores in words with apples and Putz
points, H and G refused with the reason when not allowed, a crash at every event resumed
exactly, and the saved game's slot shared with Chibre (each kind resumes as itself).

The table runs its bots through a ``QueueRunner`` (``fast``, random bots), as tests/test_table.py.
"""

from __future__ import annotations

import random

import pytest

from engine import (
    POMME_MISTAKE_THRESHOLD,
    AsideTaken,
    BlindChosen,
    Card,
    CardGivenUp,
    CardSet,
    Game,
    PommeChoice,
    PommeDeal,
    PommeGame,
    PommePhase,
    PommeRoundScored,
    Rules,
    SixExchanged,
    pomme_marks,
)
from tests.pomme_table_helpers import seats, step
from tutor import keys
from tutor.games import FILE_NAME, GameStore
from tutor.jobs import QueueRunner
from tutor.table import Stage, Table
from tutor.table import pomme_words as words
from tutor.table.pomme import PommeLineKind, PommeTable, warns


def play_to_end(table: PommeTable, runner: QueueRunner, seed: int = 0,
                choose: dict[PommeChoice, bool] | None = None, limit: int = 20_000) -> None:
    rng = random.Random(seed)
    for _ in range(limit):
        if table.stage is Stage.OVER:
            return
        step(table, runner, rng, choose)
    raise AssertionError(f"not over after {limit} steps ({table.stage})")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_whole_game_of_pomme_is_played_to_its_end_and_its_scores_said(store, players):
    runner = QueueRunner()
    table = PommeTable(store, runner, fast=True)
    table.new_game(seats(players), seed=players)
    assert store.current() is not None and store.current().pomme is not None
    play_to_end(table, runner, seed=1, choose={PommeChoice.TAKE_ASIDE: True,
                                               PommeChoice.EXCHANGE_SIX: True,
                                               PommeChoice.EXCHANGE_BLIND: True})
    session = table.session
    assert session is not None and session.is_over
    game = session.game
    assert game.is_over and game.winners
    # the scores moved only by the marks of each round, and the words say them
    rounds = table.rounds_scored()
    assert all(r.marks == pomme_marks(r.points) for r in rounds)
    totals = [sum(r.marks[seat] for r in rounds) for seat in range(players)]
    assert tuple(totals) == game.scores
    tallies = words.tally(rounds, players)
    for seat, (apples, putz) in enumerate(tallies):
        assert putz - apples == game.scores[seat]
    lines = words.score_lines(table)
    assert len(lines) == players
    for seat, line in enumerate(lines):
        assert line.startswith(words.seat_name(seat, players) + ": ")
        assert words.apples_and_putz(*tallies[seat]) in line
    text = words.status_text(table)
    assert "win" in text and "Final scores" in text
    if players == 3:  # the learner took the aside when it could
        assert any(isinstance(e, AsideTaken) for e in game.events)
    # the log says every deal, the 6, the aside, the tricks and the rounds
    said = [words.narrate(e, players) for e in table.log]
    deals = [line for line in said if line.startswith("Round ") and "shows trump" in line]
    assert len(deals) == len(rounds)
    assert all(line for e, line in zip(table.log, said, strict=True)
               if isinstance(e, (SixExchanged, AsideTaken, BlindChosen, PommeRoundScored)))
    # a finished game of Pomme leaves no saved game and is not in the statistics
    assert store.current() is None
    assert store.finished() == []


def test_the_round_result_says_points_apples_and_putz_points_of_each_player():
    scored = PommeRoundScored(round=1, points=(100, 17, 40), marks=pomme_marks((100, 17, 40)),
                              scores=(1, -1, 1))
    assert words.round_text(scored, 3) == (
        "Round 2: You 100 points, +1 Putz point · Right 17 points, an apple (−1) · "
        "Left 40 points, +1 Putz point")
    five = (90, 10, 12, 45, 0)
    assert pomme_marks(five) == (2, -1, -1, 2, -1)
    assert words.round_text(PommeRoundScored(0, five, pomme_marks(five), (2, -1, -1, 2, -1)),
                            5).endswith("Left 0 points, an apple (−1)")
    assert [words.seat_name(s, 5) for s in range(5)] == [
        "You", "Right", "Top right", "Top left", "Left"]
    assert [words.seat_name(s, 3) for s in range(3)] == ["You", "Right", "Left"]


#: Deals where the learner (seat 0) holds the six of trump (hearts: the king is shown).
SIX_DEALS = {
    3: PommeDeal.parse(["H6 S6 S7 S8 S9 ST SJ SQ SK", "SA D6 D7 D8 D9 DT DJ DQ DK",
                        "DA C6 C7 C8 C9 CT CJ CQ CK"], "CA H7 H8 H9 HT HJ HQ HA HK", "HK"),
    5: PommeDeal.parse(["H6 S6 S7 S8 S9 ST SJ", "SQ SK SA D6 D7 D8 D9", "DT DJ DQ DK DA C6 C7",
                        "C8 C9 CT CJ CQ CK CA", "H7 H8 H9 HT HJ HQ HA"], "", "HK"),
}


def _exchange_game(store: GameStore, players: int) -> tuple[PommeTable, QueueRunner]:
    """A table where the learner holds the trump 6 and is asked to exchange it."""
    runner = QueueRunner()
    table = PommeTable(store, runner, fast=True)
    table.new_game(seats(players), seed=1, deal=SIX_DEALS[players])
    view = table.session.game.view(0)
    assert view.phase is PommePhase.EXCHANGE and table.session.game.current_player == 0
    return table, runner


def test_g_exchanges_the_six_when_it_is_the_learners_choice_and_says_why_not_else(store):
    table, runner = _exchange_game(store, 3)
    view = table.view()
    assert table.stage is Stage.LEARNER and view.phase is PommePhase.EXCHANGE
    assert "(G)" in words.status_text(table)
    table.take_aside()  # H during the exchange: not now, and why
    assert table.line is not None and table.line.kind is PommeLineKind.REFUSED
    assert words.coach_line_text(table.line).startswith(
        "First the holder of the six of ")  # the 6 is decided first
    shown = view.shown
    table.exchange_six()
    after = table.session.game.view(0)
    assert shown in after.hand and after.six_holder_exchanged == 0
    assert words.narrate(table.log[-1], 3) == "You exchange the 6 of trump for the shown card."
    assert "you took it for the 6 of trump" in words.trump_info_text(after)
    # G again, later: nothing happens but the reason
    while table.stage is not Stage.LEARNER:
        runner.queue.popleft()()
    before = len(table.session.game.events)
    table.exchange_six()
    assert table.line.kind is PommeLineKind.REFUSED
    assert len(table.session.game.events) == before
    assert words.coach_line_text(table.line) in (
        f"Only the holder of the {words.card_name(words.six_of(view.trump))} may exchange it "
        "for the shown card.",
        f"The {words.card_name(words.six_of(view.trump))} can be exchanged only before the "
        "first card is played.")


#: A deal of 3 where the learner, without the trump 6, may take the aside at their first turn.
ASIDE_DEAL = PommeDeal.parse(["S6 S7 S8 S9 ST SJ SQ SK SA", "H6 D6 D7 D8 D9 DT DJ DQ DK",
                              "DA C6 C7 C8 C9 CT CJ CQ CK"], "CA H7 H8 H9 HT HJ HQ HA HK", "HK")
#: A deal of 5 where the learner, dealer in game 16 (so playing last), holds two or three cards
#: of each plain suit: whatever plain suit is led, a card of another is refused.
FOLLOW_DEAL = PommeDeal.parse(["S6 S7 D6 D7 C6 C7 SA", "SK SQ SJ ST S9 S8 D8",
                               "D9 DT DJ DQ DK DA C8", "H6 C9 CT CJ CQ CK CA",
                               "H7 H8 H9 HT HJ HQ HA"], "", "HK")


def test_h_takes_the_aside_only_before_the_learners_first_card(store):
    runner = QueueRunner()
    table = PommeTable(store, runner, fast=True)
    table.new_game(seats(3), seed=0, deal=ASIDE_DEAL)
    rng = random.Random(0)
    while table.stage is not Stage.LEARNER:
        step(table, runner, rng, {PommeChoice.TAKE_ASIDE: False})
    assert table.can_take_aside()
    assert "take the aside (H)" in words.status_text(table)
    old = table.view().hand
    table.take_aside()
    view = table.view()
    assert view.aside_taken_by == 0 and view.hand != old and len(view.hand) == 9
    assert words.aside_text(view) == "Aside: you took it; your old hand is out of play"
    assert table.stage is Stage.LEARNER  # and the learner now plays a card of the aside
    table.take_aside()
    assert table.line.kind is PommeLineKind.REFUSED
    assert "you took it" in words.coach_line_text(table.line)


def test_h_with_five_players_says_there_is_no_aside(store):
    runner = QueueRunner()
    table = PommeTable(store, runner, fast=True)
    table.new_game(seats(5), seed=1)
    rng = random.Random(0)
    while table.stage is not Stage.LEARNER or table.view().phase is PommePhase.EXCHANGE:
        step(table, runner, rng)
    table.take_aside()
    assert words.coach_line_text(table.line).endswith("With five players there is no aside.")


def test_a_card_refused_with_five_players_says_the_rule_of_play(store):
    runner = QueueRunner()
    table = PommeTable(store, runner, fast=True)
    rng = random.Random(5)
    table.new_game(seats(5), seed=16, deal=FOLLOW_DEAL)
    while table.stage is not Stage.LEARNER or table.view().phase is not PommePhase.PLAY:
        step(table, runner, rng)
    view = table.view()
    assert len(view.trick) == 4 and view.trick[0].suit is not table.session.game.trump
    illegal = next(c for c in view.hand if c not in view.legal_actions)
    table.learner_acts(illegal)
    assert table.line.kind is PommeLineKind.REFUSED
    text = words.coach_line_text(table.line)
    assert text and text != "That is not possible now."
    assert table.view() == view  # nothing played


@pytest.mark.parametrize("players", [3, 5])
def test_a_crash_at_every_event_of_a_round_resumes_the_game_as_it_was(tmp_path, players):
    path = tmp_path / FILE_NAME
    runner = QueueRunner()
    with GameStore(path) as store:
        table = PommeTable(store, runner, fast=True)
        table.new_game(seats(players), seed=7)
        rng = random.Random(2)
        checked = 0
        while table.stage is not Stage.OVER and checked < 60:
            step(table, runner, rng, {PommeChoice.TAKE_ASIDE: True})
            events = list(table.session.game.events)
            again = PommeTable(store, QueueRunner(), fast=True)
            assert again.resume()
            assert list(again.session.game.events) == events
            assert again.session.seats == table.session.seats
            assert again.players == players
            checked += 1
        assert checked == 60 or table.stage is Stage.OVER


def test_one_saved_game_at_a_time_of_either_kind_each_resumed_as_itself(store):
    runner = QueueRunner()
    chibre = Table(store, runner, fast=True)
    chibre.new_game(Rules(target=300), ["learner", "random", "random", "random"], seed=3)
    runner.drain()
    pomme = PommeTable(store, runner, fast=True)
    # a game of Pomme replaces the saved game of Chibre, which is kept as abandoned
    chibre.leave()
    pomme.new_game(seats(3), seed=3)
    runner.drain()
    assert [g.abandoned for g in store.finished()] == [True]
    saved = store.current()
    assert saved is not None and saved.pomme is not None and len(saved.seats) == 3
    with pytest.raises(ValueError, match="Pomme"):
        saved.game()
    assert not Table(store, QueueRunner(), fast=True).resume()  # Chibre's table leaves it
    # a new game of Chibre ends the saved game of Pomme: it is not counted
    fresh = Table(store, QueueRunner(), fast=True)
    fresh.new_game(Rules(target=300), ["learner", "random", "random", "random"], seed=4)
    assert store.current().pomme is None
    assert isinstance(store.current().game(), Game)
    assert len(store.finished()) == 1


def test_the_keys_list_has_h_and_g_for_pomme():
    listed = {key.keys: key.does for _heading, group in keys.KEYS for key in group
              if "Pomme" in _heading}
    assert listed[keys.TABLE_ASIDE].startswith("Take the aside")
    assert listed[keys.TABLE_SIX] == "Exchange the 6 of trump for the shown card"
    assert keys.TABLE_ASIDE == "H" and keys.TABLE_SIX == "G"
    assert keys.TABLE_SIX in keys.shortcuts()


@pytest.mark.parametrize("players", [3, 5])
def test_every_hint_names_a_legal_choice_and_says_why_and_what_it_expects(store, players):
    """The hint is the Pomme coach's (engine.pomme_assess and pomme_advise): a legal action of
    the decision, the reasons that speak for it, the expected points and apple chance; at the
    aside it says take it or keep the hand, at the 6 exchange or keep it."""
    runner = QueueRunner()
    table = PommeTable(store, runner, fast=True)
    rng = random.Random(players)
    kinds: set[str] = set()
    for seed in range(4):
        table.new_game(seats(players), seed=seed)
        hinted = 0
        while table.stage is not Stage.OVER and hinted < 6:
            if table.stage is Stage.LEARNER and not runner.queue:
                view = table.view()
                table.ask_hint()
                assert table.line.kind is PommeLineKind.THINKING
                runner.drain()
                line = table.line
                if len(view.legal_actions) == 1:
                    assert line.kind is PommeLineKind.ONE_CHOICE
                    assert words.coach_line_text(line).startswith("The rules leave you one")
                    step(table, runner, rng)
                    continue
                assert line is not None and line.kind is PommeLineKind.HINT
                advice = line.hint
                assert advice.action in view.legal_actions
                assert all(tag.supports for tag in advice.supporting)
                text = words.coach_line_text(line)
                assert text.startswith("The coach would ") and "at the end of the round" in text
                assert ("chance of an apple" in text.split(" Instead, ")[0]) == (
                    advice.apple >= 0.05)
                assert table.hinted == (advice.action if advice.action in view.hand else None)
                if PommeChoice.TAKE_ASIDE in view.legal_actions:
                    kinds.add("aside")
                if view.phase is PommePhase.EXCHANGE:
                    kinds.add("six")
                hinted += 1
            step(table, runner, rng)
    assert kinds  # some hint was about the 6 or the aside


def test_a_bot_that_fails_stops_the_table_with_a_notice_and_try_again_plays_on(store,
                                                                               monkeypatch):
    runner = QueueRunner()
    failures = []
    table = PommeTable(store, runner, fast=True, notice=failures.append)
    table.new_game(["learner", "random", "random"], seed=4)
    session = table.session
    real = session.bot_choice
    calls = {"n": 0}

    def flaky() -> object:
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("the bot tripped")
        return real()

    monkeypatch.setattr(session, "bot_choice", flaky)
    rng = random.Random(0)
    while table.stage is not Stage.FAILED:
        step(table, runner, rng)
    assert failures and failures[0].what.startswith("bot:")
    text = words.status_text(table)
    assert "the bot tripped" in text and "Try again" in text
    table.retry()
    play_to_end(table, runner, seed=2)
    assert table.session.game.is_over


def test_the_active_coach_warns_before_a_costly_card_take_it_back_or_play_it_anyway(store):
    """Active, the coach looks at the learner's card first: one that costs the threshold or
    more (by the coach's own assessment) is held with a warning that says why; Take it back
    reopens the decision, Play it anyway plays it; a good card is played at once."""
    from engine import pomme_advise

    runner = QueueRunner()
    table = PommeTable(store, runner, fast=True)
    rng = random.Random(8)
    warned = played_at_once = 0
    for seed in range(30):
        table.new_game(seats(3), seed=seed, coach="active")
        while table.stage is not Stage.OVER and (warned < 2 or not played_at_once):
            if runner.queue or table.stage is not Stage.LEARNER:
                step(table, runner, rng)
                continue
            view = table.view()
            cards = [a for a in view.legal_actions if isinstance(a, Card)]
            if len(view.legal_actions) < 2 or not cards:
                step(table, runner, rng)
                continue
            found = table.assess(view)
            if not played_at_once and not isinstance(found[0].action, Card):
                table.learner_acts(found[0].action)  # the best is the 6 or the aside: taken
                continue
            # the coach's best card once (played at once), then its worst cards (warned)
            worst = found[0] if not played_at_once else next(
                a for a in reversed(found) if isinstance(a.action, Card))
            advice = pomme_advise(view, found, worst.action)
            costly = advice.action != worst.action and advice.lost >= POMME_MISTAKE_THRESHOLD
            before = len(table.session.game.events)
            table.learner_acts(worst.action)
            assert table.stage is Stage.CHECKING
            runner.queue.popleft()()  # the coach's look at the card
            if not costly:
                assert len(table.session.game.events) > before
                played_at_once += 1
                continue
            assert table.stage is Stage.WARNING and table.pending == worst.action
            assert len(table.session.game.events) == before
            text = words.coach_line_text(table.line)
            name = words.card_name(worst.action)
            assert text.startswith(f"The coach advises against the {name}")
            assert "Take it back (Esc)" in words.status_text(table)
            if warned == 0:
                table.take_back()
                assert table.stage is Stage.LEARNER and table.pending is None
                assert words.coach_line_text(table.line) == "Taken back: choose another card."
            else:
                table.play_anyway()
                assert worst.action not in table.session.game.view(0).hand
            warned += 1
        if warned >= 2 and played_at_once:
            break
    assert warned == 2 and played_at_once


def test_every_reason_of_the_pomme_coach_has_its_words():
    from engine import PommeTag, Trump

    view = PommeGame(3, seed=1).view(0)
    assert view.trump in tuple(Trump)
    texts = {tag: words.tag_text(tag, view) for tag in PommeTag}
    assert all(texts.values()), [tag for tag, text in texts.items() if not text]
    assert len(set(texts.values())) == len(texts)


def test_the_pomme_coach_warns_at_its_own_threshold_not_chibres():
    """The copy of the Chibre table warned from Chibre's 10 points; Pomme's coach has its own
    threshold (8: about one trick of middling points), and the table asks it."""
    from engine import MISTAKE_THRESHOLD, PommeAdvice, PommeAssessment

    assert POMME_MISTAKE_THRESHOLD < MISTAKE_THRESHOLD
    card, better = Card.parse("H9"), Card.parse("HA")

    def advice(lost: float) -> PommeAdvice:
        other = PommeAssessment(card, 0.0, 0.0, 20.0 - lost, ())
        return PommeAdvice(better, 0.0, 0.0, (), other, (), False, (), 20.0)

    between = (POMME_MISTAKE_THRESHOLD + MISTAKE_THRESHOLD) / 2
    assert warns(advice(between), card)
    assert warns(advice(POMME_MISTAKE_THRESHOLD), card)
    assert not warns(advice(POMME_MISTAKE_THRESHOLD - 0.5), card)
    assert not warns(advice(between), better)  # the coach's own choice is never held


#: Pomme for two (R-POMME-TWO): the learner (seat 0) is the non-dealer when seat 1 deals.
TWO_DEAL = PommeDeal.parse(["S6 SA HA H6 H7 H8 D6 D7 D8", "SJ S9 HK DK DA C6 C7 C8 C9"],
                           "S7 S8 ST SQ SK HT HJ HQ DT DJ DQ CT", "S7", ["H9 D9 CJ", "CQ CK CA"])


def test_pomme_for_two_the_learner_keeps_or_exchanges_and_gives_up_three_cards(store):
    runner = QueueRunner()
    table = PommeTable(store, runner, fast=True)
    table.new_game(seats(2), seed=0, deal=TWO_DEAL)  # seed 0: seat 1 deals, the learner speaks
    assert table.session is not None and table.session.game.dealer == 1
    game = table.session.game
    view = table.view()
    assert view is not None and words.seat_name(1, 2) == "Opponent"
    assert table.can_choose_blind() and table.to_give_up() == 0
    assert "exchange three of them for your blind" in words.turn_text(view)
    table.exchange_blind()
    assert table.to_give_up() == 3
    assert "choose 3 cards to give up" in words.turn_text(table.view())
    for code in ("H6", "H7", "H8"):
        table.learner_acts(Card.parse(code))
        while runner.queue and table.stage is not Stage.LEARNER:
            runner.queue.popleft()()
    assert CardSet.parse("H9 D9 CJ") <= game.hand(0)
    said = [words.narrate(e, 2) for e in game.events]
    assert "You exchange three cards for your blind." in said
    assert "You give up the six of hearts." in said


def test_pomme_for_two_the_opponents_cards_given_up_are_never_said(store):
    game = PommeGame(2, deal=TWO_DEAL, dealer=0)  # the opponent speaks first
    game.apply(PommeChoice.EXCHANGE_BLIND)
    for card in ("SJ", "C6", "C7"):
        game.apply(Card.parse(card))
    given = [e for e in game.events if isinstance(e, CardGivenUp)]
    assert len(given) == 3 and all(words.narrate(e, 2) == "" for e in given)
    view = game.view(0)
    assert view.given_up == CardSet() and view.blind_exchanged == (None, True)
    assert words.blind_text(view) == "Blinds: Opponent exchanged"
    assert "Opponent exchanges three cards for their blind." in [
        words.narrate(e, 2) for e in game.events]


def test_pomme_for_two_h_and_the_blind_choice_are_refused_with_the_reason(store):
    game = PommeGame(2, deal=TWO_DEAL, dealer=1)
    view = game.view(0)
    assert words.aside_said(view) == "With two players there is no aside: each player has a blind."
    assert words.action_name(PommeChoice.KEEP_BLIND, view) == "keep your hand"
    game.apply(PommeChoice.KEEP_BLIND)
    game.apply(PommeChoice.KEEP_BLIND)
    assert "decided before the first trick" in words.blind_said(game.view(0))
