"""The Statistics screen: the player's record as figures, charts and a list of past games.

Three tabs: **Overview** (per deck the games, win rate with its 95% interval, streaks, best game, median rounds,
the enemies and bosses that beat the player most, the ladder, then a line per hero), **Charts** (win rate by hero,
rounds per game, dice luck per game, the ladder over time; drawn with textual-plotext, every series told apart by
its marker or its label, never by colour alone) and **Past games** (newest first; Enter or a click on the
highlighted row replays a game in the history viewer, read-only; ``v`` opens the expert's review of it). The deck
and hero selectors filter everything.

It reads the record once when it opens (:func:`twentystrong.record.games.list_games`); the figures come from
:func:`twentystrong.record.summary.summarize`, the words from :mod:`twentystrong.text.record`. Opened lazily (the
App imports this module, and textual-plotext with it, only when the screen is shown): start-up never pays for it.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Footer, Label, Select, Static, TabbedContent, TabPane
from textual_plotext import PlotextPlot

from twentystrong.i18n import N_, _, ngettext, pgettext
from twentystrong.i18n.numbers import decimal, percent_sign, ratio
from twentystrong.record.games import GameRow, ladder_levels, list_games
from twentystrong.record.summary import DeckSummary, Summary, summarize
from twentystrong.session.session import Session
from twentystrong.text.record import Names, breakdown_lines, hero_table, ladder_label, ladder_now, ladder_path
from twentystrong.tui.widgets.keys import speak_keys

ALL = "*"
"""The selectors' value for "every deck" / "every hero"."""


class StatisticsScreen(ModalScreen[None]):
    """The player's record: overview, charts and past games. Escape closes."""

    CSS_PATH = "statistics.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close")),
        Binding("o", "tab('overview')", N_("Overview")),
        Binding("c", "tab('charts')", N_("Charts")),
        Binding("g", "tab('games')", N_("Past games")),
        Binding("v", "review", N_("Review the game"), show=False),
        Binding("question_mark,f1", "app.help", N_("Help"), key_display="?"),
    ]

    def __init__(self, rows: list[GameRow] | None = None, ladders: dict[str, tuple[str, int]] | None = None) -> None:
        """``rows`` and ``ladders``: the record to show (default: read it now)."""
        super().__init__()
        speak_keys(self)
        self.warning: str | None = None
        if rows is None:
            rows, self.warning = list_games()
            ladders = ladder_levels()
        self.rows = rows
        self.ladders = ladders or {}
        self.deck: str = ALL
        self.hero: str = ALL
        self.summary: Summary = summarize(rows, self.ladders)

    # --- layout ---------------------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        decks = {row.deck: row.deck_title for row in self.rows}
        with Vertical(id="statistics"):
            yield Static(self._title(), id="statistics-title")
            with Horizontal(id="statistics-head"):
                yield Label(_("Deck"), classes="label")
                yield Select(
                    [(_("every deck"), ALL), *((title, deck) for deck, title in decks.items())],
                    value=ALL,
                    allow_blank=False,
                    id="statistics-deck",
                    compact=True,
                )
                yield Label(_("Hero"), classes="label", id="statistics-hero-label")
                yield Select(self._hero_options(), value=ALL, allow_blank=False, id="statistics-hero", compact=True)
            with TabbedContent(initial="overview", id="statistics-tabs"):
                with TabPane(_("Overview"), id="overview"), VerticalScroll(id="overview-scroll"):
                    yield Static(id="overview-text")
                with TabPane(_("Charts"), id="charts"), Grid(id="charts-grid"):
                    for chart in ("chart-heroes", "chart-rounds", "chart-luck", "chart-ladder"):
                        yield PlotextPlot(id=chart, classes="chart")
                with TabPane(_("Past games"), id="games"):
                    yield DataTable(id="games-table", cursor_type="row", zebra_stripes=True)
                    yield Static(id="games-hint")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#games-table", DataTable)
        table.add_columns(
            "#",
            _("date"),
            _("deck"),
            _("hero"),
            _("level"),
            _("result"),
            _("rounds"),
            _("dealt/taken"),
            _("luck"),
            _("notes"),
        )
        self._refresh()
        if self.warning:
            self.notify(self.warning, title=_("Record"), severity="warning", timeout=10)

    def _title(self) -> Content:
        s = self.summary
        if not self.rows:
            return Content.styled(_("Your record — no finished games yet"), "bold")
        return Content.assemble(
            (_("Your record"), "bold"),
            " — " + ngettext("{n} game, {wins} won", "{n} games, {wins} won", s.games).format(n=s.games, wins=s.wins),
            (f" ({ratio(s.wins / s.games)})" if s.games else "", "$text-muted"),
        )

    def _hero_options(self) -> list[tuple[str, str]]:
        heroes = {row.hero: row.hero_name for row in self.rows if self.deck in (ALL, row.deck)}
        return [(_("every hero"), ALL), *sorted(((name, hero) for hero, name in heroes.items()), key=lambda o: o[0])]

    # --- filters ----------------------------------------------------------------------------------------------------

    def selected(self) -> list[GameRow]:
        """The games the selectors let through, oldest first."""
        return [row for row in self.rows if self.deck in (ALL, row.deck) and self.hero in (ALL, row.hero)]

    @on(Select.Changed, "#statistics-deck")
    def _deck_changed(self, event: Select.Changed) -> None:
        self.deck = str(event.value)
        hero = self.query_one("#statistics-hero", Select)
        options = self._hero_options()
        hero.set_options(options)
        if self.hero not in {value for _, value in options}:
            self.hero = ALL
        hero.value = self.hero
        self._refresh()

    @on(Select.Changed, "#statistics-hero")
    def _hero_changed(self, event: Select.Changed) -> None:
        self.hero = str(event.value)
        self._refresh()

    def _refresh(self) -> None:
        self.summary = summarize(self.selected(), self.ladders)
        self.query_one("#statistics-title", Static).update(self._title())
        self.query_one("#overview-text", Static).update(overview(self.summary, empty=not self.rows))
        self._charts()
        self._games()

    # --- the tabs ---------------------------------------------------------------------------------------------------

    def _games(self) -> None:
        table = self.query_one("#games-table", DataTable)
        table.clear()
        rows = list(reversed(self.summary.rows))
        for row in rows:
            notes = [_("daily {day}").format(day=row.daily)] if row.daily else []
            if row.assisted:
                notes.append(_("assisted"))
            if not row.has_log:
                notes.append(_("no replay (imported)"))
            luck = row.luck
            table.add_row(
                str(row.id),
                row.day,
                row.deck_title.split(":")[0],
                row.hero_name,
                f"{row.level_kind[0].upper()}{row.level}" if row.level_kind and row.level is not None else "",
                "✔ " + _("won") if row.won else "✘ " + _("lost"),
                str(row.rounds),
                f"{row.damage_dealt}/{row.damage_taken}" if row.damage_dealt is not None else "",
                decimal(luck, sign=True) if luck is not None else "",
                ", ".join(notes),
                key=str(row.id),
            )
        hint = (
            _(
                "Enter (or a click on the highlighted row) replays that game, read-only, from its first move to its"
                " last."
            )
            + " "
            + _("v shows the expert's review of it.")
            if rows
            else _("No games to list.")
        )
        self.query_one("#games-hint", Static).update(Content.styled(hint, "$text-muted"))

    def _charts(self) -> None:
        decks = self.summary.decks
        deck = decks[0] if len(decks) == 1 else None
        heroes = deck.heroes if deck is not None else ()
        rows = list(self.summary.rows)

        plot = self.query_one("#chart-heroes", PlotextPlot)
        plt = plot.plt
        plt.clear_figure()
        if deck is None:
            plt.title(_("Win rate by hero: choose a deck") if decks else _("Win rate by hero: no games"))
        else:
            labels = [f"{h.name} {ratio(h.win_rate)} ({h.wins}/{h.games})" for h in reversed(heroes)]
            plt.bar(labels, [round(h.win_rate * 100) for h in reversed(heroes)], orientation="horizontal", width=0.4)
            plt.xlim(0, 100)
            plt.xticks([0, 25, 50, 75, 100], [percent_sign(str(tick)) for tick in (0, 25, 50, 75, 100)])
            plt.title(_("Win rate by hero"))
        plot.refresh()

        plot = self.query_one("#chart-rounds", PlotextPlot)
        plt = plot.plt
        plt.clear_figure()
        won = [(n, row.rounds) for n, row in enumerate(rows, 1) if row.won]
        lost = [(n, row.rounds) for n, row in enumerate(rows, 1) if not row.won]
        won_marker, lost_marker = pgettext("chart marker: won", "W"), pgettext("chart marker: lost", "L")
        for points, marker in ((won, won_marker), (lost, lost_marker)):
            if points:
                plt.scatter([x for x, _ in points], [y for _, y in points], marker=marker)
        if rows:
            plt.xticks(*_ticks(len(rows)))
            top = max(row.rounds for row in rows) + 2
            plt.ylim(0, top)
            plt.yticks(*_whole(0, top))
        plt.title(_("Rounds per game: {won} won, {lost} lost").format(won=won_marker, lost=lost_marker))
        plot.refresh()

        plot = self.query_one("#chart-luck", PlotextPlot)
        plt = plot.plt
        plt.clear_figure()
        luck: list[tuple[int, float]] = [(n, row.luck) for n, row in enumerate(rows, 1) if row.luck is not None]
        if luck:
            plt.bar([x for x, _ in luck], [y for _, y in luck], width=0.5, marker="▒")
            plt.hline(0)
            plt.xticks(*_ticks(len(rows)))
            top = math.ceil(max(1.0, *(abs(y) for _, y in luck)))
            plt.ylim(-top - 0.5, top + 0.5)
            plt.yticks(*_whole(-top, top, signed=True))
        plt.title(_("Dice luck: hits vs expected") if luck else _("Dice luck: no dice rolled yet"))
        plot.refresh()

        plot = self.query_one("#chart-ladder", PlotextPlot)
        plt = plot.plt
        plt.clear_figure()
        if deck is not None and deck.ladder_kind is not None:
            steps = [(n, row) for n, row in enumerate(rows, 1) if row.level_after is not None]
            if steps:
                xs = [steps[0][0] - 0.5, *(n for n, _ in steps)]
                ys = [steps[0][1].level or 0, *(row.level_after or 0 for _, row in steps)]
                plt.plot(xs, ys, marker="dot")
                plt.scatter(xs[1:], ys[1:], marker="●")
                plt.xticks(*_ticks(len(rows)))
            levels = _levels(deck)
            plt.yticks([float(level) for level in levels], [str(level) for level in levels])
            plt.ylim(levels[0] - 0.3, levels[-1] + 0.3)
            words = _("{ladder} after each game: now {level}")
            plt.title(words.format(ladder=_(deck.ladder_kind).capitalize(), level=deck.ladder_now))
        else:
            plt.title(_("Ladder: choose a deck") if decks else _("Ladder: no games"))
        plot.refresh()

    # --- actions ------------------------------------------------------------------------------------------------------

    def action_close(self) -> None:
        """Back to where the screen was opened."""
        self.dismiss(None)

    def action_tab(self, tab: str) -> None:
        """Show a tab: overview, charts, past games."""
        self.query_one(TabbedContent).active = tab
        if tab == "games":
            self.query_one("#games-table", DataTable).focus()

    @on(DataTable.RowSelected, "#games-table")
    async def _replay(self, event: DataTable.RowSelected) -> None:
        """Replay the chosen game in the history viewer."""
        from twentystrong.tui.screens.replay import ReplayScreen

        if event.row_key.value is None:
            return
        found = replayed(self, int(event.row_key.value))
        if found is not None:
            await self.app.push_screen(ReplayScreen(*found))

    async def action_review(self) -> None:
        """The expert's review of the game highlighted in the past games."""
        from twentystrong.tui.screens.review import ReviewScreen

        table = self.query_one("#games-table", DataTable)
        if self.query_one(TabbedContent).active != "games" or not table.row_count:
            self.action_tab("games")
            return
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        found = replayed(self, int(key)) if key is not None else None
        if found is not None:
            await self.app.push_screen(ReviewScreen(*found))


def replayed(screen: Screen[Any], game: int) -> tuple[GameRow, Session] | None:
    """Game ``game`` of the record as a session to replay or review; None (the player told why) when it cannot
    be."""
    from twentystrong.record.replay import ReplayError, replay_session
    from twentystrong.tui.tables import not_drawn

    try:
        row, session, note = replay_session(game)
    except ReplayError as exc:
        screen.notify(str(exc), title=_("No replay"), severity="warning")
        return None
    refused = not_drawn(session.deck.info.ruleset, session.deck.id, str(session.deck_path or "") or None)
    if refused is not None:
        screen.notify(refused, title=_("No replay"), severity="warning", timeout=10)
        return None
    if note:
        screen.notify(note, severity="warning", timeout=8)
    return row, session


def _ticks(count: int) -> tuple[list[float], list[str]]:
    """At most eight whole-number ticks for games 1..count."""
    step = max(1, math.ceil(count / 8))
    ticks = list(range(1, count + 1, step))
    return [float(t) for t in ticks], [str(t) for t in ticks]


def _whole(low: int, high: int, *, signed: bool = False) -> tuple[list[float], list[str]]:
    """About five whole-number ticks from ``low`` to ``high`` (0 among them when it lies between)."""
    step = max(1, math.ceil((high - low) / 5))
    ticks = [t for t in range(0, high + 1, step)] + [t for t in range(-step, low - 1, -step)]
    ticks = sorted(t for t in ticks if low <= t <= high)
    return [float(t) for t in ticks], [f"{t:+d}" if signed and t else str(t) for t in ticks]


def _levels(deck: DeckSummary) -> list[int]:
    from twentystrong.record.ladder import RULES

    rule = RULES.get(deck.rows[-1].ruleset) if deck.rows else None
    if rule is None:
        return [1]
    return list(range(rule.lowest, rule.highest + 1))


def overview(summary: Summary, *, empty: bool = False) -> Content:
    """The overview tab: per deck its figures, then a line per hero."""
    if not summary.games:
        return Content.styled(
            _("No finished games in your record yet: every game you finish is kept here.")
            if empty
            else _("No recorded game matches these filters."),
            "$text-muted",
        )
    parts: list[Content] = []
    for deck in summary.decks:
        names = Names(deck.deck)
        head = Content.assemble((names.title(deck.title), "bold $accent"))
        if deck.ladder_kind is not None and deck.ladder_now is not None:
            head = Content.assemble(head, (f"   {ladder_now(deck)}", "bold"))
        parts.append(head)
        for label, text in breakdown_lines(deck.overall, names):
            parts.append(Content.assemble((f"  {label:<11}", "$text-muted"), text))
        if deck.ladder:
            parts.append(Content.assemble((f"  {ladder_label(deck):<11}", "$text-muted"), ladder_path(deck)))
        if len(deck.heroes) > 1:  # one line per hero (choose a hero above for that hero's own figures)
            parts.append(Content(""))
            table = hero_table(deck.heroes, names)
            parts.append(Content.styled(table[0], "bold"))
            parts += [Content(line) for line in table[1:]]
        parts.append(Content(""))
    return Content("\n").join(parts)
