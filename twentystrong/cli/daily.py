"""``twentystrong daily``: today's daily challenge in the terminal UI: the same deck, hero and seed for everyone on
that day (UTC). ``--print-seed`` prints the day's seed and exits; ``--date`` picks another day.

The game is recorded as any other; the record marks it as that day's daily, and the game-over screen offers a
one-line result to share.
"""

from __future__ import annotations

import argparse
import sys

from twentystrong.cli.arguments import iso_date
from twentystrong.i18n import _


def configure(parser: argparse.ArgumentParser) -> None:
    """Declare the arguments of ``twentystrong daily``."""
    parser.add_argument("--date", metavar="DATE", type=iso_date, help=_("the day (YYYY-MM-DD, default: today in UTC)"))
    parser.add_argument("--print-seed", action="store_true", help=_("print the day's seed and exit"))
    parser.add_argument("--show", action="store_true", help=_("print the day's setup (deck, hero, seed) and exit"))


def run(args: argparse.Namespace) -> int:
    """Print the seed, or play the day's game; 2 when it cannot start."""
    from twentystrong.record.daily import FIRST_DAY, daily_seed, today

    day = args.date or today()
    if day < FIRST_DAY:
        first = _("the first daily challenge is {day}").format(day=FIRST_DAY.isoformat())
        print(f"twentystrong daily: {first}", file=sys.stderr)
        return 2
    if args.print_seed:
        print(daily_seed(day))
        return 0
    from twentystrong.cli.arguments import deck_option_names
    from twentystrong.content.loader import load_shipped
    from twentystrong.content.source import DeckError
    from twentystrong.kits import options_for
    from twentystrong.kits.options import described
    from twentystrong.record.daily import DECK, daily_options

    try:
        deck = load_shipped(DECK)
    except DeckError as exc:
        words = _("the daily deck {deck} does not load: {why}").format(deck=repr(DECK), why=exc)
        print(f"twentystrong daily: {words}", file=sys.stderr)
        return 2
    options = daily_options(deck, day)
    if args.show:
        hero = deck.hero(options.hero_id).name
        print(
            _("daily {day}: deck {deck}, hero {hero_id} ({hero}), seed {seed}, ").format(
                day=day.isoformat(), deck=deck.id, hero_id=options.hero_id, hero=hero, seed=options.seed
            )
            + ", ".join(described(options_for(deck.info.ruleset), options))
        )
        return 0
    from twentystrong.cli.play import run as play

    return play(
        argparse.Namespace(
            deck=deck.id,
            deck_path=None,
            hero=options.hero_id,
            seed=options.seed,
            **{name: options.chosen(name) for name in deck_option_names()},
            assisted=options.assisted,
            dice=options.dice,
            deal=options.deal,
            load=None,
            resume=False,
        )
    )
