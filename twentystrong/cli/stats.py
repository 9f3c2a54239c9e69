"""``twentystrong stats``: the player's record, per deck and hero (``--json`` for machines, ``--export`` to CSV).

Reads the record (:mod:`twentystrong.record`) and never changes a game in it. With no record yet it says how to
start one. Bad options (an unreadable date, an export path that cannot be written) give one line on stderr and
exit status 2.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from pathlib import Path

from twentystrong.cli.arguments import iso_date
from twentystrong.i18n import _, ngettext
from twentystrong.record.games import GameRow, ladder_levels, list_games
from twentystrong.record.summary import game_dict, summarize
from twentystrong.text.record import report


def configure(parser: argparse.ArgumentParser) -> None:
    """Declare the arguments of ``twentystrong stats``."""
    parser.add_argument("--deck", metavar="ID", help=_("only this deck's games"))
    parser.add_argument("--hero", metavar="ID", help=_("only this hero's games"))
    parser.add_argument(
        "--since", metavar="DATE", type=iso_date, help=_("only games finished on or after YYYY-MM-DD (UTC)")
    )
    parser.add_argument("--json", action="store_true", help=_('print JSON: a top-level "games" count, then breakdowns'))
    parser.add_argument("--export", metavar="FILE", type=Path, help=_("write every game (as filtered) to a CSV file"))


def run(args: argparse.Namespace) -> int:
    """Print the statistics (and export the games); 2 when the export cannot be written."""
    rows, warning = list_games(deck=args.deck, hero=args.hero, since=args.since)
    if warning:
        print(f"twentystrong stats: {warning}", file=sys.stderr)
    summary = summarize(rows, ladder_levels())
    if args.export is not None:
        try:
            export_csv(rows, args.export)
        except OSError as exc:
            why = _("cannot write {path}: {why}").format(path=args.export, why=exc.strerror or exc)
            print(f"twentystrong stats: {why}", file=sys.stderr)
            return 2
        written = ngettext("{n} game written to {path}", "{n} games written to {path}", len(rows))
        print(written.format(n=len(rows), path=args.export), file=sys.stderr)
    if args.json:
        print(json.dumps(summary.as_dict(), indent=2, ensure_ascii=False))
    else:
        print(report(summary, filtered=bool(args.deck or args.hero or args.since)))
    return 0


def export_csv(rows: list[GameRow], path: Path) -> None:
    """Every game as one CSV line (the columns of ``game_dict``; no logs)."""
    fields = list(game_dict(rows[0]).keys()) if rows else ["id"]
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=fields)
        writer.writeheader()
        for row in rows:
            writer.writerow({k: "" if v is None else v for k, v in game_dict(row).items()})
