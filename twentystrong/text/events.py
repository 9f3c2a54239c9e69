"""Events in plain words, for the game log and the history view (newest last).

:func:`describe_event` needs only the event and the deck; given the state just *before* the event it says more
(the face of an applied die and the card's damage after it, a stat's old value). :func:`describe_events` walks a
list of events from a known state and gives every line its context.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any

from twentystrong.content.model import Deck
from twentystrong.engine import events as ev
from twentystrong.engine.dice import SYMBOL, die_label
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.rewards import recovers_nothing
from twentystrong.engine.effects.words import (
    BANISHED_FROM_THE_GAME,
    DEFEATED,
    DEFEATED_BECAUSE,
    DEFEATED_TAKE_REWARD,
    USED_SINGLE_USE,
    card_gender,
    color_word,
    face_words,
)
from twentystrong.engine.evolve import evolve
from twentystrong.engine.legal import health_loss
from twentystrong.engine.reasons import game_reason, purpose_words, reason_words
from twentystrong.engine.rulesets import ruleset_for
from twentystrong.engine.state import GameState, Prompt
from twentystrong.i18n import N_, SOURCE, _, ngettext, speaking, term
from twentystrong.text.effects import describe_effect
from twentystrong.text.words import card_name, join, sentence, stat_name

MINOR_EVENTS: frozenset[str] = frozenset(
    {"step_changed", "mark", "prompt_updated", "prompt_done", "apply_step_started", "strategy_phase_started"}
)
"""Event types that are bookkeeping rather than news: the log may hide them (they still have words)."""
NOTHING_TO_RECOVER = N_("it does nothing now: no exhausted die to recover")
"""What the log says of a reward that recovers dice when none can come back (in English: ``_()`` it to show it)."""


@dataclass(frozen=True, slots=True)
class LogLine:
    """One event in words, with its number and whether it is bookkeeping."""

    seq: int
    type: str
    text: str
    minor: bool


def describe_event(event: ev.Event, deck: Deck, before: GameState | None = None) -> str:
    """One event as a sentence, e.g. ``Round 3 begins.`` or ``You suffer 3 damage (Health 6 → 3).``

    ``before``: the state the event was applied to (optional; with it the sentence can say more).
    """
    own = ruleset_for(deck.info.ruleset).words.event(event, deck, before)  # its events, its zones in words
    if own is not None:
        return sentence(own)
    describe = _DESCRIBERS.get(type(event))
    if describe is None:  # a new event type without words yet: still a sentence, never a crash
        return sentence(event.TYPE.replace("_", " "))
    return sentence(describe(event, _Ctx(deck, before)))


def describe_events(events: Iterable[ev.Event], before: GameState) -> list[LogLine]:
    """Events in order from ``before`` (the state the first one applies to), each with its context."""
    out: list[LogLine] = []
    state: GameState | None = before
    for event in events:
        out.append(
            LogLine(event.seq, event.TYPE, describe_event(event, before.deck, state), event.TYPE in MINOR_EVENTS)
        )
        if state is not None:
            try:
                state = evolve(state, event)
            except ValueError:  # the events do not follow ``before``: go on without context rather than fail
                state = None
    return out


_MERGED_VERBS: dict[str, str] = {
    "exhaust": N_("{dice} are exhausted"),
    "commit": N_("You commit {dice}"),
    "recover": N_("You recover {dice}"),
}
"""A run of the same dice move, said once (two dice or more)."""


def summarize_events(events: Iterable[ev.Event], before: GameState) -> list[LogLine]:
    """Like :func:`describe_events`, with runs of the same dice move said once: ``Y1, Y2 and G3 are exhausted.``"""
    events = list(events)
    lines = describe_events(events, before)
    out: list[LogLine] = []
    run: list[tuple[ev.DieMoved, LogLine]] = []

    def flush() -> None:
        if len(run) == 1:
            out.append(run[0][1])
        elif run:
            reason = run[0][0].reason
            dice = join([e.die for e, _line in run])
            text = _(_MERGED_VERBS[reason]).format(dice=dice)
            out.append(LogLine(run[0][1].seq, "die_moved", sentence(text), run[0][1].minor))
        run.clear()

    for event, line in zip(events, lines, strict=True):
        if isinstance(event, ev.DieMoved) and event.reason in _MERGED_VERBS:
            if run and run[0][0].reason != event.reason:
                flush()
            run.append((event, line))
            continue
        flush()
        out.append(line)
    flush()
    return out


def describe_reveal(event: ev.Event, deck: Deck) -> str:
    """What an event revealed, as a clause: ``activating Horde Herald turned up Carapace Titan`` (R13's undo
    refusal says it)."""
    name = partial(card_name, deck)
    own = ruleset_for(deck.info.ruleset).words.reveal(event, deck)
    if own is not None:
        return own
    if isinstance(event, ev.CardActivated) and event.revealed is not None:
        return _("activating {card} turned up {revealed}").format(card=name(event.card), revealed=name(event.revealed))
    if isinstance(event, ev.DiceRolled):
        faces = ", ".join(f"{die} {_face(face)}" for die, face in event.faces)
        return _("the roll showed {faces}").format(faces=faces) if faces else _("the dice were rolled")
    if isinstance(event, ev.RollTested):
        return ngettext("{card}'s test roll showed {n} hit", "{card}'s test roll showed {n} hits", event.hits).format(
            card=name(event.source), n=event.hits
        )
    return _("{event} revealed hidden information").format(event=event.TYPE.replace("_", " "))


def _face(face: str | None) -> str:
    """A face's name (``hit``; *Treffer*; *touche*), the rulebooks' term."""
    return term(face) if face in ("hit", "miss", "crit") else str(face)


@dataclass(frozen=True, slots=True)
class _Ctx:
    deck: Deck
    before: GameState | None

    def name(self, card_id: str | None) -> str:
        return card_name(self.deck, card_id)


# --- one function per event type -------------------------------------------------------------------------------


_STEP_WORDS: dict[str, str] = {
    "setup": N_("Setup"),
    "round_start": N_("A new round begins"),
    "activate": N_("Activation: choose a card to activate"),
    "commit": N_("Strategy: commit dice, then roll"),
    "faces": N_("Roll your physical dice and enter their faces"),
    "apply": N_("Apply rolled hits"),
    "suffer": N_("Resolve: the undefeated enemies deal their damage"),
    "after": N_("Resolve: After effects"),
    "exhaust": N_("Resolve: committed dice are exhausted"),
    "recover": N_("Resolve: recover dice"),
    "gain_items": N_("Resolve: gain item rewards"),
    "cleanup": N_("Cleanup: the active cards are discarded"),
    "over": N_("The game is over"),
}
"""The general steps in a few words (a ruleset words its own: ``Ruleset.step_words``)."""


def _step_changed(e: ev.StepChanged, c: _Ctx) -> str:
    own = ruleset_for(c.deck.info.ruleset).words.steps.get(e.step) or _STEP_WORDS.get(e.step)
    if own:
        return _(own)  # the ruleset's words are marked where they are written
    return _("Next step: {step}").format(step=e.step.replace("_", " "))


def _round_started(e: ev.RoundStarted, c: _Ctx) -> str:
    if e.activations > 1:
        return _("Round {round} begins ({n} enemies to activate)").format(round=e.round, n=e.activations)
    return _("Round {round} begins").format(round=e.round)


def _die_moved(e: ev.DieMoved, c: _Ctx) -> str:
    r = e.reason
    if r == "commit":
        return _("You commit {die}").format(die=e.die)
    if r == "apply":
        return _applied(e, c)
    if r == "exhaust":
        return _("{die} is exhausted").format(die=e.die)
    if r == "recover":
        return _("You recover {die}").format(die=e.die)
    if r == "rank penalty":
        if e.zone == "banished":
            return _("Rank penalty: {die} is banished").format(die=e.die)
        if e.zone == "exhausted":
            return _("Rank penalty: {die} is exhausted").format(die=e.die)
        return _("Rank penalty: {die} is {zone}").format(die=e.die, zone=e.zone)
    if e.zone == "pool" and "recover" in r:
        text = _("{die} is recovered").format(die=e.die)
    elif e.zone == "pool":
        text = _("{die} returns to the pool").format(die=e.die)
    elif e.zone == "active":
        text = _("{die} goes to the active area").format(die=e.die)
    elif e.zone == "applied":
        text = _("{die} is placed on {card}").format(die=e.die, card=c.name(e.card))
    elif e.zone == "exhausted":
        text = _("{die} is exhausted").format(die=e.die)
    elif e.zone == "banished":
        text = _("{die} is banished").format(die=e.die)
    else:
        text = _("{die} moves to the {zone}").format(die=e.die, zone=e.zone)
    return text + (f" ({reason_words(r, c.deck)})" if r and r not in ("recovered by effect",) else "")


def _applied(e: ev.DieMoved, c: _Ctx) -> str:
    name = c.name(e.card)
    if c.before is None or e.card is None:
        return _("You apply {die} to {card}").format(die=e.die, card=name)
    label = die_label(e.die, c.before.die(e.die).face)
    try:
        after = evolve(c.before, e)
    except ValueError:
        return _("You apply {die} to {card}").format(die=label, card=name)
    card = after.active_card(e.card)
    if card is None:
        return _("You apply {die} to {card}").format(die=label, card=name)
    return _("You apply {die} to {card}: {damage}/{health} damage").format(
        die=label, card=name, damage=hooks.damage_taken(after, card), health=hooks.card_health(after, card)
    )


_SYMBOLS: dict[str, str] = {str(face): symbol for face, symbol in SYMBOL.items() if face is not None}


def _faces_word(face: str) -> str:
    return face_words(face)


def _face_count(face: str, n: int) -> str:
    """``2 hits`` (a whole phrase per count and face, in the rulebooks' terms)."""
    if face == "crit":
        return ngettext("{n} crit", "{n} crits", n).format(n=n)
    if face == "hit":
        return ngettext("{n} hit", "{n} hits", n).format(n=n)
    return ngettext("{n} miss", "{n} misses", n).format(n=n)


def _dice_rolled(e: ev.DiceRolled, c: _Ctx) -> str:
    if not e.faces:
        return _("Nothing is rolled: no die in the active area needs rolling")
    if len(e.faces) == 1:
        die, face = e.faces[0]
        if e.phase_started:
            return _("{die} rolls {face}").format(die=die, face=_faces_word(face))
        return _("{die} is rolled again: {face}").format(die=die, face=_faces_word(face))
    counts = {f: sum(1 for _die, x in e.faces if x == f) for f in ("crit", "hit", "miss")}
    summary = join([_face_count(f, n) for f, n in counts.items() if n], "and")
    dice = " ".join(f"{d}{_SYMBOLS.get(f, '?')}" for d, f in e.faces)
    if e.phase_started:
        return _("You roll {dice} — {summary}").format(dice=dice, summary=summary)
    return _("Rolled again: {dice} — {summary}").format(dice=dice, summary=summary)


def _roll_tested(e: ev.RollTested, c: _Ctx) -> str:
    shown = f" ({', '.join(_face(f) for f in e.faces)})" if e.faces else ""
    if e.passed:
        words = ngettext(
            "{card}'s test: the {color} dice show {n} hit{shown}, {need} needed — passed",
            "{card}'s test: the {color} dice show {n} hits{shown}, {need} needed — passed",
            e.hits,
        )
    else:
        words = ngettext(
            "{card}'s test: the {color} dice show {n} hit{shown}, {need} needed — failed",
            "{card}'s test: the {color} dice show {n} hits{shown}, {need} needed — failed",
            e.hits,
        )
    return words.format(card=c.name(e.source), color=color_word(e.color, 2), n=e.hits, shown=shown, need=e.need)


def _face_set(e: ev.FaceSet, c: _Ctx) -> str:
    if e.face is None:
        if e.reason == "roll":
            return _("{die} is rolled: enter its face").format(die=e.die)
        return _("{die} shows no face").format(die=e.die)
    if e.reason == "entered":
        return _("You enter {die}: {face}").format(die=e.die, face=_faces_word(e.face))
    text = _("{die} now shows {face}").format(die=e.die, face=_faces_word(e.face))
    return text + (f" ({reason_words(e.reason, c.deck)})" if e.reason else "")


def _phase_started(e: ev.StrategyPhaseStarted, c: _Ctx) -> str:
    return _("Strategy phase {n} begins").format(n=e.number)


def _apply_step(e: ev.ApplyStepStarted, c: _Ctx) -> str:
    return _("Apply step: place your rolled hits on cards")


def _card_activated(e: ev.CardActivated, c: _Ctx) -> str:
    name = c.name(e.card)
    if e.boss:
        return _("The boss {card} enters the fight").format(card=name)
    if e.entourage:
        return _("{card} joins the boss's entourage").format(card=name)
    if e.additional:
        return ngettext(
            "You activate {card} (+{n} more enemy)", "You activate {card} (+{n} more enemies)", e.additional
        ).format(card=name, n=e.additional)
    return _("You activate {card}").format(card=name)


def _card_defeated(e: ev.CardDefeated, c: _Ctx) -> str:
    gender = card_gender(c.deck, e.card)
    if e.reason in ("", "damage"):
        return DEFEATED(gender).format(card=c.name(e.card))
    return DEFEATED_BECAUSE(gender).format(card=c.name(e.card), reason=reason_words(e.reason, c.deck))


def _card_left(e: ev.CardLeft, c: _Ctx) -> str:
    name = c.name(e.card)
    if e.to == "discard":
        return _("{card} goes to the discard pile").format(card=name)
    if e.to == "inventory":
        return _("{card} goes to your inventory").format(card=name)
    if e.to == "banished":
        return BANISHED_FROM_THE_GAME(card_gender(c.deck, e.card)).format(card=name)
    if e.to == "fled":
        return _("{card} flees").format(card=name)
    return _("{card} leaves the active area ({zone})").format(card=name, zone=e.to)


def _card_changed(e: ev.CardChanged, c: _Ctx) -> str:
    name = c.name(e.card)
    parts = []
    if e.health_override is not None:
        parts.append(_("{card}'s Health is now {n}").format(card=name, n=e.health_override))
    if e.cancelled:
        parts.append(_("{card}'s effects are cancelled").format(card=name))
    elif e.cancelled is False:
        parts.append(_("{card}'s effects apply again").format(card=name))
    return "; ".join(parts) or _("{card} changes").format(card=name)


def _reward_decided(e: ev.RewardDecided, c: _Ctx) -> str:
    name = c.name(e.card)
    if e.kind == "instant":
        if not e.taken:
            return _("You decline {card}'s instant reward").format(card=name)
        card = _card(c.deck, e.card)
        if card is None or card.reward is None:
            return _("You take {card}'s instant reward").format(card=name)
        what = " ".join(describe_effect(x) for x in card.reward.effects)
        if c.before is not None and recovers_nothing(c.before, card.reward.effects):
            nothing = _(NOTHING_TO_RECOVER)
            what = what.rstrip(".") + f" ({nothing})"
        return _("You take {card}'s instant reward: {what}").format(card=name, what=what)
    if e.taken:
        return _("You gain {card} as an item").format(card=name)
    return _("You leave {card}'s item reward").format(card=name)


def _card(deck: Deck, card_id: str) -> Any:
    try:
        return deck.card(card_id)
    except KeyError:
        return None


def _item_used(e: ev.ItemUsed, c: _Ctx) -> str:
    name = c.name(e.item)
    if e.single_use:
        return USED_SINGLE_USE(card_gender(c.deck, e.item)).format(card=name)
    return _("You use {card}").format(card=name)


def _item_discarded(e: ev.ItemDiscarded, c: _Ctx) -> str:
    return _("You discard the item {card}").format(card=c.name(e.item))


def _stat_changed(e: ev.StatChanged, c: _Ctx) -> str:
    stat = stat_name(e.stat)
    old: int | None = None
    if c.before is not None and e.stat in ("health", "strategy", "recovery"):
        old = getattr(c.before.hero, e.stat)
    if old is None:
        text = _("{stat} is now {n}").format(stat=stat, n=e.value)
        return text + (f" ({reason_words(e.reason, c.deck)})" if e.reason else "")
    delta = e.value - old
    arrow = f"{stat} {old} → {e.value}"
    # R1: a stat die shows at most 6; the part of a raise beyond it is lost, and the log says so.
    capped = _(", capped at 6") if e.value == 6 and delta < _amount(e.reason) else ""
    if e.stat == "health":
        if delta < 0 and e.reason.startswith("suffered"):
            sources = _damage_sources(c.before) if c.before is not None else []
            if sources:
                return ngettext(
                    "You suffer {n} damage from {sources} ({change})",
                    "You suffer {n} damage from {sources} ({change})",
                    -delta,
                ).format(n=-delta, sources=join(sources), change=arrow)
            return ngettext("You suffer {n} damage ({change})", "You suffer {n} damage ({change})", -delta).format(
                n=-delta, change=arrow
            )
        why = _why(e.reason, c.deck, "lost") if delta < 0 else _why(e.reason, c.deck, "healed")
        if delta < 0:
            return _("You lose {n} Health ({change})").format(n=-delta, change=arrow + why)
        return _("You gain {n} Health ({change})").format(n=delta, change=arrow + capped + why)
    change = arrow + capped + _why(e.reason, c.deck, "+", "-", e.stat)
    if delta > 0:
        return _("{stat} rises to {n} ({change})").format(stat=stat, n=e.value, change=change)
    return _("{stat} falls to {n} ({change})").format(stat=stat, n=e.value, change=change)


def _amount(reason: str) -> int:
    """The amount a raise asked for, read from its reason (``healed 2``, ``+1 strategy``); 0 when it does not say."""
    for word in reason.replace("+", " ").split():
        if word.isdigit():
            return int(word)
    return 0


def _damage_sources(before: GameState) -> list[str]:
    """``Rust Maw (2)``, ``Ember Wasp (1)``: who dealt the damage of Resolve step 1 (the undefeated enemies, R5)."""
    parts = []
    for card in before.active:
        if not card.defeated:
            damage = hooks.enemy_damage(before, card)
            if damage:
                parts.append(f"{card_name(before.deck, card.id)} ({damage})")
    return parts


def _why(reason: str, deck: Deck, *redundant: str) -> str:
    """``; reason`` unless there is none or it only repeats the sentence (it starts with one of ``redundant``)."""
    if not reason or reason.startswith(redundant):
        return ""
    return f"; {reason_words(reason, deck)}"


def _prompt_words(p: Prompt, c: _Ctx) -> str:
    if p.kind == "instant_reward":
        return DEFEATED_TAKE_REWARD(card_gender(c.deck, p.card)).format(card=c.name(p.card))
    if p.kind == "item_limit":
        return _("You hold more items than your Strategy: use or discard items")
    purpose = (
        purpose_words(p.purpose, c.deck, ruleset_for(c.deck.info.ruleset).words.purpose)
        if p.purpose
        else _("make a choice")
    )
    if p.source and p.source != "rank" and not p.purpose.startswith(f"{_english_name(c.deck, p.source)}: "):
        # A purpose an effect wrote with its card's name ("Moonquake Mole: choose 2 dice …") names it already.
        purpose = _("{card}: {purpose}").format(card=c.name(p.source), purpose=purpose)
    if p.count > 1:
        return _("{purpose} ({n} left)").format(purpose=purpose, n=p.count)
    return purpose


def _english_name(deck: Deck, card_id: str) -> str:
    """A card's name as a game keeps it in a prompt's purpose (English: ``effects.words.kept_name``)."""
    with speaking(SOURCE):
        return card_name(deck, card_id)


def _prompt_pushed(e: ev.PromptPushed, c: _Ctx) -> str:
    return _prompt_words(e.prompt, c)


def _prompt_updated(e: ev.PromptUpdated, c: _Ctx) -> str:
    return _prompt_words(e.prompt, c)


def _prompt_done(e: ev.PromptDone, c: _Ctx) -> str:
    return _("Choice made")


def _after_resolved(e: ev.AfterResolved, c: _Ctx) -> str:
    name = c.name(e.card)
    effect = None
    card = _card(c.deck, e.card)
    if card is not None and 0 <= e.effect < len(card.effects):
        effect = card.effects[e.effect]
    else:
        for boss in c.deck.bosses:
            if boss.id == e.card and 0 <= e.effect < len(boss.rules):
                effect = boss.rules[e.effect]
    if effect is None:
        return _("{card}'s After effect resolves").format(card=name)
    return _("{card}'s After effect resolves: {effect}").format(card=name, effect=describe_effect(effect).rstrip("."))


_FIELD_WORDS: dict[str, Callable[[int], str]] = {
    "next_round_extra": lambda v: ngettext(
        "Next round, {n} more enemy will be activated", "Next round, {n} more enemies will be activated", v
    ).format(n=v),
    "fewer_next": lambda v: _("Activate-one-fewer charges: {n}").format(n=v),
    "double_next_instant": lambda v: (
        _("The next instant reward will be gained twice") if v else _("No doubled reward left")
    ),
}

_FLAG_WORDS: dict[str, str] = {"no_recovery": N_("No dice can be recovered this round")}


def _marked(e: ev.Marked, c: _Ctx) -> str:
    parts: list[str] = []
    if e.used is not None:
        source = e.used.split("#", 1)[0]
        parts.append(_("{card}: used for this round").format(card=c.name(source)))
    if e.flag is not None:
        parts.append(_flag(e.flag))
    if e.counter is not None:
        parts.append(_counter(e.counter, e.value))
    if e.field is not None:
        words = _FIELD_WORDS.get(e.field)
        parts.append(words(e.value) if words else f"{e.field.replace('_', ' ').capitalize()}: {e.value}")
    return "; ".join(parts) or _("Bookkeeping")


_COUNTER_WORDS: dict[str, str] = {
    "activated": N_("Enemies activated so far: {n}"),
    "rolls": N_("Rolls so far: {n}"),
    "damage_taken": N_("Damage suffered so far: {n}"),
    "items_used": N_("Items used so far: {n}"),
    "ability_used": N_("Ability uses so far: {n}"),
    "instant_declined": N_("Instant rewards declined so far: {n}"),
}


def _counter(name: str, value: int) -> str:
    if name in _COUNTER_WORDS:
        return _(_COUNTER_WORDS[name]).format(n=value)
    if name.startswith("defeated_level_"):
        return _("Level {level} enemies defeated so far: {n}").format(
            level=name.removeprefix("defeated_level_"), n=value
        )
    return _("Tally of {name}: {n}").format(name=name.replace("_", " "), n=value)


def _flag(flag: str) -> str:
    if flag in _FLAG_WORDS:
        return _(_FLAG_WORDS[flag])
    bits = flag.split(":")
    if bits[0] == "bonus" and len(bits) == 3:
        amount = bits[2] if bits[2].startswith("-") else "+" + bits[2]
        return _("This round {colors} dice deal {amount} damage").format(colors=color_word(bits[1], 2), amount=amount)
    return _("This round: {flag}").format(flag=flag.replace("_", " ").replace(":", " "))


def _game_over(e: ev.GameOver, c: _Ctx) -> str:
    if e.result == "won":
        return (
            _("You win! {reason}").format(reason=sentence(game_reason(e.reason, c.deck))) if e.reason else _("You win!")
        )
    loss = health_loss(e.result, c.before.hero.health, e.reason, c.deck) if c.before is not None else None
    if loss is not None:
        return _("You lose: {reason}").format(reason=loss)
    return _("You lose: {reason}").format(reason=game_reason(e.reason, c.deck)) if e.reason else _("You lose")


_DESCRIBERS: dict[type[ev.Event], Callable[[Any, _Ctx], str]] = {
    ev.StepChanged: _step_changed,
    ev.RoundStarted: _round_started,
    ev.DieMoved: _die_moved,
    ev.DiceRolled: _dice_rolled,
    ev.RollTested: _roll_tested,
    ev.FaceSet: _face_set,
    ev.StrategyPhaseStarted: _phase_started,
    ev.ApplyStepStarted: _apply_step,
    ev.CardActivated: _card_activated,
    ev.CardDefeated: _card_defeated,
    ev.CardLeft: _card_left,
    ev.CardChanged: _card_changed,
    ev.RewardDecided: _reward_decided,
    ev.ItemUsed: _item_used,
    ev.ItemDiscarded: _item_discarded,
    ev.StatChanged: _stat_changed,
    ev.PromptPushed: _prompt_pushed,
    ev.PromptUpdated: _prompt_updated,
    ev.PromptDone: _prompt_done,
    ev.AfterResolved: _after_resolved,
    ev.Marked: _marked,
    ev.GameOver: _game_over,
}
