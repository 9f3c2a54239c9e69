"""The odds panel (issue 7): while dice are committed and applied, the chance to defeat each undefeated active
enemy within the Strategy phases left, the damage one roll of those dice deals (a small bar chart and the expected
damage), and after a roll the advisor's suggestion.

The numbers come from :mod:`twentystrong.odds`; card rules reach them only through
:mod:`twentystrong.odds.engine_model`, which asks the engine's own damage and apply hooks. The panel reads the
view (attributes down) and posts nothing.

It works in two halves. :func:`question_for` reads the view into a frozen :class:`OddsQuestion` on the UI thread
(the hooks memoise per state in module globals, so only the UI thread asks them). :func:`chances_for` answers it
with pure arithmetic on frozen values: at once when the odds have the damage model's table already (a lookup), else in
a worker process (:mod:`~twentystrong.tui.widgets.odds_process`: a thread would hold the interpreter's lock while a
key waits) while the panel says "computing…" (the first question about a model: tens of milliseconds); a shape the
process answered in milliseconds before is waited for while the key is handled. The panel's first question is asked
after the table's first frame (the odds package is not imported before it). One roll's distribution is always quick
and computed at once.

What it shows, with ``k`` the rolls left (R4: Strategy − phases used, + 1 before this phase's roll):

- commit (and physical faces being entered): each enemy's P(defeat within ``k`` rolls) with the unapplied dice in
  the active area (committed so far, and kept from earlier phases), best play, damage already applied counted;
- apply: each enemy's P(defeat) playing best from the roll on the table (the phases after this one), and the
  advice: the one advisor's hint (:mod:`twentystrong.odds.advice`, what the headless ``hint`` and ``twentystrong
  odds`` say too). A die the engine does not let the player apply to a card right now counts as a miss for that
  card.

Each probability is for one enemy with every die on it. The App's ``odds_mode`` (key ``o``) is ``full``,
``expected`` (the expected damage of one roll only) or ``off``.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import OrderedDict
from collections.abc import Hashable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from textual import work
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from twentystrong.engine.dice import die_label
from twentystrong.i18n import N_, _, lazy_gettext, ngettext
from twentystrong.i18n.numbers import decimal
from twentystrong.text.words import percent
from twentystrong.tui.store import GameView
from twentystrong.tui.widgets.common import set_display, set_title, update_static
from twentystrong.tui.widgets.odds_process import OddsProcess

# The odds package is imported where it is first asked (the first commit step), not with the table: the panel is
# hidden when a game starts, and start-up is shorter without it.
if TYPE_CHECKING:
    from textual.css.styles import RulesMap
    from textual.timer import Timer

    from twentystrong.odds import SingleRoll
    from twentystrong.odds.advice import EnemyQuestion, Hint, OddsChances, OddsQuestion, Playable
    from twentystrong.odds.advisor import Advice, Chance, Pick

OddsMode = Literal["full", "expected", "off"]
clock = time.monotonic
"""The panel's clock (how long a question has waited for its figures); tests turn it by hand."""
T = TypeVar("T")

ODDS_MODES: tuple[OddsMode, ...] = ("full", "expected", "off")
"""What ``o`` steps through: everything, the expected damage only, nothing."""
ODDS_MODE_WORDS: dict[str, str] = {
    "full": N_("odds, damage chart and advice"),
    "expected": N_("expected damage only"),
    "off": N_("off"),
}

Stage = Literal["commit", "apply"]


ODDS_TARGETS: tuple[float, ...] = (0.5, 0.75, 0.9, 0.95, 0.99)
"""What ``t`` steps through: the chance the commit plan aims at."""


def next_target(target: float) -> float:
    """The target after ``target`` (90% → 95% → 99% → 50% → 75% → 90%)."""
    later = [t for t in ODDS_TARGETS if t > target + 1e-9]
    return later[0] if later else ODDS_TARGETS[0]


def next_mode(mode: str) -> OddsMode:
    """The setting after ``mode`` (``full`` → ``expected`` → ``off`` → ``full``)."""
    index = ODDS_MODES.index(mode) if mode in ODDS_MODES else -1
    return ODDS_MODES[(index + 1) % len(ODDS_MODES)]


# --- the question and its answers: the one advisor (twentystrong.odds.advice) ----------------------------------------
# The panel asks the advisor in its three steps: the question on the UI thread, the odds (perhaps in a worker), then
# the hint (the advice checked against the engine, its words). Thin wrappers: the odds package is imported when it is
# first asked.


ASKED_STEPS = frozenset({"commit", "faces", "apply"})
"""The steps the odds have a question at (:func:`twentystrong.odds.advice.question_for` asks nothing at the others)."""


def question_for(view: GameView, threshold: float = 0.9) -> OddsQuestion | None:
    """The odds question of a view (:func:`twentystrong.odds.advice.question_for`), or None when there is nothing
    to show."""
    player = view.player
    if player.result is not None or player.step not in ASKED_STEPS:
        return None  # nothing asked: the odds package is not imported for it (the table's first view, after its frame)
    from twentystrong.odds.advice import question_for as ask

    return ask(player, view.legal, threshold)


def chances_for(question: OddsQuestion) -> OddsChances:
    """The question's odds (:func:`twentystrong.odds.advice.chances_for`: pure, safe in a worker thread)."""
    from twentystrong.odds.advice import chances_for as answer

    return answer(question)


def rolls_for(question: OddsQuestion) -> tuple[SingleRoll, ...]:
    """One roll against each enemy under the rules in force (:func:`twentystrong.odds.advice.rolls_for`)."""
    from twentystrong.odds.advice import rolls_for as roll

    return roll(question)


def hint_for(view: GameView, question: OddsQuestion, chances: OddsChances) -> Hint:
    """The advisor's hint (:func:`twentystrong.odds.advice.explain`): what the headless ``hint`` says too."""
    from twentystrong.odds.advice import explain

    return explain(view.player, view.legal, question, chances)


def advice_line(view: GameView, question: OddsQuestion, chances: OddsChances) -> tuple[Playable, str, str]:
    """The advice the panel says after a roll: the move as the engine allows it, its words, and the figure after it
    (`` → 63% to defeat``), empty when the move defeats every enemy (the hint's, :func:`hint_for`)."""
    hint = hint_for(view, question, chances)
    assert hint.played is not None
    return hint.played, hint.move, hint.figure


def playable(view: GameView, advice: Advice, question: OddsQuestion) -> Playable:
    """The advice checked against the engine (:func:`twentystrong.odds.advice.playable`)."""
    from twentystrong.odds.advice import playable as check

    return check(view.player, view.legal, advice, question)


_FROM_ADVICE = frozenset({"EnemyQuestion", "OddsQuestion", "OddsChances", "Playable", "advice_words", "_use_command"})


def __getattr__(name: str) -> Any:
    """The advisor's types and words, under the names this module had before they moved there (imported when
    first asked)."""
    if name in _FROM_ADVICE:
        from twentystrong.odds import advice

        return getattr(advice, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --- words and pictures --------------------------------------------------------------------------------------------

BLOCKS = " ▁▂▃▄▅▆▇█"
ADVICE = lazy_gettext("Advice: ")


def _capped(ceiling: int | None) -> str:
    n = ceiling or 0
    return ngettext("takes at most {n} this round", "takes at most {n} this round", n).format(n=n)


"""Eighths of a cell, for the columns of the damage chart."""
CHART_FLOOR = 0.001
"""Damage values less likely than this at either end of the distribution are left off the chart."""


def expected_words(expected: Fraction) -> str:
    """The expected damage of one roll, labelled: ``3.2 expected damage``."""
    return _("{damage} expected damage").format(damage=decimal(float(expected)))


def probability_bar(p: float, width: int) -> str:
    """A horizontal bar ``width`` cells long, filled to ``p`` in eighths."""
    eighths = round(max(0.0, min(1.0, p)) * width * 8)
    full, rest = divmod(eighths, 8)
    partial = "▏▎▍▌▋▊▉"[rest - 1] if rest else ""
    return ("█" * full + partial).ljust(width, "░")[:width]


def damage_chart(roll: SingleRoll, need: int | None, width: int, height: int = 2) -> list[Content]:
    """One roll's damage distribution as ``height`` rows of columns (damage left to right) and an axis row.

    Columns that reach ``need`` are drawn in the success colour, and the axis marks ``need`` with ``▲`` (never
    colour alone). Values less likely than :data:`CHART_FLOOR` at either end are left off; when the rest is wider
    than ``width``, neighbouring values share a column.
    """
    probs = [float(p) for p in roll.distribution]
    likely = [i for i, p in enumerate(probs) if p >= CHART_FLOOR] or [0]
    lo, hi = likely[0], likely[-1]
    count = hi - lo + 1
    bucket = max(1, math.ceil(count / max(1, width)))
    columns = math.ceil(count / bucket)
    starts = [lo + c * bucket for c in range(columns)]
    values = [sum(probs[s : min(s + bucket, hi + 1)]) for s in starts]
    cell = 2 if columns * 2 <= width else 1
    top = max(values) or 1.0
    levels = [round(v / top * height * 8) for v in values]
    rows: list[Content] = []
    for r in range(height):
        floor = (height - 1 - r) * 8
        parts: list[tuple[str, str]] = []
        for start, level in zip(starts, levels, strict=True):
            char = BLOCKS[max(0, min(8, level - floor))]
            style = "$success" if need is not None and 0 < need <= start else "$primary"
            parts.append((char + (" " if cell == 2 else ""), style))
        rows.append(Content.assemble(*parts))
    span = columns * cell
    axis = [" "] * max(span, width)

    def put(text: str, at: int) -> None:
        at = max(0, min(at, len(axis) - len(text)))
        # A blank cell either side too: two labels never run together ("▲6" and "7" read as "▲67").
        if all(ch == " " for ch in axis[max(0, at - 1) : at + len(text) + 1]):
            axis[at : at + len(text)] = list(text)

    # Labels start under their column; the need's marker first, so the ends give way to it.
    if need is not None and lo <= need <= hi:
        put(f"▲{need}", ((need - lo) // bucket) * cell)
    put(str(lo), 0)
    if bucket == 1:
        put(str(hi), (columns - 1) * cell)
    else:
        put(str(hi), span - len(str(hi)))
    axis_text = "".join(axis).rstrip()
    if need is not None and need > hi:
        axis_text += "  " + _("▲{need} off the chart").format(need=need)
    rows.append(Content.styled(axis_text, "$text-muted"))
    return rows


def _pick_words(pick: Pick, pool: int, most: int | None = None) -> list[tuple[str, str] | str]:
    """``+Y1 Y2 G3 (3 dice) → 92%``: the pool dice to add, their cost in dice and the chance they give."""
    n = len(pick.dice)
    cost = ngettext("{n} die", "{n} dice", n).format(n=n)
    if not pick.reached:
        if most is not None and most < pool:
            may = (
                _("no more may be committed now")
                if most == 0
                else _("+{dice}: as many as may be committed").format(dice=" ".join(pick.dice))
            )
            return [(_("at most "), "$text-muted"), (pick.chance.words(), "bold"), (f" ({may})", "$text-muted")]
        every = ngettext("(all {n} pool die)", "(all {n} pool dice)", pool).format(n=pool)
        return [(_("at most "), "$text-muted"), (pick.chance.words(), "bold"), (f" {every}", "$text-muted")]
    if not pick.dice:
        return [(_("no more dice: "), "$text-muted"), (pick.chance.words(), "bold")]
    return ["+" + " ".join(pick.dice), (f" ({cost}) → ", "$text-muted"), (pick.chance.words(), "bold")]


def _held_names(question: OddsQuestion) -> str:
    """What the player holds that the figures count (``Battle Fury``, ``Corona's ability and Dust Wraith``)."""
    return _(" and ").join(question.resources.names()) if question.resources is not None else ""


def _keep(table: OrderedDict[Hashable, T], key: Hashable, value: T, size: int) -> None:
    """Put ``value`` under ``key`` as the newest entry, forgetting the oldest beyond ``size``."""
    table[key] = value
    table.move_to_end(key)
    while len(table) > size:
        table.popitem(last=False)


def _chance_label(question: OddsQuestion) -> str:
    """What the percentages are: each enemy's chance with every one of these dice on it (this round's, in a fight
    that goes on with its dice applied)."""
    return "\n" + (_("Chance this round, all on it:") if question.lasting else _("Defeat chance, all on it:"))


def dice_words(question: OddsQuestion) -> str:
    """The dice the odds are about: ``B2✶ P1• R1○`` after a roll, ``Y1 B2 R1`` before."""
    if not question.dice:
        return _("no dice")
    if question.stage == "apply":
        return " ".join(die_label(d, f) for d, f in question.faces)
    return " ".join(question.dice)


def rolls_words(question: OddsQuestion) -> str:
    """``3 rolls left`` (before a roll: this one included; after one: the Strategy phases that may follow), the same
    words at both moments, so a newcomer reads one thing."""
    k = question.phases
    if k == 0:
        return _("no rolls left") if question.stage == "apply" else _("no roll left")
    return ngettext("{n} roll left", "{n} rolls left", k).format(n=k)


# --- the widget ----------------------------------------------------------------------------------------------------


class OddsPanel(Widget):
    """Odds on the table's side: P(defeat) per undefeated enemy, one roll's damage chart, expected damage, advice.

    The table calls :meth:`show` with the view and the selected die on every change; the panel hides itself
    outside the commit and apply steps and when the App's ``odds_mode`` is ``off``.

    Its height holds still within a step (one Strategy phase's commit or apply): each section reserves the most
    lines it has needed in the step, and an enemy's note, the chart and the advice have their lines before their
    figures arrive, so "computing…", the answer and ``o`` repaint the panel without laying the screen out again.
    """

    _CACHE_SIZE = 64
    _QUICK_SECONDS = 0.004
    """Without the worker process: a question whose shape was last answered within this is answered on the UI thread
    (well inside a frame)."""
    _QUICK_WAIT = 0.008
    """How long the UI thread waits for the process's answer to a question of a shape it answered quickly before."""
    WORKER_PROCESS = True
    """Slow questions go to a worker process (:mod:`~twentystrong.tui.widgets.odds_process`); False, or where a
    process cannot start: to a worker thread, which shares the interpreter's lock with the keys."""
    SECTIONS = ("head", "enemies", "plan", "chart", "advice", "caveats")
    ADVICE_LINES = 2
    """Lines the advice has from the start of an apply step (it usually wraps once on the side column)."""
    CHART_LINES = 4
    """Lines the chart has from the start of a commit step (its caption, two rows of columns and the axis)."""
    SLOW_SECONDS = 3.0
    """A question not answered within this is slow: "computing…" counts the seconds, and the panel says plainly that
    the figures come when done (six enemies on a loaded machine took over a minute, under a bare "computing…")."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._view: GameView | None = None
        self._seen: tuple[object, str] | None = None
        self.question: OddsQuestion | None = None
        """The question shown (None: the panel is hidden)."""
        self.rolls: tuple[SingleRoll, ...] = ()
        """One roll against each enemy of :attr:`question`."""
        self.chances: OddsChances | None = None
        """The probabilities and advice of :attr:`question`; None while they are computing."""
        self._answers: OrderedDict[Hashable, OddsChances] = OrderedDict()  # by OddsQuestion.answer_key()
        self._pending: Hashable | None = None  # the answer key a worker is answering
        self._foreseen: tuple[Hashable, asyncio.Future[bool]] | None = None  # asked ahead (foresee), its answer
        self._costs: OrderedDict[Hashable, float] = OrderedDict()  # seconds, by OddsQuestion.shape()
        self._step: Hashable | None = None  # the step the reserved lines are for
        self._reserved: dict[str, int] = {}  # section → lines it keeps in this step
        self._drawn_width = -1  # the content width the sections were measured at
        self._expected_width: int | None = None  # the content width the next layout pass gives (expect_width)
        self._mounted_sections = False
        self._first_frame_out = False  # the first question is asked after the first frame (no odds import before)
        self._first_frame_asked = False
        self._process = OddsProcess(self._computed)
        self._said_failed = False
        self._drawing = False  # show() is drawing: an answer that comes meanwhile is drawn by it
        self._asked_at: float | None = None  # when the question shown started waiting for its figures (clock())
        self._slow_timer: Timer | None = None  # counts the seconds of a slow question
        if not self.WORKER_PROCESS:
            self._process.failed = "a worker thread was asked for (OddsPanel.WORKER_PROCESS)"
        self.display = False  # until a view with something to show arrives

    def _sections(self) -> None:
        """Mount the sections' Statics the first time the panel has something to show.

        Not composed with the table: the panel is hidden when a game starts, and the table's first frame comes
        sooner without them (they are mounted right after it, while the player reads the table).
        """
        if not self._mounted_sections:
            self._mounted_sections = True
            self.mount_all(Static(id=f"odds-{section}", classes="-empty") for section in self.SECTIONS)

    def on_mount(self) -> None:
        if hasattr(self.app, "odds_mode"):
            self.watch(self.app, "odds_mode", self._mode_changed, init=False)
        if hasattr(self.app, "odds_target"):
            self.watch(self.app, "odds_target", self._mode_changed, init=False)

    @property
    def threshold(self) -> float:
        """The chance the commit plan aims at: the App's setting (``t``), 90% when the App has none."""
        target = getattr(self.app, "odds_target", 0.9)
        return float(target) if isinstance(target, (int, float)) else 0.9

    @property
    def mode(self) -> OddsMode:
        """The App's setting (``full`` when the App has none)."""
        mode = getattr(self.app, "odds_mode", "full")
        return mode if mode in ODDS_MODES else "full"

    def _mode_changed(self) -> None:
        if self._view is not None:
            self._seen = None
            self.show(self._view, None)

    def _after_first_frame(self) -> None:
        self._first_frame_out = True
        # While the player reads the table, not in the first commit step's key: the sections are mounted (the panel
        # is hidden: one layout pass now instead of a mount, a restyle and a layout pass more in that key) and the
        # process is started, so its import of the odds is over before the first question (it was that key's wait).
        # Each piece on a callback of its own, so that a key typed meanwhile waits for one piece at most (together
        # they held the UI thread some 60 ms): the process first (its import of the odds starts soonest), then the
        # sections, then the view's question (the odds package's import, where the warm-up thread has not done it).
        if self.mode != "off":
            self._process.start()
        self.call_after_refresh(self._mount_sections)

    def _mount_sections(self) -> None:
        if self.is_attached:
            self._sections()
            self.call_after_refresh(self._mode_changed)

    def on_unmount(self) -> None:
        self._process.close()

    def show(self, view: GameView, selected: str | None) -> None:
        """Show the odds for this view (cheap when neither the view nor the setting changed)."""
        mode = self.mode
        if self._seen is not None and self._seen[0] is view and self._seen[1] == mode:
            return
        self._seen = (view, mode)
        self._view = view
        if not self._first_frame_out:
            # The first frame goes out without the odds package (its import is start-up's); asked right after it.
            self._seen = None
            if not self._first_frame_asked:
                self._first_frame_asked = True
                self.call_after_refresh(self._after_first_frame)
            return
        question = question_for(view, self.threshold) if mode != "off" else None
        set_display(self, question is not None)
        if question is None:
            self.question = None
            return
        if not self._process.running and self._process.failed is None:
            # Not started after the first frame (the odds were off then): started now, after this frame.
            self.call_after_refresh(self._process.start)
        s = view.player
        step = (s.round, s.activated_this_round, s.phases_used, question.stage)
        if step != self._step:
            self._step = step
            self._reserved.clear()
        if question != self.question:
            key = question.answer_key()
            if self.question is None or key != self.question.answer_key():
                self.chances = self._answers.get(key)
                self._asked_at = clock() if self.chances is None else None
            if self.question is None or question.counts != self.question.counts or self._models_changed(question):
                self.rolls = rolls_for(question)
            self.question = question
        if mode == "full" and self.chances is None:
            key = question.answer_key()
            if key != self._pending:
                quick = self._costs.get(question.shape(), math.inf) <= self._QUICK_SECONDS
                foreseen = self._foreseen[1] if self._foreseen is not None and self._foreseen[0] == key else None
                if foreseen is not None and not foreseen.done():
                    # Asked ahead (foresee) and still being answered: waited for a moment, else drawn when it comes.
                    self._wait_here(question, foreseen)
                elif question.quick() or (quick and self._process.failed is not None):
                    started = time.perf_counter()
                    chances = chances_for(question)
                    self._cost(question, time.perf_counter() - started)
                    self._remember(key, chances)
                elif quick and self._process.idle:
                    # The process answered this shape in milliseconds: waited for here, a frame with "computing…"
                    # and a second repaint are saved; what is not back in time comes to a worker like the rest.
                    self._wait_here(question, self._process.ask(question))
                elif self._process.running:
                    # Sent to the process at once: it works on its own core while this key lays out and repaints
                    # the table (after that repaint, its answer came a whole layout pass later: the first commit
                    # step's key waited for a cold question's 100 ms after its own 100).
                    self._pending = key
                    self._compute(question, self._process.ask(question))
                else:
                    self._pending = key
                    # A worker thread starts once this key's repaint is out: its arithmetic holds the interpreter's
                    # lock (numpy's object arrays included), and the repaint would wait behind it.
                    self.call_after_refresh(self._start_computing, question)
        self._draw_odds(mode)
        self._watch_slow()

    def _watch_slow(self) -> None:
        """While the figures are computing, a tick a second once the question is slow (:attr:`SLOW_SECONDS`): the
        panel counts the seconds and says the figures come when done. Nothing ticks for a quick question."""
        waiting = self.chances is None and self._asked_at is not None and self.mode == "full" and self.display
        if waiting and self._slow_timer is None:
            self._slow_timer = self.set_interval(1.0, self._tick)
        elif not waiting and self._slow_timer is not None:
            self._slow_timer.stop()
            self._slow_timer = None

    def _tick(self) -> None:
        if self._slow_seconds() is not None and self.question is not None:
            self._draw_odds(self.mode)
        self._watch_slow()

    def _slow_seconds(self) -> int | None:
        """How long the question shown has waited for its figures, once that is longer than :attr:`SLOW_SECONDS`."""
        if self.chances is not None or self._asked_at is None:
            return None
        waited = clock() - self._asked_at
        return int(waited) if waited >= self.SLOW_SECONDS else None

    def _computing(self) -> str:
        """ "computing…", with the seconds it has taken once the question is slow."""
        seconds = self._slow_seconds()
        return _("computing…") if seconds is None else _("computing… {n} s").format(n=seconds)

    def _wait_here(self, question: OddsQuestion, asked: asyncio.Future[bool]) -> None:
        """Wait for the process's answer to ``question`` (asked already) at most :attr:`_QUICK_WAIT` while the key is
        handled; an answer not back by then is drawn when it comes (or, the process failing, computed in a thread)."""
        self._drawing = True  # an answer that comes now is drawn by show(), once
        try:
            answered = self._process.wait(asked, self._QUICK_WAIT)
        finally:
            self._drawing = False
        if not answered:
            self._pending = question.answer_key()
            self._await_answer(question, asked)

    def foresee(self, view: GameView) -> None:
        """Ask the process now the question of a view that may come next (the player selected a die to commit), so
        that its answer is in when the player plays it: the key that does is drawn once, with its figures, instead of
        "computing…" then a second repaint when they come.

        Only while the process is idle (a question it is answering or that waits is never delayed by this one) and
        for a question not answered already. The answer is kept like any other, and shown only if that view comes.
        """
        if self.mode != "full" or not self._first_frame_out or not self._process.idle or self._pending is not None:
            return
        question = question_for(view, self.threshold)
        if question is None or question.quick():
            return
        key = question.answer_key()
        if key in self._answers:
            return
        self._foreseen = (key, self._process.ask(question))

    def _cost(self, question: OddsQuestion, seconds: float) -> None:
        """Remember how long a question of this shape took: the next one is answered at once when that was quick
        (a worker's round trip costs a frame or two), in a worker otherwise."""
        _keep(self._costs, question.shape(), seconds, self._CACHE_SIZE)

    def _models_changed(self, question: OddsQuestion) -> bool:
        old = self.question
        return old is None or [e.target.model for e in old.enemies] != [e.target.model for e in question.enemies]

    def on_resize(self) -> None:
        # A layout pass resizes the panel when anything above it in the side column changes height: only a new
        # width changes what it draws.
        self._expected_width = None
        if self.question is not None and self.display and self._width() != self._drawn_width:
            self._draw_odds(self.mode)

    def expect_width(self, width: int) -> None:
        """The next layout pass gives the panel this outer width (its column is about to show a scrollbar): drawn at
        it now, so that pass does not resize the panel and call for another."""
        self._expected_width = max(0, width - self.styles.gutter.width)
        if self.question is not None and self.display and self._expected_width != self._drawn_width:
            self._draw_odds(self.mode)

    def _width(self) -> int:
        """The width the sections are drawn at: the panel's own once laid out; before (it was hidden until now), the
        width its column gives it, so the first layout pass does not resize it and call for another."""
        if self._expected_width is not None:
            return self._expected_width
        if self.content_region.width or not isinstance(self.parent, Widget):
            return self.content_region.width
        return max(0, self.parent.scrollable_content_region.width - self.styles.gutter.width)

    def _remember(self, key: Hashable, chances: OddsChances) -> None:
        _keep(self._answers, key, chances, self._CACHE_SIZE)
        if self.question is not None and key == self.question.answer_key():
            self.chances = chances

    def _start_computing(self, question: OddsQuestion) -> None:
        """Start the worker for ``question`` if it is still the one waiting (a newer question scheduled its own)."""
        if self._pending == question.answer_key() and self.is_attached:
            self._compute(question)

    @work(exclusive=True, group="odds")
    async def _compute(self, question: OddsQuestion, asked: asyncio.Future[bool] | None = None) -> None:
        """Answer a slow question (card rules in force, big needs) off the UI thread: in the worker process (``asked``:
        sent to it already), else (it could not start, or stopped: :attr:`OddsProcess.failed`) in a thread.

        A newer question cancels this worker; the process answers the question it is on all the same, and a newer
        one waiting supersedes this one. Every answer that comes is kept in the cache (:meth:`_computed`).
        """
        process = self._process
        if asked is not None or (process.failed is None and process.start()):
            if await (asked or process.ask(question)) or process.failed is None:
                return  # answered (by _computed), or superseded by a newer question
        if process.failed is not None and not self._said_failed:
            self._said_failed = True
            self.log.warning(f"odds computed in a thread: {process.failed}")
        await asyncio.to_thread(self._compute_in_thread, question)

    @work(exclusive=True, group="odds")
    async def _await_answer(self, question: OddsQuestion, asked: asyncio.Future[bool]) -> None:
        """Wait for the process's answer to a question asked already (not back within :attr:`_QUICK_WAIT`)."""
        if not await asked and self._process.failed is not None and self._pending == question.answer_key():
            await asyncio.to_thread(self._compute_in_thread, question)

    def _compute_in_thread(self, question: OddsQuestion) -> None:
        """The thread's half of :meth:`_compute`: a thread cannot be interrupted, so the answer it finds after a
        newer question is still kept in the cache (the odds package's own tables are thread-safe)."""
        started = time.perf_counter()
        chances = chances_for(question)
        seconds = time.perf_counter() - started
        try:
            self.app.call_from_thread(self._computed, question, chances, seconds)
        except RuntimeError:  # the app is closing
            pass

    def _computed(self, question: OddsQuestion, chances: OddsChances, seconds: float) -> None:
        key = question.answer_key()
        self._cost(question, seconds)
        if key == self._pending:
            self._pending = None
        if self._foreseen is not None and self._foreseen[0] == key:
            self._foreseen = None
        self._remember(key, chances)
        if self.question is not None and key == self.question.answer_key() and self.display and not self._drawing:
            self._draw_odds(self.mode)
            self._watch_slow()

    def shown_text(self) -> str:
        """The text the panel shows now, title first (empty when hidden): for tests and for reading aloud."""
        if not self.display:
            return ""
        lines = [Content.from_text(self.border_title or "").plain]
        for static in self.query(Static):
            if static.has_class("-empty") or static.has_class("-blank") or not static.styles.display == "block":
                continue
            content = static.content
            text = content.plain if isinstance(content, Content) else str(content)
            lines.append(text.rstrip("\n"))  # without the lines it keeps in reserve
        return "\n".join(lines)

    # --- drawing -------------------------------------------------------------------------------------------------

    def _draw_odds(self, mode: OddsMode) -> None:
        question = self.question
        if question is None:
            return
        self._sections()
        full = mode == "full"
        title = "[o] " + (_("Odds") if full else _("Expected damage"))
        # ≈: an effect in force changes rolls in a way the odds do not model (named at the bottom).
        set_title(self, Content(title + (" ≈" if full and question.caveats else "")))
        width = self._width()
        if width != self._drawn_width:
            self._drawn_width = width
            self._reserved.clear()  # measured at another width
        width = max(20, width or 30)
        sections: dict[str, Content | None] = dict.fromkeys(self.SECTIONS)
        sections["head"] = Content.assemble(
            (dice_words(question), "bold"),
            (f" · {rolls_words(question)}", "$text-muted"),
            # What the percentages are (each enemy's chance assumes every one of these dice goes to it).
            (_chance_label(question) if full else "", "$text-muted"),
        )
        sections["enemies"] = self._enemies(question, full, width)
        chart_lines = 0
        chart_room = self.CHART_LINES - 2 + self._chart_height(width)
        if full and not question.dice and question.stage == "commit":
            sections["chart"] = Content.styled(_("commit dice to see the odds"), "$text-muted italic")
            chart_lines = chart_room
        elif full and question.dice and (question.stage == "commit" or question.phases > 0):
            sections["chart"] = self._chart(question, width)
            chart_lines = chart_room
        chances = self.chances
        plan_lines = 1 + len(question.enemies) + (len(question.enemies) > 1) if full and question.pool else 0
        if plan_lines and chances is None:
            # Its answer's rows usually wrap on the side column: their lines are kept while "computing…" shows, so
            # the answer repaints the panel without laying the screen out again (nor docking the box then).
            plan_lines = max(plan_lines, self._plan_room(question, width))
        if plan_lines and question.phases > 0:
            sections["plan"] = self._plan(question, width)
        advice_lines = self.ADVICE_LINES if full and question.stage == "apply" and question.dice else 0
        if advice_lines and chances is None:
            sections["advice"] = Content.assemble(
                (str(ADVICE), "bold $accent"), (self._computing(), "$text-muted italic")
            )
        elif full and chances is not None and chances.advice is not None and self._view is not None:
            # The one advisor's hint: checked against the rules in force before it is said (never a move the engine
            # would refuse), the same words the headless hint gives.
            hint = hint_for(self._view, question, chances)
            sections["advice"] = Content.assemble((str(ADVICE), "bold $accent"), hint.move, (hint.figure, "bold"))
        notes = []
        if full and chances is not None and any(not c.exact for c in (*chances.each, chances.all) if c is not None):
            notes.append(_("≈: simulated, ± two standard errors"))
        if full and question.caveats:
            notes.append(_("≈ not in the odds: {caveats}").format(caveats=" ".join(question.caveats)))
        if full and self._slow_seconds() is not None:
            notes.append(
                _("These figures take long to compute here: they come when done (o shows the expected damage).")
            )
        if notes:
            sections["caveats"] = Content.styled("\n".join(notes), "$text-muted italic")
        least = {"chart": chart_lines, "advice": advice_lines, "plan": plan_lines}
        for name, content in sections.items():
            self._draw_section(name, content, width, least.get(name, 0))

    def _draw_section(self, name: str, content: Content | None, width: int, least: int) -> None:
        """Show one section in the lines it keeps for the step: the most it has needed (at least ``least``),
        blank lines below a shorter content, blank lines only when it has nothing to show now."""
        static = self.query_one(f"#odds-{name}", Static)
        # The styles, as Widget.get_content_height hands them to its visual (wrapping or not).
        rules = cast("RulesMap", static.styles)
        lines = content.get_height(rules, width) if content is not None else 0
        reserved = max(self._reserved.get(name, 0), lines, least)
        self._reserved[name] = reserved
        static.set_class(reserved == 0, "-empty")
        static.set_class(content is None, "-blank")
        if reserved == 0:
            return
        if content is None:
            content = Content("\n" * (reserved - 1))
        elif reserved > lines:
            content = Content.assemble(content, "\n" * (reserved - lines))
        update_static(static, content)

    def _number(self, enemy: EnemyQuestion) -> int:
        """The enemy's number as the table shows it on its card (kept for the round when a card leaves)."""
        number_of = getattr(self.screen, "number_of", None) if self.is_attached else None
        return (number_of(enemy.card) if number_of is not None else 0) or enemy.number

    def _enemies(self, question: OddsQuestion, full: bool, width: int) -> Content:
        """A label saying what the figures are, then two lines per enemy (and a third for a cap or a block),
        whether the figures are in yet or not (and in either mode), so the lines do not move when they arrive."""
        lines: list[Content] = []
        chances = self.chances
        # Short terminals: one line per enemy (its number, damage so far, the chance), so every enemy stays in view.
        # The same one line while the figures are computing ("…"), so the lines do not move when they arrive.
        compact = full and self.screen.has_class("-short")
        for i, (enemy, roll) in enumerate(zip(question.enemies, self.rolls, strict=True)):
            shown = self._number(enemy)
            t = enemy.target
            tally = f" {min(t.applied, t.health)}/{t.health}"
            if compact:
                number = chances.each[i].words() if chances is not None else "…"
                room = width - len(f"{shown} ") - len(tally) - len(number) - 2
                name = enemy.name if len(enemy.name) <= room else enemy.name[: max(1, room - 1)] + "…"
                lines.append(
                    Content.assemble((f"{shown} ", "$text-muted"), (name, "bold"), tally, "  ", (number, "bold"))
                )
                if enemy.capped:
                    lines.append(Content.styled("  " + _capped(enemy.ceiling), "$text-muted italic"))
                continue
            lines.append(Content.assemble((f"{shown} ", "$text-muted"), (enemy.name, "bold"), tally))
            expected = expected_words(roll.expected_damage)
            if not full:
                lines.append(Content.assemble("  ", (expected, "bold"), (" " + _("a roll"), "$text-muted")))
            elif chances is None:
                lines.append(Content.assemble("  ", (self._computing(), "$text-muted italic")))
            else:
                lines.append(self._bar(chances.each[i], width, "  "))
            if enemy.capped:
                lines.append(Content.styled("  " + _capped(enemy.ceiling), "$text-muted italic"))
            elif enemy.blocked:
                lines.append(Content.styled(f"  {enemy.blocked}", "$text-muted italic"))
        if full and len(question.enemies) > 1:
            label = _("All {n}").format(n=len(question.enemies))
            if chances is None:
                lines.append(Content.assemble((label, "bold"), ("  " + self._computing(), "$text-muted italic")))
            elif chances.all is not None:
                lines.append(self._bar(chances.all, width, label + " ", bold=True))
        return Content("\n").join(lines)

    @staticmethod
    def _bar(chance: Chance, width: int, lead: str, *, bold: bool = False) -> Content:
        """``lead`` then a bar filled to the chance and its words (``63%``, ``≈63% ±2`` when simulated)."""
        number = chance.words()
        p = chance.value
        bar_width = max(4, min(40, width - len(number) - len(lead) - 2))
        return Content.assemble(
            (lead, "bold" if bold else ""),
            (probability_bar(p, bar_width), "$success" if p >= 0.5 else "$warning"),
            " ",
            (number, "bold"),
        )

    def _plan(self, question: OddsQuestion, width: int) -> Content:
        """Commit step: per enemy (and all of them), the fewest pool dice, weakest first, that reach the threshold,
        their cost in dice and the chance they give."""
        chances = self.chances
        head = Content.assemble(
            (_("To reach "), "$text-muted"), (percent(question.threshold), "bold"), (" [t]:", "$text-muted")
        )
        lines = [head]
        rows: list[tuple[str, Pick | None]] = []
        plan = chances.plan if chances is not None else None
        for i, enemy in enumerate(question.enemies):
            rows.append((str(self._number(enemy)) if len(question.enemies) > 1 else "", plan.each[i] if plan else None))
        if len(question.enemies) > 1:
            rows.append((_("all"), plan.all if plan else None))
        for row, (label, pick) in enumerate(rows):
            lead = f"  {label}: " if label else "  "
            if chances is None:
                lines.append(Content.assemble(lead, (self._computing(), "$text-muted italic")))
            elif pick is None:
                lines.append(Content.assemble(lead, (_("cannot fall this round"), "$text-muted")))
            else:
                words = _pick_words(pick, len(question.pool), question.most)
                bare = chances.plan_bare[row] if row < len(chances.plan_bare) else None
                if bare is not None and bare.value < pick.chance.value - 1e-9:
                    without = _("({chance} without {held})").format(chance=bare.words(), held=_held_names(question))
                    words.append((f" {without}", "$text-muted"))
                lines.append(Content.assemble(lead, *words))
        return Content("\n").join(lines)

    def _plan_room(self, question: OddsQuestion, width: int) -> int:
        """The lines an answer's plan takes at this width: with nothing held, the shortest (``+Y1 (1 die) → 90%`` per
        row: no line kept that the answer leaves blank); when the figures count what the player holds, a typical one
        (``+Y1 Y2 G1 G2 (4 dice) → 90% (50% without Corona's ability)``, six dice for all the enemies together),
        which wraps on the side column."""
        rules = cast("RulesMap", self.query_one("#odds-plan", Static).styles)
        held = _held_names(question)
        lines = 1
        labels = [str(self._number(enemy)) for enemy in question.enemies] if len(question.enemies) > 1 else [""]
        if len(question.enemies) > 1:
            labels.append(_("all"))
        for number, label in enumerate(labels, start=1):
            dice = question.pool[: (4 if number <= len(question.enemies) else 6) if held else 1]
            cost = ngettext("{n} die", "{n} dice", len(dice)).format(n=len(dice))
            chance = percent(question.threshold)
            row = f"  {label}: " if label else "  "
            row += "+" + " ".join(dice) + f" ({cost}) → {chance}"
            if held:
                row += " " + _("({chance} without {held})").format(chance=chance, held=held)
            lines += Content(row).get_height(rules, width)
        return lines

    @staticmethod
    def _chart_height(width: int) -> int:
        """Rows of columns: two on the usual side column, four where it has room (a very wide terminal)."""
        return 4 if width >= 44 else 2

    def _chart(self, question: OddsQuestion, width: int) -> Content:
        """One roll's damage (of the first enemy's damage model), under a caption with its expected damage."""
        enemy, roll = question.enemies[0], self.rolls[0]
        models = {e.target.model for e in question.enemies}
        this = question.stage == "commit"
        need = enemy.target.need if enemy.target.need > 0 else None
        rows = damage_chart(roll, need, width, height=self._chart_height(width))
        expected = decimal(float(roll.expected_damage))
        if len(models) > 1:
            caption = (
                _("This roll vs {enemy}: {damage} expected damage")
                if this
                else _("Next roll vs {enemy}: {damage} expected damage")
            ).format(enemy=enemy.name, damage=expected)
        else:
            caption = _("This roll: {damage} expected damage") if this else _("Next roll: {damage} expected damage")
            caption = caption.format(damage=expected)
        return Content("\n").join([Content.styled(caption, "$text-muted"), *rows])
