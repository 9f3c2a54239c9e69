"""The legal commands and the hook queries reuse answers across states; these tests check them against answers
worked out from nothing.

What is reused, and what each reuse relies on:

- the effects in force (``hooks.InForce``) are inherited by the states that follow while the fields they were read
  from hold; each effect's handler, hooks and condition, and the hero's and items' effects, are kept with the deck;
- the item and ability effects a player may use (``legal._Uses``) are kept with the effects in force (and with the
  hero's and items' effects, see test_hooks_speed_sources.py), and each effect's commands (``legal._Use``) with the
  deck, reused while the state holds the same values in the fields its handler names in ``use_reads`` (and no
  effect in force answers a hook it asks, ``use_hooks``).

A wrong dependency would keep a stale answer. These tests play games on every test deck and the shipped one, with
the heuristic bot and random commands, two games at once on the same deck (the deck keeps the last answers), and
compare at every state with ``dataclasses.replace(state, deck=deck.model_copy())``: the same state with a copy of
its deck, so nothing is kept anywhere for it yet. The item commands are also compared with a plain computation
straight from the handlers, as the legal commands were first written.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any, get_args

import pytest

from twentystrong.bots import make_bot
from twentystrong.content.effects import Face
from twentystrong.content.heroes import with_hero
from twentystrong.content.loader import load_deck, load_shipped
from twentystrong.content.model import Deck
from twentystrong.engine import Rejected, SetupOptions, decide_and_apply, initial_state, legal_commands
from twentystrong.engine.commands import Command
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import HANDLERS, Handler, Live, use_reads
from twentystrong.engine.legal import is_legal, usable_effects
from twentystrong.engine.state import DieState, GameState, Zone, fast_replace, with_die

DECKS = Path(__file__).parent / "decks"
HOOKS = [n for n, v in vars(Handler).items() if callable(v) and not n.startswith("_")]


def _deck(name: str) -> Deck:
    return load_shipped("solar-sentinels") if name == "shipped" else load_deck(DECKS / name)


def _fresh(s: GameState) -> GameState:
    """``s`` with nothing worked out: no answers kept with it, and a copy of its deck (which keeps none)."""
    return dataclasses.replace(s, deck=s.deck.model_copy())


def _plain_item_commands(s: GameState) -> list[Command]:
    """use_item / use_ability / discard_item as the legal commands first listed them: every effect in force, each
    handler asked (none of the legal commands' shortcuts)."""
    if s.result is not None or s.step in ("setup", "mission_discard", "rank_penalty"):
        return []
    if s.step in ("faces",) or (s.prompt is not None and hooks.resolving_roll(s, s.prompt)):
        usable: list[Live] = []  # R8: items wait while a roll is resolved (an effect's own choice does not stop them)
    else:
        usable = []
        blocked = hooks.items_block(s) is not None
        for le in hooks.live_effects(s):
            if le.origin not in ("item", "hero") or (blocked and le.origin == "item"):
                continue
            single = le.origin == "item" and hooks.item_effects(s, le.source)[0] == "single_use"
            if single and le.index != 0:
                continue
            h = hooks.handler(le.effect.kind)
            if not single and (h.passive or le.effect.trigger is not None):
                continue
            if le.effect.once_per_round and le.key in s.used_this_round:
                continue
            if le.effect.condition is not None and not hooks.condition_holds(s, le, {}):
                continue
            usable.append(le)
    out: list[Command] = []
    for le in usable:
        single = le.origin == "item" and hooks.item_effects(s, le.source)[0] == "single_use"
        cmd, item = ("use_item", le.source) if le.origin == "item" else ("use_ability", None)
        effect = None if single else le.index
        out += [Command(cmd, item=item, effect=effect, **extra) for extra in hooks.handler(le.effect.kind).uses(s, le)]
    return out + [Command("discard_item", item=i) for i in s.inventory]


def _answers(s: GameState) -> tuple[object, ...]:
    """The legal commands and what the rules ask of the effects in force."""
    return (
        legal_commands(s),
        [le.key for le in usable_effects(s)],
        [le.key for le in hooks.live_effects(s)],
        [le.key for _, le in hooks.passive(s)],
        [[le.key for _, le in hooks.passive_with(s, hook)] for hook in HOOKS],
        [le.key for _, le in hooks.passive_with(s, "commit_block", "commit_limit")],
        hooks.recoverable(s),
        hooks.items_block(s),
        [(c.id, hooks.damage_taken(s, c), hooks.enemy_damage(s, c), hooks.defeat_block(s, c)) for c in s.active],
        [[hooks.die_damage(s, d, c) for c in s.active] for d in s.dice_in("applied")],
    )


def _play(deck: Deck, seed: int) -> Any:
    """The states of one game, one at a time: the bot's moves, with one random command in three."""
    rng = random.Random(seed)
    bot = make_bot("heuristic", seed)
    hero = deck.heroes[seed % len(deck.heroes)].id
    s = initial_state(deck, SetupOptions(deck.id, hero, seed=seed, missions=seed % 2 == 0))
    while s.result is None and s.round <= 40:
        yield s
        legal = legal_commands(s)
        command = rng.choice(legal) if rng.random() < 0.35 else bot.choose(s, legal)
        assert is_legal(s, command)
        out = decide_and_apply(s, command)
        assert not isinstance(out, Rejected), out
        s = out[1]


@pytest.mark.parametrize("deck_name", ["shipped", "effects_passive", "effects_triggered", "plain"])
def test_legal_commands_and_hooks_match_a_state_with_nothing_kept(deck_name: str) -> None:
    deck = _deck(deck_name)
    checked = used = 0
    for seed in range(0, 12, 2):
        # Two games at once on one deck: the deck keeps the last answers for a hero, inventory and effect.
        for a, b in zip(_play(deck, seed), _play(deck, seed + 1), strict=False):
            for s in (a, b):
                fresh = _fresh(s)
                assert _answers(s) == _answers(fresh), (deck_name, seed, s.seq)
                assert [c for c in legal_commands(s) if c.cmd in ("use_item", "use_ability", "discard_item")] == (
                    _plain_item_commands(fresh)
                ), (deck_name, seed, s.seq)
                checked += 1
                used += any(c.cmd in ("use_item", "use_ability") for c in legal_commands(s))
    assert checked >= 400
    assert used >= (5 if deck_name == "plain" else 20)  # the item and ability commands were really exercised


def _perturbed(s: GameState, rng: random.Random) -> GameState:
    """``s`` with one field changed as an event might change it (``fast_replace``, as ``evolve`` does: the effects
    in force are inherited when the field is not one they were read from)."""
    what = rng.choice(["die", "die", "die", "defeated_this_step", "stacks", "boss", "used", "step", "card", "hero"])
    if what == "die":
        die = rng.choice(s.dice)
        zone: Zone = rng.choice(get_args(Zone))
        face: Face | None = rng.choice([None, "miss", "hit", "crit"]) if zone in ("active", "applied") else None
        card = rng.choice(s.active).id if zone == "applied" and s.active else None
        if zone == "applied" and card is None:
            zone = "exhausted"
        return fast_replace(s, dice=with_die(s, DieState(die.id, zone, face, card)))
    if what == "defeated_this_step":
        return fast_replace(s, defeated_this_step=1 - min(s.defeated_this_step, 1))
    if what == "stacks":
        return fast_replace(s, stacks=tuple(stack[1:] if i == 0 else stack for i, stack in enumerate(s.stacks)))
    if what == "boss":
        return fast_replace(s, boss_deck=s.boss_deck[1:], boss_discard=() if rng.random() < 0.5 else s.boss_discard)
    if what == "used":
        keys = [f"{le.source}#{le.index}" for le in hooks.live_effects(s) if le.effect.once_per_round]
        return fast_replace(s, used_this_round=() if s.used_this_round or not keys else (rng.choice(keys),))
    if what == "step":
        return fast_replace(s, step=rng.choice(["commit", "apply", "recover"]), prompts=())
    if what == "card" and s.active:
        i = rng.randrange(len(s.active))
        old = s.active[i]
        changed = dataclasses.replace(old, defeated=not old.defeated, cancelled=rng.random() < 0.2)
        return fast_replace(s, active=(*s.active[:i], changed, *s.active[i + 1 :]))
    return fast_replace(s, hero=dataclasses.replace(s.hero, health=rng.randint(1, 6)))


@pytest.mark.parametrize("deck_name", ["shipped", "effects_triggered"])
def test_kept_uses_follow_every_field_they_read(deck_name: str) -> None:
    """Every item with a use held at once, then one field changed at a time: the commands kept for the first
    state must not be given for the changed one unless they still hold."""
    deck = _deck(deck_name)
    items = [c.id for c in deck.cards if c.reward is not None and c.reward.kind != "instant"]
    rng = random.Random(7)
    checked = 0
    for seed in range(6):
        for n, s in enumerate(_play(deck, seed)):
            if n % 3 or s.step in ("setup", "mission_discard", "rank_penalty"):
                continue
            s = fast_replace(s, inventory=tuple(rng.sample(items, k=min(len(items), rng.randint(2, 6)))))
            legal_commands(s)  # keeps the answers of this state's fields
            for _ in range(3):
                s = _perturbed(s, rng)
                fresh = _fresh(s)
                assert legal_commands(s) == legal_commands(fresh), (deck_name, seed, n)
                assert [c for c in legal_commands(s) if c.cmd in ("use_item", "use_ability", "discard_item")] == (
                    _plain_item_commands(fresh)
                ), (deck_name, seed, n)
                checked += 1
    assert checked >= 300


def test_a_universal_hero_from_another_deck() -> None:
    """A hero played with another deck (``deck/hero``): the game's deck is a copy that holds it too."""
    triggered = _deck("effects_triggered")
    hero = f"{triggered.id}/wanderer"
    deck = with_hero(load_shipped("solar-sentinels"), hero, [triggered])
    s = initial_state(deck, SetupOptions(deck.id, hero, seed=3))
    rng = random.Random(3)
    for _ in range(400):
        if s.result is not None:
            break
        assert _answers(s) == _answers(_fresh(s)), s.seq
        out = decide_and_apply(s, rng.choice(legal_commands(s)))
        assert not isinstance(out, Rejected)
        s = out[1]


def test_every_handler_says_what_its_uses_read() -> None:
    """A handler whose uses read unknown fields would be asked in every state: each names what it reads, and only
    names that a state has."""
    fields = {f.name for f in dataclasses.fields(GameState)}
    zones = {*get_args(Zone), "rolled"}  # dice:rolled: the active dice that show a face
    for kind, h in HANDLERS.items():
        reads = use_reads(h)
        assert reads is not None, kind
        for name in reads:
            assert name in fields or (name.startswith("dice:") and name.removeprefix("dice:") in zones), (kind, name)
        assert set(h.use_hooks) <= set(HOOKS), kind


def test_use_reads_must_be_declared_beside_uses() -> None:
    """A handler that finds its uses anew but says nothing of what they read is never answered from a kept list."""

    class Undeclared(Handler):
        def uses(self, s: GameState, live: Live) -> list[dict[str, Any]]:
            return []

    class Declared(Undeclared):
        use_reads = ("stacks",)

    class Inherits(Declared):
        pass

    assert use_reads(Handler()) == ()
    assert use_reads(Undeclared()) is None
    assert use_reads(Declared()) == ("stacks",)
    assert use_reads(Inherits()) == ("stacks",)


def test_whether_recovered_colours_fit_does_not_depend_on_their_order() -> None:
    """``hooks._fits`` is asked with the colours sorted, so its kept answers serve every order: it must give the
    same answer for any order (it tries every placement)."""
    fits = hooks._fits.__wrapped__
    rng = random.Random(5)
    colors = ["yellow", "green", "blue", "red", "purple"]
    for _ in range(2000):
        slots = tuple(
            (rng.randint(0, 3), None if rng.random() < 0.4 else tuple(rng.sample(colors, rng.randint(1, 3))))
            for _ in range(rng.randint(1, 3))
        )
        asked = [rng.choice(colors) for _ in range(rng.randint(0, 6))]
        shuffled = asked[:]
        rng.shuffle(shuffled)
        assert fits(slots, tuple(asked)) == fits(slots, tuple(sorted(asked))) == fits(slots, tuple(shuffled))
