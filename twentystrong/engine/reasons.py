"""The engine's own short words kept in a game's events and prompts, in the language spoken when they are shown.

An event's ``reason`` (``banished by Void Siphon``, ``healed 2``) and a prompt's ``purpose`` (``Void Siphon: choose 2
dice from the pool to exhaust``) are data of the game: written once in English when the event happens, saved with
it, and read by rules (``purpose.startswith("up to")``). They stay so; a front end shows them through
:func:`reason_words` and :func:`purpose_words`, which read the English shape and say it in the language spoken now,
with the card's name as the deck names it now (a history saved in one language reads in another). A reason or a
purpose of a shape not known here reads as it was written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import chain
from typing import TYPE_CHECKING

from twentystrong.content.translations import gender_of
from twentystrong.engine.effects.words import (
    DEFEATED,
    DEFEATED_WITH_EVERY_ENEMY,
    card_gender,
    card_name,
    color_word,
    stat_name,
)
from twentystrong.i18n import N_, SOURCE, _, language, ngettext

if TYPE_CHECKING:
    from twentystrong.content.model import Deck

__all__ = ["card_named", "game_reason", "purpose_words", "reason_words"]

_FIXED_REASONS: dict[str, str] = {
    "recovered by effect": N_("recovered by effect"),
    "recovered by a roll": N_("recovered by a roll"),
    "rolled by an effect": N_("rolled by an effect"),
    "also committed by a rule in force": N_("also committed by a rule in force"),
    "rank penalty": N_("rank penalty"),
    "effect": N_("effect"),
    "reroll": N_("reroll"),
    "Health fell below 1": N_("Health fell below 1"),
}
"""Reasons written without a card or a number."""

_STATS = "health|strategy|recovery"


def card_named(said: str, deck: Deck) -> str:
    """A card a reason names: by id (the deck's name now) or by the name it had when written.

    English keeps the words as written, word for word (some effects write the card's id, ``corona changed it``: the
    log has always shown it so)."""
    if language() == SOURCE:
        return said
    named = card_name(deck, said)
    if named != said:
        return named  # an id
    piece = _piece_named(said, deck)
    # The name it had in the language spoken when the event was written.
    return said if piece is None else str(getattr(piece, "name", said))


def _piece_named(said: str, deck: Deck) -> object | None:
    """The card, boss, hero or kit's piece that bears the name ``said`` in some language (None: none does)."""
    kits = [item for items in deck.parts.values() for item in items]  # a kit's own pieces: a Scion, a Tactic …
    # A hero's other side (a Victorum hero's Primus), made only when no piece above bears the name.
    sides = (side() for piece in (*deck.heroes, *kits) if (side := getattr(piece, "as_boss", None)) is not None)
    return next(
        (p for p in chain(deck.cards, deck.bosses, deck.heroes, kits, sides) if p is not None and said in _names(p)),
        None,
    )


def gender_named(said: str, deck: Deck) -> str | None:
    """The grammatical gender of the card :func:`card_named` names, in the language spoken (None: unknown)."""
    if language() == SOURCE:
        return None
    if card_name(deck, said) != said:
        return card_gender(deck, said)  # an id
    piece = _piece_named(said, deck)
    return None if piece is None else gender_of(piece)


def _names(piece: object) -> tuple[str, ...]:
    """A card's name in every language its deck gives it (English first)."""
    words = getattr(piece, "__dict__", {})
    found = [words.get("name")]
    found += [getattr(words.get(code), "name", None) for code in ("de", "fr")]
    return tuple(name for name in found if name)


def _dice(n: str, color: str = "") -> str:
    count = int(n)
    if color:
        return ngettext("{n} {color} die", "{n} {color} dice", count).format(n=count, color=color_word(color, count))
    return ngettext("{n} die", "{n} dice", count).format(n=count)


_REASONS: tuple[tuple[str, Callable[[re.Match[str], Deck], str]], ...] = (
    (
        r"suffered (\d+) damage",
        lambda m, d: ngettext("suffered {n} damage", "suffered {n} damage", int(m[1])).format(n=m[1]),
    ),
    (r"healed (\d+)", lambda m, d: _("healed {n}").format(n=m[1])),
    (r"lost (\d+) Health", lambda m, d: _("lost {n} Health").format(n=m[1])),
    (rf"\+(\d+) ({_STATS})", lambda m, d: _("+{n} {stat}").format(n=m[1], stat=stat_name(m[2]))),
    (rf"-(\d+) ({_STATS})", lambda m, d: _("-{n} {stat}").format(n=m[1], stat=stat_name(m[2]))),
    (
        rf"({_STATS}) set to (\d+)",
        lambda m, d: _("{stat} set to {n}").format(stat=stat_name(m[1]), n=m[2]),
    ),
    (r"holding (.+)", lambda m, d: _("holding {card}").format(card=card_named(m[1], d))),
    (
        r"no longer holding (.+)",
        lambda m, d: _("no longer holding {card}").format(card=card_named(m[1], d)),
    ),
    (
        r"banished by (.+) for (\d+) damage",
        lambda m, d: _("banished by {card} for {n} damage").format(card=card_named(m[1], d), n=m[2]),
    ),
    (r"banished by (.+)", lambda m, d: _("banished by {card}").format(card=card_named(m[1], d))),
    (r"defeated by (.+)", lambda m, d: _("defeated by {card}").format(card=card_named(m[1], d))),
    (r"defeated with (.+)", lambda m, d: _("defeated with {card}").format(card=card_named(m[1], d))),
    (r"exhausted by (.+)", lambda m, d: _("exhausted by {card}").format(card=card_named(m[1], d))),
    (r"paid for (.+)", lambda m, d: _("paid for {card}").format(card=card_named(m[1], d))),
    (r"(.+) changed it", lambda m, d: _("{card} changed it").format(card=card_named(m[1], d))),
    (r"(.+) swapped it", lambda m, d: _("{card} swapped it").format(card=card_named(m[1], d))),
    (r"(.+) turned it", lambda m, d: _("{card} turned it").format(card=card_named(m[1], d))),
    (
        r"(.+): (\d+) × miss",
        lambda m, d: _("{card}: {n} × miss").format(card=card_named(m[1], d), n=m[2]),
    ),
    (
        r"(.+): (\d+) × colour with (\d+)\+ hits",
        lambda m, d: _("{card}: {n} × colour with {need}+ hits").format(card=card_named(m[1], d), n=m[2], need=m[3]),
    ),
)
"""Reasons with a card or a number in them, by their English shape: patterns compiled when first matched (``re``'s
own cache), not when the engine is imported (start-up: issue 28)."""


def reason_words(reason: str, deck: Deck) -> str:
    """An event's reason (``banished by Void Siphon``) in the language spoken now (the deck's ruleset's own words
    first); an unknown one as written."""
    from twentystrong.engine.rulesets import ruleset_for
    from twentystrong.kits import KitError

    try:
        own = ruleset_for(deck.info.ruleset).words.reason(reason, deck)
    except KitError:
        own = None
    if own is not None:
        return own
    fixed = _FIXED_REASONS.get(reason)
    if fixed is not None:
        return _(fixed)
    for pattern, words in _REASONS:
        found = re.fullmatch(pattern, reason)
        if found is not None:
            return words(found, deck)
    return reason


def game_reason(reason: str, deck: Deck) -> str:
    """Why a game ended (``Carapace Titan is defeated``, a reason of a loss) in the language spoken now."""
    found = re.fullmatch(r"(.+) and every enemy with it are defeated", reason)
    if found is not None:
        said = DEFEATED_WITH_EVERY_ENEMY(gender_named(found[1], deck))
        return said.format(card=card_named(found[1], deck))
    found = re.fullmatch(r"(.+) is defeated", reason)
    if found is not None:
        return DEFEATED(gender_named(found[1], deck)).format(card=card_named(found[1], deck))
    return reason_words(reason, deck)


_FIXED_PURPOSES: dict[str, str] = {
    "make a choice": N_("make a choice"),
    "take or decline the instant reward": N_("take or decline the instant reward"),
    "use or discard items down to your Strategy": N_("use or discard items down to your Strategy"),
    "for each miss, choose a hit to roll again": N_("for each miss, choose a hit to roll again"),
    "roll the exhausted dice and enter each face (hits recover)": N_(
        "roll the exhausted dice and enter each face (hits recover)"
    ),
    "choose another enemy it takes down with it": N_("choose another enemy it takes down with it"),
}
"""A prompt's purposes (or the part after its card's name) written without a number; the effects' own ``ask``
words are marked where they are written."""

_PURPOSES: tuple[tuple[str, Callable[[re.Match[str]], str]], ...] = (
    (
        r"choose (\d+) dic?e? from the pool to exhaust",
        lambda m: ngettext(
            "choose {n} die from the pool to exhaust", "choose {n} dice from the pool to exhaust", int(m[1])
        ).format(n=int(m[1])),
    ),
    (
        r"choose (\d+) dic?e? to dismiss to the training grounds",
        lambda m: ngettext(
            "choose {n} die to dismiss to the training grounds",
            "choose {n} dice to dismiss to the training grounds",
            int(m[1]),
        ).format(n=int(m[1])),
    ),
    (
        r"choose (\d+) dic?e? to exhaust as the price",
        lambda m: ngettext(
            "choose {n} die to exhaust as the price", "choose {n} dice to exhaust as the price", int(m[1])
        ).format(n=int(m[1])),
    ),
    (
        r"choose (\d+) dic?e? to banish as the price",
        lambda m: ngettext(
            "choose {n} die to banish as the price", "choose {n} dice to banish as the price", int(m[1])
        ).format(n=int(m[1])),
    ),
    (
        r"roll (\d+) (?:(\w+) )?dic?e? and choose how many show a hit or crit; (\d+) needed",
        lambda m: _("roll {dice} and choose how many show a hit or crit; {need} needed").format(
            dice=_dice(m[1], m[2] or ""), need=m[3]
        ),
    ),
    (
        r"up to (\d+): choose exhausted dice to recover",
        lambda m: _("up to {n}: choose exhausted dice to recover").format(n=m[1]),
    ),
    (
        r"roll (\S+) again and enter the face it shows",
        lambda m: _("roll {die} again and enter the face it shows").format(die=m[1]),
    ),
)
"""Purposes with a number or a die in them, by their English shape (patterns, as :data:`_REASONS`)."""


def purpose_words(purpose: str, deck: Deck, own: Callable[[str, Deck], str | None] | None = None) -> str:
    """A prompt's purpose in the language spoken now: ``Void Siphon: choose 2 dice from the pool to exhaust``.

    ``own``: the ruleset's words for a purpose of its own (``Words.purpose``), asked first. The card's name before
    the colon is said as the deck names it now; a purpose of a shape not known here reads as it was written.
    """
    if own is not None:
        mine = own(purpose, deck)
        if mine is not None:
            return mine
    tail = _tail(purpose)
    if tail is not None:
        return tail
    head, sep, rest = purpose.partition(": ")
    if sep:
        tail = _tail(rest)
        if tail is not None:
            return _("{card}: {purpose}").format(card=card_named(head, deck), purpose=tail)
    return purpose


def _tail(text: str) -> str | None:
    fixed = _FIXED_PURPOSES.get(text)
    if fixed is not None:
        return _(fixed)
    for pattern, words in _PURPOSES:
        found = re.fullmatch(pattern, text)
        if found is not None:
            return words(found)
    said = _(text)  # an effect's ``ask``, marked where it is written
    return said if said != text else None
