"""``twentystrong play``: the terminal UI, straight into a game when a hero (or a save) is given.

Bad arguments give one clear line on stderr and exit status 2, never a traceback. The App itself is built by
:func:`twentystrong.tui.app.create_app`, so tests build the same App without the command line.
"""

from __future__ import annotations

import argparse
import gc
import sys
from pathlib import Path


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"the seed must be a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError("the seed must be 0 or more")
    return value


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``play`` options."""
    parser.add_argument("--deck", metavar="ID", help="shipped deck to play (default: solar-sentinels)")
    parser.add_argument("--deck-path", metavar="DIR", type=Path, help="play a deck folder (or file) instead")
    parser.add_argument("--hero", metavar="ID", help="start at once with this hero (skips the setup screen)")
    parser.add_argument("--seed", metavar="N", type=_seed, help="the game's seed (default: random)")
    parser.add_argument(
        "--missions",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="play with missions (Solar Sentinels)",
    )
    parser.add_argument("--rank", metavar="R", type=int, choices=range(1, 7), help="difficulty rank 1-6")
    parser.add_argument(
        "--difficulty", metavar="X", type=int, choices=range(0, 5), help="Hoplomachus Victorum: difficulty 0-4"
    )
    parser.add_argument("--scion", metavar="ID", help="Hoplomachus Victorum: the Scion (default: drawn at random)")
    parser.add_argument("--assisted", action="store_true", help="assisted undo: undo may cross rolls and shuffles")
    parser.add_argument(
        "--dice", choices=("virtual", "physical"), default="virtual", help="physical: roll your own dice, enter faces"
    )
    parser.add_argument("--deal", choices=("shuffled", "ordered"), default="shuffled", help=argparse.SUPPRESS)
    parser.add_argument("--load", metavar="FILE", type=Path, help="load a saved game")
    parser.add_argument("--resume", action="store_true", help="resume the autosaved game if there is one")


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
        print("twentystrong play: error: --load and --hero cannot be combined", file=sys.stderr)
        return 2
    if args.rank is not None and args.rank > 1 and not args.missions:
        print(
            f"twentystrong play: error: --rank {args.rank} needs --missions (ranks come only with missions)",
            file=sys.stderr,
        )
        return 2
    try:
        from twentystrong.tui.app import create_app

        app = create_app(
            deck_id=args.deck,
            deck_path=args.deck_path,
            hero=args.hero,
            seed=args.seed,
            missions=args.missions,
            difficulty=args.difficulty,
            scion=args.scion,
            rank=args.rank,
            assisted=args.assisted,
            dice=args.dice,
            deal=args.deal,
            load=args.load,
            resume=args.resume,
        )
    except LaunchError as exc:
        print(f"twentystrong play: error: {exc}", file=sys.stderr)
        return 2
    app.gc_paused = True
    app.run()
    return 0
