"""The player's record in words: the report of ``twentystrong stats`` and the Statistics screen's overview."""

from __future__ import annotations

from twentystrong.i18n import _
from twentystrong.i18n.numbers import decimal, localise, percent_sign, ratio
from twentystrong.record.games import GameRow
from twentystrong.record.summary import Breakdown, DeckSummary, Summary

LUCK_SHOWN = 12
"""The dice luck of the last this many games, in the report."""


def report(summary: Summary, *, filtered: bool = False) -> str:
    """The statistics as text a person reads in a terminal."""
    if not summary.games:
        if filtered:
            return _("No recorded game matches.")
        return _("No finished games in your record yet: play one (twentystrong), and it is kept here.")
    won = summary.wins
    lines = [f"Your record: {_games(summary.games)}, {won} won ({ratio(won / summary.games)})"]
    for deck in summary.decks:
        lines += ["", *deck_lines(deck)]
    return "\n".join(lines)


def deck_lines(deck: DeckSummary) -> list[str]:
    """One deck's section."""
    head = deck.title
    if deck.ladder_kind is not None and deck.ladder_now is not None:
        head += f" — now {deck.ladder_kind} {deck.ladder_now}" + (f" {deck.ladder_title}" if deck.ladder_title else "")
    lines = [head, *(f"  {label:<12} {text}" for label, text in breakdown_lines(deck.overall))]
    if deck.ladder:
        path = " → ".join([str(deck.ladder[0].level), *(str(s.after) for s in deck.ladder)])
        lines.append(f"  {deck.ladder_kind or 'ladder':<12} {path} (games that moved it)")
    if deck.luck:
        shown = deck.luck[-LUCK_SHOWN:]
        lines.append(f"  {'dice luck':<12} " + " ".join(decimal(p.margin, sign=True) for p in shown))
        lines.append(f"  {'':<12} (hits and crits rolled above what the faces lead one to expect, last {len(shown)})")
    lines += ["", *hero_table(deck.heroes)]
    return lines


def breakdown_lines(b: Breakdown) -> list[tuple[str, str]]:
    """Label and text for each figure of a breakdown."""
    out = [("games", b.rate_words())]
    extra = [f"{b.assisted} assisted" if b.assisted else "", f"{b.daily} daily" if b.daily else ""]
    if any(extra):
        out.append(("", "of them " + ", ".join(e for e in extra if e)))
    out.append(("streaks", b.streaks.words()))
    if b.best is not None:
        out.append(("best game", game_words(b.best)))
    if b.median_rounds is not None:
        out.append(("median", f"{localise(f'{b.median_rounds:g}')} rounds"))
    if b.killers:
        out.append(("beaten by", ", ".join(f"{k.name} {k.beat_you}" for k in b.killers[:5])))
    for n, boss in enumerate(b.bosses[:4]):
        beat = (
            f"beat you {boss.beat_you} time{'s' if boss.beat_you != 1 else ''}" if boss.beat_you else "never beat you"
        )
        out.append(
            ("bosses" if n == 0 else "", f"{boss.name}: {beat}; you defeated it {boss.defeated} of {boss.faced}")
        )
    return out


def game_words(row: GameRow) -> str:
    """``#12 2026-11-25 Umbra, rank 2: won in 14 rounds``."""
    level = f", {row.level_kind} {row.level}" if row.level_kind and row.level is not None else ""
    how = f"won in {row.rounds} rounds" if row.won else f"lost in round {row.rounds}"
    return f"#{row.id} {row.day} {row.hero_name}{level}: {how}"


def hero_table(heroes: tuple[Breakdown, ...]) -> list[str]:
    """Per hero: games, wins, win rate and interval, streak, median rounds, best game."""
    header = ("hero", "games", "wins", "win rate", "95% interval", "streak", "median rounds", "best game")
    cells = []
    for h in heroes:
        low, high = h.ci95
        streak = f"{h.streaks.current} {h.streaks.current_length}" if h.streaks.current else ""
        best = h.best
        best_text = "" if best is None else f"#{best.id} " + ("won" if best.won else "lost") + f" r{best.rounds}"
        cells.append(
            (
                h.name,
                str(h.games),
                str(h.wins),
                ratio(h.win_rate),
                percent_sign(f"{low * 100:.0f}–{high * 100:.0f}"),
                streak,
                localise(f"{h.median_rounds:g}") if h.median_rounds is not None else "",
                best_text,
            )
        )
    widths = [max(len(row[i]) for row in [header, *cells]) for i in range(len(header))]
    right = {1, 2, 3, 4, 6}
    lines = []
    for n, row in enumerate([header, *cells]):
        parts = [c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True))]
        lines.append("  " + "  ".join(parts).rstrip())
        if n == 0:
            lines.append("  " + "  ".join("-" * w for w in widths))
    return lines


def _games(n: int) -> str:
    return f"{n} game{'s' if n != 1 else ''}"
