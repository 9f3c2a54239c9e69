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
from twentystrong.engine.evolve import evolve
from twentystrong.engine.legal import health_loss
from twentystrong.engine.rulesets import ruleset_for
from twentystrong.engine.state import GameState, Prompt
from twentystrong.text.effects import describe_effect
from twentystrong.text.words import card_name, join, plural, sentence, stat_name

MINOR_EVENTS: frozenset[str] = frozenset(
    {"step_changed", "mark", "prompt_updated", "prompt_done", "apply_step_started", "strategy_phase_started"}
)
"""Event types that are bookkeeping rather than news: the log may hide them (they still have words)."""
NOTHING_TO_RECOVER = "it does nothing now: no exhausted die to recover"
"""What the log says of a reward that recovers dice when none can come back."""


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


_MERGED_VERBS: dict[str, tuple[str, str]] = {
    "exhaust": ("is exhausted", "are exhausted"),
    "commit": ("You commit", "You commit"),
    "recover": ("You recover", "You recover"),
}


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
            dice = join([e.die for e, _ in run])
            singular, plural_verb = _MERGED_VERBS[reason]
            text = f"{dice} {plural_verb}" if reason == "exhaust" else f"{plural_verb} {dice}"
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
        return f"activating {name(event.card)} turned up {name(event.revealed)}"
    if isinstance(event, ev.DiceRolled):
        faces = ", ".join(f"{die} {face}" for die, face in event.faces)
        return f"the roll showed {faces}" if faces else "the dice were rolled"
    if isinstance(event, ev.RollTested):
        return f"{name(event.source)}'s test roll showed {plural(event.hits, 'hit')}"
    return f"{event.TYPE.replace('_', ' ')} revealed hidden information"


@dataclass(frozen=True, slots=True)
class _Ctx:
    deck: Deck
    before: GameState | None

    def name(self, card_id: str | None) -> str:
        return card_name(self.deck, card_id)


# --- one function per event type -------------------------------------------------------------------------------


_STEP_WORDS: dict[str, str] = {
    "setup": "Setup",
    "round_start": "A new round begins",
    "activate": "Activation: choose a card to activate",
    "commit": "Strategy: commit dice, then roll",
    "faces": "Roll your physical dice and enter their faces",
    "apply": "Apply rolled hits",
    "suffer": "Resolve: the undefeated enemies deal their damage",
    "after": "Resolve: After effects",
    "exhaust": "Resolve: committed dice are exhausted",
    "recover": "Resolve: recover dice",
    "gain_items": "Resolve: gain item rewards",
    "cleanup": "Cleanup: the active cards are discarded",
    "over": "The game is over",
}
"""The general steps in a few words (a ruleset words its own: ``Ruleset.step_words``)."""


def _step_changed(e: ev.StepChanged, c: _Ctx) -> str:
    own = ruleset_for(c.deck.info.ruleset).words.steps.get(e.step)
    return own or _STEP_WORDS.get(e.step, f"Next step: {e.step.replace('_', ' ')}")


def _round_started(e: ev.RoundStarted, c: _Ctx) -> str:
    text = f"Round {e.round} begins"
    if e.activations > 1:
        text += f" ({e.activations} enemies to activate)"
    return text


def _die_moved(e: ev.DieMoved, c: _Ctx) -> str:
    r = e.reason
    if r == "commit":
        return f"You commit {e.die}"
    if r == "apply":
        return _applied(e, c)
    if r == "exhaust":
        return f"{e.die} is exhausted"
    if r == "recover":
        return f"You recover {e.die}"
    if r == "rank penalty":
        return f"Rank penalty: {e.die} is {e.zone}"
    where = {
        "pool": "returns to the pool",
        "active": "goes to the active area",
        "applied": f"is placed on {c.name(e.card)}",
        "exhausted": "is exhausted",
        "banished": "is banished",
    }.get(e.zone, f"moves to the {e.zone}")
    if e.zone == "pool" and "recover" in r:
        where = "is recovered"
    return f"{e.die} {where}" + (f" ({r})" if r and r not in ("recovered by effect",) else "")


def _applied(e: ev.DieMoved, c: _Ctx) -> str:
    name = c.name(e.card)
    if c.before is None or e.card is None:
        return f"You apply {e.die} to {name}"
    label = die_label(e.die, c.before.die(e.die).face)
    try:
        after = evolve(c.before, e)
    except ValueError:
        return f"You apply {label} to {name}"
    card = after.active_card(e.card)
    if card is None:
        return f"You apply {label} to {name}"
    return f"You apply {label} to {name}: {hooks.damage_taken(after, card)}/{hooks.card_health(after, card)} damage"


_SYMBOLS: dict[str, str] = {str(face): symbol for face, symbol in SYMBOL.items() if face is not None}


def _faces_word(face: str) -> str:
    return {"miss": "a miss", "hit": "a hit", "crit": "a crit"}.get(face, face)


def _dice_rolled(e: ev.DiceRolled, c: _Ctx) -> str:
    if not e.faces:
        return "Nothing is rolled: no die in the active area needs rolling"
    if len(e.faces) == 1:
        die, face = e.faces[0]
        text = f"{die} rolls {_faces_word(face)}"
        return text if e.phase_started else f"{die} is rolled again: {_faces_word(face)}"
    counts = {f: sum(1 for _, x in e.faces if x == f) for f in ("crit", "hit", "miss")}
    summary = join([plural(n, f) for f, n in counts.items() if n], "and")
    dice = " ".join(f"{d}{_SYMBOLS.get(f, '?')}" for d, f in e.faces)
    verb = "You roll" if e.phase_started else "Rolled again:"
    return f"{verb} {dice} — {summary}"


def _roll_tested(e: ev.RollTested, c: _Ctx) -> str:
    shown = f" ({', '.join(e.faces)})" if e.faces else ""
    outcome = "passed" if e.passed else "failed"
    return (
        f"{c.name(e.source)}'s test: the {e.color} dice show {plural(e.hits, 'hit')}{shown}, "
        f"{e.need} needed — {outcome}"
    )


def _face_set(e: ev.FaceSet, c: _Ctx) -> str:
    if e.face is None:
        return f"{e.die} is rolled: enter its face" if e.reason == "roll" else f"{e.die} shows no face"
    if e.reason == "entered":
        return f"You enter {e.die}: {_faces_word(e.face)}"
    return f"{e.die} now shows {_faces_word(e.face)}" + (f" ({e.reason})" if e.reason else "")


def _phase_started(e: ev.StrategyPhaseStarted, c: _Ctx) -> str:
    return f"Strategy phase {e.number} begins"


def _apply_step(e: ev.ApplyStepStarted, c: _Ctx) -> str:
    return "Apply step: place your rolled hits on cards"


def _card_activated(e: ev.CardActivated, c: _Ctx) -> str:
    name = c.name(e.card)
    if e.boss:
        return f"The boss {name} enters the fight"
    if e.entourage:
        return f"{name} joins the boss's entourage"
    more = ""
    if e.additional:
        more = " (+1 more enemy)" if e.additional == 1 else f" (+{e.additional} more enemies)"
    return f"You activate {name}{more}"


def _card_defeated(e: ev.CardDefeated, c: _Ctx) -> str:
    reason = "" if e.reason in ("", "damage") else f" ({e.reason})"
    return f"{c.name(e.card)} is defeated{reason}"


def _card_left(e: ev.CardLeft, c: _Ctx) -> str:
    name = c.name(e.card)
    return {
        "discard": f"{name} goes to the discard pile",
        "inventory": f"{name} goes to your inventory",
        "banished": f"{name} is banished from the game",
        "fled": f"{name} flees",
    }.get(e.to, f"{name} leaves the active area ({e.to})")


def _card_changed(e: ev.CardChanged, c: _Ctx) -> str:
    name = c.name(e.card)
    parts = []
    if e.health_override is not None:
        parts.append(f"{name}'s Health is now {e.health_override}")
    if e.cancelled:
        parts.append(f"{name}'s effects are cancelled")
    elif e.cancelled is False:
        parts.append(f"{name}'s effects apply again")
    return "; ".join(parts) or f"{name} changes"


def _reward_decided(e: ev.RewardDecided, c: _Ctx) -> str:
    name = c.name(e.card)
    if e.kind == "instant":
        if not e.taken:
            return f"You decline {name}'s instant reward"
        card = _card(c.deck, e.card)
        what = ""
        if card is not None and card.reward is not None:
            what = ": " + " ".join(describe_effect(x) for x in card.reward.effects)
            if c.before is not None and recovers_nothing(c.before, card.reward.effects):
                what = what.rstrip(".") + f" ({NOTHING_TO_RECOVER})"
        return f"You take {name}'s instant reward{what}"
    return f"You gain {name} as an item" if e.taken else f"You leave {name}'s item reward"


def _card(deck: Deck, card_id: str) -> Any:
    try:
        return deck.card(card_id)
    except KeyError:
        return None


def _item_used(e: ev.ItemUsed, c: _Ctx) -> str:
    name = c.name(e.item)
    return f"You use {name}" + (" (single-use: it goes to the discard pile)" if e.single_use else "")


def _item_discarded(e: ev.ItemDiscarded, c: _Ctx) -> str:
    return f"You discard the item {c.name(e.item)}"


def _stat_changed(e: ev.StatChanged, c: _Ctx) -> str:
    stat = stat_name(e.stat)
    old: int | None = None
    if c.before is not None and e.stat in ("health", "strategy", "recovery"):
        old = getattr(c.before.hero, e.stat)
    if old is None:
        return f"{stat} is now {e.value}" + (f" ({e.reason})" if e.reason else "")
    delta = e.value - old
    arrow = f"{stat} {old} → {e.value}"
    # R1: a stat die shows at most 6; the part of a raise beyond it is lost, and the log says so.
    capped = ", capped at 6" if e.value == 6 and delta < _amount(e.reason) else ""
    if e.stat == "health":
        if delta < 0 and e.reason.startswith("suffered"):
            sources = _damage_sources(c.before) if c.before is not None else ""
            return f"You suffer {-delta} damage{sources} ({arrow})"
        if delta < 0:
            return f"You lose {-delta} Health ({arrow}{_why(e.reason, 'lost')})"
        return f"You gain {delta} Health ({arrow}{capped}{_why(e.reason, 'healed')})"
    verb = "rises" if delta > 0 else "falls"
    return f"{stat} {verb} to {e.value} ({arrow}{capped}{_why(e.reason, '+', '-', e.stat)})"


def _amount(reason: str) -> int:
    """The amount a raise asked for, read from its reason (``healed 2``, ``+1 strategy``); 0 when it does not say."""
    for word in reason.replace("+", " ").split():
        if word.isdigit():
            return int(word)
    return 0


def _damage_sources(before: GameState) -> str:
    """``: Rust Maw 2, Ember Wasp 1``: who dealt the damage of Resolve step 1 (the undefeated enemies, R5)."""
    parts = []
    for card in before.active:
        if not card.defeated:
            damage = hooks.enemy_damage(before, card)
            if damage:
                parts.append(f"{card_name(before.deck, card.id)} ({damage})")
    return f" from {join(parts)}" if parts else ""


def _why(reason: str, *redundant: str) -> str:
    """``; reason`` unless there is none or it only repeats the sentence (it starts with one of ``redundant``)."""
    if not reason or reason.startswith(redundant):
        return ""
    return f"; {reason}"


def _prompt_words(p: Prompt, c: _Ctx) -> str:
    if p.kind == "instant_reward":
        return f"{c.name(p.card)} is defeated: take or decline its instant reward"
    if p.kind == "item_limit":
        return "You hold more items than your Strategy: use or discard items"
    purpose = p.purpose or "make a choice"
    if p.source and p.source != "rank":
        purpose = f"{c.name(p.source)}: {purpose}"
    return purpose + (f" ({p.count} left)" if p.count > 1 else "")


def _prompt_pushed(e: ev.PromptPushed, c: _Ctx) -> str:
    return _prompt_words(e.prompt, c)


def _prompt_updated(e: ev.PromptUpdated, c: _Ctx) -> str:
    return _prompt_words(e.prompt, c)


def _prompt_done(e: ev.PromptDone, c: _Ctx) -> str:
    return "Choice made"


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
    what = f": {describe_effect(effect).rstrip('.')}" if effect is not None else ""
    return f"{name}'s After effect resolves{what}"


_FIELD_WORDS: dict[str, Callable[[int], str]] = {
    "next_round_extra": lambda v: f"Next round, {plural(v, 'more enemy', 'more enemies')} will be activated",
    "fewer_next": lambda v: f"Activate-one-fewer charges: {v}",
    "double_next_instant": lambda v: "The next instant reward will be gained twice" if v else "No doubled reward left",
}

_FLAG_WORDS: dict[str, str] = {"no_recovery": "No dice can be recovered this round"}


def _marked(e: ev.Marked, c: _Ctx) -> str:
    parts: list[str] = []
    if e.used is not None:
        source = e.used.split("#", 1)[0]
        parts.append(f"{c.name(source)}: used for this round")
    if e.flag is not None:
        parts.append(_flag(e.flag))
    if e.counter is not None:
        parts.append(_counter(e.counter, e.value))
    if e.field is not None:
        words = _FIELD_WORDS.get(e.field)
        parts.append(words(e.value) if words else f"{e.field.replace('_', ' ').capitalize()}: {e.value}")
    return "; ".join(parts) or "Bookkeeping"


_COUNTER_WORDS: dict[str, str] = {
    "activated": "Enemies activated so far",
    "rolls": "Rolls so far",
    "damage_taken": "Damage suffered so far",
    "items_used": "Items used so far",
    "ability_used": "Ability uses so far",
    "instant_declined": "Instant rewards declined so far",
}


def _counter(name: str, value: int) -> str:
    if name in _COUNTER_WORDS:
        return f"{_COUNTER_WORDS[name]}: {value}"
    if name.startswith("defeated_level_"):
        return f"Level {name.removeprefix('defeated_level_')} enemies defeated so far: {value}"
    return f"Tally of {name.replace('_', ' ')}: {value}"


def _flag(flag: str) -> str:
    if flag in _FLAG_WORDS:
        return _FLAG_WORDS[flag]
    bits = flag.split(":")
    if bits[0] == "bonus" and len(bits) == 3:
        return f"This round {bits[1]} dice deal {bits[2] if bits[2].startswith('-') else '+' + bits[2]} damage"
    return f"This round: {flag.replace('_', ' ').replace(':', ' ')}"


def _game_over(e: ev.GameOver, c: _Ctx) -> str:
    if e.result == "won":
        return f"You win! {sentence(e.reason)}" if e.reason else "You win!"
    loss = health_loss(e.result, c.before.hero.health, e.reason) if c.before is not None else None
    if loss is not None:
        return f"You lose: {loss}"
    return f"You lose: {e.reason}" if e.reason else "You lose"


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
