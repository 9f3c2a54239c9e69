"""``twentystrong replay ID``: a game of the player's record in the history viewer, read-only, from its first
event to its last. ``twentystrong stats`` (or the Statistics screen) lists the numbers.

A number the record does not hold, or a game that cannot be replayed, gives one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import sys

from twentystrong.cli.arguments import game_number
from twentystrong.i18n import _


def configure(parser: argparse.ArgumentParser) -> None:
    """Declare the arguments of ``twentystrong replay``."""
    parser.add_argument("game", metavar="ID", type=game_number, help=_("the game's number in your record"))


def run(args: argparse.Namespace) -> int:
    """Open the replay; 2 when the game cannot be replayed."""
    from twentystrong.record.replay import ReplayError, replay_session

    try:
        row, session, note = replay_session(args.game)
    except ReplayError as exc:
        print(f"twentystrong replay: {exc}", file=sys.stderr)
        return 2
    from twentystrong.tui.tables import not_drawn

    refused = not_drawn(session.deck.info.ruleset, session.deck.id, str(session.deck_path or "") or None)
    if refused is not None:
        print(f"twentystrong replay: {refused}", file=sys.stderr)
        return 2
    from twentystrong.tui.replay import ReplayApp

    ReplayApp(row, session, note=note).run()
    return 0
