"""A no-break space does not break a line on screen.

French sets a space before ``:`` ``;`` ``?`` ``!`` and German and French one before ``%``; the catalogues write it as a
no-break space (U+00A0) so that ``Santé :`` or ``90 %`` never leaves its colon or its percent sign alone at the start
of the next line. Textual wraps a widget's text with Rich's ``divide_line``, whose words are ``\\s*\\S+\\s*``, and
Python's ``\\s`` matches U+00A0 (and U+202F): left alone, a narrow pane breaks there as at any space ("… sous 1" /
": 13 dégâts subis."). :func:`keep_no_break_spaces` makes a no-break space part of the word it joins, for every
wrap in the process (the text of the game's widgets; only text that holds a no-break space wraps differently).
"""

from __future__ import annotations

import re

NO_BREAK = "\u00a0\u202f\u2007"
"""No-break space, narrow no-break space, figure space: Unicode's spaces that must not break a line."""

WORD = re.compile(rf"[^\S{NO_BREAK}]*(?:\S|[{NO_BREAK}])+[^\S{NO_BREAK}]*")
"""Rich's word (spaces before, the word, spaces after), with the no-break spaces inside the word."""


def keep_no_break_spaces() -> None:
    """Wrap lines at ordinary spaces only (Rich's ``_wrap.re_word``, which Textual's ``Content.wrap`` uses: Textual
    is pinned, and a test checks a wrap of each)."""
    from rich import _wrap

    _wrap.re_word = WORD
