"""The player's record in words: the report of ``twentystrong stats`` and the Statistics screen's overview."""

from __future__ import annotations

from twentystrong.i18n import _, ngettext
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
    words = ngettext(
        "Your record: {n} game, {won} won ({rate})", "Your record: {n} games, {won} won ({rate})", summary.games
    )
    lines = [words.format(n=summary.games, won=won, rate=f"{won / summary.games:.0%}")]
    for deck in summary.decks:
        lines += ["", *deck_lines(deck)]
    return "\n".join(lines)


def deck_lines(deck: DeckSummary) -> list[str]:
    """One deck's section."""
    head = deck.title
    if deck.ladder_kind is not None and deck.ladder_now is not None:
        now = _("now {ladder} {level}").format(ladder=_(deck.ladder_kind), level=deck.ladder_now)
        title = _(deck.ladder_title) if deck.ladder_title else ""
        head += f" — {now}" + (f" {title}" if title else "")
    lines = [head, *(f"  {label:<12} {text}" for label, text in breakdown_lines(deck.overall))]
    if deck.ladder:
        path = " → ".join([str(deck.ladder[0].level), *(str(s.after) for s in deck.ladder)])
        kind = _(deck.ladder_kind) if deck.ladder_kind else _("ladder")
        lines.append(f"  {kind:<12} " + _("{path} (games that moved it)").format(path=path))
    if deck.luck:
        shown = deck.luck[-LUCK_SHOWN:]
        luck_label = _("dice luck")
        lines.append(f"  {luck_label:<12} " + " ".join(f"{p.margin:+.1f}" for p in shown))
        luck = _("(hits and crits rolled above what the faces lead one to expect, last {n})").format(n=len(shown))
        lines.append(f"  {'':<12} {luck}")
    lines += ["", *hero_table(deck.heroes)]
    return lines


def breakdown_lines(b: Breakdown) -> list[tuple[str, str]]:
    """Label and text for each figure of a breakdown."""
    out = [(_("games"), b.rate_words())]
    extra = [
        _("{n} assisted").format(n=b.assisted) if b.assisted else "",
        _("{n} daily").format(n=b.daily) if b.daily else "",
    ]
    if any(extra):
        out.append(("", _("of them {which}").format(which=", ".join(e for e in extra if e))))
    out.append((_("streaks"), b.streaks.words()))
    if b.best is not None:
        out.append((_("best game"), game_words(b.best)))
    if b.median_rounds is not None:
        out.append((_("median"), _("{n} rounds").format(n=f"{b.median_rounds:g}")))
    if b.killers:
        out.append((_("beaten by"), ", ".join(f"{k.name} {k.beat_you}" for k in b.killers[:5])))
    for n, boss in enumerate(b.bosses[:4]):
        if boss.beat_you:
            words = ngettext(
                "{boss}: beat you {n} time; you defeated it {defeated} of {faced}",
                "{boss}: beat you {n} times; you defeated it {defeated} of {faced}",
                boss.beat_you,
            )
        else:
            words = _("{boss}: never beat you; you defeated it {defeated} of {faced}")
        said = words.format(boss=boss.name, n=boss.beat_you, defeated=boss.defeated, faced=boss.faced)
        out.append((_("bosses") if n == 0 else "", said))
    return out


def game_words(row: GameRow) -> str:
    """``#12 2026-11-25 Umbra, rank 2: won in 14 rounds``."""
    kind = _(row.level_kind) if row.level_kind else ""
    level = f", {kind} {row.level}" if row.level_kind and row.level is not None else ""
    if row.won:
        how = ngettext("won in {n} round", "won in {n} rounds", row.rounds).format(n=row.rounds)
    else:
        how = _("lost in round {n}").format(n=row.rounds)
    return f"#{row.id} {row.day} {row.hero_name}{level}: {how}"


def hero_table(heroes: tuple[Breakdown, ...]) -> list[str]:
    """Per hero: games, wins, win rate and interval, streak, median rounds, best game."""
    header = (
        _("hero"),
        _("games"),
        _("wins"),
        _("win rate"),
        _("{confidence} interval").format(confidence="95%"),
        _("streak"),
        _("median rounds"),
        _("best game"),
    )
    cells = []
    for h in heroes:
        low, high = h.ci95
        streak = ""
        if h.streaks.current:
            streak = (_("won {n}") if h.streaks.current == "won" else _("lost {n}")).format(n=h.streaks.current_length)
        best = h.best
        if best is not None:
            best_text = (_("#{id} won r{n}") if best.won else _("#{id} lost r{n}")).format(id=best.id, n=best.rounds)
        else:
            best_text = ""
        cells.append(
            (
                h.name,
                str(h.games),
                str(h.wins),
                f"{h.win_rate:.0%}",
                f"{low * 100:.0f}–{high * 100:.0f}%",
                streak,
                f"{h.median_rounds:g}" if h.median_rounds is not None else "",
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
