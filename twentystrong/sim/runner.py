"""Playing bot games: one game to a :class:`GameRecord`, and many games split over worker processes.

Game ``i`` of a run uses seed ``S + i`` for both the deal and the bot, whoever plays it and in whichever process,
so a run's records — and everything computed from them — are the same for the same arguments (``--jobs`` only
changes how fast they come).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from twentystrong.bots import make_bot
from twentystrong.bots.base import Bot
from twentystrong.content.loader import load_deck, load_shipped
from twentystrong.content.model import Deck
from twentystrong.engine import GameState, Rejected, SetupOptions, decide_and_apply, initial_state
from twentystrong.engine import events as ev
from twentystrong.engine.legal import legal_commands
from twentystrong.engine.state import Choices
from twentystrong.engine.view import player_view
from twentystrong.text.stats import killer_of

ROUND_CAP = 200
"""Rounds after which a simulated game counts as lost (reason ``round cap``), so nothing hangs."""
COMMAND_CAP = 20_000
"""Commands after which a simulated game counts as lost (reason ``command cap``): a bot going round in circles."""


class BotError(RuntimeError):
    """A bot chose a command the engine rejected (a bug in the bot: it must choose from ``legal``)."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What the simulator keeps of one game."""

    hero: str
    seed: int
    result: str  # "won" or "lost"
    reason: str  # the engine's reason, or "round cap" / "command cap"
    rounds: int
    killer: str | None  # the card or boss that dealt the killing blow (lost games)
    activated: frozenset[str]  # conflict cards activated at least once (stacks and entourage)
    boss: str | None  # the boss faced, if the endgame started
    commands: int
    skipped: frozenset[str] = frozenset()  # cards passed by unplayed (a ruleset's own way: discarded, not fought)
    own: Any = None  # the ruleset's own record of the game (its kit's :class:`SimPart` notes it), or None


class Notes:
    """What a ruleset notes of one game from its events, beyond the general record (one per game)."""

    def see(self, event: ev.Event, activated: set[str], skipped: set[str]) -> None:
        """Note one event (a card it activates its own way joins ``activated``; one passed by, ``skipped``)."""

    def record(self) -> Any:
        """Its record of the game (:attr:`GameRecord.own`: picklable, a value)."""
        return None


@dataclass(frozen=True)
class SimPart:
    """A ruleset's part of the simulator (its kit's ``sim``): its notes of each game, its own tables of a run, and
    where a lost game was lost in its terms."""

    notes: Callable[[], Notes] = Notes
    """A fresh notebook for one game."""
    tables: Callable[[Deck, Sequence[GameRecord]], dict[str, list[Any]]] = lambda deck, records: {}
    """Its own figures of a run, by name: lists of rows, each with a ``key`` and an ``as_dict()``."""
    lost_in: Callable[[GameRecord], str | None] = lambda record: None
    """Where a lost game was lost, in its words (None: the general answer, the boss fight or before it)."""
    plays: Callable[[Deck], list[str]] = lambda deck: [h.id for h in deck.heroes]
    """The ids of the deck's own heroes a run plays (every one unless the ruleset needs more of a hero)."""
    skipped_words: str = ""
    """What else a card never activated was never done with, in its words (`` or spectated``), or empty."""
    lines: Callable[[dict[str, list[Any]]], list[str]] = lambda own: []
    """Its own figures (:attr:`tables`' result) as lines of the text table."""


def sim_part(deck: Deck) -> SimPart | None:
    """The simulator part of a deck's ruleset, or None when its kit has none (or it has no kit)."""
    from twentystrong.kits import KitError, kit, resolve

    try:
        target = kit(deck.info.ruleset).sim
    except KitError:
        return None
    if target is None:
        return None
    found: SimPart = resolve(target)
    return found


@dataclass(frozen=True, slots=True)
class Job:
    """A slice of a run: the same setup for games ``first`` … ``first + count - 1``."""

    deck: str  # a shipped deck id, or a path to a deck folder
    hero: str
    bot: str
    seed: int  # the run's seed S: game i uses S + i
    first: int
    count: int
    round_cap: int = ROUND_CAP
    choices: Choices = ()  # the deck's own setup options (SetupOptions.choices)
    budget: int | None = None  # the expert bot's search budget (None: its default)


def load(deck: str) -> Deck:
    """A shipped deck by id, or a deck folder by path (``DeckError`` when it does not load)."""
    path = Path(deck)
    if "/" in deck or path.is_dir():
        return load_deck(path)
    return load_shipped(deck)


def play_game(deck: Deck, options: SetupOptions, bot: Bot, *, round_cap: int = ROUND_CAP) -> GameRecord:
    """Play one game to its end (or the caps) and record it."""
    s = initial_state(deck, options)
    activated: set[str] = set()
    killer: str | None = None
    boss: str | None = None
    commands = 0
    reason = ""
    skipped: set[str] = set()
    part = sim_part(deck)
    notes = part.notes() if part is not None else None
    while s.result is None:
        if s.round > round_cap:
            reason = "round cap"
            break
        if commands >= COMMAND_CAP:
            reason = "command cap"
            break
        legal = legal_commands(s)
        if not legal:
            reason = "no legal command"  # pragma: no cover - an engine bug, never a normal end
            break
        command = bot.choose(player_view(s), legal)
        try:
            out = decide_and_apply(s, command)
        except Exception as exc:  # an engine bug must not end a long run: the game is lost and the reason says why
            reason = f"engine error: {type(exc).__name__}: {exc}"
            break
        if isinstance(out, Rejected):
            raise BotError(f"{bot.name} chose {command.to_dict()} at {s.step}: {out.code}: {out.message}")
        events, after = out
        commands += 1
        for event in events:
            if isinstance(event, ev.CardActivated):
                if event.boss:
                    boss = event.card
                else:
                    activated.add(event.card)
            elif notes is not None:
                notes.see(event, activated, skipped)
        if after.result == "lost":
            killer = killing_blow(s, events)
        s = after
    result = s.result or "lost"
    return GameRecord(
        hero=options.hero_id,
        seed=options.seed,
        result=result,
        reason=s.result_reason if s.result else reason,
        rounds=s.round,
        killer=killer,
        activated=frozenset(activated),
        boss=boss,
        commands=commands,
        skipped=frozenset(skipped),
        own=notes.record() if notes is not None else None,
    )


def killing_blow(before: GameState, events: list[ev.Event]) -> str | None:
    """The card that dealt the killing blow (``before`` is the state the fatal command was played in)."""
    fatal = next((e for e in events if isinstance(e, ev.StatChanged) and e.stat == "health" and e.value < 1), None)
    return killer_of(before, fatal)


def run_job(job: Job) -> list[GameRecord]:
    """Play the games of one job, in order."""
    deck = load(job.deck)
    out = []
    for i in range(job.first, job.first + job.count):
        seed = job.seed + i
        options = SetupOptions(
            deck_id=deck.id,
            hero_id=job.hero,
            seed=seed,
            choices=job.choices,
        )
        out.append(play_game(deck, options, make_bot(job.bot, seed, budget=job.budget), round_cap=job.round_cap))
    return out


def split(
    deck: str,
    heroes: list[str],
    bot: str,
    games: int,
    seed: int,
    *,
    round_cap: int = ROUND_CAP,
    chunk: int = 20,
    choices: Choices = (),
    budget: int | None = None,
) -> list[Job]:
    """The jobs of a run, in a fixed order: each hero's games in slices of ``chunk`` (``choices``: the deck's own
    setup options, as ``SetupOptions.choices``; ``budget``: the expert bot's search budget)."""
    return [
        Job(deck, hero, bot, seed, first, min(chunk, games - first), round_cap, choices, budget)
        for hero in heroes
        for first in range(0, games, chunk)
    ]


def run(jobs: list[Job], workers: int = 1, progress: Callable[[int], None] | None = None) -> list[GameRecord]:
    """Play every job (in ``workers`` processes when more than one) and return the records in job order.

    ``progress`` is called with the number of games finished so far after each job.
    """
    records: list[GameRecord] = []
    for batch in _results(jobs, workers):
        records += batch
        if progress is not None:
            progress(len(records))
    return records


def _results(jobs: list[Job], workers: int) -> Iterator[list[GameRecord]]:
    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            yield run_job(job)
        return
    with multiprocessing.get_context().Pool(min(workers, len(jobs))) as pool:
        yield from pool.imap(run_job, jobs)  # imap keeps job order, whatever finishes first


__all__ = [
    "COMMAND_CAP",
    "ROUND_CAP",
    "BotError",
    "GameRecord",
    "Job",
    "Notes",
    "SimPart",
    "killing_blow",
    "load",
    "play_game",
    "run",
    "run_job",
    "sim_part",
    "split",
]
