"""Scenario helpers for the Hoplomachus Victorum tests (issue 18).

A scenario deals ``tests/decks/hoplomachus`` in file order (``deal = "ordered"``: camp 1-1 holds the first six
camp cards, top first, camp 1-2 the next six …) after putting the cards under test on the camps it names
(:func:`arranged`), and enters every physical die face (``dice = "physical"``), so a test controls which card tops
which camp and what each die shows. :class:`Arena` plays commands, refuses to go on after a rejected one, and checks
after every command that folding its events over the previous state gives the new state (contract 2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from twentystrong.content.loader import load_deck
from twentystrong.content.model import Deck
from twentystrong.engine import Command, Rejected, decide_and_apply, fold, initial_state, legal_commands
from twentystrong.engine import events as ev
from twentystrong.engine.state import DiceMode, GameState, SetupOptions
from twentystrong.kits.hoplomachus_victorum.rules import VictorumTable, table
from twentystrong.kits.hoplomachus_victorum.rules.pyramid import BY_ID, CAMP_SIZE, IDS
from twentystrong.kits.options import choose

HV_PATH = Path(__file__).resolve().parent / "decks" / "hoplomachus"
DECK = load_deck(HV_PATH)
POOL = ("Y1", "Y2", "G1", "G2", "B1", "B2", "P1", "P2", "R1")
"""Setup step 7: the dice pool at the start (the other eight are in the training grounds)."""
TRAINING = ("Y3", "Y4", "G3", "G4", "B3", "B4", "P3", "P4")


def arranged(camps: Mapping[str, Sequence[str]] | None = None, *, deck: Deck = DECK, **lists: Sequence[str]) -> Deck:
    """The deck with ``camps["1-2"]`` (top first) on top of camp 1-2 and so on; every other card keeps its file
    order and fills the camps up. ``lists`` reorder the heroes, Scions or Tactics (by id), the ones named first."""
    camps = dict(camps or {})
    chosen = [c for cards in camps.values() for c in cards]
    assert len(chosen) == len(set(chosen)), "a card can be in one camp only"
    rest = [c.id for c in deck.cards if c.id not in chosen]
    order: list[str] = []
    for camp in IDS:
        top = list(camps.get(camp, ()))
        fill = CAMP_SIZE - len(top)
        order += top + rest[:fill]
        rest = rest[fill:]
    order += rest
    update: dict[str, Any] = {"cards": [deck.card(c) for c in order]}
    parts = dict(deck.parts)
    for name, first in lists.items():
        items = list(deck.heroes if name == "heroes" else deck.part(name))  # the Scions and Tactics: the deck's parts
        named = [next(i for i in items if i.id == wanted) for wanted in first]
        if name == "heroes":
            update[name] = named + [i for i in items if i.id not in first]
        else:
            parts[name] = named + [i for i in items if i.id not in first]
    return deck.model_copy(update={**update, "parts": parts})


class Arena:
    """One scenario game: physical dice, ordered deal, every command checked."""

    def __init__(
        self,
        camps: Mapping[str, Sequence[str]] | None = None,
        *,
        deck: Deck | None = None,
        hero: str = "",
        seed: int = 0,
        difficulty: int = 0,
        scion: str | None = None,
        dice: DiceMode = "physical",
        deal: str = "ordered",
        assisted: bool = False,
        **lists: Sequence[str],
    ) -> None:
        self.deck = deck if deck is not None else arranged(camps, **lists)
        options = SetupOptions(
            self.deck.id,
            hero,
            seed=seed,
            dice=dice,
            deal=deal,  # type: ignore[arg-type]
            assisted=assisted,
            choices=choose({"difficulty": difficulty, "scion": scion}),
        )
        self.s: GameState = initial_state(self.deck, options)
        self.events: list[ev.Event] = []
        self.do("start")

    # --- playing ------------------------------------------------------------------------------------------------

    def command(self, cmd: str | Command | dict[str, Any], **args: Any) -> Command:
        if isinstance(cmd, Command):
            return cmd
        if isinstance(cmd, dict):
            parsed = Command.from_dict(cmd)
            assert not isinstance(parsed, Rejected), parsed
            return parsed
        return Command(cmd, **args)

    def do(self, cmd: str | Command | dict[str, Any], **args: Any) -> list[ev.Event]:
        """Play a command that must be accepted; its events."""
        command = self.command(cmd, **args)
        result = decide_and_apply(self.s, command)
        assert not isinstance(result, Rejected), f"{command} refused: {result.code}: {result.message}"
        events, after = result
        assert fold(self.s, events) == after  # contract 2
        self.s = after
        self.events += events
        return events

    def refused(self, cmd: str | Command | dict[str, Any], **args: Any) -> Rejected:
        """Play a command that must be refused; the refusal (the state is unchanged)."""
        command = self.command(cmd, **args)
        result = decide_and_apply(self.s, command)
        assert isinstance(result, Rejected), f"{command} was accepted"
        return result

    def can(self, cmd: str, **args: Any) -> bool:
        return Command(cmd, **args) in legal_commands(self.s)

    def legal(self, cmd: str | None = None) -> list[Command]:
        return [c for c in legal_commands(self.s) if cmd is None or c.cmd == cmd]

    def setup(
        self,
        hero: str = "vesna",
        tactic: str = "t-drill",
        primus: Sequence[str] = ("p-darius", "p-mira"),
        feed: Sequence[str] = (),
    ) -> Arena:
        """Play the setup choices: the hero (unless the setup named one), the Tactic kept, the Primus at 1-1, 2-2 (the
        third goes to 3-2 by itself), the difficulty's camps."""
        if self.s.step == "choose_hero":
            self.do("choose_hero", hero=hero)
        self.do("keep_tactic", tactic=tactic)
        for p in primus:
            if self.s.step != "place_primus":
                break
            camp = str(self.legal("place_primus")[0].camp)
            self.do("place_primus", primus=p, camp=camp)
        for camp in feed:
            self.do("feed_influence", camp=camp)
        return self

    def roll(self, faces: Mapping[str, str]) -> None:
        """Commit these dice, roll, and enter their faces."""
        for die in faces:
            self.do("commit", die=die)
        self.do("roll")
        self.do("faces", faces=tuple(faces.items()))

    def hit(self, card: str, *dice: str) -> None:
        for die in dice:
            self.do("apply", die=die, card=card)

    def finish_round(self) -> list[ev.Event]:
        """Resolve and answer Resolve's steps the plain way (recover nothing, decline what is offered) until the next
        round starts or the game ends; the events on the way."""
        start = self.s.round
        return self._resolve_until(lambda: self.s.round != start)

    def finish_round_to(self, *steps: str) -> list[ev.Event]:
        """Like :meth:`finish_round`, stopping at the first of these steps (once past the one it starts in)."""
        begun = self.s.round, self.s.step
        return self._resolve_until(lambda: (self.s.round, self.s.step) != begun and self.s.step in steps)

    def _resolve_until(self, done: Any) -> list[ev.Event]:
        events: list[ev.Event] = []
        if self.s.step == "commit" and self.s.prompt is None:
            events += self.do("roll")
        if self.s.step == "apply" and self.s.prompt is None:
            events += self.do("resolve")
        while self.s.result is None and not done():
            for wanted in ("done", "decline_item", "decline_reward"):
                found = self.legal(wanted)
                if found:
                    events += self.do(found[0])
                    break
            else:
                raise AssertionError(f"no plain way on at {self.s.step}: {self.legal()}")
        return events

    def with_table(self, **changes: Any) -> Arena:
        """Set fields of the table directly, for a scenario the deal cannot make quickly (a camp emptied, every Primus
        beaten …); the log no longer folds to this state, so only what follows is checked."""
        self.s = self.s.changed({"table": replace(self.t, **changes)})
        return self

    def empty(self, *camps: str) -> Arena:
        """Those camps lose every card (their Primus stay)."""
        cards = tuple(() if IDS[k] in camps else c for k, c in enumerate(self.t.camps))
        return self.with_table(camps=cards)

    # --- reading ------------------------------------------------------------------------------------------------

    @property
    def t(self) -> VictorumTable:
        return table(self.s)

    def zone(self, die: str) -> str:
        return self.s.die(die).zone

    def dice_in(self, zone: str) -> list[str]:
        return [d.id for d in self.s.dice_in(zone)]

    def active(self) -> list[str]:
        return [c.id for c in self.s.active]

    def top(self, camp: str) -> str | None:
        return self.t.top(BY_ID[camp])

    def camp(self, camp: str) -> tuple[str, ...]:
        return self.t.camps[BY_ID[camp]]

    def where(self) -> str | None:
        position = self.t.position
        return None if position is None else ("scion" if position >= len(IDS) else IDS[position])

    def events_of(self, cls: type[ev.Event]) -> list[Any]:
        return [e for e in self.events if isinstance(e, cls)]
