"""The old profile (``profile.toml``: a deck's level and a short game history) carried over into the record, once.

Before the record, the profile kept a deck's level on its ladder (:attr:`~twentystrong.kits.kit.DeckKit.
profile_keys`: read as that kit's setting) and one line per finished game. The first time a record is opened beside
such a profile, its games become records (``source = 'profile'``: no figures, no log, so no replay) and each kit's
level becomes the ladder of its deck (the deck of the kit's id, the one the profile's level was kept for): **the
level survives**. The profile file itself is left where it is (it holds the player's settings);
``meta.profile_imported`` keeps the import from running twice.
"""

from __future__ import annotations

import json
import sqlite3
from functools import cache
from pathlib import Path

from twentystrong.content.translations import english
from twentystrong.profile import FILE_NAME, load_profile
from twentystrong.record.db import transaction
from twentystrong.record.ladder import RULES


def import_profile(conn: sqlite3.Connection, folder: Path) -> str | None:
    """Import ``folder/profile.toml`` into the record if that was never done; a sentence for the player (what was
    carried over, or why the profile could not be read), or None."""
    with transaction(conn):
        if conn.execute("SELECT 1 FROM meta WHERE key = 'profile_imported'").fetchone():
            return None
        path = folder / FILE_NAME
        if not path.exists():
            conn.execute("INSERT INTO meta (key, value) VALUES ('profile_imported', 'no profile')")
            return None
        loaded = load_profile(path)
        profile = loaded.profile
        for game in profile.history:
            title, ruleset, hero_name = _names(game.deck, game.hero)
            rule = RULES.get(ruleset)
            played = dict(game.options)
            conn.execute(
                "INSERT INTO games (finished_at, source, app_version, deck, deck_title, ruleset, hero, hero_name, "
                "level_kind, level, seed, options, assisted, result, reason, rounds) "
                "VALUES (?, 'profile', '', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', ?)",
                (
                    game.date,
                    game.deck,
                    title,
                    ruleset,
                    game.hero,
                    hero_name,
                    rule.kind if rule is not None else None,
                    played.get(rule.option) if rule is not None else None,
                    str(game.seed),
                    json.dumps({"deck_id": game.deck, "hero_id": game.hero, "seed": game.seed, **played}),
                    int(game.assisted),
                    game.result,
                    game.rounds,
                ),
            )
        levels = []
        for ruleset in profile.decks:
            rule = RULES.get(ruleset)
            level = profile.setting(ruleset, rule.option) if rule is not None else None
            if rule is None or not isinstance(level, int):
                continue
            level = rule.clamp(level)
            levels.append(rule.name(level))
            deck = ruleset  # the kit's own deck: the one the profile kept its level for
            has_ladder = conn.execute("SELECT 1 FROM ladder WHERE deck = ?", (deck,)).fetchone()
            if loaded.warning is None and not has_ladder:
                conn.execute(
                    "INSERT INTO ladder (deck, kind, level, updated_at, game) VALUES (?, ?, ?, datetime('now'), NULL)",
                    (deck, rule.kind, level),
                )
        conn.execute("INSERT INTO meta (key, value) VALUES ('profile_imported', datetime('now'))")
    if loaded.warning is not None:
        return loaded.warning
    games = len(profile.history)
    carried = " and ".join([*levels, f"{games} game{'s' if games != 1 else ''}"])
    return f"your profile's {carried} were carried over from {path} into the record"


@cache
def _names(deck_id: str, hero_id: str) -> tuple[str, str, str]:
    """A deck's title and ruleset and a hero's name, from the installed deck if there is one."""
    from twentystrong.kits import kits

    try:
        from twentystrong.content.loader import load_shipped

        deck = load_shipped(deck_id)
    except Exception:  # noqa: BLE001 - a deck that is not installed or does not load: its ids stand in
        return deck_id, deck_id if deck_id in kits() else "unknown", hero_id  # a kit's own deck has its id
    try:
        hero = deck.hero(hero_id).name
    except KeyError:
        hero = hero_id
    return english(deck.info, "title"), deck.info.ruleset, hero
