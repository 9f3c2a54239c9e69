"""The effects in force are joined from kept pieces; these tests check them against a walk over every effect.

What is reused, and what each reuse relies on:

- ``hooks.InForce`` joins the selections of each source (the hero with the items held, each active card: their
  passive effects by hook, for each set of answers to their conditions, and their triggered effects), kept with
  the deck; a query of several hooks looks first at whether any passive effect answers one of them;
- ``legal._Uses`` (which effects a player may use, and the plan of their commands) is kept with the hero's and the
  items' effects for whether items are blocked and which of them ask a hook an effect in force answers, and serves
  every set of effects in force that shares those;
- ``legal._Uses.plan`` is kept for the state's once-per-round marks (and items block);
- the uses of ``convert_face``, ``swap_miss_and_hit`` and ``pair_misses_to_hits`` read only the rolled dice
  (``dice:rolled``), so they are kept while dice are committed.

Each is compared, at every state of bot and random games on every test deck and the shipped one (and at states
with round flags, marks and cards changed), with the plain computation.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from test_legal_speed_caches import _deck, _fresh, _plain_item_commands, _play

from twentystrong.content.effects import IgnoreEffect
from twentystrong.engine import legal_commands
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Handler, Live
from twentystrong.engine.state import GameState, fast_replace

HOOKS = [n for n, v in vars(Handler).items() if callable(v) and not n.startswith("_")]
TRIGGERS = ["on_activate", "on_defeat", "start_of_round", "after_roll", "on_enemy_defeated", "after_suffer_damage"]
QUERIES = [("commit_block", "commit_limit"), ("apply_block", "die_damage"), ("recovery_slot", "recovery_block")]


def _plain_live(s: GameState) -> list[Live]:
    """Every effect in force, walked from the deck: the hero's, the items', then each active card's (During effects
    only while undefeated, without the kinds the hero ignores)."""
    deck = s.deck
    held: list[Live] = []
    if s.hero.id:
        held += [Live(s.hero.id, "hero", i, e) for i, e in enumerate(deck.hero(s.hero.id).ability)]
    for item in s.inventory:
        reward = deck.card(item).reward
        assert reward is not None
        held += [Live(item, "item", i, e) for i, e in enumerate(reward.effects)]
    ignored = {k for le in held if isinstance(le.effect, IgnoreEffect) for k in le.effect.kinds}
    out = held
    for card in s.active:
        if card.cancelled:
            continue
        effects = deck.boss(card.id).rules if card.boss else deck.card(card.id).effects
        origin = "boss" if card.boss else "enemy"
        for i, e in enumerate(effects):
            if (card.defeated and e.timing == "during") or e.kind in ignored:
                continue
            out.append(Live(card.id, origin, i, e))
    return out


def _plain_passive(s: GameState) -> list[tuple[Handler, Live]]:
    """The round effects, then the live ones, that are simply in force: not an enemy's After effect, and their
    condition holding."""
    out = []
    for le in [*hooks.round_effects(s), *_plain_live(s)]:
        if le.effect.timing == "after" and le.is_enemy:
            continue
        if le.effect.condition is not None and not hooks.condition_holds(s, le, {}):
            continue
        out.append((hooks.handler(le.effect.kind), le))
    return out


def _keys(pairs: list[tuple[Handler, Live]]) -> list[str]:
    return [le.key for _, le in pairs]


def _check_in_force(s: GameState) -> None:
    live = _plain_live(s)
    passive = _plain_passive(s)
    assert [le.key for le in hooks.live_effects(s)] == [le.key for le in live]
    assert _keys(hooks.passive(s)) == _keys(passive)
    for hook in HOOKS:
        assert _keys(hooks.passive_with(s, hook)) == _keys([p for p in passive if hook in hooks.overridden(p[0])])
    for query in QUERIES:
        expected = [p for p in passive if not hooks.overridden(p[0]).isdisjoint(query)]
        assert _keys(hooks.passive_with(s, *query)) == _keys(expected), query
    for trigger in TRIGGERS:
        assert [le.key for le in hooks.triggered(s, trigger)] == [
            le.key for le in live if hooks.trigger_of(le) == trigger
        ]
    reads_dice = any(
        le.effect.condition is not None and le.effect.condition.color_exhausted is not None
        for le in [*hooks.round_effects(s), *live]
    )
    assert ("dice" in hooks.in_force(s).deps) == reads_dice


@pytest.mark.parametrize("deck_name", ["shipped", "effects_passive", "effects_triggered", "plain"])
def test_effects_in_force_match_a_walk_over_every_effect(deck_name: str) -> None:
    deck = _deck(deck_name)
    checked = answered = 0
    for seed in range(8):
        for s in _play(deck, seed):
            _check_in_force(s)
            checked += 1
            answered += bool(hooks.passive(s))
    assert checked >= 300 and answered >= (0 if deck_name == "plain" else 100)


def _changed(s: GameState, rng: random.Random) -> GameState:
    """``s`` with one of the fields the kept uses and plans follow changed as an event might change it."""
    what = rng.choice(["blocked", "round_effect", "used", "card", "hero"])
    if what == "blocked":
        flags = tuple(f for f in s.round_flags if f != hooks.ITEMS_BLOCKED)
        return fast_replace(s, round_flags=flags if hooks.ITEMS_BLOCKED in s.round_flags else (*flags, "items_blocked"))
    if what == "round_effect" and s.inventory:
        return fast_replace(s, round_flags=(*s.round_flags, f"{hooks.ROUND_EFFECT}{s.inventory[0]}#0"))
    if what == "used":
        keys = [le.key for le in hooks.live_effects(s) if le.effect.once_per_round]
        return fast_replace(s, used_this_round=() if s.used_this_round or not keys else (rng.choice(keys),))
    if what == "card" and s.active:
        i = rng.randrange(len(s.active))
        old = s.active[i]
        changed = dataclasses.replace(old, defeated=not old.defeated, cancelled=rng.random() < 0.3)
        return fast_replace(s, active=(*s.active[:i], changed, *s.active[i + 1 :]))
    return fast_replace(s, hero=dataclasses.replace(s.hero, health=rng.randint(1, 6)))


@pytest.mark.parametrize("deck_name", ["shipped", "effects_triggered", "effects_passive"])
def test_kept_uses_and_plans_follow_blocks_marks_and_cards(deck_name: str) -> None:
    """The uses kept with the hero's and items' effects, and their plans, must not be given to a state whose
    items block, once-per-round marks, cards or Health call for others."""
    deck = _deck(deck_name)
    items = [c.id for c in deck.cards if c.reward is not None and c.reward.kind != "instant"]
    rng = random.Random(11)
    checked = used = 0
    for seed in range(6):
        for n, s in enumerate(_play(deck, seed)):
            if n % 3 or s.step in ("setup", "mission_discard", "rank_penalty"):
                continue
            s = fast_replace(s, inventory=tuple(rng.sample(items, k=min(len(items), rng.randint(1, 4)))))
            legal_commands(s)  # keeps the answers of this state's fields
            for _ in range(4):
                s = _changed(s, rng)
                fresh = _fresh(s)
                assert legal_commands(s) == legal_commands(fresh), (deck_name, seed, n)
                assert [c for c in legal_commands(s) if c.cmd in ("use_item", "use_ability", "discard_item")] == (
                    _plain_item_commands(fresh)
                ), (deck_name, seed, n)
                _check_in_force(s)
                checked += 1
                used += any(c.cmd in ("use_item", "use_ability") for c in legal_commands(s))
    assert checked >= 300 and used >= 50
