"""A transaction: the events one command causes, applied as they are decided so later rules see them.

``decide`` works on a :class:`Tx`: every fact goes through :meth:`Tx.emit`, which numbers the event and evolves the
working state, or through one of the few methods that do the same for the most frequent events in fewer steps
(:meth:`Tx.move_die`, :meth:`Tx.change_step`, :meth:`Tx.count` …). The caller gets the list of events and the state
after them; the input state is never touched (contract 2).

The working state is private to the transaction: a copy of the input state, made when the transaction starts (every
command causes at least one event, and a copy made at once spares each event asking whether it was made yet), to
which the events are applied in place rather than each building yet another frozen state of some forty fields. The
rules read it while the command runs (and may keep answers in it, which each event drops as a new state's would not
have them, see ``state.change_in_place``); ``decide`` returns it, and from then on it never changes. So
``tx.state`` is live: read its fields again after an emit, never keep them across one (``tx.before``, the state the
command met, never changes). ``tests/test_engine_speed_inplace.py`` compares every command of many games with a
transaction that builds a new state for every event, through ``emit`` alone.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from twentystrong.content.effects import Stat
from twentystrong.engine import events as ev
from twentystrong.engine.evolve import CHANGES, card_defeated, dice_rolled
from twentystrong.engine.state import (
    CARRIED,
    DERIVED,
    DIE_INDEX,
    ZONES,
    GameState,
    Prompt,
    Step,
    add_to_counter,
    change_in_place,
    die_state,
)

_new = object.__new__
_set = object.__setattr__


class Tx:
    """The state the command met, the working state and the events emitted so far."""

    __slots__ = ("before", "events", "state")

    def __init__(self, state: GameState) -> None:
        self.before = state
        # The working state: a copy of the input state, which is never changed (contract 2). Until the first event
        # it shares what the input state kept about itself (the same fields give the same answers); each event
        # drops from the copy what it may make wrong (see state.change_in_place).
        working = self.state = _new(GameState)
        _set(working, "__dict__", state.__dict__.copy())  # a frozen dataclass: its __setattr__ refuses
        self.events: list[ev.Event] = []

    def emit(self, cls: type[ev.Event], **fields: Any) -> ev.Event:
        """Record an event (``fields`` but its number) and apply it."""
        state = self.state
        fields["seq"] = seq = state.seq + 1
        # ev.make(cls, fields), inlined: the engine emits ~700 events a game. A missing or an unknown field is
        # refused all the same (a misspelt keyword would otherwise make an event without it).
        event = _new(cls)
        values = event.__dict__  # filled in place: Event.__setattr__ refuses
        values.update(cls._DEFAULTS)
        values.update(fields)
        if values.keys() != cls._NAMES:
            raise TypeError(ev.field_error(cls, fields))
        changes = CHANGES[cls](state, event)  # evolve(state, event), without the sequence check: seq is ours
        # The working state changes in place; seq is no field a kept answer is read from.
        change_in_place(state, changes)
        state.__dict__["seq"] = seq
        self.events.append(event)
        return event

    # --- the most frequent events, in fewer steps ----------------------------------------------------------------
    #
    # A command moves about one die, changes the step about twice and marks a counter. Each method below is ``emit``
    # of one event type with fixed keywords, in fewer steps: the event is filled directly (Python checks the
    # arguments, and every field is given, in field order) and the fields the event changes are set in the working
    # state's ``__dict__`` as the event type's function in ``evolve`` and ``change_in_place`` would set them.
    # tests/test_engine_speed_inplace.py checks each against ``emit``, and every command of many games against a
    # transaction that builds a new state for every event.

    def _open(self, fields: tuple[str, ...]) -> dict[str, Any]:
        """The working state's ``__dict__``, ready for an event that sets ``fields`` (and ``seq``, which no answer
        kept with a state is worked out from): its derived answers dropped, and its carried answer if that was worked
        out from one of ``fields``.

        (:func:`change_in_place` keeps the carried answer when a field is set to the very object it holds. These
        events set new objects, but for a step or a count set again to what it was, which then only costs the
        effects in force worked out again; none of them reads these fields anyway.)
        """
        d = self.state.__dict__
        d[DERIVED] = None
        kept = d.get(CARRIED)
        if kept is not None and not kept.deps.isdisjoint(fields):
            d[CARRIED] = None
        return d

    def move_die(self, die: str, zone: str, reason: str, card: str | None = None, keep_face: bool = False) -> None:
        """Move a die to a zone: ``emit(ev.DieMoved, …)`` (``evolve._die_moved``)."""
        # self._open(fields), inlined: most events move a die.
        d = self.state.__dict__
        d[DERIVED] = None
        kept = d.get(CARRIED)
        if kept is not None and not kept.deps.isdisjoint(_MOVE_FIELDS.get(reason, _DICE)):
            d[CARRIED] = None
        seq = d["seq"] + 1
        event = _new(ev.DieMoved)
        e = event.__dict__  # filled field by field, in field order: fewer steps than update(**fields)
        e["seq"] = seq
        e["die"] = die
        e["zone"] = zone
        e["card"] = card
        e["reason"] = reason
        e["keep_face"] = keep_face
        dice = d["dice"]
        i = DIE_INDEX[die]
        # A die keeps its face when asked to or moved to the active area or a card; a committed die is unrolled.
        face = dice[i].face if (keep_face or zone == "active" or zone == "applied") and reason != "commit" else None
        moved = list(dice)
        moved[i] = die_state(die, zone, face, card if zone == "applied" else None)  # type: ignore[arg-type]
        d[ZONES] = None
        d["dice"] = tuple(moved)
        if reason == "commit":
            d["committed_this_phase"] += 1
            d["committed_this_engagement"] += 1
        elif reason == "apply":
            d["applied_this_step"] = (*d["applied_this_step"], die)
        elif reason == "recover":
            d["recovered"] = (*d["recovered"], die)
        d["seq"] = seq
        self.events.append(event)

    def change_step(self, step: Step) -> None:
        """Go on to another step of the round: ``emit(ev.StepChanged, step=step)`` (``evolve._step_changed``)."""
        # self._open(_STEP_FIELDS), inlined: a command changes the step about twice.
        d = self.state.__dict__
        d[DERIVED] = None
        kept = d.get(CARRIED)
        if kept is not None and not kept.deps.isdisjoint(_STEP_FIELDS):
            d[CARRIED] = None
        seq = d["seq"] + 1
        event = _new(ev.StepChanged)
        e = event.__dict__
        e["seq"] = seq
        e["step"] = step
        if step == "commit" and d["step"] != "commit":
            d["committed_this_phase"] = 0
        d["step"] = step
        d["seq"] = seq
        self.events.append(event)

    def count(self, counter: str, amount: int = 1) -> None:
        """Add to a statistics counter: ``emit(ev.Marked, counter=counter, value=<its value> + amount)``
        (``evolve._marked``)."""
        # self._open(_COUNT_FIELDS), inlined.
        d = self.state.__dict__
        d[DERIVED] = None
        kept = d.get(CARRIED)
        if kept is not None and not kept.deps.isdisjoint(_COUNT_FIELDS):
            d[CARRIED] = None
        seq = d["seq"] + 1
        value, d["counters"] = add_to_counter(d["counters"], counter, amount)
        event = _new(ev.Marked)
        e = event.__dict__
        e["seq"] = seq
        e["used"] = None
        e["flag"] = None
        e["counter"] = counter
        e["value"] = value
        e["field"] = None
        d["seq"] = seq
        self.events.append(event)

    def start_phase(self, number: int) -> None:
        """Begin Strategy phase ``number``: ``emit(ev.StrategyPhaseStarted, number=number)``
        (``evolve._phase_started``)."""
        d = self._open(_PHASE_FIELDS)
        seq = d["seq"] + 1
        event = _new(ev.StrategyPhaseStarted)
        e = event.__dict__
        e["seq"] = seq
        e["number"] = number
        d["phases_used"] = number
        d["step"] = "commit"
        d["committed_this_phase"] = 0
        d["seq"] = seq
        self.events.append(event)

    def start_apply_step(self) -> None:
        """Begin the Apply step: ``emit(ev.ApplyStepStarted)`` (``evolve._apply_step_started``)."""
        d = self._open(_APPLY_FIELDS)
        seq = d["seq"] + 1
        event = _new(ev.ApplyStepStarted)
        event.__dict__["seq"] = seq
        d["step"] = "apply"
        d["applied_this_step"] = ()
        d["defeated_this_step"] = 0
        d["seq"] = seq
        self.events.append(event)

    def roll_dice(self, faces: tuple[tuple[str, str], ...], draws: int) -> None:
        """The Strategy phase's roll: ``emit(ev.DiceRolled, faces=faces, draws=draws)`` (its changes made by
        ``evolve.dice_rolled`` itself)."""
        d = self._open(_ROLL_FIELDS)
        seq = d["seq"] + 1
        event = _new(ev.DiceRolled)
        e = event.__dict__
        e["seq"] = seq
        e["faces"] = faces
        e["draws"] = draws
        e["phase_started"] = True  # a Strategy-phase roll
        d.update(dice_rolled(self.state, event))  # the dice and the random position: the same changes as evolve's
        d[ZONES] = None  # the dice changed (as change_in_place drops them)
        d["seq"] = seq
        self.events.append(event)

    def defeat_card(self, card: str, reason: str) -> None:
        """Defeat an active card: ``emit(ev.CardDefeated, card=card, reason=reason)`` (its changes made by
        ``evolve.card_defeated`` itself, which sets no dice)."""
        d = self._open(_DEFEAT_FIELDS)
        seq = d["seq"] + 1
        event = _new(ev.CardDefeated)
        e = event.__dict__
        e["seq"] = seq
        e["card"] = card
        e["reason"] = reason
        d.update(card_defeated(self.state, event))
        d["seq"] = seq
        self.events.append(event)

    @property
    def over(self) -> bool:
        """The game has ended: nothing more happens."""
        return self.state.result is not None

    # --- common facts, with their rulings -----------------------------------------------------------------------

    def set_stat(self, stat: Stat, value: int, reason: str) -> None:
        """Change a stat with R1: 1..6, Health below 1 loses at once; R9 when Strategy drops below the items."""
        if self.over:
            return
        low = -99 if stat == "health" else 1  # R1: Health may fall below 1 (a loss); the others stop at 1
        value = max(low, min(6, value))
        if value == self.state.hero.stat(stat):
            return
        self.emit(ev.StatChanged, stat=stat, value=value, reason=reason)
        if stat == "health" and value < 1:
            self.emit(ev.GameOver, result="lost", reason=reason or "Health fell below 1")  # R1
        elif stat == "strategy":
            self.check_item_limit()

    def change_stat(self, stat: Stat, delta: int, reason: str) -> None:
        """Raise or lower a stat by ``delta`` (R1 clamps)."""
        self.set_stat(stat, self.state.hero.stat(stat) + delta, reason)

    def check_item_limit(self) -> None:
        """R9: more items than Strategy forces a use-or-discard prompt that must be answered."""
        s = self.state
        if len(s.inventory) > s.hero.strategy and not any(p.kind == "item_limit" for p in s.prompts):
            self.push(Prompt("item_limit", purpose="use or discard items down to your Strategy"))

    def push(self, prompt: Prompt) -> None:
        """Interrupt play with a decision."""
        self.emit(ev.PromptPushed, prompt=prompt)

    def reask(self, prompt: Prompt, options: tuple[str, ...]) -> None:
        """R8: the open prompt asks again with ``options``, what holds now after an item changed the state (an
        event only when they differ)."""
        if options != prompt.options:
            self.emit(ev.PromptUpdated, prompt=replace(prompt, options=options))

    def narrow_prompt(self, prompt: Prompt, rest: tuple[str, ...]) -> bool:
        """One of several choices made: keep asking (one fewer to make, ``rest`` left to choose from) or close the
        prompt. True when the prompt goes on."""
        if prompt.count > 1 and rest:
            narrowed = Prompt(
                prompt.kind, prompt.card, prompt.source, prompt.effect, prompt.count - 1, rest, prompt.purpose
            )
            self.emit(ev.PromptUpdated, prompt=narrowed)
            return True
        self.emit(ev.PromptDone)
        return False


_DICE = ("dice",)
_MOVE_FIELDS = {
    "commit": ("dice", "committed_this_phase", "committed_this_engagement"),
    "apply": ("dice", "applied_this_step"),
    "recover": ("dice", "recovered"),
}
"""The fields a die move sets, by reason (the dice alone for any other reason)."""
_STEP_FIELDS = ("step", "committed_this_phase")
_COUNT_FIELDS = ("counters",)
_PHASE_FIELDS = ("phases_used", "step", "committed_this_phase")
_APPLY_FIELDS = ("step", "applied_this_step", "defeated_this_step")
_ROLL_FIELDS = ("dice", "rng")
_DEFEAT_FIELDS = ("active", "defeated_this_step", "defeated_this_round")
