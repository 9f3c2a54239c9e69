"""The statistics of the record: per deck and per hero the games, wins, win rate with a 95% interval, streaks, the
best game, median rounds, the enemies and bosses that beat the player most; per deck the ladder and the dice luck
over time. ``twentystrong stats`` prints them (``--json``), the Statistics screen draws them.

A pure function of the recorded games (:func:`summarize`): no database here.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from twentystrong.kits.record import facts
from twentystrong.record.games import GameRow
from twentystrong.record.ladder import RULES
from twentystrong.sim.stats import wilson


@dataclass(frozen=True, slots=True)
class Streaks:
    """Runs of results, oldest game first."""

    current: str | None
    """``won`` or ``lost``: the result of the latest game (None without games)."""
    current_length: int
    longest_won: int
    longest_lost: int

    def as_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "current": {"result": self.current, "length": self.current_length},
            "longest_won": self.longest_won,
            "longest_lost": self.longest_lost,
        }

    def words(self) -> str:
        """``won the last 2 · longest: 4 won, 3 lost``."""
        from twentystrong.i18n import _, ngettext

        if self.current is None:
            return _("no games")
        if self.current == "won":
            words = ngettext("won the last game", "won the last {n}", self.current_length)
        else:
            words = ngettext("lost the last game", "lost the last {n}", self.current_length)
        longest = _("longest: {won} won, {lost} lost").format(won=self.longest_won, lost=self.longest_lost)
        return f"{words.format(n=self.current_length)} · {longest}"


def streaks(rows: Sequence[GameRow]) -> Streaks:
    """The streaks of these games (in the order given)."""
    longest = {"won": 0, "lost": 0}
    current: str | None = None
    length = 0
    for row in rows:
        length = length + 1 if row.result == current else 1
        current = row.result
        longest[current] = max(longest.get(current, 0), length)
    return Streaks(current, length, longest["won"], longest["lost"])


@dataclass(frozen=True, slots=True)
class Nemesis:
    """A card that beat the player (dealt the killing blow) or a boss the player lost to."""

    id: str
    name: str
    beat_you: int
    """Games lost to it."""
    faced: int = 0
    """Bosses: games whose endgame brought it."""
    defeated: int = 0
    """Bosses: games in which the player defeated it."""

    def as_dict(self) -> dict[str, Any]:
        """The JSON form."""
        out: dict[str, Any] = {"id": self.id, "name": self.name, "beat_you": self.beat_you}
        if self.faced:
            out.update(faced=self.faced, defeated=self.defeated)
        return out


@dataclass(frozen=True, slots=True)
class Breakdown:
    """The figures of a set of games (one deck, or one hero of a deck)."""

    id: str
    name: str
    games: int
    wins: int
    ci95: tuple[float, float]
    streaks: Streaks
    best: GameRow | None
    median_rounds: float | None
    killers: tuple[Nemesis, ...]
    """The cards that dealt the killing blow most often, most first."""
    bosses: tuple[Nemesis, ...]
    """The bosses (or Scions) faced, those that beat the player most first."""
    assisted: int
    daily: int

    @property
    def win_rate(self) -> float:
        """Wins per game (0 without games)."""
        return self.wins / self.games if self.games else 0.0

    def as_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "id": self.id,
            "name": self.name,
            "games": self.games,
            "wins": self.wins,
            "losses": self.games - self.wins,
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(self.ci95[0], 4), round(self.ci95[1], 4)],
            "streaks": self.streaks.as_dict(),
            "best_game": game_dict(self.best) if self.best is not None else None,
            "median_rounds": self.median_rounds,
            "beaten_by": [k.as_dict() for k in self.killers],
            "bosses": [b.as_dict() for b in self.bosses],
            "assisted": self.assisted,
            "daily": self.daily,
        }

    def rate_words(self) -> str:
        """``7 of 12 won: 58% (95% interval 32–81%)``."""
        from twentystrong.i18n import _, ngettext

        if not self.games:
            return _("no games")
        low, high = self.ci95
        words = ngettext(
            "{wins} of {n} won: {rate} ({confidence} interval {low}–{high})",
            "{wins} of {n} won: {rate} ({confidence} interval {low}–{high})",
            self.games,
        )
        rate, low_words, high_words = f"{self.win_rate:.0%}", f"{low * 100:.0f}", f"{high * 100:.0f}%"
        return words.format(wins=self.wins, n=self.games, rate=rate, confidence="95%", low=low_words, high=high_words)


def best_game(rows: Sequence[GameRow]) -> GameRow | None:
    """The best game: a win before a loss, then the higher level, then (won) fewer rounds or (lost) more enemies
    defeated, then less damage taken, then the earlier game."""

    def key(row: GameRow) -> tuple[int, int, int, int, int]:
        far = -row.rounds if row.won else (row.enemies_defeated or 0)
        return (int(row.won), row.level or 0, far, -(row.damage_taken or 0), -row.id)

    return max(rows, key=key, default=None)


def breakdown(id: str, name: str, rows: Sequence[GameRow]) -> Breakdown:
    """The figures of these games."""
    wins = sum(row.won for row in rows)
    lost = [row for row in rows if not row.won]
    killers = Counter((row.killer, row.killer_name) for row in lost if row.killer)
    faced = Counter((row.final_enemy, row.final_enemy_name) for row in rows if row.final_enemy)
    beat = Counter((row.final_enemy, row.final_enemy_name) for row in lost if row.final_enemy)
    defeated = Counter((row.final_enemy, row.final_enemy_name) for row in rows if row.final_enemy_defeated)
    bosses = sorted(faced, key=lambda k: (-beat[k], -faced[k], k[1] or k[0] or ""))
    return Breakdown(
        id=id,
        name=name,
        games=len(rows),
        wins=wins,
        ci95=wilson(wins, len(rows)),
        streaks=streaks(rows),
        best=best_game(rows),
        median_rounds=float(statistics.median(row.rounds for row in rows)) if rows else None,
        killers=tuple(
            Nemesis(card or "", label or card or "", count)
            for (card, label), count in sorted(killers.items(), key=lambda kv: (-kv[1], kv[0][1] or ""))
        ),
        bosses=tuple(
            Nemesis(k[0] or "", k[1] or k[0] or "", beat[k], faced=faced[k], defeated=defeated[k]) for k in bosses
        ),
        assisted=sum(1 for row in rows if row.assisted),
        daily=sum(1 for row in rows if row.daily),
    )


@dataclass(frozen=True, slots=True)
class LadderStep:
    """A game that moved the ladder: the level it was played at and the level after it."""

    game: int
    date: str
    level: int
    after: int


@dataclass(frozen=True, slots=True)
class LuckPoint:
    """One game's dice luck: hits and crits rolled minus those expected (the game-over screen's figure)."""

    game: int
    date: str
    margin: float
    dice: int
    result: str


@dataclass(frozen=True)
class DeckSummary:
    """Everything about one deck's games."""

    deck: str
    title: str
    overall: Breakdown
    heroes: tuple[Breakdown, ...]
    """One per hero, most games first."""
    ladder_kind: str | None
    """``rank`` (Solar Sentinels), ``difficulty`` … or None for a deck without a ladder."""
    ladder_now: int | None
    """The level the player stands at now."""
    ladder_title: str
    ladder: tuple[LadderStep, ...]
    luck: tuple[LuckPoint, ...]
    rows: tuple[GameRow, ...] = field(repr=False)

    def as_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "deck": self.deck,
            "title": self.title,
            **{k: v for k, v in self.overall.as_dict().items() if k not in ("id", "name")},
            "heroes": [h.as_dict() for h in self.heroes],
            "ladder": {
                "kind": self.ladder_kind,
                "now": self.ladder_now,
                "title": self.ladder_title,
                "history": [{"game": s.game, "date": s.date, "level": s.level, "after": s.after} for s in self.ladder],
            },
            "luck": [
                {"game": p.game, "date": p.date, "margin": round(p.margin, 2), "dice": p.dice, "result": p.result}
                for p in self.luck
            ],
        }


@dataclass(frozen=True)
class Summary:
    """The whole record (as filtered)."""

    games: int
    wins: int
    decks: tuple[DeckSummary, ...]
    """Most games first."""
    rows: tuple[GameRow, ...] = field(repr=False)

    def as_dict(self) -> dict[str, Any]:
        """The JSON form: ``games`` first, then the breakdowns."""
        low, high = wilson(self.wins, self.games)
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "ci95": [round(low, 4), round(high, 4)],
            "decks": [d.as_dict() for d in self.decks],
        }


def summarize(rows: Sequence[GameRow], ladders: dict[str, tuple[str, int]] | None = None) -> Summary:
    """The statistics of these games (oldest first); ``ladders``: each deck's level now (deck → (kind, level))."""
    ladders = ladders or {}
    by_deck: dict[str, list[GameRow]] = {}
    for row in rows:
        by_deck.setdefault(row.deck, []).append(row)
    decks = []
    for deck, games in sorted(by_deck.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        title = games[-1].deck_title
        by_hero: dict[str, list[GameRow]] = {}
        for row in games:
            by_hero.setdefault(row.hero, []).append(row)
        heroes = tuple(
            breakdown(hero, hero_rows[-1].hero_name, hero_rows)
            for hero, hero_rows in sorted(by_hero.items(), key=lambda kv: (-len(kv[1]), kv[1][-1].hero_name))
        )
        rule = RULES.get(games[-1].ruleset)
        kind, now = ladders.get(deck, (rule.kind, rule.lowest) if rule is not None else (None, None))
        decks.append(
            DeckSummary(
                deck=deck,
                title=title,
                overall=breakdown(deck, title, games),
                heroes=heroes,
                ladder_kind=kind,
                ladder_now=now,
                ladder_title=rule.titles.get(now, "") if rule is not None and now is not None else "",
                ladder=tuple(
                    LadderStep(row.id, row.day, row.level, row.level_after)
                    for row in games
                    if row.level_after is not None and row.level is not None
                ),
                luck=tuple(
                    LuckPoint(row.id, row.day, margin, row.dice_rolled or 0, row.result)
                    for row in games
                    if (margin := row.luck) is not None
                ),
                rows=tuple(games),
            )
        )
    return Summary(len(rows), sum(row.won for row in rows), tuple(decks), tuple(rows))


def game_dict(row: GameRow) -> dict[str, Any]:
    """One game in JSON (and CSV) form, without its log: the general figures, each installed deck kit's facts after
    the key it names (every game has the same keys, whatever its deck)."""
    return _with_facts(
        row,
        {
            "id": row.id,
            "date": row.finished_at,
            "deck": row.deck,
            "hero": row.hero,
            "hero_name": row.hero_name,
            "level_kind": row.level_kind,
            "level": row.level,
            "level_after": row.level_after,
            "seed": int(row.seed) if row.seed.lstrip("-").isdigit() else row.seed,
            "assisted": bool(row.assisted),
            "daily": row.daily,
            "result": row.result,
            "reason": row.reason,
            "rounds": row.rounds,
            "damage_dealt": row.damage_dealt,
            "damage_taken": row.damage_taken,
            "enemies_defeated": row.enemies_defeated,
            "final_enemy": row.final_enemy,
            "final_enemy_name": row.final_enemy_name,
            "final_enemy_defeated": None if row.final_enemy_defeated is None else bool(row.final_enemy_defeated),
            "killer": row.killer,
            "killer_name": row.killer_name,
            "dice_rolled": row.dice_rolled,
            "hits_rolled": row.hits_rolled,
            "hits_expected": row.hits_expected,
            "luck": None if row.luck is None else round(row.luck, 2),
            "source": row.source,
            "replay": bool(row.has_log),
        },
    )


def _with_facts(row: GameRow, general: dict[str, Any]) -> dict[str, Any]:
    """The general figures with the facts put in: each after the key it names (those after no key at the end)."""
    following: dict[str, list[tuple[str, Any]]] = {}
    for _, fact in facts():
        following.setdefault(fact.after, []).append((fact.name, fact.shown(row.fact(fact.name))))
    out: dict[str, Any] = {}

    def put(key: str, value: Any) -> None:
        out.setdefault(key, value)
        for name, shown in following.pop(key, []):
            put(name, shown)

    for key, value in general.items():
        put(key, value)
    while following:
        for name, shown in following.pop(next(iter(following))):
            put(name, shown)
    return out
