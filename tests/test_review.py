"""The game review (issue 30): a recorded game replayed to every decision, each weighed from the player's view;
the flagged decisions in words; progress and cancellation; the review kept in the record (and older records
migrated to hold it); no peeking (a game whose hidden order is changed gets the same estimates until the change
is revealed)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from record_helpers import PLAIN, entry, finished, plain
from review_helpers import OpenEvaluator

from twentystrong.bots import make_bot
from twentystrong.engine.commands import Command
from twentystrong.engine.legal import legal_commands
from twentystrong.engine.state import SetupOptions
from twentystrong.engine.view import PlayerView, player_view, state_of, state_view
from twentystrong.kits.solar_sentinels.rules.table import SolarSentinelsTable
from twentystrong.record.db import RecordUnavailable, migrate, open_record
from twentystrong.record.games import add_entry, add_game, list_games
from twentystrong.record.reviews import keep_review, kept_review
from twentystrong.review.evaluator import Estimate
from twentystrong.review.kept import keep, kept
from twentystrong.review.review import (
    FORMAT,
    GROUPED,
    MORE,
    THRESHOLD,
    Decision,
    Review,
    ReviewCancelled,
    decision_points,
    decision_spans,
    paired_se,
    review_history,
    settle,
    weigh,
    weighed_options,
)
from twentystrong.review.words import flag_words, summary_words, text_chart
from twentystrong.session import Session
from twentystrong.session.history import HistoryEntry


@pytest.fixture(scope="module")
def game() -> Session:
    """A plain-deck game the heuristic bot won (19 rounds)."""
    return finished("tester", 2)


def test_every_decision_is_weighed_from_the_table_before_it(game: Session) -> None:
    """The decisions are exactly the commands chosen among two or more, a fight's dice a step at a time (a line);
    each holds what was played, the chance before (the best estimate) and after (the played command's estimate),
    and the evaluator's choice only when it differs and is better."""
    review = review_history(game.history, OpenEvaluator())
    steps = [d.step for d in review.decisions]
    assert steps == decision_points(game.history)
    assert all(len(legal_commands(game.history[d.step - 1].state_after)) > 1 for d in review.decisions if not d.line)
    assert len(steps) > 100 and review.result == "won"
    assert {d.line[-1].cmd for d in review.decisions if d.line} >= {"roll", "resolve"}
    for d in review.decisions:
        assert d.played == game.history[d.step].command
        assert d.round == game.history[d.opens - 1].state_after.round
        assert d.after is not None and 0 <= d.after <= d.before <= 1
        if d.expert is None:
            assert d.before == d.after
        else:
            assert (d.expert_line != d.line if d.line else d.expert != d.played) and d.before > d.after
    assert review.chances()[-1] == 1.0 and len(review.chances()) == len(steps) + 1


def test_costly_decisions_are_flagged_in_a_players_words(game: Session) -> None:
    review = review_history(game.history, OpenEvaluator(), threshold=5)
    assert review.flagged
    for d in review.flagged:
        assert d.cost is not None and d.cost > 5 and d.expert is not None
    assert all(not d.flagged(5) for d in review.decisions if d not in review.flagged)
    activation = next(d for d in review.flagged if d.played.cmd == "activate")
    words = flag_words(activation, game.history)
    # The deck's words (its kit's "activate stack N (card)"), the cost in points, before → after, the better choice.
    assert words.startswith(f"You activate stack {activation.played.stack} (")
    assert f"cost about {round(activation.cost or 0)} points" in words
    assert f"({round(activation.before * 100)}% → {round((activation.after or 0) * 100)}%)" in words
    # The expert's choice in the decision's own terms: an item discarded (or used) comes before the activation.
    assert activation.expert is not None
    if activation.expert.cmd in ("use_item", "discard_item", "use_ability"):
        assert "The expert would not do this yet, but first: You " in words
    else:
        assert "The expert would rather: You " in words
    assert f"{len(review.flagged)} cost clearly more than 5 points" in summary_words(review)


def test_the_text_chart_marks_the_chance_and_the_flagged_decisions_without_colour(game: Session) -> None:
    review = review_history(game.history, OpenEvaluator())
    lines = text_chart(review, width=40, height=8)
    assert lines[0].startswith("100% │") and any(line.startswith("  0% │") for line in lines)
    assert all("\x1b" not in line for line in lines)  # no colour codes
    plot = [line[6:] for line in lines[:9]]
    assert all(len(row) == 40 for row in plot)
    assert sum(row.count("●") for row in plot) == 40  # one mark per column
    assert "!" in lines[-2] and lines[-1].startswith("round 1")
    assert plot[0][-1] == "●"  # won: the last column at 100%


def test_progress_is_told_and_the_review_can_be_cancelled(game: Session) -> None:
    seen: list[tuple[int, int]] = []
    review_history(game.history[:60], OpenEvaluator(), progress=lambda done, total: seen.append((done, total)))
    total = len(decision_points(game.history[:60]))
    assert seen == [(n, total) for n in range(1, total + 1)]

    asked: list[int] = []

    def cancelled() -> bool:
        asked.append(1)
        return len(asked) > 5

    weighed: list[int] = []
    with pytest.raises(ReviewCancelled):
        review_history(game.history, OpenEvaluator(), cancelled=cancelled, progress=lambda d, t: weighed.append(d))
    assert weighed == [1, 2, 3, 4, 5]  # stopped at once: no decision weighed after the cancel


def test_a_review_survives_its_json_form(game: Session) -> None:
    review = review_history(game.history, OpenEvaluator())
    again = Review.from_dict(review.to_dict())
    assert again.decisions == review.decisions  # exactly: the flags read the same
    assert [d.step for d in again.flagged] == [d.step for d in review.flagged]
    with pytest.raises(ValueError, match="format"):
        Review.from_dict({"format": 99})
    with pytest.raises(ValueError, match="not a review"):
        Review.from_dict({"format": FORMAT, "evaluator": "x"})


class Lister:
    """An evaluator that lists only its best command (as an expert may)."""

    name = "lister"

    def win_chance(self, view: PlayerView, rollouts: int = 0) -> float:
        return 0.4

    def estimate(self, view: PlayerView, legal: Sequence[Command], rollouts: int) -> list[Estimate]:
        return [Estimate(legal[-1], 0.5, 3)]


def test_a_command_the_evaluator_left_out_is_weighed_from_the_table_after_it_unless_it_revealed(
    game: Session,
) -> None:
    review = review_history(game.history[:80], Lister())
    for d in review.decisions:
        played = game.history[d.step]
        if d.line:  # an evaluator that cannot weigh a step's line leaves it
            assert not d.weighed and not d.flagged(0)
            continue
        before = game.history[d.step - 1].state_after
        if d.played == weighed_options(before, legal_commands(before), d.played)[-1]:  # what the Lister is given
            assert (d.before, d.after, d.expert) == (0.5, 0.5, None)
        elif played.revealing is None:
            assert (d.before, d.after) == (0.5, 0.4) and d.expert is not None and d.cost == pytest.approx(10)
        else:  # a roll, a card turned up: what came after is not what the player knew
            assert d.after is None and d.cost is None and not d.flagged(0)


# --- kept in the record ---------------------------------------------------------------------------------------------


def test_a_review_is_kept_in_the_record_and_replaced_by_a_new_one(game: Session) -> None:
    number = add_game(game).id
    assert number is not None
    assert kept_review(number) is None
    first = review_history(game.history[:40], OpenEvaluator())
    keep_review(number, first.to_dict())
    assert Review.from_dict(kept_review(number) or {}) == Review.from_dict(first.to_dict())
    second = replace(first, budget=7)
    keep_review(number, second.to_dict())
    assert (kept_review(number) or {})["budget"] == 7
    with pytest.raises(RecordUnavailable, match="no game #99"):
        keep_review(99, first.to_dict())
    assert kept_review(99) is None


def test_a_record_of_schema_version_2_opens_and_gains_the_reviews_table(tmp_path: Path) -> None:
    """Additive: the games and the ladder of a version-2 record stay as they were."""
    path = tmp_path / "record.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, to=2)
    assert "reviews" not in {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    conn.close()
    add_entry(entry(1), path=path)  # opening migrates; a game added to the fresh version-2 file above
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA user_version = 2")
    conn.execute("DROP TABLE reviews")  # back to version 2 exactly, with a game in it
    conn.close()
    record = open_record(path)
    try:
        assert record.conn.execute("PRAGMA user_version").fetchone()[0] == 3
        assert record.conn.execute("SELECT count(*) FROM reviews").fetchone()[0] == 0
    finally:
        record.close()
    rows, _ = list_games(path)
    assert [r.id for r in rows] == [1]
    keep_review(1, {"format": 1, "evaluator": "x", "budget": 1}, path)
    assert kept_review(1, path) == {"format": 1, "evaluator": "x", "budget": 1}


# --- no peeking -----------------------------------------------------------------------------------------------------


def twin(game: Session, at: int) -> tuple[Session, int]:
    """The same game with the hidden order changed after step ``at`` (two face-down cards of a stack swapped), the
    same commands played on from there; and the first step whose table a player sees differently (the change
    revealed)."""
    state = game.history[at].state_after
    table = state.table
    assert isinstance(table, SolarSentinelsTable)
    deep = max(range(len(table.stacks)), key=lambda i: len(table.stacks[i]))
    stack = table.stacks[deep]
    assert len(stack) >= 3
    swapped = (*stack[:-2], stack[-1], stack[-2])  # the two deepest: face down (R12) for a while yet
    stacks = tuple(swapped if i == deep else s for i, s in enumerate(table.stacks))
    changed = replace(state, table=replace(table, stacks=stacks))
    assert state_view(changed) == state_view(state) and changed != state  # hidden, and really different
    original = game.history[at]
    other = Session(game.deck, game.options, [*game.history[:at], HistoryEntry(original.command, (), changed)])
    for later in game.history[at + 1 :]:
        if other.state.result is not None or later.command not in other.legal():
            break
        other.dispatch(later.command)
    revealed = next(
        step
        for step in range(at + 1, min(len(game.history), len(other.history)))
        if state_view(game.history[step].state_after) != state_view(other.history[step].state_after)
    )
    return other, revealed


class Peeker(OpenEvaluator):
    """Reads the face-down cards too: what the review must never let count (the twin test catches it)."""

    def win_chance(self, view: PlayerView, rollouts: int = 0) -> float:
        table = state_of(view).table
        assert isinstance(table, SolarSentinelsTable)
        hidden = "".join(card for stack in table.stacks for card in stack[1:])
        return (hash(hidden) % 100) / 100


def test_no_peeking_a_changed_hidden_order_gives_the_same_estimates_until_it_is_revealed(game: Session) -> None:
    at = 12
    other, revealed = twin(game, at)
    assert revealed - at > 5  # some decisions lie between the change and its reveal
    first, second = OpenEvaluator(), OpenEvaluator()
    a = review_history(game.history, first)
    b = review_history(other.history, second)
    before_a = [d for d in a.decisions if d.step <= revealed]
    before_b = [d for d in b.decisions if d.step <= revealed]
    assert before_a == before_b and len(before_a) > 10
    assert first.views[: len(before_a)] == second.views[: len(before_b)]
    # An evaluator that read the hidden cards would tell the twins apart at once.
    peeked_a = review_history(game.history[: revealed + 1], Peeker())
    peeked_b = review_history(other.history[: revealed + 1], Peeker())
    after_change = [d.step for d in peeked_a.decisions if d.step > at]
    assert after_change
    differ = [x.step for x, y in zip(peeked_a.decisions, peeked_b.decisions, strict=True) if x.step > at and x != y]
    assert differ  # the test can fail: hidden cards would show


class DiceLeft(OpenEvaluator):
    """Leaves the dice of a fight unweighed, as the expert does."""

    def estimate(self, view: PlayerView, legal: Sequence[Command], rollouts: int) -> list[Estimate]:
        if view.step in ("commit", "apply", "recover"):
            return []
        return super().estimate(view, legal, rollouts)


def test_a_decision_the_evaluator_leaves_unweighed_is_listed_without_figures(game: Session) -> None:
    review = review_history(game.history, DiceLeft())
    unweighed = [d for d in review.decisions if not d.weighed]
    assert unweighed and review.weighed
    assert len(review.decisions) == len(decision_points(game.history))  # every decision is listed
    for d in unweighed:
        assert (d.before, d.after, d.cost, d.expert, d.rollouts) == (None, None, None, None, 0)
        assert not d.flagged(0)
    assert len(review.chances()) == len(review.weighed) + 1
    assert Review.from_dict(review.to_dict()).decisions == review.decisions
    assert summary_words(review).startswith(f"{len(review.weighed)} decisions weighed")
    lines = text_chart(review, width=30)
    assert sum(line.count("●") for line in lines) == 30


def test_no_peeking_with_the_expert(game: Session) -> None:
    """The same with the real evaluator, the expert (two games played out per command, over the forty commands
    after the change, all before its reveal): the same estimates for both twins."""
    from twentystrong.review.expert import ExpertEvaluator

    at = 12
    other, revealed = twin(game, at)
    end = min(revealed, at + 40)
    a = review_history(game.history[: end + 1], ExpertEvaluator(), budget=2)
    b = review_history(other.history[: end + 1], ExpertEvaluator(), budget=2)
    assert [d for d in a.decisions if d.step > at and d.weighed]  # the expert weighed some after the change
    assert a.decisions == b.decisions


def test_weighing_in_two_processes_gives_the_same_review(game: Session) -> None:
    history = game.history[:40]
    alone = review_history(history, OpenEvaluator())
    seen: list[int] = []
    shared = review_history(history, OpenEvaluator(), workers=2, progress=lambda done, total: seen.append(done))
    assert shared.decisions == alone.decisions
    assert seen == list(range(1, len(alone.decisions) + 1))


# --- a flag means something: paired costs, their error, fresh worlds -------------------------------------------------


def test_the_paired_standard_error_of_known_outcomes() -> None:
    """The cost's error is that of a mean of paired differences (the two commands in the same worlds), at least
    one world's worth."""
    theirs = [1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0]
    mine = [0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 1.0]
    # Differences 1, 1, 1, 0, 0, 0, 0, -1: mean 0.25, sample variance 3.5 / 7 = 0.5, error sqrt(0.5 / 8) = 0.25.
    assert paired_se(theirs, mine) == pytest.approx(25.0)
    assert paired_se([1.0] * 8, [0.0] * 8) == pytest.approx(12.5)  # all agree: one world's worth, not zero
    assert paired_se([1.0] * 4, [0.0] * 4) == pytest.approx(25.0)
    # Worlds both win or both lose add nothing: 3 of 4 alike, one lost by the played command (mean -0.25).
    assert paired_se([1.0, 0.0, 1.0, 0.0, 1.0], [1.0, 0.0, 1.0, 1.0, 1.0]) == pytest.approx(20.0)
    assert paired_se([], []) is None and paired_se([1.0], [1.0, 0.0]) is None


class Sampler:
    """A sampling evaluator with known outcomes world by world: in the first worlds the other command (``rival``)
    wins every one and the played one none; in the fresh worlds, ``again`` says how they do."""

    name = "sampler"

    def __init__(self, rival: Command, again: tuple[list[float], list[float]] | None) -> None:
        self.rival = rival
        self.again = again
        self.asked_again = 0

    def win_chance(self, view: PlayerView, rollouts: int = 0) -> float:
        return 0.5

    def estimate(self, view: PlayerView, legal: Sequence[Command], rollouts: int) -> list[Estimate]:
        return [
            Estimate(c, 1.0 if c == self.rival else 0.0, rollouts, (1.0 if c == self.rival else 0.0,) * rollouts)
            for c in legal
        ]


class Resampler(Sampler):
    def estimate_again(self, view: PlayerView, commands: Sequence[Command], rollouts: int) -> list[Estimate]:
        assert self.again is not None
        self.asked_again += 1
        theirs, mine = self.again
        return [Estimate(c, sum(o) / len(o), len(o), tuple(o)) for c, o in ((commands[0], theirs), (commands[1], mine))]


def a_decision(game: Session) -> tuple[int, Command, Command]:
    step = next(s.step for s in decision_spans(game.history) if not s.line and game.history[s.step].revealing is None)
    played = game.history[step].command
    rival = next(c for c in legal_commands(game.history[step - 1].state_after) if c != played)
    return step, played, rival


def test_a_costly_looking_choice_is_weighed_again_in_fresh_worlds_and_kept_only_if_they_agree(game: Session) -> None:
    """The winner's curse: the best of the first estimates is lucky; the fresh worlds decide the flag."""
    step, played, rival = a_decision(game)
    h = game.history

    def weighed(evaluator: Sampler, rollouts: int = 8) -> Decision:
        return weigh(h[step - 1].state_after, played, h[step].state_after, step, evaluator, rollouts)

    luck = Resampler(rival, ([1.0, 0.0] * 4, [1.0, 0.0] * 4))  # in fresh worlds, no better
    d = weighed(luck)
    assert luck.asked_again == 1
    assert (d.cost, d.expert, d.cost_se, d.flagged(15)) == (0.0, None, None, False)
    assert d.rollouts == 8 * len(legal_commands(h[step - 1].state_after)) + 16

    sure = Resampler(rival, ([1.0] * 8, [0.0] * 7 + [1.0]))  # in fresh worlds, better in 7 of 8
    d = weighed(sure)
    assert d.expert == rival and d.cost == pytest.approx(87.5)
    assert d.cost_se == pytest.approx(12.5) and d.margin == pytest.approx(25.0)
    assert d.flagged(15) and d.flagged(62) and not d.flagged(63)  # 87.5 - 25 = 62.5
    assert Decision.from_dict(d.to_dict()) == d and d.to_dict()["cost_se"] == 12.5
    words = flag_words(d, h)
    assert "cost about 88 points (± 25) of your chance to win (100% → 12%)" in words

    unsure = Resampler(rival, ([1.0, 1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]))  # 2 of 4 fresh worlds: 50 ± 58
    d = weighed(unsure, 4)
    assert d.cost == pytest.approx(50.0) and not d.flagged(15)

    once = Sampler(rival, None)  # an evaluator that cannot weigh again: its first figures, their error
    d = weighed(once, 4)
    assert d.cost == pytest.approx(100.0) and d.cost_se == pytest.approx(25.0) and d.flagged(15)


@pytest.mark.parametrize("older", [1, 2, 3, 4])
def test_a_kept_review_of_an_older_format_is_made_again(game: Session, tmp_path: Path, older: int) -> None:
    """Format 1 kept flags without their error (noise from few worlds), format 2 weighed every command in every
    world (not in stages), format 3 left a fight's dice unweighed, format 4 weighed an item discarded at every
    decision: none is read, so the review is made again, the way every review is made now."""
    assert FORMAT == 5
    path = tmp_path / "record.sqlite3"
    number = add_game(game, path=path).id
    assert number is not None
    old = review_history(game.history[:40], OpenEvaluator()).to_dict()
    old["format"] = older
    for d in old["decisions"]:
        for key in ("start", "line", "expert_line") + (("cost_se",) if older == 1 else ()):
            if older < 4:
                del d[key]
    keep_review(number, old, path)
    assert kept_review(number, path) is not None and kept(number, path) is None
    new = review_history(game.history[:40], OpenEvaluator())
    keep(number, new, path)
    assert kept(number, path) == new


@pytest.fixture(scope="module")
def careless() -> Session:
    """A plain-deck game played carelessly: the heuristic bot's moves, but a random one at six decisions in ten
    (not a fight's dice), so that the expert disagrees now and then (lost in 15 rounds)."""
    import random

    deck = plain()
    session = Session.new(deck, SetupOptions(deck.id, "tester", 7), deck_path=PLAIN)
    bot = make_bot("heuristic", 7)
    rng = random.Random(7)
    while session.state.result is None:
        legal = session.legal()
        command = bot.choose(player_view(session.state), legal)
        if rng.random() < 0.6 and session.state.step not in ("commit", "apply", "recover"):
            command = rng.choice(legal)
        session.dispatch(command)
    return session


def test_two_budgets_never_contradict_a_flag(careless: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same decisions weighed by the expert with two budgets (2 and 4 worlds a command): a cost above the
    threshold alone (the old flag) is contradicted by the other budget on this game, a flag sure of its cost is
    not: no decision flagged with one budget is cleared by a wide margin (its cost and margin both under the
    threshold, or the expert agreeing) with the other. (Without the further worlds an unsure cost is given, so that
    the bare costs over the threshold are there to be contradicted.)"""
    from twentystrong.review import review as module
    from twentystrong.review.expert import ExpertEvaluator

    monkeypatch.setattr(module, "MORE", 0)

    h = careless.history
    steps = [s.step for s in decision_spans(h) if 40 <= s.step <= 70 and not s.line]
    expert = ExpertEvaluator()

    def weighed_with(budget: int, s: int) -> Decision:
        after = h[s].state_after if h[s].revealing is None else None
        return weigh(h[s - 1].state_after, h[s].command, after, s, expert, budget)

    weighed = {budget: {s: weighed_with(budget, s) for s in steps} for budget in (2, 4)}

    def cleared(d: Decision) -> bool:
        return d.weighed and (d.expert is None or (d.cost or 0) + (d.margin or 0) < THRESHOLD)

    def over(d: Decision) -> bool:
        return d.expert is not None and (d.cost or 0) > THRESHOLD

    contradicted = [s for s in steps if (over(weighed[2][s]) and cleared(weighed[4][s]))]
    assert contradicted  # the test can fail: a bare cost over the threshold flags what more worlds clear
    for one, other in ((2, 4), (4, 2)):
        for s in steps:
            assert not (weighed[one][s].flagged(THRESHOLD) and cleared(weighed[other][s])), (one, s)


# --- weighed in stages: the budget goes where a cost may lie --------------------------------------------------------


class Stager:
    """A sampling evaluator that weighs in stages, with known outcomes world by world (``table``: each command's
    outcome in worlds 0, 1, …, the same for every decision); it keeps what it was asked: the commands, the first
    world, how many."""

    name = "stager"

    def __init__(self, table: dict[Command, list[float]]) -> None:
        self.table = table
        self.asked: list[tuple[list[Command], int, int]] = []

    def win_chance(self, view: PlayerView, rollouts: int = 0) -> float:
        return 0.5

    def estimate(self, view: PlayerView, legal: Sequence[Command], rollouts: int) -> list[Estimate]:
        return self.estimate_from(view, legal, rollouts, 0)

    def estimate_from(self, view: PlayerView, commands: Sequence[Command], rollouts: int, first: int) -> list[Estimate]:
        self.asked.append((list(commands), first, rollouts))
        found = []
        for c in commands:
            outcomes = tuple(self.table[c][first : first + rollouts])
            found.append(Estimate(c, sum(outcomes) / len(outcomes), len(outcomes), outcomes))
        return sorted(found, key=lambda e: -e.win_chance)


def a_wide_decision(game: Session) -> tuple[int, Command, list[Command]]:
    """A decision of three or more commands that revealed nothing: its step, the command played, every legal one."""
    for step in (s.step for s in decision_spans(game.history) if not s.line):
        if game.history[step - 1].state_after.step in GROUPED:
            continue  # weighed among the commands but the dice there (side_options)
        legal = legal_commands(game.history[step - 1].state_after)
        if len(legal) >= 3 and game.history[step].revealing is None:
            return step, game.history[step].command, legal
    raise AssertionError("no decision of three commands")


def test_a_decision_is_weighed_in_stages_the_commands_no_better_than_the_one_played_leave(game: Session) -> None:
    """Every command in the first four worlds; then only the command played and those that won more of them than it
    did, in the next four; the figures from all eight worlds, paired."""
    step, played, legal = a_wide_decision(game)
    rival, late, *others = [c for c in legal if c != played]
    table = {c: [0.0] * 8 for c in others}
    table[played] = [1.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0]
    table[rival] = [1.0, 1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0]  # better in the first worlds: stays
    table[late] = [1.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0]  # as good in the first: leaves (the rule's price)
    stager = Stager(table)
    h = game.history
    d = weigh(h[step - 1].state_after, played, h[step].state_after, step, stager, 8)
    racing = [c for c in legal if c in (played, rival)]
    assert stager.asked[0] == (legal, 0, 4) and [(set(c), f, n) for c, f, n in stager.asked[1:]] == [
        (set(racing), 4, 4)
    ]
    assert d.expert == rival and d.before == 0.75 and d.after == 0.375 and d.cost == pytest.approx(37.5)
    assert d.cost_se == paired_se(table[rival], table[played])
    assert d.rollouts == 4 * len(legal) + 8

    table[rival] = list(table[played])  # nothing does better than the command played in the first worlds
    stager = Stager(table)
    d = weigh(h[step - 1].state_after, played, h[step].state_after, step, stager, 8)
    assert stager.asked == [(legal, 0, 4), ([played], 4, 4)]  # the chance before it still from eight worlds
    assert (d.expert, d.cost, d.cost_se, d.before, d.after) == (None, 0.0, None, 0.375, 0.375)
    assert d.rollouts == 4 * len(legal) + 4

    stager = Stager(table)  # too few worlds for stages: every command in every world
    d = weigh(h[step - 1].state_after, played, h[step].state_after, step, stager, 6)
    assert stager.asked == [(legal, 0, 6)] and d.rollouts == 6 * len(legal)


def test_the_expert_weighs_in_stages_from_the_players_view_and_the_same_game_gets_the_same_review(
    game: Session,
) -> None:
    """With the real expert at the default budget (stages of four worlds): the twins of the no-peeking test get the
    same decisions until the change is revealed; the stages spent fewer games than every command in every world."""
    from twentystrong.review.expert import ExpertEvaluator

    at = 12
    other, revealed = twin(game, at)
    end = min(revealed, at + 12)
    a = review_history(game.history[: end + 1], ExpertEvaluator(), budget=8)
    b = review_history(other.history[: end + 1], ExpertEvaluator(), budget=8)
    weighed = [d for d in a.decisions if d.step > at and d.weighed]
    assert weighed and a.decisions == b.decisions
    assert any(d.rollouts < 8 * d.options for d in weighed)


def test_the_processes_get_a_games_deck_once_and_every_state_weighed_there_shares_it(game: Session) -> None:
    """A state sent to another process travels without its deck; the deck goes as bytes, pickled once per game, and
    comes back as one object per process for every state: the engine's value-keyed caches then tell it equal at
    once (a copy per state made every rollout's command about ten times slower)."""
    import pickle

    from twentystrong.review.review import _deck, _Decks, _without_deck

    first, later = game.history[5].state_after, game.history[40].state_after
    decks = _Decks()
    blob = decks.sent(first)
    assert decks.sent(later) is blob and pickle.loads(blob) == first.deck
    sent = pickle.loads(pickle.dumps(_without_deck(later)))
    assert sent.deck is None and len(pickle.dumps(_without_deck(later))) < len(blob)
    arrived = [_deck(pickle.loads(pickle.dumps(blob))) for _ in range(3)]  # equal bytes, each its own copy
    assert arrived[0] is arrived[1] is arrived[2] and arrived[0] == first.deck
    assert sent.changed({"deck": arrived[0]}) == later


def test_the_summary_says_the_flag_rule_and_how_many_more_might_have_cost_that_much() -> None:
    """A flag is a cost sure to beat the threshold (by two standard errors): the summary says "clearly", and counts
    the decisions whose cost is above the threshold but within that margin of it (the list marks them ``?``)."""
    play, other = Command("activate", stack=1), Command("activate", stack=2)
    sure = Decision(10, 2, play, other, 0.9, 0.3, 3, 16, cost_se=5.0)  # 60 ± 10: flagged
    unsure = Decision(20, 3, play, other, 0.75, 0.25, 3, 16, cost_se=18.9)  # 50 ± 38: might have
    small = Decision(30, 4, play, other, 0.5, 0.375, 3, 16, cost_se=12.5)  # 12.5 ± 25: below the threshold
    agreed = Decision(40, 5, play, None, 0.5, 0.5, 3, 16)
    assert sure.flagged(15) and not sure.doubtful(15)
    assert unsure.doubtful(15) and not unsure.flagged(15)
    assert not small.doubtful(15) and not small.flagged(15) and not agreed.doubtful(15)
    quiet = Review("expert", 8, 15.0, (unsure, small, agreed), "won")
    assert quiet.doubtful == (unsure,) and not quiet.flagged
    assert summary_words(quiet) == (
        "3 decisions weighed; none cost clearly more than 15 points of your chance to win; "
        "1 more might have, within the review's margin (marked ?)."
    )
    loud = Review("expert", 8, 15.0, (sure, small, agreed), "lost")
    assert summary_words(loud) == (
        "3 decisions weighed; 1 cost clearly more than 15 points of your chance to win (the costliest about 60)."
    )


def test_an_item_is_weighed_discarded_only_where_an_items_room_is_the_decision(game: Session) -> None:
    """An item may be discarded at any time; at a decision about something else (a die, a stack) discarding one is
    no alternative the review weighs (it won there by the luck of a few worlds, advising "discard" in place of a
    die), but where an item may be gained, or one was discarded, it is."""
    elsewhere = room = 0
    for step in range(1, len(game.history)):
        before = game.history[step - 1].state_after
        played = game.history[step].command
        legal = legal_commands(before)
        if not any(c.cmd == "discard_item" for c in legal):
            continue
        options = weighed_options(before, legal, played)
        if any(c.cmd == "gain_item" for c in legal) or played.cmd == "discard_item":
            room += 1
            assert options == list(legal)
        else:
            elsewhere += 1
            assert options == [c for c in legal if c.cmd != "discard_item"] and played in options
    assert elsewhere and room
    review = review_history(game.history, OpenEvaluator())
    for d in review.decisions:
        if d.expert is not None and d.expert.cmd == "discard_item":
            legal = legal_commands(game.history[d.step - 1].state_after)
            assert d.played.cmd == "discard_item" or any(c.cmd == "gain_item" for c in legal)


def test_an_unsure_cost_is_given_more_worlds_until_flagged_or_cleared_or_the_cap() -> None:
    """A cost above the threshold but within its margin is weighed in further fresh worlds (numbered after the
    first stage's and the fresh ones), pooled, until it is sure (flagged), under the threshold (cleared), or at
    the cap: a fixed rule, so the same game gets the same review."""
    asked: list[int] = []

    def worlds(pattern: tuple[float, ...], mine: tuple[float, ...]) -> Callable[[int], tuple[tuple[float, ...], ...]]:
        def more(first: int) -> tuple[tuple[float, ...], ...]:
            asked.append(first)
            return pattern, mine

        return more

    win, lose = (1.0,) * 8, (0.0,) * 8
    half = (1.0, 0.0) * 4
    # 4 of 8 worlds better: 50 ± 38, unsure; 8 more worlds all better: 75 ± 22, flagged.
    ours, yours, spent = settle(half, lose, worlds(win, lose), 8, 15.0)
    assert (len(ours), spent, asked) == (16, 16, [16])
    d = Decision(1, 1, Command("roll"), Command("done"), sum(ours) / 16, sum(yours) / 16, 2, 32, paired_se(ours, yours))
    assert d.flagged(15)
    asked.clear()
    # In the further worlds the command played does better: the cost falls under the threshold: cleared.
    ours, yours, spent = settle(half, lose, worlds(lose, win), 8, 15.0)
    assert (spent, asked) == (16, [16]) and 100 * (sum(ours) - sum(yours)) / len(ours) <= 15
    asked.clear()
    # Always one world in four better (25 points): unsure at every batch, up to the cap.
    quarter = (1.0, 0.0, 0.0, 0.0) * 2
    ours, yours, spent = settle(quarter, lose, worlds(quarter, lose), 8, 15.0)
    assert asked == [16, 24, 32][:MORE] and spent == 16 * MORE and len(ours) == 8 * (1 + MORE)
    asked.clear()
    # Sure already, or under the threshold already: no further world.
    assert settle(win, lose, worlds(win, lose), 8, 15.0)[2] == 0
    assert settle(lose, lose, worlds(win, lose), 8, 15.0)[2] == 0 and not asked
