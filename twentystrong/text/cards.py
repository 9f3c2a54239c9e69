"""Heroes, conflict cards and bosses in plain words: stats, then each effect under its timing.

A deck's own pieces (the sections its ruleset adds, its own sorts of conflict card, a hero card's other side) are
its kit's words (:attr:`~twentystrong.kits.kit.DeckKit.cards`, a :class:`DeckCards`): this module asks the kit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from twentystrong.content.effects import Effect
from twentystrong.content.model import Boss, ConflictCard, Deck, Hero, Reward
from twentystrong.i18n import LazyText, _, lazy_gettext, ngettext, pgettext
from twentystrong.text.effects import describe_effect, describe_effects, timing_label
from twentystrong.text.words import sentence, stat_name

CardKind = str
"""``hero``, ``card`` or ``boss``; or a kind of piece a ruleset adds (:attr:`DeckCards.kinds`)."""

GENERAL_KINDS: dict[str, str | LazyText] = {
    "hero": lazy_gettext("Hero"),
    "card": lazy_gettext("Conflict card"),
    "boss": lazy_gettext("Boss"),
}
"""The general kinds of card, by name (in the language spoken when shown)."""


@dataclass(frozen=True, slots=True)
class TextLine:
    """One line of a card's text: a heading (``During:``, ``Instant reward:`` …) and what it says."""

    label: str
    text: str
    role: str = ""
    """What the line is, for a front end that shows some lines its own way (never read from the words, which are in
    the language spoken): an effect's timing (``during``, ``after``, ``special``), ``rule`` (a boss's), ``additional``
    (the +N line), ``reward`` (what the reward gives), ``kind`` (what every card of a deck's own kind says), or ""."""
    reward: str = ""
    """The reward kind of a ``reward`` line (``instant``, ``single_use``, ``ongoing``), else ""."""

    def __str__(self) -> str:
        return f"{self.label} {self.text}" if self.label else self.text


@dataclass(frozen=True, slots=True)
class CardText:
    """A card described for a player: what it is, its numbers, its effects with their timing, its flavour."""

    kind: CardKind
    id: str
    name: str
    subtitle: str
    """``Level 1 conflict card · mandatory`` …"""
    stats: tuple[tuple[str, str], ...]
    """``(("Health", "4"), ("Damage", "2"), …)``"""
    lines: tuple[TextLine, ...]
    flavour: str = ""

    def plain(self) -> str:
        """The whole card as plain text, one line each (tests, logs, the command line)."""
        out = [self.name, self.subtitle]
        if self.stats:
            out.append("  ".join(f"{k} {v}" for k, v in self.stats))
        out += [str(line) for line in self.lines]
        if self.flavour:
            out.append(self.flavour)
        return "\n".join(out)


def _no_pieces(deck: Deck) -> list[CardText]:
    return []


def _no_piece(*args: Any) -> CardText | None:
    return None


def _no_lines(hero: Hero) -> list[TextLine]:
    return []


def _no_sort(card: Any) -> str | None:
    return None


def _no_side(hero: Hero) -> str | None:
    return None


@dataclass(frozen=True)
class DeckCards:
    """A ruleset's own pieces in words (its kit's ``cards``): each field has the general answer (none of its own)."""

    pieces: Callable[[Deck], list[CardText]] = _no_pieces
    """Every piece of the sections it adds to a deck, in its order (after the heroes, cards and bosses)."""
    piece: Callable[[Deck, str], CardText | None] = _no_piece
    """One of its pieces by id, or None when the id names none."""
    card: Callable[[Any], CardText | None] = _no_piece
    """A conflict card of a sort of its own, or None for any other card."""
    hero: Callable[[Hero], list[TextLine]] = _no_lines
    """What a hero card carries for its rules beyond the general stats and ability (its other side …)."""
    kinds: Mapping[str, str | LazyText] = field(default_factory=dict)
    """The kinds of its pieces (:attr:`CardText.kind`), by name."""
    sorts: Mapping[str, str | LazyText] = field(default_factory=dict)
    """Its own sorts of conflict card (a card's ``kind``), by name."""
    # k-content
    plurals: Mapping[str, str | LazyText] = field(default_factory=dict)
    """The words for many of each of its kinds and sorts (the card browser's kind filter: ``Missions``)."""
    short: Mapping[str, str | LazyText] = field(default_factory=dict)
    """The card browser's Kind column (7 cells): each kind's and sort's word there, short (``blood``), in the
    language spoken when shown; a kind left out shows its id."""
    sort: Callable[[Any], str | None] = _no_sort
    """The sort of its own a conflict card is (a key of :attr:`sorts`), or None for a general card: the card
    browser lists the card under its sort, without a level."""
    other_side: Callable[[Hero], str | None] = _no_side
    """The id of what a hero card's other side is in play (listed under its hero in the card browser), or None."""
    side_mark: str = ""
    """What marks where a hero card's other side is, when it is in play (the card browser's Where column)."""


def installed_cards() -> Iterator[DeckCards]:
    """The card words of every installed kit that has some (kits in id order)."""
    return _installed()


def _installed() -> Iterator[DeckCards]:
    """The card words of every installed kit that has some."""
    from twentystrong.kits import kits, resolve

    for found in kits().values():
        if found.cards is not None:
            yield resolve(found.cards)


def deck_cards(deck: Deck) -> DeckCards:
    """The card words of a deck's ruleset (none of its own when its kit has none, or it has no kit)."""
    from twentystrong.kits import KitError, kit, resolve

    try:
        target = kit(deck.info.ruleset).cards
    except KitError:
        target = None
    if target is None:
        return DeckCards()
    found: DeckCards = resolve(target)
    return found


class _Names(Mapping[str, str]):
    """Names by key: the general ones, then each installed kit's (``part``: its :attr:`DeckCards.kinds` or
    :attr:`DeckCards.sorts`), each in the language spoken when it is looked up."""

    def __init__(self, general: Mapping[str, str | LazyText], part: str) -> None:
        self._general, self._part = general, part

    def _all(self) -> dict[str, str | LazyText]:
        out = dict(self._general)
        for cards in _installed():
            out.update(getattr(cards, self._part))
        return out

    def __getitem__(self, key: str) -> str:
        return str(self._all()[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


KIND_NAMES: Mapping[str, str] = _Names(GENERAL_KINDS, "kinds")
"""Every kind of card by name: the general ones and the installed rulesets' pieces."""
SORT_NAMES: Mapping[str, str] = _Names({}, "sorts")
"""The rulesets' own sorts of conflict card (a card's ``kind``), by name."""


def describe_card(card: ConflictCard) -> CardText:
    """A conflict card: level, Health, Damage, +N, mandatory, its effects and its reward (a card of a ruleset's own
    sort: in its kit's words)."""
    for cards in _installed():
        own = cards.card(card)
        if own is not None:
            return own
    tags = [_("Level {level} conflict card").format(level=card.level)]
    if card.mandatory:
        tags.append(_("mandatory"))
    if card.reward is not None:
        tags.append(str(REWARD_TAGS[card.reward.kind]))
    stats = [(stat_label("health"), str(card.health)), (stat_label("damage"), str(card.damage))]
    if card.additional:
        stats.append((stat_label("additional"), f"+{card.additional}"))
    lines: list[TextLine] = []
    if card.mandatory:
        lines.append(
            TextLine(_("Mandatory:"), _("While it tops a stack, you must activate it (or another mandatory top card)."))
        )
    if card.additional:
        more = ngettext(
            "When you activate it, activate one more enemy.",
            "When you activate it, activate {n} more enemies.",
            card.additional,
        ).format(n=card.additional)
        lines.append(TextLine(additional_label(card.additional), more, "additional"))
    lines += [TextLine(timing_label(e), describe_effect(e), e.timing) for e in card.effects]
    if not card.effects:
        lines.append(TextLine("", _("No effects.")))
    if card.reward is not None:
        lines += reward_lines(card.reward)
    return CardText("card", card.id, card.name, " · ".join(tags), tuple(stats), tuple(lines), card.flavour)


REWARD_TAGS: dict[str, LazyText] = {
    "instant": lazy_gettext("instant reward"),
    "single_use": lazy_gettext("single-use item"),
    "ongoing": lazy_gettext("ongoing item"),
}
"""Each kind of reward as a card's tag (in the language spoken when shown: ``str()`` or a format string)."""


def additional_label(n: int) -> str:
    """The heading of a card's +N line (``+1:``; French sets a space before the colon: ``+1 :``)."""
    # Translators: the heading of the line saying what a card's +N (additional enemies) does.
    return _("+{n}:").format(n=n)


def stat_label(stat: str) -> str:
    """A number's heading on a card: ``Health``, ``Damage``, ``Additional``, ``Entourage`` … (the rulebooks' terms)."""
    if stat in ("health", "strategy", "recovery"):
        return stat_name(stat)
    labels = {
        "damage": pgettext("card stat", "Damage"),
        "additional": pgettext("card stat", "Additional"),
        "entourage": pgettext("card stat", "Entourage"),
        "target": pgettext("card stat", "Target"),
    }
    return labels.get(stat, stat.capitalize())


def reward_lines(reward: Reward) -> list[TextLine]:
    """A reward under its heading: one line for an instant reward or a single-use item (it does everything
    printed at once), one line per effect for an ongoing item (each may be once per round)."""
    if reward.text:
        return [reward_line(reward, reward.effects[0], sentence(reward.text))]
    if reward.kind == "ongoing":
        return [
            TextLine(timing_label(e, reward.kind), describe_effect(e), "reward", reward.kind) for e in reward.effects
        ]
    return [
        TextLine(
            timing_label(reward.effects[0], reward.kind), describe_effects(list(reward.effects)), "reward", reward.kind
        )
    ]


def reward_line(reward: Reward, effect: Effect, words: str) -> TextLine:
    """A line of what a reward gives, under its kind's heading (``Instant reward:`` …)."""
    return TextLine(timing_label(effect, reward.kind), words, "reward", reward.kind)


REWARD_ICONS: dict[str, str] = {"instant": "★", "single_use": "◆", "ongoing": "◈"}
"""The symbol of each reward kind on the table (the words always come with it: never the symbol alone)."""


def printed_lines(card: ConflictCard | Boss) -> list[TextLine]:
    """What is printed on a card in play, in the order it is read: each effect under its timing (``During:``,
    ``After:``, ``Special (on defeat):``; a boss's rules under ``Rule:``), then the reward under its kind
    (``Instant reward:`` …) with what it gives. The numbers, ``!`` and ``+N`` are shown beside them."""
    if isinstance(card, Boss):
        return [TextLine(rule_label(e), describe_effect(e), "rule") for e in card.rules]
    lines = [TextLine(timing_label(e), describe_effect(e), e.timing) for e in card.effects]
    if card.reward is not None:
        lines += reward_lines(card.reward)
    return lines


def reward_words(reward: Reward) -> str:
    """What a reward gives, in one line: ``Gain 2 Health. Recover 1 die.``"""
    if reward.text:
        return sentence(reward.text)
    return describe_effects(list(reward.effects))


def describe_item(card: ConflictCard) -> CardText:
    """A card held as an item: only what the item does (its enemy side is not in play while it is held, R8)."""
    if card.reward is None or card.reward.kind == "instant":
        return describe_card(card)
    kind = str(REWARD_TAGS[card.reward.kind])
    sort = getattr(card, "kind", None)  # a card of a ruleset's own sort (no level in its rules)
    if sort:
        sort_name = str(SORT_NAMES[sort]) if sort in SORT_NAMES else sort
        # Translators: the origin of an item held from a camp card; {sort} is its kind (Bloodshed, Sport …).
        origin = _("from a {sort} card").format(sort=sort_name)
    else:
        origin = _("from a level {level} conflict card").format(level=card.level)
    subtitle = f"{kind[:1].upper()}{kind[1:]} · {origin}"
    return CardText("card", card.id, card.name, subtitle, (), tuple(reward_lines(card.reward)), card.flavour)


def describe_boss(boss: Boss) -> CardText:
    """A boss: Health, Damage, entourage and its rules."""
    stats = [(stat_label("health"), str(boss.health)), (stat_label("damage"), str(boss.damage))]
    lines: list[TextLine] = []
    if boss.entourage:
        stats.append((stat_label("entourage"), f"+{boss.entourage}"))
        words = ngettext(
            "At the start of the endgame, {n} enemy join it, plus one per unfinished mission.",
            "At the start of the endgame, {n} enemies join it, plus one per unfinished mission.",
            boss.entourage,
        )
        lines.append(TextLine(_("Entourage:"), words.format(n=boss.entourage)))
    lines += [TextLine(rule_label(e), describe_effect(e), "rule") for e in boss.rules]
    if not boss.rules:
        lines.append(TextLine("", _("No special rules: defeat it to win.")))
    return CardText("boss", boss.id, boss.name, str(GENERAL_KINDS["boss"]), tuple(stats), tuple(lines), boss.flavour)


def rule_label(effect: Effect) -> str:
    # A boss rule is in force for the whole fight: "During:" would suggest it stops when the boss falls.
    return _("Rule:") if effect.timing == "during" else timing_label(effect)


def describe_hero(hero: Hero) -> CardText:
    """A hero: starting Health, Strategy and Recovery, and the unique ability."""
    stats = (
        (stat_label("health"), str(hero.health)),
        (stat_label("strategy"), str(hero.strategy)),
        (stat_label("recovery"), str(hero.recovery)),
    )
    tags = [str(GENERAL_KINDS["hero"])]
    if hero.universal:
        tags.append(_("universal"))
    if hero.card and hero.side:
        tags.append(_("card {card}, side {side}").format(card=hero.card, side=hero.side.upper()))
    strategy = ngettext(
        "Hold up to {n} item; run up to {n} Strategy phase per engagement.",
        "Hold up to {n} items; run up to {n} Strategy phases per engagement.",
        hero.strategy,
    )
    recovery = ngettext("Recover up to {n} die each round.", "Recover up to {n} dice each round.", hero.recovery)
    lines: list[TextLine] = [
        TextLine(_("Strategy:"), strategy.format(n=hero.strategy)),
        TextLine(_("Recovery:"), recovery.format(n=hero.recovery)),
    ]
    if hero.ability_text:
        once = any(e.once_per_round for e in hero.ability)
        lines.append(TextLine(_("Ability (once per round):") if once else _("Ability:"), sentence(hero.ability_text)))
    else:
        lines += [TextLine(timing_label(e, hero=True), describe_effect(e)) for e in hero.ability]
    if not hero.ability and not hero.ability_text:
        lines.append(TextLine(_("Ability:"), _("None.")))
    for cards in _installed():
        lines += cards.hero(hero)  # its other side, for a ruleset whose hero cards have one
    return CardText("hero", hero.id, hero.name, " · ".join(tags), stats, tuple(lines), hero.flavour)


def describe_any(deck: Deck, card_id: str) -> CardText:
    """Whatever the id names in the deck: one of its ruleset's own pieces (asked first: a piece may also be held as
    a card), a conflict card, boss or hero (``KeyError`` otherwise)."""
    own = deck_cards(deck).piece(deck, card_id)
    if own is not None:
        return own
    try:
        return describe_card(deck.card(card_id))
    except KeyError:
        pass
    for boss in deck.bosses:
        if boss.id == card_id:
            return describe_boss(boss)
    for hero in deck.heroes:
        if hero.id == card_id:
            return describe_hero(hero)
    raise KeyError(card_id)


def all_cards(deck: Deck) -> list[CardText]:
    """Every card of the deck: heroes, conflict cards, bosses, then its ruleset's own pieces (file order within)."""
    return (
        [describe_hero(h) for h in deck.heroes]
        + [describe_card(c) for c in deck.cards]
        + [describe_boss(b) for b in deck.bosses]
        + deck_cards(deck).pieces(deck)
    )
