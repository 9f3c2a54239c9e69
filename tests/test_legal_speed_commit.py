"""The Commit step's kept answers per die: a commit block that declares it reads only the die's colour
(``Handler.commit_reads``) is asked once per die while the same effects are in force (``legal._commit``).

``test_legal_speed_steps`` checks the commands against ``hooks.commit_block`` asked for each die in every Commit
state; here, that each declaration holds: the answer does not change with the die's zone, face or id within its
colour, nor with the state it is asked in."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from twentystrong.bots import make_bot
from twentystrong.content.loader import load_deck, load_shipped
from twentystrong.content.model import Deck
from twentystrong.engine import Rejected, SetupOptions, decide_and_apply, initial_state, legal_commands
from twentystrong.engine.dice import DIE_IDS, color_of
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import HANDLERS, Handler, Live, commit_reads
from twentystrong.engine.state import DieState, GameState

DECKS = Path(__file__).parent / "decks"


def _states(deck: Deck, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    bot = make_bot("heuristic", seed)
    s = initial_state(deck, SetupOptions(deck.id, deck.heroes[seed % len(deck.heroes)].id, seed=seed))
    out = []
    while s.result is None and s.round <= 30:
        out.append(s)
        legal = legal_commands(s)
        command = rng.choice(legal) if rng.random() < 0.3 else bot.choose(s, legal)
        result = decide_and_apply(s, command)
        assert not isinstance(result, Rejected), result
        s = result[1]
    return out


@pytest.mark.parametrize("deck_name", ["shipped", "effects_passive"])
def test_colour_only_commit_blocks_answer_by_the_die_colour_alone(deck_name: str) -> None:
    deck = load_shipped("solar-sentinels") if deck_name == "shipped" else load_deck(DECKS / deck_name)
    states = [s for seed in range(6) for s in _states(deck, seed)]
    others = states[:: max(1, len(states) // 25)]  # states asked as well: the answer may not read the state
    checked = 0
    for s in states:
        for h, le in hooks.passive_with(s, "commit_block"):
            if commit_reads(h) != "color":
                continue
            by_color: dict[str, bool] = {}
            for die_id in DIE_IDS:
                expected = by_color.setdefault(color_of(die_id), bool(h.commit_block(s, le, DieState(die_id))))
                for zone in ("pool", "active", "exhausted"):
                    for face in (None, "miss", "hit", "crit"):
                        die = DieState(die_id, zone, face)
                        assert bool(h.commit_block(s, le, die)) == expected
                        for other in others[checked % 5 :: 5]:
                            assert bool(h.commit_block(other, le, die)) == expected
            checked += 1
    if deck_name == "effects_passive":  # the passive deck has a colour ban: the declaration is exercised
        assert checked >= 5


def test_commit_reads_is_the_declaration_of_the_class_that_defines_commit_block() -> None:
    """A subclass that replaces commit_block without declaring what it reads reads anything."""
    colour_only = next(h for h in HANDLERS.values() if commit_reads(h) == "color")

    class Replaced(type(colour_only)):  # type: ignore[misc]
        def commit_block(self, s: GameState, live: Live, die: DieState) -> str | None:
            return None if s.round < 3 else "late"

    class Kept(type(colour_only)):  # type: ignore[misc]
        pass

    assert commit_reads(Replaced()) == "die"
    assert commit_reads(Kept()) == "color"
    assert commit_reads(Handler()) == "die"
