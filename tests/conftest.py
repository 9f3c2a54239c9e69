"""Shared fixtures: the plain test deck, new games, and a helper that plays commands. Keep this file small."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from record_helpers import split_setup

from twentystrong.content.loader import load_deck
from twentystrong.content.model import Deck
from twentystrong.engine import Command, GameState, Rejected, SetupOptions, decide_and_apply, initial_state
from twentystrong.engine.events import Event

TESTS = Path(__file__).resolve().parent
PLAIN_PATH = TESTS / "decks" / "plain"
"""The plain test deck: 45 effect-free conflict cards (heroes ``tester`` 6/3/3 and ``weakling`` 2/1/1)."""

NewGame = Callable[..., GameState]
Play = Callable[..., GameState]


@pytest.fixture(scope="session", autouse=True)
def _private_data_dir_for_the_session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Session and module fixtures run before the per-test one below: they too must not touch the real user
    folders (the shipped-deck cache lives under the data directory when it is set)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TWENTYSTRONG_DATA_DIR", str(tmp_path_factory.mktemp("session-data")))
        yield


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test touches the real user data directory (autosave, statistics): each gets its own."""
    monkeypatch.setenv("TWENTYSTRONG_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test reads English (no locale variable of the machine leaks in) unless it chooses a language itself
    (``set_language`` or the locale variables): what it chose is undone after it."""
    from twentystrong import i18n

    for variable in i18n.ENVIRONMENT:
        monkeypatch.delenv(variable, raising=False)
    i18n.set_language(None)
    yield
    i18n.set_language(None)


@pytest.fixture(scope="session")
def plain_deck() -> Deck:
    """The plain test deck (loaded once)."""
    return load_deck(PLAIN_PATH)


@pytest.fixture
def new_game(plain_deck: Deck) -> NewGame:
    """``new_game(**options)``: the state after ``start`` on the plain deck.

    Defaults: hero ``tester``, seed 1; pass any :class:`SetupOptions` field (``deal="ordered"``, ``dice="physical"``).
    """

    def make(deck: Deck | None = None, **options: Any) -> GameState:
        deck = deck or plain_deck
        general, choices = split_setup(options)
        opts = SetupOptions(**{"deck_id": deck.id, "hero_id": "tester", "seed": 1, **general}, choices=choices)
        return play_commands(initial_state(deck, opts), Command("start"))

    return make


def play_commands(
    state: GameState, *commands: Command | dict[str, Any], events: list[Event] | None = None
) -> GameState:
    """Apply commands (or their JSON dicts) in order, failing the test on a refusal; collect events if asked."""
    for given in commands:
        command = Command.from_dict(given) if isinstance(given, dict) else given
        assert not isinstance(command, Rejected), command
        result = decide_and_apply(state, command)
        assert not isinstance(result, Rejected), f"{command} refused: {result.code}: {result.message}"
        if events is not None:
            events += result[0]
        state = result[1]
    return state


@pytest.fixture
def play() -> Play:
    """``play(state, *commands)``: the state after the commands (each must be accepted)."""
    return play_commands
