"""The player's record in words: the report of ``twentystrong stats`` and the Statistics screen's overview, in the
language spoken (the record itself keeps ids and English keys: ``won``, ``rank``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from twentystrong.engine.effects.words import card_name
from twentystrong.i18n import _, language, ngettext, pgettext
from twentystrong.i18n.numbers import decimal, localise, percent_sign, ratio
from twentystrong.record.games import GameRow
from twentystrong.record.summary import Breakdown, DeckSummary, Streaks, Summary

if TYPE_CHECKING:
    from twentystrong.content.model import Deck

LUCK_SHOWN = 12
"""The dice luck of the last this many games, in the report."""


class Names:
    """A deck's names in the language spoken: the record keeps the English ones (and ids), a shipped deck knows
    their translations. English, or a deck that is not shipped: the names as recorded."""

    def __init__(self, deck_id: str) -> None:
        self.deck: Deck | None = None
        if language() != "en":
            from twentystrong.content.loader import load_shipped
            from twentystrong.content.source import DeckError

            try:
                self.deck = load_shipped(deck_id)
            except DeckError:
                self.deck = None

    def of(self, id: str | None, recorded: str) -> str:
        """The name of the card or boss ``id`` (``recorded`` when the deck does not know it)."""
        if self.deck is None or not id:
            return recorded
        name = card_name(self.deck, id)
        return recorded if name == id else name

    def hero(self, id: str, recorded: str) -> str:
        """The name of the hero ``id`` (``recorded`` when the deck does not know it)."""
        if self.deck is None:
            return recorded
        try:
            return self.deck.hero(id).name
        except KeyError:
            return recorded

    def title(self, recorded: str) -> str:
        """The deck's title."""
        return self.deck.info.title if self.deck is not None else recorded


def report(summary: Summary, *, filtered: bool = False) -> str:
    """The statistics as text a person reads in a terminal."""
    if not summary.games:
        if filtered:
            return _("No recorded game matches.")
        return _("No finished games in your record yet: play one (twentystrong), and it is kept here.")
    won = summary.wins
    games = ngettext("{n} game", "{n} games", summary.games).format(n=summary.games)
    head = ngettext("Your record: {games}, {won} won ({rate})", "Your record: {games}, {won} won ({rate})", won)
    head = head.format(games=games, won=won, rate=ratio(won / summary.games))
    lines = [head]
    for deck in summary.decks:
        lines += ["", *deck_lines(deck)]
    return "\n".join(lines)


def ladder_now(deck: DeckSummary) -> str:
    """``now rank 2 Solar Specialist``: where the deck's ladder stands ("" without a ladder)."""
    if deck.ladder_kind is None or deck.ladder_now is None:
        return ""
    now = _("now {ladder} {level}").format(ladder=_(deck.ladder_kind), level=deck.ladder_now)
    title = _(deck.ladder_title) if deck.ladder_title else ""
    return f"{now} {title}" if title else now


def deck_lines(deck: DeckSummary) -> list[str]:
    """One deck's section."""
    names = Names(deck.deck)
    head = names.title(deck.title)
    if deck.ladder_kind is not None and deck.ladder_now is not None:
        head += " — " + ladder_now(deck)
    lines = [head, *(f"  {label:<12} {text}" for label, text in breakdown_lines(deck.overall, names))]
    if deck.ladder:
        lines.append(f"  {ladder_label(deck):<12} {ladder_path(deck)} " + _("(games that moved it)"))
    if deck.luck:
        shown = deck.luck[-LUCK_SHOWN:]
        label = pgettext("record", "dice luck")
        lines.append(f"  {label:<12} " + " ".join(decimal(p.margin, sign=True) for p in shown))
        above = ngettext(
            "(hits and crits rolled above what the faces lead one to expect, last {n})",
            "(hits and crits rolled above what the faces lead one to expect, last {n})",
            len(shown),
        ).format(n=len(shown))
        lines.append(f"  {'':<12} {above}")
    lines += ["", *hero_table(deck.heroes, names)]
    return lines


def ladder_label(deck: DeckSummary) -> str:
    """The label of the ladder's line: what a level is called (``rank``)."""
    return _(deck.ladder_kind) if deck.ladder_kind else pgettext("record", "ladder")


def ladder_path(deck: DeckSummary) -> str:
    """``1 → 2 → 1``: the ladder from the level of its first game through each game that moved it."""
    return " → ".join([str(deck.ladder[0].level), *(str(s.after) for s in deck.ladder)])


def rate_words(b: Breakdown) -> str:
    """``7 of 12 won: 58% (95% interval 32–81%)``."""
    if not b.games:
        return _("no games")
    low, high = b.ci95
    return ngettext(
        "{wins} of {games} won: {rate} ({confidence} interval {range})",
        "{wins} of {games} won: {rate} ({confidence} interval {range})",
        b.wins,
    ).format(
        wins=b.wins,
        games=b.games,
        rate=ratio(b.win_rate),
        confidence=percent_sign("95"),
        range=percent_sign(f"{low * 100:.0f}–{high * 100:.0f}"),
    )


def streak_words(s: Streaks) -> str:
    """``won the last 2 · longest: 4 won, 3 lost``."""
    if s.current is None:
        return _("no games")
    n = s.current_length
    if s.current == "won":
        last = _("won the last {n}").format(n=n) if n > 1 else _("won the last game")
    else:
        last = _("lost the last {n}").format(n=n) if n > 1 else _("lost the last game")
    return last + " · " + _("longest: {won} won, {lost} lost").format(won=s.longest_won, lost=s.longest_lost)


def rounds_words(rounds: float) -> str:
    """``13 rounds``, ``13.5 rounds`` (a median may fall between two games)."""
    count = int(rounds) if rounds == int(rounds) else 2  # the plural form of a number with a fraction
    return ngettext("{n} round", "{n} rounds", count).format(n=localise(f"{rounds:g}"))


def breakdown_lines(b: Breakdown, names: Names) -> list[tuple[str, str]]:
    """Label and text for each figure of a breakdown (``names``: its deck's, in the language spoken)."""
    out = [(pgettext("record", "games"), rate_words(b))]
    extra = [
        ngettext("{n} assisted", "{n} assisted", b.assisted).format(n=b.assisted) if b.assisted else "",
        ngettext("{n} daily", "{n} daily", b.daily).format(n=b.daily) if b.daily else "",
    ]
    if any(extra):
        out.append(("", _("of them {which}").format(which=", ".join(e for e in extra if e))))
    out.append((pgettext("record", "streaks"), streak_words(b.streaks)))
    if b.best is not None:
        out.append((pgettext("record", "best game"), game_words(b.best, names)))
    if b.median_rounds is not None:
        out.append((pgettext("record", "median"), rounds_words(b.median_rounds)))
    if b.killers:
        out.append(
            (
                pgettext("record", "beaten by"),
                ", ".join(f"{names.of(k.id, k.name)} {k.beat_you}" for k in b.killers[:5]),
            )
        )
    for n, boss in enumerate(b.bosses[:4]):
        if boss.beat_you:
            said = ngettext(
                "{boss}: beat you {n} time; you defeated it {defeated} of {faced}",
                "{boss}: beat you {n} times; you defeated it {defeated} of {faced}",
                boss.beat_you,
            )
        else:
            said = _("{boss}: never beat you; you defeated it {defeated} of {faced}")
        text = said.format(boss=names.of(boss.id, boss.name), n=boss.beat_you, defeated=boss.defeated, faced=boss.faced)
        out.append((pgettext("record", "bosses") if n == 0 else "", text))
    return out


def level_words(row: GameRow) -> str | None:
    """``rank 2``, ``difficulty 1``: the level a game was played at, or None when the record has none."""
    if not row.level_kind or row.level is None:
        return None
    return " ".join((_(row.level_kind), str(row.level)))


def outcome_words(row: GameRow) -> str:
    """``won in 14 rounds`` or ``lost in round 5``."""
    if row.won:
        return ngettext("won in {n} round", "won in {n} rounds", row.rounds).format(n=row.rounds)
    return _("lost in round {n}").format(n=row.rounds)


def row_parts(row: GameRow) -> list[str]:
    """A game's line in the record as parts a heading joins: ``2026-11-25``, ``Umbra``, ``rank 2``, ``daily …``,
    ``assisted``, ``won in 17 rounds`` (the level, the daily challenge and assisted only where they apply)."""
    parts = [row.day, Names(row.deck).hero(row.hero, row.hero_name)]
    level = level_words(row)
    if level:
        parts.append(level)
    if row.daily:
        parts.append(_("daily {day}").format(day=row.daily))
    if row.assisted:
        parts.append(_("assisted"))
    parts.append(outcome_words(row))
    return parts


def game_words(row: GameRow, names: Names) -> str:
    """``#12 2026-11-25 Umbra, rank 2: won in 14 rounds``."""
    level = level_words(row)
    at = f", {level}" if level else ""
    # Translators: {level} is empty or ", rank 2"; {how} "won in 14 rounds" or "lost in round 5".
    return _("#{id} {day} {hero}{level}: {how}").format(
        id=row.id, day=row.day, hero=names.hero(row.hero, row.hero_name), level=at, how=outcome_words(row)
    )


def hero_table(heroes: tuple[Breakdown, ...], names: Names) -> list[str]:
    """Per hero: games, wins, win rate and interval, streak, median rounds, best game."""
    header = (
        pgettext("record column", "hero"),
        pgettext("record column", "games"),
        pgettext("record column", "wins"),
        pgettext("record column", "win rate"),
        pgettext("record column", "{confidence} interval").format(confidence=percent_sign("95")),
        pgettext("record column", "streak"),
        pgettext("record column", "median rounds"),
        pgettext("record column", "best game"),
    )
    cells = []
    for h in heroes:
        low, high = h.ci95
        current = _(h.streaks.current) if h.streaks.current else ""
        streak = f"{current} {h.streaks.current_length}" if current else ""
        best = h.best
        best_text = "" if best is None else f"#{best.id} " + (_("won") if best.won else _("lost")) + f" r{best.rounds}"
        cells.append(
            (
                names.hero(h.id, h.name),
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
