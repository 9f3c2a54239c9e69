"""A game's history replayed to every decision the player made, each weighed by an evaluator from the player's view.

A **decision** is a player command chosen among two or more legal commands (a forced command, the start, and the
faces entered from physical dice are not choices). For each, the evaluator weighs the legal commands from
:func:`~twentystrong.engine.view.player_view` of the state *before* it: what the player knew then (R12), never the
cards still hidden, and never what the command went on to reveal (a roll's faces, a card turned up). So:

- ``before``: the chance to win with the evaluator's best command there;
- ``after``: the chance with the command the player chose, as it looked then (a good roll later does not make a
  poor choice look good);
- ``cost``: ``before - after``, with its standard error ``cost_se``: a sampling evaluator (the expert) plays both
  commands out in the same sampled worlds with the same dice (common random numbers), so the cost is the mean of
  their paired differences world by world, and its error is that of a paired mean;
- a sampling evaluator weighs a decision in **stages** (:class:`~twentystrong.review.evaluator.WeighsInStages`):
  every command in the first half of the worlds, then only the command played and those that did better than it
  there (the others have no cost to estimate), so the budget goes where a cost may lie;
- a decision is **flagged** when the evaluator would have chosen otherwise and the cost beats the review's threshold
  (points of win chance, 15 by default) by two standard errors (:data:`SURE`). A decision whose first estimate
  costs more than the threshold is weighed again, the expert's choice against the command played, in as many fresh
  worlds (:class:`~twentystrong.review.evaluator.WeighsAgain`), and those figures are the ones kept: the best of
  several noisy estimates is too high by its luck (the winner's curse), a fresh measure of it is not.

An evaluator may leave a decision unweighed (the expert leaves a fight's dice, committed and applied one at a time,
to its heuristic play: weighing each would cost hundreds of games a round): it is listed, without figures.
"""

from __future__ import annotations

import math
import multiprocessing
import pickle
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from twentystrong.content.model import Deck
from twentystrong.engine.commands import Command
from twentystrong.engine.legal import legal_commands
from twentystrong.engine.state import GameState
from twentystrong.engine.view import PlayerView, player_view
from twentystrong.review.evaluator import Estimate, Evaluator, WeighsAgain, WeighsInStages
from twentystrong.session.history import HistoryEntry

THRESHOLD = 15.0
"""Points of win chance (percentage points) a decision must cost to be flagged (by :data:`SURE` standard errors)."""
SURE = 2.0
"""How many standard errors a flagged decision's cost must beat the threshold by: a flag is a cost the sampled
worlds are sure of, not the luck of a few of them (one world in 8 is 12.5 points)."""
BUDGET = 8
"""Games the evaluator plays out per command of a decision, by default, at most (a count, not a time: the same game
always gets the same review); a command that leaves the race after the first stage is played out in half as many."""
WORKERS = 2
"""Processes that weigh decisions at once, by default (the review's floor: a whole game in a minute on 2 cores)."""
FORMAT = 3
"""The version of a review's stored form (:meth:`Review.to_dict`). 2: each decision's ``cost_se``, flags sure of
their cost (a review of format 1 is made again when asked: its flags were not). 3: a decision weighed in stages
(its ``rollouts`` fewer, its figures from the commands still in the race: a review of format 2 is made again when
asked, so that one game's reviews are all made the same way)."""
STAGE = 4
"""The fewest worlds of a decision's first stage: with fewer, every command is weighed in every world."""
NOT_CHOICES = frozenset({"start", "face", "faces"})
"""Commands that are never a decision: the start, and faces read off physical dice (chance, not choice)."""

Progress = Callable[[int, int], None]
"""Told ``(done, total)`` after each decision weighed."""


class ReviewCancelled(Exception):
    """The review was stopped before its end (nothing is kept)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the game, weighed."""

    step: int
    """Its place in the game's history (``history[step].command`` was played from ``history[step - 1]``'s state)."""
    round: int
    played: Command
    expert: Command | None
    """The evaluator's choice when it differs from the command played."""
    before: float | None
    """The chance to win (0–1) before the decision, with the evaluator's best command (None: not weighed)."""
    after: float | None
    """The chance after the command played, as it looked before it (None when the evaluator could not say)."""
    options: int
    """How many legal commands there were."""
    rollouts: int
    """Games the evaluator played out for this decision."""
    cost_se: float | None = None
    """The standard error of :attr:`cost`, in points (the paired differences' over the same worlds, at least one
    world's worth); None when the expert agrees or the evaluator does not sample."""

    @property
    def weighed(self) -> bool:
        """Whether the evaluator weighed this decision (it leaves some to play, such as a fight's dice)."""
        return self.before is not None

    @property
    def cost(self) -> float | None:
        """Points of win chance the decision cost (0–100), None when unknown."""
        if self.after is None or self.before is None:
            return None
        return max(0.0, (self.before - self.after) * 100)

    @property
    def margin(self) -> float | None:
        """How far the cost may be off, in points (:data:`SURE` standard errors), None when it is not known."""
        return None if self.cost_se is None else SURE * self.cost_se

    def flagged(self, threshold: float) -> bool:
        """Whether the evaluator would have chosen otherwise and the cost beats ``threshold`` points by its
        :attr:`margin`."""
        cost = self.cost
        return self.expert is not None and cost is not None and cost - (self.margin or 0.0) > threshold

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (kept in the record, printed by ``twentystrong review --json``)."""
        return {
            "step": self.step,
            "round": self.round,
            "played": self.played.to_dict(),
            "expert": self.expert.to_dict() if self.expert is not None else None,
            "before": self.before,
            "after": self.after,
            "cost": round(self.cost, 2) if self.cost is not None else None,
            "cost_se": round(self.cost_se, 2) if self.cost_se is not None else None,
            "options": self.options,
            "rollouts": self.rollouts,
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Decision:
        """Back from :meth:`to_dict`; ``ValueError`` when it is not one."""
        played = _command(data["played"])
        expert = _command(data["expert"]) if data.get("expert") is not None else None
        after = data.get("after")
        spread = data.get("cost_se")
        return Decision(
            step=int(data["step"]),
            round=int(data["round"]),
            played=played,
            expert=expert,
            before=float(data["before"]) if data.get("before") is not None else None,
            after=float(after) if after is not None else None,
            options=int(data["options"]),
            rollouts=int(data["rollouts"]),
            cost_se=float(spread) if spread is not None else None,
        )


def _command(data: Any) -> Command:
    command = Command.from_dict(data)
    if not isinstance(command, Command):
        raise ValueError(f"not a command: {data!r}")
    return command


@dataclass(frozen=True, slots=True)
class Review:
    """Every decision of one game, weighed by one evaluator."""

    evaluator: str
    """The evaluator's name (``expert``)."""
    budget: int
    """The games played out per command (the evaluator's rollouts)."""
    threshold: float
    """Points a decision had to cost to be flagged."""
    decisions: tuple[Decision, ...]
    result: str | None
    """How the game ended (``won``, ``lost``), None when it had not."""
    seconds: float = 0.0
    """How long it took."""

    @property
    def flagged(self) -> tuple[Decision, ...]:
        """The decisions that cost more than the threshold, in the order they were made."""
        return tuple(d for d in self.decisions if d.flagged(self.threshold))

    @property
    def weighed(self) -> tuple[Decision, ...]:
        """The decisions the evaluator weighed."""
        return tuple(d for d in self.decisions if d.before is not None)

    def chances(self) -> list[float]:
        """The chance to win before each weighed decision, then the game's outcome (1 won, 0 lost): the chart's
        line."""
        line = [d.before for d in self.decisions if d.before is not None]
        if self.result is not None:
            line.append(1.0 if self.result == "won" else 0.0)
        return line

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "format": FORMAT,
            "evaluator": self.evaluator,
            "budget": self.budget,
            "threshold": self.threshold,
            "result": self.result,
            "seconds": self.seconds,
            "decisions": [d.to_dict() for d in self.decisions],
        }

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Review:
        """Back from :meth:`to_dict`; ``ValueError`` when it is not a review this version reads."""
        try:
            if data.get("format") != FORMAT:
                raise ValueError(f"a review of format {data.get('format')!r}, not {FORMAT}")
            return Review(
                evaluator=str(data["evaluator"]),
                budget=int(data["budget"]),
                threshold=float(data["threshold"]),
                decisions=tuple(Decision.from_dict(d) for d in data["decisions"]),
                result=data.get("result"),
                seconds=float(data.get("seconds", 0.0)),
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a review: {exc}") from None


def decision_points(history: Sequence[HistoryEntry]) -> list[int]:
    """The steps of ``history`` that were decisions: a command chosen among two or more legal ones."""
    steps = []
    for step in range(1, len(history)):
        if history[step].command.cmd in NOT_CHOICES:
            continue
        if len(legal_commands(history[step - 1].state_after)) > 1:
            steps.append(step)
    return steps


def review_history(
    history: Sequence[HistoryEntry],
    evaluator: Evaluator,
    *,
    budget: int = BUDGET,
    threshold: float = THRESHOLD,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
    workers: int = 1,
) -> Review:
    """Weigh every decision of a game (``history``: a session's, ``start`` first). ``progress`` is told after each
    decision; when ``cancelled`` answers True the review stops with :class:`ReviewCancelled`. With ``workers`` > 1
    the decisions are weighed in that many processes at once (the evaluator is sent to each: it must pickle)."""
    began = time.monotonic()
    steps = decision_points(history)
    tasks = [(history[step - 1].state_after, history[step], step) for step in steps]
    if workers > 1 and len(tasks) > 1:
        decisions = _in_processes(tasks, evaluator, budget, threshold, workers, progress, cancelled)
    else:
        decisions = []
        for done, (before, entry, step) in enumerate(tasks):
            if cancelled is not None and cancelled():
                raise ReviewCancelled
            decisions.append(weigh(before, entry.command, _after(entry), step, evaluator, budget, threshold))
            if progress is not None:
                progress(done + 1, len(tasks))
    last = history[-1].state_after
    return Review(
        evaluator=evaluator.name,
        budget=budget,
        threshold=threshold,
        decisions=tuple(decisions),
        result=last.result,
        seconds=time.monotonic() - began,
    )


Task = tuple[GameState, HistoryEntry, int]
"""One decision to weigh: the state before it, the command played (with its events and the state after), its step."""


def _in_processes(
    tasks: list[Task],
    evaluator: Evaluator,
    budget: int,
    threshold: float,
    workers: int,
    progress: Progress | None,
    cancelled: Callable[[], bool] | None,
) -> list[Decision]:
    """:func:`weigh` each task in ``workers`` processes (started fresh, "spawn": safe from a thread of a running
    App), the answers in the tasks' order."""
    context = multiprocessing.get_context("spawn")
    found: list[Decision | None] = [None] * len(tasks)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
    decks = _Decks()
    try:
        futures = {
            pool.submit(
                _weigh_sent,
                decks.sent(before),
                _without_deck(before),
                entry.command.to_dict(),
                _sent_after(entry),
                step,
                evaluator,
                budget,
                threshold,
            ): n
            for n, (before, entry, step) in enumerate(tasks)
        }
        pending = set(futures)
        done = 0
        while pending:
            if cancelled is not None and cancelled():
                raise ReviewCancelled
            finished, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in finished:
                found[futures[future]] = Decision.from_dict(future.result())
                done += 1
                if progress is not None:
                    progress(done, len(tasks))
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    return [d for d in found if d is not None]


def _sent_after(entry: HistoryEntry) -> GameState | None:
    """:func:`_after`, to send to another process (:func:`_without_deck`)."""
    after = _after(entry)
    return None if after is None else _without_deck(after)


def _after(entry: HistoryEntry) -> GameState | None:
    """The state after a command, when it revealed nothing (what the player knew when choosing it), else None."""
    return entry.state_after if entry.revealing is None else None


class _Decks:
    """The decks of the states sent to the processes, each pickled once (by value: a game's states share one)."""

    def __init__(self) -> None:
        self.blobs: dict[Deck, bytes] = {}

    def sent(self, state: GameState) -> bytes:
        """``state``'s deck, pickled."""
        blob = self.blobs.get(state.deck)
        if blob is None:
            blob = self.blobs[state.deck] = pickle.dumps(state.deck)
        return blob


def _without_deck(state: GameState) -> GameState:
    """``state`` to send to another process: its deck travels apart, as bytes (:func:`_deck`)."""
    return state.changed({"deck": None})


@lru_cache(maxsize=4)
def _deck(blob: bytes) -> Deck:
    """The deck pickled as ``blob``: one object for every state of a game a process weighs. The engine's caches are
    keyed by value, the deck among their keys: a copy of it (each state unpickled on its own would bring one) is equal
    to the deck a cached answer was kept with, but telling so compares every card, about ten times the cost of a
    rollout's command; the same deck object is told at once."""
    deck = pickle.loads(blob)
    if not isinstance(deck, Deck):
        raise TypeError(f"not a deck: {type(deck).__name__}")
    return deck


def _weigh_sent(
    deck: bytes,
    before: GameState,
    played: dict[str, Any],
    after: GameState | None,
    step: int,
    evaluator: Evaluator,
    rollouts: int,
    threshold: float,
) -> dict[str, Any]:
    """:func:`weigh` in another process: commands travel as their JSON form (a command does not pickle), the states
    without their deck, which comes once per process (:func:`_deck`)."""
    table = _deck(deck)
    before = before.changed({"deck": table})
    if after is not None:
        after = after.changed({"deck": table})
    return weigh(before, _command(played), after, step, evaluator, rollouts, threshold).to_dict()


def weigh(
    before: GameState,
    played: Command,
    after_state: GameState | None,
    step: int,
    evaluator: Evaluator,
    rollouts: int,
    threshold: float = THRESHOLD,
) -> Decision:
    """One decision (``played`` from ``before``, at ``step`` of the game): the evaluator's estimates from the
    player's view just before it (none: not weighed). ``after_state``: the state after it when the command
    revealed nothing, else None. A choice of the evaluator's that looks more than ``threshold`` points better than
    the one played is weighed again against it in fresh worlds, when the evaluator can (see the module
    docstring)."""
    state = before
    legal = legal_commands(state)
    view = player_view(state)  # R12: what the player knew, never the hidden cards
    estimates, rollouts_played = _estimates(evaluator, view, legal, played, rollouts)
    best = _best(estimates)
    if best is None:  # the evaluator leaves this one to play (the dice of a fight, one die at a time)
        return Decision(step, state.round, played, None, None, None, len(legal), 0)
    mine = next((e for e in estimates if e.command == played), None)
    after = mine.win_chance if mine is not None else None
    if mine is None and after_state is not None:
        # Left out as no better than one listed; nothing was revealed, so the table after it is what the player
        # knew when choosing.
        after = evaluator.win_chance(player_view(after_state), rollouts)
    best_chance = best.win_chance
    spread = None
    if mine is not None and best.command != played:
        spread = paired_se(best.outcomes, mine.outcomes)
        if (best_chance - mine.win_chance) * 100 > threshold and isinstance(evaluator, WeighsAgain):
            again = evaluator.estimate_again(view, [best.command, played], rollouts)
            rollouts_played += sum(e.rollouts for e in again)
            theirs = next((e for e in again if e.command == best.command), None)
            mine = next((e for e in again if e.command == played), None)
            if theirs is not None and mine is not None:
                best_chance, after = theirs.win_chance, mine.win_chance
                spread = paired_se(theirs.outcomes, mine.outcomes)
    chosen = best.command if best.command != played and best_chance > (after if after is not None else -1) else None
    return Decision(
        step,
        state.round,
        played,
        chosen,
        max(best_chance, after or 0.0),
        after,
        len(legal),
        rollouts_played,
        spread if chosen is not None else None,
    )


def _estimates(
    evaluator: Evaluator, view: PlayerView, legal: Sequence[Command], played: Command, rollouts: int
) -> tuple[list[Estimate], int]:
    """The estimates a decision is judged by, and the rollouts they cost. An evaluator that weighs in stages
    (:class:`~twentystrong.review.evaluator.WeighsInStages`) weighs every command in the first half of the worlds
    (at least :data:`STAGE`); then the command played, and those that won more of those worlds than it did
    (:func:`still_racing`), in the rest. The others leave the race: over the first worlds they did no better than
    the command played, so there is no cost to estimate. (A flag needs a cost of about 50 points over 8 fresh worlds:
    a command that much better wins a world the command played loses at least every other time, so it leaves only
    when none of the first four showed it, about 1 time in 16 when it never does worse.) Only the commands weighed
    in every world are answered, so their outcomes pair up; a fixed rule, so the same game gets the same review."""
    first = rollouts // 2
    if not isinstance(evaluator, WeighsInStages) or first < STAGE:
        estimates = evaluator.estimate(view, legal, rollouts)
        return estimates, sum(e.rollouts for e in estimates)
    estimates = evaluator.estimate(view, legal, first)
    spent = sum(e.rollouts for e in estimates)
    racing = still_racing(estimates, played)
    if racing is None:  # unweighed, or the command played not listed: weighed as a whole
        if not estimates:
            return [], 0
        estimates = evaluator.estimate(view, legal, rollouts)
        return estimates, spent + sum(e.rollouts for e in estimates)
    rest = evaluator.estimate_from(view, [e.command for e in racing], rollouts - first, first)
    spent += sum(e.rollouts for e in rest)
    later = {e.command: e for e in rest}
    whole = []
    for e in racing:
        outcomes = e.outcomes + later[e.command].outcomes
        whole.append(Estimate(e.command, sum(outcomes) / len(outcomes), len(outcomes), outcomes))
    return sorted(whole, key=lambda e: -e.win_chance), spent


def still_racing(estimates: Sequence[Estimate], played: Command) -> list[Estimate] | None:
    """The estimates still in the race after the first worlds: the command played's, and every other that won more
    of those worlds than it did (in the order listed); None when the command played is not listed or the estimates
    do not pair up world by world."""
    mine = next((e for e in estimates if e.command == played), None)
    if mine is None or not mine.outcomes or any(len(e.outcomes) != len(mine.outcomes) for e in estimates):
        return None
    return [e for e in estimates if e is mine or sum(e.outcomes) > sum(mine.outcomes)]


def paired_se(theirs: Sequence[float], mine: Sequence[float]) -> float | None:
    """The standard error, in points, of the mean of ``theirs[i] - mine[i]`` (two commands' outcomes in the same
    worlds), at least one world's worth (a few worlds that all agree do not make a cost certain); None without
    outcomes world by world."""
    n = len(theirs)
    if n == 0 or len(mine) != n:
        return None
    diffs = [a - b for a, b in zip(theirs, mine, strict=True)]
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 1.0
    return 100 * max(math.sqrt(variance / n), 1 / n)


def _best(estimates: Sequence[Estimate]) -> Estimate | None:
    """The highest chance (the first listed among equals)."""
    best: Estimate | None = None
    for estimate in estimates:
        if best is None or estimate.win_chance > best.win_chance:
            best = estimate
    return best
