"""What the record keeps of a finished game: its setup, result and figures, and the game itself as a save.

The figures are the game-over screen's (:func:`twentystrong.text.stats.game_stats`: rounds, damage, enemies, dice
luck …), and what the deck's kit records beyond them (its facts: :mod:`twentystrong.kits.record`); the log is the
save file the session would write (:mod:`twentystrong.session.saves`), compressed, so a recorded game replays
exactly as a saved one loads.
"""

from __future__ import annotations

import hashlib
import json
import math
import zlib
from dataclasses import asdict, dataclass, fields
from datetime import UTC, datetime
from typing import Any

from twentystrong import __version__
from twentystrong.content.translations import english
from twentystrong.engine.effects.words import card_name
from twentystrong.engine.events import to_dict
from twentystrong.engine.state import SetupOptions
from twentystrong.i18n import SOURCE, speaking
from twentystrong.kits.record import facts
from twentystrong.record import daily as daily_challenge
from twentystrong.record.ladder import level_of, rule_for
from twentystrong.session.session import Session


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One finished game, as a row of the record (the columns of ``games``, without ``id``; the deck kits' facts
    in :attr:`facts`)."""

    finished_at: str
    source: str
    app_version: str
    deck: str
    deck_title: str
    deck_hash: str | None
    ruleset: str
    hero: str
    hero_name: str
    level_kind: str | None
    level: int | None
    seed: str
    options: str
    assisted: int
    daily: str | None
    result: str
    reason: str
    rounds: int
    damage_dealt: int | None = None
    damage_taken: int | None = None
    enemies_defeated: int | None = None
    final_enemy: str | None = None
    final_enemy_name: str | None = None
    final_enemy_defeated: int | None = None
    killer: str | None = None
    killer_name: str | None = None
    dice_rolled: int | None = None
    hits_rolled: int | None = None
    hits_expected: float | None = None
    luck_spread: float | None = None
    commands: int | None = None
    events: int | None = None
    fingerprint: str | None = None
    log: bytes | None = None
    facts: tuple[tuple[str, int | None], ...] = ()
    """The installed deck kits' facts (:mod:`twentystrong.kits.record`), by name: each its own column."""

    def columns(self) -> dict[str, Any]:
        """The row as column → value (the facts' columns after the general ones)."""
        general = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "facts"}
        return {**general, **dict(self.facts)}

    def fact(self, name: str) -> int | None:
        """A fact's value (None when the entry has none of that name)."""
        return dict(self.facts).get(name)


def setup_record(options: SetupOptions) -> dict[str, Any]:
    """A game's setup as the record keeps it: the general options and every installed deck's own options (their
    kits declare them) by name, at their default unless chosen (so a game's record reads the same as before the
    options were data)."""
    from twentystrong.kits import all_options

    general = {k: v for k, v in asdict(options).items() if k != "choices"}
    return {**general, **{o.name: o.default for _, o in all_options()}, **dict(options.choices)}


def fingerprint(session: Session) -> str:
    """SHA-256 of the game's setup and event log: two records of the very same game share it."""
    digest = hashlib.sha256()
    digest.update(json.dumps(setup_record(session.options), sort_keys=True).encode())
    for event in session.events:
        digest.update(json.dumps(to_dict(event), sort_keys=True, separators=(",", ":")).encode())
    return digest.hexdigest()


def pack_log(session: Session) -> bytes:
    """The game as a save file, compressed."""
    from twentystrong.session.saves import dump_toml, save_document

    return zlib.compress(dump_toml(save_document(session)).encode("utf-8"), 6)


def unpack_log(log: bytes) -> bytes:
    """A packed log back to the save file's bytes (raises ``zlib.error`` when damaged)."""
    return zlib.decompress(log)


def entry_of(session: Session, *, source: str, when: datetime | None = None) -> GameEntry:
    """The record's entry for a finished game (``when``: the time it ended, default now)."""
    from twentystrong.text.stats import game_stats

    state = session.state
    if state.result is None:
        raise ValueError("the game is not over")
    deck = session.deck
    options = session.options
    stats = game_stats(deck, options, session.events)
    rule = rule_for(deck.info.ruleset)
    day = daily_challenge.daily_date(deck, options)
    spread = math.sqrt(sum(c.variance for c in stats.luck))
    return GameEntry(
        finished_at=(when or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="seconds"),
        source=source,
        app_version=__version__,
        deck=deck.id,
        deck_title=english(deck.info, "title"),  # the record keeps the English words, whatever language is spoken
        deck_hash=deck.content_hash,
        ruleset=deck.info.ruleset,
        hero=state.hero.id or options.hero_id,  # Hoplomachus Victorum: the hero chosen in the game
        hero_name=_hero_name(session),
        level_kind=rule.kind if rule is not None else None,
        level=level_of(options, rule) if rule is not None else None,
        seed=str(options.seed),
        options=json.dumps(setup_record(options), sort_keys=True),
        assisted=int(options.assisted),
        daily=day.isoformat() if day is not None else None,
        result=state.result,
        reason=state.result_reason,
        rounds=stats.rounds,
        damage_dealt=stats.damage_dealt,
        damage_taken=stats.damage_taken,
        enemies_defeated=stats.enemies_defeated,
        final_enemy=stats.boss,
        final_enemy_name=_card_name(session, stats.boss),
        final_enemy_defeated=int(stats.bosses_defeated > 0) if stats.boss is not None else None,
        killer=stats.killer,
        killer_name=_card_name(session, stats.killer),
        dice_rolled=stats.dice_rolled,
        hits_rolled=stats.crits + stats.hits,
        hits_expected=round(stats.expected_crits + stats.expected_hits, 6),
        luck_spread=round(spread, 6),
        commands=len(session.history),
        events=len(session.events),
        fingerprint=fingerprint(session),
        log=pack_log(session),
        facts=tuple(
            (fact.name, fact.of(session, stats) if ruleset == deck.info.ruleset else fact.other)
            for ruleset, fact in facts()
        ),
    )


def _hero_name(session: Session) -> str:
    """The hero's English name (the record keeps English names and ids: shown, they are translated by id)."""
    hero = session.state.hero.id or session.options.hero_id
    with speaking(SOURCE):
        try:
            return session.state.deck.hero(hero).name
        except KeyError:
            return hero


def _card_name(session: Session, card: str | None) -> str | None:
    """A card's or a boss's English name, as the engine keeps names in its events (:func:`card_name`)."""
    if card is None:
        return None
    with speaking(SOURCE):
        return card_name(session.state.deck, card)
