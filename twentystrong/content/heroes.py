"""The heroes a deck can be played with: its own, plus the universal heroes of other decks.

A hero marked ``universal = true`` may be played with any deck whose ruleset accepts universal heroes
(:data:`ACCEPTS_UNIVERSAL`; the Hoplomachus Victorum setup says "choose one … or a universal hero").

A setup names a hero by reference (``SetupOptions.hero_id``):

- ``"<hero-id>"`` — one of the deck's own heroes;
- ``"<deck-id>/<hero-id>"`` — a universal hero of another deck (a *foreign* hero).

The engine looks heroes up in the deck it plays, so a game with a foreign hero plays a copy of its deck that also
holds that hero under its reference (:func:`with_hero`; ``initial_state`` does it for shipped decks). The hero's
stats and ability come from its own deck; everything else (cards, bosses, missions, rules) from the played deck.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from twentystrong.content.loader import load_shipped
from twentystrong.content.model import Deck, Hero
from twentystrong.content.registry import shipped_deck_dirs

SEPARATOR = "/"
"""Between the deck id and the hero id of a foreign hero reference."""
ALSO = ":"
"""Also accepted from the command line between the deck id and the hero id (``--hero solar-sentinels:corona``)."""


def hero_ref(text: str) -> str:
    """A hero reference as the command line gives it: ``<hero-id>``, or a universal hero of another deck as
    ``<deck-id>/<hero-id>`` or ``<deck-id>:<hero-id>`` (both name the same hero; the game keeps the first form)."""
    return text.replace(ALSO, SEPARATOR, 1) if ALSO in text and SEPARATOR not in text else text


ACCEPTS_UNIVERSAL: dict[str, bool] = {"solar-sentinels": True, "hoplomachus-victorum": True}
"""Whether a ruleset lets a deck be played with universal heroes of other decks."""

CHOSEN_IN_GAME: frozenset[str] = frozenset({"hoplomachus-victorum"})
"""Rulesets whose setup draws the heroes and lets the player choose one of them, or a universal hero of another deck,
in the game itself (Hoplomachus Victorum, HV1): their decks are played with every universal hero of the other
decks added (:func:`with_universal_heroes`), and a setup may leave the hero to that choice (an empty
``SetupOptions.hero_id``)."""


@dataclass(frozen=True, slots=True)
class HeroChoice:
    """A hero offered for a deck, with the reference a setup uses for it."""

    ref: str
    """What ``SetupOptions.hero_id`` holds: the hero id, or ``<deck-id>/<hero-id>`` for a foreign hero."""
    deck_id: str
    """The deck the hero comes from."""
    hero: Hero
    """The hero itself."""

    @property
    def foreign(self) -> bool:
        """Whether the hero comes from another deck."""
        return SEPARATOR in self.ref


def heroes_for(deck: Deck, all_decks: Iterable[Deck]) -> list[HeroChoice]:
    """The deck's own heroes, then the universal heroes of the other decks (by deck id, then in deck order)."""
    out = [HeroChoice(h.id, deck.id, h) for h in deck.heroes]
    if not ACCEPTS_UNIVERSAL.get(deck.info.ruleset, False):
        return out
    for other in sorted(all_decks, key=lambda d: d.id):
        if other.id == deck.id:
            continue
        out += [HeroChoice(f"{other.id}{SEPARATOR}{h.id}", other.id, h) for h in other.heroes if h.universal]
    return out


def shipped_heroes_for(deck: Deck) -> list[HeroChoice]:
    """:func:`heroes_for` against the shipped decks (what a setup screen offers)."""
    return heroes_for(deck, [deck, *(d for d in _shipped() if d.id != deck.id)])


def find_hero(deck: Deck, ref: str, all_decks: Iterable[Deck]) -> HeroChoice:
    """The hero a reference names for this deck; ``ValueError`` with a readable message if it cannot be played."""
    for choice in heroes_for(deck, all_decks):
        if choice.ref == ref:
            return choice
    deck_id, _, hero_id = ref.partition(SEPARATOR)
    if not hero_id:
        raise ValueError(f"deck {deck.id!r} has no hero {ref!r}")
    if deck_id == deck.id:  # the deck's own hero, named the long way
        own = next((h for h in deck.heroes if h.id == hero_id), None)
        if own is None:
            raise ValueError(f"deck {deck.id!r} has no hero {hero_id!r}")
        return HeroChoice(ref, deck.id, own)
    others = {d.id: d for d in all_decks}
    if deck_id not in others:
        raise ValueError(f"hero {ref!r}: there is no deck {deck_id!r}")
    hero = next((h for h in others[deck_id].heroes if h.id == hero_id), None)
    if hero is None:
        raise ValueError(f"hero {ref!r}: deck {deck_id!r} has no hero {hero_id!r}")
    if not hero.universal:
        raise ValueError(f"hero {ref!r} is not universal: it can only be played with its own deck {deck_id!r}")
    raise ValueError(f"the {deck.info.ruleset} rules of deck {deck.id!r} do not accept universal heroes")


def with_hero(deck: Deck, ref: str, all_decks: Iterable[Deck] | None = None) -> Deck:
    """The deck to play with hero ``ref``: the deck itself for its own hero, else a copy that also holds the
    foreign hero under its reference. ``all_decks`` defaults to the shipped decks. ``ValueError`` if the hero
    cannot be played with this deck."""
    if SEPARATOR not in ref:
        return deck
    if any(h.id == ref for h in deck.heroes):
        return deck  # already added
    if all_decks is None:  # the same copy for every game of this deck (see with_universal_heroes)
        return deck.kept(f"with hero {ref}", lambda d: _with_hero(d, ref, _shipped()))
    return _with_hero(deck, ref, all_decks)


def _with_hero(deck: Deck, ref: str, all_decks: Iterable[Deck]) -> Deck:
    choice = find_hero(deck, ref, all_decks)
    # Hero ids are plain slugs; the reference is not, so the copy is made without re-validating the id. A Victorum
    # hero's Primus side stays with its own deck (HV1): the copy is the hero side only.
    hero = choice.hero.model_copy(update={"id": ref, "primus": None})
    return deck.model_copy(update={"heroes": [*deck.heroes, hero]})


def with_universal_heroes(deck: Deck, all_decks: Iterable[Deck] | None = None) -> Deck:
    """The deck with every universal hero added under its reference, for a setup that offers them in the game
    (:data:`CHOSEN_IN_GAME`): those of the other decks (``all_decks``, by default the shipped ones), and the deck's
    own (HV1: a universal hero of any deck may be played in place of a drawn one). A copy is the hero side only: a
    Primus side stays with its own deck's card. The deck itself when there are none to add.

    Against the shipped decks the copy is made once and kept with the deck (``Deck.kept``): every game of a loaded
    deck plays the same deck object, so the engine's memos keyed on the deck (``functools.lru_cache``, by value)
    find it at once, with no deck compared field by field nor hashed anew."""
    if all_decks is None:
        return deck.kept("with universal heroes", lambda d: _with_universal_heroes(d, _shipped()))
    return _with_universal_heroes(deck, all_decks)


def _with_universal_heroes(deck: Deck, all_decks: Iterable[Deck]) -> Deck:
    held = {h.id for h in deck.heroes}
    foreign = [
        choice.hero.model_copy(update={"id": choice.ref, "primus": None})
        for choice in heroes_for(deck, all_decks)
        if choice.foreign and choice.ref not in held
    ]
    own = [
        h.model_copy(update={"id": ref, "primus": None})
        for h in deck.heroes
        if h.universal and SEPARATOR not in h.id and (ref := f"{deck.id}{SEPARATOR}{h.id}") not in held
    ]
    added = [*foreign, *own]
    return deck.model_copy(update={"heroes": [*deck.heroes, *added]}) if added else deck


def default_hero(deck: Deck) -> str:
    """The hero a setup plays when none is named: the deck's first, or none (the empty reference) for a deck whose
    hero is chosen in the game (:data:`CHOSEN_IN_GAME`)."""
    if deck.info.ruleset in CHOSEN_IN_GAME or not deck.heroes:
        return ""
    return deck.heroes[0].id


def universal_refs(deck: Deck) -> list[str]:
    """The universal heroes a deck holds under a reference (added by :func:`with_hero` or
    :func:`with_universal_heroes`): other decks', and its own named the long way."""
    return [h.id for h in deck.heroes if SEPARATOR in h.id]


def _shipped() -> list[Deck]:
    return [load_shipped(deck_id) for deck_id in shipped_deck_dirs()]
