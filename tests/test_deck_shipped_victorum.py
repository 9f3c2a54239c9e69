"""The shipped Hoplomachus Victorum card set (issue 19): it loads and validates, it has the shape content.md asks
for (54 camp cards of the three kinds with about a third carrying Influence, 9 Scions with both sides, 8 heroes with
a Primus side and a Bane, 8 Tactics), every effect kind of this deck and every Opportunity condition is used, and
every card reads in plain words."""

from __future__ import annotations

import statistics
from collections import Counter
from typing import get_args

import pytest

from twentystrong.cli.main import main
from twentystrong.content.effects import Effect, effect_kinds
from twentystrong.content.loader import load_shipped
from twentystrong.content.model import Deck
from twentystrong.content.registry import shipped_deck_dirs
from twentystrong.content.sections import kit_contents
from twentystrong.content.validate import effects_of
from twentystrong.engine.effects import hooks
from twentystrong.kits.hoplomachus_victorum.content import CampCard, OpportunityKind, Primus, scions_of, tactics_of
from twentystrong.text.cards import all_cards

DECK_ID = "hoplomachus-victorum"


@pytest.fixture(scope="module")
def deck() -> Deck:
    return load_shipped(DECK_ID)


def camps(deck: Deck, kind: str | None = None) -> list[CampCard]:
    out = [c for c in deck.cards if isinstance(c, CampCard)]
    return [c for c in out if kind is None or c.kind == kind]


def enemies(deck: Deck) -> list[CampCard]:
    return [c for c in camps(deck) if c.enemy]


def primus(deck: Deck) -> list[Primus]:
    return [h.primus for h in deck.heroes if h.primus is not None]


def all_effects(deck: Deck) -> list[Effect]:
    out: list[Effect] = []
    for item in [*deck.cards, *deck.heroes, *scions_of(deck), *tactics_of(deck)]:
        out += [e for _, e in effects_of(item)]  # type: ignore[misc]
    return out


def test_the_deck_is_shipped_and_validates(capsys: pytest.CaptureFixture[str]) -> None:
    assert DECK_ID in shipped_deck_dirs()
    assert main(["validate", str(shipped_deck_dirs()[DECK_ID])]) == 0
    assert capsys.readouterr().out.endswith(f'ok (deck "{DECK_ID}", {DECK_ID})\n')


def test_counts(deck: Deck) -> None:
    kinds = Counter(c.kind for c in camps(deck))
    assert len(deck.cards) == 54
    assert (kinds["bloodshed"], kinds["sport"], kinds["opportunity"]) == (24, 18, 12)
    assert (len(scions_of(deck)), len(deck.heroes), len(tactics_of(deck))) == (9, 8, 8)


def test_about_a_third_carry_influence_and_every_kind_has_some(deck: Deck) -> None:
    assert 16 <= sum(c.influence for c in camps(deck)) <= 20
    assert all(any(c.influence for c in camps(deck, kind)) for kind in ("bloodshed", "sport", "opportunity"))


def test_enemy_numbers(deck: Deck) -> None:
    """Health 1-8, Damage 0-4, about 12 with +N; Bloodshed cards hit harder than Sport cards."""
    cards = enemies(deck)
    assert (min(c.health for c in cards), max(c.health for c in cards)) == (1, 8)
    assert (min(c.damage for c in cards), max(c.damage for c in cards)) == (0, 4)
    assert 10 <= sum(c.additional > 0 for c in cards) <= 14
    assert not any(c.mandatory for c in cards)
    blood, sport = camps(deck, "bloodshed"), camps(deck, "sport")
    assert statistics.fmean(c.damage for c in blood) > statistics.fmean(c.damage for c in sport) + 0.5
    assert statistics.fmean(c.health for c in blood) > statistics.fmean(c.health for c in sport) + 1
    assert all(c.reward is not None for c in cards)


def test_scions(deck: Deck) -> None:
    for scion in scions_of(deck):
        assert 10 <= scion.health <= 16 and 1 <= scion.damage <= 4 and 1 <= scion.additional <= 3, scion.id
        assert scion.spectate and scion.rules, scion.id
    scaling = [s for s in scions_of(deck) if any(e.kind == "influence_scaling" for e in s.rules)]
    assert len(scaling) >= 2
    assert len({e.kind for s in scions_of(deck) for e in s.spectate}) >= 5, "spectate penalties of several kinds"


def test_heroes_and_their_primus(deck: Deck) -> None:
    for hero in deck.heroes:
        assert all(1 <= v <= 6 for v in (hero.health, hero.strategy, hero.recovery)), hero.id
        assert hero.ability, hero.id
    assert len({tuple(e.model_dump_json() for e in h.ability) for h in deck.heroes}) == 8, "unique abilities"
    sides = primus(deck)
    assert len(sides) == 8
    for side in sides:
        assert 6 <= side.health <= 10 and 1 <= side.damage <= 3 and 0 <= side.additional <= 2, side.id
        assert len(side.rules) == 1 and side.bane, side.id
    assert len({s.rules[0].kind for s in sides}) == 8
    assert len({b.model_dump_json() for s in sides for b in s.bane}) == 8, "a different Bane each"


def test_tactics_are_one_shot_swings(deck: Deck) -> None:
    kinds = {e.kind for t in tactics_of(deck) for e in t.effects}
    assert {"recruit", "strengthen", "color_bonus", "move_to_camp"} <= kinds
    assert len({tuple(e.model_dump_json() for e in t.effects) for t in tactics_of(deck)}) == 8


def test_every_effect_kind_of_this_deck_is_used(deck: Deck) -> None:
    used = {e.kind for e in all_effects(deck)}
    assert sorted(kit_contents()[DECK_ID].zone_kinds - used) == []
    assert not used & kit_contents()["solar-sentinels"].zone_kinds
    assert used <= set(effect_kinds())


def test_every_opportunity_condition_is_used(deck: Deck) -> None:
    conditions = [c.condition for c in camps(deck, "opportunity") if c.condition is not None]
    assert {c.kind for c in conditions} == set(get_args(OpportunityKind))
    assert {c.card_kind for c in conditions if c.kind == "defeats"} >= {"bloodshed", "sport", "primus"}


def test_names_ids_and_flavour(deck: Deck) -> None:
    items = [*deck.cards, *deck.heroes, *primus(deck), *scions_of(deck), *tactics_of(deck)]
    assert len({i.id for i in items}) == len(items)
    assert len({i.name for i in items}) == len(items)
    assert all(i.flavour for i in items)


def test_every_card_reads_in_plain_words(deck: Deck) -> None:
    """The card browser's words: no generic fallback, no placeholder, no raw id, for every card of the deck."""
    for effect in all_effects(deck):
        words = hooks.describe(effect)
        assert words and words != effect.kind.replace("_", " ").capitalize() + ".", effect.kind
    texts = all_cards(deck)
    assert len(texts) == 54 + 9 + 8 + 8
    for text in texts:
        plain = text.plain()
        assert "{" not in plain and "None" not in plain and "_" not in plain, plain
        assert "level 1" not in plain and "stack" not in plain, plain  # camp cards have no level, camps no stacks
