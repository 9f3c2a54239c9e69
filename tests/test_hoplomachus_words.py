"""Hoplomachus Victorum in words: every event of the ruleset is a sentence, every command it adds too, its steps have
log words, what its events reveal is said (R13), and an answer names nothing by its raw id."""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

import pytest
from arena import DECK, Arena

from twentystrong.engine import events as ev
from twentystrong.engine.commands import Command
from twentystrong.engine.state import SetupOptions, initial_state
from twentystrong.kits.hoplomachus_victorum.rules import RULESET
from twentystrong.text import describe_command, describe_event
from twentystrong.text.events import describe_reveal

OWN = sorted(t for t, cls in ev.EVENT_TYPES.items() if cls.__module__.startswith(RULESET.__module__.rsplit(".", 1)[0]))


def sample(cls: type[ev.Event]) -> ev.Event:
    """An instance of one of the ruleset's events, filled with values the test deck knows."""
    camps = tuple(tuple(c.id for c in DECK.cards[k * 6 : (k + 1) * 6]) for k in range(9))
    by_name: dict[str, Any] = {
        "scion": "sc-lanista",
        "camps": camps,
        "heroes": ("vesna", "darius", "mira", "tullo"),
        "tactics": ("t-drill", "t-forge", "t-leap", "t-salve"),
        "hero": "vesna",
        "aside": "darius",
        "primus": ("p-darius", "p-mira", "p-tullo"),
        "tactic": "t-leap",
        "camp": 4,
        "card": "b-raider",
        "revealed": "s-juggler",
        "cards": ("b-raider", "b01"),
        "discarded": ("b01", "b02"),
        "influence": ("b03", "b06"),
        "source": "influence",
        "reason": "move",
    }
    by_type = {
        "PrimusPlaced.primus": "p-darius",
        "FightWon.primus": "p-darius",
        "BaneResolved.primus": "p-darius",
        "PrimusFight.primus": "p-darius",
    }
    hints = typing.get_type_hints(cls)
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        hint = hints[f.name]
        key = f"{cls.__name__}.{f.name}"
        if key in by_type:
            kwargs[f.name] = by_type[key]
        elif f.name in by_name:
            kwargs[f.name] = by_name[f.name]
        elif hint is bool:
            kwargs[f.name] = True
        elif hint is int:
            kwargs[f.name] = 2
        elif f.default is not dataclasses.MISSING:
            kwargs[f.name] = f.default
        else:  # pragma: no cover - a new field: say which
            raise AssertionError(f"no sample value for {key}")
    kwargs["seq"] = 1
    return cls(**kwargs)


def test_the_ruleset_s_events_are_found() -> None:
    assert "vesuvius_dealt" in OWN and "final_fight_started" in OWN and len(OWN) == 20


@pytest.mark.parametrize("type_name", OWN)
def test_every_event_of_the_ruleset_is_a_sentence(type_name: str) -> None:
    event = sample(ev.EVENT_TYPES[type_name])
    assert RULESET.words.event(event, DECK, None), f"{type_name} has no words"
    before = Arena().s
    for context in (None, before):
        text = describe_event(event, DECK, context)
        assert text and text[0].isupper() and text[-1] in ".!?", text
        assert type_name not in text and "_" not in text, text
        assert "b-raider" not in text and "p-darius" not in text, f"a raw id leaks: {text!r}"
    revealed = event.reveal()
    if revealed is not None:
        clause = describe_reveal(event, DECK)
        assert clause and "_" not in clause, clause


def test_general_events_of_this_deck_read_in_its_words() -> None:
    """A card activated from a camp, a Primus stepping out, a card joining the Influence deck, a beaten Primus."""
    words = {
        ev.CardActivated(seq=1, card="b-raider", stack=1, additional=1): "You activate Raider from camp 1-1 (+1 more "
        "enemy).",
        ev.CardActivated(seq=1, card="p-darius", stack=1, boss=True, additional=1): "Darius the Net steps out from "
        "under camp 1-1 (+1 more enemy).",
        ev.CardLeft(seq=1, card="b-raider", to="influence"): "Raider joins the Influence deck.",
        ev.CardLeft(seq=1, card="p-darius", to="beaten"): "Darius the Net leaves the game, beaten.",
        ev.Marked(seq=1, field="bloodshed_owed", value=1): "Bloodshed: 1 die still to dismiss.",
        ev.DieMoved(seq=1, die="Y3", zone="pool", reason="recruit"): "Y3 is recruited from the training grounds.",
        ev.DieMoved(seq=1, die="B1", zone="training", reason="dismiss"): "B1 is dismissed to the training grounds.",
        ev.DieMoved(seq=1, die="B1", zone="training", reason="strengthen"): "B1 is dismissed to the training "
        "grounds (strengthened).",
        ev.DieMoved(seq=1, die="P3", zone="exhausted", reason="strengthen"): "P3 takes its place, exhausted.",
        ev.ItemUsed(seq=1, item="t-salve", effect=0, single_use=True): "You use the Tactic Salve: it returns to the "
        "Tactics area.",
        ev.ItemDiscarded(seq=1, item="o-spectator"): "You discard Crowd Favourite: it joins the Influence deck.",
        ev.CardActivated(seq=1, card="sc-lanista", boss=True): "The Lanista enters the final fight.",
        ev.CardActivated(seq=1, card="b03", entourage=True): "Brawler 3 joins the final fight.",
    }
    for event, text in words.items():
        assert describe_event(event, DECK) == text


def test_every_command_of_the_ruleset_is_a_sentence() -> None:
    """The history view's headings: the ruleset's commands in words, naming cards by name."""
    a = Arena().setup()
    s = a.s
    commands = [
        Command("choose_hero", hero="vesna"),
        Command("choose_hero", hero="vesna", aside="darius"),
        Command("keep_tactic", tactic="t-leap"),
        Command("place_primus", primus="p-darius", camp="1-1"),
        Command("feed_influence", camp="2-3"),
        Command("move", camp="1-2"),
        Command("activate"),
        Command("activate", camp="1-2"),
        Command("spectate"),
        Command("fight_primus"),
        Command("keep_opportunity"),
        Command("discard_opportunity"),
        Command("spectate_reward", choice="health"),
        Command("spectate_reward", die="B1"),
        Command("dismiss", die="Y1"),
        Command("recruit", card="s-juggler"),
        Command("gain_tactic", card="s-juggler", tactic="t-leap"),
    ]
    assert {c.cmd for c in commands} == set(RULESET.commands)
    for command in commands:
        text = describe_command(command, s)
        assert text[0].isupper() and text.endswith(".") and "_" not in text, text
    assert describe_command(Command("gain_tactic", card="s-juggler", tactic="t-leap"), s) == (
        "You gain the Tactic Leap instead of Juggler's reward."
    )
    assert describe_command(Command("choose_hero", hero="vesna", aside="darius"), s) == (
        "You choose Vesna as your hero, setting Darius aside."
    )


def test_every_step_has_log_words_and_a_prompt_line() -> None:
    """Each step of the ruleset has words for the log; each one that waits for the player says what to do."""
    for name, spec in RULESET.steps.items():
        text = describe_event(ev.StepChanged(seq=1, step=name), DECK)
        assert text[0].isupper() and "_" not in text, text
        if spec.commands.__name__ != "_no_commands":  # it waits for the player
            assert spec.text.endswith("."), name


def test_the_deal_s_words() -> None:
    state = initial_state(DECK, SetupOptions(DECK.id, "", deal="ordered"))
    assert state.step == "setup"
    a = Arena()
    dealt = next(e for e in a.events if e.TYPE == "vesuvius_dealt")
    assert describe_event(dealt, DECK) == (
        "Mount Vesuvius rises: The Lanista waits at the apex; 9 camps dealt; 4 Victorum heroes and 4 Tactics drawn."
    )


def test_the_deck_s_cards_as_printed() -> None:
    """The card browser's words (text.cards): a camp card's kind and Influence icon and what its kind adds, an
    Opportunity's condition, a Scion's two sides, a hero's Primus side and Bane, a Tactic."""
    from twentystrong.text.cards import all_cards, describe_any

    assert describe_any(DECK, "b-raider").plain().splitlines() == [
        "Raider",
        "Bloodshed card · Influence · instant reward",
        "Health 2  Damage 1  Additional +1",
        "+1: When you activate it, add one more enemy from the camps next to it.",
        "Instant reward: Gain 1 Health.",
        "Bloodshed: If it deals you damage, dismiss a die at Cleanup.",
    ]
    assert "Sport: Instead of its reward you may recruit a die or gain a Tactic." in describe_any(DECK, "s01").plain()
    assert "Condition: Defeat 2 Bloodshed enemies, while you hold this." in describe_any(DECK, "o-blood").plain()
    lanista = describe_any(DECK, "sc-lanista").plain()
    assert (
        "Spectate: Lose 1 Health." in lanista and "Conflict: It fights with 1 enemy from the Influence deck." in lanista
    )
    darius = describe_any(DECK, "p-darius").plain()
    assert "Primus side: Darius the Net: Health 5, Damage 1, +1." in darius and "Bane: Lower Strategy by 1." in darius
    assert describe_any(DECK, "t-salve").plain().splitlines()[1:] == [
        "Tactic · single-use item",
        "Single-use: Gain 2 Health.",
    ]
    kinds = [c.kind for c in all_cards(DECK)]
    assert (kinds.count("hero"), kinds.count("card"), kinds.count("scion"), kinds.count("tactic")) == (8, 54, 9, 8)
