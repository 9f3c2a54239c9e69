"""A generated Solar Sentinels deck for the benchmarks (``twentystrong bench``) where the shipped one is missing.

The plain deck has the general rules' shape (45 conflict cards in three stacks, bosses, heroes, missions) and only
simple rewards, so it measures the engine's core. ``harmless=True`` makes every enemy and boss deal no damage: a
player that never hits the boss then plays for as long as it likes (deep histories, long saves).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tomli_w


def write_deck(folder: Path, *, harmless: bool = False, deck_id: str = "bench-plain") -> Path:
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
