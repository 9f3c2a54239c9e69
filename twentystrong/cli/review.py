"""``twentystrong review ID``: the expert's review of a game of the player's record: every decision weighed from
what the player knew then, the costly ones in words, and a text chart of the chance to win across the game
(``--json`` for scripts).

A review is computed once (it plays many games out; progress on stderr, Ctrl-C stops it) and kept in the record;
``--again`` computes it anew. A number the record does not hold, or a game that cannot be replayed, gives one line
on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from twentystrong.cli.arguments import game_number
from twentystrong.i18n import _
from twentystrong.record.games import GameRow
from twentystrong.review.review import BUDGET, THRESHOLD, WORKERS, Review
from twentystrong.review.words import (
    DOUBTFUL,
    expert_words,
    flag_words,
    heading,
    played_words,
    summary_words,
    text_chart,
)
from twentystrong.session.history import HistoryEntry


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        words = _("a whole number, like {example}, not {text}")
        raise argparse.ArgumentTypeError(words.format(example=BUDGET, text=repr(text))) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("at least 1"))
    return value


def _points(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        words = _("points of win chance, like {example}, not {text}")
        raise argparse.ArgumentTypeError(words.format(example=f"{THRESHOLD:g}", text=repr(text))) from None
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(_("points of win chance lie between 0 and 100"))
    return value


def configure(parser: argparse.ArgumentParser) -> None:
    """Declare the arguments of ``twentystrong review``."""
    parser.add_argument("game", metavar="ID", type=game_number, help=_("the game's number in your record"))
    parser.add_argument("--json", action="store_true", help=_("print the review as JSON"))
    parser.add_argument(
        "--budget",
        metavar="N",
        type=_positive,
        help=_(
            "games the expert plays out per choice (default {budget}; more is slower and surer); "
            "a kept review made with another budget is made again"
        ).format(budget=BUDGET),
    )
    parser.add_argument(
        "--threshold",
        metavar="POINTS",
        type=_points,
        default=THRESHOLD,
        help=_("flag decisions that cost more than this many points of win chance (default {threshold})").format(
            threshold=f"{THRESHOLD:g}"
        ),
    )
    parser.add_argument("--again", action="store_true", help=_("review the game anew, even if a review is kept"))
    parser.add_argument(
        "--workers",
        metavar="N",
        type=_positive,
        default=WORKERS,
        help=_("processes that weigh decisions at once (default {workers})").format(workers=WORKERS),
    )


def run(args: argparse.Namespace) -> int:
    """Print the review (computing and keeping it first if needed); 2 when the game cannot be reviewed."""
    from dataclasses import replace

    from twentystrong.record.replay import ReplayError, replay_session
    from twentystrong.review.kept import keep, kept
    from twentystrong.review.review import review_history

    try:
        row, session, note = replay_session(args.game)
    except ReplayError as exc:
        print(f"twentystrong review: {exc}", file=sys.stderr)
        return 2
    if note:
        print(f"twentystrong review: {note}", file=sys.stderr)
    review = None if args.again else kept(args.game)
    if review is not None and args.budget is not None and review.budget != args.budget:
        review = None
    if review is None:
        from twentystrong.review.expert import ExpertEvaluator

        review = review_history(
            session.history,
            ExpertEvaluator(),
            budget=args.budget or BUDGET,
            threshold=args.threshold,
            progress=_progress if sys.stderr.isatty() else None,
            workers=args.workers,
        )
        if sys.stderr.isatty():
            print(file=sys.stderr)
        warning = keep(args.game, review)
        if warning:
            print("twentystrong review: " + _("the review is not kept: {why}").format(why=warning), file=sys.stderr)
    review = replace(review, threshold=args.threshold)
    if args.json:
        print(json.dumps(as_json(args.game, review, session.history), indent=2, ensure_ascii=False))
    else:
        print(report(row, review, session.history))
    return 0


def _progress(done: int, total: int) -> None:
    words = _("weighing decision {done} of {total}").format(done=done, total=total)
    print(f"\r{words}", end="", file=sys.stderr, flush=True)


def as_json(game: int, review: Review, history: Sequence[HistoryEntry]) -> dict[str, Any]:
    """The review's JSON form, each decision with its words, and the game's number."""
    data: dict[str, Any] = {"game": game, **review.to_dict()}
    data["summary"] = summary_words(review)
    for d, out in zip(review.decisions, data["decisions"], strict=True):
        out["played_words"] = played_words(d, history)
        out["expert_words"] = expert_words(d, history) or None
        out["flagged"] = d.flagged(review.threshold)
        out["doubtful"] = d.doubtful(review.threshold)
        out["flag_words"] = flag_words(d, history) if out["flagged"] or out["doubtful"] else None
    return data


def report(row: GameRow, review: Review, history: Sequence[HistoryEntry]) -> str:
    """The review for a reader: the game, the summary, each flagged decision, each that might have cost as much
    (marked ``?``), the chart."""
    lines = [heading(row), "", summary_words(review), ""]
    for d in review.flagged:
        words = flag_words(d, history)
        lines.append(_("Round {round}, step {step}: {words}").format(round=d.round, step=d.opens, words=words))
    for d in review.doubtful:
        words = flag_words(d, history)
        lines.append(
            f"{DOUBTFUL} " + _("Round {round}, step {step}: {words}").format(round=d.round, step=d.opens, words=words)
        )
    if review.flagged or review.doubtful:
        lines.append("")
    lines.append(_("Your chance to win before each decision (● the chance, ! a costly decision):"))
    lines += text_chart(review)
    return "\n".join(lines)
