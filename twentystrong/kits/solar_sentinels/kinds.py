"""Solar Sentinels' own effect kinds: they act on its stacks and its boss deck (their handlers are in
:mod:`.rules.effects`). They join the effect union through its content declaration (:mod:`.content`)."""

from __future__ import annotations

from typing import Literal

from twentystrong.content.base import content
from twentystrong.content.effects import EffectBase


@content
class DiscardStackTop(EffectBase):
    """Discard the top card of a stack: once (player's choice), per die applied to this card, or of every stack."""

    kind: Literal["discard_stack_top"]
    per: Literal["once", "applied_die", "each_stack"] = "once"
    """once: one stack of the player's choice; applied_die: once per die applied to this card; each_stack: all."""


@content
class RevealBoss(EffectBase):
    """Reveal the top card of the boss deck."""

    kind: Literal["reveal_boss"]


@content
class TakeStackReward(EffectBase):
    """Gain the instant reward of a stack's top card (the card stays where it is)."""

    kind: Literal["take_stack_reward"]
