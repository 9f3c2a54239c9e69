"""A generated Hoplomachus Victorum deck for the benchmarks (``twentystrong bench``) where the shipped one is missing.

The arena deck has the deck's shape (54 camp cards of the three kinds, 9 Scions, 8 Victorum heroes, 8 Tactics) with
its own effect kinds in play (recruit, dismiss, strengthen, weaken, Tactics, Influence scaling, Banes).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tomli_w


def write_deck(folder: Path, *, deck_id: str = "bench-arena") -> Path:
    """Write a Hoplomachus Victorum deck's TOML files into ``folder`` (created) and return it."""
    folder.mkdir(parents=True, exist_ok=True)
    deck = {"deck": {"id": deck_id, "title": "Benchmark arena", "ruleset": "hoplomachus-victorum"}}
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
