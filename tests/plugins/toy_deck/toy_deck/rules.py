"""The toy deck's rules (its kit: :mod:`toy_deck`), written outside twentystrong to prove the ruleset seam
(architecture.md contract 9): a deck's rules plug into the general engine without touching its code or tables.

It borrows the shape of Hoplomachus Victorum (hoplomachus.md) in miniature:

- three **camps** in a line (west – middle – east), each a face-up pile of five cards, and a **position**: the first
  move goes to any camp, later ones to an adjacent camp (to any camp if no neighbour can be entered, HV6); after the
  move the player **activates** the camp's top card;
- a **training grounds** dice zone: eight dice start there (fewer with the deck's own option, ``--training N``:
  the first N of :data:`TRAINING`); once per round the player may **recruit** (the weakest
  die comes to the pool), **dismiss** a pool die, or **strengthen** a pool die (HV12), through the general dice
  moves (:mod:`twentystrong.engine.dicemoves`);
- **fights last until won**: undefeated enemies stay at Cleanup, the dice applied to them stay applied (HV9), and
  while a fight goes on the next round skips Activation;
- the game is won once every camp is cleared and no enemy stands.

Its own state (:class:`ToyTable`), events (``toy_dealt``, ``toy_moved``), commands (``move`` with a ``camp``,
``activate``, ``recruit``, ``dismiss``, ``strengthen``), steps (its Activation and round start), headless keys
(``camps``, ``position``) and words all live in this file; its option in :mod:`toy_deck.options`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from toy_deck.options import training_dice
from twentystrong.content.model import Deck
from twentystrong.engine import dicemoves, flow
from twentystrong.engine import events as ev
from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.dice import STRENGTH
from twentystrong.engine.events import Event, Reveal, event_type
from twentystrong.engine.rng import shuffled
from twentystrong.engine.rulesets import register
from twentystrong.engine.rulesets.base import CommandSpec, Ruleset, StepSpec, TableView, Views, Words
from twentystrong.engine.state import ActiveCard, Changes, GameState, HeroState, Table
from twentystrong.engine.tx import Tx

RULESET_ID = "toy"
CAMPS = ("west", "middle", "east")
ADJACENT: dict[int, tuple[int, ...]] = {0: (1,), 1: (0, 2), 2: (1,)}
"""Which camps are adjacent (by index): a line."""
CAMP_SIZE = 5
TRAINING = ("Y3", "Y4", "G3", "G4", "B3", "B4", "P3", "P4")
"""The dice that start in the training grounds (as in Hoplomachus Victorum's setup: two of each colour but red)."""
ONCE = "toy:"
"""Prefix of the once-per-round marks of the training moves."""


@dataclass(frozen=True)
class ToyTable(Table):
    """The camps (each top first, face up: only the top shows), the camp the player stands at, and the round of
    the player's last move."""

    camps: tuple[tuple[str, ...], ...] = ()
    position: int | None = None
    moved_round: int = 0


def table(s: GameState) -> ToyTable:
    t = s.table
    return t if isinstance(t, ToyTable) else ToyTable()


# --- its events ---------------------------------------------------------------------------------------------------


@event_type("toy_dealt")
class ToyDealt(Event):
    """The camps are dealt and the hero's stats set."""

    hero: str
    health: int
    strategy: int
    recovery: int
    camps: tuple[tuple[str, ...], ...]
    draws: int

    def reveal(self) -> Reveal | None:
        return Reveal("deal", tuple(camp[0] for camp in self.camps if camp))


@event_type("toy_moved")
class ToyMoved(Event):
    """The player moved to a camp."""

    camp: str


def _dealt(s: GameState, e: ToyDealt) -> Changes:
    return {
        "rng": s.rng + e.draws,
        "hero": HeroState(e.hero, e.health, e.strategy, e.recovery),
        "table": ToyTable(camps=e.camps),
    }


def _moved(s: GameState, e: ToyMoved) -> Changes:
    return {"table": replace(table(s), position=CAMPS.index(e.camp), moved_round=s.round)}


EVENTS: Mapping[type[Event], Callable[[GameState, Any], Changes]] = {ToyDealt: _dealt, ToyMoved: _moved}


# --- its rules ----------------------------------------------------------------------------------------------------


def setup(tx: Tx) -> None:
    s = tx.state
    hero = s.deck.hero(s.options.hero_id)
    cards, draws = shuffled(s.options.seed, s.rng, [c.id for c in s.deck.cards])
    camps = tuple(tuple(cards[i * CAMP_SIZE : (i + 1) * CAMP_SIZE]) for i in range(len(CAMPS)))
    stats = {"health": hero.health, "strategy": hero.strategy, "recovery": hero.recovery}
    tx.emit(ToyDealt, hero=hero.id, camps=camps, draws=draws, **stats)
    for die in TRAINING[: training_dice(s.options)]:
        tx.emit(ev.DieMoved, die=die, zone=dicemoves.RESERVE, reason="setup")
    flow.start_round(tx)


def fighting(s: GameState) -> bool:
    """A fight goes on: an enemy stands in the active area."""
    return any(not c.defeated for c in s.active)


def enterable(s: GameState) -> list[int]:
    """The camps the player may move to now: any non-empty camp at first; then an adjacent one, or any if no
    neighbour can be entered (HV6)."""
    t = table(s)
    open_camps = [i for i, camp in enumerate(t.camps) if camp]
    if t.position is None:
        return open_camps
    near = [i for i in ADJACENT[t.position] if i in open_camps]
    return near or open_camps


def moved(s: GameState) -> bool:
    return table(s).position is not None and table(s).moved_round == s.round


def activation_commands(s: GameState) -> list[Command]:
    t = table(s)
    if not moved(s):
        return [Command("move", camp=CAMPS[i]) for i in enterable(s)]
    return [Command("activate")] if t.position is not None and t.camps[t.position] else []


def _round_start(tx: Tx) -> bool:
    if fighting(tx.state):
        flow.begin_engagement(tx)  # the fight goes on: no Activation
    else:
        tx.emit(ev.StepChanged, step="activate")
    return True


def _activation_details(s: GameState) -> dict[str, Any]:
    t = table(s)
    return {
        "remaining": s.pending_activations,
        "position": None if t.position is None else CAMPS[t.position],
        "camps": [CAMPS[i] for i in enterable(s)] if not moved(s) else [],
    }


def _move(tx: Tx, c: Command) -> None:
    tx.emit(ToyMoved, camp=c.camp)


def _activate(tx: Tx, c: Command) -> None:
    t = table(tx.state)
    assert t.position is not None
    camp = t.camps[t.position]
    flow.activate_card(tx, camp[0], pile=t.position + 1, revealed=camp[1] if len(camp) > 1 else None)


def _recruit(tx: Tx, c: Command) -> None:
    tx.emit(ev.Marked, used=ONCE + "recruit")
    dicemoves.recruit(tx)


def _dismiss(tx: Tx, c: Command) -> None:
    tx.emit(ev.Marked, used=ONCE + "dismiss")
    dicemoves.dismiss(tx, str(c.die))


def _strengthen(tx: Tx, c: Command) -> None:
    tx.emit(ev.Marked, used=ONCE + "strengthen")
    dicemoves.strengthen(tx, str(c.die))


def _training_commands(s: GameState) -> list[Command]:
    """Once per round each: recruit (while the training grounds hold a die), dismiss or strengthen a pool die."""
    used = s.used_this_round
    pool = [d.id for d in s.dice_in("pool")]
    out: list[Command] = []
    if ONCE + "recruit" not in used and dicemoves.recruitable(s) is not None:
        out.append(Command("recruit"))
    if ONCE + "dismiss" not in used:
        out += [Command("dismiss", die=d) for d in pool]
    if ONCE + "strengthen" not in used:
        out += [Command("strengthen", die=d) for d in pool if _strengthens(s, d)]
    return out


def _strengthens(s: GameState, die: str) -> bool:
    rank = STRENGTH[s.die(die).color] + 1
    stronger = [d for d in s.dice_in(dicemoves.RESERVE) if STRENGTH[d.color] == rank]
    return bool(stronger)


@dataclass(frozen=True)
class ToyView(TableView):
    camps: tuple[tuple[int, str | None], ...]
    position: str | None

    def card_of(self, command: Command) -> str | None:
        if command.cmd == "move":
            return self.camps[CAMPS.index(command.camp)][1]
        return None


def _view(s: GameState) -> dict[str, Any]:
    t = table(s)
    camps = [
        {"id": CAMPS[i], "size": len(camp), "top": camp[0] if camp else None, "adjacent": [CAMPS[j] for j in near]}
        for i, (camp, near) in enumerate(zip(t.camps, ADJACENT.values(), strict=True))
    ]
    return {"camps": camps, "position": None if t.position is None else CAMPS[t.position]}


def _event_view(event: Event, out: dict[str, Any]) -> dict[str, Any]:
    if isinstance(event, ToyDealt):
        out["camps"] = [{"size": len(camp), "top": camp[0] if camp else None} for camp in event.camps]
    return out


def _table_view(s: GameState) -> TableView:
    t = table(s)
    where = None if t.position is None else CAMPS[t.position]
    return ToyView(tuple((len(camp), camp[0] if camp else None) for camp in t.camps), where)


def _places(s: GameState) -> dict[str, tuple[str, str]]:
    out: dict[str, tuple[str, str]] = {}
    for i, camp in enumerate(table(s).camps):
        for depth, card in enumerate(camp):
            out[card] = ("camps", f"camp {CAMPS[i]} top" if depth == 0 else "in a camp")
    return out


def _describe_event(event: Event, deck: Deck, before: GameState | None) -> str | None:
    if isinstance(event, ToyDealt):
        return f"The camps are dealt ({', '.join(str(len(c)) for c in event.camps)} cards)"
    if isinstance(event, ToyMoved):
        return f"You move to camp {event.camp}"
    return None


def _describe_command(command: Command, s: GameState) -> str | None:
    if command.cmd == "move":
        top = table(s).camps[CAMPS.index(command.camp)][:1] if command.camp in CAMPS else ()
        return f"Move to camp {command.camp}" + (f" (top: {s.deck.card(top[0]).name})" if top else "")
    if command.cmd == "activate":
        t = table(s)
        if t.position is not None and t.camps[t.position]:
            return f"Activate {s.deck.card(t.camps[t.position][0]).name}, the top of camp {CAMPS[t.position]}"
    return None


class ToyCamps(Ruleset):
    id = RULESET_ID
    name = "Toy camps"
    dice_zones = (dicemoves.RESERVE,)
    card_zones = {"camps": "Camps"}
    steps = {
        "round_start": StepSpec("activation", "round_start", advance=_round_start),
        "activate": StepSpec(
            "activation",
            "activate",
            "Move to a camp, then activate its top card.",
            advance=flow.activation,
            commands=activation_commands,
            details=_activation_details,
        ),
    }
    commands = {
        "move": CommandSpec("move to a camp", _move, {"camp": str}),
        "activate": CommandSpec("activate the top card of your camp", _activate),
        "recruit": CommandSpec("recruit a die from the training grounds", _recruit),
        "dismiss": CommandSpec("dismiss a die to the training grounds", _dismiss),
        "strengthen": CommandSpec("swap a die for a stronger one from the training grounds", _strengthen),
    }
    events = EVENTS
    views = Views(state=_view, event=_event_view, table=_table_view, places=_places)
    words = Words(event=_describe_event, command=_describe_command)

    def initial_table(self) -> Table:
        return ToyTable()

    def setup(self, tx: Tx) -> None:
        setup(tx)

    def card_activated(self, t: Table, event: ev.CardActivated) -> Table:
        assert isinstance(t, ToyTable) and event.stack is not None
        i = event.stack - 1
        return replace(t, camps=(*t.camps[:i], t.camps[i][1:], *t.camps[i + 1 :]))

    def activation_commands(self, s: GameState) -> list[Command]:
        return activation_commands(s)

    def refuse(self, s: GameState, command: Command) -> Rejected | None:
        if command.cmd != "move" or s.step != "activate" or moved(s):
            return None
        camp = command.camp
        if camp not in CAMPS:
            return Rejected("unknown_camp", f"there is no camp {camp!r}: the camps are {', '.join(CAMPS)}")
        i, t = CAMPS.index(camp), table(s)
        if not t.camps[i]:
            return Rejected("empty_camp", f"camp {camp} is empty")
        where = CAMPS[t.position] if t.position is not None else None
        return Rejected("not_adjacent", f"camp {camp} is not adjacent to {where}")

    def keeps_applied_dice(self, s: GameState, card: ActiveCard) -> bool:
        return True  # a fight lasts until it is won: the dice on a standing enemy stay (HV9)

    def stays_at_cleanup(self, s: GameState, card: ActiveCard) -> bool:
        return not card.defeated

    def anytime_commands(self, s: GameState) -> list[Command]:
        return _training_commands(s)

    def won(self, s: GameState) -> str | None:
        if any(table(s).camps) or fighting(s):
            return None
        return "every camp is cleared"


RULESET = register(ToyCamps())


def toy_deck(deck: Deck) -> Deck:
    """A deck played with the toy rules (the plain test deck's cards): its ruleset id changed, nothing else."""
    return deck.model_copy(update={"info": deck.info.model_copy(update={"ruleset": RULESET_ID, "id": "toy-plain"})})
