"""The command line's ``--help`` in German and French (issue 29): usage, descriptions, every option's help and
argparse's own words ("usage:", "options", "show this help message and exit", its errors), chosen by ``--lang`` or
the environment; English word for word what argparse and the code always said."""

from __future__ import annotations

import argparse

import pytest

from twentystrong import i18n
from twentystrong.cli.main import SUBCOMMANDS, build_parser, main


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 0
    return capsys.readouterr().out


def _helps(parser: argparse.ArgumentParser) -> dict[tuple[str, str], str]:
    """Every option's help of ``parser`` and of each subcommand's, by (command, option)."""
    found: dict[tuple[str, str], str] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found.update({(name, k[1]): v for k, v in _helps(sub).items()})
        elif action.help and action.help != argparse.SUPPRESS:
            found[("", action.option_strings[0] if action.option_strings else action.dest)] = action.help
    return found


def test_german_help_with_lang(capsys: pytest.CaptureFixture[str]) -> None:
    out = _help(["--lang", "de", "--help"], capsys)
    assert out.startswith("Aufruf: twentystrong ")
    assert "\nOptionen:\n" in out
    assert "diese Hilfe zeigen und beenden" in out
    assert "die Versionsnummer zeigen und beenden" in out
    assert "20 Strong in deinem Terminal." in out
    assert "Deck-Dateien prüfen und jedes Problem melden" in out  # a subcommand's one line
    for english in ("usage:", "options:", "show this help", "version number", "check deck files"):
        assert english not in out


def test_french_play_help_from_the_environment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    i18n.set_language(None)  # the environment is read once per run: read it again, as a new run would
    out = _help(["play", "--help"], capsys)
    assert out.startswith("usage\u00a0: twentystrong play ")
    assert "afficher cette aide et quitter" in out
    assert "jouer dans le terminal, directement dans une partie" in out
    assert "Solar Sentinels\u00a0: jouer avec les missions" in out  # a deck's own option, from its kit
    assert "Hoplomachus Victorum\u00a0: difficulté 0-4" in out
    for english in ("usage:", "show this help", "shipped deck to play", "play with missions", "difficulty 0-4"):
        assert english not in out


def test_english_help_is_argparse_own(capsys: pytest.CaptureFixture[str]) -> None:
    out = _help(["play", "--help"], capsys)
    assert out.startswith("usage: twentystrong play ")
    assert "\noptions:\n  -h, --help" in out
    assert "show this help message and exit" in out
    assert "Solar Sentinels: play with missions (default: no)" in out


@pytest.mark.parametrize("language", ["de", "fr"])
def test_every_option_help_is_translated(language: str) -> None:
    """Each option's help of every subcommand reads differently from its English one (none left untranslated)."""
    english = _helps(build_parser())
    i18n.set_language(language)
    spoken = _helps(build_parser())
    assert spoken.keys() == english.keys()
    assert {name for name, _ in english} >= set(SUBCOMMANDS)
    same = [key for key, words in english.items() if spoken[key] == words]
    assert same == []


@pytest.mark.parametrize(
    ("language", "argv", "words"),
    [
        ("de", ["play", "--dice", "x"], "Argument --dice: ungültige Wahl: 'x' (wähle aus 'virtual', 'physical')"),
        ("fr", ["odds"], "les arguments suivants sont requis\u00a0: --dice"),
        ("de", ["play", "--bogus"], "unbekannte Argumente: --bogus\nSiehe 'twentystrong play --help'."),
    ],
)
def test_argparse_errors_read_in_the_language(
    language: str, argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--lang", language, *argv])
    assert exit_.value.code == 2
    assert words in capsys.readouterr().err


@pytest.mark.parametrize(
    ("language", "argv", "line"),
    [
        ("en", ["odds"], "twentystrong odds: error: the following arguments are required: --dice"),
        ("de", ["odds"], "twentystrong odds: Fehler: diese Argumente fehlen: --dice"),
        ("fr", ["odds"], "twentystrong odds\u00a0: erreur\u00a0: les arguments suivants sont requis\u00a0: --dice"),
        ("de", ["play", "--load", "x.json", "--hero", "corona"], "twentystrong play: Fehler: --load und --hero"),
        ("fr", ["odds", "--dice", "Q9"], "twentystrong odds\u00a0: erreur\u00a0: "),
    ],
)
def test_the_error_prefix_reads_in_the_language(
    language: str, argv: list[str], line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every error line of the command line starts "…: error:" in English, "…: Fehler:" in German, "… : erreur :"
    in French: argparse's errors and the game's own (``odds``'s bad dice, ``play``'s options)."""
    try:
        status = main(["--lang", language, *argv])
    except SystemExit as exit_:
        status = exit_.code
    assert status == 2
    assert line in capsys.readouterr().err
