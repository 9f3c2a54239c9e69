"""Hoplomachus Victorum in the simulator (``twentystrong simulate``): what a game's events tell its record (the
Scion presiding, the Primus placed, fought and beaten, the final fight, the Opportunities drawn, the cards
spectated), its figures per Scion and per Primus, and where a lost game was lost."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from twentystrong.content.model import Deck
from twentystrong.engine import events as ev
from twentystrong.i18n.numbers import ratio
from twentystrong.kits.hoplomachus_victorum.content import primus_side, scions_of
from twentystrong.kits.hoplomachus_victorum.rules import events as hv
from twentystrong.sim.runner import GameRecord, Notes, SimPart


@dataclass(frozen=True, slots=True)
class VictorumRecord:
    """What a game of this deck adds to its record."""

    scion: str | None = None  # the Scion presiding
    primus: tuple[str, ...] = ()  # the Primus placed under the camps
    fought: tuple[str, ...] = ()  # the Primus fought (each once, in order)
    beaten: tuple[str, ...] = ()  # the Primus beaten
    final: bool = False  # the final fight began


@dataclass
class VictorumNotes(Notes):
    """One game's notebook."""

    scion: str | None = None
    primus: list[str] = field(default_factory=list)
    fought: list[str] = field(default_factory=list)
    beaten: list[str] = field(default_factory=list)
    final: bool = False

    def see(self, event: ev.Event, activated: set[str], skipped: set[str]) -> None:
        if isinstance(event, hv.VesuviusDealt):
            self.scion = event.scion
        elif isinstance(event, hv.PrimusPlaced):
            self.primus.append(event.primus)
        elif isinstance(event, hv.PrimusFight) and event.primus not in self.fought:
            self.fought.append(event.primus)
        elif isinstance(event, hv.FightWon):
            self.beaten.append(event.primus)
        elif isinstance(event, hv.FinalFightStarted):
            self.final = True
        elif isinstance(event, hv.OpportunityDrawn):
            activated.add(event.card)
        elif isinstance(event, hv.Spectated):
            skipped.add(event.card)  # spectated: discarded unplayed

    def record(self) -> VictorumRecord:
        return VictorumRecord(self.scion, tuple(self.primus), tuple(self.fought), tuple(self.beaten), self.final)


def _own(record: GameRecord) -> VictorumRecord:
    own = record.own
    return own if isinstance(own, VictorumRecord) else VictorumRecord()


@dataclass(frozen=True)
class ScionSummary:
    """Hoplomachus Victorum: the games one Scion presided over."""

    scion: str
    name: str
    games: int
    finals: int  # games that reached its final fight
    wins: int  # final fights won (the game)
    killed: int  # games it dealt the killing blow in

    @property
    def key(self) -> str:
        """Its key in the figures: the Scion's id."""
        return self.scion

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

    @property
    def key(self) -> str:
        """Its key in the figures: the Primus's id."""
        return self.primus

    def as_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "name": self.name,
            "games": self.games,
            "fought": self.fought,
            "beaten": self.beaten,
            "killed": self.killed,
        }


def _scions(deck: Deck, records: Sequence[GameRecord]) -> list[ScionSummary]:
    out = []
    for scion in scions_of(deck):
        games = [r for r in records if _own(r).scion == scion.id]
        if games:
            finals = sum(1 for g in games if _own(g).final)
            wins = sum(1 for g in games if g.result == "won")
            killed = sum(1 for g in games if g.killer == scion.id)
            out.append(ScionSummary(scion.id, scion.name, len(games), finals, wins, killed))
    return out


def _primus(deck: Deck, records: Sequence[GameRecord]) -> list[PrimusSummary]:
    out = []
    for hero in deck.heroes:
        side = primus_side(hero)
        if side is None:
            continue
        p = side.id
        games = [r for r in records if p in _own(r).primus]
        if games:
            fought = sum(1 for g in games if p in _own(g).fought)
            beaten = sum(1 for g in games if p in _own(g).beaten)
            killed = sum(1 for g in games if g.killer == p)
            out.append(PrimusSummary(p, side.name, len(games), fought, beaten, killed))
    return out


def tables(deck: Deck, records: Sequence[GameRecord]) -> dict[str, list[Any]]:
    """Its figures of a run: per Scion, then per Primus."""
    return {"scions": _scions(deck, records), "primus": _primus(deck, records)}


def lost_in(record: GameRecord) -> str | None:
    """Where the hero fell: the final fight, a Primus fight, or the camps."""
    own = _own(record)
    if own.scion is None:
        return None
    if own.final:
        return "final fight"
    if len(own.fought) > len(own.beaten):
        return "Primus fight"
    return "camps"


def plays(deck: Deck) -> list[str]:
    """The heroes a run plays: those with a Primus side (a hero without one cannot be a Primus)."""
    return [h.id for h in deck.heroes if primus_side(h) is not None]


def lines(own: dict[str, list[Any]]) -> list[str]:
    """Its figures as the text table's lines: per Scion (games, final fights reached, won, killing blows) and per
    Primus (games it waited in, fought, beaten, killing blows)."""
    out = ["", f"{'Scion':<24} {'games':>6} {'final fights':>13} {'won':>5} {'final won':>10} {'killed':>7}"]
    for s in own["scions"]:
        rate = ratio(s.wins / s.finals, 1) if s.finals else "-"
        out.append(f"{s.name:<24} {s.games:>6} {s.finals:>13} {s.wins:>5} {rate:>10} {s.killed:>7}")
    out += ["", f"{'Primus':<24} {'games':>6} {'fought':>7} {'beaten':>7} {'beaten/fought':>14} {'killed':>7}"]
    for p in own["primus"]:
        rate = ratio(p.beaten / p.fought, 1) if p.fought else "-"
        out.append(f"{p.name:<24} {p.games:>6} {p.fought:>7} {p.beaten:>7} {rate:>14} {p.killed:>7}")
    return out


SIM = SimPart(
    notes=VictorumNotes, tables=tables, lost_in=lost_in, plays=plays, skipped_words=" or spectated", lines=lines
)
"""Its part of the simulator (:attr:`~twentystrong.kits.kit.DeckKit.sim`)."""
