"""Dice specifications and damage models as the odds take them."""

from __future__ import annotations

import pytest

from twentystrong.engine import dice as engine_dice
from twentystrong.odds import (
    DIE_IDS,
    FACES,
    PLAIN,
    Color,
    ColorDamage,
    DamageModel,
    DiceCounts,
    DiceError,
    Face,
    applied_damage,
    color_of,
)


def test_faces_follow_the_engine_and_the_rules() -> None:
    assert DIE_IDS == engine_dice.DIE_IDS
    assert [(f.miss, f.hit, f.crit) for f in FACES.values()] == [(4, 1, 1), (3, 2, 1), (2, 3, 1), (1, 4, 1), (0, 5, 1)]


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("Y2,G1,B1,P1,R1", DiceCounts(2, 1, 1, 1, 1)),
        ("B", DiceCounts(blue=1)),
        ("b, b ,P3", DiceCounts(blue=2, purple=3)),
        ("Y4,G4,B4,P4,R1", DiceCounts.all()),
        ("", DiceCounts()),
        ("R0", DiceCounts()),
    ],
)
def test_parse(spec: str, expected: DiceCounts) -> None:
    assert DiceCounts.parse(spec) == expected


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("X2", "unknown colour letter 'X'"),
        ("B5", "only 4 blue dice, not 5"),
        ("R,R", "only 1 red die, not 2"),
        ("B-1", "not a colour letter followed by a count"),
        ("Bx", "not a colour letter followed by a count"),
    ],
)
def test_parse_rejects(spec: str, message: str) -> None:
    with pytest.raises(DiceError, match=message):
        DiceCounts.parse(spec)


def test_other_constructors() -> None:
    assert DiceCounts.from_ids(["Y1", "B3", "B1", "R1"]) == DiceCounts(yellow=1, blue=2, red=1)
    assert DiceCounts.from_tuple((1, 0, 0, 0, 1)).die_ids() == ("Y1", "R1")
    assert str(DiceCounts(green=2, red=1)) == "G2,R1" and str(DiceCounts()) == "none"
    assert DiceCounts.all().total == 17
    assert color_of("P4") == "purple"
    with pytest.raises(DiceError, match="listed twice"):
        DiceCounts.from_ids(["Y1", "Y1"])
    with pytest.raises(DiceError, match="unknown die id"):
        color_of("Y5")
    with pytest.raises(DiceError, match="negative"):
        DiceCounts(yellow=-1)


def test_damage_model() -> None:
    assert PLAIN.is_plain() and PLAIN.damage("blue", "crit") == 2 and PLAIN.damage("blue", "miss") == 0
    bonus = PLAIN.with_bonus(["green"])
    assert (bonus.damage("green", "hit"), bonus.damage("green", "crit"), bonus.damage("blue", "hit")) == (2, 3, 1)
    zero = PLAIN.with_crits_dealing(0)
    assert zero.damage("red", "crit") == 0 and zero.damage("red", "hit") == 1
    blocked = PLAIN.without_applying(["yellow"])
    assert blocked.damage("yellow", "crit") == 0 and not blocked.of("yellow").can_apply("hit")
    assert DamageModel.from_mapping({"red": ColorDamage(hit=3)}).damage("red", "hit") == 3
    assert hash(bonus) == hash(PLAIN.with_bonus(["green"]))
    with pytest.raises(ValueError, match="non-negative"):
        ColorDamage(hit=-1)


def test_applied_damage_follows_the_model_in_force_now() -> None:  # R5
    faces: list[tuple[Color, Face]] = [("green", "crit"), ("blue", "hit")]
    assert applied_damage(faces) == 3
    assert applied_damage(faces, PLAIN.with_bonus(["green"])) == 4
