"""engine.chibre.bots.trump_model and scripts/trump_fit.py: the hand evaluation behind the expert's
trump choice, its weights as a data file of the engine, and the offline trainer that fits them."""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path

import pytest

from engine import CHIBRE, CardSet, Trump
from engine.chibre.bots.trump_model import (
    HAND_FEATURES,
    MODEL,
    SUIT_FEATURES,
    WEIGHTS_FILE,
    Model,
    best_choice,
    choice_points,
    hand_features,
    load_model,
    suit_features,
)
from scripts import trump_fit  # the offline trainer, not part of the installed package

PROJECT = Path(__file__).resolve().parent.parent


def mask(cards: str) -> int:
    return CardSet.parse(cards).mask


def test_feature_vectors_match_their_names():
    rng = random.Random(1)
    for _ in range(50):
        hand = sum(1 << c for c in rng.sample(range(36), 9))
        for suit in range(4):
            assert len(suit_features(hand, suit)) == len(SUIT_FEATURES)
        assert len(hand_features(hand)) == len(HAND_FEATURES)


def test_suit_features_read_the_trump_suit_and_the_side_suits():
    hand = mask("HJ H9 HA H6 SA SK D6 D7 D8")  # hearts trump: Buur, Nell, ace; clubs void
    features = dict(zip(SUIT_FEATURES, suit_features(hand, int(Trump.HEARTS)), strict=True))
    assert features["TJ"] == features["T9"] == features["TA"] == 1
    assert features["trumps"] == 4
    assert features["J+9"] == 1 and features["J+9+A"] == 1 and features["no J no 9"] == 0
    assert features["side A"] == 1 and features["side A+K"] == 1
    assert features["voids"] == 1 and features["voids*trumps"] == 4
    spades = dict(zip(SUIT_FEATURES, suit_features(hand, int(Trump.SPADES)), strict=True))
    assert spades["trumps"] == 2 and spades["TJ"] == 0 and spades["no J no 9"] == 1


def test_model_rejects_tables_of_the_wrong_size():
    good = MODEL.direct
    with pytest.raises(ValueError, match="chibre"):
        Model(good, good, good)


def test_strong_suit_is_named_and_a_weak_hand_passes():
    strong = mask("HJ H9 HA HK H7 SA SK D6 C6")
    assert best_choice(strong, True, False) is Trump.HEARTS
    weak = mask("H6 H8 HQ D7 DQ C8 CT S7 SQ")
    assert best_choice(weak, True, False) is CHIBRE
    # after a chibre the choice is forced: a suit, never chibre again
    assert best_choice(weak, False, True) in (Trump.HEARTS, Trump.DIAMONDS, Trump.CLUBS,
                                              Trump.SPADES)
    assert CHIBRE not in choice_points(weak, False, True)


def test_the_buur_is_worth_more_than_the_six_of_trumps():
    with_buur = mask("HJ H7 H8 SA D6 D7 C6 C7 C8")
    with_six = mask("H6 H7 H8 SA D6 D7 C6 C7 C8")
    own_buur, opp_buur = choice_points(with_buur, False, False)[Trump.HEARTS]
    own_six, opp_six = choice_points(with_six, False, False)[Trump.HEARTS]
    assert own_buur - opp_buur > own_six - opp_six


def test_solve_recovers_the_weights_of_exact_linear_data():
    rng = random.Random(4)
    truth = (3.0, -2.0, 0.5, 7.0)
    rows = [(1, rng.randrange(5), rng.randrange(3), rng.randrange(2)) for _ in range(200)]
    targets = [sum(w * x for w, x in zip(truth, row, strict=True)) for row in rows]
    weights = trump_fit.solve(rows, targets, ridge=1e-9)
    assert weights == pytest.approx(truth, abs=1e-6)


def test_play_deal_is_reproducible_and_scores_every_choice():
    first = trump_fit.play_deal(5, 0)
    assert first == trump_fit.play_deal(5, 0)
    assert len(first.direct) == len(first.chibred) == 4
    assert sum(h.bit_count() for h in first.hands) == 36
    for own, theirs in first.direct + first.chibred:
        assert own + theirs >= 157  # every card point and the last trick go to someone


def test_a_fitted_model_round_trips_through_its_data_file(tmp_path):
    deals = [trump_fit.play_deal(2, i) for i in range(24)]
    model = trump_fit.fit(deals, rounds=1)
    path = tmp_path / WEIGHTS_FILE
    trump_fit.write_weights(model, path)
    again = Model.from_json(path.read_text(encoding="utf-8"))
    assert (again.direct, again.after_chibre, again.chibre) == (
        model.direct, model.after_chibre, model.chibre)


def test_the_weights_ship_as_package_data_exactly_as_the_trainer_writes_them():
    text = resources.files("engine.chibre.bots").joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
    assert text == MODEL.to_json()
    assert trump_fit.WEIGHTS_PATH == PROJECT / "engine" / "chibre" / "bots" / WEIGHTS_FILE
    model = load_model()
    assert (model.direct, model.after_chibre, model.chibre) == (
        MODEL.direct, MODEL.after_chibre, MODEL.chibre)
    # the trainer is offline
    assert not (PROJECT / "engine" / "chibre" / "bots" / "trump_fit.py").exists()


def test_weights_for_other_features_or_of_the_wrong_shape_are_refused():
    data = json.loads(MODEL.to_json())
    stale = dict(data, suit_features=data["suit_features"][:-1])
    with pytest.raises(ValueError, match="other features"):
        Model.from_json(json.dumps(stale))
    broken = dict(data, chibre={"own": ["x"], "opponents": []})
    with pytest.raises(ValueError, match="chibre needs two lists of numbers"):
        Model.from_json(json.dumps(broken))
    short = dict(data, chibre={"own": [1.0], "opponents": [2.0]})
    with pytest.raises(ValueError, match="chibre: expected 17 weights"):
        Model.from_json(json.dumps(short))
    with pytest.raises(ValueError, match="JSON object"):
        Model.from_json("[]")
