"""The game notation: a saved game is its events, and they read back exactly (STYLE.md 6)."""

from __future__ import annotations

import functools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine import Card, CardSet, Game, Rules, Trump
from engine.chibre.announcements import Weis, WeisKind
from engine.events import (
    POMME_EVENT_TYPES,
    CardPlayed,
    Dealt,
    Event,
    GameStarted,
    RoundScored,
    TrumpChosen,
    WeisDeclared,
)
from engine.notation import (
    EVENT_TYPES,
    FORMAT,
    NotationError,
    dumps_events,
    event_from_dict,
    event_to_dict,
    loads_events,
)
from tests.engine_helpers import SUITS_DEAL, rules_strategy

RULES = rules_strategy(200, 400)


def random_game(seed: int, rules: Rules | None = None, **kwargs: object) -> list[Game]:
    """Every state of one game played with random legal actions (weis choices and chibre
    included), from the deal to the end."""
    rng = random.Random(seed)
    game = Game(rules, seed=seed, **kwargs)  # type: ignore[arg-type]
    states = [game.clone()]
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        states.append(game.clone())
    return states


def round_trip(events: tuple[Event, ...]) -> list[Event]:
    return loads_events(dumps_events(events))


# -- round trips --------------------------------------------------------------------------------


@settings(max_examples=15, deadline=None)
@given(rules=RULES, seed=st.integers(0, 2**31))
def test_a_game_reads_back_equal_at_every_step(rules, seed):
    for state in random_game(seed, rules):
        events = round_trip(state.events)
        assert events == list(state.events)
        assert Game.from_events(events) == state


def test_a_whole_game_to_1000_reads_back_equal_at_every_step():
    states = random_game(1)
    assert states[-1].is_over
    for state in states:
        assert Game.from_events(round_trip(state.events)) == state


def test_the_seeded_games_use_every_event_type():
    seen = set()
    for seed in range(12):
        final = random_game(seed)[-1]
        events = round_trip(final.events)
        assert Game.from_events(events) == final
        seen |= {type(e).__name__ for e in events}
    assert seen == set(EVENT_TYPES) - {cls.__name__ for cls in POMME_EVENT_TYPES} | {"CardPlayed"}


def test_a_fixed_deal_reads_back_and_replays():
    states = random_game(5, deal=SUITS_DEAL, dealer=1, scores=(120, 340))
    for state in states[:: max(1, len(states) // 40)] + states[-1:]:
        events = round_trip(state.events)
        assert isinstance(events[1], Dealt) and events[1].cut == 0
        assert Game.from_events(events) == state


def test_a_resumed_game_plays_on_like_the_original():
    states = random_game(9)
    middle = states[len(states) // 2]
    resumed = Game.from_events(round_trip(middle.events))
    action = middle.legal_actions()[-1]
    middle.apply(action)
    resumed.apply(action)
    assert resumed == middle and resumed.view(0) == middle.view(0)


# -- the written form ---------------------------------------------------------------------------


def test_the_text_is_one_compact_json_line_with_its_format():
    text = dumps_events(random_game(2)[40].events)
    assert "\n" not in text and ", " not in text and ": " not in text
    document = json.loads(text)
    assert document["format"] == FORMAT == 1
    assert [e["type"] for e in document["events"][:2]] == ["GameStarted", "Dealt"]


@pytest.mark.parametrize(
    ("event", "written"),
    [
        (CardPlayed(2, Card.parse("HJ")), {"type": "CardPlayed", "seat": 2, "card": "HJ"}),
        (TrumpChosen(1, Trump.SPADES, True),
         {"type": "TrumpChosen", "seat": 1, "trump": "SPADES", "chibred": True}),
        (GameStarted(Rules(pique_double=True), 7, 3, (0, 40)),
         {"type": "GameStarted", "rules": Rules(pique_double=True).options(), "seed": 7,
          "first_dealer": 3, "scores": [0, 40]}),
        (Dealt(0, 1, 0, tuple(SUITS_DEAL)),
         {"type": "Dealt", "round": 0, "dealer": 1, "cut": 0,
          "hands": [str(hand) for hand in SUITS_DEAL]}),
        (WeisDeclared(0, (Weis(WeisKind.SEQUENCE, CardSet.parse("H6 H7 H8"), 20,
                                Card.parse("H8")),)),
         {"type": "WeisDeclared", "seat": 0, "weis": [
             {"kind": "SEQUENCE", "cards": "H6 H7 H8", "points": 20, "top": "H8"}]}),
        (RoundScored(3, (100, 57), (0, 0), (20, 0), (0, 0), 2, False),
         {"type": "RoundScored", "round": 3, "cards": [100, 57], "match": [0, 0],
          "weis": [20, 0], "stoeck": [0, 0], "multiplier": 2, "complete": False}),
    ],
)
def test_events_are_written_with_the_engines_text_forms(event, written):
    assert event_to_dict(event) == written
    assert event_from_dict(written) == event


def test_a_field_with_a_default_may_be_left_out():
    written = event_to_dict(RoundScored(0, (100, 57), (0, 0), (0, 0), (0, 0), 1))
    del written["complete"]
    assert event_from_dict(written) == RoundScored(0, (100, 57), (0, 0), (0, 0), (0, 0), 1)


def test_a_rule_option_left_out_takes_its_default():
    written = {"type": "GameStarted", "rules": {"pique_double": True}, "seed": 0,
               "first_dealer": 0, "scores": [0, 0]}
    assert event_from_dict(written) == GameStarted(Rules(pique_double=True), 0, 0, (0, 0))


def test_card_codes_are_read_as_the_engine_reads_them():
    written = {"type": "CardPlayed", "seat": 0, "card": "h10"}
    assert event_from_dict(written) == CardPlayed(0, Card.parse("HT"))


def test_the_engine_exports_the_notation():
    assert engine.dumps_events is dumps_events
    assert engine.loads_events is loads_events
    assert engine.NotationError is NotationError and issubclass(NotationError, ValueError)


def test_writing_something_that_is_not_an_event_is_a_type_error():
    with pytest.raises(TypeError, match="not a game event"):
        event_to_dict(Card.parse("HJ"))  # type: ignore[arg-type]


# -- bad input ----------------------------------------------------------------------------------


def doc(*events: object, version: object = 1) -> str:
    return json.dumps({"format": version, "events": list(events)})


START = event_to_dict(GameStarted(Rules(), 0, 0, (0, 0)))
PLAYED = {"type": "CardPlayed", "seat": 0, "card": "HJ"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not JSON"),
        ('{"format": 1, "events": [', "not JSON"),
        ("[1, 2]", "expected a JSON object with 'format' and 'events', not a list"),
        ('{"events": []}', "missing field 'format'"),
        (doc(version=2), "format 2 is newer than this version of the engine reads (format 1)"),
        (doc(version="1"), "'format' must be a version number, not '1'"),
        ('{"format": 1}', "'events' must be a list, not null"),
        ('{"format": 1, "events": [], "moves": []}', "unknown top-level field 'moves'"),
        (doc(START, "HJ"), "event 1: an event is a JSON object, not a string"),
        (doc({"seat": 0}), "event 0: missing field 'type'"),
        (doc(START, {"type": "CardThrown", "seat": 0}), "event 1: unknown event type 'CardThrown'"),
        (doc({**PLAYED, "card": "HX"}),
         "event 0 (CardPlayed): field 'card': not a card code: 'HX'"),
        (doc({**PLAYED, "card": 11}), "event 0 (CardPlayed): field 'card': expected a string"),
        (doc({"type": "CardPlayed", "card": "HJ"}), "event 0 (CardPlayed): missing field 'seat'"),
        (doc({**PLAYED, "who": 1}), "event 0 (CardPlayed): unknown field 'who'"),
        (doc({**PLAYED, "seat": "2"}), "field 'seat': expected a whole number, not '2'"),
        (doc({**PLAYED, "seat": True}), "field 'seat': expected a whole number, not True"),
        (doc({**PLAYED, "seat": 1.5}), "field 'seat': expected a whole number, not 1.5"),
        (doc({"type": "TrumpChosen", "seat": 0, "trump": "ROSES", "chibred": False}),
         "field 'trump': not a Trump: 'ROSES' (one of HEARTS, DIAMONDS"),
        (doc({"type": "TrumpChosen", "seat": 0, "trump": "HEARTS", "chibred": 0}),
         "field 'chibred': expected true or false, not 0"),
        (doc({**START, "scores": [0]}), "field 'scores': expected a list of 2 items, not 1"),
        (doc({**START, "scores": [0, "x"]}), "field 'scores': item 1: expected a whole number"),
        (doc({**START, "rules": {"target": -5}}), "field 'rules': bad rules: target must be"),
        (doc({**START, "rules": {"jokers": True}}), "field 'rules': unknown rule option 'jokers'"),
        (doc({**START, "rules": "chibre"}), "field 'rules': the rules are a JSON object"),
        (doc({"type": "Dealt", "round": 0, "dealer": 0, "cut": 0,
              "hands": ["HJ HJ", "", "", ""]}),
         "field 'hands': item 0: bad card set 'HJ HJ': card HJ appears twice"),
        (doc({"type": "WeisDeclared", "seat": 0, "weis": [
            {"kind": "TRIPLE", "cards": "H6 H7 H8", "points": 20, "top": "H8"}]}),
         "field 'weis': item 0: field 'kind': not a WeisKind: 'TRIPLE'"),
        (doc({"type": "WeisDeclared", "seat": 0, "weis": [{"kind": "FOUR"}]}),
         "field 'weis': item 0: missing field 'cards'"),
    ],
)
def test_bad_input_is_a_notation_error_naming_the_problem(text, message):
    with pytest.raises(NotationError) as raised:
        loads_events(text)
    assert message in str(raised.value)


def test_an_event_dictionary_alone_names_the_field_at_fault():
    with pytest.raises(NotationError, match=r"^field 'card': not a card code: 'Z9'"):
        event_from_dict({**PLAYED, "card": "Z9"})


# -- impossible games and hostile text (issue 19, item 7) ----------------------------------------


def _first_game_document(**start: object) -> dict:
    """The first events of a game as JSON values, the deal fixed (cut 0) so that its hands
    are what replays."""
    document = json.loads(dumps_events(Game(seed=3, deal=SUITS_DEAL, dealer=1).events))
    document["events"][0].update(start)
    return document


def _with_hands(hands: list[str]) -> str:
    document = _first_game_document()
    document["events"][1]["hands"] = hands
    return json.dumps(document)


HANDS = [str(hand) for hand in SUITS_DEAL]


@pytest.mark.parametrize(("text", "message"), [
    (_with_hands([HANDS[0]] * 4), "is in seat 0 and seat 1"),
    (_with_hands([" ".join(HANDS), "", "", ""]), "seat 0 has 36 cards, not 9"),
    (_with_hands(["", "", "", ""]), "seat 0 has 0 cards, not 9"),
    (_with_hands(HANDS[:3]), "expected a list of 4 items"),
    (json.dumps(_first_game_document(scores=[-10, 0])), "scores must be two totals from 0"),
    (json.dumps(_first_game_document(scores=[1000, 0])), "below the target 1000"),
    (json.dumps(_first_game_document(first_dealer=4)), "a seat is 0-3, not 4"),
    (json.dumps(_first_game_document(first_dealer=-1)), "a seat is 0-3, not -1"),
    ('{"format":1,"events":[{"type":"CardPlayed","seat":7,"card":"HJ"}]}', "a seat is 0-4"),
    ('{"format":1,"events":[{"type":"GameOver","winner":2,"scores":[0,0]}]}', "0 or 1, not 2"),
    ('{"format":1,"events":[{"type":"TrickWon","number":10,"leader":0,'
     '"cards":["H6","H7","H8","H9"],"winner":0,"points":0}]}', "a trick is 1-9"),
    ('{"format":1,"events":[{"type":"TrickWon","number":1,"leader":0,'
     '"cards":["H6","H6","H8","H9"],"winner":0,"points":0}]}', "4 different cards"),
])
def test_an_impossible_game_is_refused_with_the_notations_own_error(text, message):
    with pytest.raises(NotationError, match=message):
        loads_events(text)


def test_a_game_whose_events_do_not_replay_is_refused_by_loads_game():
    game = random_game(4)[30]
    document = json.loads(dumps_events(game.events))
    assert engine.loads_game(json.dumps(document)) == game
    del document["events"][3]  # an action taken out of the middle
    with pytest.raises(NotationError, match="not a game"):
        engine.loads_game(json.dumps(document))


def test_replay_itself_refuses_an_impossible_start_or_deal():
    good = Game(seed=3, deal=SUITS_DEAL, dealer=1).events
    start, dealt = good[0], good[1]
    bad_deal = Dealt(0, dealt.dealer, 0, (CardSet(), CardSet(), CardSet(), CardSet()))
    with pytest.raises(engine.InvalidDealError):
        Game.from_events([start, bad_deal])
    with pytest.raises(ValueError, match="scores"):
        Game.from_events([GameStarted(start.rules, 3, 1, (-5, 0)), dealt])
    with pytest.raises(ValueError, match="dealer"):
        Game.from_events([GameStarted(start.rules, 3, 9, (0, 0)), dealt])


@pytest.mark.parametrize("value", [None, 5, 1.5, ["a"], {"format": 1}, object()])
def test_what_is_not_text_is_a_notation_error(value):
    with pytest.raises(NotationError, match="a saved game is text"):
        loads_events(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_json_nested_too_deep_is_a_notation_error(depth):
    for opening, closing in (("[", "]"), ('{"a":', "}")):
        text = '{"format":1,"events":' + opening * depth + "1" + closing * depth + "}"
        with pytest.raises(NotationError):
            loads_events(text)
    with pytest.raises(NotationError):
        loads_events("[" * depth)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True)
    | st.text(max_size=12) | st.sampled_from([*EVENT_TYPES, "HJ", "H6 H7", "D7", "chibre"]),
    lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.sampled_from(["type", "seat", "card", "hands", "scores", "rules",
                                       "format", "events", "weis", "round", "target", "kind",
                                       "first_dealer", "cut", "dealer", "shown", "x"]),
                      inner, max_size=6),
    max_leaves=30,
)


@functools.cache
def _game_text(seed: int, step: int) -> str:
    states = random_game(seed)
    return dumps_events(states[step % len(states)].events)


def _mutations(draw: st.DrawFn) -> str:
    """A real game's text with some values replaced by odd JSON, or cut short."""
    document = json.loads(_game_text(draw(st.integers(0, 9)), draw(st.integers(0, 59))))
    for _ in range(draw(st.integers(1, 4))):
        events = document["events"]
        event = events[draw(st.integers(0, len(events) - 1))]
        key = draw(st.sampled_from(sorted(event)))
        event[key] = draw(JSON)
    text = json.dumps(document)
    if draw(st.booleans()):
        text = text[:draw(st.integers(0, len(text)))]
    return text


@settings(max_examples=300, deadline=None)
@given(st.one_of(
    st.text(max_size=40),
    st.binary(max_size=40),
    JSON.map(json.dumps),
    st.builds(lambda events: json.dumps({"format": 1, "events": events}), st.lists(JSON)),
    st.composite(_mutations)(),
))
def test_no_text_makes_the_loader_raise_anything_but_its_own_error(text):
    try:
        game = engine.loads_game(text)
    except NotationError:
        return
    assert isinstance(game, Game)  # what it accepts is a game that replays
