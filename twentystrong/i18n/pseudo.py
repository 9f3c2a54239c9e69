"""The pseudo-locale ``qps``, for tests only: every message ~40% longer, accented, between ``«`` and ``»``.

A layout that cuts a message shows it: its closing ``»`` is missing on the screen. The ``{placeholders}`` and any
``[markup]`` are left as they are (the text still formats), and so is a plural's choice of form (English's rule).
A player never sees it: :data:`~twentystrong.i18n.LANGUAGES` does not list it, ``set_language("qps")`` speaks it.
"""

from __future__ import annotations

import gettext
import math
import re

CODE = "qps"
OPEN, CLOSE = "«", "»"
GROWTH = 0.4
_ACCENTS = str.maketrans("aeiouycnsrzlAEIOUYCNSRZL", "áéíöüýçñšřžľÁÉÍÖÜÝÇÑŠŘŽĽ")
_KEEP = re.compile(r"(\{[^{}]*\}|\[[^\[\]]*\])")


def pseudo(message: str) -> str:
    """``message`` accented and lengthened by :data:`GROWTH` (at least one ``~``), between ``«`` and ``»``."""
    if not message:
        return message
    parts = _KEEP.split(message)
    text = "".join(part if i % 2 else part.translate(_ACCENTS) for i, part in enumerate(parts))
    visible = len(_KEEP.sub("", message))
    return f"{OPEN}{text}{'~' * max(1, math.ceil(visible * GROWTH) - 2)}{CLOSE}"


class PseudoTranslations(gettext.NullTranslations):
    """English made longer and accented, message by message."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)
