"""Deck-wide checks: what no single card can get wrong on its own.

Pydantic checks each hero, card, boss and mission by itself (see ``loader``). This module checks the deck as a
whole: ids are unique, references name things that exist, heroes pair up on physical cards, and the deck has what
its ruleset needs to be set up (rules.md "Solar Sentinels deck rules", hoplomachus.md "Components").
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Iterator, Sequence

from twentystrong.content.base import Content
from twentystrong.content.effects import EffectBase, IgnoreEffect, RollTest, effect_kinds
from twentystrong.content.explain import field_name, show, suggest
from twentystrong.content.locate import TomlPath
from twentystrong.content.model import DeckInfo, Hero, Reward
from twentystrong.content.sections import kit_contents, sections
from twentystrong.content.source import Finding, Placed
from twentystrong.content.translations import TRANSLATED_LANGUAGES, check_words, every_translated, missing

Checked = tuple[Placed, Content]
"""An item that passed its own validation, with where it sits."""


def check_deck(items: Sequence[Placed], checked: Sequence[Checked]) -> list[Finding]:
    """Every deck-wide problem: duplicate ids, dangling references, hero pairing.

    ``items`` are all the raw items (so duplicates are found even in items that failed validation);
    ``checked`` are those that passed.
    """
    findings = check_unique_ids(items)
    for declared in kit_contents().values():
        for check in declared.deck_checks:
            findings += check(items)
    findings += check_references(checked)
    findings += check_translations(checked)
    findings += check_hero_cards([(p, m) for p, m in checked if isinstance(m, Hero)])
    return findings


def check_unique_ids(items: Sequence[Placed]) -> list[Finding]:
    """One finding for every id used a second time in its namespace, naming where it was first used."""
    first: dict[tuple[str, str], Placed] = {}
    findings: list[Finding] = []
    known = sections()
    for placed in items:
        ident = placed.raw.get("id") if isinstance(placed.raw, dict) else None
        if not isinstance(ident, str):
            continue
        key = (known[placed.section].ids, ident)
        earlier = first.setdefault(key, placed)
        if earlier is not placed:
            where = _where(earlier, ("id",))
            message = f"id {show(ident)} is already used by the {earlier.section} at {where}; ids must be unique"
            findings.append(placed.finding(("id",), message, "id"))
    return findings


def check_references(checked: Sequence[Checked]) -> list[Finding]:
    """Fields that name other things must name things that exist (today: ``ignore_effect.kinds``)."""
    findings: list[Finding] = []
    known = effect_kinds()
    for placed, model in checked:
        for path, effect in effects_of(model):
            if not isinstance(effect, IgnoreEffect):
                continue
            for i, kind in enumerate(effect.kinds):
                if kind not in known:
                    sub = (*path, "kinds", i)
                    message = f"{field_name(sub)} must name an effect kind, got {show(kind)}{suggest(kind, known)}"
                    findings.append(placed.finding(sub, message, field_name(sub)))
    return findings


def check_translations(checked: Sequence[Checked]) -> list[Finding]:
    """A translation table (``[card.de]``) translates only the words its item has (no ``ability_text`` on a card)."""
    findings: list[Finding] = []
    for placed, model in checked:
        for path, part in every_translated(model):
            try:
                check_words(part)
            except ValueError as exc:
                key = str(exc).split(":", 1)[0]
                sub = (*path, *key.split("."))
                findings.append(placed.finding(sub, f"{field_name(sub)}{str(exc)[len(key) :]}", field_name(sub)))
    return findings


LANGUAGE_NAMES = {"de": "German", "fr": "French"}
"""The languages a deck may translate into, by name (the words of a warning)."""


def missing_translations(checked: Sequence[Checked]) -> list[Finding]:
    """A warning (not an error) for each item with words left untranslated: they read in English in that language.

    One finding per item, naming each language and the keys it lacks (``name``, ``flavour``, ``primus.name`` …).
    """
    findings: list[Finding] = []
    for placed, model in checked:
        gaps: dict[str, list[str]] = {}
        for path, part in every_translated(model):
            for code, keys in missing(part):
                gaps.setdefault(code, []).extend(str(field_name((*path, key))) for key in keys)
        if not gaps:
            continue
        genders = {code: [key for key in keys if key.split(".")[-1] == "gender"] for code, keys in gaps.items()}
        words = {code: [key for key in keys if key not in genders[code]] for code, keys in gaps.items()}
        said = "; ".join(
            f"no {LANGUAGE_NAMES.get(code, code)} ({code}) {', '.join(words[code])}"
            for code in TRANSLATED_LANGUAGES
            if words.get(code)
        )
        agree = "; ".join(
            f"no {LANGUAGE_NAMES.get(code, code)} ({code}) {', '.join(genders[code])}"
            for code in TRANSLATED_LANGUAGES
            if genders.get(code)
        )
        parts = [f"{said} (read in English)"] if said else []
        if agree:
            # A name's gender (Words.gender): without it, the sentences about the card need no agreement.
            parts.append(f"{agree} (its sentences use a wording without agreement)")
        findings.append(placed.finding((), "warning: " + "; ".join(parts)))
    return findings


def check_hero_cards(heroes: Sequence[Checked]) -> list[Finding]:
    """Heroes printed on one physical card: at most two, on distinct sides ``a`` and ``b``."""
    findings: list[Finding] = []
    by_card: dict[str, list[tuple[Placed, Hero]]] = defaultdict(list)
    for placed, hero in heroes:
        assert isinstance(hero, Hero)
        if hero.card is None:
            if hero.side is not None:
                findings.append(placed.finding(("side",), "side needs card: name the physical card too", "side"))
            continue
        by_card[hero.card].append((placed, hero))
    for card, sharing in by_card.items():
        findings += _check_card_sides(card, sharing)
    return findings


def _check_card_sides(card: str, sharing: list[tuple[Placed, Hero]]) -> list[Finding]:
    findings: list[Finding] = []
    if len(sharing) == 1:
        return findings
    sides: dict[str | None, Placed] = {}
    for placed, _ in sharing[2:]:
        names = " and ".join(p.label for p, _ in sharing[:2])
        message = f"card {show(card)} is already shared by {names}; a physical card has only two sides"
        findings.append(placed.finding(("card",), message, "card"))
    for placed, hero in sharing[:2]:
        if hero.side is None:
            message = f'side is required: heroes sharing card {show(card)} must say side "a" or "b"'
            findings.append(placed.finding(("card",), message, "side"))
        elif hero.side in sides:
            other = sides[hero.side]
            message = f"side must differ from {other.label}'s on card {show(card)}, got {show(hero.side)} for both"
            findings.append(placed.finding(("side",), message, "side"))
        sides[hero.side] = placed
    return findings


def check_ruleset(info: Checked, counts: dict[str, int], checked: Sequence[Checked]) -> list[Finding]:
    """The deck names an installed ruleset, and has what that ruleset needs (its kit says,
    :class:`~twentystrong.content.sections.Needs`): enough of each kind of card for its setup, only the sections it
    plays, levels it knows, the kit's own checks of each item, and no effect acting on another ruleset's zones."""
    placed, model = info
    assert isinstance(model, DeckInfo)
    kits = kit_contents()
    declared = kits.get(model.ruleset)
    if declared is None:
        installed = ", ".join(show(r) for r in kits) or "(none is installed)"
        got = f"got {show(model.ruleset)}{suggest(model.ruleset, kits)}"
        message = f"ruleset must be one of the installed rulesets {installed}, {got}"
        return [placed.finding(("ruleset",), message, "ruleset")]
    needs = declared.needs
    findings: list[Finding] = []
    for section, (least, why) in needs.least.items():
        if counts.get(section, 0) < least:
            message = (
                f"a {model.ruleset} deck needs at least {least} [[{section}]] table{'s' if least > 1 else ''}"
                f"{why}, found {counts.get(section, 0)}"
            )
            findings.append(placed.finding(("ruleset",), message, section))
    for section, count in counts.items():
        if count and section not in needs.sections:
            owner = next((r for r, k in kits.items() if section in k.needs.sections), "another")
            message = (
                f"a {model.ruleset} deck holds no [[{section}]] tables (they belong to {owner} decks), found {count}"
            )
            findings.append(placed.finding(("ruleset",), message, section))
    card_sections = ("card", *(name for name, s in declared.sections.items() if s.into == "cards"))
    for item_placed, item in checked:
        if item_placed.section in card_sections:
            level = getattr(item, "level", None)
            if level is not None and level not in needs.card_levels:
                allowed = " or ".join(map(str, needs.card_levels))
                message = f"level must be {allowed} in a {model.ruleset} deck, got {level}"
                findings.append(item_placed.finding(("level",), message, "level"))
        for check in declared.checks:
            findings += check(model.ruleset, item_placed, item)
        findings += _foreign_kinds(model.ruleset, item_placed, item)
    return findings


def _foreign_kinds(ruleset: str, placed: Placed, item: Content) -> list[Finding]:
    """Effect kinds that act only on another ruleset's zones (its kit's ``zone_kinds``) would do nothing here."""
    findings: list[Finding] = []
    others = {r: k.zone_kinds for r, k in kit_contents().items() if r != ruleset}
    for path, effect in effects_of(item):
        kind = getattr(effect, "kind", "")
        owner = next((r for r, kinds in others.items() if kind in kinds), None)
        if owner is not None:
            sub = (*path, "kind")
            message = f"{field_name(sub)} {show(kind)} acts on {owner} zones: it does nothing in a {ruleset} deck"
            findings.append(placed.finding(sub, message, field_name(sub)))
    return findings


def check_shipped_id(folder: str, info: Checked) -> list[Finding]:
    """A shipped deck's id must be its folder name: saves name the deck by id and load it by folder."""
    placed, model = info
    assert isinstance(model, DeckInfo)
    if model.id == folder:
        return []
    return [placed.finding(("id",), f"id must match the deck's folder name {show(folder)}, got {show(model.id)}", "id")]


def effects_of(model: Content) -> Iterator[tuple[TomlPath, Content]]:
    """Every effect in an item, nested ones included, with its path inside the item."""
    for name in ("effects", "ability", "rules", "on_fail", "spectate", "bane"):
        for i, effect in enumerate(getattr(model, name, None) or ()):
            yield (name, i), effect
            if isinstance(effect, RollTest):
                for sub, nested in effects_of(effect):
                    yield (name, i, *sub), nested
    reward = getattr(model, "reward", None)
    if isinstance(reward, Reward):
        for sub, effect in effects_of(reward):
            yield ("reward", *sub), effect
    for spec in dataclasses.fields(model):  # type: ignore[arg-type]
        nested = getattr(model, spec.name)
        if isinstance(nested, Content) and not isinstance(nested, EffectBase | Reward):
            # A table inside the item (as a kit extends a general table: a hero card's other side).
            for sub, effect in effects_of(nested):
                yield (spec.name, *sub), effect


def _where(placed: Placed, sub: TomlPath) -> str:
    line = placed.source.line_of((*placed.path, *sub))
    return placed.source.path.name + (f":{line}" if line else "")
