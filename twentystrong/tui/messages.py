"""Messages up: one small class per player intent (architecture.md contract 8).

Widgets and screens never change the game. They post one of these; it bubbles to the App, which hands
``message.command()`` to the store; the store dispatches it to the session and publishes the new state (or shows
why it was refused). Every class here maps to exactly one engine command (see ``CMDS``), except :class:`Play`,
which carries any command verbatim (the choices list offers ``legal_commands`` as they are), and the two meta
intents :class:`Undo` and :class:`Redo`.

Handler names carry the ``game`` namespace (``on_game_roll``), so they never collide with Textual's own events;
the App catches them all at once with ``@on(messages.Command)``.
"""

from __future__ import annotations

from textual.message import Message

from twentystrong.engine.commands import Command as EngineCommand


class Command(Message, namespace="game"):
    """Base of every game intent: ``command()`` is the engine command the store dispatches."""

    def command(self) -> EngineCommand:
        """The engine command this intent stands for."""
        raise NotImplementedError


class Play(Command):
    """Play a command exactly as ``legal_commands`` listed it (the choices list, scripted tests)."""

    def __init__(self, command: EngineCommand) -> None:
        super().__init__()
        self.engine_command = command

    def command(self) -> EngineCommand:
        return self.engine_command


class Activate(Command):
    """Activate the top card of a stack (1-based, as printed on the table)."""

    def __init__(self, stack: int) -> None:
        super().__init__()
        self.stack = stack

    def command(self) -> EngineCommand:
        return EngineCommand("activate", stack=self.stack)


class Commit(Command):
    """Commit a die from the pool."""

    def __init__(self, die: str) -> None:
        super().__init__()
        self.die = die

    def command(self) -> EngineCommand:
        return EngineCommand("commit", die=self.die)


class Roll(Command):
    """Roll every unapplied die in the active area."""

    def command(self) -> EngineCommand:
        return EngineCommand("roll")


class EnterFace(Command):
    """Physical dice: enter the face one rolled die shows."""

    def __init__(self, die: str, face: str) -> None:
        super().__init__()
        self.die = die
        self.face = face

    def command(self) -> EngineCommand:
        return EngineCommand("face", die=self.die, face=self.face)


class Apply(Command):
    """Apply a rolled hit or crit to an active card."""

    def __init__(self, die: str, card: str) -> None:
        super().__init__()
        self.die = die
        self.card = card

    def command(self) -> EngineCommand:
        return EngineCommand("apply", die=self.die, card=self.card)


class Repeat(Command):
    """Start another Strategy phase (R4)."""

    def command(self) -> EngineCommand:
        return EngineCommand("repeat")


class Resolve(Command):
    """End the Strategy phases and resolve."""

    def command(self) -> EngineCommand:
        return EngineCommand("resolve")


class TakeReward(Command):
    """Take a defeated card's instant reward."""

    def __init__(self, card: str | None) -> None:
        super().__init__()
        self.card = card

    def command(self) -> EngineCommand:
        return EngineCommand("take_reward", card=self.card)


class DeclineReward(Command):
    """Decline a defeated card's instant reward."""

    def __init__(self, card: str | None) -> None:
        super().__init__()
        self.card = card

    def command(self) -> EngineCommand:
        return EngineCommand("decline_reward", card=self.card)


class ResolveAfter(Command):
    """Resolve this After effect next (R7)."""

    def __init__(self, card: str, effect: int) -> None:
        super().__init__()
        self.card = card
        self.effect = effect

    def command(self) -> EngineCommand:
        return EngineCommand("resolve_after", card=self.card, effect=self.effect)


class Recover(Command):
    """Recover an exhausted die to the pool."""

    def __init__(self, die: str) -> None:
        super().__init__()
        self.die = die

    def command(self) -> EngineCommand:
        return EngineCommand("recover", die=self.die)


class Done(Command):
    """Finish this step (recovering, an "up to" choice)."""

    def command(self) -> EngineCommand:
        return EngineCommand("done")


class GainItem(Command):
    """Gain a defeated card's item reward into the inventory."""

    def __init__(self, card: str) -> None:
        super().__init__()
        self.card = card

    def command(self) -> EngineCommand:
        return EngineCommand("gain_item", card=self.card)


class DeclineItem(Command):
    """Decline a defeated card's item reward."""

    def __init__(self, card: str) -> None:
        super().__init__()
        self.card = card

    def command(self) -> EngineCommand:
        return EngineCommand("decline_item", card=self.card)


class StackDiscard(Command):
    """Discard the top card of a stack (Solar Sentinels Cleanup)."""

    def __init__(self, stack: int) -> None:
        super().__init__()
        self.stack = stack

    def command(self) -> EngineCommand:
        return EngineCommand("stack_discard", stack=self.stack)


class StartEndgame(Command):
    """Start the endgame now."""

    def command(self) -> EngineCommand:
        return EngineCommand("start_endgame")


class DeclineEndgame(Command):
    """Keep playing the stacks."""

    def command(self) -> EngineCommand:
        return EngineCommand("decline_endgame")


class DiscardMission(Command):
    """Setup: discard one of the dealt missions."""

    def __init__(self, mission: str) -> None:
        super().__init__()
        self.mission = mission

    def command(self) -> EngineCommand:
        return EngineCommand("discard_mission", mission=self.mission)


class RankPenalty(Command):
    """Setup: pay one rank penalty, ``banish`` one die or ``exhaust`` three."""

    def __init__(self, choice: str) -> None:
        super().__init__()
        self.choice = choice

    def command(self) -> EngineCommand:
        return EngineCommand("rank_penalty", choice=self.choice)


class UseItem(Command):
    """Use an inventory item (``effect`` names one effect of an ongoing item; the rest is its target)."""

    def __init__(
        self,
        item: str,
        effect: int | None = None,
        *,
        die: str | None = None,
        card: str | None = None,
        stack: int | None = None,
        choice: str | None = None,
    ) -> None:
        super().__init__()
        self.item = item
        self.effect = effect
        self.die = die
        self.card = card
        self.stack = stack
        self.choice = choice

    def command(self) -> EngineCommand:
        return EngineCommand(
            "use_item",
            item=self.item,
            effect=self.effect,
            die=self.die,
            card=self.card,
            stack=self.stack,
            choice=self.choice,
        )


class DiscardItem(Command):
    """Discard an inventory item (allowed at any time, R8)."""

    def __init__(self, item: str) -> None:
        super().__init__()
        self.item = item

    def command(self) -> EngineCommand:
        return EngineCommand("discard_item", item=self.item)


class UseAbility(Command):
    """Use the hero's ability (``effect``: which of its effects; the rest is its target)."""

    def __init__(
        self,
        effect: int,
        *,
        die: str | None = None,
        card: str | None = None,
        stack: int | None = None,
        choice: str | None = None,
    ) -> None:
        super().__init__()
        self.effect = effect
        self.die = die
        self.card = card
        self.stack = stack
        self.choice = choice

    def command(self) -> EngineCommand:
        return EngineCommand(
            "use_ability", effect=self.effect, die=self.die, card=self.card, stack=self.stack, choice=self.choice
        )


class Choose(Command):
    """Answer an effect's prompt with a die, a card, a stack or an option."""

    def __init__(
        self, *, die: str | None = None, card: str | None = None, stack: int | None = None, choice: str | None = None
    ) -> None:
        super().__init__()
        self.die = die
        self.card = card
        self.stack = stack
        self.choice = choice

    def command(self) -> EngineCommand:
        return EngineCommand("choose", die=self.die, card=self.card, stack=self.stack, choice=self.choice)


class ForfeitMission(Command):
    """Forfeit the current mission."""

    def __init__(self, mission: str) -> None:
        super().__init__()
        self.mission = mission

    def command(self) -> EngineCommand:
        return EngineCommand("forfeit_mission", mission=self.mission)


# --- meta intents: they change the session, not the game ---------------------------------------------------------


class Undo(Message, namespace="game"):
    """Step back one player command (refused across a random reveal in standard play, contract 5)."""


class Redo(Message, namespace="game"):
    """Re-apply the last undone command."""


class ShowCard(Message, namespace="game"):
    """Open the card browser on a card (any card id of the deck, or None for the whole deck)."""

    def __init__(self, card: str | None) -> None:
        super().__init__()
        self.card = card


CARRIED = frozenset({"stack", "mission"})
"""The ruleset fields (``Command.args``) the specific messages carry (Solar Sentinels' stack and mission); a command
with any other (Hoplomachus Victorum's camp, tactic, hero …) is posted as :class:`Play`, exactly as listed."""


def intent_for(command: EngineCommand) -> Command:
    """The message for an engine command (the specific class when there is one, else :class:`Play`)."""
    c = command
    simple: dict[str, type[Command]] = {
        "roll": Roll,
        "repeat": Repeat,
        "resolve": Resolve,
        "done": Done,
        "start_endgame": StartEndgame,
        "decline_endgame": DeclineEndgame,
    }
    if c.cmd in simple:
        return simple[c.cmd]()
    if {name for name, _ in c.args} - CARRIED:  # fields the messages below do not carry (a camp, a tactic …)
        return Play(c)  # played exactly as listed
    if c.cmd == "activate" and c.stack is not None:
        return Activate(c.stack)
    if c.cmd == "commit" and c.die:
        return Commit(c.die)
    if c.cmd == "face" and c.die and c.face:
        return EnterFace(c.die, c.face)
    if c.cmd == "apply" and c.die and c.card:
        return Apply(c.die, c.card)
    if c.cmd == "recover" and c.die:
        return Recover(c.die)
    if c.cmd == "take_reward":
        return TakeReward(c.card)
    if c.cmd == "decline_reward":
        return DeclineReward(c.card)
    if c.cmd == "resolve_after" and c.card and c.effect is not None:
        return ResolveAfter(c.card, c.effect)
    if c.cmd == "gain_item" and c.card:
        return GainItem(c.card)
    if c.cmd == "decline_item" and c.card:
        return DeclineItem(c.card)
    if c.cmd == "stack_discard" and c.stack is not None:
        return StackDiscard(c.stack)
    if c.cmd == "discard_mission" and c.mission:
        return DiscardMission(c.mission)
    if c.cmd == "rank_penalty" and c.choice:
        return RankPenalty(c.choice)
    if c.cmd == "use_item" and c.item:
        return UseItem(c.item, c.effect, die=c.die, card=c.card, stack=c.stack, choice=c.choice)
    if c.cmd == "discard_item" and c.item:
        return DiscardItem(c.item)
    if c.cmd == "use_ability" and c.effect is not None:
        return UseAbility(c.effect, die=c.die, card=c.card, stack=c.stack, choice=c.choice)
    if c.cmd == "choose":
        return Choose(die=c.die, card=c.card, stack=c.stack, choice=c.choice)
    if c.cmd == "forfeit_mission" and c.mission:
        return ForfeitMission(c.mission)
    return Play(c)
