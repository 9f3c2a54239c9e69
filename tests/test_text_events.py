"""Events, commands, places and end-of-game figures in plain words."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import typing
from pathlib import Path
from typing import Any

import pytest

from twentystrong.content.loader import load_deck
from twentystrong.content.model import Deck
from twentystrong.engine import events as ev
from twentystrong.engine.commands import CMDS, Command
from twentystrong.engine.dice import FACES
from twentystrong.engine.evolve import fold
from twentystrong.engine.legal import legal_commands
from twentystrong.engine.rulesets import ruleset_for
from twentystrong.engine.state import GameState, Prompt, SetupOptions, initial_state
from twentystrong.kits import kits
from twentystrong.kits.options import choose
from twentystrong.kits.solar_sentinels.content import missions_of
from twentystrong.session import Session
from twentystrong.text import describe_command, describe_event, describe_events, game_stats, summarize_events
from twentystrong.text.history import history_groups
from twentystrong.text.where import places

PLAIN = Path(__file__).parent / "decks" / "plain"


@pytest.fixture(scope="module")
def deck() -> Deck:
    return load_deck(PLAIN)


def pick(s: GameState) -> Command:
    """A plain, deterministic player: take everything, commit five dice, apply every hit, end the game soon."""
    legal = [c for c in legal_commands(s) if c.cmd not in ("forfeit_mission", "discard_item")]
    by = {c.cmd: c for c in reversed(legal)}
    for cmd in ("take_reward", "discard_mission", "gain_item", "resolve_after", "choose", "activate"):
        if cmd in by:
            return by[cmd]
    if "commit" in by and s.committed_this_phase < 5:
        return by["commit"]
    for cmd in ("roll", "apply", "resolve", "recover", "done", "stack_discard", "start_endgame", "use_item"):
        if cmd in by:
            return by[cmd]
    return legal[0]


def play(deck: Deck, seed: int, *, missions: bool = True, limit: int = 3000) -> Session:
    session = Session.new(
        deck, SetupOptions(deck_id=deck.id, hero_id="tester", seed=seed, choices=choose({"missions": missions}))
    )
    for _ in range(limit):
        if session.state.result is not None:
            break
        session.dispatch(pick(session.state))
    return session


# --- every event type has words ------------------------------------------------------------------------------------


def sample_event(cls: type[ev.Event], deck: Deck) -> ev.Event:
    """An instance of any event type, its fields filled by name and type with values the deck knows."""
    card, boss, mission = deck.cards[4].id, deck.bosses[0].id, missions_of(deck)[0].id
    by_name: dict[str, Any] = {
        "hero": "tester",
        "card": card,
        "item": card,
        "source": card,
        "mission": mission,
        "die": "B3",
        "zone": "exhausted",
        "step": "apply",
        "stat": "health",
        "color": "blue",
        "result": "lost",
        "status": "done",
        "to": "discard",
        "kind": "instant",
        "used": f"{card}#0",
        "flag": "no_recovery",
        "counter": "items_used",
        "field": "next_round_extra",
        "face": "crit",
    }
    by_type: dict[str, Any] = {
        "GameStarted.stacks": ((card, deck.cards[5].id), (deck.cards[6].id,), ()),
        "GameStarted.boss_deck": (boss,),
        "GameStarted.missions": (mission,),
        "DiceRolled.faces": (("B3", "crit"), ("G1", "miss"), ("Y2", "hit")),
        "RollTested.faces": ("hit", "miss"),
        "BossRevealed.boss": boss,
        "BossRevealed.reshuffled": (boss,),
        "EndgameStarted.boss": boss,
        "EndgameStarted.stack": (deck.cards[7].id, deck.cards[8].id),
        "EndgameStarted.entourage": (card,),
        "CardActivated.boss": False,
    }
    hints = typing.get_type_hints(cls)
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        key = f"{cls.__name__}.{f.name}"
        hint = hints[f.name]
        if key in by_type:
            kwargs[f.name] = by_type[key]
        elif f.name in by_name:
            kwargs[f.name] = by_name[f.name]
        elif hint is Prompt:
            kwargs[f.name] = Prompt("choose_die", source=card, count=2, options=("B3", "G1"), purpose="choose a die")
        elif hint is bool:
            kwargs[f.name] = True
        elif hint is int or hint == int | None:
            kwargs[f.name] = 2
        elif hint is str or hint == str | None:
            kwargs[f.name] = "because"
        elif f.default is not dataclasses.MISSING:
            kwargs[f.name] = f.default
        else:  # pragma: no cover - a new field type: say which, so the test is easy to extend
            raise AssertionError(f"no sample value for {key}: {hint}")
    kwargs["seq"] = 1
    return cls(**kwargs)


for _kit in kits().values():
    _kit.ruleset()  # every shipped ruleset's events are known before the parameters are listed


@pytest.mark.parametrize(
    "type_name",
    sorted(
        t
        for t, cls in ev.EVENT_TYPES.items()
        if cls.__module__.startswith("twentystrong.")
        # Hoplomachus Victorum's own events: test_hoplomachus_words.py, with a deck of that ruleset.
        and not cls.__module__.startswith("twentystrong.kits.hoplomachus_victorum.rules")
    ),
)
def test_every_event_type_is_a_sentence(type_name: str, deck: Deck) -> None:
    from twentystrong.text.events import _DESCRIBERS

    cls = ev.EVENT_TYPES[type_name]
    own = cls.__module__.startswith("twentystrong.kits.")
    assert own or cls in _DESCRIBERS, f"{type_name} has no words in twentystrong/text/events.py"
    event = sample_event(cls, deck)
    if own:  # a ruleset's own event: its words are the ruleset's
        assert ruleset_for(deck.info.ruleset).words.event(event, deck, None), f"{type_name} has no words"
    before = Session.new(deck, SetupOptions(deck_id=deck.id, hero_id="tester", seed=1)).state
    for context in (None, before):
        text = describe_event(event, deck, context)
        assert text and text[0].isupper() and text[-1] in ".!?", text
        assert type_name not in text, f"the raw type name leaks: {text!r}"
        assert "_" not in text, text


def test_the_brief_s_examples(deck: Deck) -> None:
    card = deck.cards[2]  # Card 3: +1
    assert describe_event(ev.RoundStarted(seq=1, round=3, activations=1), deck) == "Round 3 begins."
    assert (
        describe_event(ev.CardActivated(seq=1, card=card.id, stack=2, additional=1), deck)
        == f"You activate {card.name} from stack 2 (+1 more enemy)."
    )
    assert describe_event(ev.DiceRolled(seq=1, faces=(("B3", "crit"),), draws=1), deck) == "B3 rolls a crit."
    assert describe_event(ev.CardDefeated(seq=1, card=card.id), deck) == f"{card.name} is defeated."


def test_apply_and_damage_say_the_numbers(deck: Deck) -> None:
    session = play(deck, 5, missions=False)
    start = initial_state(deck, session.options)
    lines = [line.text for line in describe_events(session.events, start)]
    applied = [t for t in lines if t.startswith("You apply")]
    assert applied and all("/" in t and t.endswith("damage.") for t in applied), applied
    assert any(t.startswith("You apply") and ("✶" in t or "•" in t) for t in applied)
    suffered = [t for t in lines if t.startswith("You suffer")]
    assert suffered and all("Health" in t and "→" in t for t in suffered), suffered


def test_every_event_of_real_games_has_words(deck: Deck) -> None:
    for seed in (1, 2, 3):
        session = play(deck, seed)
        start = initial_state(deck, session.options)
        lines = describe_events(session.events, start)
        assert len(lines) == len(session.events)
        assert all(line.text and line.text[-1] in ".!?" for line in lines)
        assert [line.seq for line in lines] == [e.seq for e in session.events]


def test_summaries_merge_runs_of_dice(deck: Deck) -> None:
    before = Session.new(deck, SetupOptions(deck_id=deck.id, hero_id="tester", seed=1)).state
    events = [
        ev.DieMoved(seq=before.seq + 1, die="Y1", zone="exhausted", reason="exhaust"),
        ev.DieMoved(seq=before.seq + 2, die="Y2", zone="exhausted", reason="exhaust"),
        ev.DieMoved(seq=before.seq + 3, die="G1", zone="exhausted", reason="exhaust"),
    ]
    assert [line.text for line in summarize_events(events, before)] == ["Y1, Y2 and G1 are exhausted."]


def test_history_groups_are_one_per_command(deck: Deck) -> None:
    session = play(deck, 2, limit=40)
    groups = history_groups(session.history, initial_state(deck, session.options))
    assert len(groups) == len(session.history)
    assert groups[0].heading == "You start the game."
    assert all(g.heading.startswith("You ") or g.heading.startswith("Rank") for g in groups)
    # R13: an activation turns up the next card of its stack; discarding a mission or committing a die reveals
    # nothing.
    assert groups[1].heading.startswith("You discard the mission") and not groups[1].reveals
    assert any(g.heading.startswith("You activate") and g.reveals for g in groups)
    assert any(g.heading.startswith("You commit") and not g.reveals for g in groups)


# --- commands -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("cmd", sorted(CMDS))
def test_every_command_is_a_sentence(cmd: str, deck: Deck) -> None:
    state = Session.new(deck, SetupOptions(deck_id=deck.id, hero_id="tester", seed=1)).state
    command = Command(
        cmd,
        stack=1,
        die="B3",
        card=deck.cards[0].id,
        face="hit",
        faces=(("B3", "hit"),),
        item=deck.cards[3].id,
        choice="banish",
        mission=missions_of(deck)[0].id,
        effect=0,
    )
    text = describe_command(command, state)
    assert text and text[-1] == "." and "_" not in text, text


# --- places ---------------------------------------------------------------------------------------------------------


def test_places_hide_what_lies_under_a_stack_top(deck: Deck) -> None:
    state = Session.new(deck, SetupOptions(deck_id=deck.id, hero_id="tester", seed=1)).state
    now = places(state)
    for number, stack in enumerate(state.table.stacks, start=1):
        for depth, card in enumerate(stack):
            assert now[card].zone == "stacks"
            # Only the top card shows: below it, neither the stack nor the depth is told.
            assert now[card].label == (f"stack {number} top" if depth == 0 else "in a stack")
    assert {now[b].label for b in state.table.boss_deck} == {"boss deck"}
    assert now["tester"].zone == "hero"
    assert places(None) == {}


# --- figures --------------------------------------------------------------------------------------------------------


def test_game_figures_come_from_the_events(deck: Deck) -> None:
    session = play(deck, 3)
    stats = game_stats(deck, session.options, session.events)
    final = fold(initial_state(deck, session.options), session.events)
    assert stats.result == final.result and stats.reason == final.result_reason
    assert stats.rounds == final.round
    assert stats.enemies_defeated + stats.bosses_defeated == sum(isinstance(e, ev.CardDefeated) for e in session.events)
    rolled = [face for e in session.events if isinstance(e, ev.DiceRolled) for _, face in e.faces]
    assert stats.dice_rolled == len(rolled)
    assert stats.crits == rolled.count("crit") and stats.hits == rolled.count("hit")
    # Expectations from the faces table: a yellow die crits 1 time in 6 and basic-hits 1 time in 6 …
    for luck in stats.luck:
        assert luck.expected_crits == pytest.approx(luck.rolled * FACES[luck.color].count("crit") / 6)
        assert luck.expected_hits == pytest.approx(luck.rolled * FACES[luck.color].count("hit") / 6)
    health_lost = -sum(
        min(0, e.value - before.hero.health)
        for e, before in _with_before(session)
        if isinstance(e, ev.StatChanged) and e.stat == "health"
    )
    assert stats.damage_taken == health_lost > 0
    assert stats.damage_dealt > 0
    assert stats.luck_words().endswith(".")


def _with_before(session: Session) -> list[tuple[ev.Event, GameState]]:
    from twentystrong.engine.evolve import evolve

    out = []
    state = initial_state(session.deck, session.options)
    for event in session.events:
        out.append((event, state))
        state = evolve(state, event)
    return out


def test_the_package_imports_a_module_only_when_one_of_its_names_is_used() -> None:
    """``twentystrong.text`` is imported by the table for the effect words alone: the event log and the game
    statistics are imported on first use (start-up), and every public name still resolves."""
    code = (
        "import sys, twentystrong.text as text\n"
        "before = sorted(m for m in sys.modules if m.startswith('twentystrong.text.'))\n"
        "assert all(callable(getattr(text, name)) or name == 'MINOR_EVENTS' for name in text.__all__)\n"
        "print(before, sorted(text.__all__) == sorted(text._HOMES))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["[]", "True"]
