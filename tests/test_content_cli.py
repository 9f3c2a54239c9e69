"""``twentystrong validate``: exit statuses, the printed lines, ``--json``, paths of every kind."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from twentystrong.cli import validate as validate_cli
from twentystrong.cli.main import main

PLAIN = Path(__file__).parent / "decks" / "plain"
CORPUS = Path(__file__).parent / "broken_decks"


def broken_copy(tmp_path: Path, case: str = "health-out-of-range") -> Path:
    deck = tmp_path / "broken"
    shutil.copytree(PLAIN, deck)
    for file in (CORPUS / case).iterdir():
        shutil.copyfile(file, deck / file.name)
    return deck


def test_valid_deck_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(PLAIN)]) == 0
    assert capsys.readouterr().out == f'{PLAIN}: ok (deck "plain", solar-sentinels)\n'


def test_broken_deck_prints_file_line_item_message_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = broken_copy(tmp_path)
    assert main(["validate", str(deck)]) == 1
    out, err = capsys.readouterr()
    assert out == f'{deck / "wasps.toml"}:6 card "ember-wasp": health must be 1–12, got 0\n'
    assert err == "1 problem found\n"


def test_paths_relative_to_the_deck_read_like_the_design_example(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(broken_copy(tmp_path))
    assert main(["validate", "."]) == 1
    assert capsys.readouterr().out == 'wasps.toml:6 card "ember-wasp": health must be 1–12, got 0\n'


def test_json_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = broken_copy(tmp_path)
    assert main(["validate", "--json", str(deck), str(PLAIN)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False
    assert report["findings"] == [
        {
            "file": str(deck / "wasps.toml"),
            "line": 6,
            "item": 'card "ember-wasp"',
            "field": "health",
            "message": "health must be 1–12, got 0",
        }
    ]
    assert [(d["path"], d["ok"]) for d in report["decks"]] == [(str(deck), False), (str(PLAIN), True)]


def test_json_output_when_valid(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "--json", str(PLAIN)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["ok"], report["findings"]) == (True, [])
    assert report["decks"][0]["id"] == "plain"


def test_a_file_in_a_deck_folder_checks_its_whole_deck_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = broken_copy(tmp_path)
    assert main(["validate", str(deck / "wasps.toml"), str(deck / "heroes.toml"), str(deck)]) == 1
    assert capsys.readouterr().out.count("health must be 1–12") == 1


def test_a_standalone_file_is_a_one_file_deck(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A single TOML file is a whole deck: here a Hoplomachus Victorum deck with nothing but its [deck] table, so
    its ruleset's structure checks name what it lacks, at the file's own [deck] line."""
    single = tmp_path / "tiny.toml"
    single.write_text('[deck]\nid = "tiny"\ntitle = "Tiny"\nruleset = "hoplomachus-victorum"\n')
    assert main(["validate", str(single)]) == 1
    out = capsys.readouterr().out.splitlines()
    needs = f'{single}:4 deck "tiny": a hoplomachus-victorum deck needs at least'
    assert out == [
        f"{needs} 54 [[camp]] tables (9 camps of 6), found 0",
        f"{needs} 9 [[scion]] tables, found 0",
        f"{needs} 8 [[hero]] tables (Victorum heroes: 4 + difficulty are drawn), found 0",
        f"{needs} 4 [[tactic]] tables (4 are drawn), found 0",
    ]


def test_a_folder_of_deck_folders_checks_each(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copytree(PLAIN, tmp_path / "a")
    broken_copy(tmp_path)
    assert main(["validate", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert f"{tmp_path / 'a'}: ok" in out and "health must be 1–12" in out


def test_missing_path_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(tmp_path / "nope")]) == 1
    assert capsys.readouterr().out == f"{tmp_path / 'nope'}: no such file or folder\n"


def test_folder_without_decks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(tmp_path)]) == 1
    assert "no .toml files or deck folders here" in capsys.readouterr().out


def test_no_shipped_decks_is_not_an_error(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(validate_cli, "shipped_deck_dirs", dict)
    assert main(["validate"]) == 0
    assert capsys.readouterr().out.startswith("no shipped decks found")


def test_shipped_decks_are_checked_by_default_with_their_folder_name_as_id(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(validate_cli, "shipped_deck_dirs", lambda: {"plain": PLAIN, "misnamed": PLAIN})
    assert main(["validate"]) == 1
    out = capsys.readouterr().out
    assert f'{PLAIN}: ok (deck "plain", solar-sentinels)' in out
    assert f'{PLAIN / "deck.toml"}:3 deck "plain": id must match the deck\'s folder name "misnamed"' in out


def test_every_corpus_case_fails_validation_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for case in sorted(p.name for p in CORPUS.iterdir()):
        deck = tmp_path / case
        shutil.copytree(PLAIN, deck)
        for file in (CORPUS / case).iterdir():
            shutil.copyfile(file, deck / file.name)
        assert main(["validate", str(deck)]) == 1, case
    assert "Traceback" not in capsys.readouterr().out
