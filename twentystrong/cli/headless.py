"""``twentystrong headless``: the JSON-lines protocol on stdin/stdout, for bots, scripts and tests.

One JSON object per input line, one per output line, flushed after each (see README "Headless protocol" and
:mod:`twentystrong.session.protocol`). The first output line is the initial state. End of input ends the process
with exit status 0. Bad arguments (unknown deck or hero, unreadable save) print a message and exit with status 2.
No autosave: a script must never overwrite the player's game. ``--record`` adds the game to the player's record when
it ends (a note on stderr says so; stdout stays the protocol's). ``--daily`` plays the day's daily challenge.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from pathlib import Path
from typing import Any

from twentystrong.cli.arguments import add_deck_options, deck_option_names, deck_option_values, needs_problem
from twentystrong.content.heroes import default_hero, hero_ref
from twentystrong.engine.state import SetupOptions
from twentystrong.i18n import _
from twentystrong.kits import choices_for
from twentystrong.session.decks import DEFAULT_DECK, DeckNotFound, load_game_deck
from twentystrong.session.protocol import Protocol
from twentystrong.session.saves import SaveError
from twentystrong.session.session import Session, SetupError

_SETUP_FLAGS = ("hero", "seed", "assisted", "dice", "deal")
"""The general setup flags (the decks' own options come from their kits: ``deck_option_names``)."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Declare the arguments of ``twentystrong headless``."""
    parser.add_argument("--deck", metavar="ID", help=_("shipped deck id (default: {deck})").format(deck=DEFAULT_DECK))
    parser.add_argument("--deck-path", metavar="DIR", type=Path, help=_("a deck folder instead of a shipped deck"))
    parser.add_argument(
        "--hero",
        metavar="ID",
        help=_(
            "hero id, or a universal hero of another deck as DECK:HERO (or DECK/HERO); default: the deck's first "
            "hero (Hoplomachus Victorum: chosen in the game from the heroes drawn)"
        ),
    )
    parser.add_argument("--seed", metavar="N", type=int, help=_("game seed (default: random, shown in the state)"))
    parser.add_argument("--assisted", action="store_true", default=None, help=_("assisted play: undo anything"))
    parser.add_argument("--dice", choices=("virtual", "physical"), help=_("physical: enter the faces you roll"))
    parser.add_argument("--deal", choices=("shuffled", "ordered"), help=_("ordered: stacks in deck-file order"))
    add_deck_options(parser)  # the decks' own options (--missions, --rank, --difficulty …), from their kits
    parser.add_argument("--load", metavar="FILE", type=Path, help=_("continue a saved game (setup comes from it)"))
    parser.add_argument("--record", action="store_true", help=_("add the game to your record when it ends"))
    parser.add_argument("--daily", action="store_true", help=_("play today's daily challenge (deck, hero and seed)"))


def run(args: argparse.Namespace) -> int:
    """Serve the protocol until end of input or ``quit``; 2 on bad arguments."""
    try:
        session = _session(args)
    except (DeckNotFound, SetupError, SaveError) as exc:
        print(f"twentystrong headless: {exc}", file=sys.stderr)
        return 2
    protocol = Protocol(session, errors=sys.stderr)
    recorder = None
    if args.record:
        from twentystrong.record.games import Recorder

        recorder = Recorder("headless")
    try:
        _write(protocol.ok(session.history[-1].events if args.load is None else ()))
        while not protocol.quit:
            if recorder is not None:  # the game ended with the last answer (or a finished save was loaded)
                _record(recorder, protocol.session)
            raw = sys.stdin.buffer.readline()
            if not raw:
                break  # end of input
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                _write(protocol.error("bad_json", "input is not UTF-8 text"))
                continue
            _write(protocol.handle(line))
        if recorder is not None:
            _record(recorder, protocol.session)
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away: nothing more to say
    return 0


def _record(recorder: Any, session: Session) -> None:
    """Add the game to the record once it has ended (a note on stderr; the protocol's stdout is untouched)."""
    done = recorder.check(session)
    if done is not None:
        print(f"twentystrong headless: {done.message}", file=sys.stderr, flush=True)


def _session(args: argparse.Namespace) -> Session:
    if args.load is not None:
        given = [f"--{name}" for name in (*_SETUP_FLAGS, *deck_option_names()) if getattr(args, name) is not None]
        if given:
            words = _("{options}: a loaded game keeps the setup of its save; drop these options")
            raise SetupError(words.format(options=", ".join(given)))
        deck = None
        if args.deck is not None or args.deck_path is not None:
            deck, _folder = load_game_deck(args.deck, args.deck_path)
        session = Session.load(args.load, deck)
        if args.deck_path is not None:
            session.deck_path = args.deck_path
        return session
    if args.daily:
        return _daily(args)
    values = deck_option_values(args)
    problem = needs_problem(values)
    if problem is not None:
        raise SetupError(problem)
    deck, folder = load_game_deck(args.deck, args.deck_path)
    if not deck.heroes:  # pragma: no cover - the loader refuses decks without heroes
        raise SetupError(_("deck {deck} has no heroes").format(deck=repr(deck.id)))
    options = SetupOptions(
        deck_id=deck.id,
        hero_id=hero_ref(args.hero) if args.hero is not None else default_hero(deck),
        seed=args.seed if args.seed is not None else secrets.randbelow(2**31),
        assisted=bool(args.assisted),
        dice=args.dice or "virtual",
        deal=args.deal or "shuffled",
        choices=choices_for(deck.info.ruleset, values),
    )
    return Session.new(deck, options, deck_path=folder)


def _daily(args: argparse.Namespace) -> Session:
    """Today's daily challenge (its setup is the day's: no other setup option goes with it)."""
    from twentystrong.record.daily import DECK, daily_options, today

    names = (*_SETUP_FLAGS, *deck_option_names(), "deck", "deck_path")
    given = [f"--{name}" for name in names if getattr(args, name) is not None]
    if given:
        words = _("{options}: the daily challenge's setup is the day's; drop these options")
        raise SetupError(words.format(options=", ".join(given)))
    deck, folder = load_game_deck(DECK, None)
    return Session.new(deck, daily_options(deck, today()), deck_path=folder)


def _write(answer: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(answer, ensure_ascii=False, separators=(",", ":")) + "\n")
    sys.stdout.flush()
