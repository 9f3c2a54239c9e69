"""A game's history replayed to every decision the player made, each weighed by an evaluator from the player's view.

A **decision** is what the player chose, grouped as a player thinks of it (a forced command, the start, and the
faces entered from physical dice are not choices):

- a fight's dice are one decision a step (:data:`GROUPED`): a Commit step (which dice, then the roll), an Apply step
  (what was applied before rolling again or resolving), a Recover step (which dice), each a **line** of commands
  weighed as a whole against the expert's alternatives for it (:func:`alternatives`: its own line, and the player's
  line changed where it matters: one die fewer or more, the other ending, an item used before the end);
- every other command chosen among two or more (a stack, a reward, an item, an ability, a Tactic, an effect's
  choice), one decision each, also when it is played inside a fight's step (against the other such commands and
  the expert's own move in that step).

For each, the evaluator weighs the legal commands (or lines) from
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
  several noisy estimates is too high by its luck (the winner's curse), a fresh measure of it is not. While that
  cost is still above the threshold but within its margin, further fresh worlds are added (:func:`settle`, at most
  :data:`MORE` batches), so the budget goes to the decisions the review is unsure of until each is flagged or cleared.

A line is weighed from the table before its first command (:class:`~twentystrong.review.evaluator.WeighsLines`): in
each sampled world its commands are played while they are legal there (a card turned up may make one not), then the
expert plays on. An evaluator may leave a decision unweighed (one that cannot weigh lines leaves a fight's dice): it
is listed, without figures.
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
from typing import Any, NamedTuple, TypeVar

from twentystrong.bots.expert import world
from twentystrong.bots.router import HeuristicPlayer
from twentystrong.content.model import Deck
from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.decide import decide_and_apply
from twentystrong.engine.legal import legal_commands
from twentystrong.engine.state import GameState
from twentystrong.engine.view import PlayerView, player_view
from twentystrong.review.evaluator import Estimate, Evaluator, LineEstimate, WeighsAgain, WeighsInStages, WeighsLines
from twentystrong.review.expert import DICE
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
FORMAT = 5
"""The version of a review's stored form (:meth:`Review.to_dict`). 2: each decision's ``cost_se``, flags sure of
their cost (a review of format 1 is made again when asked: its flags were not). 3: a decision weighed in stages
(its ``rollouts`` fewer, its figures from the commands still in the race: a review of format 2 is made again when
asked, so that one game's reviews are all made the same way). 4: a fight's dice weighed, a step's commands as one
decision (its ``start``, ``line`` and ``expert_line``), and the other commands of a fight's steps (a reward, an
item, an ability) weighed too: a review of format 3 left them out, so it is made again when asked. 5: an item
discarded is weighed only where an item's room is the decision (:func:`weighed_options`): a review of format 4 may
advise discarding an item in place of choosing a die, so it is made again when asked."""
MORE = 3
"""The most further batches of fresh worlds (each as many as the budget) a decision weighed again is given while
its cost is above the threshold but not sure to be (:func:`settle`): until it is flagged or cleared, or at this cap
(a count, not a time: the same game always gets the same review)."""
STAGE = 4
"""The fewest worlds of a decision's first stage: with fewer, every command is weighed in every world."""
NOT_CHOICES = frozenset({"start", "face", "faces"})
"""Commands that are never a decision: the start, and faces read off physical dice (chance, not choice)."""
GROUPED = frozenset({"commit", "apply", "recover"})
"""The steps of a fight's dice: their dice commands (:data:`DICE`) are one decision a step, a line."""
ENDINGS = {"repeat": "resolve", "resolve": "repeat"}
"""An Apply step's two endings: rolling again, or resolving."""
LONGEST = 40
"""The most commands of the expert's own line for a step (a step longer than that is cut there: it plays on)."""
ITEMS = 2
"""The most items an Apply step's alternatives use before its ending."""

E = TypeVar("E", Estimate, LineEstimate)

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
    start: int = 0
    """A line's first step (its table is ``history[start - 1]``'s state); 0 for a single command."""
    line: tuple[Command, ...] = ()
    """A step's commands as played, as one decision (:attr:`played` its last); empty for a single command."""
    expert_line: tuple[Command, ...] = ()
    """The evaluator's line when it differs from the one played (:attr:`expert` its last); empty otherwise."""

    @property
    def opens(self) -> int:
        """The step the decision began at (the table it was made from is ``history[opens - 1]``'s state)."""
        return self.start if self.line else self.step

    @property
    def key(self) -> str:
        """An id unique in its review: ``12`` for a single command, ``10-15`` for a line."""
        return f"{self.start}-{self.step}" if self.line else str(self.step)

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

    def doubtful(self, threshold: float) -> bool:
        """Whether the decision might have cost more than ``threshold`` points without being sure to: the evaluator
        would have chosen otherwise and its estimate of the cost is above the threshold, but within its
        :attr:`margin` of it (not :meth:`flagged`)."""
        cost = self.cost
        return self.expert is not None and cost is not None and cost > threshold and not self.flagged(threshold)

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
            "start": self.start,
            "line": [c.to_dict() for c in self.line],
            "expert_line": [c.to_dict() for c in self.expert_line],
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
            start=int(data.get("start", 0)),
            line=tuple(_command(c) for c in data.get("line", ())),
            expert_line=tuple(_command(c) for c in data.get("expert_line", ())),
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
    def doubtful(self) -> tuple[Decision, ...]:
        """The decisions that might have cost more than the threshold, within the review's margin
        (:meth:`Decision.doubtful`), in the order they were made."""
        return tuple(d for d in self.decisions if d.doubtful(self.threshold))

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


class Span(NamedTuple):
    """Where a decision lies in the game's history: from ``start`` to ``step`` (one step for a single command)."""

    start: int
    step: int
    line: bool
    """Whether it is a step's line of dice commands (:data:`GROUPED`), else a single command."""


def decision_spans(history: Sequence[HistoryEntry]) -> list[Span]:
    """The decisions of ``history``, in the order they began (a line before the reward taken inside it): each step
    of a fight's dice as one line (when one of its dice commands was chosen among two or more), and every other
    command chosen among two or more, one each (also one played inside a fight's step: a reward, an item)."""
    spans: list[Span] = []
    opened: tuple[int, str, int] | None = None
    """The open line: its first step, its step's name, its round."""
    last = 0
    chosen = False

    def close() -> None:
        if opened is not None and chosen:
            spans.append(Span(opened[0], last, True))

    for step in range(1, len(history)):
        before = history[step - 1].state_after
        command = history[step].command
        if command.cmd in NOT_CHOICES:
            continue
        if opened is not None and (opened[1], opened[2]) != (before.step, before.round):
            close()
            opened = None
        choice = len(legal_commands(before)) > 1
        if before.step not in GROUPED:
            if choice:
                spans.append(Span(step, step, False))
            continue
        if opened is None:
            opened, chosen = (step, before.step, before.round), False
        last = step
        if command.cmd in DICE:
            chosen = chosen or choice
        elif choice:
            spans.append(Span(step, step, False))
    close()
    return sorted(spans, key=lambda span: (span.start, span.step))


def decision_points(history: Sequence[HistoryEntry]) -> list[int]:
    """The steps of ``history`` at which each decision closed, in the order they began (:func:`decision_spans`)."""
    return [span.step for span in decision_spans(history)]


def played_line(history: Sequence[HistoryEntry], span: Span) -> tuple[Command, ...]:
    """The commands of a line as the player played them (the faces of physical dice left out)."""
    commands = (history[s].command for s in range(span.start, span.step + 1))
    return tuple(c for c in commands if c.cmd not in NOT_CHOICES)


def alternatives(history: Sequence[HistoryEntry], span: Span) -> tuple[tuple[Command, ...], ...]:
    """The lines a step's decision is weighed among, the one played first: the expert's own line for the step
    (:func:`own_line`), and the played line changed where a player may have erred: in a Commit step one die fewer
    (the last committed) or one more (the one the expert would add); in an Apply step the other ending (rolling
    again instead of resolving, or the other way), and an item used before the ending (:data:`ITEMS` at most,
    the expert playing on after it)."""
    before = history[span.start - 1].state_after
    line = played_line(history, span)
    found = [line]

    def add(other: tuple[Command, ...]) -> None:
        if other and other not in found:
            found.append(other)

    add(own_line(before))
    end = line[-1]
    last = history[span.step - 1].state_after  # the table before the line's last command
    legal = legal_commands(last)
    if before.step == "commit" and end.cmd == "roll":
        commits = [n for n, c in enumerate(line) if c.cmd == "commit"]
        if len(commits) > 1:
            add(line[: commits[-1]] + line[commits[-1] + 1 :])
        more = [c for c in legal if c.cmd == "commit"]
        if more:
            chosen = HeuristicPlayer(0).choose(player_view(last), more)  # it may answer with its own plan's roll
            add((*line[:-1], chosen if chosen in more else more[0], end))
    if before.step == "apply" and end.cmd in ENDINGS:
        other = next((c for c in legal if c.cmd == ENDINGS[end.cmd]), None)
        if other is not None:
            add((*line[:-1], other))
        items: dict[str | None, Command] = {}
        for c in legal:
            if c.cmd == "use_item" and len(items) < ITEMS:
                items.setdefault(c.item, c)
        for item in items.values():
            add((*line[:-1], item))
    return tuple(found)


def own_line(before: GameState) -> tuple[Command, ...]:
    """The expert's own line for the step ``before`` waits in (its heuristic play, to the step's end), played in a
    sampled world of it (:func:`twentystrong.bots.expert.world`: the hidden cards drawn again, never the true ones)."""
    s = world(before, 0)
    player = HeuristicPlayer(0)
    line: list[Command] = []
    while len(line) < LONGEST and s.result is None and (s.step, s.round) == (before.step, before.round):
        legal = legal_commands(s)
        if not legal:
            break
        command = player.choose(player_view(s), legal)
        out = decide_and_apply(s, command)
        if isinstance(out, Rejected):
            break
        line.append(command)
        s = out[1]
    return tuple(line)


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
    tasks = [_task(history, span) for span in decision_spans(history)]
    if workers > 1 and len(tasks) > 1:
        decisions = _in_processes(tasks, evaluator, budget, threshold, workers, progress, cancelled)
    else:
        decisions = []
        for done, task in enumerate(tasks):
            if cancelled is not None and cancelled():
                raise ReviewCancelled
            decisions.append(_weigh_task(task, evaluator, budget, threshold))
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


@dataclass(frozen=True, slots=True)
class Task:
    """One decision to weigh."""

    before: GameState
    """The table before it (before a line's first command)."""
    span: Span
    played: tuple[Command, ...]
    """The command played, or a line's commands."""
    after: GameState | None
    """A single command's state after it when it revealed nothing (:func:`_after`), else None."""
    options: tuple[tuple[Command, ...], ...] = ()
    """A line's alternatives (:func:`alternatives`, the one played first)."""


def _task(history: Sequence[HistoryEntry], span: Span) -> Task:
    before = history[span.start - 1].state_after
    if span.line:
        return Task(before, span, played_line(history, span), None, alternatives(history, span))
    entry = history[span.step]
    return Task(before, span, (entry.command,), _after(entry))


def _weigh_task(task: Task, evaluator: Evaluator, budget: int, threshold: float) -> Decision:
    if task.span.line:
        return weigh_line(task.before, task.options, task.span, evaluator, budget, threshold)
    return weigh(task.before, task.played[0], task.after, task.span.step, evaluator, budget, threshold)


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
                decks.sent(task.before),
                _without_deck(task.before),
                _sent_task(task),
                None if task.after is None else _without_deck(task.after),
                evaluator,
                budget,
                threshold,
            ): n
            for n, task in enumerate(tasks)
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


def _sent_task(task: Task) -> dict[str, Any]:
    """A task's commands and span in their JSON form (a command does not pickle)."""
    return {
        "span": list(task.span),
        "played": [c.to_dict() for c in task.played],
        "options": [[c.to_dict() for c in line] for line in task.options],
    }


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
    sent: dict[str, Any],
    after: GameState | None,
    evaluator: Evaluator,
    rollouts: int,
    threshold: float,
) -> dict[str, Any]:
    """:func:`weigh` (or :func:`weigh_line`) in another process: commands travel as their JSON form (a command does
    not pickle), the states without their deck, which comes once per process (:func:`_deck`)."""
    table = _deck(deck)
    before = before.changed({"deck": table})
    if after is not None:
        after = after.changed({"deck": table})
    start, step, line = sent["span"]
    task = Task(
        before,
        Span(int(start), int(step), bool(line)),
        tuple(_command(c) for c in sent["played"]),
        after,
        tuple(tuple(_command(c) for c in option) for option in sent["options"]),
    )
    return _weigh_task(task, evaluator, rollouts, threshold).to_dict()


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
    legal = weighed_options(state, side_options(state, legal_commands(state)), played)
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
                pair = (best.command, played)

                def more(first: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
                    if not isinstance(evaluator, WeighsInStages):
                        return (), ()
                    found = {e.command: e.outcomes for e in evaluator.estimate_from(view, pair, rollouts, first)}
                    return found.get(pair[0], ()), found.get(pair[1], ())

                ours, yours, extra = settle(theirs.outcomes, mine.outcomes, more, rollouts, threshold)
                rollouts_played += extra
                if extra:  # the fresh worlds and the further ones, pooled
                    best_chance, after = sum(ours) / len(ours), sum(yours) / len(yours)
                else:
                    best_chance, after = theirs.win_chance, mine.win_chance
                spread = paired_se(ours, yours)
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


ROOM = frozenset({"gain_item", "discard_item"})
"""Commands that make an item's room a decision: where one is legal (or played), discarding an item is a choice."""


def weighed_options(state: GameState, legal: Sequence[Command], played: Command) -> list[Command]:
    """``legal`` without the items discarded, unless an item's room is the decision: the command played is one of
    :data:`ROOM`, one may be gained (the rules let a player discard to make room first), or the item limit asks for
    it. An item may be discarded at any time, so at every other decision (a die chosen, a stack activated) each item
    would be an alternative: one that changes nothing but the item lost, and that, among a decision's many commands
    played out in a few worlds, wins by the worlds' luck alone (the best of many noisy estimates is too high), so
    that the review advised discarding an item in place of choosing a die."""
    prompt = state.prompt
    if played.cmd in ROOM or (prompt is not None and prompt.kind == "item_limit"):
        return list(legal)
    if any(c.cmd == "gain_item" for c in legal):
        return list(legal)
    return [c for c in legal if c.cmd != "discard_item"]


def side_options(state: GameState, legal: Sequence[Command]) -> list[Command]:
    """The commands a single decision is weighed among: every legal one, but in a fight's step (:data:`GROUPED`,
    where the dice are a line of their own) the commands other than the dice, and the expert's own move there (its
    heuristic play: going on with the dice is what not using an item, or not taking a reward yet, means), listed
    first."""
    if state.step not in GROUPED:
        return list(legal)
    side = [c for c in legal if c.cmd not in DICE]
    dice = [c for c in legal if c.cmd in DICE]
    if not dice:
        return side
    # First: among equals, the expert's choice is going on with the dice (not a mission forfeited, say).
    return [HeuristicPlayer(0).choose(player_view(state), dice), *side]


def weigh_line(
    before: GameState,
    options: Sequence[tuple[Command, ...]],
    span: Span,
    evaluator: Evaluator,
    rollouts: int,
    threshold: float = THRESHOLD,
) -> Decision:
    """A step's line (``options[0]``, played from ``before`` between ``span.start`` and ``span.step``) weighed
    against its alternatives (``options[1:]``, :func:`alternatives`) from the player's view before it, in stages
    like a single command (:func:`weigh`), a costly-looking one again in fresh worlds. Unweighed when the evaluator
    cannot weigh lines (:class:`~twentystrong.review.evaluator.WeighsLines`)."""
    line = options[0]
    unweighed = Decision(
        span.step, before.round, line[-1], None, None, None, len(options), 0, start=span.start, line=line
    )
    if not isinstance(evaluator, WeighsLines):
        return unweighed
    view = player_view(before)  # R12
    first = rollouts // 2
    if first < STAGE or len(options) == 1:
        found = evaluator.estimate_lines(view, options, rollouts, 0)
        spent = sum(e.rollouts for e in found)
    else:
        found = evaluator.estimate_lines(view, options, first, 0)
        spent = sum(e.rollouts for e in found)
        mine = next(e for e in found if e.line == line)
        racing = _racing(found, mine)
        rest = {e.line: e for e in evaluator.estimate_lines(view, [e.line for e in racing], rollouts - first, first)}
        spent += sum(e.rollouts for e in rest.values())
        found = []
        for e in racing:
            outcomes = e.outcomes + rest[e.line].outcomes
            found.append(LineEstimate(e.line, sum(outcomes) / len(outcomes), len(outcomes), outcomes))
    mine = next(e for e in found if e.line == line)
    best = max(found, key=lambda e: (e.win_chance, e is mine))  # the line played among equals
    best_chance, after, spread = best.win_chance, mine.win_chance, paired_se(best.outcomes, mine.outcomes)
    if best is not mine and (best_chance - after) * 100 > threshold:
        pair = [best.line, line]
        again = {e.line: e for e in evaluator.estimate_lines(view, pair, rollouts, rollouts)}
        spent += sum(e.rollouts for e in again.values())

        def more(first: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
            found = {e.line: e.outcomes for e in evaluator.estimate_lines(view, pair, rollouts, first)}
            return found[pair[0]], found[pair[1]]

        ours, yours, extra = settle(again[best.line].outcomes, again[line].outcomes, more, rollouts, threshold)
        spent += extra
        if extra:
            best_chance, after = sum(ours) / len(ours), sum(yours) / len(yours)
        else:
            best_chance, after = again[best.line].win_chance, again[line].win_chance
        spread = paired_se(ours, yours)
    better = best is not mine and best_chance > after
    return Decision(
        span.step,
        before.round,
        line[-1],
        best.line[-1] if better else None,
        max(best_chance, after),
        after,
        len(options),
        spent,
        spread if better else None,
        start=span.start,
        line=line,
        expert_line=best.line if better else (),
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


def settle(
    theirs: Sequence[float],
    mine: Sequence[float],
    more: Callable[[int], tuple[Sequence[float], Sequence[float]]],
    rollouts: int,
    threshold: float,
) -> tuple[tuple[float, ...], tuple[float, ...], int]:
    """Two commands' (or lines') outcomes weighed again in fresh worlds (the expert's choice's, the one played's), with
    more worlds while the cost they say is above ``threshold`` but not sure to be (within :data:`SURE` standard
    errors of it): ``more(first)`` weighs both in the ``rollouts`` worlds numbered from ``first`` on (after the
    first stage's and the fresh ones: from ``2 * rollouts``), at most :data:`MORE` times. So the rollouts go to the
    decisions the review is unsure of, until each is flagged or cleared; a fixed rule (the same game, the same
    review). The outcomes pooled, and the rollouts the further worlds cost."""
    ours, yours = tuple(theirs), tuple(mine)
    spent = 0
    for batch in range(MORE):
        spread = paired_se(ours, yours)
        if spread is None:
            break
        cost = 100 * (sum(ours) - sum(yours)) / len(ours)
        if cost <= threshold or cost - SURE * spread > threshold:
            break
        a, b = more((2 + batch) * rollouts)
        if not a or len(a) != len(b):
            break
        ours, yours = ours + tuple(a), yours + tuple(b)
        spent += len(a) + len(b)
    return ours, yours, spent


def still_racing(estimates: Sequence[Estimate], played: Command) -> list[Estimate] | None:
    """The estimates still in the race after the first worlds: the command played's, and every other that won more
    of those worlds than it did (in the order listed); None when the command played is not listed or the estimates
    do not pair up world by world."""
    mine = next((e for e in estimates if e.command == played), None)
    if mine is None or not mine.outcomes or any(len(e.outcomes) != len(mine.outcomes) for e in estimates):
        return None
    return _racing(estimates, mine)


def _racing(estimates: Sequence[E], mine: E) -> list[E]:
    """``mine``, and every estimate that won more of the same worlds than it did (in the order listed)."""
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
    return round(100 * max(math.sqrt(variance / n), 1 / n), 2)  # to a hundredth, as kept (Decision.to_dict)


def _best(estimates: Sequence[Estimate]) -> Estimate | None:
    """The highest chance (the first listed among equals)."""
    best: Estimate | None = None
    for estimate in estimates:
        if best is None or estimate.win_chance > best.win_chance:
            best = estimate
    return best
