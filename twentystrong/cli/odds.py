"""``twentystrong odds``: damage distribution and kill probability for a set of dice.

``twentystrong odds --dice Y2,G1,B1,P1,R1 --health 6 --phases 2`` prints a histogram of one roll's damage and the
key figures; ``--json`` prints them as one JSON object. The figures come from :mod:`twentystrong.odds`; this
module only parses and prints. Bad arguments give a message and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction
from typing import Any

from twentystrong.odds import (
    COLORS,
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


def _dice(text: str) -> DiceCounts:
    try:
        dice = DiceCounts.parse(text)
    except DiceError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    if not dice.total:
        raise argparse.ArgumentTypeError("give at least one die, e.g. --dice Y2,G1,B")
    return dice


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
        help="the dice rolled: colour letter (Y G B P R) and count, comma-separated, e.g. Y2,G1,B1,P1,R1 "
        "(a bare letter is one die)",
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
    dice: DiceCounts = args.dice
    roll = single_roll(dice, model)
    report: dict[str, Any] = {
        "dice": str(dice),
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
    lines = [f"Dice: {report['dice']}"]
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
