"""``twentystrong simulate``: play many bot games and report win rates, game lengths, killers and unused cards.

Game ``i`` uses seed ``S + i`` (for every hero), so the same arguments give the same results whatever ``--jobs``
says. A progress bar with an ETA goes to stderr when it is a terminal (never with ``--json``); the summary goes to
stdout, and the elapsed time to stderr so that stdout is identical from run to run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from typing import Any

from twentystrong.bots import BOT_NAMES, cannot_play
from twentystrong.bots.expert import BUDGET
from twentystrong.cli.arguments import add_deck_options, deck_option_values, error_line, needs_problem
from twentystrong.content.heroes import hero_ref, shipped_heroes_for
from twentystrong.content.loader import DeckError
from twentystrong.content.model import Deck
from twentystrong.engine.state import OptionValue, SetupOptions
from twentystrong.i18n import _, ngettext
from twentystrong.i18n.numbers import decimal, percent_sign, ratio
from twentystrong.kits import choices_for, options_for
from twentystrong.kits.options import DeckOption, summary
from twentystrong.session.session import deck_options_problem
from twentystrong.sim.progress import Progress
from twentystrong.sim.runner import ROUND_CAP, SimPart, load, sim_part, split
from twentystrong.sim.runner import run as run_games
from twentystrong.sim.stats import Summary, summarise

PROG = "twentystrong simulate"


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {value}")
    return value


def _jobs(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected 0 (one per core) or more, got {value}")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a seed of 0 or more, got {value}")
    return value


def configure(parser: argparse.ArgumentParser) -> None:
    """Declare the arguments of ``twentystrong simulate``."""
    parser.add_argument("--games", type=_positive, default=100, metavar="N", help=_("games per hero (default 100)"))
    parser.add_argument("--hero", default="all", metavar="ID", help=_("a hero id, or all (default)"))
    parser.add_argument("--bot", choices=BOT_NAMES, default="heuristic", help=_("who plays (default heuristic)"))
    parser.add_argument("--seed", type=_seed, default=0, metavar="S", help=_("game i uses seed S+i (default 0)"))
    parser.add_argument(
        "--budget",
        type=_positive,
        default=None,
        metavar="N",
        help=_(
            "the expert bot's search: commands its rollouts may play per decision (default {budget}; "
            "smaller is faster and weaker)"
        ).format(budget=BUDGET),
    )
    add_deck_options(parser)  # the decks' own options (--missions, --rank, --difficulty …), from their kits
    parser.add_argument(
        "--jobs", type=_jobs, default=1, metavar="J", help=_("worker processes, 0 for one per core (default 1)")
    )
    parser.add_argument(
        "--deck",
        default="solar-sentinels",
        metavar="ID",
        help=_("a shipped deck id or a deck folder (default: solar-sentinels)"),
    )
    parser.add_argument(
        "--round-cap",
        type=_positive,
        default=ROUND_CAP,
        metavar="N",
        help=_("a game still going after N rounds is lost (default {cap})").format(cap=ROUND_CAP),
    )
    parser.add_argument("--json", action="store_true", help=_("print the results as one JSON object"))


def run(args: argparse.Namespace) -> int:
    """Play the games and print the summary; 2 for arguments that name nothing playable."""
    values = deck_option_values(args)
    problem = needs_problem(values)
    if problem is not None:
        return _fail(problem)
    try:
        deck = load(args.deck)
    except DeckError as exc:
        return _fail(f"cannot load deck {args.deck!r}:\n" + "\n".join(str(f) for f in exc.findings))
    refused = cannot_play(args.bot, deck.info.ruleset)
    if refused is not None:
        return _fail(refused)
    args.setup = SetupOptions(deck.id, "", args.seed, choices=choices_for(deck.info.ruleset, values))
    problem = deck_options_problem(deck, args.setup)
    if problem is not None:
        return _fail(problem)
    part = sim_part(deck) or SimPart()
    heroes = part.plays(deck)
    if args.hero != "all":
        named = hero_ref(args.hero)
        universal = [c.ref for c in shipped_heroes_for(deck) if c.foreign]  # HV1: another deck's universal hero
        if named not in heroes and named not in universal:
            known = ", ".join([*heroes, *universal])
            return _fail(f"unknown hero {args.hero!r} in deck {deck.id}; heroes: {known}, or all")
        heroes = [named]
    if not heroes:
        return _fail(f"deck {deck.id} has no heroes")
    jobs = split(
        args.deck,
        heroes,
        args.bot,
        args.games,
        args.seed,
        round_cap=args.round_cap,
        choices=args.setup.choices,
        budget=args.budget,
    )
    workers = args.jobs or os.cpu_count() or 1
    total = args.games * len(heroes)
    progress = Progress(total, sys.stderr, enabled=not args.json and sys.stderr.isatty())
    started = time.perf_counter()
    records = run_games(jobs, workers, progress.update)
    progress.finish()
    elapsed = time.perf_counter() - started
    summary = summarise(deck, records)
    if args.json:
        print(json.dumps(as_json(deck, summary, args), indent=2, ensure_ascii=False))
    else:
        print(table(deck, summary, args))
        rate = total / max(elapsed, 1e-9)
        done = ngettext(
            "{n} game in {seconds} s ({rate} games/s, {jobs} jobs)",
            "{n} games in {seconds} s ({rate} games/s, {jobs} jobs)",
            total,
        ).format(n=total, seconds=decimal(elapsed), rate=decimal(rate), jobs=workers)
        print(done, file=sys.stderr)
    return 0


def _fail(message: str) -> int:
    print(error_line(PROG, message), file=sys.stderr)
    return 2


def as_json(deck: Deck, summary: Summary, args: argparse.Namespace) -> dict[str, Any]:
    """The results as one JSON-ready object (no timings: the same arguments give the same object)."""
    spread = summary.spread()
    wins = sum(h.wins for h in summary.heroes)
    level = {option.name: value for option, value in _level(deck, args)}
    return {
        "deck": deck.id,
        "bot": args.bot,
        "seed": args.seed,
        **level,
        "games_per_hero": args.games,
        "round_cap": args.round_cap,
        **({"budget": args.budget or BUDGET} if args.bot == "expert" else {}),
        "heroes": {h.hero: {**h.as_dict(), "spread": round(spread[h.hero], 4)} for h in summary.heroes},
        "overall": {
            "games": summary.games,
            "wins": wins,
            "win_rate": round(wins / summary.games, 4) if summary.games else 0.0,
            "mean_win_rate": round(statistics.fmean(h.win_rate for h in summary.heroes), 4),
        },
        "never_activated": summary.never_activated,
        **_own_json(summary),
    }


def _own_json(summary: Summary) -> dict[str, Any]:
    """The ruleset's own figures (its kit's, by name: Hoplomachus Victorum's per Scion and per Primus)."""
    return {name: {row.key: row.as_dict() for row in rows} for name, rows in summary.own.items()}


def _level(deck: Deck, args: argparse.Namespace) -> list[tuple[DeckOption, OptionValue | None]]:
    """The deck's options the results report as their level (its kit says which), with their values."""
    setup: SetupOptions = getattr(args, "setup", None) or SetupOptions(deck.id, "", args.seed)
    return summary(options_for(deck.info.ruleset), setup)


def table(deck: Deck, summary: Summary, args: argparse.Namespace) -> str:
    """The results as a text table."""
    last = args.seed + args.games - 1
    level = ", ".join(
        o.summary_words(v) if o.summary_words is not None else f"{o.name} {v}" for o, v in _level(deck, args)
    )
    lines = [
        (
            ngettext(
                "{n} game per hero, {bot} bot, deck {deck}, {level}, seeds {first}-{last}",
                "{n} games per hero, {bot} bot, deck {deck}, {level}, seeds {first}-{last}",
                args.games,
            )
            if level
            else ngettext(  # a deck without level options
                "{n} game per hero, {bot} bot, deck {deck}, seeds {first}-{last}",
                "{n} games per hero, {bot} bot, deck {deck}, seeds {first}-{last}",
                args.games,
            )
        ).format(n=args.games, bot=args.bot, deck=deck.id, level=level, first=args.seed, last=last),
        "",
        " ".join(
            (
                _("hero").ljust(12),
                _("games").rjust(6),
                _("wins").rjust(6),
                _("win rate").rjust(9),
                (percent_sign("95") + " " + _("interval")).rjust(15),
                _("median rounds").rjust(14),
                " " + _("killing blow most often"),
            )
        ),
    ]
    spread = summary.spread()
    for h in summary.heroes:
        killers = ", ".join(f"{name} ({n})" for _, name, n in h.killers) or "-"
        interval = f"{ratio(h.ci95[0], 1)}-{ratio(h.ci95[1], 1)}"
        rate, median = ratio(h.win_rate, 1, width=9), decimal(h.median_rounds, width=14)
        figures = f"{h.games:>6} {h.wins:>6} {rate} {interval:>15} {median}"
        lines.append(f"{h.name:<12} {figures}  {killers}")
    lines.append("")
    never = ", ".join(summary.never_activated) or _("none")
    part = sim_part(deck) or SimPart()
    lines.append(_("Cards never activated{skipped}: {cards}").format(skipped=part.skipped_words, cards=never))
    if len(summary.heroes) > 1:
        mean = statistics.fmean(h.win_rate for h in summary.heroes)
        worst = max(summary.heroes, key=lambda h: abs(spread[h.hero]))
        lines.append(
            _("Mean win rate {mean}; largest gap to the other heroes' average: {hero} {gap} points").format(
                mean=ratio(mean, 1), hero=worst.name, gap=decimal(spread[worst.hero] * 100, sign=True)
            )
        )
    reasons: dict[str, int] = {}
    for h in summary.heroes:
        for reason, n in h.reasons.items():
            reasons[reason] = reasons.get(reason, 0) + n
    if reasons:
        lines.append(_("Losses: {losses}").format(losses=", ".join(f"{reason} {n}" for reason, n in reasons.items())))
    lines += part.lines(summary.own)
    return "\n".join(lines)
