"""Hoplomachus Victorum's setup options: the difficulty X (HV13) and the Scion (drawn at random unless chosen)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from twentystrong.i18n import N_, _, ngettext
from twentystrong.kits.hoplomachus_victorum.content import primus_side, scions_of
from twentystrong.kits.options import DeckOption

if TYPE_CHECKING:
    from twentystrong.content.model import Deck
    from twentystrong.engine.state import OptionValue, SetupOptions

HEROES_DRAWN = 4
"""Heroes drawn at difficulty 0 (one more per difficulty: hoplomachus.md setup step 6)."""
HERO_DRAW = N_(
    "Your hero is chosen at the table: 4 + difficulty Victorum heroes are drawn; keep one, or play a "
    "universal hero and set one of them aside. Every drawn hero you do not play waits under a camp as a "
    "Primus."
)
"""How the hero is chosen (HV1), for the setup screen (:attr:`~twentystrong.kits.kit.DeckKit.hero_draw`)."""


def _difficulty_words(x: OptionValue) -> str:
    """A difficulty X in a few words (hoplomachus.md setup steps 3, 6 and 8)."""
    n = int(x)
    heroes, primus = HEROES_DRAWN + n, 3 + n
    if n:
        words = ngettext(
            "{n} · {heroes} heroes drawn, {primus} Primus, {tops} camp top to the Influence deck",
            "{n} · {heroes} heroes drawn, {primus} Primus, {tops} camp tops to the Influence deck",
            n + 1,
        )
        return words.format(n=n, heroes=heroes, primus=primus, tops=n + 1)
    return _("{n} · {heroes} heroes drawn, {primus} Primus").format(n=n, heroes=heroes, primus=primus)


def _scions(deck: Deck) -> Sequence[tuple[str, str]]:
    return [(scion.id, f"{scion.name}  ♥{scion.health} ⚔{scion.damage}") for scion in scions_of(deck)]


DIFFICULTY = DeckOption(
    name="difficulty",
    kind="range",
    label=N_("Difficulty"),
    help=N_("difficulty 0-4 (default: 0)"),
    default=0,
    low=0,
    high=4,
    metavar="X",
    words=_difficulty_words,
    tooltip=N_("A win moves you up one, a loss down one (assisted games excepted)."),
    summary=0,
    summary_words=lambda x: _("difficulty {n}").format(n=x),
    level=True,  # HV13
)
SCION = DeckOption(
    name="scion",
    kind="card",
    label=N_("Scion"),
    help=N_("the Scion (default: drawn at random)"),
    metavar="ID",
    cards=_scions,
    noun="Scion",
)
OPTIONS = (DIFFICULTY, SCION)
"""This deck's setup options, in the setup screen's order."""


def check(deck: Deck, options: SetupOptions) -> str | None:
    """What else a setup of this deck needs: a Victorum hero (one with a Primus side) or a universal one, and enough
    Victorum heroes for the draw the difficulty asks."""
    own = next((h for h in deck.heroes if h.id == options.hero_id), None)
    if own is not None and primus_side(own) is None:
        return _("{name} is no Victorum hero (it has no Primus side): it cannot be drawn").format(name=own.name)
    difficulty = DIFFICULTY.number(options)
    drawn = HEROES_DRAWN + difficulty
    victorum = sum(1 for h in deck.heroes if primus_side(h) is not None)
    if victorum < drawn:
        return _("difficulty {n} draws {drawn} Victorum heroes; deck {deck} has {victorum}").format(
            n=difficulty, drawn=drawn, deck=repr(deck.id), victorum=victorum
        )
    return None
