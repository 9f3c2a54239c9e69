"""First-game hints: one line the first time each kind of step comes up (the table shows them while the profile's
``hints`` setting is on; a new profile has it on, the setup screen and the command palette turn it off).

Keyed by ``awaiting(state)["kind"]``: a kind without a hint shows none.
"""

from __future__ import annotations

from twentystrong.i18n import N_, _

HINTS: dict[str, str] = {
    "discard_mission": N_("Missions are done left to right, one at a time; discard the one you like least."),
    "rank_penalty": N_("Each rank above 1 costs a die: banish one for good, or exhaust three (they can be recovered)."),
    "activate": N_(
        "Each round starts here: a stack's top card becomes an active enemy. A card marked ! must be chosen "
        "first; +N brings N more enemies."
    ),
    "commit": N_(
        "Commit dice from your pool (click them or type an id: b3), then Enter rolls. Purple and red hit most often."
    ),
    "faces": N_("Roll your physical dice, then enter each face: select a die, then m (miss), h (hit) or k (crit)."),
    "apply": N_(
        "Select a rolled hit, then a card (▶ marks where it can go). r rolls the rest again in a new phase; "
        "Enter resolves."
    ),
    "instant_reward": N_(
        "A defeated enemy's instant reward (★) is taken now or never: its button takes it (Enter too, unless it would"
        " do nothing), x declines."
    ),
    "order_after_effects": N_("After effects happen now: choose which resolves next (an item can be used before)."),
    "recover": N_(
        "Your committed dice are exhausted. Recover up to your Recovery of them to the pool; the rest stay out."
    ),
    "gain_items": N_(
        "Enemies you defeated with a ◆ single-use or ◈ ongoing reward can join your inventory (up to your Strategy)."
    ),
    "stack_discard": N_(
        "Each round ends by discarding one stack's top card: thin out the stack you would rather not meet."
    ),
    "endgame_choice": N_(
        "A stack is empty: you may start the endgame now (the boss and its entourage come out) or keep "
        "playing the other stacks."
    ),
    "reroll_hit": N_("A rule makes you roll some hits again: pick which ones (the misses stay as they are)."),
    "choose_die": N_("An effect asks for a die: the ones it can take are marked."),
    "choose_card": N_("An effect asks for a card: ▶ marks the ones it can take."),
    "choose_stack": N_("An effect asks for a stack: ▶ marks the ones it can take."),
    "choose_option": N_("An effect offers a choice: pick one in the list."),
    "item_limit": N_("You hold more items than your Strategy allows: use or discard items until they fit."),
}
"""One line per kind of step, said the first time it comes up."""


def hint_for(kind: str) -> str | None:
    """The hint for a kind of step, or None."""
    hint = HINTS.get(kind)
    return _(hint) if hint is not None else None
