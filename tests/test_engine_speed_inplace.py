"""The shortcuts ``decide`` takes for speed change nothing a caller can see.

A transaction (``engine.tx.Tx``) copies the state it is given once, at its first event, and applies the later
events to that private copy in place instead of building a new frozen state for each. These tests play games with
every kind of effect, partly with random commands to reach unusual states, and check at every command that

- the input state is left exactly as it was (contract 2: ``decide`` never mutates);
- the events and the state are those of a transaction that builds a new state for every event;
- the state equals the input state with the events folded over it (``evolve`` stays purely functional);

and, at every event inside a transaction, that what the working state keeps about itself (legal commands, effects
in force, damage taken, dice by zone …) is what a fresh copy works out from scratch.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from twentystrong.content.loader import load_deck, load_shipped
from twentystrong.content.model import Deck
from twentystrong.engine import Rejected, SetupOptions, decide_and_apply, fold, initial_state, legal_commands
from twentystrong.engine import events as ev
from twentystrong.engine.dice import FACES
from twentystrong.engine.effects import hooks
from twentystrong.engine.evolve import evolve
from twentystrong.engine.state import (
    CARRIED,
    DERIVED,
    ZONES,
    DiceMode,
    DieState,
    GameState,
    add_to_counter,
    die_state,
    field_names,
    set_counter,
)
from twentystrong.engine.tx import Tx

DECKS = Path(__file__).parent / "decks"


def _deck(name: str) -> Deck:
    return load_shipped("solar-sentinels") if name == "shipped" else load_deck(DECKS / name)


def _games(deck: Deck, games: int, commands: int) -> Iterator[tuple[GameState, Any]]:
    """(state, command) pairs of games played with random legal commands (some with physical dice)."""
    for seed in range(games):
        rng = random.Random(seed)
        hero = deck.heroes[seed % len(deck.heroes)].id
        dice: DiceMode = "physical" if seed % 4 == 3 else "virtual"
        options = SetupOptions(deck.id, hero, seed=seed, dice=dice, missions=seed % 2 == 0, rank=1 + seed % 3)
        s = initial_state(deck, options)
        for _ in range(commands):
            if s.result is not None:
                break
            command = rng.choice(legal_commands(s))
            yield s, command
            out = decide_and_apply(s, command)
            assert not isinstance(out, Rejected)
            s = out[1]


def _fields(s: GameState) -> dict[str, object]:
    return {name: getattr(s, name) for name in field_names(GameState)}


def _emit_functional(self: Tx, cls: type[ev.Event], **fields: Any) -> ev.Event:
    """``Tx.emit`` as it was: every event builds a new frozen state."""
    event = cls(seq=self.state.seq + 1, **fields)
    self.state = evolve(self.state, event)
    self.events.append(event)
    return event


# The transaction's shortcuts for the most frequent events, as plain ``emit`` calls (what each one stands for).


def _move_die(self: Tx, die: str, zone: str, reason: str, card: str | None = None, keep_face: bool = False) -> None:
    self.emit(ev.DieMoved, die=die, zone=zone, card=card, reason=reason, keep_face=keep_face)


def _change_step(self: Tx, step: str) -> None:
    self.emit(ev.StepChanged, step=step)


def _count(self: Tx, counter: str, amount: int = 1) -> None:
    self.emit(ev.Marked, counter=counter, value=self.state.counter(counter) + amount)


def _start_phase(self: Tx, number: int) -> None:
    self.emit(ev.StrategyPhaseStarted, number=number)


def _start_apply_step(self: Tx) -> None:
    self.emit(ev.ApplyStepStarted)


def _defeat_card(self: Tx, card: str, reason: str) -> None:
    self.emit(ev.CardDefeated, card=card, reason=reason)


def _roll_dice(self: Tx, faces: tuple[tuple[str, str], ...], draws: int) -> None:
    self.emit(ev.DiceRolled, faces=faces, draws=draws)


THROUGH_EMIT = {
    "move_die": _move_die,
    "change_step": _change_step,
    "count": _count,
    "start_phase": _start_phase,
    "start_apply_step": _start_apply_step,
    "roll_dice": _roll_dice,
    "defeat_card": _defeat_card,
}
"""Every ``Tx`` method that records an event without calling ``emit``, written with ``emit``."""


@pytest.mark.parametrize("deck_name", ["shipped", "effects_passive", "effects_triggered", "plain"])
def test_a_transaction_changes_nothing_a_caller_sees(deck_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    deck = _deck(deck_name)
    checked = 0
    for s, command in _games(deck, 12, 250):
        before = _fields(s)
        out = decide_and_apply(s, command)
        assert not isinstance(out, Rejected)
        events, after = out
        after_fields = _fields(after)
        # The input state is untouched: every field still holds the very same object.
        assert all(getattr(s, name) is value for name, value in before.items()), (deck_name, s.seq, command)
        assert after == fold(s, events)
        assert after.__dict__.keys() <= field_names(GameState) | {CARRIED, DERIVED, ZONES}  # no stray field
        with monkeypatch.context() as m:
            m.setattr(Tx, "emit", _emit_functional)
            for name, through_emit in THROUGH_EMIT.items():
                m.setattr(Tx, name, through_emit)
            functional = decide_and_apply(s, command)
        assert not isinstance(functional, Rejected)
        assert functional[0] == events, (deck_name, s.seq, command)
        assert functional[1] == after
        assert _fields(functional[1]) == after_fields
        checked += 1
    assert checked >= 300


def _answers(s: GameState) -> tuple[object, ...]:
    """What the rules ask of a state most, with the answers the engine keeps."""
    return (
        [le.key for le in hooks.live_effects(s)],
        [le.key for _, le in hooks.passive(s)],
        legal_commands(s),
        hooks.recoverable(s),
        [(c.id, hooks.damage_taken(s, c), hooks.enemy_damage(s, c)) for c in s.active],
        [s.dice_in(zone) for zone in ("pool", "active", "applied", "exhausted", "banished")],
    )


@pytest.mark.parametrize("deck_name", ["shipped", "effects_passive", "effects_triggered"])
def test_the_working_state_keeps_no_stale_answer(deck_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ask the working state its usual questions after every event of a transaction (so it keeps answers that
    the next event must drop): each time, the answers are those of a fresh copy."""
    checked = [0]

    def and_check(record: Any) -> Any:
        def record_and_check(self: Tx, *args: Any, **fields: Any) -> Any:
            out = record(self, *args, **fields)
            if self.state.result is None:
                assert _answers(self.state) == _answers(dataclasses.replace(self.state)), (deck_name, self.events[-1])
                checked[0] += 1
            return out

        return record_and_check

    for name in ("emit", *THROUGH_EMIT):
        monkeypatch.setattr(Tx, name, and_check(getattr(Tx, name)))
    for _ in _games(_deck(deck_name), 10, 150):
        pass
    assert checked[0] >= 500


def _shortcut_calls(s: GameState, rng: random.Random) -> list[tuple[str, tuple[Any, ...]]]:
    """Calls of the transaction's shortcuts to try on ``s``: every kind of die move, step and count."""
    die = rng.choice(s.dice).id
    card = rng.choice(s.active).id if s.active else "some-card"
    counter = rng.choice([*(name for name, _ in s.counters), "never_set"])
    calls: list[tuple[str, tuple[Any, ...]]] = [
        ("move_die", (die, "active", "commit")),
        ("move_die", (die, "applied", "apply", card)),
        ("move_die", (die, "exhausted", "exhaust", None, True)),
        ("move_die", (die, "pool", "recover")),
        ("move_die", (die, "banished", "an effect")),
        ("move_die", (die, "active", "reroll", None, rng.random() < 0.5)),
        ("change_step", (rng.choice(["commit", "apply", "recover", s.step]),)),
        ("count", (counter, rng.randint(1, 3))),
        ("start_phase", (s.phases_used + 1,)),
        ("start_apply_step", ()),
        # the active dice (and one die that may be elsewhere: it keeps its face) each show a face
        ("roll_dice", (tuple((d.id, rng.choice(FACES[d.color])) for d in (*s.dice_in("active"), s.dice[0])), 3)),
        ("roll_dice", ((), 0)),
        ("defeat_card", (card, "damage")),
    ]
    return calls


def test_the_shortcuts_are_emit() -> None:
    """Each shortcut makes the event ``emit`` makes (same class, fields, repr and ``__dict__``) and leaves the
    same state, as a transaction's first event (a copy of the input state) and as a later one (in place)."""
    rng = random.Random(7)
    checked = 0
    for s, _ in _games(_deck("shipped"), 6, 120):
        before = _fields(s)
        for name, args in _shortcut_calls(s, rng):
            name2, args2 = rng.choice(_shortcut_calls(s, rng))
            fast, plain = Tx(s), Tx(s)
            for tx, calls in ((fast, getattr(Tx, name)), (plain, THROUGH_EMIT[name])):
                calls(tx, *args)
            getattr(Tx, name2)(fast, *args2)
            THROUGH_EMIT[name2](plain, *args2)
            assert fast.events == plain.events, (name, args, name2, args2)
            for a, b in zip(fast.events, plain.events, strict=True):
                assert type(a) is type(b) and repr(a) == repr(b) and a.__dict__ == b.__dict__
            assert _fields(fast.state) == _fields(plain.state), (name, args, name2, args2)
            assert _answers(fast.state) == _answers(dataclasses.replace(plain.state))
            checked += 1
        assert all(getattr(s, name) is value for name, value in before.items())  # the input state is untouched
    assert checked >= 1000


def test_events_are_frozen_values() -> None:
    event = ev.DieMoved(seq=3, die="B1", zone="pool", reason="recover")
    assert [f.name for f in dataclasses.fields(event)] == ["seq", "die", "zone", "card", "reason", "keep_face"]
    assert event == ev.make(ev.DieMoved, {"seq": 3, "die": "B1", "zone": "pool", "reason": "recover"})
    assert event == ev.DieMoved(seq=3, die="B1", zone="pool", card=None, reason="recover", keep_face=False)
    assert hash(event) == hash(ev.DieMoved(seq=3, die="B1", zone="pool", reason="recover"))
    assert event != ev.DieMoved(seq=3, die="B1", zone="active", reason="recover")
    assert ev.PromptDone(seq=1) != ev.ApplyStepStarted(seq=1)  # same values, another kind of fact
    assert repr(event) == "DieMoved(seq=3, die='B1', zone='pool', card=None, reason='recover', keep_face=False)"
    assert ev.from_dict(ev.to_dict(event)) == event
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.zone = "active"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del event.zone
    with pytest.raises(TypeError, match="missing field.*'zone'"):
        ev.DieMoved(seq=1, die="B1")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="no field.*'zoen'"):
        ev.make(ev.DieMoved, {"seq": 1, "die": "B1", "zone": "pool", "zoen": "pool"})
    with pytest.raises(ValueError, match="unknown field"):
        ev.from_dict({"type": "die_moved", "seq": 1, "die": "B1", "zone": "pool", "zoen": "pool"})


def test_dice_and_counters_as_before() -> None:
    """The hot-path helpers give what the plain code gave: a die state equal to a new one (and the same object for
    the same values), counters with the one set moved to the end."""
    die = die_state("B1", "applied", "crit", "card")
    assert die == DieState("B1", "applied", "crit", "card")
    assert die is die_state("B1", "applied", "crit", "card")
    counters = (("a", 1), ("b", 2), ("c", 3))
    assert set_counter(counters, "b", 5) == (("a", 1), ("c", 3), ("b", 5))
    assert set_counter(counters, "d", 1) == (*counters, ("d", 1))
    assert set_counter((), "a", 1) == (("a", 1),)
    assert add_to_counter(counters, "b", 5) == (7, (("a", 1), ("c", 3), ("b", 7)))
    assert add_to_counter(counters, "d", 2) == (2, (*counters, ("d", 2)))
    # It searches from the end: the first counter, the last one and the only one are found all the same.
    assert add_to_counter(counters, "a", 1) == (2, (("b", 2), ("c", 3), ("a", 2)))
    assert add_to_counter(counters, "c", -3) == (0, (("a", 1), ("b", 2), ("c", 0)))
    assert add_to_counter((("a", 4),), "a", 1) == (5, (("a", 5),))
    assert add_to_counter((), "a", 3) == (3, (("a", 3),))
    for name, _ in counters:
        assert add_to_counter(counters, name, 2) == (
            dict(counters)[name] + 2,
            set_counter(counters, name, dict(counters)[name] + 2),
        )


def test_a_transaction_starts_from_a_copy_that_shares_nothing_it_changes() -> None:
    """A transaction works on a copy of the input state from the start: the very same field values and the same
    answers (it shares what the input state kept about itself until its first event); after the command the input
    state still holds exactly its fields, and what it keeps is what a fresh copy of it works out."""
    checked = 0
    for s, command in _games(_deck("effects_passive"), 6, 200):
        _answers(s)  # the input state keeps answers, as the bots' questions leave it
        before = _fields(s)
        tx = Tx(s)
        assert tx.state is not s and tx.before is s and tx.events == []
        assert all(getattr(tx.state, name) is value for name, value in before.items())
        assert _answers(tx.state) == _answers(dataclasses.replace(s))
        out = decide_and_apply(s, command)
        assert not isinstance(out, Rejected) and out[1] is not s
        assert all(getattr(s, name) is value for name, value in before.items())
        assert _answers(s) == _answers(dataclasses.replace(s)), (s.seq, command)
        checked += 1
    assert checked >= 300
