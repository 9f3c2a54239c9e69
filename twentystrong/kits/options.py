"""A deck's own setup options, declared as data (architecture.md contract 9).

Each kit declares its options (:attr:`~twentystrong.kits.kit.DeckKit.options`): one :class:`DeckOption` each, with
its name, kind, default, bounds or choices and its words. From these one declaration the general code builds
everything an option needs: the command line's flags (``play``, ``headless``, ``simulate``), the setup screen's
controls, the checks of a setup, the save's setup record, the record's level and the words that show the setup.
A game's :class:`~twentystrong.engine.state.SetupOptions` holds the values chosen as data (``choices``: name and
value pairs); a ruleset reads its own through :meth:`DeckOption.read`.

Pure Python, light: a kit's ``__init__`` imports this module, and asking for a kit's options loads none of its rules.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from twentystrong.i18n import _

if TYPE_CHECKING:
    from twentystrong.content.model import Deck
    from twentystrong.engine.state import Choices, OptionValue, SetupOptions

Kind = Literal["flag", "range", "choice", "card"]
"""What an option holds: ``flag`` on or off; ``range`` a whole number from ``low`` to ``high``; ``choice`` one of
``choices``; ``card`` the id of one of the deck's cards (``cards`` lists them), or none (the default: drawn)."""


@dataclass(frozen=True)
class DeckOption:
    """One setup option of a deck (its kit declares it)."""

    name: str
    """Its key in the setup, the save and the record; the flag is ``--NAME``."""
    kind: Kind
    label: str
    """The setup screen's row label (one or two words)."""
    help: str
    """What it does, for ``--help`` (marked with ``N_``, said through ``_()``; the kit's name is put before it)."""
    default: OptionValue | None = None
    """The value when none is chosen (``card``: None, drawn at random)."""
    low: int = 0
    high: int = 0
    """``range``: the bounds, both included."""
    choices: tuple[str, ...] = ()
    """``choice``: the values allowed."""
    cards: Callable[[Deck], Sequence[tuple[str, str]]] | None = None
    """``card``: the deck's cards to choose from, as (id, words for the setup screen)."""
    noun: str = ""
    """``card``: what one is called in messages ("Scion")."""
    words: Callable[[Any], str] | None = None
    """A value in the setup screen's list (``range``, ``choice``) or its tick box's words (``flag``, given True)."""
    metavar: str = ""
    """The flag's placeholder in ``--help`` (``R``)."""
    tooltip: str = ""
    """The setup screen control's tooltip."""
    needs: str = ""
    """A ``flag`` option of the same deck that must be on for this one to leave its default."""
    needs_reason: str = ""
    """Why, in words ("ranks come only with missions")."""
    needs_note: str = ""
    """The setup screen's note under this row while ``needs`` is off."""
    shown: str = ""
    """How the value shows on the status line and the game-over screen (``N_("rank {value}")``, said through
    ``_()``; shown only when ``needs`` is on); empty: not shown there."""
    summary: int | None = None
    """Its place in the level ``simulate`` reports (0 first); None: not reported."""
    summary_words: Callable[[Any], str] | None = None
    """How the value reads in ``simulate``'s heading (``rank 1``, ``no missions``)."""
    level: bool = False
    """Whether it is the deck's ladder level (the record's level, and the setup screen's default from it)."""
    available: Callable[[Deck], bool] | None = None
    """Whether a deck can play it (a deck without missions cannot tick Missions); None: every deck."""

    @property
    def flag(self) -> str:
        """The command line's flag."""
        return f"--{self.name}"

    def read(self, options: SetupOptions) -> OptionValue | None:
        """The value chosen in ``options``, else the default."""
        return options.chosen(self.name, self.default)

    def number(self, options: SetupOptions) -> int:
        """A ``range`` option's value."""
        value = self.read(options)
        return value if isinstance(value, int) and not isinstance(value, bool) else int(self.default or 0)

    def on(self, options: SetupOptions) -> bool:
        """A ``flag`` option's value."""
        return bool(self.read(options))

    def card(self, options: SetupOptions) -> str | None:
        """A ``card`` (or ``choice``) option's value: an id, or None."""
        value = self.read(options)
        return value if isinstance(value, str) else None

    def values(self) -> range | tuple[str, ...] | None:
        """The values a ``range`` or ``choice`` option allows (None: any, checked against the deck)."""
        if self.kind == "range":
            return range(self.low, self.high + 1)
        if self.kind == "choice":
            return self.choices
        return None

    def problem(self, value: OptionValue, deck: Deck) -> str | None:
        """Why ``value`` cannot be played with ``deck``, or None."""
        if self.kind == "flag":
            if not isinstance(value, bool):
                return f"{self.name} must be true or false, got {value!r}"
            if value and self.available is not None and not self.available(deck):
                return f"deck {deck.id!r} has no {self.name}"
            return None
        if self.kind == "range":
            if isinstance(value, bool) or not isinstance(value, int) or not self.low <= value <= self.high:
                return f"{self.name} must be {self.low}–{self.high}, got {value}"
            return None
        if self.kind == "choice":
            return None if value in self.choices else f"{self.name} must be one of {', '.join(self.choices)}"
        known = [card_id for card_id, _ in self.cards(deck)] if self.cards is not None else []
        if value not in known:
            return f"deck {deck.id!r} has no {self.noun or self.name} {value!r}; its {self.noun}s: {', '.join(known)}"
        return None


def choose(values: Mapping[str, OptionValue | None] | Iterable[tuple[str, OptionValue | None]]) -> Choices:
    """``SetupOptions.choices`` from option values: in name order, without the ones not given (None)."""
    pairs = values.items() if isinstance(values, Mapping) else values
    return tuple(sorted((name, value) for name, value in pairs if value is not None))


def chosen_for(declared: Sequence[DeckOption], values: Mapping[str, OptionValue | None]) -> Choices:
    """``SetupOptions.choices`` for a deck whose kit declares ``declared``: the values given, those left at their
    default left out (so that the same setup is the same value however it was chosen)."""
    defaults = {o.name: o.default for o in declared}
    return choose({k: v for k, v in values.items() if k not in defaults or v != defaults[k]})


def foreign(declared: Sequence[DeckOption], options: SetupOptions) -> list[str]:
    """The names of ``options``' choices that its deck's kit does not declare."""
    own = {o.name for o in declared}
    return [name for name, _ in options.choices if name not in own]


def shown(declared: Sequence[DeckOption], options: SetupOptions) -> list[str]:
    """The words that show a game's options on the status line and the game-over screen."""
    by_name = {o.name: o for o in declared}
    words = []
    for option in declared:
        needed = by_name.get(option.needs)
        if option.shown and (needed is None or needed.on(options)):
            value = option.read(options)
            words.append(_(option.shown).format(value, value=value))  # marked where the kit writes it
    return words


def described(declared: Sequence[DeckOption], options: SetupOptions) -> list[str]:
    """A setup's options in words: each flag that is on by its name, then what :func:`shown` says."""
    return [o.name for o in declared if o.kind == "flag" and o.on(options)] + shown(declared, options)


def summary(declared: Sequence[DeckOption], options: SetupOptions) -> list[tuple[DeckOption, OptionValue | None]]:
    """The options a simulation reports as its level, in their order, with their values."""
    reported = sorted((o for o in declared if o.summary is not None), key=lambda o: o.summary or 0)
    return [(o, o.read(options)) for o in reported]


def again(declared: Sequence[DeckOption], options: SetupOptions, *, over: bool) -> dict[str, OptionValue | None]:
    """The setup screen's defaults for a new game after one played with ``options``: the same choices, but the
    ladder's level None (the setup screen reads where the player stands) after a finished game or while the option
    it needs is off; a card chosen is not carried over."""
    by_name = {o.name: o for o in declared}
    values: dict[str, OptionValue | None] = {}
    for option in declared:
        if option.kind == "card":
            continue
        needed = by_name.get(option.needs)
        off = needed is not None and not needed.on(options)
        values[option.name] = None if option.level and (over or off) else option.read(options)
    return values


def level_option(declared: Sequence[DeckOption]) -> DeckOption | None:
    """The option that is the deck's ladder level, if it has one."""
    return next((o for o in declared if o.level), None)


__all__ = [
    "DeckOption",
    "Kind",
    "again",
    "choose",
    "described",
    "chosen_for",
    "foreign",
    "level_option",
    "shown",
    "summary",
]
