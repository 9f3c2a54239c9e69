"""What Hoplomachus Victorum says on the general table about its cards and commands: what an active card is (a camp
card's kind and Influence icon, a Primus or the Scion) and, in the list of choices, what choosing one of its commands
means (a hero to choose, a Tactic, a Primus to place)."""

from __future__ import annotations

from twentystrong.engine.commands import Command
from twentystrong.engine.view import ActiveCard, PlayerView
from twentystrong.i18n import _
from twentystrong.kits.hoplomachus_victorum.cards import CAMP_KIND_NAMES
from twentystrong.kits.hoplomachus_victorum.content import CampCard, primus_by_id, primus_of, tactic_by_id
from twentystrong.text.effects import describe_effects


def card_kind(view: PlayerView, card: ActiveCard) -> str:
    """An active boss: a Primus or the Scion; a camp card: its kind (``Bloodshed``, ``Sport`` …) and the Influence
    icon when it has one."""
    if card.boss:
        return view.table.card_kind(card.id)
    conflict = view.deck.card(card.id)
    if isinstance(conflict, CampCard):
        kind = str(CAMP_KIND_NAMES[conflict.kind])
        return _("{kind} · Influence ✧").format(kind=kind) if conflict.influence else kind
    return ""


def command_detail(view: PlayerView, command: Command) -> str:
    """What the card this deck's command names does: a hero to choose (its stats and ability, the hero set aside for
    a universal one, HV1), a Tactic to keep or gain, a Primus to place (its stats and Bane)."""
    deck = view.deck
    c = command
    if c.hero:
        hero = deck.hero(str(c.hero))
        ability = hero.ability_text or describe_effects(list(hero.ability)) or _("no special ability")
        words = f"♥{hero.health} ⚑{hero.strategy} ↻{hero.recovery} · {ability}"
        if c.aside:
            aside = _("sets {name} aside (out of the game)").format(name=deck.hero(str(c.aside)).name)
            words += f" · {aside}"
        elif str(c.hero) in primus_of(deck):  # a drawn hero not played waits under a camp as this Primus
            primus = primus_by_id(deck, primus_of(deck)[str(c.hero)])
            extra = f" +{primus.additional}" if primus.additional else ""
            stats = f"♥{primus.health} ⚔{primus.damage}{extra}"
            words += " · " + _("else its Primus {stats}").format(stats=stats)
        return words
    if c.tactic:
        tactic = tactic_by_id(deck, str(c.tactic))
        return tactic.text or describe_effects(list(tactic.effects))
    if c.primus:
        primus = primus_by_id(deck, str(c.primus))
        extra = f" +{primus.additional}" if primus.additional else ""
        bane = primus.bane_text or describe_effects(list(primus.bane))
        stats = f"♥{primus.health} ⚔{primus.damage}{extra}"
        return _("{stats} · Bane: {bane}").format(stats=stats, bane=bane)
    return ""
