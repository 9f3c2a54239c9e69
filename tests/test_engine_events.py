"""Events are frozen, serialisable values, and ``evolve`` is the one writer of state (architecture.md contracts 2
and 10)."""

from __future__ import annotations

import dataclasses

import pytest
from conftest import NewGame

from twentystrong.engine import Command, Rejected, decide_and_apply, flow
from twentystrong.engine import events as ev
from twentystrong.engine.evolve import CHARGES, ReplayError, evolve
from twentystrong.engine.rulesets import rules
from twentystrong.engine.state import set_counter
from twentystrong.engine.tx import Tx


def test_events_are_frozen_values() -> None:
    event = ev.DieMoved(seq=3, die="B1", zone="pool", reason="recover")
    assert [f.name for f in dataclasses.fields(event)] == ["seq", "die", "zone", "card", "reason", "keep_face"]
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
        ev.DieMoved(seq=1, die="B1", zone="pool", zoen="pool")  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="unknown field"):
        ev.from_dict({"type": "die_moved", "seq": 1, "die": "B1", "zone": "pool", "zoen": "pool"})


def test_counters_set_one_and_move_it_to_the_end() -> None:
    counters = (("a", 1), ("b", 2), ("c", 3))
    assert set_counter(counters, "b", 5) == (("a", 1), ("c", 3), ("b", 5))
    assert set_counter(counters, "d", 1) == (*counters, ("d", 1))
    assert set_counter((), "a", 1) == (("a", 1),)


def test_a_transaction_applies_every_event_with_evolve(new_game: NewGame) -> None:
    """Each emitted event gives the state evolve gives (contract 10: one writer); the input state never changes."""
    s = new_game()
    fields = {f.name: getattr(s, f.name) for f in dataclasses.fields(s)}
    tx = Tx(s, flow)
    tx.emit(ev.DieMoved, die="B1", zone="exhausted", reason="an effect")
    tx.count("rolls", 2)
    assert tx.events == [
        ev.DieMoved(seq=s.seq + 1, die="B1", zone="exhausted", reason="an effect"),
        ev.Marked(seq=s.seq + 2, counter="rolls", value=s.counter("rolls") + 2),
    ]
    assert tx.state == evolve(evolve(s, tx.events[0]), tx.events[1])
    assert all(getattr(s, name) is value for name, value in fields.items())
    result = decide_and_apply(s, Command("activate", stack=1))
    assert not isinstance(result, Rejected) and result[1].active
    assert all(getattr(s, name) is value for name, value in fields.items())


def test_marks_set_only_the_charges_the_game_keeps(new_game: NewGame) -> None:
    """A ``Marked`` event's ``field`` names one of a closed list of charges, each with its own meaning; any other
    name is refused on replay (no event sets an arbitrary field)."""
    s = new_game()
    assert set(CHARGES) == {"next_round_extra", "fewer_next", "double_next_instant"}
    assert set(rules(s).charges) == {"rank_penalties_left"}  # Solar Sentinels' own
    after = evolve(s, ev.Marked(seq=s.seq + 1, field="fewer_next", value=2))
    assert after.fewer_next == 2
    for name in ("round", "result", "hero", "seq", "no_such_field"):
        with pytest.raises(ReplayError, match="no charge"):
            evolve(s, ev.Marked(seq=s.seq + 1, field=name, value=1))
