"""Choosing the language (issue 29): ``--lang`` on every command, the setup screen's choice kept in the profile, a
switch with no restart, and the tests' pseudo-locale. (The environment's variables: tests/test_i18n.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Label

from twentystrong import i18n
from twentystrong.cli.main import main
from twentystrong.i18n import _, term
from twentystrong.i18n.pseudo import CLOSE, OPEN, pseudo
from twentystrong.profile import Profile, load_profile, save_profile, set_language_choice
from twentystrong.tui.app import create_app
from twentystrong.tui.widgets.language import SYSTEM, LanguageSelect, language_options

PLAIN = Path(__file__).resolve().parent / "decks" / "plain"


def test_tests_read_english() -> None:
    """The autouse fixture of conftest.py: no locale variable of the machine reaches a test."""
    assert i18n.language() == "en"
    assert i18n.chosen() is None


@pytest.mark.parametrize("argv", [["--lang", "de", "validate", "/no/such"], ["validate", "/no/such", "--lang=de"]])
def test_lang_anywhere_on_any_command(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    main(argv)
    assert i18n.language() == "de"


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--lang", "it", "validate"], "Unknown language it: choose one of en, de, fr."),
        (["odds", "--lang"], "--lang needs a language: en, de, fr."),
        (["--lang="], "--lang needs a language: en, de, fr."),
    ],
)
def test_a_bad_language_gets_a_clear_message(argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert needle in err
    assert "Traceback" not in err


def test_every_command_lists_lang_in_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["stats", "--help"])
    assert "--lang {en,de,fr}" in capsys.readouterr().out


def test_the_profile_keeps_the_language(tmp_path: Path) -> None:
    path = tmp_path / "profile.toml"
    assert load_profile(path).profile.language is None  # a new profile: the environment's
    set_language_choice("fr", path)
    assert load_profile(path).profile.language == "fr"
    assert 'language = "fr"' in path.read_text(encoding="utf-8")
    set_language_choice(None, path)
    assert load_profile(path).profile.language is None
    assert "language" not in path.read_text(encoding="utf-8")  # older versions read the file unchanged
    path.write_text('format = 1\nlanguage = "tlh"\n', encoding="utf-8")
    loaded = load_profile(path)
    assert loaded.profile == Profile() and loaded.warning is not None and "language must be one of" in loaded.warning


def test_the_profile_language_speaks_unless_lang_chose() -> None:
    save_profile(Profile(language="de"))
    create_app(deck_path=PLAIN)
    assert i18n.language() == "de"
    i18n.set_language("fr")  # --lang fr
    create_app(deck_path=PLAIN)
    assert i18n.language() == "fr"


async def test_the_setup_screen_switches_the_language_at_once() -> None:
    """Choosing Deutsch on the setup screen: the screen reads German from its next frame, the profile keeps it; the
    system's choice gives way to the environment again."""
    app = create_app(deck_path=PLAIN)
    async with app.run_test(size=(100, 40)) as pilot:
        await _settle(pilot)
        select = app.screen.query_one(LanguageSelect)
        assert select.value == SYSTEM
        select.value = "de"
        await _settle(pilot)
        assert i18n.language() == "de"
        assert load_profile().profile.language == "de"
        labels = [str(label.render()) for label in app.screen.query(Label)]
        assert any("Sprache" in text for text in labels), labels
        assert app.screen.query_one(LanguageSelect).value == "de"
        app.screen.query_one(LanguageSelect).value = SYSTEM
        await _settle(pilot)
        assert i18n.chosen() is None and load_profile().profile.language is None


async def _settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def test_the_pseudo_locale_is_longer_accented_and_formats() -> None:
    i18n.set_language("qps")
    assert i18n.language() == "qps" and "qps" not in i18n.LANGUAGES
    text = _("System ({language})").format(language="Deutsch")
    assert text.startswith(OPEN) and text.endswith(CLOSE) and "Deutsch" in text and "Šýšté" in text
    for message in ("Language", "Roll", "Take the reward now"):
        assert len(pseudo(message)) >= 1.4 * len(message)
    assert term("strategy-phase") == pseudo("Strategy phase")


def test_select_lists_every_language_under_its_own_name() -> None:
    names = [prompt for prompt, _value in language_options()]
    assert names[1:] == ["English", "Deutsch", "Français"]
    assert names[0] == "System (English)"
