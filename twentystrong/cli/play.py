"""``twentystrong play``: the terminal UI, straight into a game when a hero (or a save) is given.

Bad arguments give one clear line on stderr and exit status 2, never a traceback. The App itself is built by
:func:`twentystrong.tui.app.create_app`, so tests build the same App without the command line.
"""

from __future__ import annotations

import argparse
import gc
import sys
from pathlib import Path

from twentystrong.cli.arguments import add_deck_options, deck_option_values, error_line, needs_problem
from twentystrong.i18n import _
from twentystrong.kits.options import choose


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("the seed must be a whole number, not {text}").format(text=repr(text))
        ) from None
    if value < 0:
        raise argparse.ArgumentTypeError(_("the seed must be 0 or more"))
    return value


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``play`` options."""
    parser.add_argument("--deck", metavar="ID", help=_("shipped deck to play (default: solar-sentinels)"))
    parser.add_argument("--deck-path", metavar="DIR", type=Path, help=_("play a deck folder (or file) instead"))
    parser.add_argument("--hero", metavar="ID", help=_("start at once with this hero (skips the setup screen)"))
    parser.add_argument("--seed", metavar="N", type=_seed, help=_("the game's seed (default: random)"))
    add_deck_options(parser)  # the decks' own options (--missions, --rank, --difficulty …), from their kits
    parser.add_argument("--assisted", action="store_true", help=_("assisted undo: undo may cross rolls and shuffles"))
    parser.add_argument(
        "--dice",
        choices=("virtual", "physical"),
        default="virtual",
        help=_("physical: roll your own dice, enter faces"),
    )
    parser.add_argument("--deal", choices=("shuffled", "ordered"), default="shuffled", help=argparse.SUPPRESS)
    parser.add_argument("--load", metavar="FILE", type=Path, help=_("load a saved game"))
    parser.add_argument("--resume", action="store_true", help=_("resume the autosaved game if there is one"))


def run(args: argparse.Namespace) -> int:
    """Run the TUI; 2 for arguments that do not describe a game."""
    # Start-up builds some 100,000 objects (Textual, the engine, the table) and frees almost none of them, so the
    # garbage collector's passes over them until the first frame (tens of milliseconds) find nothing. Paused
    # here; the App resumes it once the first frame is out, with those objects frozen out of later passes
    # (TwentyStrongApp.on_ready).
    gc.disable()
    try:
        return _run(args)
    finally:
        gc.enable()


def _run(args: argparse.Namespace) -> int:
    from twentystrong.tui.store import LaunchError

    if args.load is not None and args.hero is not None:
        print(error_line("twentystrong play", _("--load and --hero cannot be combined")), file=sys.stderr)
        return 2
    values = deck_option_values(args)
    problem = needs_problem(values)
    if problem is not None:
        print(error_line("twentystrong play", problem), file=sys.stderr)
        return 2
    try:
        from twentystrong.tui.app import create_app
        from twentystrong.tui.store import Wanted

        wanted = Wanted(
            deck_id=args.deck,
            deck_path=args.deck_path,
            hero=args.hero,
            seed=args.seed,
            assisted=args.assisted,
            dice=args.dice,
            deal=args.deal,
            options=choose(values),
            load=args.load,
            resume=args.resume,
        )
        app = create_app(wanted)
    except LaunchError as exc:
        print(error_line("twentystrong play", str(exc)), file=sys.stderr)
        return 2
    app.gc_paused = True
    app.run()
    return 0
