"""Scenario helpers for the triggered-effect, mission and profile tests (issue 4).

A scenario deals ``tests/decks/effects_triggered`` in file order (``deal = "ordered"``) after moving the cards under
test to the stack tops (:func:`arranged`), and enters every physical die face (``dice = "physical"``), so a test
controls exactly which card is on top and what each die shows. :class:`Game` plays commands, refuses to go on after
a rejected one, and checks after every command that folding its events over the previous state gives the new
state (contract 2).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from twentystrong.content.loader import load_deck
from twentystrong.content.model import Deck
from twentystrong.engine import Command, Rejected, decide_and_apply, fold, initial_state, legal_commands
from twentystrong.engine import events as ev
from twentystrong.engine.state import DiceMode, GameState, SetupOptions
from twentystrong.kits.options import choose
from twentystrong.kits.solar_sentinels.content import MISSIONS, mission_by_id

TRIGGERED_PATH = Path(__file__).resolve().parent / "decks" / "effects_triggered"
DECK = load_deck(TRIGGERED_PATH)
STACKS = 3


def arranged(
    *tops: Sequence[str],
    deck: Deck = DECK,
    missions: Sequence[str] | None = None,
    bosses: Sequence[str] | None = None,
) -> Deck:
    """The deck with ``tops[i]`` (top first) on top of stack ``i + 1``; the other cards fill up in file order.

    ``missions``: the deck's missions, in deal order (default: none, so games without missions stay simple).
    ``bosses``: the boss deck, top first (default: file order).
    """
    chosen = [c for top in tops for c in top]
    assert len(chosen) == len(set(chosen)), "a card can be on one stack only"
    rest = [c.id for c in deck.cards if c.id not in chosen]
    size = -(-len(deck.cards) // STACKS)  # as the ruleset deals: the first third of the file is stack 1 …
    order: list[str] = []
    for i in range(STACKS):
        top = list(tops[i]) if i < len(tops) else []
        fill = size - len(top) if i < STACKS - 1 else len(deck.cards) - len(order) - len(top)
        order += top + rest[:fill]
        rest = rest[fill:]
    cards = [deck.card(c) for c in order]
    chosen_missions = [mission_by_id(deck, m) for m in missions or ()]
    boss_order = [deck.boss(b) for b in bosses] if bosses is not None else list(deck.bosses)
    parts = {**deck.parts, MISSIONS.name: chosen_missions}
    return deck.model_copy(update={"cards": cards, "parts": parts, "bosses": boss_order})


class Game:
    """One scenario game: physical dice, ordered deal, every command checked."""

    def __init__(
        self,
        *tops: Sequence[str],
        hero: str = "tester",
        missions: Sequence[str] = (),
        rank: int = 1,
        seed: int = 0,
        deck: Deck | None = None,
        bosses: Sequence[str] | None = None,
        dice: DiceMode = "physical",
    ) -> None:
        self.deck = deck or arranged(*tops, missions=missions, bosses=bosses)
        options = SetupOptions(
            self.deck.id,
            hero,
            seed=seed,
            dice=dice,
            deal="ordered",
            choices=choose({"missions": bool(missions), "rank": rank}),
        )
        self.initial = initial_state(self.deck, options)
        self.s: GameState = self.initial
        self.events: list[ev.Event] = []
        self.last: list[ev.Event] = []
        self.do(Command("start"))

    # --- plumbing ---------------------------------------------------------------------------------------------

    def do(self, command: Command | str, **fields: Any) -> list[ev.Event]:
        """Play one command (must be accepted); return its events."""
        cmd = Command(command, **fields) if isinstance(command, str) else command
        result = decide_and_apply(self.s, cmd)
        assert not isinstance(result, Rejected), f"{cmd} refused: {result.code}: {result.message}"
        events, state = result
        assert fold(self.s, events) == state  # contract 2: the events are the whole change
        self.s = state
        self.events += events
        self.last = events
        return events

    def refused(self, command: Command | str, **fields: Any) -> Rejected:
        """Play a command that must be refused; return the refusal."""
        cmd = Command(command, **fields) if isinstance(command, str) else command
        result = decide_and_apply(self.s, cmd)
        assert isinstance(result, Rejected), f"{cmd} was accepted"
        return result

    def legal(self) -> list[Command]:
        """The legal commands now."""
        return legal_commands(self.s)

    def can(self, command: Command | str, **fields: Any) -> bool:
        """Whether a command is legal now."""
        cmd = Command(command, **fields) if isinstance(command, str) else command
        return cmd in self.legal()

    def at(self, step: str) -> bool:
        """Whether the game is at this step (a call, so type checkers do not pin the step between commands)."""
        return self.s.step == step

    def of(self, kind: type[ev.Event]) -> list[Any]:
        """Events of one type from the last command."""
        return [e for e in self.last if isinstance(e, kind)]

    # --- the round --------------------------------------------------------------------------------------------

    def activate(self, stack: int) -> None:
        """Activate the top card of a stack."""
        self.do("activate", stack=stack)

    def commit(self, *dice: str) -> None:
        """Commit dice from the pool."""
        for die in dice:
            self.do("commit", die=die)

    def roll(self, **faces: str) -> None:
        """Roll, then enter the physical faces (every committed, unapplied die needs one)."""
        self.do("roll")
        if faces:
            self.do(Command("faces", faces=tuple(sorted(faces.items()))))
        assert self.s.step != "faces", "a rolled die still needs its face"

    def apply(self, die: str, card: str) -> None:
        """Apply a rolled hit to a card."""
        self.do("apply", die=die, card=card)

    def hit(self, card: str, *dice: str, face: str = "hit") -> None:
        """Commit dice, roll them all as ``face`` and apply them all to ``card``."""
        self.commit(*dice)
        self.roll(**{d: face for d in dice})
        for die in dice:
            self.apply(die, card)

    def choose(self, **fields: Any) -> None:
        """Answer the current prompt."""
        self.do("choose", **fields)

    def finish_round(self, discard: int | None = None) -> None:
        """From the Apply step (or later) to the next round's activation, choosing the plainest answers:
        resolve, After effects in order, recover nothing, decline items and rewards, and at Cleanup discard the
        top of stack ``discard`` (default: the last stack that may be chosen, so stack 1 keeps its order)."""
        start = self.s.round
        for _ in range(100):
            s = self.s
            if s.result is not None:
                return
            if s.prompt is not None:
                p = s.prompt
                if p.kind == "instant_reward":
                    self.do("decline_reward", card=p.card)
                else:
                    self.do(next(c for c in self.legal() if c.cmd in ("choose", "done")))
                continue
            if s.step in ("activate", "round_start") and s.round > start:
                return
            step_command = {
                "apply": Command("resolve"),
                "commit": Command("roll"),
                "recover": Command("done"),
            }.get(s.step)
            if step_command is not None:
                self.do(step_command)
            elif s.step == "stack_discard":
                stacks = [c.stack for c in self.legal() if c.cmd == "stack_discard"]
                self.do("stack_discard", stack=discard if discard in stacks else stacks[-1])
            elif s.step in ("after", "gain_items", "activate", "round_start"):
                self.do(
                    next(
                        c
                        for c in self.legal()
                        if c.cmd in ("resolve_after", "decline_item", "activate", "decline_endgame")
                    )
                )
            else:  # pragma: no cover - a step the helper does not know
                raise AssertionError(f"finish_round: stuck at {s.step}")
        raise AssertionError("finish_round: the round did not end")  # pragma: no cover

    def resolve(self) -> None:
        """End the Strategy phases (rolling first if dice wait to be committed and rolled)."""
        if self.s.step == "commit":
            self.roll()
        self.do("resolve")

    def gain(self, card: str, die: str = "R1", discard: int | None = None) -> None:
        """Activate ``card`` (a stack top), defeat it with one die (recovered afterwards), gain it as an item at
        Resolve step 5, and stop at the next round's activation."""
        stack = next(i + 1 for i, st in enumerate(self.s.table.stacks) if st and st[0] == card)
        self.activate(stack)
        self.hit(card, die, face="crit")
        self.do("resolve")
        if self.can("recover", die=die):
            self.do("recover", die=die)
        while self.s.step != "gain_items":
            self.do(next(c for c in self.legal() if c.cmd in ("done", "resolve_after")))
        self.do("gain_item", card=card)
        self.finish_round(discard)

    def card_ids(self) -> list[str]:
        """The active cards."""
        return [c.id for c in self.s.active]

    def zone(self, die: str) -> str:
        """A die's zone."""
        return self.s.die(die).zone
