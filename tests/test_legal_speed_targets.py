"""Shortcuts of the legal commands and hooks added after test_legal_speed_caches.py, checked against plain answers.

What is reused, and what each reuse relies on:

- a targeted item or ability (``items.Targeted``) lists its uses as ``targets``, tuples of the values of its
  ``fields``; ``legal._Use`` turns each tuple into its command through a dict kept per effect, rather than a dict of
  fields per use: only while the handler's ``uses`` and ``variants`` are ``Targeted``'s own (else it asks ``uses``);
- ``legal._rolled`` (the key of the uses that read the rolled dice) keeps its last answer with the dice tuple it
  read;
- ``hooks._held`` keeps the hero's and items' effects by hero and inventory (a bounded number per deck), so an
  inventory that comes back is served the effects (and the uses kept with them) worked out for it before.

Each is compared with a plain computation at every state of bot and random games, two at once on one deck (so that
what a deck keeps is replaced between the states of one game), and at states whose dice or inventory are changed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_legal_speed_caches import _deck, _fresh, _plain_item_commands, _play

from twentystrong.content.effects import IgnoreEffect
from twentystrong.engine import legal as legal_module
from twentystrong.engine import legal_commands
from twentystrong.engine.commands import Command
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import HANDLERS, Live
from twentystrong.engine.effects.items import Targeted
from twentystrong.engine.state import DieState, GameState, fast_replace, with_die


def _plain_rolled(s: GameState) -> tuple[DieState, ...]:
    return tuple(d for d in s.dice if d.zone == "active" and d.face is not None)


def _plain_held(s: GameState) -> tuple[list[str], frozenset[str]]:
    """The keys of the hero's and items' effects, and the enemy kinds they ignore, walked from the deck."""
    deck = s.deck
    effects = [(s.hero.id, e) for e in deck.hero(s.hero.id).ability] if s.hero.id else []
    for item in s.inventory:
        reward = deck.card(item).reward
        assert reward is not None
        effects += [(item, e) for e in reward.effects]
    keys = []
    count: dict[str, int] = {}
    for source, _ in effects:
        keys.append(f"{source}#{count.get(source, 0)}")
        count[source] = count.get(source, 0) + 1
    ignored = frozenset(k for _, e in effects if isinstance(e, IgnoreEffect) for k in e.kinds)
    return keys, ignored


def _check(s: GameState) -> None:
    assert legal_module._rolled(s) == _plain_rolled(s)
    held = hooks.in_force(s).held
    keys, ignored = _plain_held(s)
    assert (held.hero, held.inventory) == (s.hero.id, s.inventory)
    assert [le.key for le in held.live] == keys
    assert held.ignored == ignored
    assert legal_commands(s) == legal_commands(_fresh(s))
    assert [c for c in legal_commands(s) if c.cmd in ("use_item", "use_ability", "discard_item")] == (
        _plain_item_commands(_fresh(s))
    )


@pytest.mark.parametrize("deck_name", ["shipped", "effects_passive", "effects_triggered", "plain"])
def test_targets_rolled_dice_and_held_effects_match_plain_answers(deck_name: str) -> None:
    deck = _deck(deck_name)
    checked = targeted = 0
    for seed in range(0, 8, 2):
        for a, b in zip(_play(deck, seed), _play(deck, seed + 1), strict=False):
            for s in (a, b):
                _check(s)
                checked += 1
                targeted += any(
                    c.cmd in ("use_item", "use_ability") and (c.die or c.card or c.stack) for c in legal_commands(s)
                )
    assert checked >= 300
    assert targeted >= (10 if deck_name == "shipped" else 0)  # the targeted uses were really exercised


@pytest.mark.parametrize("deck_name", ["shipped", "effects_triggered"])
def test_kept_answers_follow_changed_dice_and_inventories(deck_name: str) -> None:
    """Dice moved and inventories changed and changed back, one state after another (as events would): the rolled
    dice and the held effects kept for one state must not be given to another unless they still hold."""
    deck = _deck(deck_name)
    items = [c.id for c in deck.cards if c.reward is not None and c.reward.kind != "instant"]
    rng = random.Random(5)
    checked = 0
    for seed in range(4):
        inventories = [tuple(rng.sample(items, k=rng.randint(0, 4))) for _ in range(3)]
        for n, s in enumerate(_play(deck, seed)):
            if n % 4 or s.step in ("setup", "mission_discard", "rank_penalty"):
                continue
            for _ in range(4):
                if rng.random() < 0.5:
                    die = rng.choice(s.dice)
                    zone = rng.choice(["pool", "active", "active", "exhausted"])
                    face = rng.choice([None, "miss", "hit", "crit"]) if zone == "active" else None
                    s = fast_replace(s, dice=with_die(s, DieState(die.id, zone, face)))  # type: ignore[arg-type]
                else:
                    s = fast_replace(s, inventory=rng.choice(inventories))
                _check(s)
                checked += 1
    assert checked >= 200


def test_held_effects_kept_for_many_inventories_stay_right() -> None:
    """More inventories than a deck keeps held effects for: each is still given its own."""
    deck = _deck("shipped")
    items = [c.id for c in deck.cards if c.reward is not None and c.reward.kind != "instant"]
    rng = random.Random(9)
    s = next(s for s in _play(deck, 1) if s.step == "commit")
    for _ in range(3 * hooks._HELD_KEPT):
        changed = fast_replace(s, inventory=tuple(rng.sample(items, k=rng.randint(0, 5))))
        assert [le.key for le in hooks.in_force(changed).held.live] == _plain_held(changed)[0]
    assert len(deck.__dict__["_held_by"]) <= hooks._HELD_KEPT


def test_targeted_handlers_list_their_uses_as_targets() -> None:
    """Every targeted handler names its uses through ``targets`` (the legal commands' short way), with as many
    values as it has ``fields``; a handler that replaces ``uses`` or ``variants`` is asked those instead."""
    targeted = [h for h in HANDLERS.values() if isinstance(h, Targeted)]
    assert len(targeted) >= 8
    for h in targeted:
        assert legal_module._by_targets(h), h.kind
        assert "variants" not in vars(type(h)), h.kind  # override targets: variants names them

    class OwnVariants(Targeted):
        fields = ("card",)

        def targets(self, s: GameState, live: Live) -> list[tuple[Any, ...]]:
            return [("a",)]

        def variants(self, s: GameState, live: Live) -> list[dict[str, Any]]:
            return [{"card": "b"}]

    class OwnUses(Targeted):
        def uses(self, s: GameState, live: Live) -> list[dict[str, Any]]:
            return []

    class ByTargets(Targeted):
        fields = ("die", "card")

        def targets(self, s: GameState, live: Live) -> list[tuple[Any, ...]]:
            return [("B1", "c1"), ("B2", "c1")]

    assert not legal_module._by_targets(OwnVariants())
    assert not legal_module._by_targets(OwnUses())
    assert legal_module._by_targets(ByTargets())
    s = next(_play(_deck("shipped"), 0))
    live = Live("x", "item", 0, _any_effect())
    assert ByTargets().variants(s, live) == [{"die": "B1", "card": "c1"}, {"die": "B2", "card": "c1"}]


def _any_effect() -> Any:
    deck = _deck("shipped")
    for card in deck.cards:
        if card.reward is not None and card.reward.effects:
            return card.reward.effects[0]
    raise AssertionError("no item effect")


def test_commands_by_targets_are_the_commands_of_the_variants() -> None:
    """The command a use's target values give is the command its variant's fields give (one object for both)."""
    deck = _deck("shipped")
    items = [c.id for c in deck.cards if c.reward is not None and c.reward.kind != "instant"]
    rng = random.Random(3)
    checked = 0
    for seed in range(4):
        for n, s in enumerate(_play(deck, seed)):
            if n % 3 or s.step in ("setup", "mission_discard", "rank_penalty"):
                continue
            s = fast_replace(s, inventory=tuple(rng.sample(items, k=min(len(items), 6))))
            for use in legal_module._uses_in_force(s).candidates:
                if use.targets is None:
                    continue
                handler: Any = use.handler
                for values in handler.targets(s, use.live):
                    extra = dict(zip(handler.fields, values, strict=True))
                    command = use.targets[values]
                    assert command is use.command(extra)
                    assert command == Command(use.cmd, item=use.source, effect=use.effect, **extra)
                    checked += 1
    assert checked >= 50
