"""A rules primer a newcomer can read inside the game (the help screen shows it under the keys).

Short sections, each a title and a few lines: how a round goes, the dice, what the symbols on the table mean, and
the game's keywords. The dice figures come from the engine's own faces table (rules.md "Components"), so the primer
cannot drift from the rules the engine enforces.
"""

from __future__ import annotations

from dataclasses import dataclass

from twentystrong.content.effects import COLORS
from twentystrong.engine.dice import COUNT, FACES, LETTER, SYMBOL


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
        term = f"{LETTER[color]} {color} ×{COUNT[color]}"
        text = f"{hits} of 6 faces hit ({crits} of them a crit), {misses} miss"
        out.append((term, text))
    return tuple(out)


def primer(ruleset: str = "solar-sentinels") -> tuple[PrimerSection, ...]:
    """The whole primer of a deck's rules, in reading order."""
    if ruleset == "hoplomachus-victorum":
        return victorum_primer()
    return solar_primer()


def dice_section() -> PrimerSection:
    """The dice: each colour's faces, and what a face deals."""
    miss, hit, crit, unrolled = SYMBOL["miss"], SYMBOL["hit"], SYMBOL["crit"], SYMBOL[None]
    return PrimerSection(
        "The dice",
        (
            *dice_lines(),
            (
                "Faces",
                f"a basic hit {hit} deals 1 damage, a crit {crit} deals 2, a miss {miss} nothing "
                f"({unrolled}: not rolled). B3{crit} is blue die 3 showing a crit.",
            ),
        ),
    )


def victorum_primer() -> tuple[PrimerSection, ...]:
    """Hoplomachus Victorum (hoplomachus.md): the pyramid of camps, the Primus, the final fight against the Scion."""
    return (
        PrimerSection(
            "How you win",
            (
                (
                    "",
                    "Climb Mount Vesuvius, a pyramid of nine camps. Beat every Primus (rival champions waiting under "
                    "camps, ♛); the round after the last one falls is the final fight against the Scion at the top "
                    "and the enemies it draws from the Influence deck. Win by defeating them all; lose when your "
                    "Health falls below 1.",
                ),
                ("Bane", "when you win a Primus fight, its Bane (a penalty) hits you at the end of that round."),
            ),
        ),
        PrimerSection(
            "How a round goes",
            (
                (
                    "1 Move",
                    "the first round to a camp of the bottom row, then to a camp next to yours (▶n marks where "
                    "you may go; an empty camp cannot be entered).",
                ),
                (
                    "then act",
                    "activate the camp's top card (an enemy, +N bringing more from camps next to it; or an "
                    "Opportunity to keep), spectate it (suffer the Scion's penalty, discard it, then recover a die "
                    "or gain 1 Health: no fight this round), or fight the Primus waiting there.",
                ),
                (
                    "2 Strategy phase",
                    "commit dice from your pool, roll them, apply hits to enemies; repeat it (r) up to your Strategy.",
                ),
                (
                    "3 Resolve",
                    "undefeated enemies deal their damage; each Bloodshed enemy that hurt you makes you dismiss a "
                    "die; dice are exhausted and you recover up to Recovery of them. Defeated cards with ✧ join the "
                    "Influence deck (the Scion's allies in the final fight); the rest are discarded.",
                ),
                (
                    "Primus fights",
                    "last until every enemy in them is defeated: undefeated enemies stay, the dice on them stay "
                    "applied into the next round (stay), and later rounds skip the move.",
                ),
            ),
        ),
        dice_section(),
        PrimerSection(
            "Symbols on the pyramid",
            (
                ("B S O", "the top card's kind: Bloodshed, Sport (an enemy each), Opportunity (a goal to keep)."),
                ("♥4 ⚔2 +1", "Health 4, deals 2 damage at Resolve, brings 1 more enemy from a camp next to it."),
                ("✧", "the Influence icon: defeated, the card joins the Influence deck."),
                ("♛", "a Primus waiting under that camp, with its Health, Damage and +N."),
                ("◉ you", "the camp you occupy (framed twice); ▶n: a camp you may choose now, by its number."),
                ("·6", "how many cards the camp holds."),
            ),
        ),
        PrimerSection(
            "Keywords",
            (
                ("training grounds", "dice you do not have yet: recruit brings the weakest of them to your pool."),
                ("recruit / dismiss", "a die joins your pool from the training grounds / goes back there."),
                ("strengthen / weaken", "a die is swapped for one of the next stronger / weaker colour."),
                ("Sport", "instead of its reward you may recruit a die (n) or take a Tactic (t)."),
                ("Opportunity", "kept as an item; when its goal is met it flips and gives its reward."),
                ("Tactic", "a single-use item; used, it returns to the Tactics area, where you may take it again."),
                (
                    "spectate",
                    "skip a camp's top card at the price of the Scion's penalty, then recover 1 die or gain 1 Health "
                    "(no fight this round).",
                ),  # HV18
                ("commit / apply / exhaust", "as in every deck: dice to roll, hits on enemies, used dice set aside."),
            ),
        ),
    )


def solar_primer() -> tuple[PrimerSection, ...]:
    """Solar Sentinels (rules.md): stacks, missions, the endgame and its boss."""
    return (
        PrimerSection(
            "How a round goes",
            (
                ("1 Activation", "choose a stack: its top card becomes an active enemy (+N cards bring N more)."),
                (
                    "2 Strategy phase",
                    "commit dice from your pool, roll them, apply hits to enemies. Repeat it (r) up to your "
                    "Strategy per round; unapplied dice are rolled again.",
                ),
                (
                    "3 Resolve",
                    "every undefeated enemy deals its damage (the Hero panel shows how much, before you resolve), "
                    "After effects happen, committed dice are exhausted, you recover up to Recovery of them, gain "
                    "the items of enemies you defeated, and discard one stack's top card.",
                ),
                ("", "Win by defeating the boss in the endgame; lose when your Health falls below 1."),
            ),
        ),
        dice_section(),
        PrimerSection(
            "Symbols on the table",
            (
                ("L1 ♥3 ⚔2 +1", "level 1, Health 3, deals 2 damage at Resolve, brings 1 more enemy when activated."),
                ("♥ 2/5", "on an active card: damage taken out of its Health (defeated at 5)."),
                ("!", "a mandatory enemy: while it tops a stack, you must activate it (or another mandatory one)."),
                ("▶", "what you can choose now: a stack, a card, an item, the hero's ability."),
                (
                    "★ ◆ ◈",
                    "rewards: ★ instant (take it when the enemy is defeated), ◆ single-use item, ◈ ongoing item.",
                ),
                ("♥ 5/6 ⚑3 ↻3", "your Health out of 6, Strategy (items held, phases per round), Recovery."),
                ("chip", "the mission counter: progress of the current mission."),
                ("≈", "in the odds panel: a rule in force changes rolls in a way the odds do not count."),
            ),
        ),
        PrimerSection(
            "Keywords",
            (
                ("mandatory", "must be activated while it tops a stack (!)."),
                ("+N", "activating this card activates N more, one at a time."),
                ("commit", "move a die from your pool to the active area, to be rolled."),
                ("apply", "put a rolled hit or crit on an active card: its damage counts against the card's Health."),
                ("exhaust", "a used die goes to the exhausted area; it is out until recovered."),
                ("recover", "bring an exhausted die back to the pool (up to Recovery each round)."),
                ("banish", "remove a die from the game for good."),
                (
                    "During / After / Special",
                    "an enemy's effect works while it is undefeated / at Resolve, defeated or not / at its own time.",
                ),
                ("endgame", "once a stack is empty you may start it: the boss and its entourage come out."),
            ),
        ),
    )
