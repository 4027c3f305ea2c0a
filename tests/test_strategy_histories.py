"""The cards a strategy item shows as already played are play a learner may copy. Lesson 26
calls trumping a trick your partner already holds a mistake, so a recorded history where you
or your partner trump the partner's winning card on a plain lead must be one the item can
stand behind (issue 33 found 37 such tricks in 31 histories, all played by the bots that
proposed the positions). Those not yet mended or explained are listed in ``KNOWN``: a new
one fails, and so does one listed that is gone."""

from __future__ import annotations

from engine import Card, CardSet, Game, Trump, trick_winner
from tutor.content import Content
from tutor.content.strategy import position_game
from tutor.content.tasks import StrategyTask

#: Item (puzzle id, or lesson id and exercise number) -> the tricks of its history where you
#: or your partner trump the partner's winning card and no sentence of the hint says why. Issue
#: 33 found 37 such tricks in 31 histories; five were mended first (sg094, sg097, sg117 and
#: discards 9, whose tricks now have an opponent's card to trump; playing-with-your-partner 2,
#: where you now lead a small club and your partner trumps the opponent's). The engine's own
#: search, measured from the trumping seat at that moment (``StrategyTask`` of that seat's
#: view, cards played up to the trump), found the trump clearly worse than the best card in 10
#: of the other 31: the puzzles among them are retired (sg002, sg011, sg012, sg067, sg087,
#: sg101, puzzles/RETIRED) and discards 2 is mended (your right-hand opponent trumps your
#: {DA}, your partner overtrumps). Six are explained (``EXPLAINED``). Nine more are mended by
#: giving the trumped ace to the opponent who played second in that trick, and that
#: opponent's card to its leader (sg010, sg075, sg085, sg099, sg103, sg121, sg122,
#: the-last-tricks 1), or by your partner following and the trumps falling later
#: (counting-cards 1): the same tricks go to the same players, the hands left are the same.
#: The last four were resolved with the weighted measure (issue 33): sg088, sg105 and sg120 are
#: retired (nothing shown says why the trump was right, and no mend kept the answer clear), and
#: reading-announcements 2 has a new history: your right-hand opponent trumps your {CA} and your
#: partner overtrumps, then your partner leads a club and you trump the opponent's {CJ}.
KNOWN: dict[str, tuple[int, ...]] = {}

#: Item -> (the tricks of its history where you or your partner trump the partner's winning
#: card, the sentence of its hint that says why that was right there). The engine's search
#: from the trumping seat finds each of these trumps best or within two standard errors of the
#: best, and the sentence gives a reason a learner can check from what is shown: the card was
#: not safe (a higher card still out, or the opponent still to play had none of the suit and a
#: trump left), or the trump won the lead the next trick used to draw trumps. The sentence names
#: the trumped card, so it cannot be about another trick.
EXPLAINED: dict[str, tuple[tuple[int, ...], str]] = {
    "sg004": ((2,), "In the second trick your partner trumped your {HA} because the ace was not "
              "safe: your left-hand opponent, still to play, had no {suit:H} (it threw the "
              "{C6}) and still held a trump, the {S6} of the next trick."),
    "sg006": ((2,), "In the second trick you trumped your partner's {D7}: so small a card could "
              "still be beaten by your right-hand opponent, who had yet to play, and your trump "
              "won the lead to draw trumps with the {S9}."),
    "sg084": ((2,), "In the second trick you trumped your partner's {DA} to win the lead: with "
              "the Buur gone, your {H9}, {HA} and {HK} were the three highest trumps, and you "
              "drew trumps with them at once."),
    "sg100": ((6,), "In the sixth trick you trumped your partner's {SJ} because it was not safe: "
              "the {SQ} was still out and your right-hand opponent had yet to play. Your trump "
              "also won the lead you need now."),
    "sg106": ((1,), "In the first trick you trumped your partner's {HA} to win the lead at once: "
              "with five trumps, the Buur and the ace among them, you drew trumps straight "
              "away."),
    "the-match 3": ((1,), "In the first trick your partner trumped your {SA} with the {D9} to "
                    "win the lead and draw trumps at once with the {DJ}, before an opponent "
                    "could trump one of your team's winners."),
}


def partner_ruffs(task: StrategyTask) -> tuple[int, ...]:
    """The tricks of the history (numbered from 1) where seat 0 or seat 2 trumps a plain lead
    that the other one of them holds at that moment."""
    return tuple(number for number, _ in ruffed(task))


def ruffed(task: StrategyTask) -> list[tuple[int, Card]]:
    """Each trick of ``partner_ruffs`` with the partner's card that was trumped."""
    game: Game = position_game(task)
    trump = game.view(0).trump
    assert trump is not None
    found = []
    for trick in game.view(0).tricks:
        cards = trick.cards
        for place in range(1, 4):
            seat = (trick.leader + place) % 4
            holder = (trick.leader + trick_winner(cards[:place], trump)) % 4
            card: Card = cards[place]
            if (seat % 2 == 0 and holder == (seat + 2) % 4 and card.suit == trump.suit
                    and cards[0].suit != trump.suit
                    and trick_winner(cards[:place + 1], trump) == place):
                found.append((trick.number, cards[trick_winner(cards[:place], trump)]))
                break
    return found


def histories(content: Content) -> dict[str, tuple[int, ...]]:
    found = {}
    items = [(p.id, p.task) for p in content.puzzles]
    items += [(f"{lesson.id} {number}", exercise.task) for lesson in content.lessons
              for number, exercise in enumerate(lesson.exercises, 1)]
    for name, task in items:
        if isinstance(task, StrategyTask) and task.trump is not None and task.played:
            tricks = partner_ruffs(task)
            if tricks:
                found[name] = tricks
    return found


def hints(content: Content) -> dict[str, str]:
    """Each strategy item's English hint, by the names ``KNOWN`` and ``EXPLAINED`` use."""
    found = {p.id: p.hint or "" for p in content.puzzles}
    found |= {f"{lesson.id} {number}": exercise.hint or "" for lesson in content.lessons
              for number, exercise in enumerate(lesson.exercises, 1)}
    return found


def test_no_new_history_trumps_the_partners_winning_card(content: Content) -> None:
    found = histories(content)
    listed = KNOWN | {name: tricks for name, (tricks, _) in EXPLAINED.items()}
    new = {name: tricks for name, tricks in found.items() if listed.get(name) != tricks}
    gone = sorted(set(listed) - set(found))
    assert not set(KNOWN) & set(EXPLAINED), "an item is either explained or known, not both"
    assert not new, f"a history shows you or your partner trumping the partner's trick: {new}"
    assert not gone, f"mended: take them out of KNOWN or EXPLAINED: {gone}"


def test_each_explained_trump_is_explained_in_its_hint(content: Content) -> None:
    tasks = {p.id: p.task for p in content.puzzles}
    tasks |= {f"{lesson.id} {number}": exercise.task for lesson in content.lessons
              for number, exercise in enumerate(lesson.exercises, 1)}
    hint = hints(content)
    for name, (tricks, sentence) in EXPLAINED.items():
        assert sentence in hint[name], f"{name}: the hint no longer says why: {sentence!r}"
        task = tasks[name]
        assert isinstance(task, StrategyTask)
        for number, card in ruffed(task):
            if number in tricks:
                assert f"{{{card}}}" in sentence, f"{name}: the sentence does not name the {card}"


def test_partner_ruffs_finds_a_trumped_ace() -> None:
    deal = tuple(CardSet.parse(hand) for hand in (
        "H8 H9 HJ DQ CQ CK CA S7 S9", "HA D9 C9 CT S6 ST SJ SK SA",
        "H7 HQ HK D6 D7 D8 DJ C7 S8", "H6 HT DT DK DA C6 C8 CJ SQ"))
    played = "HJ HA H7 H6 H9 S6 HQ HT CA C9 HK C6 D6 DK H8 D9 CK CT C7 C8"
    task = StrategyTask(deal, 0, False, Trump.HEARTS, tuple(map(Card.parse, played.split())))
    # trick 3: your ace of clubs, trumped by your partner's king while holding a club
    assert partner_ruffs(task) == (3,)
    # the same trick with your partner's club: nothing to find
    mended = played.replace("C9 HK C6 D6 DK H8 D9 CK CT C7 C8", "C9 C7 C6")
    task = StrategyTask(deal, 0, False, Trump.HEARTS, tuple(map(Card.parse, mended.split())))
    assert partner_ruffs(task) == ()
