"""Solar Sentinels' rules primer (the help screen shows it under the keys)."""

from __future__ import annotations

from twentystrong.i18n import _, term
from twentystrong.text.primer import PrimerSection, dice_section


def primer() -> tuple[PrimerSection, ...]:
    """Solar Sentinels (rules.md): stacks, missions, the endgame and its boss."""
    return (
        PrimerSection(
            _("How a round goes"),
            (
                (_("1 Activation"), _("choose a stack: its top card becomes an active enemy (+N cards bring N more).")),
                (
                    _("2 Strategy phase"),
                    _(
                        "commit dice from your pool, roll them, apply hits to enemies. Repeat it (r) up to your "
                        "Strategy per round; unapplied dice are rolled again."
                    ),
                ),
                (
                    _("3 Resolve"),
                    _(
                        "every undefeated enemy deals its damage (the Hero panel shows how much, before you resolve), "
                        "After effects happen, committed dice are exhausted, you recover up to Recovery of them, gain "
                        "the items of enemies you defeated, and discard one stack's top card."
                    ),
                ),
                ("", _("Win by defeating the boss in the endgame; lose when your Health falls below 1.")),
            ),
        ),
        dice_section(),
        PrimerSection(
            _("Symbols on the table"),
            (
                ("L1 ♥3 ⚔2 +1", _("level 1, Health 3, deals 2 damage at Resolve, brings 1 more enemy when activated.")),
                ("♥ 2/5", _("on an active card: damage taken out of its Health (defeated at 5).")),
                ("!", _("a mandatory enemy: while it tops a stack, you must activate it (or another mandatory one).")),
                ("▶", _("what you can choose now: a stack, a card, an item, the hero's ability.")),
                (
                    "★ ◆ ◈",
                    _("rewards: ★ instant (take it when the enemy is defeated), ◆ single-use item, ◈ ongoing item."),
                ),
                ("♥ 5/6 ⚑3 ↻3", _("your Health out of 6, Strategy (items held, phases per round), Recovery.")),
                (term("chip"), _("the mission counter: progress of the current mission.")),
                ("≈", _("in the odds panel: a rule in force changes rolls in a way the odds do not count.")),
            ),
        ),
        PrimerSection(
            _("Keywords"),
            (
                (_("mandatory"), _("must be activated while it tops a stack (!).")),
                ("+N", _("activating this card activates N more, one at a time.")),
                (term("commit"), _("move a die from your pool to the active area, to be rolled.")),
                (
                    term("apply"),
                    _("put a rolled hit or crit on an active card: its damage counts against the card's Health."),
                ),
                (term("exhaust"), _("a used die goes to the exhausted area; it is out until recovered.")),
                (term("recover"), _("bring an exhausted die back to the pool (up to Recovery each round).")),
                (_("banish"), _("remove a die from the game for good.")),
                (
                    _("During / After / Special"),
                    _(
                        "an enemy's effect works while it is undefeated / at Resolve, defeated or not / at its own "
                        "time."
                    ),
                ),
                (term("endgame"), _("once a stack is empty you may start it: the boss and its entourage come out.")),
            ),
        ),
    )
