"""Helpers for the record tests: finished games on the plain test deck, and a record of made-up games."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from twentystrong.bots import make_bot
from twentystrong.content.loader import load_deck
from twentystrong.content.model import Deck
from twentystrong.engine.state import Choices, SetupOptions
from twentystrong.engine.view import player_view
from twentystrong.kits.options import choose
from twentystrong.record.entry import GameEntry
from twentystrong.session import Session

PLAIN = Path(__file__).resolve().parent / "decks" / "plain"
_DECK: list[Deck] = []


def plain() -> Deck:
    """The plain test deck (loaded once)."""
    if not _DECK:
        _DECK.append(load_deck(PLAIN))
    return _DECK[0]


def finished(hero: str = "weakling", seed: int = 1, **options: Any) -> Session:
    """A plain-deck game played to its end by the heuristic bot (``weakling`` loses in a few rounds, ``tester``
    usually wins)."""
    deck = plain()
    general, choices = split_setup(options)
    session = Session.new(deck, SetupOptions(deck.id, hero, seed, **general, choices=choices), deck_path=PLAIN)
    bot = make_bot("heuristic", seed)
    while session.state.result is None:
        session.dispatch(bot.choose(player_view(session.state), session.legal()))
    return session


BASE = GameEntry(
    finished_at="2026-11-01T20:00:00+00:00",
    source="test",
    app_version="0",
    deck="solar-sentinels",
    deck_title="Solar Sentinels",
    deck_hash=None,
    ruleset="solar-sentinels",
    hero="umbra",
    hero_name="Umbra",
    level_kind="rank",
    level=1,
    seed="1",
    options="{}",
    assisted=0,
    daily=None,
    result="won",
    reason="",
    rounds=15,
    facts=(("missions", 1),),
)


def entry(n: int, *, missions: int = 1, **fields: Any) -> GameEntry:
    """Made-up game ``n`` (a day apart from the next), with ``fields`` changed (``missions``: the game's fact that it
    was played with missions, Solar Sentinels' kit records it)."""
    fields.setdefault("seed", str(n))
    fields.setdefault("facts", (("missions", missions),))
    return replace(BASE, finished_at=f"2026-11-{n:02d}T20:00:00+00:00", **fields)


DECK_OPTIONS = ("missions", "rank", "difficulty", "scion")
"""The shipped decks' own setup options (their kits declare them), as the tests' helpers take them."""


def split_setup(setup: dict[str, Any]) -> tuple[dict[str, Any], Choices]:
    """A helper's setup keywords split into ``SetupOptions``' general ones and the deck's own (``choices``)."""
    general = {k: v for k, v in setup.items() if k not in DECK_OPTIONS}
    return general, choose({k: v for k, v in setup.items() if k in DECK_OPTIONS})
