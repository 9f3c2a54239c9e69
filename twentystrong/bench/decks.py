"""The deck benchmarks run on: the shipped Solar Sentinels deck when it is installed, else a generated plain deck;
and for Hoplomachus Victorum the shipped deck when there is one, else a generated arena deck.

The plain deck has the general rules' shape (45 conflict cards in three stacks, bosses, heroes, missions) and only
simple rewards, so it measures the engine's core. ``harmless=True`` makes every enemy and boss deal no damage: a
player that never hits the boss then plays for as long as it likes (deep histories, long saves). The arena deck has
Hoplomachus Victorum's shape (54 camp cards of the three kinds, 9 Scions, 8 Victorum heroes, 8 Tactics) with the
deck's own effect kinds in play (recruit, dismiss, strengthen, weaken, Tactics, Influence scaling, Banes).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import tomli_w

from twentystrong.content.loader import load_deck, load_shipped
from twentystrong.content.model import Deck
from twentystrong.content.registry import shipped_deck_dirs
from twentystrong.content.source import DeckError

SHIPPED = "solar-sentinels"
VICTORUM = "hoplomachus-victorum"


def write_plain_deck(folder: Path, *, harmless: bool = False, deck_id: str = "bench-plain") -> Path:
    """Write a plain deck's TOML files into ``folder`` (created) and return it."""
    folder.mkdir(parents=True, exist_ok=True)
    deck = {"deck": {"id": deck_id, "title": "Benchmark deck", "ruleset": "solar-sentinels"}}
    heroes = {
        "hero": [
            {"id": "tester", "name": "Tester", "health": 6, "strategy": 3, "recovery": 3},
            {"id": "weakling", "name": "Weakling", "health": 2, "strategy": 1, "recovery": 1},
        ]
    }
    cards: list[dict[str, Any]] = []
    for i in range(1, 46):
        card: dict[str, Any] = {
            "id": f"c{i:02d}",
            "name": f"Card {i}",
            "level": 1 if i <= 26 else 2,
            "health": 2 + i % 4 + (i > 26),
            "damage": 0 if harmless else 1 + i % 3,
            "additional": 1 if i % 7 == 3 else 0,
            "mandatory": i % 11 == 5,
        }
        reward = i % 4
        if reward == 1:
            card["reward"] = {"kind": "instant", "effects": [{"kind": "heal", "amount": 1}]}
        elif reward == 2:
            card["reward"] = {"kind": "single_use", "effects": [{"kind": "heal", "amount": 2}]}
        elif reward == 3 and i % 8 == 3:
            card["reward"] = {"kind": "ongoing", "effects": [{"kind": "extra_recovery", "count": 1}]}
        cards.append(card)
    bosses = {
        "boss": [
            {"id": f"boss-{i}", "name": f"Boss {i}", "health": 8 + i, "damage": 0 if harmless else 1 + i % 3}
            for i in range(1, 5)
        ]
    }
    for boss in bosses["boss"]:
        boss["entourage"] = 1
    missions = {
        "mission": [
            {"id": "m-level-1", "name": "Two small ones", "condition": "defeats_by_level", "level": 1, "target": 2},
            {"id": "m-items", "name": "Use an item", "condition": "items_used", "target": 1},
            {"id": "m-crowd", "name": "Crowd", "condition": "activation_size", "value": 3},
            {"id": "m-decline", "name": "Decline a gift", "condition": "instant_declined"},
        ]
    }
    for name, doc in (
        ("deck.toml", deck),
        ("heroes.toml", heroes),
        ("conflicts.toml", {"card": cards}),
        ("bosses.toml", bosses),
        ("missions.toml", missions),
    ):
        (folder / name).write_text(tomli_w.dumps(doc), encoding="utf-8")
    return folder


def bench_deck(workdir: Path | None = None) -> tuple[Deck, str]:
    """The shipped deck if it loads, else a generated plain deck; with a word saying which."""
    if SHIPPED in shipped_deck_dirs():
        try:
            return load_shipped(SHIPPED), SHIPPED
        except DeckError:
            pass  # a deck being written may not load yet: measure the engine on the plain deck instead
    folder = write_plain_deck((workdir or Path(tempfile.mkdtemp(prefix="twentystrong-bench-"))) / "plain")
    return load_deck(folder), "generated plain deck"


def harmless_deck(workdir: Path) -> tuple[Deck, Path]:
    """A generated plain deck whose enemies deal no damage, and its folder."""
    folder = write_plain_deck(workdir / "harmless", harmless=True, deck_id="bench-harmless")
    return load_deck(folder), folder


def write_arena_deck(folder: Path, *, deck_id: str = "bench-arena") -> Path:
    """Write a Hoplomachus Victorum deck's TOML files into ``folder`` (created) and return it."""
    folder.mkdir(parents=True, exist_ok=True)
    deck = {"deck": {"id": deck_id, "title": "Benchmark arena", "ruleset": VICTORUM}}
    heal = {"kind": "instant", "effects": [{"kind": "heal", "amount": 1}]}
    camps: list[dict[str, Any]] = []
    for i in range(1, 55):
        kind = ("bloodshed", "sport", "bloodshed", "opportunity", "sport", "bloodshed")[i % 6]
        card: dict[str, Any] = {"id": f"a{i:02d}", "name": f"Arena card {i}", "kind": kind, "influence": i % 3 == 0}
        if kind == "opportunity":
            conditions = ("defeats", "spectates", "dice_recruited", "damage_taken_rounds", "items_used")
            card["condition"] = {"kind": conditions[i % len(conditions)], "target": 1 + i % 2}
            card["reward"] = heal if i % 2 else {"kind": "ongoing", "effects": [{"kind": "extra_recovery"}]}
        else:
            card.update(health=1 + i % 4, damage=1 if i % 5 else 0, additional=1 if i % 7 == 2 else 0)
            if i % 2:
                card["reward"] = heal if kind == "bloodshed" else {"kind": "instant", "effects": [{"kind": "recruit"}]}
            if i % 11 == 4:
                card["effects"] = [{"kind": "weaken", "timing": "special", "trigger": "on_activate"}]
        camps.append(card)
    banes: list[dict[str, Any]] = [
        {"kind": "banish_strongest_pool_die"},
        {"kind": "weaken"},
        {"kind": "lose_health", "amount": 1},
        {"kind": "exhaust_pool_dice", "count": 1},
    ]
    heroes = [
        {
            "id": f"gladiator-{n}",
            "name": f"Gladiator {n}",
            "health": 6,
            "strategy": 3,
            "recovery": 2 + n % 2,
            "primus": {
                "id": f"primus-{n}",
                "name": f"Primus {n}",
                "health": 5 + n % 3,
                "damage": 1,
                "additional": n % 2,
                "bane": [banes[n % len(banes)]],
            },
        }
        for n in range(1, 9)
    ]
    penalties: list[dict[str, Any]] = [
        {"kind": "lose_health", "amount": 1},
        {"kind": "exhaust_pool_dice", "count": 1},
        {"kind": "dismiss"},
    ]
    scions = [
        {
            "id": f"scion-{n}",
            "name": f"Scion {n}",
            "spectate": [penalties[n % len(penalties)]],
            "health": 8 + n % 4,
            "damage": 1 + n % 2,
            "additional": 1,
            "rules": [{"kind": "influence_scaling", "grows": "health", "per": 2}],
        }
        for n in range(1, 10)
    ]
    tactic_effects: list[dict[str, Any]] = [
        {"kind": "recruit", "count": 2},
        {"kind": "strengthen"},
        {"kind": "heal", "amount": 2},
        {"kind": "gain_tactic"},
        {"kind": "recover", "count": 1},
        {"kind": "move_to_camp"},
        {"kind": "feed_influence"},
        {"kind": "heal", "amount": 1},
    ]
    tactics = [{"id": f"tactic-{n}", "name": f"Tactic {n}", "effects": [e]} for n, e in enumerate(tactic_effects, 1)]
    for name, doc in (
        ("deck.toml", deck),
        ("heroes.toml", {"hero": heroes}),
        ("camps.toml", {"camp": camps}),
        ("scions.toml", {"scion": scions}),
        ("tactics.toml", {"tactic": tactics}),
    ):
        (folder / name).write_text(tomli_w.dumps(doc), encoding="utf-8")
    return folder


def arena_deck(workdir: Path | None = None) -> tuple[Deck, str]:
    """The shipped Hoplomachus Victorum deck if it loads, else a generated arena deck; with a word saying which."""
    if VICTORUM in shipped_deck_dirs():
        try:
            return load_shipped(VICTORUM), VICTORUM
        except DeckError:
            pass
    folder = write_arena_deck((workdir or Path(tempfile.mkdtemp(prefix="twentystrong-bench-"))) / "arena")
    return load_deck(folder), "generated arena deck"
