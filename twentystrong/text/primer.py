"""A rules primer a newcomer can read inside the game (the help screen shows it under the keys).

Short sections, each a title and a few lines: how a round goes, the dice, what the symbols on the table mean, and
the game's keywords. Each deck's kit writes its own (its kit's ``primer``); the dice section is everyone's. The dice
figures come from the engine's own faces table (rules.md "Components"), so the primer cannot drift from the rules
the engine enforces.
"""

from __future__ import annotations

from dataclasses import dataclass

from twentystrong.content.effects import COLORS
from twentystrong.engine.dice import COUNT, FACES, LETTER, SYMBOL
from twentystrong.engine.effects.words import color_word
from twentystrong.i18n import _, ngettext


@dataclass(frozen=True, slots=True)
class PrimerSection:
    """One section of the primer: a title and its lines (each line a paragraph or a ``term — meaning`` pair)."""

    title: str
    lines: tuple[tuple[str, str], ...]
    """(term, text): a term in bold before its meaning, or ``""`` for a plain paragraph."""


def dice_lines() -> tuple[tuple[str, str], ...]:
    """One line per colour: ``Y yellow ×4 — 2 of 6 faces hit (1 of them a crit), 4 miss``."""
    out = []
    for color in COLORS:
        faces = FACES[color]
        hits = sum(1 for f in faces if f != "miss")
        crits = faces.count("crit")
        misses = faces.count("miss")
        term = f"{LETTER[color]} {color_word(color)} ×{COUNT[color]}"
        of_them = ngettext("{n} of them a crit", "{n} of them a crit", crits).format(n=crits)
        text = ngettext(
            "{hits} of 6 faces hit ({of_them}), {n} miss", "{hits} of 6 faces hit ({of_them}), {n} miss", misses
        ).format(hits=hits, of_them=of_them, n=misses)
        out.append((term, text))
    return tuple(out)


def primer(ruleset: str) -> tuple[PrimerSection, ...]:
    """The whole primer of a deck's rules, in reading order: its kit's (:attr:`~twentystrong.kits.kit.DeckKit.primer`),
    or the general sections only for a ruleset without one."""
    from twentystrong.kits import KitError, kit, resolve

    try:
        target = kit(ruleset).primer
    except KitError:
        target = None
    if target is None:
        return (dice_section(),)
    sections: tuple[PrimerSection, ...] = resolve(target)()
    return sections


def dice_section() -> PrimerSection:
    """The dice: each colour's faces, and what a face deals."""
    miss, hit, crit, unrolled = SYMBOL["miss"], SYMBOL["hit"], SYMBOL["crit"], SYMBOL[None]
    return PrimerSection(
        _("The dice"),
        (
            *dice_lines(),
            (
                _("Faces"),
                _(
                    "a basic hit {hit} deals 1 damage, a crit {crit} deals 2, a miss {miss} nothing "
                    "({unrolled}: not rolled). B3{crit} is blue die 3 showing a crit."
                ).format(hit=hit, crit=crit, miss=miss, unrolled=unrolled),
            ),
        ),
    )
