"""The hook points of the engine and the base every effect handler extends (architecture.md contract 7).

Each effect *kind* has exactly one :class:`Handler` subclass, registered with :func:`handles`. The general rules
never look at card text: they ask the hook functions in :mod:`twentystrong.engine.effects.hooks`, which ask every
live effect's handler. A handler overrides only the hooks its kind needs; the base answers "no change".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from twentystrong.content.effects import Effect

if TYPE_CHECKING:
    from twentystrong.engine.commands import Command
    from twentystrong.engine.state import ActiveCard, DieState, GameState, Prompt
    from twentystrong.engine.tx import Tx

Origin = Literal["enemy", "boss", "item", "hero"]


@dataclass(frozen=True, slots=True)
class Live:
    """An effect that is in force now, with where it comes from."""

    source: str  # the card, boss or item id, or the hero id
    origin: Origin
    index: int  # position in the source's effect list
    effect: Effect

    @property
    def key(self) -> str:
        """``source#index``: names the effect in prompts, once-per-round marks and events."""
        return f"{self.source}#{self.index}"

    @property
    def is_enemy(self) -> bool:
        """Enemy and boss effects beat item and hero effects (rules precedence)."""
        return self.origin in ("enemy", "boss")


@dataclass(frozen=True, slots=True)
class FaceChange:
    """What using an effect does to rolled dice, for those who plan ahead (the odds): ``before[i]`` becomes
    ``after[i]`` on one rolled die each (one die, or two at once)."""

    before: tuple[str, ...]
    """The faces of the dice it changes."""
    after: tuple[str, ...]
    """The faces they show afterwards."""
    colors: tuple[str, ...] | None = None
    """The colours of the dice it may change (None: any)."""
    same_color: bool | None = None
    """Two dice: they must share a colour (True) or differ (False)."""


class Handler:
    """The neutral handler: every hook leaves the general rule unchanged."""

    kind: str = ""
    passive: bool = True  # a rule change that is simply in force (False: it happens at a trigger or on use)
    overrides: frozenset[str] = frozenset()  # the hook methods its class replaces (set when it is registered)
    default_trigger: str | None = None  # the kind's own moment when the effect names no trigger (e.g. after_roll)

    # --- commit ---------------------------------------------------------------------------------------------
    def commit_block(self, s: GameState, live: Live, die: DieState) -> str | None:
        """A reason this die may not be committed now, or None."""
        return None

    def after_commit(self, tx: Tx, live: Live, die: DieState) -> None:
        """React to a die having been committed (e.g. force its colour-mates)."""

    # --- roll -----------------------------------------------------------------------------------------------
    def keeps_face(self, s: GameState, live: Live, die: DieState) -> bool:
        """True if this unapplied die is not rolled again in a new Strategy phase."""
        return False

    def read_face(self, s: GameState, live: Live, die: DieState, face: str) -> str:
        """The face this die counts as (invert results …)."""
        return face

    def after_roll(self, tx: Tx, live: Live) -> None:
        """React to a Strategy-phase roll, before the Apply step (e.g. force rerolls)."""

    # --- apply ----------------------------------------------------------------------------------------------
    def apply_block(self, s: GameState, live: Live, die: DieState, card: ActiveCard) -> str | None:
        """A reason this die may not be applied to this card now, or None."""
        return None

    # --- damage and defeat ----------------------------------------------------------------------------------
    def die_damage(self, s: GameState, live: Live, die: DieState, card: ActiveCard, damage: int) -> int:
        """The damage this applied die deals to this card, given the damage computed so far (R5)."""
        return damage

    def card_damage(self, s: GameState, live: Live, card: ActiveCard, damage: int) -> int:
        """The total damage on this card, given the sum of its dice (caps …)."""
        return damage

    def defeat_block(self, s: GameState, live: Live, card: ActiveCard) -> str | None:
        """A reason this card cannot be defeated now, or None."""
        return None

    def instead_of_defeat(self, tx: Tx, live: Live, card: ActiveCard) -> bool:
        """Something else happens instead of this card's defeat (R10): do it and return True."""
        return False

    def enemy_damage(self, s: GameState, live: Live, card: ActiveCard, damage: int) -> int:
        """The damage this undefeated enemy deals at Resolve step 1."""
        return damage

    # --- recovery and items ---------------------------------------------------------------------------------
    def recovery_slot(self, s: GameState, live: Live) -> tuple[int, tuple[str, ...] | None] | None:
        """Extra dice that may be recovered each round: (how many, only these colours or None for any)."""
        return None

    def recovery_block(self, s: GameState, live: Live) -> str | None:
        """A reason no dice may be recovered this round, or None."""
        return None

    def items_block(self, s: GameState, live: Live) -> str | None:
        """A reason items cannot be used now, or None."""
        return None

    def commit_limit(self, s: GameState, live: Live) -> str | None:
        """A reason no more dice may be committed now (limits per phase or engagement), or None."""
        return None

    # --- items held -----------------------------------------------------------------------------------------
    def gained(self, tx: Tx, live: Live) -> None:
        """The item carrying this effect entered the inventory."""

    def lost(self, tx: Tx, live: Live) -> None:
        """The item carrying this effect left the inventory (used up or discarded)."""

    # --- triggered effects ----------------------------------------------------------------------------------
    def fire(self, tx: Tx, live: Live, context: dict[str, Any]) -> None:
        """The effect happens (at its trigger, in Resolve step 2, when its reward is taken, or on use)."""

    # --- effects the player uses (items and abilities) ------------------------------------------------------
    def uses(self, s: GameState, live: Live) -> list[dict[str, Any]]:
        """The ways this effect can be used now: each a dict of extra command fields ({} = no target)."""
        return [{}]

    def use(self, tx: Tx, live: Live, command: Command) -> None:
        """Use it with the chosen target (the default fires the effect)."""
        self.fire(tx, live, {"command": command})

    def choose(self, tx: Tx, live: Live, prompt: Prompt, command: Command) -> None:
        """An answer to a prompt this handler pushed."""

    def reask(self, tx: Tx, live: Live, prompt: Prompt) -> None:
        """R8: an item or ability was used while this handler's prompt waited, and may have changed what it can be
        answered with: ask again with the options that hold now (an updated prompt), or, with no choice left,
        resolve as the effect says (fewer dice, or nothing). The default keeps the prompt as it is."""

    def resolves_roll(self, prompt: Prompt) -> bool:
        """Whether this prompt of the handler's is part of resolving a roll (a reroll, a test roll, a physical
        die's face to enter): items cannot be used while it waits (R8)."""
        return False

    def face_change(self, effect: Effect) -> FaceChange | None:
        """What using ``effect`` does to rolled dice, when that is all it does (None: it does something else)."""
        return None

    def describe(self, effect: Effect) -> str:
        """Plain words for ``effect`` (of this handler's kind) in the card browser; see ``hooks.describe``."""
        return self.kind.replace("_", " ").capitalize() + "."


HANDLERS: dict[str, Handler] = {}


def handles(kind: str, *, passive: bool = True) -> Callable[[type[Handler]], type[Handler]]:
    """Register the one handler of an effect kind."""

    def wrap(cls: type[Handler]) -> type[Handler]:
        if kind in HANDLERS:
            raise ValueError(f"effect kind {kind!r} has two handlers")
        handler = cls()
        handler.kind = kind
        handler.passive = passive
        handler.overrides = frozenset(
            name
            for name, value in vars(Handler).items()
            if callable(value) and not name.startswith("_") and getattr(cls, name) is not value
        )
        HANDLERS[kind] = handler
        return cls

    return wrap
