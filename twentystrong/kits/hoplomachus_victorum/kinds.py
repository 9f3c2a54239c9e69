"""Hoplomachus Victorum's own effect kinds: they act on its Tactics area, its camps and its Influence deck (their
handlers are in :mod:`.rules.effects`). They join the effect union through its content declaration
(:mod:`.content`)."""

from __future__ import annotations

from typing import Literal

from twentystrong.content.base import content, field
from twentystrong.content.effects import EffectBase


@content
class GainTactic(EffectBase):
    """Gain a Tactic of the player's choice from the Tactics area into the inventory (room needed)."""

    kind: Literal["gain_tactic"]


@content
class MoveToCamp(EffectBase):
    """Before moving this round, move to any camp that can be entered (not only an adjacent one)."""

    kind: Literal["move_to_camp"]


@content
class FeedInfluence(EffectBase):
    """Move the top card of camps of the player's choice to the Influence deck."""

    kind: Literal["feed_influence"]
    count: int = field(default=1, ge=1, le=3)
    """How many camps (each a different one)."""


@content
class InfluenceScaling(EffectBase):
    """A Scion grows with the Influence deck: ``amount`` more of a number per ``per`` Influence icons in it when the
    Scion turns to its Conflict side."""

    kind: Literal["influence_scaling"]
    grows: Literal["health", "damage", "additional"]
    """Which number grows: its Health, its Damage, or the enemies it adds (+N)."""
    amount: int = field(default=1, ge=1, le=3)
    """How much it grows per step."""
    per: int = field(default=1, ge=1, le=6)
    """How many Influence icons make one step."""
    most: int | None = field(default=None, ge=1, le=12)
    """The most it may grow, in all."""
