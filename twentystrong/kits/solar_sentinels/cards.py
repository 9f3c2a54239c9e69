"""Solar Sentinels' own pieces in plain words: its missions (the card browser, the command line, the prompt)."""

from __future__ import annotations

from twentystrong.content.model import Deck
from twentystrong.i18n import LazyText, _, lazy_gettext, ngettext
from twentystrong.kits.solar_sentinels.content import Mission, mission_by_id, missions_of
from twentystrong.text.cards import CardText, DeckCards, TextLine, stat_label
from twentystrong.text.words import sentence


def mission_goal(mission: Mission) -> str:
    """What the mission asks, in one sentence (its ``text`` when the author wrote one)."""
    if mission.text:
        return sentence(mission.text)
    n, v, level = mission.target, mission.value, mission.level
    condition = mission.condition
    if condition == "damage_taken_rounds":
        goal = ngettext("Suffer damage in {n} round.", "Suffer damage in {n} rounds.", n)
    elif condition == "defeats_by_level":
        goal = ngettext("Defeat {n} level {level} enemy.", "Defeat {n} level {level} enemies.", n)
    elif condition == "items_used":
        goal = ngettext("Use {n} item.", "Use {n} items.", n)
    elif condition == "instant_declined":
        goal = ngettext("Decline {n} instant reward.", "Decline {n} instant rewards.", n)
    elif condition == "extra_stack_discards":
        goal = ngettext(
            "Discard a stack's top card by an effect {n} time.", "Discard a stack's top card by an effect {n} times.", n
        )
    elif condition == "unapplied_crits_exhausted":
        goal = ngettext(
            "Exhaust {n} rolled crit that you did not apply.", "Exhaust {n} rolled crits that you did not apply.", n
        )
    elif condition == "end_round_health_exactly":
        goal = ngettext("End {n} round with exactly {v} Health.", "End {n} rounds with exactly {v} Health.", n)
    elif condition == "colors_on_one_enemy":
        goal = ngettext(
            "Apply dice of {v} different colours to one enemy.",
            "Apply dice of {v} different colours to one enemy ({n} times).",
            n,
        )
    elif condition == "commit_all_pool_colors":
        goal = ngettext(
            "Commit every pool die of {v} colours at once.",
            "Commit every pool die of {v} colours at once ({n} times).",
            n,
        )
    elif condition == "activation_size":
        goal = ngettext(
            "Activate {v} or more enemies in one round.", "Activate {v} or more enemies in one round ({n} times).", n
        )
    elif condition == "stack_mandatory_rounds":
        goal = ngettext(
            "Treat a stack of your choice as mandatory for {n} round.",
            "Treat a stack of your choice as mandatory for {n} rounds.",
            n,
        )
    else:
        times = "" if n == 1 else f" ({n} times)"
        return sentence(f"{condition.replace('_', ' ')}{times}")
    return goal.format(n=n, v=v, level=level)


def describe_mission(mission: Mission) -> CardText:
    """A mission: its goal, target and whether it may be forfeited."""
    stats = [(stat_label("target"), str(mission.target))]
    lines = [
        TextLine(_("Goal:"), mission_goal(mission)),
        TextLine(
            _("Forfeit:"),
            _("You may give it up at any time (it still adds an enemy to the entourage).")
            if mission.forfeitable
            else _("It cannot be forfeited."),
        ),
    ]
    kind = str(KINDS["mission"])
    return CardText("mission", mission.id, mission.name, kind, tuple(stats), tuple(lines), mission.flavour)


def pieces(deck: Deck) -> list[CardText]:
    """Its own sections' cards, in file order: the missions."""
    return [describe_mission(m) for m in missions_of(deck)]


def piece(deck: Deck, card_id: str) -> CardText | None:
    """The mission with this id, in words, or None."""
    try:
        return describe_mission(mission_by_id(deck, card_id))
    except KeyError:
        return None


KINDS: dict[str, str | LazyText] = {"mission": lazy_gettext("Mission")}
"""The kinds of its own pieces, by name."""
CARDS = DeckCards(
    pieces=pieces,
    piece=piece,
    kinds=KINDS,
    plurals={"mission": lazy_gettext("Missions")},
    short={"mission": lazy_gettext("mission")},  # the card browser's Kind column (7 cells at most)
)
"""Its cards in words (:attr:`~twentystrong.kits.kit.DeckKit.cards`)."""
