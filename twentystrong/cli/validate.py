"""``twentystrong validate [PATH…]``: check deck files and report every problem, one line each.

Each problem reads ``FILE:LINE ITEM: FIELD must be …, got …``; the exit status is 1 when anything is wrong.
Kept free of Textual and Rich: deck authors run it in a loop while editing, so it must start fast.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from twentystrong.content.loader import DeckError, Finding
from twentystrong.content.model import Deck
from twentystrong.content.registry import decks_root, shipped_deck_dirs
from twentystrong.i18n import _, ngettext


@dataclass
class _Target:
    """One deck to check: its folder (or single file), and the id it must have when it is a shipped deck."""

    path: Path
    expect_id: str | None = None


@dataclass
class _Report:
    findings: list[Finding] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    """What is not wrong but worth knowing (words left untranslated): said, not counted as problems."""
    decks: list[dict[str, object]] = field(default_factory=list)


def configure(parser: argparse.ArgumentParser) -> None:
    """Declare the arguments of ``twentystrong validate``."""
    parser.add_argument(
        "paths",
        nargs="*",
        type=Path,
        metavar="PATH",
        help=_(
            "deck folders or .toml files (a file inside a deck folder checks the whole deck); "
            "default: every shipped deck"
        ),
    )
    parser.add_argument("--json", action="store_true", help=_("print the findings as one JSON object"))


def run(args: argparse.Namespace) -> int:
    """Validate the decks named by ``args.paths`` (or the shipped ones); 0 when all are valid, else 1."""
    report = _Report()
    targets = _shipped_targets() if not args.paths else _targets(args.paths, report)
    if not args.paths and not targets and not args.json:
        print(_("no shipped decks found (looked in {folder}); nothing to validate").format(folder=decks_root()))
    for target in targets:
        _check(target, report)
    ok = not report.findings
    if args.json:
        findings = [f.as_dict() for f in report.findings]
        warnings = [f.as_dict() for f in report.warnings]
        out = {"ok": ok, "findings": findings, "warnings": warnings, "decks": report.decks}
        print(json.dumps(out, indent=2, ensure_ascii=False))
    else:
        _print_summary(report, len(targets))
    return 0 if ok else 1


def _shipped_targets() -> list[_Target]:
    return [_Target(path, expect_id=name) for name, path in shipped_deck_dirs().items()]


def _targets(paths: list[Path], report: _Report) -> list[_Target]:
    """The decks to check for the given paths, each once; paths that name no deck become findings."""
    targets: dict[Path, _Target] = {}
    for path in paths:
        for deck in _decks_at(path, report):
            targets.setdefault(deck.resolve(), _Target(deck))
    return list(targets.values())


def _decks_at(path: Path, report: _Report) -> list[Path]:
    if not path.exists():
        report.findings.append(Finding(str(path), None, None, None, _("no such file or folder")))
        return []
    if path.is_file():
        # A file of a deck folder only makes sense with its siblings (ids, counts, the [deck] table).
        return [path.parent] if (path.parent / "deck.toml").is_file() else [path]
    if any(path.glob("*.toml")):
        return [path]
    inner = sorted(p for p in path.iterdir() if (p / "deck.toml").is_file())
    if not inner:
        report.findings.append(Finding(str(path), None, None, None, _("no .toml files or deck folders here")))
    return inner


def _check(target: _Target, report: _Report) -> None:
    from twentystrong.content.reading import read_deck

    try:
        deck: Deck | None
        deck, warnings = read_deck(target.path, expect_id=target.expect_id)
        findings: list[Finding] = []
        report.warnings += warnings
    except DeckError as exc:
        deck, findings = None, exc.findings
    report.findings += findings
    entry: dict[str, object] = {"path": str(target.path), "ok": deck is not None, "problems": len(findings)}
    if deck is not None:
        entry |= {"id": deck.id, "ruleset": deck.info.ruleset, "content_hash": deck.content_hash}
    report.decks.append(entry)


def _print_summary(report: _Report, checked: int) -> None:
    for finding in report.findings:
        print(finding)
    for warning in report.warnings:
        print(warning, file=sys.stderr)  # worth knowing, not wrong: the output of a valid deck stays its ok line
    for entry in report.decks:
        if entry["ok"]:
            words = _("{path}: ok (deck {id}, {ruleset})")
            print(words.format(path=entry["path"], id=json.dumps(entry["id"]), ruleset=entry["ruleset"]))
    if report.findings:
        count = len(report.findings)
        print(ngettext("{n} problem found", "{n} problems found", count).format(n=count), file=sys.stderr)
