"""``twentystrong odds``: text and JSON output, and bad arguments (exit status 2, a message, no traceback)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from twentystrong.cli.main import main
from twentystrong.odds import PLAIN, DiceCounts, kill_probability, single_roll
from twentystrong.odds.rules import Conversion, RollRules


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        status = main(["odds", *args])
    except SystemExit as exc:
        status = int(exc.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--dice", "2Y,1G,1B,1P,1R", "--health", "6", "--phases", "3", "--json")
    assert status == 0
    report = json.loads(out)
    dice = DiceCounts.parse("Y2,G1,B1,P1,R1")
    roll = single_roll(dice)
    assert report["distribution"] == [float(p) for p in roll.distribution]
    assert sum(report["distribution"]) == pytest.approx(1)
    assert [Fraction(p) for p in report["distribution_exact"]] == list(roll.distribution)
    assert report["expected_damage"] == pytest.approx(14 / 3)
    assert report["crit_probability"] == pytest.approx(1 - (5 / 6) ** 6)
    assert report["kill_probability"] == pytest.approx(kill_probability(dice, 6, phases=3))
    assert len(report["kill_probability_by_phases"]) == 3
    assert report["kill_probability_by_phases"][0] == pytest.approx(float(roll.at_least(6)))


def test_json_one_phase_is_exact_and_applied_counts(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--dice", "B1,B2", "--health", "5", "--applied", "2", "--json")
    report = json.loads(out)
    assert status == 0 and report["need"] == 3 and report["phases"] == 1
    assert Fraction(report["kill_probability_exact"]) == single_roll(DiceCounts(blue=2)).at_least(3)
    assert report["kill_probability"] == pytest.approx(float(Fraction(report["kill_probability_exact"])))


def test_json_damage_model_options(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--dice", "2G,1Y", "--json", "--bonus", "G", "--cannot-apply", "Y", "--crits-zero")
    report = json.loads(out)
    # Green: hit 2, crit 0 (4 faces deal 0, 2 deal 2); yellow cannot be applied.
    assert report["distribution"] == pytest.approx([4 / 9, 0, 4 / 9, 0, 1 / 9])
    assert report["kill_probability"] is None
    assert report["damage_model"]["green"] == {"hit": 2, "crit": 0, "hit_applies": True, "crit_applies": True}


def test_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--dice", "2Y,1G,1B,1P,1R", "--health", "6", "--phases", "2")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "Dice: 2Y,1G,1B,1P,1R (2 yellow, 1 green, 1 blue, 1 purple, 1 red)"
    histogram = [line for line in lines if line[:4].strip().isdigit()]
    assert len(histogram) == 13  # damage 0 to 12
    assert "   4    23.36%  " + "█" * 40 in out or "   4    23.36%  " + "#" * 40 in out
    assert "Expected damage:          4.667 (14/3)" in out
    assert "P(at least one crit):     66.51%" in out
    assert "Kill probability within 2 phases (best play): 67.33%" in out
    assert "by phases: 1: 29.23%, 2: 67.33%" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--dice", "X2"], "'X2' is neither a die id (Y1–Y4, G1–G4, B1–B4, P1–P4, R1) nor a count (2B)"),
        (["--dice", "B5"], "there is no die B5: the blue dice are B1–B4"),
        (["--dice", "R2"], "there is no die R2: the red die is R1"),
        (["--dice", "5B"], "only 4 blue dice, not 5"),
        (["--dice", "2R"], "only 1 red die, not 2"),
        (["--dice", "B"], "'B' alone is ambiguous: write B1 for the die B1, or 1B for one blue die"),
        (["--dice", "Y1,2B"], "mixes die ids and counts: write all ids (Y1,B2,B3) or all counts (1Y,2B)"),
        (["--dice", "B1,B1"], "die B1 is listed twice"),
        (["--dice", "Y1", "--health", "-3"], "health must be at least 1"),
        (["--dice", "Y1", "--health", "three"], "health must be a whole number"),
        (["--dice", "Y1", "--health", "3", "--phases", "7"], "phases must be between 1 and 6"),
        (["--dice", "Y1", "--health", "3", "--applied", "-1"], "applied damage must be at least 0"),
        (["--dice", ""], "give at least one die"),
        (["--health", "3"], "required: --dice"),
        (["--dice", "Y1", "--bonus", "Q"], "unknown colour letter 'Q'"),
    ],
)
def test_bad_arguments(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2
    assert message in err and "Traceback" not in err and not out


def test_dice_are_named_as_the_game_names_them(capsys: pytest.CaptureFixture[str]) -> None:
    """``B1,B2,P3`` are three dice (the game's die ids: two blue, one purple), not counts; ``2B,1P`` are counts."""
    _, out, _ = run(capsys, "--dice", "B1,B2,P3", "--json")
    by_ids = json.loads(out)
    assert by_ids["dice"] == "2B,1P" and by_ids["dice_ids"] == ["B1", "B2", "P3"]
    assert by_ids["distribution"] == [float(p) for p in single_roll(DiceCounts(blue=2, purple=1)).distribution]
    _, out, _ = run(capsys, "--dice", "2b, 1p", "--json")
    by_counts = json.loads(out)
    assert by_counts["dice"] == "2B,1P" and by_counts["dice_ids"] is None
    assert by_counts["distribution"] == by_ids["distribution"]
    _, out, _ = run(capsys, "--dice", "B1,B2,P3")
    assert out.splitlines()[0] == "Dice: B1 B2 P3 (2 blue, 1 purple)"


# --- issue 17: what the player holds, the rules on rolls, the advice -------------------------------------------------


def test_the_issue_command_reads_die_ids_and_counts_apart(capsys: pytest.CaptureFixture[str]) -> None:
    """``Y4,G4,B4,P4,R1`` are five die ids since issue 15; all 17 dice are ``4Y,4G,4B,4P,1R``."""
    _, out, _ = run(capsys, "--dice", "Y4,G4,B4,P4,R1", "--health", "20", "--phases", "6", "--json", "--bonus", "G")
    assert json.loads(out)["dice"] == "1Y,1G,1B,1P,1R"
    _, out, _ = run(capsys, "--dice", "4Y,4G,4B,4P,1R", "--health", "20", "--phases", "6", "--json", "--bonus", "G")
    report = json.loads(out)
    assert report["dice"] == "4Y,4G,4B,4P,1R" and report["advice"] is None
    green = PLAIN.with_bonus(["green"])
    assert report["kill_probability"] == pytest.approx(kill_probability(DiceCounts.all(), 20, phases=6, model=green))


def test_the_heros_ability_counts_and_the_advice_names_it(capsys: pytest.CaptureFixture[str]) -> None:
    """``--ability corona`` (from the shipped deck) counts Corona's once-a-round change; ``--faces`` gives the move
    after a roll, as the panel says it."""
    args = ("--dice", "G3,G4,P3,P4", "--health", "6", "--phases", "3", "--json", "--ability", "corona")
    _, out, _ = run(capsys, *args, "--faces", "G3:crit,G4:m,P3:h,P4:hit")
    report = json.loads(out)
    corona = Conversion("Corona's ability", ("miss",), ("crit",), frozenset({"yellow", "green", "blue"}))
    dice = DiceCounts.parse("G2,P2")
    assert report["resources"] == ["Corona's ability"]
    assert report["kill_probability"] == pytest.approx(kill_probability(dice, 6, phases=3, conversion=corona))
    advice = report["advice"]
    assert advice["uses"] == [{"name": "Corona's ability", "dice": [["G4", "crit"]]}]
    assert sorted(advice["apply"]) == ["G3", "G4", "P3", "P4"] and advice["defeats"] and advice["exact"]
    assert (
        advice["words"] == "use Corona's ability on G4○ (→ crit), then apply G3✶ G4✶ P3• P4• to the target (defeats it)"
    )
    _, text, _ = run(capsys, *[a for a in args if a != "--json"], "--faces", "G3:k,G4:m,P3:h,P4:h")
    assert "Counting: Corona's ability (used at their best)" in text and "Advice: use Corona's ability on G4○" in text


def test_rules_on_rolls_and_a_simulated_item(capsys: pytest.CaptureFixture[str]) -> None:
    """``--misses-kept`` is held exactly; a two-dice change (Magnetite Swarm) is simulated, with its error bar."""
    _, out, _ = run(capsys, "--dice", "2G,1B,1P", "--health", "5", "--phases", "2", "--json", "--misses-kept")
    report = json.loads(out)
    kept = RollRules.of(kept=["miss"])
    assert report["roll_rules"] == ["misses are not rolled again"]
    assert report["kill_probability"] == pytest.approx(
        kill_probability(DiceCounts.parse("G2,B1,P1"), 5, phases=2, rules=kept)
    )
    _, out, _ = run(
        capsys, "--dice", "2G,1B,1P", "--health", "5", "--phases", "2", "--json", "--item", "magnetite-swarm"
    )
    report = json.loads(out)
    assert report["method"] == "simulated" and report["kill_probability_error"] > 0
    assert report["resources"] == ["Magnetite Swarm"]


def test_the_pool_gives_the_fewest_dice_to_commit(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--dice", "B1", "--health", "5", "--phases", "3", "--pool", "Y1,Y2,G1,P1,R1", "--json")
    advice = json.loads(out)["advice"]
    assert advice["target"] == 0.9 and advice["reached"] and advice["cost"] == len(advice["commit"])
    chance = kill_probability(DiceCounts.from_ids(["B1", *advice["commit"]]), 5, phases=3)
    assert advice["kill_probability"] == pytest.approx(chance) and chance >= 0.9
    assert advice["words"].startswith("+" + " ".join(advice["commit"]))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--dice", "G1", "--health", "3", "--ability", "nobody"], "no hero 'nobody' in solar-sentinels"),
        (["--dice", "G1", "--health", "3", "--item", "rust-maw"], "no item 'rust-maw' in solar-sentinels"),
        (["--dice", "G1", "--health", "3", "--deck", "no-such-deck", "--item", "x"], "cannot read the deck"),
        (["--dice", "1G", "--health", "3", "--faces", "G1:m"], "--faces needs the dice by id"),
        (["--dice", "G1,G2", "--health", "3", "--faces", "G1:m"], "the face of each die in --dice"),
        (["--dice", "G1", "--faces", "G1:m"], "--faces needs --health"),
        (["--dice", "G1", "--health", "3", "--faces", "G1:up"], "is not a die and its face"),
        (["--dice", "G1", "--health", "3", "--pool", "G1"], "--pool and --dice share G1"),
        (
            ["--dice", "G1", "--health", "3", "--item", "battle-furry", "--deck", "hoplomachus-victorum"],
            "no item 'battle-furry' in hoplomachus-victorum (a card item, a Tactic or an Opportunity",
        ),
        (["--dice", "G1", "--health", "3", "--item", "battle-fury"], "no item 'battle-fury' in solar-sentinels"),
        (["--dice", "G1", "--health", "5", "--applied", "G1:h"], "--applied and --dice share G1"),
        (["--dice", "G1", "--health", "5", "--applied", "Q1:h"], "--applied is a damage (e.g. 3) or the dice"),
        (["--dice", "G1", "--health", "5", "--applied", "B1:up"], "--applied is a damage (e.g. 3) or the dice"),
    ],
)
def test_bad_resource_and_advice_arguments(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    status, out, err = run(capsys, *args)
    assert status == 2
    assert message in err and "Traceback" not in err and not out


HV = ("--deck", "hoplomachus-victorum")


def test_a_tactic_and_an_opportunity_are_items_the_command_line_counts(capsys: pytest.CaptureFixture[str]) -> None:
    """``--item`` takes a Tactic (Battle Fury: every die deals 1 more this round) and an Opportunity held as an item
    (Relentless: yellow and green deal 1 more), as the panel counts them in a game."""
    plain_args = ("--dice", "2B", "--health", "4", "--json", *HV)
    _, out, _ = run(capsys, *plain_args)
    plain = json.loads(out)["kill_probability"]
    status, out, err = run(capsys, *plain_args, "--item", "battle-fury")
    report = json.loads(out)
    assert status == 0 and not err and report["resources"] == ["Battle Fury"]
    assert report["kill_probability"] > plain
    status, out, _ = run(capsys, "--dice", "2G", "--health", "4", "--json", *HV, "--item", "relentless")
    assert status == 0 and json.loads(out)["damage_model"]["green"]["hit"] == 2


def test_the_figure_says_which_resource_it_counts(capsys: pytest.CaptureFixture[str]) -> None:
    """The commit plan counts Battle Fury and says so, with the chance without it; the advice after a roll names
    the Tactic when it uses it (through the same advisor as the panel)."""
    args = ("--dice", "B1", "--health", "5", "--phases", "2", "--pool", "B2,B3,P1", *HV, "--item", "battle-fury")
    _, out, _ = run(capsys, *args, "--json")
    advice = json.loads(out)["advice"]
    assert advice["reached"] and advice["kill_probability_without"] < advice["kill_probability"]
    assert advice["words"].endswith(
        " with Battle Fury (" + f"{round(advice['kill_probability_without'] * 100)}% without)"
    )
    _, text, _ = run(capsys, *args)
    assert "To reach 90%: commit +" in text and "with Battle Fury (" in text
    # Held for later, the Tactic is in the figure, and the words say so (the chance without it too, in JSON).
    faces = ("--dice", "B1,B2,P1", "--health", "6", "--phases", "2", *HV, "--item", "battle-fury")
    _, out, _ = run(capsys, *faces, "--faces", "B1:h,B2:m,P1:h", "--json")
    advice = json.loads(out)["advice"]
    chance = round(advice["kill_probability"] * 100)
    assert advice["words"] == f"apply B1• P1• to the target, keep B2 rolling → {chance}% to defeat with Battle Fury"
    assert advice["assumes"] == ["Battle Fury"] and advice["kill_probability_without"] < advice["kill_probability"]
    # 2 + 1 damage fall short of 4; with every die 1 more they reach 5.
    _, out, _ = run(capsys, "--dice", "B1,B2", "--health", "4", *HV, "--item", "battle-fury", "--faces", "B1:k,B2:h")
    assert "Advice: use Battle Fury, then apply B1✶ B2• to the target (defeats it)" in out


def test_dice_already_applied_count_as_damage_on_the_target(capsys: pytest.CaptureFixture[str]) -> None:
    """``--applied P3:h,R1:k``: the dice on the target deal their damage (as ``--applied`` with a number does)."""
    _, out, _ = run(capsys, "--dice", "B1,B2", "--health", "6", "--applied", "P3:h,R1:k", "--json")
    by_dice = json.loads(out)
    _, out, _ = run(capsys, "--dice", "B1,B2", "--health", "6", "--applied", "3", "--json")
    assert by_dice["need"] == json.loads(out)["need"] == 3
    assert by_dice["kill_probability"] == json.loads(out)["kill_probability"]
    _, out, _ = run(
        capsys, "--dice", "B1,B2", "--health", "6", "--applied", "P3:h,R1:k", "--json", *HV, "--item", "battle-fury"
    )
    assert json.loads(out)["applied"] == 3 and json.loads(out)["resources"] == ["Battle Fury"]


def test_a_round_wide_bonus_reaches_the_dice_already_applied(capsys: pytest.CaptureFixture[str]) -> None:
    """``--applied P3:h,R1:k`` with Battle Fury held: every die deals 1 more this round, the two on the target too,
    so with two misses rolled the Tactic alone defeats a target needing 2 more. Given as a number, the damage on
    the target is not dice the bonus can reach."""
    args = ("--dice", "B1,B2", "--health", "5", *HV, "--item", "battle-fury", "--faces", "B1:m,B2:m")
    _, out, _ = run(capsys, *args, "--applied", "P3:h,R1:k")
    assert "Advice: use Battle Fury (defeats it)" in out
    _, out, _ = run(capsys, *args, "--applied", "3")
    assert "Advice: these dice cannot defeat the target in the rolls left" in out


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "de",
            [
                "Würfel: G3 G4 B1 (2 grün, 1 blau)",
                "Erwarteter Schaden:              2,167 (13/6)",
                "Chance zu besiegen in 2 Phasen (bestes Spiel): 37,85\u00a0%",
                "Rat: G3✶ G4• auf das Ziel zuordnen, B1 weiter werfen → 67\u00a0% zum Besiegen",
            ],
        ),
        (
            "fr",
            [
                "Dés\u00a0: G3 G4 B1 (2 vert, 1 bleu)",
                "Dégâts attendus\u00a0:         2,167 (13/6)",
                "Chance de vaincre en 2 phases (meilleur jeu)\u00a0: 37,85\u00a0%",
                "Conseil\u00a0: assigner G3✶ G4• à la cible, relancer B1 → 67\u00a0% de vaincre",
            ],
        ),
    ],
)
def test_text_and_advice_in_german_and_french(capsys: pytest.CaptureFixture[str], lang: str, said: list[str]) -> None:
    """``--lang de`` / ``--lang fr``: the report's lines and the advice read in the language (the advice one sentence
    with the dice and the target as its placeholders); a bad argument's message too."""
    args = ("--dice", "G3,G4,B1", "--health", "4", "--faces", "G3:crit,G4:hit,B1:miss", "--phases", "2")
    status, out, _ = run(capsys, "--lang", lang, *args)
    assert status == 0
    lines = out.splitlines()
    for line in said:
        assert line in lines, (line, out)
    for english in ("Dice:", "Expected damage", "Advice:", "apply", "to defeat", "keep"):
        assert english not in out, english
    status, _, err = run(capsys, "--lang", lang, "--dice", "B5")
    wanted = {"de": "es gibt keinen Würfel B5", "fr": "il n'y a pas de dé B5"}[lang]
    assert status == 2 and wanted in err, err
