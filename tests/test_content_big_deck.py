"""A generated 500-card deck validates (the speed of ``twentystrong validate`` on it is measured by hand or by
``twentystrong bench``, never asserted in a test).

To measure: ``python tests/test_content_big_deck.py /tmp/big500 && time twentystrong validate /tmp/big500``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from twentystrong.cli.main import main
from twentystrong.content.loader import load_deck

# Effects and rewards in rotation, so the big deck exercises nested tables and the effect union, not just stats.
_EFFECTS = [
    '[[card.effects]]\nkind = "crits_deal_zero"\n',
    '[[card.effects]]\nkind = "cannot_commit_color"\ncolors = ["red", "purple"]\n',
    '[[card.effects]]\nkind = "lose_health_per_miss"\ntiming = "special"\ntrigger = "after_roll"\n',
    '[[card.effects]]\nkind = "roll_test"\ntiming = "after"\ncount = 2\nneed = 1\n'
    '[[card.effects.on_fail]]\nkind = "lose_health"\namount = 1\n',
    "",
]
_REWARDS = [
    '[card.reward]\nkind = "instant"\n[[card.reward.effects]]\nkind = "heal"\namount = 1\n',
    '[card.reward]\nkind = "single_use"\n[[card.reward.effects]]\nkind = "recover"\ncount = 2\n',
    '[card.reward]\nkind = "ongoing"\n[[card.reward.effects]]\nkind = "convert_face"\nfrom_face = "miss"\n'
    'to_face = "hit"\nonce_per_round = true\n',
]


def write_big_deck(folder: Path, cards: int = 500) -> Path:
    """Write a valid Solar Sentinels deck with ``cards`` conflict cards (in several files) into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deck.toml").write_text(
        f'[deck]\nid = "big{cards}"\ntitle = "Big deck"\nruleset = "solar-sentinels"\n', encoding="utf-8"
    )
    (folder / "heroes.toml").write_text(
        '[[hero]]\nid = "h1"\nname = "Hero"\nhealth = 6\nstrategy = 3\nrecovery = 3\n', encoding="utf-8"
    )
    (folder / "bosses.toml").write_text(
        '[[boss]]\nid = "boss"\nname = "Boss"\nhealth = 10\ndamage = 2\nentourage = 2\n', encoding="utf-8"
    )
    per_file = 100
    for start in range(0, cards, per_file):
        text = "".join(_card(n) for n in range(start, min(start + per_file, cards)))
        (folder / f"conflicts-{start // per_file:02d}.toml").write_text(text, encoding="utf-8")
    return folder


def _card(n: int) -> str:
    level = 1 + n % 2
    return (
        f'[[card]]\nid = "card-{n:04d}"\nname = "Card {n}"\nlevel = {level}\nhealth = {1 + n % 8}\n'
        f"damage = {n % 4}\nadditional = {n % 3 // 2}\nmandatory = {str(n % 10 == 0).lower()}\n"
        f'flavour = "Number {n}."\n' + _EFFECTS[n % len(_EFFECTS)] + _REWARDS[n % len(_REWARDS)] + "\n"
    )


def test_generated_500_card_deck_is_valid(tmp_path: Path) -> None:
    deck = load_deck(write_big_deck(tmp_path / "big500"))
    assert len(deck.cards) == 500
    assert sum(bool(c.effects) for c in deck.cards) == 400
    assert all(c.reward is not None for c in deck.cards)


def test_validate_command_accepts_it(tmp_path: Path) -> None:
    assert main(["validate", str(write_big_deck(tmp_path / "big500"))]) == 0


if __name__ == "__main__":
    print(write_big_deck(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/big500")))
