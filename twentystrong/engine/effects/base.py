"""The hook points of the engine and the base every effect handler extends (architecture.md contract 7).

Each effect *kind* has exactly one :class:`Handler` subclass, registered with :func:`handles`. The general rules
never look at card text: they ask the hook functions in :mod:`twentystrong.engine.effects.hooks`, which ask every
live effect's handler. A handler overrides only the hooks its kind needs; the base answers "no change".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal

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


class Handler:
    """The neutral handler: every hook leaves the general rule unchanged."""

    kind: str = ""
    passive: bool = True  # a rule change that is simply in force (False: it happens at a trigger or on use)
    default_trigger: str | None = None  # the kind's own moment when the effect names no trigger (e.g. after_roll)

    # --- commit ---------------------------------------------------------------------------------------------
    def commit_block(self, s: GameState, live: Live, die: DieState) -> str | None:
        """A reason this die may not be committed now, or None."""
        return None

    commit_reads: ClassVar[Literal["die", "color"]] = "die"
    """What :meth:`commit_block` reads: anything (``"die"``: the state and the whole die), or only the die's
    ``"color"`` and nothing of the state at all (the effect itself and the deck apart, which never change in a
    game; unlike :attr:`block_reads`, whose ``"color"`` still lets the state count). The legal commands keep a
    colour-only answer per die while the same effects are in force (see :func:`commit_reads`). Declare it beside
    ``commit_block`` whenever you override it."""

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

    block_reads: ClassVar[Literal["die", "color", "nothing"]] = "die"
    """What :meth:`apply_block` reads of the die it is asked about: anything (``"die"``: its face, id or zone too),
    only its ``"color"``, or ``"nothing"`` of it (the state and the card still count). A caller that asks about many
    dice (the bot's table of what each colour and face could do to a card) may then ask once per colour, or once.
    Declare it beside ``apply_block`` whenever you override it (see :func:`block_reads`)."""

    # --- effects the player uses (items and abilities) ------------------------------------------------------
    use_reads: ClassVar[tuple[str, ...] | None] = ()
    """The ``GameState`` fields :meth:`uses` reads itself (the deck apart: it never changes in a game), or
    ``dice:<zone>`` for only the dice in a zone (``s.dice_in(zone)``), or ``dice:rolled`` for only the active dice
    that show a face (dice committed and not yet rolled apart); None: it may read anything. The legal
    commands reuse its answer for an effect in any state that holds the same values there (see :func:`use_reads`),
    so name everything it reads. Declare it beside ``uses`` (or ``variants``) whenever you override them."""
    use_hooks: ClassVar[tuple[str, ...]] = ()
    """The hook methods :meth:`uses` asks of the effects in force (``defeat_block`` …): while an effect in force
    overrides one of them, its answer is not reused (that effect may read any field)."""

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

    def describe(self, effect: Effect) -> str:
        """Plain words for ``effect`` (of this handler's kind) in the card browser; see ``hooks.describe``."""
        return self.kind.replace("_", " ").capitalize() + "."


HANDLERS: dict[str, Handler] = {}


def use_reads(h: Handler) -> tuple[str, ...] | None:
    """What ``h.uses`` reads (:attr:`Handler.use_reads`), as the nearest class from ``h``'s own up that says
    anything about its uses declares it: a class that defines ``uses``, ``variants`` or ``targets``
    (``Targeted.uses`` asks ``variants``, which asks ``targets``) without ``use_reads`` reads unknown fields (None),
    so its answers are never reused, rather than reused on a declaration inherited from a class whose uses it
    replaced."""
    for cls in type(h).__mro__:
        own = vars(cls)
        if "use_reads" in own:
            reads: tuple[str, ...] | None = own["use_reads"]
            return reads
        if "uses" in own or "variants" in own or "targets" in own:
            return None
    return None  # pragma: no cover - Handler itself declares it


def block_reads(h: Handler) -> Literal["die", "color", "nothing"]:
    """What ``h.apply_block`` reads of the die (:attr:`Handler.block_reads`), as the nearest class from ``h``'s own
    up that defines ``apply_block`` declares it: one that defines it without a declaration reads the whole die,
    rather than relying on a declaration inherited from a class whose ``apply_block`` it replaced."""
    for cls in type(h).__mro__:
        own = vars(cls)
        if "apply_block" in own:
            reads: Literal["die", "color", "nothing"] = own.get("block_reads", "die")
            return reads
    return "die"  # pragma: no cover - Handler itself defines apply_block


def commit_reads(h: Handler) -> Literal["die", "color"]:
    """What ``h.commit_block`` reads (:attr:`Handler.commit_reads`), as the nearest class from ``h``'s own up that
    defines ``commit_block`` declares it: one that defines it without a declaration reads anything."""
    for cls in type(h).__mro__:
        own = vars(cls)
        if "commit_block" in own:
            reads: Literal["die", "color"] = own.get("commit_reads", "die")
            return reads
    return "die"  # pragma: no cover - Handler itself defines commit_block


def handles(kind: str, *, passive: bool = True) -> Callable[[type[Handler]], type[Handler]]:
    """Register the one handler of an effect kind."""

    def wrap(cls: type[Handler]) -> type[Handler]:
        if kind in HANDLERS:
            raise ValueError(f"effect kind {kind!r} has two handlers")
        handler = cls()
        handler.kind = kind
        handler.passive = passive
        HANDLERS[kind] = handler
        return cls

    return wrap
