"""Handlers of roll manipulation: kept faces, inverted results, forced rerolls, test rolls."""

from __future__ import annotations

from typing import Any

from twentystrong.content import effects as fx
from twentystrong.content.effects import Effect
from twentystrong.engine import events as ev
from twentystrong.engine.commands import Command
from twentystrong.engine.dice import FACES
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Handler, Live, handles
from twentystrong.engine.effects.words import clause, color_word, colors, dice, join, kept_name, name, sentence
from twentystrong.engine.rng import below
from twentystrong.engine.state import DieState, GameState, Prompt
from twentystrong.engine.tx import Tx
from twentystrong.i18n import _, ngettext

HITS = ("hit", "crit")


def face_options(die: DieState) -> tuple[str, ...]:
    """The distinct faces a die of this colour can show, weakest first (what a physical roll may be entered as)."""
    return tuple(f for f in ("miss", "hit", "crit") if f in FACES[die.color])


@handles("misses_not_rerolled")
class MissesNotRerolledHandler(Handler):
    """Unapplied dice showing a miss keep it when the Strategy phase repeats."""

    def keeps_face(self, s: GameState, live: Live, die: DieState) -> bool:
        return die.face == "miss"

    def describe(self, effect: Effect) -> str:
        return _("Misses are not rolled again: an unapplied die showing a miss keeps it.")


@handles("keep_unapplied_hits")
class KeepUnappliedHitsHandler(Handler):
    """Unapplied dice showing a hit or crit keep it when the Strategy phase repeats."""

    def keeps_face(self, s: GameState, live: Live, die: DieState) -> bool:
        return die.face in HITS

    def describe(self, effect: Effect) -> str:
        return _("Unapplied hits and crits are not rolled again in a later Strategy phase.")


@handles("invert_results")
class InvertResultsHandler(Handler):
    """For some colours a rolled basic hit counts as a miss and a miss as a basic hit; crits stay crits.

    It reads every freshly rolled face: Strategy-phase rolls, forced rerolls and entered physical faces. Faces
    already on the table (kept or applied) are not read again.
    """

    def read_face(self, s: GameState, live: Live, die: DieState, face: str) -> str:
        assert isinstance(live.effect, fx.InvertResults)
        if die.color not in live.effect.colors:
            return face
        return {"hit": "miss", "miss": "hit"}.get(face, face)

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.InvertResults)
        text = _("{colors} dice roll inverted: a hit counts as a miss and a miss as a hit.")
        return sentence(text.format(colors=colors(effect.colors)))


@handles("reroll_hit_per_miss")
class RerollHitPerMissHandler(Handler):
    """After each Strategy-phase roll, for each miss the player rolls one of the hits (or crits) again.

    Ruling: misses and hits are counted over the unapplied dice in the active area once the roll is complete; the
    rerolls do not cascade (a rerolled die that shows a miss calls for no further reroll), and each hit is rerolled
    at most once. With physical dice the player enters the rerolled die's new face (a ``choose_option`` prompt).
    """

    def after_roll(self, tx: Tx, live: Live) -> None:
        active = tx.state.dice_in("active")
        hit_dice = tuple(d.id for d in active if d.face in HITS)
        count = min(sum(1 for d in active if d.face == "miss"), len(hit_dice))
        if count == 0:
            return
        if count == len(hit_dice) and tx.state.options.dice == "virtual":
            for die in hit_dice:  # no choice to make
                _reroll(tx, live, die)
            return
        tx.push(
            Prompt(
                "reroll_hit",
                source=live.source,
                effect=live.index,
                count=count,
                options=hit_dice,
                purpose=f"{kept_name(tx.state, live.source)}: for each miss, choose a hit to roll again",
            )
        )

    def resolves_roll(self, prompt: Prompt) -> bool:
        return True  # which hits are rolled again, and the faces they show

    def choose(self, tx: Tx, live: Live, prompt: Prompt, command: Command) -> None:
        if prompt.kind == "choose_option":  # the face a physically rerolled die shows
            die = next(d for d in tx.state.dice_in("active") if d.face is None)
            face = hooks.read_face(tx.state, die, str(command.choice))
            tx.emit(ev.PromptDone)
            tx.emit(ev.DiceRolled, faces=((die.id, face),), draws=0, phase_started=False)
            return
        chosen = str(command.die)
        tx.narrow_prompt(prompt, tuple(o for o in prompt.options if o != chosen))
        _reroll(tx, live, chosen)

    def describe(self, effect: Effect) -> str:
        return _("After each roll, for each miss one of the rolled hits must be rolled again.")


def _reroll(tx: Tx, live: Live, die_id: str) -> None:
    """Roll one die again: drawn now (virtual dice) or entered by the player (physical dice)."""
    s = tx.state
    die = s.die(die_id)
    if s.options.dice == "physical":
        tx.emit(ev.FaceSet, die=die_id, face=None, reason="reroll")
        tx.push(
            Prompt(
                "choose_option",
                source=live.source,
                effect=live.index,
                options=face_options(die),
                purpose=f"roll {die_id} again and enter the face it shows",
            )
        )
        return
    face = FACES[die.color][below(s.options.seed, s.rng, 6)]
    tx.emit(ev.DiceRolled, faces=((die_id, hooks.read_face(s, die, face)),), draws=1, phase_started=False)


@handles("roll_test", passive=False)
class RollTestHandler(Handler):
    """Roll test dice at the effect's trigger; with fewer hits than needed, its ``on_fail`` effects happen.

    The test dice are not unit dice: no die moves and no effect reads their faces. With physical dice the player
    rolls them and enters how many show a hit or crit (a ``roll_test`` prompt). The ``on_fail`` effects fire as this
    effect (same source and index), so a prompt one of them pushes comes back here and is passed on.
    """

    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        assert isinstance(live.effect, fx.RollTest)
        e = live.effect
        s = tx.state
        if s.options.dice == "physical":
            tx.push(
                Prompt(
                    "roll_test",
                    source=live.source,
                    effect=live.index,
                    options=tuple(str(n) for n in range(e.count + 1)),
                    purpose=(
                        f"{name(s, live.source)}: roll {dice(e.count, e.color)} and choose how many show a hit "
                        f"or crit; {e.need} needed"
                    ),
                )
            )
            return
        faces = tuple(FACES[e.color][below(s.options.seed, s.rng + i, 6)] for i in range(e.count))
        _test_result(tx, live, faces, sum(1 for f in faces if f in HITS), e.count, context)

    def resolves_roll(self, prompt: Prompt) -> bool:
        return prompt.kind == "roll_test"  # the physical test dice's hits (a consequence's own choice is not)

    def choose(self, tx: Tx, live: Live, prompt: Prompt, command: Command) -> None:
        assert isinstance(live.effect, fx.RollTest)
        if prompt.kind == "roll_test":
            tx.emit(ev.PromptDone)
            _test_result(tx, live, (), int(str(command.choice)), 0, {"card": live.source})
            return
        asker = _asker(live)
        if asker is not None:
            asker[0].choose(tx, asker[1], prompt, command)

    def reask(self, tx: Tx, live: Live, prompt: Prompt) -> None:
        asker = _asker(live)
        if asker is not None:
            asker[0].reask(tx, asker[1], prompt)

    def describe(self, effect: Effect) -> str:
        assert isinstance(effect, fx.RollTest)
        fail = join((clause(hooks.describe(f)) for f in effect.on_fail), "and")
        # No trigger words: the card browser says when (its timing label, or the trigger before the words).
        n, color = effect.count, color_word(effect.color, effect.count) if effect.color else ""
        if effect.need == 1:
            if effect.color:
                text = ngettext(
                    "Roll {n} {color} die as a test: with fewer than 1 hit, {fail}",
                    "Roll {n} {color} dice as a test: with fewer than 1 hit, {fail}",
                    n,
                )
            else:
                text = ngettext(
                    "Roll {n} die as a test: with fewer than 1 hit, {fail}",
                    "Roll {n} dice as a test: with fewer than 1 hit, {fail}",
                    n,
                )
        elif effect.color:
            text = ngettext(
                "Roll {n} {color} die as a test: with fewer than {need} hits, {fail}",
                "Roll {n} {color} dice as a test: with fewer than {need} hits, {fail}",
                n,
            )
        else:
            text = ngettext(
                "Roll {n} die as a test: with fewer than {need} hits, {fail}",
                "Roll {n} dice as a test: with fewer than {need} hits, {fail}",
                n,
            )
        return sentence(text.format(n=effect.count, color=color, need=effect.need, fail=fail))


def _asker(live: Live) -> tuple[Handler, Live] | None:
    """The on_fail effect of a test that asks questions (the first whose handler answers prompts): a prompt under
    the test's name is its."""
    assert isinstance(live.effect, fx.RollTest)
    for effect in live.effect.on_fail:
        h = hooks.handler(effect.kind)
        if type(h).choose is not Handler.choose:
            return h, Live(live.source, live.origin, live.index, effect)
    return None


def _test_result(tx: Tx, live: Live, faces: tuple[str, ...], shown: int, draws: int, context: dict[str, Any]) -> None:
    """Record the test; on a fail, its consequences happen in order."""
    assert isinstance(live.effect, fx.RollTest)
    e = live.effect
    passed = shown >= e.need
    tx.emit(
        ev.RollTested,
        source=live.source,
        color=e.color,
        faces=faces,
        hits=shown,
        need=e.need,
        passed=passed,
        draws=draws,
    )
    if passed:
        return
    for effect in e.on_fail:
        if tx.over:
            return
        tx.fire(Live(live.source, live.origin, live.index, effect), context)
