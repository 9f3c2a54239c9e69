"""The heuristic bot's shortcuts give the answers of what they stand for (test_bots.py checks how it plays).

For speed the bot (``twentystrong.bots.reading``) indexes the effects in force once per set of effects, keeps
answers per state, skips a hook when no effect in force overrides it (a die then deals its face's damage, an enemy
its printed damage) and keeps targets and incoming damage for every state that shares the effects in force. These
tests play games on the shipped deck and on the deck that uses every passive kind, partly with random commands to
reach unusual states, and at every state compare each shortcut with the plain scan or hook call it replaces.

The heuristic bot's own shortcuts (the hook selections made in one pass, the handlers asked for all colours at once,
use commands grouped once per step, the plan's candidates sorted as tuples, the apply pick with its rules looked
up in the index, …) are checked the same way while it plays (several decks, missions on and off, rank 2): each
against the computation it replaced, written out plainly here.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from twentystrong.bots import HeuristicBot, heuristic, items, reading
from twentystrong.bots.dicemath import pool_expected
from twentystrong.bots.reading import SAMPLE_DIE
from twentystrong.content import effects as fx
from twentystrong.content.effects import COLORS, Color, Face
from twentystrong.content.loader import load_deck, load_shipped
from twentystrong.content.model import Boss, ConflictCard, Deck
from twentystrong.engine import Command, Rejected, SetupOptions, decide_and_apply, initial_state, legal_commands
from twentystrong.engine.dice import BASE_DAMAGE, DIE_IDS, STRENGTH, color_of
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import HANDLERS, Handler, Live, block_reads
from twentystrong.engine.state import ActiveCard, DieState, GameState

PASSIVE_DECK = Path(__file__).parent / "decks" / "effects_passive"
FACES: tuple[Face, ...] = ("hit", "crit")


@pytest.fixture(scope="module", params=["shipped", "passive"])
def deck(request: pytest.FixtureRequest) -> Deck:
    return load_shipped("solar-sentinels") if request.param == "shipped" else load_deck(PASSIVE_DECK)


def states(deck: Deck, seed: int, bot: HeuristicBot) -> list[GameState]:
    """The states of one game: the bot's moves, with one random command in four."""
    rng = random.Random(seed)
    hero = deck.heroes[seed % len(deck.heroes)].id
    s = initial_state(deck, SetupOptions(deck.id, hero, seed=seed, missions=seed % 2 == 0))
    out: list[GameState] = []
    while s.result is None and s.round <= 60 and len(out) < 1500:
        legal = legal_commands(s)
        chosen = bot.choose(s, legal)
        out.append(s)
        result = decide_and_apply(s, rng.choice(legal) if rng.random() < 0.25 else chosen)
        assert not isinstance(result, Rejected), result
        s = result[1]
    return out


def plain_apply_ok(s: GameState, color: Color, face: Face, card: ActiveCard) -> bool:
    die = DieState(SAMPLE_DIE[color], "active", face)
    return not any(h.apply_block(s, le, die, card) for h, le in hooks.passive(s) if not reading._passing(le.effect))


def first_live(s: GameState, card: ActiveCard, kind: str) -> fx.Effect | None:
    return next((le.effect for le in hooks.live_effects(s) if le.source == card.id and le.effect.kind == kind), None)


def first_passive(s: GameState, kind: str) -> fx.Effect | None:
    return next((le.effect for _, le in hooks.passive(s) if le.effect.kind == kind), None)


def plain_incoming(s: GameState) -> int:
    total = sum(hooks.enemy_damage(s, c) for c in s.active if not c.defeated)
    for le in hooks.live_effects(s):
        if le.is_enemy and le.effect.timing == "after" and isinstance(le.effect, fx.LoseHealth):
            total += le.effect.amount
    return total


def plain_threat(s: GameState, card: ActiveCard) -> float:
    value = float(hooks.enemy_damage(s, card))
    for _, le in hooks.passive(s):
        if le.source == card.id and le.effect.timing == "during":
            value += reading.DURING_THREAT.get(le.effect.kind, 0.0)
    return value


@pytest.mark.parametrize("seed", [1, 2])
def test_shortcuts_give_the_plain_answers(deck: Deck, seed: int) -> None:
    bot = HeuristicBot(seed)
    checked = 0
    for s in states(deck, seed, bot):
        if not s.active:
            continue
        checked += 1
        assert reading.incoming(s) == plain_incoming(s)
        kinds = {le.effect.kind for le in hooks.live_effects(s)} | {"no_such_kind"}
        for kind in kinds:
            assert reading.live_kind(s, kind) is first_passive(s, kind)
        for card in s.active:
            assert reading.threat(s, card) == plain_threat(s, card)
            assert reading.enemy_damage(s, card) == hooks.enemy_damage(s, card)
            caps = [le.effect for _, le in hooks.passive(s) if le.source == card.id]
            assert reading.capped(s, card) == any(
                isinstance(e, fx.DamageCapPerRound) and e.amount < hooks.card_health(s, card) for e in caps
            )
            for kind in kinds:
                assert reading.live_kind_on(s, card, kind) is first_live(s, card, kind)
            for color in COLORS:
                for face in FACES:
                    applied = DieState(SAMPLE_DIE[color], "applied", face, card.id)
                    assert reading.die_damage_if(s, color, face, card) == hooks.die_damage(s, applied, card)
                    assert reading.apply_ok_if(s, color, face, card) == plain_apply_ok(s, color, face, card)
        # Targets kept for every state that shares the effects in force are the ones worked out for this state.
        assert bot.targets(s) == bot._find_targets(s)
    assert checked > 20


def test_plan_need_counts_the_missing_colours_only_when_a_card_wants_them() -> None:
    """heuristic._need skips the colours still missing on each card unless a "defeated only with N colours" rule is
    live: the plain sum on every card standing, in the state and with the dice changed (some applied to the card)."""
    deck = load_deck(PASSIVE_DECK)
    wanting = 0
    for seed in range(1, 9):
        for s in states(deck, seed, HeuristicBot(seed)):
            for card in reading.undefeated(s):
                for state in (s, other_dice(s, card)):
                    index = reading.effects_in_force(state)
                    cards = reading.undefeated(state)
                    need = sum(reading.remaining(state, c) * heuristic._residual(state, c, index) for c in cards)
                    missing = sum(heuristic._missing_colors(state, c) for c in cards)
                    assert heuristic._need(state, cards, index) == need + missing
                    wanting += missing > 0
    assert wanting > 10


# --- the heuristic bot's own shortcuts, checked while it plays ---------------------------------------------------

TRIGGERED_DECK = Path(__file__).parent / "decks" / "effects_triggered"
USE_CMDS = ("use_item", "use_ability")


def load(name: str) -> Deck:
    if name == "shipped":
        return load_shipped("solar-sentinels")
    return load_deck(PASSIVE_DECK if name == "passive" else TRIGGERED_DECK)


def play(deck: Deck, seed: int, rank: int, check: Callable[[HeuristicBot, GameState, list[Command]], None]) -> int:
    """Play one game (the bot's moves, with one random command in five), calling ``check`` at every state after
    the bot has chosen; the number of states checked."""
    rng = random.Random(seed)
    hero = deck.heroes[seed % len(deck.heroes)].id
    options = SetupOptions(deck.id, hero, seed=seed, missions=seed % 2 == 0, rank=rank)
    s = initial_state(deck, options)
    bot = HeuristicBot(seed)
    n = 0
    while s.result is None and s.round <= 60 and n < 1500:
        legal = legal_commands(s)
        chosen = bot.choose(s, legal)
        check(bot, s, legal)
        n += 1
        result = decide_and_apply(s, rng.choice(legal) if rng.random() < 0.2 else chosen)
        assert not isinstance(result, Rejected), result
        s = result[1]
    return n


def plain_pick_use(bot: HeuristicBot, s: GameState, legal: list[Command]) -> Command | None:
    """items.pick_use without its shortcuts: every use grouped afresh, every policy asked in every step."""
    groups: dict[tuple[str, str | None, int | None], list[Command]] = {}
    for c in legal:
        if c.cmd in USE_CMDS:
            groups.setdefault((c.cmd, c.item, c.effect), []).append(c)
    for variants in groups.values():
        effect = items.used_effect(s, variants[0])
        policy = items._POLICIES.get(effect.kind)
        chosen = policy(items.Use(bot, s, legal, effect, variants)) if policy is not None else None
        if chosen is not None:
            return chosen
    return None


def plain_capacity(bot: HeuristicBot, s: GameState) -> float:
    pool = sorted((d.color for d in s.dice_in("pool")), key=STRENGTH.__getitem__, reverse=True)
    return pool_expected(pool[: max(0, len(pool) - bot._reserve(s))], s.hero.strategy)


def plain_plan(bot: HeuristicBot, s: GameState, commits: dict[str, Command]) -> list[str]:
    """_plan_commit as it was written before its candidates were sorted as tuples."""
    targets = bot.targets(s)
    if not targets or not commits:
        return []
    k = reading.rolls_left(s)
    values = bot.color_values(s, targets, k)
    need = sum(reading.remaining(s, t) * heuristic._residual_factor(_printed(s, t)) for t in targets)
    need += sum(heuristic._missing_colors(s, t) for t in targets)
    goal = need * (bot.margin if k <= 1 else 1 + (bot.margin - 1) / k) + bot.slack / k
    active = s.dice_in("active")
    have = 0.0
    for d in active:
        have += BASE_DAMAGE[d.face] if d.face is not None and hooks.keeps_face(s, d) else values[d.color]
    pool = s.dice_in("pool")
    room = len(pool) - bot._reserve(s)
    if reading.live_kind(s, "no_apply_while_miss") is not None:
        room = min(room, 2 - len(active))
    candidates = sorted(
        (d for d in pool if d.id in commits and values[d.color] > 0.05),
        key=lambda d: (values[d.color], STRENGTH[d.color], d.id),
        reverse=True,
    )
    plan: list[str] = []
    for d in candidates:
        if have >= goal or len(plan) >= room:
            break
        plan.append(d.id)
        have += values[d.color]
    return plan


def plain_targets(bot: HeuristicBot, s: GameState) -> list[ActiveCard]:
    """_find_targets asking capped, apply_ok_if, die_damage_if and live_kind_on one at a time."""
    standing = reading.undefeated(s)

    def reachable(card: ActiveCard) -> bool:
        return any(
            reading.apply_ok_if(s, color, face, card) and reading.die_damage_if(s, color, face, card) > 0
            for color in COLORS
            for face in FACES
        )

    out = [c for c in standing if not reading.capped(s, c) and reachable(c)]
    if len(out) < len(standing):
        out = [c for c in out if reading.live_kind_on(s, c, "immune_while_others") is None]
    if len(standing) > 1:
        out = [c for c in out if not (c.boss and heuristic._needs_all(s, c))]
    if bot.building(s):
        out = [c for c in out if not c.boss]
    return out


def plain_options(s: GameState, applies: list[Command]) -> dict[str, list[tuple[Command, int, DieState]]]:
    by_card: dict[str, list[tuple[Command, int, DieState]]] = {}
    for c in applies:
        card = s.active_card(str(c.card))
        if card is None or card.defeated:
            continue
        die = s.die(str(c.die))
        by_card.setdefault(card.id, []).append((c, reading.die_damage(s, die, card), die))
    return by_card


def plain_in_order(
    bot: HeuristicBot, s: GameState, by_card: dict[str, list[tuple[Command, int, DieState]]]
) -> list[ActiveCard]:
    targets = [t for t in plain_targets(bot, s) if t.id in by_card]
    return targets if len(targets) < 2 else [t for t in bot.order(s) if t.id in by_card]


def plain_helpful(bot: HeuristicBot, s: GameState, applies: list[Command]) -> Command | None:
    """_helpful_apply as it was written, each rule looked up with live_kind / live_kind_on."""
    by_card = plain_options(s, applies)
    one_color = reading.live_kind(s, "one_color_per_enemy") is not None
    for t in plain_in_order(bot, s, by_card):
        options = by_card[t.id]
        rem = reading.remaining(s, t)
        if reading.live_kind_on(s, t, "same_color_pairs") is not None:
            options = heuristic._pair_damage(s, t, options)
        if one_color and not s.applied_to(t.id):
            options = heuristic._best_color_group(options)
        missing = heuristic._missing_colors(s, t)
        if rem <= 0 or missing:
            there = {d.color for d in s.applied_to(t.id)}
            fresh = [o for o in options if o[2].color not in there] if missing else []
            if fresh:
                return min(fresh, key=lambda o: (o[1], STRENGTH[o[2].color], o[2].id))[0]
            if rem <= 0:
                continue
        useful = [o for o in options if o[1] > 0]
        rule = reading.live_kind_on(s, t, "apply_limit")
        if isinstance(rule, fx.ApplyLimit) and rule.scope == "card":
            slots = max(0, rule.count - len(s.applied_to(t.id)))
            useful = [o for o in useful if rem - o[1] <= 2 * (slots - 1)]
        if sum(o[1] for o in useful) >= rem:
            singles = [o for o in useful if o[1] >= rem]
            if singles:
                return min(singles, key=lambda o: (o[1], STRENGTH[o[2].color], o[2].id))[0]
            return max(useful, key=lambda o: (o[1], -STRENGTH[o[2].color], o[2].id))[0]
    return None


def plain_color_values(s: GameState, targets: list[ActiveCard], rolls: int) -> dict[Color, float]:
    """color_values with no case kept: every target's faces asked (hit_faces), every target's colours looked at."""
    index = reading.effects_in_force(s)
    present = [{d.color for d in s.applied_to(t.id)} if heuristic._missing_colors(s, t) else None for t in targets]
    faces = [reading.hit_faces(s, t, index) for t in targets]
    blocking = reading.live_kind(s, "no_apply_while_miss") is not None
    return heuristic._color_values(
        frozenset(index.inverted), index.miss_penalty, blocking, rolls, bool(targets), faces, present
    )


def plain_group(legal: list[Command]) -> dict[str, list[Command]]:
    out: dict[str, list[Command]] = {}
    for c in legal:
        out.setdefault(c.cmd, []).append(c)
    uses = [c for c in legal if c.cmd in USE_CMDS]
    if uses:
        out[reading.USES] = uses
    return out


def plain_dump(bot: HeuristicBot, s: GameState, applies: list[Command]) -> Command | None:
    """_dump_apply as it was written, each rule looked up with live_kind_on and the printed effects listed."""
    by_card = plain_options(s, applies)
    for t in plain_in_order(bot, s, by_card):
        banishes = any(isinstance(e, fx.BanishAppliedDice) for e in hooks.card_effects(s, t))
        if (not t.cancelled and banishes) or reading.remaining(s, t) <= 0:
            continue
        options = by_card[t.id]
        if reading.live_kind_on(s, t, "same_color_pairs") is not None:
            options = heuristic._pair_damage(s, t, options)
        rule = reading.live_kind_on(s, t, "apply_limit")
        slots = (
            max(0, rule.count - len(s.applied_to(t.id)))
            if isinstance(rule, fx.ApplyLimit) and rule.scope == "card"
            else None
        )
        rem = reading.remaining(s, t)
        useful = [o for o in options if o[1] > 0 and (slots is None or rem - o[1] <= 2 * (slots - 1))]
        if useful:
            return max(useful, key=lambda o: (o[1], -STRENGTH[o[2].color], o[2].id))[0]
    return None


def plain_want_repeat(bot: HeuristicBot, s: GameState, legal: list[Command]) -> bool:
    if heuristic.REPEAT not in legal or all(c.defeated for c in s.active):
        return False
    if not [t for t in plain_targets(bot, s) if reading.remaining(s, t) > 0 or heuristic._missing_colors(s, t)]:
        return False
    unapplied = s.dice_in("active")
    if not unapplied and len(s.dice_in("pool")) <= bot._reserve(s):
        return False
    per_miss = reading.live_kind(s, "lose_health_per_miss")
    if isinstance(per_miss, fx.LoseHealthPerMiss) and per_miss.per_color_hits is None:
        if s.hero.health - sum(heuristic.P_MISS[d.color] for d in unapplied) * per_miss.amount <= 2:
            return False
    return True


def _printed(s: GameState, card: ActiveCard) -> ConflictCard | Boss:
    return s.deck.boss(card.id) if card.boss else s.deck.card(card.id)


def plain_index_facts(s: GameState) -> dict[str, object]:
    """What :class:`reading.EffectsInForce` reads from the effects in force, by a plain walk over every one of them."""
    first_passive: dict[str, fx.Effect] = {}
    caps: dict[str, list[int]] = {}
    threat_of: dict[str, list[float]] = {}
    inverted: set[Color] = set()
    for _, le in hooks.passive(s):
        e = le.effect
        first_passive.setdefault(e.kind, e)
        if isinstance(e, fx.InvertResults):
            inverted.update(e.colors)
        elif isinstance(e, fx.DamageCapPerRound):
            caps.setdefault(le.source, []).append(e.amount)
        if e.timing == "during":
            threat_of.setdefault(le.source, []).append(reading.DURING_THREAT.get(e.kind, 0.0))
    first_live_on: dict[tuple[str, str], fx.Effect] = {}
    after_loss = miss_penalty = 0
    for le in hooks.live_effects(s):
        e = le.effect
        first_live_on.setdefault((le.source, e.kind), e)
        if le.is_enemy and isinstance(e, fx.LoseHealth) and e.timing == "after":
            after_loss += e.amount
        if le.is_enemy and isinstance(e, fx.LoseHealthPerMiss) and e.per_color_hits is None:
            miss_penalty += e.amount
    return {
        "first_passive": first_passive,
        "caps": caps,
        "threat_of": threat_of,
        "inverted": frozenset(inverted),
        "first_live_on": first_live_on,
        "live_kinds": {le.effect.kind for le in hooks.live_effects(s)},
        "after_loss": after_loss,
        "miss_penalty": miss_penalty,
    }


def check_state(bot: HeuristicBot, s: GameState, legal: list[Command]) -> None:
    """Every shortcut of the heuristic bot against what it stands for, in this state."""
    index = reading.effects_in_force(s)
    # The index's facts, read from the engine's hook selections and each effect's kind.
    assert {name: getattr(index, name) for name in plain_index_facts(s)} == plain_index_facts(s)
    # The index's hook selections, made in one pass over the effects in force.
    passing = [(h, le) for h, le in hooks.passive_with(s, "apply_block") if not reading._passing(le.effect)]
    assert index.blockers == passing
    assert index.modifiers == hooks.passive_with(s, "die_damage")
    assert index.plain_enemy_damage == (not hooks.passive_with(s, "enemy_damage"))
    # Dice may go where their colour and face allow, kept with the index, when no restriction or modifier in force
    # reads more than the effects in force (so when none is in force at all).
    assert index.fixed_apply == all(type(h) in reading.DICE_BLIND for h, _ in index.blockers + index.modifiers)
    assert index.fixed_apply or not index.plain_apply
    assert reading.group(legal) == plain_group(legal)
    for card in s.active:
        assert reading.remaining(s, card) == max(0, hooks.card_health(s, card) - hooks.damage_taken(s, card))
        # What dice of each colour would do, asked all at once (and reachable with its hint, asked twice).
        table = reading.hit_faces(s, card, index)
        for color in COLORS:
            for face, got in zip(FACES, table[color], strict=True):
                ok = reading.apply_ok_if(s, color, face, card)
                assert got == (reading.die_damage_if(s, color, face, card) if ok else None)
        some = any(d is not None and d > 0 for pair in table.values() for d in pair)
        assert reading.reachable(s, card, index) == some == reading.reachable(s, card, index)
        assert heuristic._residual(s, card, index) == heuristic._residual_factor(_printed(s, card))
        banishes = any(isinstance(e, fx.BanishAppliedDice) for e in hooks.card_effects(s, card))
        assert heuristic._banishes_applied(s, card) == (not card.cancelled and banishes)
        for die in s.dice_in("active"):
            applied = reading.applied_die(die, card.id)
            base = BASE_DAMAGE[die.face or "miss"]
            assert reading.modified_damage(s, applied, card, index, base) == hooks.die_damage(s, applied, card)
    if s.prompts or len(legal) < 2:
        return
    # A fresh look at the state (as choose takes), then each shortcut against the plain computation.
    chosen = bot.choose(s, legal)
    # A legal move is the engine's own command object (found by identity in its legality check).
    assert chosen not in legal or any(c is chosen for c in legal)
    assert items.pick_use(bot, s, legal) == plain_pick_use(bot, s, legal)
    assert bot.can_repeat(legal) == (heuristic.REPEAT in [c for c in legal if c.cmd == "repeat"])
    assert bot._capacity(s) == plain_capacity(bot, s)
    busy = sum(reading.remaining(s, c) for c in reading.undefeated(s))
    assert bot._free_capacity(s) == max(0.0, plain_capacity(bot, s) - busy * bot.margin)
    recover = [c for c in legal if c.cmd == "recover"]
    if recover and s.step == "recover":
        assert bot._recover(s, legal) == max(recover, key=lambda c: heuristic._BY_STRENGTH[str(c.die)])
    assert bot.targets(s) == plain_targets(bot, s)
    if all(c.defeated for c in s.active):
        assert bot.targets(s) == []  # what _want_repeat knows without the effects in force
    applies = bot.commands(legal, "apply")
    if applies:
        bot._apply_options(heuristic._Seen(s), s, applies)
        # The active cards by id, kept with the index: those of this state (which shares the index).
        assert index.cards is not None
        assert index.cards.keys() == {c.id for c in s.active}
        assert all(index.cards[c.id] is s.active_card(c.id) for c in s.active)
        helps = plain_helpful(bot, s, applies)
        assert bot.pick_apply(s, applies, dump=False) == helps
        assert bot.pick_apply(s, applies, dump=True) == (helps or plain_dump(bot, s, applies))
    if s.step == "apply":
        assert bot._want_repeat(s, legal) == plain_want_repeat(bot, s, legal)
    targets = bot.targets(s)
    # What the plan sets out to deal, against every card standing (not only the targets) for more cases.
    for cards in (targets, reading.undefeated(s)):
        need = sum(reading.remaining(s, t) * heuristic._residual(s, t, index) for t in cards)
        need += sum(heuristic._missing_colors(s, t) for t in cards)
        assert heuristic._need(s, cards, index) == need
    for rolls in (1, 2, 3):
        assert bot.color_values(s, targets, rolls) == plain_color_values(s, targets, rolls)
    commits = {str(c.die): c for c in legal if c.cmd == "commit"}
    if s.step == "commit":
        plan = bot._plan_commit(s, dict(commits))
        assert plan == plain_plan(bot, s, commits)


@pytest.mark.parametrize(
    ("name", "seed", "rank"),
    [("shipped", 3, 1), ("shipped", 4, 2), ("passive", 5, 1), ("passive", 6, 2), ("triggered", 7, 1)],
)
def test_bot_shortcuts_give_the_plain_answers(name: str, seed: int, rank: int) -> None:
    assert play(load(name), seed, rank, check_state) > 50


def test_color_values_are_worked_out_once_per_commit_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """color_values keeps no answer: the plan that asks it is made once per (round, phase, endgame), so a kept
    answer would never be asked for again."""
    deck = load_shipped("solar-sentinels")
    asked: list[tuple[int, int, bool]] = []
    real = HeuristicBot.color_values

    def color_values(bot: HeuristicBot, s: GameState, targets: list[ActiveCard], rolls: int) -> dict[Color, float]:
        asked.append((s.round, s.phases_used, s.endgame))
        return real(bot, s, targets, rolls)

    monkeypatch.setattr(HeuristicBot, "color_values", color_values)
    for seed in (11, 12, 13):
        asked.clear()
        play(deck, seed, 1 + seed % 2, lambda bot, s, legal: None)
        assert asked and len(asked) == len(set(asked))


class _Left:
    """A value no answer of the bot can be: one still in a _Seen field after choose was left over."""


@pytest.mark.parametrize(("name", "seed"), [("shipped", 21), ("passive", 22), ("triggered", 23)])
def test_choose_sets_every_answer_of_the_state_afresh(name: str, seed: int) -> None:
    """choose sets the last state's _Seen afresh in place rather than making a new one: no field of the last state
    may be left over. Every field is filled with a stale value before each call; after it, none may be left."""
    deck = load(name)
    left = _Left()
    checked = 0

    def stale(bot: HeuristicBot) -> None:
        seen = bot._seen
        if seen is not None:
            for field in heuristic._Seen.__slots__:
                setattr(seen, field, left)

    rng = random.Random(seed)
    s = initial_state(deck, SetupOptions(deck.id, deck.heroes[seed % len(deck.heroes)].id, seed=seed))
    bot = HeuristicBot(seed)
    while s.result is None and s.round <= 60 and checked < 1500:
        legal = legal_commands(s)
        fresh = len(legal) > 1 and not s.prompts  # else choose answers without the state's answers
        other = _copy_of(bot)  # the same bot, that will make a new _Seen
        if fresh:
            stale(bot)
        chosen = bot.choose(s, legal)
        assert chosen is other.choose(s, legal)
        if fresh:
            seen = bot._seen
            assert seen is not None and seen.state is s and seen.legal is legal
            assert [f for f in heuristic._Seen.__slots__ if getattr(seen, f) is left] == []
            checked += 1
        result = decide_and_apply(s, rng.choice(legal) if rng.random() < 0.2 else chosen)
        assert not isinstance(result, Rejected), result
        s = result[1]
    assert checked > 50


def _copy_of(bot: HeuristicBot) -> HeuristicBot:
    """The bot with the same working memory but no answers kept for a state (choose then makes a new _Seen)."""
    other = HeuristicBot(bot.seed)
    other.__dict__.update(bot.__dict__)
    other._seen = None
    other._plan = list(bot._plan)
    other._same = dict(bot._same)
    other.use = None
    return other


def test_policies_are_given_the_use_of_the_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """pick_use gives every policy one Use object, its fields set for each use: each policy must see the bot, the
    state, the legal list, the effect and the variants it is asked about (as a new Use would hold them)."""
    asked = 0
    current: list[tuple[GameState, list[Command]]] = []

    def watched(policy: items.Policy) -> items.Policy:
        def ask(u: items.Use) -> Command | None:
            nonlocal asked
            s, legal = current[-1]
            assert u.s is s and u.legal is legal
            assert u.variants and all(v in legal for v in u.variants)
            first = u.variants[0]
            assert all((v.cmd, v.item, v.effect) == (first.cmd, first.item, first.effect) for v in u.variants)
            assert u.effect == items.used_effect(s, first)
            asked += 1
            return policy(u)

        return ask

    wrapped = {kind: watched(policy) for kind, policy in items._POLICIES.items()}
    monkeypatch.setattr(items, "_POLICIES", wrapped)
    monkeypatch.setattr(
        items, "_POLICY_STEPS", {wrapped[k]: items._POLICY_STEPS.get(p) for k, p in items._POLICIES.items()}
    )
    real_choose = HeuristicBot.choose

    def choose(bot: HeuristicBot, s: GameState, legal: list[Command]) -> Command:
        current.append((s, legal))
        chosen = real_choose(bot, s, legal)
        assert bot.use is None or bot.use.bot is bot
        return chosen

    monkeypatch.setattr(HeuristicBot, "choose", choose)
    for name, seed in (("shipped", 31), ("passive", 32), ("triggered", 33)):
        play(load(name), seed, 1, lambda bot, s, legal: None)
    assert asked > 50


# --- the handlers whose answers the bot keeps with the effects in force -----------------------------------------


def other_dice(s: GameState, card: ActiveCard) -> GameState:
    """``s`` with everything a DICE_BLIND handler must not read changed: every die elsewhere (half of them applied to
    ``card`` showing crits, the rest exhausted), another hero Health, step and Apply step record. The fields the
    effects in force are kept for (deck, hero id, inventory, active cards, round flags) stay."""
    dice = tuple(
        DieState(d.id, "applied", "crit", card.id) if i % 2 else DieState(d.id, "exhausted")
        for i, d in enumerate(s.dice)
    )
    hero = dataclasses.replace(s.hero, health=1 if s.hero.health > 1 else 6)
    step = "commit" if s.step != "commit" else "apply"
    return dataclasses.replace(s, dice=dice, hero=hero, step=step, applied_this_step=DIE_IDS, phases_used=3)


def test_dice_blind_handlers_read_only_what_the_effects_in_force_hold(deck: Deck) -> None:
    """reading.DICE_BLIND: these handlers' apply_block / die_damage answers depend on the die's colour and face and
    the card alone (with the effects in force), never on the dice, the die's id or zone, the hero's Health or the
    step, so the bot may keep them with the effects in force (EffectsInForce.fixed_apply)."""
    checked = 0
    for s in (s for seed in (1, 2, 3) for s in states(deck, seed, HeuristicBot(seed))):
        pairs = [(h, le) for h, le in hooks.passive(s) if type(h) in reading.DICE_BLIND]
        if not pairs:
            continue
        for card in s.active:
            other = other_dice(s, card)
            for color in COLORS:
                same_color = [d for d in DIE_IDS if color_of(d) == color]
                for face in FACES:
                    asked = DieState(SAMPLE_DIE[color], "active", face)
                    for h, le in pairs:
                        block = bool(h.apply_block(s, le, asked, card))
                        damage = h.die_damage(s, le, dataclasses.replace(asked, zone="applied", card=card.id), card, 2)
                        for die_id in same_color:
                            for die in (DieState(die_id, "active", face), DieState(die_id, "applied", face, card.id)):
                                assert bool(h.apply_block(other, le, die, card)) == block
                                assert h.die_damage(other, le, die, card, 2) == damage
                        checked += 1
    assert checked > 100


def test_block_reads_handlers_read_no_more_of_the_die_than_declared(deck: Deck) -> None:
    """Handler.block_reads: whether a handler refuses a die depends on its colour alone ("color") or on nothing of
    the die at all ("nothing"), never on its face, id or zone, as it declares, so hit_faces asks it once per colour
    (once per card).
    Checked on the states of several games (the passive deck uses every restriction kind), in the state itself and
    in one whose dice differ, with every die id, face and zone."""
    checked = 0
    kinds: set[str] = set()
    for s in (s for seed in range(1, 9) for s in states(deck, seed, HeuristicBot(seed))):
        pairs = [(h, le) for h, le in hooks.passive_with(s, "apply_block") if block_reads(h) != "die"]
        if not pairs:
            continue
        for card in s.active:
            for state in (s, other_dice(s, card)):
                for h, le in pairs:
                    reads_color = block_reads(h) == "color"
                    asked = {
                        color: bool(h.apply_block(state, le, DieState(SAMPLE_DIE[color], "active", "hit"), card))
                        for color in COLORS
                    }
                    for die_id in DIE_IDS:
                        expected = asked[color_of(die_id)] if reads_color else asked["yellow"]
                        for face in ("hit", "crit", "miss"):
                            for die in (DieState(die_id, "active", face), DieState(die_id, "applied", face, card.id)):
                                assert bool(h.apply_block(state, le, die, card)) == expected
                    checked += 1
                    kinds.add(le.effect.kind)
    assert checked > 20
    declared = {kind for kind, h in HANDLERS.items() if block_reads(h) != "die"}
    assert kinds <= declared
    if deck.info.id != "solar-sentinels":  # the passive deck has every restriction kind: each declaration is tested
        assert kinds == declared


def test_block_reads_is_the_declaration_of_the_class_that_defines_apply_block() -> None:
    """A subclass that replaces apply_block without declaring what it reads reads the whole die, whatever the class
    it replaced declared."""
    colour_only = next(h for h in HANDLERS.values() if block_reads(h) == "color")

    class Replaced(type(colour_only)):  # type: ignore[misc]
        def apply_block(self, s: GameState, live: Live, die: DieState, card: ActiveCard) -> str | None:
            return None if die.face == "hit" else "no"

    class Kept(type(colour_only)):  # type: ignore[misc]
        pass

    assert block_reads(Replaced()) == "die"
    assert block_reads(Kept()) == "color"
    assert block_reads(Handler()) == "die"
