"""``twentystrong odds``: damage distribution and kill probability for a set of dice.

``twentystrong odds --dice Y2,G1,B1,P1,R1 --health 6 --phases 2`` prints a histogram of one roll's damage and the
key figures; ``--json`` prints them as one JSON object. The figures come from :mod:`twentystrong.odds`; this
module only parses and prints. Bad arguments give a message and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from fractions import Fraction
from typing import Any, NamedTuple

from twentystrong.odds import (
    COLORS,
    DICE_PER_COLOR,
    LETTERS,
    MAX_PHASES,
    PLAIN,
    Color,
    DamageModel,
    DiceCounts,
    DiceError,
    kill_probabilities,
    kill_probability_exact,
    single_roll,
)

_COLOR_OF_LETTER: dict[str, Color] = {letter: color for color, letter in LETTERS.items()}
BAR_WIDTH = 40


class DiceSpec(NamedTuple):
    """The dice given with ``--dice``: how many of each colour, and which dice when they were named by id."""

    counts: DiceCounts
    ids: tuple[str, ...] | None


_ID = re.compile(r"^([A-Z])([0-9]+)$")
_COUNT = re.compile(r"^([0-9]+)([A-Z])$")


def parse_dice(text: str) -> DiceSpec:
    """``--dice`` in the game's own words: die ids (``Y1,B2,B3``, as the table and the log name dice) or counts
    written count first (``2B,1P``: two blue dice and one purple). Anything else, or the two mixed, is refused with
    a message that says how to write it (raises :class:`DiceError`)."""
    items = [item.strip().upper() for item in re.split(r"[,\s]+", text) if item.strip()]
    if not items:
        raise DiceError("give at least one die, e.g. --dice Y1,B2,B3 (die ids) or --dice 2B,1P (counts)")
    ids: list[str] = []
    counts: dict[Color, int] = dict.fromkeys(COLORS, 0)
    counted = False
    for item in items:
        named, numbered = _ID.match(item), _COUNT.match(item)
        if named and named.group(1) in _COLOR_OF_LETTER:
            letter, number = named.group(1), int(named.group(2))
            color = _COLOR_OF_LETTER[letter]
            have = DICE_PER_COLOR[color]
            if not 1 <= number <= have:
                last = f"{letter}1" if have == 1 else f"{letter}1–{letter}{have}"
                raise DiceError(f"there is no die {item}: the {color} {'die is' if have == 1 else 'dice are'} {last}")
            if item in ids:
                raise DiceError(f"die {item} is listed twice")
            ids.append(item)
        elif numbered and numbered.group(2) in _COLOR_OF_LETTER:
            counted = True
            counts[_COLOR_OF_LETTER[numbered.group(2)]] += int(numbered.group(1))
        elif item in _COLOR_OF_LETTER:
            raise DiceError(
                f"{item!r} alone is ambiguous: write {item}1 for the die {item}1, or 1{item} for one "
                f"{_COLOR_OF_LETTER[item]} die"
            )
        else:
            letters = ", ".join(f"{LETTERS[c]}={c}" for c in COLORS)
            raise DiceError(
                f"{item!r} is neither a die id (Y1–Y4, G1–G4, B1–B4, P1–P4, R1) nor a count (2B); colours: {letters}"
            )
        if ids and counted:
            raise DiceError(
                f"{text.strip()!r} mixes die ids and counts: write all ids (Y1,B2,B3) or all counts (1Y,2B)"
            )
    if ids:
        return DiceSpec(DiceCounts.from_ids(ids), tuple(ids))
    return DiceSpec(DiceCounts.from_mapping(counts), None)


def count_words(dice: DiceCounts) -> str:
    """``2B,1P``: counts written count first, as ``--dice`` reads them."""
    return ",".join(f"{n}{LETTERS[c]}" for c, n in dice.items() if n) or "none"


def _dice(text: str) -> DiceSpec:
    try:
        spec = parse_dice(text)
    except DiceError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if not spec.counts.total:
        raise argparse.ArgumentTypeError("give at least one die, e.g. --dice Y1,B2,B3 or --dice 2B,1P")
    return spec


def _int_at_least(low: int, what: str, high: int | None = None) -> Any:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, not {text!r}") from None
        if value < low or (high is not None and value > high):
            bound = f"between {low} and {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"{what} must be {bound}, not {value}")
        return value

    return parse


def _colors(text: str) -> list[Color]:
    out: list[Color] = []
    for letter in text.replace(",", "").upper():
        if letter not in _COLOR_OF_LETTER:
            letters = ", ".join(LETTERS[c] for c in COLORS)
            raise argparse.ArgumentTypeError(f"unknown colour letter {letter!r} (use {letters})")
        out.append(_COLOR_OF_LETTER[letter])
    return out


def configure(parser: argparse.ArgumentParser) -> None:
    """Declare the arguments of ``twentystrong odds``."""
    parser.add_argument(
        "--dice",
        type=_dice,
        required=True,
        metavar="SPEC",
        help="the dice rolled, as die ids (Y1,B2,B3: the game's names for the dice) or as counts written count "
        "first (2B,1P: two blue dice and one purple); not both in one list",
    )
    parser.add_argument("--health", type=_int_at_least(1, "health"), metavar="H", help="the target's Health")
    parser.add_argument(
        "--phases",
        type=_int_at_least(1, "phases", MAX_PHASES),
        default=1,
        metavar="K",
        help=f"Strategy phases left to roll, 1 to {MAX_PHASES} (default 1); best play between rolls",
    )
    parser.add_argument(
        "--applied",
        type=_int_at_least(0, "applied damage"),
        default=0,
        metavar="D",
        help="damage already on the target (default 0)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    parser.add_argument(
        "--exact",
        action="store_true",
        help="also compute the kill probability over several phases as an exact fraction (slow for many dice)",
    )
    model = parser.add_argument_group("card effects on the target (the damage model)")
    model.add_argument(
        "--bonus",
        type=_colors,
        action="append",
        default=[],
        metavar="LETTERS",
        help="basic hits and crits of these colours deal 1 more, e.g. --bonus G (repeatable)",
    )
    model.add_argument("--crits-zero", action="store_true", help="crits deal no damage")
    model.add_argument(
        "--cannot-apply",
        type=_colors,
        action="append",
        default=[],
        metavar="LETTERS",
        help="dice of these colours cannot be applied, e.g. --cannot-apply Y (repeatable)",
    )


def _model(args: argparse.Namespace) -> DamageModel:
    model = PLAIN
    for colors in args.bonus:
        model = model.with_bonus(colors)
    if args.crits_zero:  # after the bonus: crits deal no damage at all
        model = model.with_crits_dealing(0)
    for colors in args.cannot_apply:
        model = model.without_applying(colors)
    return model


def run(args: argparse.Namespace) -> int:
    """Compute and print the odds described by ``args``."""
    model = _model(args)
    spec: DiceSpec = args.dice
    dice = spec.counts
    roll = single_roll(dice, model)
    report: dict[str, Any] = {
        "dice": count_words(dice),
        "dice_ids": list(spec.ids) if spec.ids is not None else None,
        "distribution": [float(p) for p in roll.distribution],
        "expected_damage": float(roll.expected_damage),
        "crit_probability": float(roll.crit_probability),
        "kill_probability": None,
        "distribution_exact": [str(p) for p in roll.distribution],
        "expected_damage_exact": str(roll.expected_damage),
        "crit_probability_exact": str(roll.crit_probability),
    }
    if args.health is not None:
        need = args.health - args.applied
        by_phases = kill_probabilities(dice, args.health, applied=args.applied, phases=args.phases, model=model)
        exact: Fraction | None = None
        if args.phases == 1 or args.exact:
            exact = kill_probability_exact(dice, args.health, applied=args.applied, phases=args.phases, model=model)
        report.update(
            health=args.health,
            applied=args.applied,
            phases=args.phases,
            need=max(0, need),
            single_roll_kill_probability=float(roll.at_least(need)),
            kill_probability=by_phases[-1],
            kill_probability_by_phases=list(by_phases),
        )
        if exact is not None:
            report["kill_probability_exact"] = str(exact)
    if not model.is_plain():
        report["damage_model"] = {
            color: {
                "hit": model.of(color).hit,
                "crit": model.of(color).crit,
                "hit_applies": model.of(color).hit_applies,
                "crit_applies": model.of(color).crit_applies,
            }
            for color in COLORS
        }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(text_report(report, bar=_bar_char()))
    return 0


def _bar_char() -> str:
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "█".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return "#"
    return "█"


def _percent(p: float) -> str:
    if 0 < p < 0.0001:
        return "<0.01%"
    if 0.9999 < p < 1:
        return ">99.99%"
    return f"{p:.2%}"


def text_report(report: dict[str, Any], *, bar: str = "█") -> str:
    """The plain-text form of a report built by :func:`run`: a histogram, then the key figures."""
    dist: list[float] = report["distribution"]
    spelled = ", ".join(f"{n} {c}" for c, n in _counts_of(report["dice"]))
    named = " ".join(report["dice_ids"]) if report.get("dice_ids") else report["dice"]
    lines = [f"Dice: {named} ({spelled})"]
    if "damage_model" in report:
        changed = [
            f"{c}: hit {m['hit']}{'' if m['hit_applies'] else ' (not applicable)'}, "
            f"crit {m['crit']}{'' if m['crit_applies'] else ' (not applicable)'}"
            for c, m in report["damage_model"].items()
        ]
        lines.append("Damage model: " + "; ".join(changed))
    lines += ["", "One roll, damage dealt if every hit and crit is applied:", " dmg  probability"]
    top = max(dist)
    for damage, p in enumerate(dist):
        width = round(BAR_WIDTH * p / top) if top else 0
        if p and not width:
            width = 1
        lines.append(f"{damage:>4}  {_percent(p):>8}  {bar * width}")
    lines += [
        "",
        f"Expected damage:          {report['expected_damage']:.3f} ({report['expected_damage_exact']})",
        f"P(at least one crit):     {_percent(report['crit_probability'])}",
    ]
    if report.get("kill_probability") is not None:
        need = report["need"]
        phases = report["phases"]
        applied = f", {report['applied']} already applied" if report["applied"] else ""
        lines += [
            f"Target:                   Health {report['health']}{applied}: needs {need} more damage",
            f"P(damage ≥ {need}) in one roll: {_percent(report['single_roll_kill_probability'])}",
            f"Kill probability within {phases} phase{'s' if phases != 1 else ''} (best play): "
            f"{_percent(report['kill_probability'])}"
            + (f" = {report['kill_probability_exact']}" if "kill_probability_exact" in report else ""),
        ]
        if phases > 1:
            by = report["kill_probability_by_phases"]
            lines.append("  by phases: " + ", ".join(f"{k}: {_percent(p)}" for k, p in enumerate(by, start=1)))
    return "\n".join(lines)


def _counts_of(words: str) -> list[tuple[Color, int]]:
    """``2B,1P`` → ``[("blue", 2), ("purple", 1)]``."""
    out = []
    for item in words.split(","):
        match = _COUNT.match(item)
        if match:
            out.append((_COLOR_OF_LETTER[match.group(2)], int(match.group(1))))
    return out
