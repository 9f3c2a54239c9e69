"""The shipped Solar Sentinels card set: it loads, and it has the shape of content.md (counts, stats, rewards,
timings, mandatory and +N cards, bosses, heroes, missions), and every effect kind is used somewhere."""

from __future__ import annotations

import statistics
from collections import Counter
from typing import get_args

import pytest

from twentystrong.cli.main import main
from twentystrong.content.effects import Effect, effect_kinds
from twentystrong.content.loader import load_shipped
from twentystrong.content.model import Boss, ConflictCard, Deck, Hero
from twentystrong.content.registry import shipped_deck_dirs
from twentystrong.content.sections import kit_contents
from twentystrong.content.validate import effects_of
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import HANDLERS, Handler
from twentystrong.kits.solar_sentinels.content import Mission, MissionKind, missions_of

DECK_ID = "solar-sentinels"


@pytest.fixture(scope="module")
def deck() -> Deck:
    return load_shipped(DECK_ID)


def level(deck: Deck, n: int) -> list[ConflictCard]:
    return [c for c in deck.cards if c.level == n]


def all_effects(deck: Deck) -> list[Effect]:
    out: list[Effect] = []
    for item in [*deck.cards, *deck.bosses, *deck.heroes]:
        out += [e for _, e in effects_of(item)]  # type: ignore[misc]
    return out


def test_the_deck_is_shipped_and_validates(capsys: pytest.CaptureFixture[str]) -> None:
    assert DECK_ID in shipped_deck_dirs()
    assert main(["validate", str(shipped_deck_dirs()[DECK_ID])]) == 0
    assert "ok" in capsys.readouterr().out


def test_counts(deck: Deck) -> None:
    assert (len(deck.cards), len(deck.bosses), len(deck.heroes), len(missions_of(deck))) == (45, 4, 6, 12)
    assert (len(level(deck, 1)), len(level(deck, 2))) == (26, 19)


def test_mandatory_and_additional_enemies(deck: Deck) -> None:
    for n, plus, plus_two in ((1, 10, 1), (2, 5, 1)):
        cards = level(deck, n)
        assert sum(c.mandatory for c in cards) == 4
        assert sum(c.additional > 0 for c in cards) == plus
        assert sum(c.additional == 2 for c in cards) == plus_two
        assert max(c.additional for c in cards) == 2


@pytest.mark.parametrize(
    ("n", "health", "health_mean", "damage", "damage_mean"),
    [(1, (1, 6), 3.6, (1, 3), 1.5), (2, (2, 8), 5.4, (0, 4), 2.3)],
)
def test_stat_shape(
    deck: Deck, n: int, health: tuple[int, int], health_mean: float, damage: tuple[int, int], damage_mean: float
) -> None:
    cards = level(deck, n)
    assert (min(c.health for c in cards), max(c.health for c in cards)) == health
    assert (min(c.damage for c in cards), max(c.damage for c in cards)) == damage
    assert statistics.fmean(c.health for c in cards) == pytest.approx(health_mean, abs=0.25)
    assert statistics.fmean(c.damage for c in cards) == pytest.approx(damage_mean, abs=0.2)


def test_most_level_1_cards_deal_1_and_most_level_2_cards_deal_2(deck: Deck) -> None:
    assert Counter(c.damage for c in level(deck, 1)).most_common(1)[0][0] == 1
    assert Counter(c.damage for c in level(deck, 2)).most_common(1)[0][0] == 2
    assert Counter(c.health for c in level(deck, 2)).most_common(1)[0][0] == 5


def test_rewards_split(deck: Deck) -> None:
    kinds = Counter(c.reward.kind if c.reward else None for c in deck.cards)
    assert kinds["instant"] == pytest.approx(13, abs=1)
    assert kinds["single_use"] == pytest.approx(19, abs=1)
    assert kinds["ongoing"] == pytest.approx(12, abs=1)


def test_effect_timings(deck: Deck) -> None:
    timings: Counter[str] = Counter()
    for card in deck.cards:
        found: set[str] = {e.timing for e in card.effects}
        timings.update(found or {"none"})
    assert timings["during"] == pytest.approx(31, abs=2)
    assert timings["after"] == pytest.approx(9, abs=1)
    assert timings["special"] == pytest.approx(4, abs=1)
    assert timings["none"] == pytest.approx(3, abs=1)


def test_every_effect_kind_is_used(deck: Deck) -> None:
    """Every kind this deck's ruleset can play (not another deck's: Hoplomachus Victorum's training grounds, camps
    and Influence deck) is used by a card."""
    used = {e.kind for e in all_effects(deck)}
    others = set().union(*(k.zone_kinds for r, k in kit_contents().items() if r != "solar-sentinels"))
    assert sorted(set(effect_kinds()) - others - used) == []


def test_bosses(deck: Deck) -> None:
    for boss in deck.bosses:
        assert 8 <= boss.health <= 12
        assert 0 <= boss.damage <= 3
        assert 1 <= boss.entourage <= 3
        assert boss.rules, f"{boss.id} needs a rule that changes the fight"
    assert len({b.rules[0].kind for b in deck.bosses}) == 4


def test_heroes_share_three_double_sided_cards(deck: Deck) -> None:
    sides = Counter((h.card, h.side) for h in deck.heroes)
    assert len({h.card for h in deck.heroes}) == 3
    assert all(n == 1 for n in sides.values())
    for hero in deck.heroes:
        assert all(1 <= v <= 6 for v in (hero.health, hero.strategy, hero.recovery))
        assert hero.ability
    abilities = {tuple(e.model_dump_json() for e in h.ability) for h in deck.heroes}
    assert len(abilities) == 6, "each hero's ability is unique"
    kinds = {e.kind for h in deck.heroes for e in h.ability}
    # conversions, bonus damage by colour or level, rerolls, extra recovery, healing on a trigger, ignoring
    assert {"convert_face", "color_bonus", "keep_unapplied_hits", "extra_recovery", "heal", "ignore_effect"} <= kinds


def test_missions_cover_every_condition(deck: Deck) -> None:
    assert {m.condition for m in missions_of(deck)} == set(get_args(MissionKind))


def test_names_ids_and_flavour(deck: Deck) -> None:
    items: list[ConflictCard | Boss | Hero | Mission] = [*deck.cards, *deck.bosses, *deck.heroes, *missions_of(deck)]
    assert len({i.id for i in items}) == len(items)
    assert len({i.name for i in items}) == len(items)
    assert all(i.flavour for i in items)


def test_every_effect_reads_in_plain_words(deck: Deck) -> None:
    """The card browser shows the words each handler generates: none may be the generic fallback."""
    for effect in all_effects(deck):
        handler = HANDLERS.get(effect.kind)
        if handler is None or type(handler).describe is Handler.describe:
            continue  # a kind whose words are still to come (the effects issue writes them)
        words = hooks.describe(effect)
        assert words and words != effect.kind.replace("_", " ").capitalize() + ".", effect.kind
        assert "{" not in words and "None" not in words, words
