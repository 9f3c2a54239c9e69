"""The language control of the setup screen: a list of the game's languages, the choice kept in the profile.

Choosing one speaks it at once (the App's :meth:`~twentystrong.tui.app.TwentyStrongApp.switch_language`): every
screen draws its next frame in it, with no restart.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.widgets import Select

from twentystrong import i18n
from twentystrong.i18n import LANGUAGES, _

SYSTEM = "system"
"""The value meaning "the environment's language" (LANGUAGE / LC_ALL / LANG)."""


def language_options() -> list[tuple[str, str]]:
    """Each language under its own name, after the system's (named in the language it gives)."""
    from_environment = LANGUAGES[i18n.language_from_environment()]
    system = _("System ({language})").format(language=from_environment)
    return [(system, SYSTEM), *((name, code) for code, name in LANGUAGES.items())]


class LanguageSelect(Select[str]):
    """The language list (its value: a language code, or :data:`SYSTEM`)."""

    def __init__(self, **kwargs: Any) -> None:
        value = i18n.chosen() or SYSTEM
        super().__init__(language_options(), value=value, allow_blank=False, compact=True, **kwargs)

    @on(Select.Changed)
    def _changed(self, event: Select.Changed) -> None:
        event.stop()
        value = event.value
        code = None if value == SYSTEM or not isinstance(value, str) else value
        if code == i18n.chosen():
            return
        switch = getattr(self.app, "switch_language", None)
        if switch is not None:
            self.app.call_later(switch, code)
