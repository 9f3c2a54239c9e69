"""Argument types shared by several subcommands (each gives argparse a clear message for bad input)."""

from __future__ import annotations

import argparse
from datetime import date
from typing import TYPE_CHECKING

from twentystrong.i18n import _

if TYPE_CHECKING:
    from twentystrong.engine.state import OptionValue


def error_line(prog: str, message: str) -> str:
    """A command line's error, ``twentystrong play: error: …``, in the language spoken (argparse's own too)."""
    return _("{prog}: error: {message}").format(prog=prog, message=message)


def iso_date(text: str) -> date:
    """A ``YYYY-MM-DD`` date."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("the date must be YYYY-MM-DD, not {text}").format(text=repr(text))) from None


def game_number(text: str) -> int:
    """A game's number in the player's record (``12`` or ``#12``)."""
    try:
        value = int(text.lstrip("#"))
    except ValueError:
        words = _("a game number, like 12 (from twentystrong stats), not {text}")
        raise argparse.ArgumentTypeError(words.format(text=repr(text))) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("game numbers start at 1"))
    return value


def add_deck_options(parser: argparse.ArgumentParser) -> None:
    """One flag per setup option the installed decks declare (their kits: :mod:`twentystrong.kits.options`),
    none given by default; an option two decks both declare gets one flag."""
    from twentystrong.kits import all_options

    seen: set[str] = set()
    for kit, option in all_options():
        if option.name in seen:
            continue
        seen.add(option.name)
        words = _("{deck}: {help}").format(deck=kit.name, help=_(option.help))
        if option.kind == "flag":
            parser.add_argument(option.flag, action=argparse.BooleanOptionalAction, default=None, help=words)
        elif option.kind == "range":
            parser.add_argument(
                option.flag,
                metavar=option.metavar or "N",
                type=int,
                choices=range(option.low, option.high + 1),
                help=words,
            )
        elif option.kind == "choice":
            parser.add_argument(option.flag, choices=option.choices, help=words)
        else:
            parser.add_argument(option.flag, metavar=option.metavar or "ID", help=words)


def deck_option_names() -> list[str]:
    """The names of the installed decks' setup options (the ``argparse`` destinations of their flags)."""
    from twentystrong.kits import all_options

    return list(dict.fromkeys(option.name for _, option in all_options()))


def deck_option_values(args: argparse.Namespace) -> dict[str, OptionValue]:
    """The deck options given on the command line, by name."""
    given = {name: getattr(args, name.replace("-", "_"), None) for name in deck_option_names()}
    return {name: value for name, value in given.items() if value is not None}


def needs_problem(values: dict[str, OptionValue]) -> str | None:
    """``--rank 3 needs --missions (…)``: an option given away from its default without the option it needs."""
    from twentystrong.kits import all_options

    for _kit, option in all_options():
        value = values.get(option.name)
        if option.needs and value is not None and value != option.default and not values.get(option.needs):
            words = _("{flag} {value} needs --{needs} ({reason})")
            return words.format(flag=option.flag, value=value, needs=option.needs, reason=option.needs_reason)
    return None
