"""``twentystrong odds``: damage distribution, kill probability and advice for a set of dice.

``twentystrong odds --dice 2Y,1G,1B,1P,1R --health 6 --phases 2`` prints a histogram of one roll's damage and the
key figures; ``--json`` prints them as one JSON object. The card effects on the target (``--bonus`` …), the rules on
rolls (``--misses-kept`` …) and what the player holds (``--ability corona``, ``--item dust-wraith``, read from a
deck) count as they do in the game's odds panel; ``--faces`` asks the advice after a roll, ``--pool`` the fewest
pool dice that reach ``--target``. The figures come from :mod:`twentystrong.odds`; this module only parses and
prints. Bad arguments give a message and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from twentystrong.cli.arguments import error_line
from twentystrong.i18n import N_, _, ngettext, term
from twentystrong.i18n.numbers import decimal, percent_sign, ratio
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
    Face,
    kill_probabilities,
    kill_probability_exact,
    single_roll,
)
from twentystrong.odds.dice import FACES as DICE_FACES
from twentystrong.odds.rules import NO_RESOURCES, PLAIN_ROLLS, Resources, RollRules
from twentystrong.odds.targets import Target

if TYPE_CHECKING:
    from twentystrong.odds.advisor import Chance

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
        raise DiceError(_("give at least one die, e.g. --dice Y1,B2,B3 (die ids) or --dice 2B,1P (counts)"))
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
                words = ngettext(
                    "there is no die {die}: the {color} die is {last}",
                    "there is no die {die}: the {color} dice are {last}",
                    have,
                )
                raise DiceError(words.format(die=item, color=term(color), last=last))
            if item in ids:
                raise DiceError(_("die {die} is listed twice").format(die=item))
            ids.append(item)
        elif numbered and numbered.group(2) in _COLOR_OF_LETTER:
            counted = True
            counts[_COLOR_OF_LETTER[numbered.group(2)]] += int(numbered.group(1))
        elif item in _COLOR_OF_LETTER:
            words = _(
                "{item} alone is ambiguous: write {letter}1 for the die {letter}1, or 1{letter} for one {color} die"
            )
            raise DiceError(words.format(item=repr(item), letter=item, color=term(_COLOR_OF_LETTER[item])))
        else:
            letters = ", ".join(f"{LETTERS[c]}={term(c)}" for c in COLORS)
            words = _(
                "{item} is neither a die id (Y1–Y4, G1–G4, B1–B4, P1–P4, R1) nor a count (2B); colours: {letters}"
            )
            raise DiceError(words.format(item=repr(item), letters=letters))
        if ids and counted:
            words = _("{text} mixes die ids and counts: write all ids (Y1,B2,B3) or all counts (1Y,2B)")
            raise DiceError(words.format(text=repr(text.strip())))
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
        raise argparse.ArgumentTypeError(_("give at least one die, e.g. --dice Y1,B2,B3 or --dice 2B,1P"))
    return spec


_FACE_WORDS: dict[str, Face] = {"m": "miss", "miss": "miss", "h": "hit", "hit": "hit", "k": "crit", "crit": "crit"}


def _faces(text: str) -> dict[str, Face]:
    """``G3:crit,G4:m``: the face each die shows."""
    out: dict[str, Face] = {}
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        die, sep, face = item.replace("=", ":").partition(":")
        die = die.strip().upper()
        if not sep or face.strip().lower() not in _FACE_WORDS:
            words = _("{item} is not a die and its face, e.g. G3:crit or G3:k (m miss, h hit, k crit)")
            raise argparse.ArgumentTypeError(words.format(item=repr(item)))
        try:
            spec = parse_dice(die)
        except DiceError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        if spec.ids is None or len(spec.ids) != 1:
            raise argparse.ArgumentTypeError(_("{die} is not a die id (e.g. G3)").format(die=repr(die)))
        if die in out:
            raise argparse.ArgumentTypeError(_("die {die} is given two faces").format(die=die))
        out[die] = _FACE_WORDS[face.strip().lower()]
    if not out:
        raise argparse.ArgumentTypeError(_("give each die's face, e.g. --faces G3:crit,G4:miss"))
    return out


def _int_at_least(low: int, what: str, high: int | None = None) -> Any:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            words = _("{what} must be a whole number, not {text}")
            raise argparse.ArgumentTypeError(words.format(what=_(what), text=repr(text))) from None
        if value < low or (high is not None and value > high):
            words = (
                _("{what} must be between {low} and {high}, not {value}")
                if high is not None
                else _("{what} must be at least {low}, not {value}")
            )
            raise argparse.ArgumentTypeError(words.format(what=_(what), low=low, high=high, value=value))
        return value

    return parse


def _colors(text: str) -> list[Color]:
    out: list[Color] = []
    for letter in text.replace(",", "").upper():
        if letter not in _COLOR_OF_LETTER:
            letters = ", ".join(LETTERS[c] for c in COLORS)
            words = _("unknown colour letter {letter} (use {letters})")
            raise argparse.ArgumentTypeError(words.format(letter=repr(letter), letters=letters))
        out.append(_COLOR_OF_LETTER[letter])
    return out


def _applied(text: str) -> int | dict[str, Face]:
    """``--applied``: a damage (``3``) or the dice on the target with their faces (``P3:h,R1:k``)."""
    if text.strip().lstrip("-").isdigit():
        return int(_int_at_least(0, N_("applied damage"))(text))
    try:
        return _faces(text)
    except argparse.ArgumentTypeError as exc:
        words = _("--applied is a damage (e.g. 3) or the dice on the target with their faces (e.g. P3:h,R1:k): {why}")
        raise argparse.ArgumentTypeError(words.format(why=exc)) from None


def configure(parser: argparse.ArgumentParser) -> None:
    """Declare the arguments of ``twentystrong odds``."""
    parser.add_argument(
        "--dice",
        type=_dice,
        required=True,
        metavar="SPEC",
        help=_(
            "the dice rolled, as die ids (Y1,B2,B3: the game's names for the dice) or as counts written count "
            "first (2B,1P: two blue dice and one purple); not both in one list"
        ),
    )
    parser.add_argument("--health", type=_int_at_least(1, N_("health")), metavar="H", help=_("the target's Health"))
    parser.add_argument(
        "--phases",
        type=_int_at_least(1, N_("phases"), MAX_PHASES),
        default=1,
        metavar="K",
        help=_("Strategy phases left to roll, 1 to {most} (default 1); best play between rolls").format(
            most=MAX_PHASES
        ),
    )
    parser.add_argument(
        "--applied",
        type=_applied,
        default=0,
        metavar="D|DICE",
        help=_(
            "damage already on the target (default 0), or the dice already on it with their faces, e.g. "
            "P3:h,R1:k (a bonus held that reaches the dice already applied, such as Battle Fury, then counts them)"
        ),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object instead of text"))
    parser.add_argument(
        "--exact",
        action="store_true",
        help=_("also compute the kill probability over several phases as an exact fraction (slow for many dice)"),
    )
    model = parser.add_argument_group(_("card effects on the target (the damage model)"))
    model.add_argument(
        "--bonus",
        type=_colors,
        action="append",
        default=[],
        metavar="LETTERS",
        help=_("basic hits and crits of these colours deal 1 more, e.g. --bonus G (repeatable)"),
    )
    model.add_argument("--crits-zero", action="store_true", help=_("crits deal no damage"))
    model.add_argument(
        "--cannot-apply",
        type=_colors,
        action="append",
        default=[],
        metavar="LETTERS",
        help=_("dice of these colours cannot be applied, e.g. --cannot-apply Y (repeatable)"),
    )
    rolls = parser.add_argument_group(_("effects in force on rolls"))
    rolls.add_argument("--misses-kept", action="store_true", help=_("misses are not rolled again"))
    rolls.add_argument("--hits-kept", action="store_true", help=_("unapplied hits and crits are not rolled again"))
    rolls.add_argument(
        "--inverted",
        type=_colors,
        action="append",
        default=[],
        metavar="LETTERS",
        help=_("dice of these colours roll inverted: a hit counts as a miss and a miss as a hit (repeatable)"),
    )
    rolls.add_argument(
        "--reroll-per-miss",
        action="store_true",
        help=_("after each roll, for each miss one rolled hit is rolled again (exact for one enemy and a few dice)"),
    )
    held = parser.add_argument_group(_("what you hold (read from a deck)"))
    held.add_argument(
        "--deck",
        default="solar-sentinels",
        metavar="ID|PATH",
        help=_("the deck the hero and items come from: a shipped deck's id or a deck folder (default solar-sentinels)"),
    )
    held.add_argument("--ability", metavar="HERO", help=_("count this hero's ability, e.g. --ability corona"))
    held.add_argument(
        "--item",
        action="append",
        default=[],
        metavar="CARD",
        help=_(
            "count this item held: a card item, a Tactic or an Opportunity held as an item (its id), e.g. "
            "--item dust-wraith, --item battle-fury --deck hoplomachus-victorum (repeatable)"
        ),
    )
    held.add_argument(
        "--level",
        type=_int_at_least(1, N_("level"), 3),
        default=1,
        metavar="L",
        help=_("the target's level, for effects that depend on it (default 1)"),
    )
    advice = parser.add_argument_group(_("advice"))
    advice.add_argument(
        "--faces",
        type=_faces,
        metavar="SPEC",
        help=_(
            "the dice have been rolled and show these faces: die:face for each, e.g. G3:crit,G4:m,P3:h (m miss, "
            "h hit, k crit); --phases then counts this phase too; prints the best move"
        ),
    )
    advice.add_argument(
        "--pool",
        type=_dice,
        metavar="SPEC",
        help=_("dice in the pool that could still be committed (ids or counts): prints the fewest that reach --target"),
    )
    advice.add_argument(
        "--target",
        type=_int_at_least(1, N_("target"), 100),
        default=90,
        metavar="PERCENT",
        help=_("the chance --pool aims at, in percent (default 90)"),
    )


def _model(args: argparse.Namespace, base: DamageModel = PLAIN) -> DamageModel:
    """The target's damage model: what the hero and items make it (``base``), then the card effects given."""
    model = base
    for colors in args.bonus:
        model = model.with_bonus(colors)
    if args.crits_zero:  # after the bonus: crits deal no damage at all
        model = model.with_crits_dealing(0)
    for colors in args.cannot_apply:
        model = model.without_applying(colors)
    return model


def _rules(args: argparse.Namespace, base: RollRules = PLAIN_ROLLS) -> RollRules:
    """The rules on rolls: what the hero and items bring (``base``), then the effects given."""
    kept: set[Face] = set(base.kept)
    if args.misses_kept:
        kept.add("miss")
    if args.hits_kept:
        kept |= {"hit", "crit"}
    inverted = [c for c, f in zip(COLORS, base.faces, strict=True) if f.miss != DICE_FACES[c].miss]
    inverted += [c for colors in args.inverted for c in colors if c not in inverted]
    return RollRules.of(inverted=inverted, kept=kept, forced_rerolls=args.reroll_per_miss or base.forced_rerolls)


class _Refused(Exception):
    """A bad --deck, --ability or --item: the message says why."""


class Held(NamedTuple):
    """What the target and the player are, read from the arguments (and the deck, through the engine)."""

    model: DamageModel
    rules: RollRules
    resources: Resources
    applied: int
    """The damage already on the target."""


def _applied_dice(args: argparse.Namespace) -> dict[str, Face]:
    return args.applied if isinstance(args.applied, dict) else {}


def _dealt(model: DamageModel, dice: dict[str, Face]) -> int:
    """What dice on the target deal under ``model``."""
    from twentystrong.odds import color_of

    return sum(model.damage(color_of(d), face) for d, face in dice.items())


def _held(args: argparse.Namespace) -> Held:
    """The damage model, the rules on rolls, the resources and the damage on the target, with the hero's ability and
    the items given read from the deck through the engine (as the game's odds panel reads them)."""
    on_card = _applied_dice(args)
    if not args.ability and not args.item:
        model = _model(args)
        return Held(model, _rules(args), NO_RESOURCES, _dealt(model, on_card) if on_card else int(args.applied))
    from dataclasses import replace
    from pathlib import Path

    from twentystrong.content.loader import load_deck, load_shipped
    from twentystrong.content.source import DeckError
    from twentystrong.engine.state import ActiveCard, SetupOptions, initial_state
    from twentystrong.odds.engine_model import damage_model_for, resources_for, roll_rules

    try:
        path = Path(args.deck)
        deck = load_deck(path) if path.exists() else load_shipped(args.deck)
    except DeckError as exc:
        raise _Refused(_("cannot read the deck {deck}: {why}").format(deck=repr(args.deck), why=exc)) from None
    heroes = [h.id for h in deck.heroes]
    if args.ability and args.ability not in heroes:
        words = _("no hero {hero} in {deck}; heroes: {heroes}")
        raise _Refused(words.format(hero=repr(args.ability), deck=deck.info.id, heroes=", ".join(heroes)))
    items = [c.id for c in deck.cards if c.reward is not None and c.reward.kind in ("single_use", "ongoing")]
    conflict = {c.id for c in deck.cards}
    held = [i for i in deck.card_ids if i not in conflict]  # pieces of the ruleset's own held as items
    for item in args.item:
        if item not in items and item not in held:
            examples = ", ".join([*items[:3], *held[:2]])
            words = (
                _("no item {item} in {deck} (a card item, a Tactic or an Opportunity held as an item), e.g. {examples}")
                if held
                else _("no item {item} in {deck} (a card item), e.g. {examples}")
            )
            raise _Refused(words.format(item=repr(item), deck=deck.info.id, examples=examples))
    plain = [c for c in deck.cards if not c.effects and c.level == args.level] or [
        c for c in deck.cards if c.level == args.level
    ]
    if not plain:
        raise _Refused(
            _("no level {level} card in {deck} to stand for the target").format(level=args.level, deck=deck.info.id)
        )
    from twentystrong.engine.commands import Command, Rejected
    from twentystrong.engine.decide import decide_and_apply

    started = decide_and_apply(
        initial_state(deck, SetupOptions(deck.info.id, args.ability or heroes[0])), Command("start")
    )
    if isinstance(started, Rejected):
        raise _Refused(_("cannot start a game of {deck}: {why}").format(deck=deck.info.id, why=started.message))
    state = started[1]
    if not args.ability:
        state = state.changed({"hero": replace(state.hero, id="")})  # no hero's effects in force
    probe = ActiveCard(plain[0].id, health_override=args.health)
    # The dice already on the target are on the probe card: an effect that reaches applied dice sees them.
    dice = tuple(
        replace(d, zone="applied", face=on_card[d.id], card=probe.id) if d.id in on_card else d for d in state.dice
    )
    # At a commit step of a fight against the probe (items and abilities are used then; a deck whose game opens with
    # setup choices is past them).
    state = state.changed({"inventory": tuple(args.item), "active": (probe,), "dice": dice, "step": "commit"})
    resources = resources_for(state, (probe,))
    boosts = tuple(replace(b, models=tuple(_model(args, m) for m in b.models)) for b in resources.boosts)
    model = _model(args, damage_model_for(state, probe))
    return Held(
        model,
        _rules(args, roll_rules(state)),
        replace(resources, boosts=boosts),
        _dealt(model, on_card) if on_card else int(args.applied),
    )


def _fail(message: str) -> int:
    print(error_line("twentystrong odds", message), file=sys.stderr)
    return 2


def _chances(
    spec: DiceSpec, target: Target, phases: int, rules: RollRules, resources: Resources
) -> tuple[list[float], Chance]:
    """The kill probability within 1 … ``phases`` phases, and the last as a :class:`Chance` (exact or simulated)."""
    from twentystrong.odds.advisor import Chance, Situation, chances
    from twentystrong.odds.rerolls import NotExact

    dice = spec.counts
    if not resources:
        try:
            by = list(
                kill_probabilities(
                    dice, target.health, applied=target.applied, phases=phases, model=target.model, rules=rules
                )
            )
            return by, Chance(by[-1])
        except NotExact:
            pass
    ids = spec.ids if spec.ids is not None else dice.die_ids()
    found = [
        chances(Situation(tuple((d, None) for d in ids), (target,), k, "commit", rules, resources)).each[0]
        for k in range(1, phases + 1)
    ]
    return [c.value for c in found], found[-1]


def run(args: argparse.Namespace) -> int:
    """Compute and print the odds described by ``args``."""
    spec: DiceSpec = args.dice
    on_card = _applied_dice(args)
    if spec.ids is not None and set(on_card) & set(spec.ids):
        return _fail(
            _("--applied and --dice share {dice}").format(dice=", ".join(sorted(set(on_card) & set(spec.ids))))
        )
    if on_card and spec.ids is None and len(on_card) + spec.counts.total > 17:
        return _fail(_("--applied and --dice name more dice than there are"))
    try:
        model, rules, resources, applied = _held(args)
    except _Refused as exc:
        return _fail(str(exc))
    dice = spec.counts
    if args.faces is not None:
        if spec.ids is None:
            return _fail(_("--faces needs the dice by id in --dice (e.g. --dice G3,G4 --faces G3:crit,G4:miss)"))
        missing = [d for d in spec.ids if d not in args.faces]
        stray = [d for d in args.faces if d not in spec.ids]
        if missing or stray:
            words = _("--faces must give the face of each die in --dice, and only those ({dice})")
            return _fail(words.format(dice=", ".join(missing + stray)))
        if args.health is None:
            return _fail(_("--faces needs --health: the advice is about defeating a target"))
    if args.pool is not None and args.health is None:
        return _fail(_("--pool needs --health: the dice to commit are those that reach --target against it"))
    roll = single_roll(dice, model, rules)
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
        need = args.health - applied
        target = Target(args.health, applied, model, _("the target"))
        by_phases, last = _chances(spec, target, args.phases, rules, resources)
        exact: Fraction | None = None
        if (args.phases == 1 or args.exact) and len(resources.conversions) <= 1 and not resources.boosts:
            from twentystrong.odds.rerolls import NotExact

            conversion = resources.conversions[0] if resources.conversions else None
            try:
                exact = kill_probability_exact(
                    dice,
                    args.health,
                    applied=applied,
                    phases=args.phases,
                    model=model,
                    rules=rules,
                    conversion=conversion,
                )
            except NotExact:
                exact = None
        report.update(
            health=args.health,
            applied=applied,
            phases=args.phases,
            need=max(0, need),
            single_roll_kill_probability=float(roll.at_least(need)),
            kill_probability=by_phases[-1],
            kill_probability_by_phases=by_phases,
        )
        if exact is not None:
            report["kill_probability_exact"] = str(exact)
        if not last.exact:
            report["kill_probability_error"] = last.error
            report["method"] = "simulated"
        report["advice"] = _advice(args, spec, target, rules, resources)
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
    if not rules.is_plain():
        report["roll_rules"] = rules.words()
    if resources:
        report["resources"] = resources.names()
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(text_report(report, bar=_bar_char()))
    return 0


def _advice(
    args: argparse.Namespace, spec: DiceSpec, target: Target, rules: RollRules, resources: Resources
) -> dict[str, Any] | None:
    """After a roll (``--faces``): the best move; before one, with ``--pool``: the fewest pool dice to commit."""
    from twentystrong.odds.advice import EnemyQuestion, OddsQuestion, chances_for, explain
    from twentystrong.odds.advisor import Situation, commit_plan

    if args.faces is not None:
        # The one advisor (as the odds panel and the headless hint ask it), about a target of its own.
        assert spec.ids is not None
        faces = tuple((d, args.faces[d]) for d in spec.ids)
        question = OddsQuestion(
            stage="apply",
            dice=spec.ids,
            faces=faces,
            phases=args.phases - 1,
            enemies=(EnemyQuestion("target", _("the target"), 1, target, rolled=faces),),
            rules=rules,
            resources=resources,
        )
        answered = chances_for(question)
        advice = answered.advice
        assert advice is not None
        told = explain(None, (), question, answered)
        return {
            "uses": [{"name": u.name, "dice": [list(d) for d in u.dice]} for u in advice.uses],
            "apply": list(advice.moves[0][1]) if advice.moves else [],
            "keep": list(advice.keep),
            "defeats": bool(advice.defeats),
            "kill_probability": advice.probability.value,
            "exact": advice.probability.exact,
            "error": advice.probability.error,
            "words": told.words,
            "assumes": list(told.assumes),
            "kill_probability_without": answered.bare.value if answered.bare is not None else None,
        }
    if args.pool is None:
        return None
    pool_ids = args.pool.ids if args.pool.ids is not None else _ids_beside(args.pool.counts, spec)
    ids = spec.ids if spec.ids is not None else spec.counts.die_ids()
    clash = sorted(set(pool_ids) & set(ids))
    if clash:
        words = _("--pool and --dice share {dice}: a die is committed or in the pool")
        raise SystemExit(_fail(words.format(dice=", ".join(clash))))
    situation = Situation(tuple((d, None) for d in ids), (target,), args.phases, "commit", rules, resources)
    threshold = args.target / 100
    pick = commit_plan(situation, tuple(pool_ids), threshold).each[0]
    if pick is None:
        return None
    words = pick_words(pick, len(pool_ids))
    without: float | None = None
    if resources:
        # The chance of the same dice without what the player holds: what the figure counts on.
        from dataclasses import replace

        from twentystrong.odds.advisor import chances

        bare = chances(
            replace(situation, dice=(*situation.dice, *((d, None) for d in pick.dice)), resources=NO_RESOURCES)
        ).each[0]
        if bare.value < pick.chance.value - 1e-9:
            without = bare.value
            with_words = _("with {items} ({chance} without)")
            words += " " + with_words.format(items=_(" and ").join(resources.names()), chance=bare.words())
    return {
        "commit": list(pick.dice),
        "cost": len(pick.dice),
        "target": threshold,
        "reached": pick.reached,
        "kill_probability": pick.chance.value,
        "exact": pick.chance.exact,
        "error": pick.chance.error,
        "words": words,
        "kill_probability_without": without,
    }


def _ids_beside(counts: DiceCounts, taken: DiceSpec) -> tuple[str, ...]:
    """Pool dice given by count: the lowest ids of each colour not among the dice given by id."""
    used = set(taken.ids or taken.counts.die_ids())
    out: list[str] = []
    for color, n in counts.items():
        free = [
            f"{LETTERS[color]}{i}" for i in range(1, DICE_PER_COLOR[color] + 1) if f"{LETTERS[color]}{i}" not in used
        ]
        if n > len(free):
            words = _("--pool asks {n} {color} dice but only {free} are left beside --dice")
            raise SystemExit(_fail(words.format(n=n, color=term(color), free=len(free))))
        out += free[:n]
    return tuple(out)


def pick_words(pick: Any, pool: int) -> str:
    """``+Y1 Y2 (2 dice) → 92%`` (as the panel says it)."""
    if not pick.reached:
        return ngettext("at most {chance} (all {n} pool die)", "at most {chance} (all {n} pool dice)", pool).format(
            chance=pick.chance.words(), n=pool
        )
    if not pick.dice:
        return _("no more dice: {chance}").format(chance=pick.chance.words())
    n = len(pick.dice)
    # Translators: {dice} are die ids (Y1 Y2), {chance} the chance they give.
    words = ngettext("+{dice} ({n} die) → {chance}", "+{dice} ({n} dice) → {chance}", n)
    return words.format(dice=" ".join(pick.dice), n=n, chance=pick.chance.words())


def _bar_char() -> str:
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "█".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return "#"
    return "█"


def _percent(p: float) -> str:
    if 0 < p < 0.0001:
        return percent_sign("<0.01")
    if 0.9999 < p < 1:
        return percent_sign(">99.99")
    return ratio(p, 2)


def text_report(report: dict[str, Any], *, bar: str = "█") -> str:
    """The plain-text form of a report built by :func:`run`: a histogram, then the key figures."""
    dist: list[float] = report["distribution"]
    spelled = ", ".join(f"{n} {term(c)}" for c, n in _counts_of(report["dice"]))
    named = " ".join(report["dice_ids"]) if report.get("dice_ids") else report["dice"]
    lines = [_("Dice: {dice} ({counts})").format(dice=named, counts=spelled)]
    if "damage_model" in report:
        changed = []
        for c, m in report["damage_model"].items():
            hit = _("hit {n}") if m["hit_applies"] else _("hit {n} (not applicable)")
            crit = _("crit {n}") if m["crit_applies"] else _("crit {n} (not applicable)")
            changed.append(f"{term(c)}: {hit.format(n=m['hit'])}, {crit.format(n=m['crit'])}")
        lines.append(_("Damage model: {models}").format(models="; ".join(changed)))
    if report.get("roll_rules"):
        lines.append(_("Rolls: {rules}").format(rules="; ".join(report["roll_rules"])))
    if report.get("resources"):
        lines.append(_("Counting: {resources} (used at their best)").format(resources=", ".join(report["resources"])))
    lines += ["", _("One roll, damage dealt if every hit and crit is applied:"), " " + _("dmg  probability")]
    top = max(dist)
    for damage, p in enumerate(dist):
        width = round(BAR_WIDTH * p / top) if top else 0
        if p and not width:
            width = 1
        lines.append(f"{damage:>4}  {_percent(p):>8}  {bar * width}")
    labels = {"expected": _("Expected damage:"), "crit": _("P(at least one crit):"), "target": _("Target:")}
    pad = max(26, *(len(label) + 1 for label in labels.values()))
    lines += [
        "",
        f"{labels['expected']:<{pad}}{decimal(report['expected_damage'], 3)} ({report['expected_damage_exact']})",
        f"{labels['crit']:<{pad}}{_percent(report['crit_probability'])}",
    ]
    if report.get("kill_probability") is not None:
        need = report["need"]
        phases = report["phases"]
        health = report["health"]
        target = (
            _("Health {health}, {applied} already applied: needs {need} more damage")
            if report["applied"]
            else _("Health {health}: needs {need} more damage")
        ).format(health=health, applied=report["applied"], need=need)
        kill = ngettext(
            "Kill probability within {n} phase (best play): {chance}",
            "Kill probability within {n} phases (best play): {chance}",
            phases,
        ).format(n=phases, chance=_percent(report["kill_probability"]))
        lines += [
            f"{labels['target']:<{pad}}{target}",
            _("P(damage ≥ {need}) in one roll: {chance}").format(
                need=need, chance=_percent(report["single_roll_kill_probability"])
            ),
            kill + (f" = {report['kill_probability_exact']}" if "kill_probability_exact" in report else ""),
        ]
        if "kill_probability_error" in report:
            error = _percent(2 * report["kill_probability_error"])
            lines.append("  " + _("simulated: ± {error} (two standard errors)").format(error=error))
        if phases > 1:
            by = ", ".join(f"{k}: {_percent(p)}" for k, p in enumerate(report["kill_probability_by_phases"], start=1))
            lines.append("  " + _("by phases: {chances}").format(chances=by))
    advice = report.get("advice")
    if advice:
        if "commit" in advice:
            aim = percent_sign(str(round(advice["target"] * 100)))
            lines.append(_("To reach {aim}: commit {advice}").format(aim=aim, advice=advice["words"]))
        else:
            lines.append(_("Advice: {advice}").format(advice=advice["words"]))
    return "\n".join(lines)


def _counts_of(words: str) -> list[tuple[Color, int]]:
    """``2B,1P`` → ``[("blue", 2), ("purple", 1)]``."""
    out = []
    for item in words.split(","):
        match = _COUNT.match(item)
        if match:
            out.append((_COLOR_OF_LETTER[match.group(2)], int(match.group(1))))
    return out
