"""Deck-wide checks: what no single card can get wrong on its own.

Pydantic checks each hero, card, boss and mission by itself (see ``loader``). This module checks the deck as a
whole: ids are unique, references name things that exist, heroes pair up on physical cards, and the deck has what
its ruleset needs to be set up (rules.md "Solar Sentinels deck rules").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from twentystrong.content.effects import EFFECT_KINDS, IgnoreEffect, RollTest
from twentystrong.content.explain import field_name, show, suggest
from twentystrong.content.locate import TomlPath
from twentystrong.content.model import DeckInfo, Hero, Reward
from twentystrong.content.plain import Frozen
from twentystrong.content.source import Finding, Placed

Checked = tuple[Placed, Frozen]
"""An item that passed its own validation, with where it sits."""


@dataclass(frozen=True)
class RulesetNeeds:
    """What a ruleset needs from a deck to be set up at all."""

    min_cards: int
    cards_why: str
    min_bosses: int
    min_heroes: int
    card_levels: tuple[int, ...]


RULESET_NEEDS: dict[str, RulesetNeeds] = {
    # Solar Sentinels setup: three face-up stacks of 15, a boss deck, a hero; cards are level 1 or 2.
    # Missions are optional (they are a setup option), so none are required.
    "solar-sentinels": RulesetNeeds(45, "3 stacks of 15", 1, 1, (1, 2)),
}
"""Structural needs by ruleset. Hoplomachus Victorum is not scheduled yet, so it has none here."""

# Cards and bosses share one namespace: both sit in the active area and commands name them by id.
_NAMESPACES: dict[str, tuple[str, ...]] = {
    "hero": ("hero",),
    "card": ("card", "boss"),
    "boss": ("card", "boss"),
    "mission": ("mission",),
}


def check_deck(items: Sequence[Placed], checked: Sequence[Checked]) -> list[Finding]:
    """Every deck-wide problem: duplicate ids, dangling references, hero pairing.

    ``items`` are all the raw items (so duplicates are found even in items that failed validation);
    ``checked`` are those that passed.
    """
    findings = check_unique_ids(items)
    findings += check_references(checked)
    findings += check_hero_cards([(p, m) for p, m in checked if isinstance(m, Hero)])
    return findings


def check_unique_ids(items: Sequence[Placed]) -> list[Finding]:
    """One finding for every id used a second time in its namespace, naming where it was first used."""
    first: dict[tuple[tuple[str, ...], str], Placed] = {}
    findings: list[Finding] = []
    for placed in items:
        ident = placed.raw.get("id") if isinstance(placed.raw, dict) else None
        if not isinstance(ident, str):
            continue
        key = (_NAMESPACES[placed.section], ident)
        earlier = first.setdefault(key, placed)
        if earlier is not placed:
            where = _where(earlier, ("id",))
            message = f"id {show(ident)} is already used by the {earlier.section} at {where}; ids must be unique"
            findings.append(placed.finding(("id",), message, "id"))
    return findings


def check_references(checked: Sequence[Checked]) -> list[Finding]:
    """Fields that name other things must name things that exist (today: ``ignore_effect.kinds``)."""
    findings: list[Finding] = []
    for placed, model in checked:
        for path, effect in effects_of(model):
            if not isinstance(effect, IgnoreEffect):
                continue
            for i, kind in enumerate(effect.kinds):
                if kind not in EFFECT_KINDS:
                    sub = (*path, "kinds", i)
                    message = (
                        f"{field_name(sub)} must name an effect kind, got {show(kind)}{suggest(kind, EFFECT_KINDS)}"
                    )
                    findings.append(placed.finding(sub, message, field_name(sub)))
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


def check_ruleset(info: Checked, counts: dict[str, int], cards: Sequence[Checked]) -> list[Finding]:
    """The ruleset's structural needs: enough cards for its stacks, a boss, a hero, levels it knows."""
    placed, model = info
    assert isinstance(model, DeckInfo)
    needs = RULESET_NEEDS.get(model.ruleset)
    if needs is None:
        return []
    findings: list[Finding] = []
    wanted = {
        "card": (needs.min_cards, f" ({needs.cards_why})"),
        "boss": (needs.min_bosses, ""),
        "hero": (needs.min_heroes, ""),
    }
    for section, (least, why) in wanted.items():
        if counts.get(section, 0) < least:
            message = (
                f"a {model.ruleset} deck needs at least {least} [[{section}]] table{'s' if least > 1 else ''}"
                f"{why}, found {counts.get(section, 0)}"
            )
            findings.append(placed.finding(("ruleset",), message, section))
    for card_placed, card in cards:
        level = getattr(card, "level", None)
        if level is not None and level not in needs.card_levels:
            allowed = " or ".join(map(str, needs.card_levels))
            message = f"level must be {allowed} in a {model.ruleset} deck, got {level}"
            findings.append(card_placed.finding(("level",), message, "level"))
    return findings


def check_shipped_id(folder: str, info: Checked) -> list[Finding]:
    """A shipped deck's id must be its folder name: saves name the deck by id and load it by folder."""
    placed, model = info
    assert isinstance(model, DeckInfo)
    if model.id == folder:
        return []
    return [placed.finding(("id",), f"id must match the deck's folder name {show(folder)}, got {show(model.id)}", "id")]


def effects_of(model: Frozen) -> Iterator[tuple[TomlPath, Frozen]]:
    """Every effect in an item, nested ones included, with its path inside the item."""
    for name in ("effects", "ability", "rules", "on_fail"):
        for i, effect in enumerate(getattr(model, name, None) or ()):
            yield (name, i), effect
            if isinstance(effect, RollTest):
                for sub, nested in effects_of(effect):
                    yield (name, i, *sub), nested
    reward = getattr(model, "reward", None)
    if isinstance(reward, Reward):
        for sub, effect in effects_of(reward):
            yield ("reward", *sub), effect


def _where(placed: Placed, sub: TomlPath) -> str:
    line = placed.source.line_of((*placed.path, *sub))
    return placed.source.path.name + (f":{line}" if line else "")
