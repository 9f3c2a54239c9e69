"""Hoplomachus Victorum's rules primer (the help screen shows it under the keys)."""

from __future__ import annotations

from twentystrong.i18n import _
from twentystrong.text.primer import PrimerSection, dice_section


def primer() -> tuple[PrimerSection, ...]:
    """Hoplomachus Victorum (hoplomachus.md): the pyramid of camps, the Primus, the final fight against the Scion."""
    return (
        PrimerSection(
            _("How you win"),
            (
                (
                    "",
                    _(
                        "Climb Mount Vesuvius, a pyramid of nine camps. Beat every Primus (rival champions waiting "
                        "under camps, ♛); the round after the last one falls is the final fight against the Scion at "
                        "the top and the enemies it draws from the Influence deck. Win by defeating them all; lose "
                        "when your Health falls below 1."
                    ),
                ),
                (_("Bane"), _("when you win a Primus fight, its Bane (a penalty) hits you at the end of that round.")),
            ),
        ),
        PrimerSection(
            _("How a round goes"),
            (
                (
                    _("1 Move"),
                    _(
                        "the first round to a camp of the bottom row, then to a camp next to yours (▶n marks where "
                        "you may go; an empty camp cannot be entered)."
                    ),
                ),
                (
                    _("then act"),
                    _(
                        "activate the camp's top card (an enemy, +N bringing more from camps next to it; or an "
                        "Opportunity to keep), spectate it (suffer the Scion's penalty, discard it, then recover a die "
                        "or gain 1 Health: no fight this round), or fight the Primus waiting there."
                    ),
                ),
                (
                    _("2 Strategy phase"),
                    _(
                        "commit dice from your pool, roll them, apply hits to enemies; repeat it (r) up to your "
                        "Strategy."
                    ),
                ),
                (
                    _("3 Resolve"),
                    _(
                        "undefeated enemies deal their damage; each Bloodshed enemy that hurt you makes you dismiss "
                        "a die; dice are exhausted and you recover up to Recovery of them. Defeated cards with ✧ join "
                        "the Influence deck (the Scion's allies in the final fight); the rest are discarded."
                    ),
                ),
                (
                    _("Primus fights"),
                    _(
                        "last until every enemy in them is defeated: undefeated enemies stay, the dice on them stay "
                        "applied into the next round (stay), and later rounds skip the move."
                    ),
                ),
            ),
        ),
        dice_section(),
        PrimerSection(
            _("Symbols on the pyramid"),
            (
                ("B S O", _("the top card's kind: Bloodshed, Sport (an enemy each), Opportunity (a goal to keep).")),
                ("♥4 ⚔2 +1", _("Health 4, deals 2 damage at Resolve, brings 1 more enemy from a camp next to it.")),
                ("✧", _("the Influence icon: defeated, the card joins the Influence deck.")),
                ("♛", _("a Primus waiting under that camp, with its Health, Damage and +N.")),
                (_("◉ you"), _("the camp you occupy (framed twice); ▶n: a camp you may choose now, by its number.")),
                ("·6", _("how many cards the camp holds.")),
            ),
        ),
        PrimerSection(
            _("Keywords"),
            (
                (
                    _("training grounds"),
                    _("dice you do not have yet: recruit brings the weakest of them to your pool."),
                ),
                (_("recruit / dismiss"), _("a die joins your pool from the training grounds / goes back there.")),
                (_("strengthen / weaken"), _("a die is swapped for one of the next stronger / weaker colour.")),
                (_("Sport"), _("instead of its reward you may recruit a die (n) or take a Tactic (t).")),
                (_("Opportunity"), _("kept as an item; when its goal is met it flips and gives its reward.")),
                (
                    _("Tactic"),
                    _("a single-use item; used, it returns to the Tactics area, where you may take it again."),
                ),
                (
                    _("spectate"),
                    _(
                        "skip a camp's top card at the price of the Scion's penalty, then recover 1 die or gain 1 "
                        "Health (no fight this round)."
                    ),
                ),  # HV18
                (
                    _("commit / apply / exhaust"),
                    _("as in every deck: dice to roll, hits on enemies, used dice set aside."),
                ),
            ),
        ),
    )
