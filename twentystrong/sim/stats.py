"""Summaries of simulated games: win rates with a Wilson interval, game lengths, killers, unused cards."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from twentystrong.content.model import Deck
from twentystrong.sim.runner import GameRecord

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
class ScionSummary:
    """Hoplomachus Victorum: the games one Scion presided over."""

    scion: str
    name: str
    games: int
    finals: int  # games that reached its final fight
    wins: int  # final fights won (the game)
    killed: int  # games it dealt the killing blow in

    def as_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "name": self.name,
            "games": self.games,
            "final_fights": self.finals,
            "wins": self.wins,
            "killed": self.killed,
        }


@dataclass(frozen=True)
class PrimusSummary:
    """Hoplomachus Victorum: the games one Primus waited under a camp in."""

    primus: str
    name: str
    games: int
    fought: int  # games the player fought it
    beaten: int  # games the player beat it
    killed: int  # games it dealt the killing blow in

    def as_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "name": self.name,
            "games": self.games,
            "fought": self.fought,
            "beaten": self.beaten,
            "killed": self.killed,
        }


@dataclass(frozen=True)
class Summary:
    """A whole run: one summary per hero, in the order played, and the deck-wide figures (Hoplomachus Victorum: per
    Scion and per Primus too)."""

    heroes: list[HeroSummary]
    never_activated: list[str] = field(default_factory=list)
    scions: list[ScionSummary] = field(default_factory=list)
    primus: list[PrimusSummary] = field(default_factory=list)

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
    heroes = [_hero(deck, hero, games, all_cards, top) for hero, games in by_hero.items()]
    seen = set().union(*(r.activated | r.spectated for r in records)) if records else set()
    return Summary(heroes, [c for c in all_cards if c not in seen], _scions(deck, records), _primus(deck, records))


def _scions(deck: Deck, records: Sequence[GameRecord]) -> list[ScionSummary]:
    out = []
    for scion in deck.scions:
        games = [r for r in records if r.scion == scion.id]
        if games:
            finals = sum(1 for g in games if g.final)
            wins = sum(1 for g in games if g.result == "won")
            killed = sum(1 for g in games if g.killer == scion.id)
            out.append(ScionSummary(scion.id, scion.name, len(games), finals, wins, killed))
    return out


def _primus(deck: Deck, records: Sequence[GameRecord]) -> list[PrimusSummary]:
    out = []
    for hero in deck.heroes:
        if hero.primus is None:
            continue
        p = hero.primus.id
        games = [r for r in records if p in r.primus]
        if games:
            fought = sum(1 for g in games if p in g.fought)
            beaten = sum(1 for g in games if p in g.beaten)
            killed = sum(1 for g in games if g.killer == p)
            out.append(PrimusSummary(p, hero.primus.name, len(games), fought, beaten, killed))
    return out


def _hero(deck: Deck, hero: str, games: list[GameRecord], all_cards: list[str], top: int) -> HeroSummary:
    wins = sum(1 for g in games if g.result == "won")
    rounds = [g.rounds for g in games]
    won_rounds = [g.rounds for g in games if g.result == "won"]
    killers = Counter(g.killer for g in games if g.result == "lost" and g.killer)
    seen = set().union(*(g.activated | g.spectated for g in games))
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
        reasons=dict(sorted(Counter(_reason(g) for g in games if g.result == "lost").items())),
        bosses=dict(sorted(bosses.items())),
        commands=sum(g.commands for g in games),
    )


def _reason(g: GameRecord) -> str:
    if g.reason in ("round cap", "command cap") or g.reason.startswith("engine error"):
        return g.reason
    if g.scion is not None:  # Hoplomachus Victorum: where the hero fell
        if g.final:
            return "final fight"
        if len(g.fought) > len(g.beaten):
            return "Primus fight"
        return "camps"
    return "boss fight" if g.boss is not None else "stacks"


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
