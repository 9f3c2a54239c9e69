"""What Resolve will cost if nothing else is defeated (as Slay the Spire shows an enemy's intent).

During the Strategy phase the table shows it: ``Resolve: −3 Health (Rust Maw 2, Ember Wasp 1), then After: lose 1
Health (Caustic Mite)``. Every number comes from the engine's own hooks (``hooks.enemy_damage``, the After effects
still pending), never from a rule written here.
"""

from __future__ import annotations

from dataclasses import dataclass

from twentystrong.engine.effects import hooks
from twentystrong.engine.flow import pending_after
from twentystrong.engine.state import GameState
from twentystrong.engine.view import PlayerView, state_of
from twentystrong.i18n import _
from twentystrong.text.effects import describe_effect
from twentystrong.text.words import card_name

STRATEGY_STEPS = frozenset({"commit", "faces", "apply"})
"""The steps in which the preview is shown (Resolve is still to come)."""


@dataclass(frozen=True, slots=True)
class ResolvePreview:
    """The Health Resolve step 1 would take now, from which enemies, and the After effects that follow it."""

    total: int
    """Health lost at Resolve step 1 (the sum of the undefeated enemies' damage)."""
    sources: tuple[tuple[str, int], ...]
    """(enemy name, its damage) for each undefeated enemy that deals any, in active-area order."""
    after: tuple[tuple[str, str], ...]
    """(card name, what its After effect says) for each After effect still to resolve this round."""
    health: int
    """The hero's Health now."""

    @property
    def lethal(self) -> bool:
        """Step 1 alone would take Health below 1 (R1: the game is lost)."""
        return self.total >= self.health

    def words(self) -> str:
        """``Resolve: −3 Health (Rust Maw 2, Ember Wasp 1), then After: lose 1 Health (Caustic Mite)``."""
        parts = ", ".join(f"{name} {damage}" for name, damage in self.sources)
        if self.lethal:
            text = _("Resolve: −{total} Health ({sources}): that would end the game")
        elif self.total:
            text = _("Resolve: −{total} Health ({sources})")
        else:
            text = _("Resolve: no damage")
        text = text.format(total=self.total, sources=parts)
        if self.after:
            afters = "; ".join(f"{what[0].lower()}{what[1:].rstrip('.')} ({name})" for name, what in self.after)
            # Translators: {resolve} is the sentence above ("Resolve: −3 Health (…)"); {afters} the After effects.
            text = _("{resolve}, then After: {afters}").format(resolve=text, afters=afters)
        return text

    def short(self) -> str:
        """``At Resolve: −3 ♥ +After`` (one line of a narrow side column)."""
        if not self.total:
            return _("At Resolve: no damage +After") if self.after else _("At Resolve: no damage")
        if self.after:
            return _("At Resolve: −{total} ♥ +After").format(total=self.total)
        return _("At Resolve: −{total} ♥").format(total=self.total)


def resolve_preview(table: GameState | PlayerView) -> ResolvePreview | None:
    """The preview during the Strategy phase (None at any other moment, or with no active card)."""
    state = state_of(table)
    if state.result is not None or state.step not in STRATEGY_STEPS or not state.active:
        return None
    deck = state.deck
    sources = []
    for card in state.active:
        if card.defeated:
            continue
        damage = hooks.enemy_damage(state, card)
        if damage:
            sources.append((card_name(deck, card.id), damage))
    after = tuple((card_name(deck, le.source), describe_effect(le.effect)) for le in pending_after(state))
    return ResolvePreview(
        total=sum(d for _, d in sources), sources=tuple(sources), after=after, health=state.hero.health
    )
