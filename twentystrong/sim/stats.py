"""Summaries of simulated games: win rates with a Wilson interval, game lengths, killers, unused cards."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from twentystrong.content.model import Deck
from twentystrong.sim.runner import GameRecord, sim_part

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default); (0, 1) for no games."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class HeroSummary:
    """The figures of one hero's games."""

    hero: str
    name: str
    games: int
    wins: int
    ci95: tuple[float, float]
    median_rounds: float
    mean_rounds: float
    median_rounds_won: float | None
    killers: list[tuple[str, str, int]]  # (card id, name, losses) most often first
    never_activated: list[str]
    reasons: dict[str, int]  # loss reasons by count
    bosses: dict[str, tuple[int, int]]  # boss id -> (endgames, wins)
    commands: int

    @property
    def win_rate(self) -> float:
        """Wins per game."""
        return self.wins / self.games if self.games else 0.0

    def as_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "name": self.name,
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(self.ci95[0], 4), round(self.ci95[1], 4)],
            "median_rounds": self.median_rounds,
            "mean_rounds": round(self.mean_rounds, 2),
            "median_rounds_won": self.median_rounds_won,
            "killers": [{"card": c, "name": n, "losses": k} for c, n, k in self.killers],
            "never_activated": self.never_activated,
            "loss_reasons": self.reasons,
            "bosses": {b: {"endgames": e, "wins": w} for b, (e, w) in self.bosses.items()},
            "commands": self.commands,
        }


@dataclass(frozen=True)
class Summary:
    """A whole run: one summary per hero, in the order played, and the deck-wide figures (and the ruleset's own:
    :attr:`own`)."""

    heroes: list[HeroSummary]
    never_activated: list[str] = field(default_factory=list)
    own: dict[str, list[Any]] = field(default_factory=dict)
    """The ruleset's own figures by name (its kit's :attr:`~twentystrong.sim.runner.SimPart.tables`): rows with a
    ``key`` and an ``as_dict()``."""

    @property
    def games(self) -> int:
        """Games played in all."""
        return sum(h.games for h in self.heroes)

    def spread(self) -> dict[str, float]:
        """Per hero: its win rate minus the average win rate of the other heroes (balance target: within 0.20)."""
        out: dict[str, float] = {}
        for h in self.heroes:
            others = [o.win_rate for o in self.heroes if o is not h]
            out[h.hero] = h.win_rate - statistics.fmean(others) if others else 0.0
        return out


def summarise(deck: Deck, records: Sequence[GameRecord], top: int = 3) -> Summary:
    """Group records by hero (first-played order) and compute the figures."""
    by_hero: dict[str, list[GameRecord]] = {}
    for r in records:
        by_hero.setdefault(r.hero, []).append(r)
    all_cards = [c.id for c in deck.cards]
    lost_in = part.lost_in if (part := sim_part(deck)) is not None else None
    heroes = [_hero(deck, hero, games, all_cards, top, lost_in) for hero, games in by_hero.items()]
    seen = set().union(*(r.activated | r.skipped for r in records)) if records else set()
    part = sim_part(deck)
    own = part.tables(deck, records) if part is not None else {}
    return Summary(heroes, [c for c in all_cards if c not in seen], own)


def _hero(
    deck: Deck,
    hero: str,
    games: list[GameRecord],
    all_cards: list[str],
    top: int,
    lost_in: Callable[[GameRecord], str | None] | None,
) -> HeroSummary:
    wins = sum(1 for g in games if g.result == "won")
    rounds = [g.rounds for g in games]
    won_rounds = [g.rounds for g in games if g.result == "won"]
    killers = Counter(g.killer for g in games if g.result == "lost" and g.killer)
    seen = set().union(*(g.activated | g.skipped for g in games))
    bosses: dict[str, tuple[int, int]] = {}
    for g in games:
        if g.boss is not None:
            e, w = bosses.get(g.boss, (0, 0))
            bosses[g.boss] = (e + 1, w + (g.result == "won"))
    ranked = sorted(killers.items(), key=lambda kv: (-kv[1], kv[0]))[:top]
    return HeroSummary(
        hero=hero,
        name=_hero_name(deck, hero),
        games=len(games),
        wins=wins,
        ci95=wilson(wins, len(games)),
        median_rounds=float(statistics.median(rounds)),
        mean_rounds=statistics.fmean(rounds),
        median_rounds_won=float(statistics.median(won_rounds)) if won_rounds else None,
        killers=[(c, _card_name(deck, c), n) for c, n in ranked],
        never_activated=[c for c in all_cards if c not in seen],
        reasons=dict(sorted(Counter(_reason(g, lost_in) for g in games if g.result == "lost").items())),
        bosses=dict(sorted(bosses.items())),
        commands=sum(g.commands for g in games),
    )


def _reason(g: GameRecord, lost_in: Callable[[GameRecord], str | None] | None) -> str:
    if g.reason in ("round cap", "command cap") or g.reason.startswith("engine error"):
        return g.reason
    where = lost_in(g) if lost_in is not None else None  # in the ruleset's own terms
    if where is not None:
        return where
    return "boss fight" if g.boss is not None else "before the boss"


def _hero_name(deck: Deck, hero: str) -> str:
    try:
        return deck.hero(hero).name
    except KeyError:
        return hero


def _card_name(deck: Deck, card: str) -> str:
    try:
        return deck.card(card).name
    except KeyError:
        try:
            return deck.boss(card).name
        except KeyError:
            return card
