"""The ruleset interface: the points where deck rules plug into the general rules.

The general rules (:mod:`twentystrong.engine.flow`) own the round; a ruleset answers questions at named points and
emits the deck-specific events (setup, the endgame). It never copies the general rules. Hoplomachus Victorum fits
the same points: its camps are stacks with an adjacency the ruleset knows (``activation_choices``), its training
grounds a dice zone its setup fills, its Primus fights an endgame-like conflict it starts at ``round_start``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from twentystrong.engine.commands import Rejected

if TYPE_CHECKING:
    from twentystrong.engine.state import ActiveCard, GameState
    from twentystrong.engine.tx import Tx

EndgameTrigger = Literal["no", "may", "must"]


class Ruleset:
    """Deck rules. Every method has the general-rules answer; a deck overrides what it changes."""

    id: str = ""

    def setup(self, tx: Tx) -> None:
        """Deal the game: emit ``GameStarted`` (stacks, boss deck, missions, hero stats)."""
        raise NotImplementedError

    def activation_choices(self, s: GameState) -> list[int]:
        """The 1-based stacks whose top card may be activated now (R3 applies to every activation)."""
        return [i + 1 for i, stack in enumerate(s.stacks) if stack]

    def refuse_activation(self, s: GameState, stack: int | None) -> Rejected:
        """Why activating ``stack`` is refused in the Activation step (it is not one of the choices)."""
        if stack is None or not 1 <= stack <= len(s.stacks):
            return Rejected("illegal_stack", f"there is no stack {stack}: the stacks are 1–{len(s.stacks)}")
        if not s.stacks[stack - 1]:
            return Rejected("empty_stack", f"stack {stack} is empty")
        return Rejected("illegal_stack", f"stack {stack} cannot be activated now")

    def endgame_trigger(self, s: GameState) -> EndgameTrigger:
        """At the start of a round: whether the endgame may or must start."""
        return "no"

    endgame_opens: str = "the endgame cannot start yet"
    """When the endgame may start, in the words of a refusal (``start_endgame`` too early)."""

    def start_endgame(self, tx: Tx) -> None:
        """Set up the endgame: activate the boss and whatever comes with it."""
        raise NotImplementedError

    def stays_at_cleanup(self, s: GameState, card: ActiveCard) -> bool:
        """Whether an active card stays in the active area at Cleanup (endgame: undefeated cards remain).

        A defeated boss stays too: it is still there only when its rules ask for more than its defeat to win
        (every enemy with it), and the win must still be possible when the rest fall.
        """
        return s.endgame and (not card.defeated or card.boss)

    def stack_discard_choices(self, s: GameState) -> list[int]:
        """Stacks whose top the player may discard after Cleanup (empty: the step is skipped)."""
        return []

    def won(self, s: GameState) -> str | None:
        """Why the game is won now, or None."""
        return None
