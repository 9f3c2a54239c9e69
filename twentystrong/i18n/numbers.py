"""Numbers and percentages as the language spoken writes them: ``4.2`` and ``90%`` in English, ``4,2`` and
``90 %`` in German and French (a decimal comma; a no-break space before the percent sign, so ``90`` and ``%`` never
part at the end of a line).

A tiny function keyed on the language rather than Babel's ``format_decimal`` / ``format_percent``: Babel is a tool of
the developers, not imported by the game (``i18n/__init__.py``), and the game writes only plain numbers (no thousands
to group). English reads byte for byte as Python's own ``format`` writes it.
"""

from __future__ import annotations

from twentystrong.i18n import language

__all__ = ["NO_BREAK_SPACE", "decimal", "localise", "percent_sign", "ratio"]

NO_BREAK_SPACE = "\u00a0"
"""Before the percent sign in German (DIN 5008) and French (the Imprimerie nationale's espace insécable; its thinner
U+202F is missing from many terminal fonts, so the plain no-break space is used)."""

_COMMA = frozenset({"de", "fr"})
"""The languages that write a decimal comma and a space before ``%``."""


def localise(text: str) -> str:
    """A number Python wrote (``4.2``, ``+1.5``, ``90%``, ``12.50%``) as the language spoken writes it."""
    if language() not in _COMMA:
        return text
    text = text.replace(".", ",")
    if text.endswith("%") and not text.endswith(NO_BREAK_SPACE + "%"):
        text = text[:-1] + NO_BREAK_SPACE + "%"
    return text


def decimal(value: float, digits: int = 1, *, sign: bool = False, width: int = 0) -> str:
    """``value`` with ``digits`` after the decimal point (``sign``: always a sign, ``+1.5``), right-aligned in
    ``width`` characters: ``decimal(4.25)`` → ``4.2`` in English, ``4,2`` in German."""
    spec = f"{'+' if sign else ''}{width or ''}.{digits}f"
    return localise(format(value, spec))


def ratio(value: float, digits: int = 0, *, width: int = 0) -> str:
    """A share (0.9) as a percentage: ``90%`` in English, ``90 %`` in German and French (``digits`` after the
    point), right-aligned in ``width`` characters."""
    return localise(format(value, f".{digits}%")).rjust(width)


def percent_sign(number: str) -> str:
    """A percentage already written as a number (``63``, ``<1``, ``99.99``) with its percent sign, in the language
    spoken: ``63%`` or ``63 %``."""
    return localise(number + "%")
