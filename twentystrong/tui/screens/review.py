"""The Review screen: the expert's review of a game of the player's record (issue 30).

Every decision of the game in a list (round, step, the chance to win before and after, the cost, what was played,
the expert's choice when it differs; a fight's dice one decision a step, listed at the step where it began; a costly
decision marked ``✘`` and said in words below the list, one that might have been marked ``?``), and a chart of the
chance to win across the game (textual-plotext: the line of dots, ``✘`` at each costly decision, ``│`` at the
highlighted one; readable without colour). Enter on a decision shows the table as it was when it was made, in the
history viewer (:class:`~twentystrong.tui.screens.replay.ReplayScreen`).

Reached from the statistics screen's past games and from game over. A review kept in the record shows at once;
otherwise it is computed in a worker thread (progress shown; Escape cancels it and closes) and kept once done.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import DataTable, Footer, ProgressBar, Static
from textual.worker import get_current_worker
from textual_plotext import PlotextPlot

from twentystrong.i18n import N_, _, pgettext
from twentystrong.i18n.numbers import percent_sign
from twentystrong.record.games import GameRow
from twentystrong.review.evaluator import Evaluator
from twentystrong.review.expert import ExpertEvaluator
from twentystrong.review.kept import keep, kept
from twentystrong.review.review import BUDGET, Decision, Review, ReviewCancelled, review_history
from twentystrong.review.words import (
    DOUBTFUL,
    advice_words,
    cost_words,
    expert_words,
    first,
    flag_words,
    heading,
    number_words,
    percent,
    played_words,
    summary_words,
)
from twentystrong.session.session import Session
from twentystrong.tui.widgets.keys import speak_keys

COSTLY = "✘"
"""The mark of a costly decision, in the list and on the chart."""


class ReviewScreen(ModalScreen[None]):
    """A recorded game's review: its decisions, their cost, the chance to win across the game. Escape closes."""

    HELP_TITLE = N_("Game review")
    """The title of this part of the help screen."""

    CSS_PATH = "review.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close (cancels a review being made)")),
        Binding("enter", "show_table", N_("The table then"), show=False),
        Binding("n", "next_costly", N_("Next costly decision")),
        Binding("question_mark,f1", "app.help", N_("Help"), key_display="?"),
    ]

    def __init__(
        self,
        row: GameRow,
        session: Session,
        *,
        evaluator: Evaluator | None = None,
        budget: int = BUDGET,
        workers: int = 1,
    ) -> None:
        """``row`` and ``session``: the game (:func:`twentystrong.record.replay.replay_session`); ``evaluator``: who
        weighs the decisions (the expert by default); ``budget``: its games played out per command; ``workers``: the
        processes that weigh decisions at once (1: in this process, in a thread. New processes would inherit the
        terminal the App draws on, and Textual's stand-in for stderr has no file descriptor to give them)."""
        super().__init__()
        self.row = row
        self.session = session
        self.evaluator: Evaluator = evaluator if evaluator is not None else ExpertEvaluator()
        self.budget = budget
        self.processes = workers
        """Processes that weigh decisions at once."""
        self.review: Review | None = None
        """The review shown (None while it is being made)."""
        speak_keys(self)

    def compose(self) -> ComposeResult:
        with Vertical(id="review"):
            yield Static(Content.styled(heading(self.row), "bold"), id="review-title")
            yield Static(id="review-status")
            yield ProgressBar(id="review-progress", show_eta=False)
            yield DataTable(id="review-decisions", cursor_type="row", zebra_stripes=True)
            yield Static(id="review-words")
            yield PlotextPlot(id="review-chart")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#review-decisions", DataTable)
        # The figures first: they stay in sight on a narrow terminal, where the sentences run off the right. Their
        # headings are as short as the figures under them (a column's own words, "review column": German "Nr."
        # and "vor"/"nach" where "Schritt" and "vorher"/"nachher" would push the sentences off an 80-column screen).
        table.add_columns(
            _("round"),
            pgettext("review column", "step"),
            pgettext("review column", "before"),
            pgettext("review column", "after"),
            _("cost"),
            _("played"),
            _("the expert"),
        )
        review = kept(self.row.id)
        if review is not None:
            self.show(review)
            return
        self.query_one("#review-status", Static).update(
            Content.styled(_("The expert weighs every decision of the game… (Escape cancels)"), "$text-muted")
        )
        self.compute()

    # --- making the review --------------------------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="review", exit_on_error=False)
    def compute(self) -> None:
        """Weigh every decision (in a thread: the screen stays live), keep the review, show it."""
        worker = get_current_worker()
        try:
            review = review_history(
                self.session.history,
                self.evaluator,
                budget=self.budget,
                progress=lambda done, total: self.app.call_from_thread(self._progress, done, total),
                cancelled=lambda: worker.is_cancelled,
                workers=self.processes,
            )
        except ReviewCancelled:
            return
        except Exception as exc:  # the player is told, and the screen stays usable (Escape closes it)
            self.app.call_from_thread(self._failed, str(exc) or type(exc).__name__)
            return
        warning = keep(self.row.id, review)
        if not worker.is_cancelled:
            self.app.call_from_thread(self._computed, review, warning)

    def _progress(self, done: int, total: int) -> None:
        self.query_one("#review-progress", ProgressBar).update(total=total, progress=done)
        self.query_one("#review-status", Static).update(
            Content.styled(
                _("The expert weighs decision {done} of {total}… (Escape cancels)").format(done=done, total=total),
                "$text-muted",
            )
        )

    def _failed(self, why: str) -> None:
        self.query_one("#review-progress", ProgressBar).display = False
        self.query_one("#review-status", Static).update(
            Content.styled(_("The review could not be made: {why}").format(why=why), "bold")
        )

    def _computed(self, review: Review, warning: str | None) -> None:
        if warning:
            self.notify(warning, title=_("The review is not kept"), severity="warning", timeout=8)
        self.show(review)

    # --- showing it ---------------------------------------------------------------------------------------------

    def show(self, review: Review) -> None:
        """Fill the list, the words and the chart from ``review``."""
        self.review = review
        self.query_one("#review-progress", ProgressBar).display = False
        self.query_one("#review-status", Static).update(Content(summary_words(review)))
        history = self.session.history
        table = self.query_one("#review-decisions", DataTable)
        table.clear()
        for d in review.decisions:
            cost = "" if d.cost is None or d.cost < 0.5 else f"−{round(d.cost)}"
            if cost and d.margin is not None:
                cost += f" ±{round(d.margin)}"
            if d.flagged(review.threshold):
                cost = f"{COSTLY} {cost}"
            elif d.doubtful(review.threshold):
                cost = f"{DOUBTFUL} {cost}"
            table.add_row(
                str(d.round),
                str(d.opens),
                percent(d.before) if d.weighed else "",
                percent(d.after) if d.weighed else "",
                cost,
                played_words(d, history).rstrip("."),
                _("first: {expert}").format(expert=expert_words(d, history).rstrip("."))
                if first(d)
                else expert_words(d, history).rstrip("."),
                key=d.key,
            )
        table.focus()
        self._highlight(0)

    def _decision(self, index: int) -> Decision | None:
        if self.review is None or not 0 <= index < len(self.review.decisions):
            return None
        return self.review.decisions[index]

    @on(DataTable.RowHighlighted, "#review-decisions")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._highlight(event.cursor_row)

    def _highlight(self, index: int) -> None:
        d = self._decision(index)
        review = self.review
        if d is None or review is None:
            return
        history = self.session.history
        if d.flagged(review.threshold):
            words = Content.assemble((f"{COSTLY} ", "bold"), flag_words(d, history))
        elif d.doubtful(review.threshold):
            words = Content.assemble(
                (f"{DOUBTFUL} ", "bold"),
                flag_words(d, history),
                " "
                + _("It might have cost less than {threshold} points, within the review's margin.").format(
                    threshold=number_words(review.threshold)
                ),
            )
        elif not d.weighed:
            words = Content(_("{played} The expert did not weigh this one.").format(played=played_words(d, history)))
        elif d.expert is not None:
            words = Content(
                _("{played} {advice} ({before} against {after}: {cost}).").format(
                    played=played_words(d, history),
                    advice=advice_words(d, history).rstrip("."),
                    before=percent(d.before),
                    after=percent(d.after),
                    cost=cost_words(d),
                )
            )
        else:
            words = Content(
                _("{played} The expert agrees ({chance}).").format(
                    played=played_words(d, history), chance=percent(d.before)
                )
            )
        self.query_one("#review-words", Static).update(
            Content.assemble(words, ("  · " + _("Enter: the table then"), "$text-muted"))
        )
        self._chart(review, index)

    def _chart(self, review: Review, index: int) -> None:
        plot = self.query_one("#review-chart", PlotextPlot)
        plt = plot.plt
        plt.clear_figure()
        chances = [round(c * 100) for c in review.chances()]
        xs = list(range(1, len(chances) + 1))
        if chances:
            plt.plot(xs, chances, marker="dot")
            flagged = [n for n, d in enumerate(review.weighed, 1) if d.flagged(review.threshold)]
            costly = [(n, chances[n - 1]) for n in flagged]
            if costly:
                plt.scatter([n for n, _ in costly], [c for _, c in costly], marker=COSTLY)
            here = self._decision(index)
            weighed = review.weighed
            if here is not None:  # the highlighted decision, or the last weighed one before it
                plt.vline(1 + max((n for n, d in enumerate(weighed) if d.step <= here.step), default=0))
            ticks = _round_ticks(review)
            plt.xticks([float(x) for x, _ in ticks], [label for _, label in ticks])
        plt.ylim(0, 100)
        plt.yticks([0.0, 25.0, 50.0, 75.0, 100.0], [percent_sign(str(tick)) for tick in (0, 25, 50, 75, 100)])
        title = _("Chance to win before each decision ({costly} costly, │ the one highlighted)")
        plt.title(title.format(costly=COSTLY))
        plot.refresh()

    # --- actions ------------------------------------------------------------------------------------------------

    def action_close(self) -> None:
        """Close (a review being made is cancelled and not kept)."""
        self.workers.cancel_group(self, "review")
        self.dismiss(None)

    def action_next_costly(self) -> None:
        """Move to the next costly decision (round the list)."""
        review = self.review
        if review is None:
            return
        if not review.flagged:
            self.notify(
                _("No decision cost clearly more than {threshold} points.").format(
                    threshold=number_words(review.threshold)
                ),
                title=_("Next costly decision"),
                timeout=4,
            )
            return
        table = self.query_one("#review-decisions", DataTable)
        now = table.cursor_row
        order = [n for n, d in enumerate(review.decisions) if d.flagged(review.threshold)]
        target = next((n for n in order if n > now), order[0])
        table.move_cursor(row=target)

    @on(DataTable.RowSelected, "#review-decisions")
    async def _selected(self, event: DataTable.RowSelected) -> None:
        await self.action_show_table()

    async def action_show_table(self) -> None:
        """The table as it was when the highlighted decision was made, in the history viewer."""
        from twentystrong.tui.screens.replay import ReplayScreen

        d = self._decision(self.query_one("#review-decisions", DataTable).cursor_row)
        if d is None:
            return
        await self.app.push_screen(ReplayScreen(self.row, self.session, start=d.opens - 1))


def _round_ticks(review: Review) -> list[tuple[int, str]]:
    """About eight x ticks: the first decision of a round, labelled with the round."""
    firsts: list[tuple[int, str]] = []
    seen = -1
    for n, d in enumerate(review.weighed, 1):
        if d.round != seen:
            firsts.append((n, str(d.round)))
            seen = d.round
    step = max(1, -(-len(firsts) // 8))
    return firsts[::step]
