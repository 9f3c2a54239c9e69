"""Handlers of items and abilities the player uses: defeat, discard or weaken an enemy, change faces, and more.

Most of these kinds aim at something (a card, a die, a stack). They share one shape, :class:`Targeted`:

- ``targets(state, live)`` lists every way the effect can be used now, each the values of the command fields the
  handler names in ``fields`` (``("card",)`` and ``("c05",)``, ``("die", "choice")`` and ``("B1", "Y2")`` …);
  ``variants`` gives them as dicts of command fields (``{"card": "c05"}``, ``{"die": "B1", "choice": "Y2"}`` …).
  ``uses`` is exactly that list, so ``legal_commands`` offers one ``use_item`` / ``use_ability`` command per variant
  and a variant-less effect is not offered at all.
- Used through a command, the variant named by the command's fields runs.
- Fired some other way (a later effect of a single-use item, an instant reward, a trigger), the command's fields
  are used when they name a variant; otherwise one variant runs on its own, and several become a prompt
  (``choose_card`` / ``choose_die`` / ``choose_stack`` for a single target, else ``choose_option``).

Variants name dice by id, one per eligible die (or pair of dice), so a player can pick the very die they point at.

"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from twentystrong.content import effects as fx
from twentystrong.content.effects import Effect
from twentystrong.engine import events as ev
from twentystrong.engine.commands import Command
from twentystrong.engine.dice import FACES, HIT_FACES
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import FaceChange, Handler, Live, handles
from twentystrong.engine.effects.words import colors, dice, face_words, kept_name, stat_name
from twentystrong.engine.rng import below
from twentystrong.engine.rulesets import rules
from twentystrong.engine.state import ActiveCard, DieState, GameState, Prompt
from twentystrong.engine.tx import Tx
from twentystrong.i18n import N_, _, ngettext

HITS = ("hit", "crit")
HELD = "held:"
"""Prefix of a counter ``held:<item>#<index>``: the stat change a held item actually made (undone when it leaves)."""

Variant = dict[str, Any]


# --- shared helpers -------------------------------------------------------------------------------------------


def next_choice(tx: Tx, prompt: Prompt, chosen: str) -> None:
    """One of several choices made: narrow the prompt (one fewer to make, the chosen option gone) or close it."""
    tx.narrow_prompt(prompt, tuple(o for o in prompt.options if o != chosen))


def choose_some(
    tx: Tx,
    live: Live,
    *,
    kind: str,
    count: int,
    options: tuple[str, ...],
    purpose: str,
    each: Callable[[str], object],
    open_prompt: Prompt | None = None,
) -> None:
    """Ask for ``count`` of ``options`` (a prompt of ``kind``), or, with no more options than that, do ``each`` for
    all of them without asking. Given the ``open_prompt`` (R8: an item changed the state while it waited), ask it
    again with the options that hold now, or close it and do them all."""
    if len(options) <= count:
        if open_prompt is not None:
            tx.emit(ev.PromptDone)
        for option in options:
            each(option)
        return
    if open_prompt is not None:
        tx.reask(open_prompt, options)
        return
    tx.push(Prompt(kind, source=live.source, effect=live.index, count=count, options=options, purpose=purpose))


def _key(variant: Variant) -> str:
    """A variant as a ``choose_option`` answer: ``die=B1,choice=Y2``."""
    return ",".join(f"{k}={v}" for k, v in sorted(variant.items()))


_PROMPT_OF_FIELD = {"card": "choose_card", "die": "choose_die"}
"""The general prompt kinds by the field they fill (a ruleset's own: its ``prompt_fields``)."""


def _choice(s: GameState, options: list[Variant]) -> tuple[str, tuple[str, ...]]:
    """The prompt kind that asks for one of several variants, and its answers: the target itself when the variants
    differ in one field (``choose_card`` and card ids …, or a prompt kind the ruleset asks for that field:
    ``Ruleset.prompt_fields``), else a ``choose_option`` of :func:`_key` answers."""
    fields = {k for v in options for k in v}
    kind = "choose_option"
    if len(fields) == 1:
        field = next(iter(fields))
        own = {f: k for k, f in rules(s).prompt_fields.items()}
        kind = _PROMPT_OF_FIELD.get(field) or own.get(field) or "choose_option"
    if kind == "choose_option":
        return kind, tuple(_key(v) for v in options)
    field = next(iter(fields))
    return kind, tuple(str(v[field]) for v in options)


class Targeted(Handler):
    """An effect aimed at a card, a die or a pile of the ruleset's (see the module docstring)."""

    ask = N_("choose a target")
    """What a prompt asks, after the source's name."""

    fields: ClassVar[tuple[str, ...]] = ()
    """The command fields a variant sets, in the order of the values of each of :meth:`targets`."""

    def targets(self, s: GameState, live: Live) -> list[tuple[Any, ...]]:
        """Every way to use the effect now: the values of :attr:`fields` for each (override this, not
        :meth:`variants`)."""
        return [()]

    def variants(self, s: GameState, live: Live) -> list[Variant]:
        """Every way to use the effect now, as command fields: :meth:`targets` named by :attr:`fields`."""
        fields = self.fields
        return [dict(zip(fields, values, strict=True)) for values in self.targets(s, live)]

    def run(self, tx: Tx, live: Live, variant: Variant) -> None:
        """The effect happens with one variant."""

    def uses(self, s: GameState, live: Live) -> list[dict[str, Any]]:
        return self.variants(s, live)

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        options = self.variants(tx.state, live)
        if not options:
            return
        command = context.get("command")
        if isinstance(command, Command):
            for variant in options:
                if variant and all(getattr(command, k) == v for k, v in variant.items()):
                    self.run(tx, live, variant)
                    return
        if len(options) == 1:
            self.run(tx, live, options[0])
            return
        kind, answers = _choice(tx.state, options)
        tx.push(
            Prompt(
                kind,
                source=live.source,
                effect=live.index,
                options=answers,
                purpose=f"{kept_name(tx.state, live.source)}: {self.ask}",
            )
        )

    def choose(self, tx: Tx, live: Live, prompt: Prompt, command: Command) -> None:
        tx.emit(ev.PromptDone)
        for variant in self.variants(tx.state, live):
            answer = _key(variant) if prompt.kind == "choose_option" else None
            if answer is not None and answer == command.choice:
                self.run(tx, live, variant)
                return
            if answer is None and variant and all(getattr(command, k) == v for k, v in variant.items()):
                self.run(tx, live, variant)
                return
        # The target went away while the prompt waited (another answer came first): nothing happens.

    def reask(self, tx: Tx, live: Live, prompt: Prompt) -> None:
        options = self.variants(tx.state, live)
        if len(options) > 1:
            kind, answers = _choice(tx.state, options)
            if kind == prompt.kind:
                tx.reask(prompt, answers)
                return
        tx.emit(ev.PromptDone)  # R8: one target left runs on its own; none, nothing happens
        if len(options) == 1:
            self.run(tx, live, options[0])


def _enemies(s: GameState, max_level: int | None = None, *, defeatable: bool = False) -> list[ActiveCard]:
    """Active, undefeated conflict cards, optionally of at most a level and able to be defeated now."""
    out = []
    for card in s.active:
        if card.defeated or card.boss:
            continue
        if max_level is not None and s.deck.card(card.id).level > max_level:
            continue
        if defeatable and hooks.defeat_block(s, card) is not None:
            continue
        out.append(card)
    return out


def _level_words(max_level: int) -> str:
    if max_level == 1:
        return _("a level 1 enemy")
    return _("an enemy of level {level} or lower").format(level=max_level)


# --- dice -----------------------------------------------------------------------------------------------------


@handles("roll_exhausted_recover_hits", passive=False)
class RollExhaustedRecoverHitsHandler(Handler):
    """Roll every exhausted die; those that show a hit or a crit go back to the pool.

    Virtual dice: the outcomes are drawn now and written into a ``DiceRolled`` event (``phase_started=False``; the
    dice stay exhausted while rolled, so only the event remembers the faces). Physical dice: the player rolls them
    and enters each face (a ``choose_option`` prompt answered ``"<die>:<face>"``, one die per answer).
    Recovering this way is not the Recover step: it does not count against Recovery.
    """

    def uses(self, s: GameState, live: Live) -> list[dict[str, Any]]:
        return [{}] if s.dice_in("exhausted") else []

    def resolves_roll(self, prompt: Prompt) -> bool:
        return True  # its only prompt: the faces of the physical dice rolled

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        s = tx.state
        exhausted = s.dice_in("exhausted")
        if not exhausted:
            return
        if s.options.dice == "physical":
            tx.push(
                Prompt(
                    "choose_option",
                    source=live.source,
                    effect=live.index,
                    count=len(exhausted),
                    options=tuple(f"{d.id}:{f}" for d in exhausted for f in _faces_of(d)),
                    purpose=f"{kept_name(s, live.source)}: roll the exhausted dice and enter each face (hits recover)",
                )
            )
            return
        faces = tuple(
            (d.id, hooks.read_face(s, d, FACES[d.color][below(s.options.seed, s.rng + i, 6)]))
            for i, d in enumerate(exhausted)
        )
        tx.emit(ev.DiceRolled, faces=faces, draws=len(faces), phase_started=False)
        for die_id, face in faces:
            if face in HITS:
                tx.emit(ev.DieMoved, die=die_id, zone="pool", reason="recovered by a roll")

    def choose(self, tx: Tx, live: Live, prompt: Prompt, command: Command) -> None:
        die_id, _, entered = str(command.choice).partition(":")
        die = tx.state.die(die_id)
        face = hooks.read_face(tx.state, die, entered)
        tx.narrow_prompt(prompt, tuple(o for o in prompt.options if not o.startswith(f"{die_id}:")))
        tx.emit(ev.FaceSet, die=die_id, face=face, reason="rolled by an effect")
        if face in HITS:
            tx.emit(ev.DieMoved, die=die_id, zone="pool", reason="recovered by a roll")

    def describe(self, effect: Effect) -> str:
        return _("Roll every exhausted die: each that shows a hit or a crit is recovered.")


def _faces_of(die: DieState) -> tuple[str, ...]:
    return tuple(f for f in ("miss", "hit", "crit") if f in FACES[die.color])


def _changeable(s: GameState) -> list[DieState]:
    """The rolled dice whose face an item may still make count: in the Apply step, and in the Commit step of a
    repeated phase those an effect keeps from being rolled again. Elsewhere (Resolve's After step …) a changed face
    could do nothing, so face-changing items are not offered."""
    if s.step == "apply":
        return [d for d in s.dice_in("active") if d.face is not None]
    if s.step == "commit":
        return [d for d in s.dice_in("active") if d.face is not None and hooks.keeps_face(s, d)]
    return []


@handles("convert_face", passive=False)
class ConvertFaceHandler(Targeted):
    """Turn one rolled, unapplied die showing one face into another (one variant per die that shows it)."""

    ask = N_("choose the die to change")
    fields = ("die",)

    def targets(self, s: GameState, live: Live) -> list[tuple[Any, ...]]:
        e = live.effect
        assert isinstance(e, fx.ConvertFace)
        if e.from_face == e.to_face:
            return []
        face, colors = e.from_face, e.colors
        return [(d.id,) for d in _changeable(s) if d.face == face and (colors is None or d.color in colors)]

    def run(self, tx: Tx, live: Live, variant: Variant) -> None:
        assert isinstance(live.effect, fx.ConvertFace)
        tx.emit(ev.FaceSet, die=variant["die"], face=live.effect.to_face, reason=f"{live.source} changed it")

    def face_change(self, effect: Effect) -> FaceChange:
        assert isinstance(effect, fx.ConvertFace)
        colors = tuple(effect.colors) if effect.colors is not None else None
        return FaceChange((effect.from_face,), (effect.to_face,), colors)

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.ConvertFace)
        faces = {"from_face": face_words(effect.from_face), "to_face": face_words(effect.to_face)}
        if effect.colors is None:
            return _("Turn a rolled die showing {from_face} into {to_face}.").format(**faces)
        return _("Turn a rolled {colors} die showing {from_face} into {to_face}.").format(
            colors=colors(effect.colors, n=1), **faces
        )


@handles("swap_miss_and_hit", passive=False)
class SwapMissAndHitHandler(Targeted):
    """A rolled miss and a rolled basic hit of another colour swap faces (``die`` the miss, ``choice`` the hit)."""

    ask = N_("choose the miss and the hit that swap")
    fields = ("die", "choice")

    def targets(self, s: GameState, live: Live) -> list[tuple[Any, ...]]:
        active = _changeable(s)
        misses = [d for d in active if d.face == "miss"]
        hits = [d for d in active if d.face == "hit"]
        return [(m.id, h.id) for m in misses for h in hits if h.color != m.color]

    def run(self, tx: Tx, live: Live, variant: Variant) -> None:
        tx.emit(ev.FaceSet, die=variant["die"], face="hit", reason=f"{live.source} swapped it")
        tx.emit(ev.FaceSet, die=variant["choice"], face="miss", reason=f"{live.source} swapped it")

    def face_change(self, effect: Effect) -> FaceChange:
        return FaceChange(("miss", "hit"), ("hit", "miss"), same_color=False)

    def describe(self, effect: Effect) -> str:
        return _("Two rolled dice of different colours, one showing a miss and one a basic hit, swap faces.")


@handles("pair_misses_to_hits", passive=False)
class PairMissesToHitsHandler(Targeted):
    """Two rolled misses of one colour become basic hits (one variant per pair, ``die`` before ``choice``)."""

    ask = N_("choose the colour whose two misses become hits")
    fields = ("die", "choice")

    def targets(self, s: GameState, live: Live) -> list[tuple[Any, ...]]:
        misses = [d for d in _changeable(s) if d.face == "miss"]
        return [(a.id, b.id) for i, a in enumerate(misses) for b in misses[i + 1 :] if a.color == b.color]

    def run(self, tx: Tx, live: Live, variant: Variant) -> None:
        for die in (variant["die"], variant["choice"]):
            tx.emit(ev.FaceSet, die=die, face="hit", reason=f"{live.source} turned it")

    def face_change(self, effect: Effect) -> FaceChange:
        return FaceChange(("miss", "miss"), ("hit", "hit"), same_color=True)

    def describe(self, effect: Effect) -> str:
        return _("Two rolled dice of the same colour that both show a miss become basic hits.")


@handles("banish_for_damage", passive=False)
class BanishForDamageHandler(Targeted):
    """Banish a pool die: an active enemy takes damage equal to that die's hit faces (yellow 2 … red 6).

    The damage is not a die: it is a round flag that R5 adds to the card's damage (so caps still apply), and it
    goes when the round ends, as exhausted dice take theirs away in the endgame.
    """

    ask = N_("choose the die to banish and the enemy it damages")
    fields = ("die", "card")

    def targets(self, s: GameState, live: Live) -> list[tuple[Any, ...]]:
        cards = [c.id for c in s.active if not c.defeated]
        return [(d.id, c) for d in s.dice_in("pool") for c in cards]

    def run(self, tx: Tx, live: Live, variant: Variant) -> None:
        die = tx.state.die(variant["die"])
        amount = HIT_FACES[die.color]
        tx.emit(ev.DieMoved, die=die.id, zone="banished", reason=f"banished by {live.source} for {amount} damage")
        tx.emit(ev.Marked, flag=f"{hooks.EXTRA_DAMAGE}{variant['card']}:{amount}")

    def describe(self, effect: Effect) -> str:
        return _("Banish a die from the pool: an active enemy takes damage equal to that die's hit faces.")


# --- enemies --------------------------------------------------------------------------------------------------


@handles("defeat_enemy", passive=False)
class DefeatEnemyHandler(Targeted):
    """Defeat an active enemy of at most a level, paying by exhausting or banishing pool dice first.

    Enemy text beats item text: a card that cannot be defeated now (immune …) is not a target. When the player
    has more pool dice than the price, a ``choose_die`` prompt asks which to pay with; the defeat follows it.
    """

    ask = N_("choose the enemy to defeat")
    fields = ("card",)

    def targets(self, s: GameState, live: Live) -> list[tuple[Any, ...]]:
        assert isinstance(live.effect, fx.DefeatEnemy)
        e = live.effect
        if e.cost != "none" and len(s.dice_in("pool")) < e.cost_dice:
            return []
        return [(c.id,) for c in _enemies(s, e.max_level, defeatable=True)]

    def run(self, tx: Tx, live: Live, variant: Variant) -> None:
        assert isinstance(live.effect, fx.DefeatEnemy)
        e = live.effect
        pool = tuple(d.id for d in tx.state.dice_in("pool"))
        if e.cost == "none" or e.cost_dice == 0:
            _defeat(tx, live, variant["card"])
            return
        if len(pool) > e.cost_dice:
            tx.push(
                Prompt(
                    "choose_die",
                    card=variant["card"],
                    source=live.source,
                    effect=live.index,
                    count=e.cost_dice,
                    options=pool,
                    purpose=f"{kept_name(tx.state, live.source)}: choose {dice(e.cost_dice)} to {e.cost} as the price",
                )
            )
            return
        for die in pool:
            _pay(tx, live, die)
        _defeat(tx, live, variant["card"])

    def choose(self, tx: Tx, live: Live, prompt: Prompt, command: Command) -> None:
        if prompt.kind != "choose_die":
            super().choose(tx, live, prompt, command)
            return
        next_choice(tx, prompt, str(command.die))
        _pay(tx, live, str(command.die))
        if prompt.count <= 1 and prompt.card is not None:
            _defeat(tx, live, prompt.card)

    def reask(self, tx: Tx, live: Live, prompt: Prompt) -> None:
        if prompt.kind != "choose_die":
            super().reask(tx, live, prompt)
            return
        pool = tuple(d.id for d in tx.state.dice_in("pool"))
        if len(pool) > prompt.count:
            tx.reask(prompt, pool)
            return
        tx.emit(ev.PromptDone)  # R8: no more pool dice than the price still owed: they all pay, as when used
        for die in pool:
            _pay(tx, live, die)
        if prompt.card is not None:
            _defeat(tx, live, prompt.card)

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.DefeatEnemy)
        enemy = _level_words(effect.max_level)
        n = effect.cost_dice
        if effect.cost == "exhaust" and n:
            text = ngettext(
                "Defeat {enemy}, paying for it: exhaust {n} die from the pool.",
                "Defeat {enemy}, paying for it: exhaust {n} dice from the pool.",
                n,
            )
        elif effect.cost == "banish" and n:
            text = ngettext(
                "Defeat {enemy}, paying for it: banish {n} die from the pool.",
                "Defeat {enemy}, paying for it: banish {n} dice from the pool.",
                n,
            )
        else:
            text = _("Defeat {enemy}.")
        return text.format(enemy=enemy, n=n)


def _pay(tx: Tx, live: Live, die: str) -> None:
    assert isinstance(live.effect, fx.DefeatEnemy)
    if tx.state.die(die).zone != "pool":
        return  # the options were listed earlier; a die that left the pool since pays nothing
    zone = "banished" if live.effect.cost == "banish" else "exhausted"
    tx.emit(ev.DieMoved, die=die, zone=zone, reason=f"paid for {live.source}")


def _defeat(tx: Tx, live: Live, card_id: str) -> None:
    card = tx.state.active_card(card_id)
    if card is None or card.defeated or hooks.defeat_block(tx.state, card) is not None:
        return
    tx.defeat(card, f"defeated by {kept_name(tx.state, live.source)}")


@handles("discard_enemy", passive=False)
class DiscardEnemyHandler(Targeted):
    """Discard an active, undefeated enemy of at most a level: no reward, no damage; its dice exhaust (R2)."""

    ask = N_("choose the enemy to discard")
    fields = ("card",)

    def targets(self, s: GameState, live: Live) -> list[tuple[Any, ...]]:
        assert isinstance(live.effect, fx.DiscardEnemy)
        return [(c.id,) for c in _enemies(s, live.effect.max_level)]

    def run(self, tx: Tx, live: Live, variant: Variant) -> None:
        tx.emit(ev.CardLeft, card=variant["card"], to="discard")

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.DiscardEnemy)
        return _("Discard {enemy} from the active area (no reward).").format(enemy=_level_words(effect.max_level))


@handles("set_enemy_health", passive=False)
class SetEnemyHealthHandler(Targeted):
    """An active, undefeated enemy (the boss included) has a new Health until it leaves; R5 then checks defeat."""

    ask = N_("choose the enemy whose Health changes")
    fields = ("card",)

    def targets(self, s: GameState, live: Live) -> list[tuple[Any, ...]]:
        return [(c.id,) for c in s.active if not c.defeated]

    def run(self, tx: Tx, live: Live, variant: Variant) -> None:
        assert isinstance(live.effect, fx.SetEnemyHealth)
        tx.emit(ev.CardChanged, card=variant["card"], health_override=live.effect.value)

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.SetEnemyHealth)
        return _("Set an active enemy's Health to {value}.").format(value=effect.value)


@handles("cancel_enemy_effects", passive=False)
class CancelEnemyEffectsHandler(Targeted):
    """Every effect of one active card stops applying while it stays (defeated cards' After effects included)."""

    ask = N_("choose the enemy whose effects are cancelled")
    fields = ("card",)

    def targets(self, s: GameState, live: Live) -> list[tuple[Any, ...]]:
        return [(c.id,) for c in s.active if not c.cancelled and hooks.card_effects(s, c)]

    def run(self, tx: Tx, live: Live, variant: Variant) -> None:
        tx.emit(ev.CardChanged, card=variant["card"], cancelled=True)

    def describe(self, effect: Effect) -> str:
        return _("Cancel every effect of one active enemy.")


# --- rewards ---------------------------------------------------------------------------------------


def reward_live(card_id: str, index: int, effects: list[Effect]) -> Live:
    """A reward effect as a live effect. Its index is negative (``index - len``) so a prompt it pushes finds the
    reward effect again, never the card's own enemy effect with the same position."""
    return Live(card_id, "item", index - len(effects), effects[index])


def grant_instant_reward(tx: Tx, card_id: str) -> None:
    """A card's instant reward happens (twice when a "double the next instant reward" charge is waiting)."""
    reward = tx.state.deck.card(card_id).reward
    assert reward is not None and reward.kind == "instant"
    times = 2 if tx.state.double_next_instant else 1
    if times == 2:
        tx.emit(ev.Marked, field="double_next_instant", value=tx.state.double_next_instant - 1)
    effects = list(reward.effects)
    for _time in range(times):
        for i in range(len(effects)):
            if tx.over:
                return
            tx.fire(reward_live(card_id, i, effects), {"card": card_id, "reward": True})


@handles("activate_fewer", passive=False)
class ActivateFewerHandler(Handler):
    """A charge: the next +N additional enemies activate one fewer (flow.activate spends it)."""

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        tx.emit(ev.Marked, field="fewer_next", value=tx.state.fewer_next + 1)

    def describe(self, effect: Effect) -> str:
        return _("The next time additional enemies (+N) are activated, activate one fewer.")


@handles("double_next_instant", passive=False)
class DoubleNextInstantHandler(Handler):
    """A charge: the next instant reward taken happens twice."""

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        tx.emit(ev.Marked, field="double_next_instant", value=tx.state.double_next_instant + 1)

    def describe(self, effect: Effect) -> str:
        return _("The next instant reward you take is gained twice.")


# --- held items -----------------------------------------------------------------------------------------------


@handles("stat_modifier")
class StatModifierHandler(Handler):
    """While the item is held a stat is changed; R1 clamps the change, and leaving undoes exactly what was done.

    The change actually made is kept in a ``held:<item>#<index>`` counter, so a +1 Strategy gained at 6 (no change)
    costs nothing when the item goes. Lowering Strategy may force the item limit (R9).
    """

    def gained(self, tx: Tx, live: Live) -> None:
        assert isinstance(live.effect, fx.StatModifier)
        stat = live.effect.stat
        before = tx.state.hero.stat(stat)
        tx.change_stat(stat, live.effect.amount, f"holding {kept_name(tx.state, live.source)}")
        if not tx.over:
            tx.emit(ev.Marked, counter=HELD + live.key, value=tx.state.hero.stat(stat) - before)

    def lost(self, tx: Tx, live: Live) -> None:
        assert isinstance(live.effect, fx.StatModifier)
        made = tx.state.counter(HELD + live.key)
        if made:
            tx.emit(ev.Marked, counter=HELD + live.key, value=0)
            tx.change_stat(live.effect.stat, -made, f"no longer holding {kept_name(tx.state, live.source)}")

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.StatModifier)
        return _("While you hold this, {stat} {amount}.").format(
            stat=stat_name(effect.stat), amount=f"{effect.amount:+d}"
        )


@handles("ignore_effect")
class IgnoreEffectHandler(Handler):
    """The hero ignores enemy effects of some kinds (``hooks.live_effects`` leaves them out)."""

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.IgnoreEffect)
        words = [k.replace("_", " ") for k in effect.kinds]
        return _("Ignore these enemy effects: {kinds}.").format(kinds=", ".join(words))
