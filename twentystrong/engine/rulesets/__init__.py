"""Deck rules: one module per ruleset, called by the general rules at named points."""

from __future__ import annotations

from twentystrong.engine.rulesets.base import Ruleset
from twentystrong.engine.rulesets.solar_sentinels import SolarSentinels

RULESETS: dict[str, Ruleset] = {"solar-sentinels": SolarSentinels()}


def ruleset_for(ruleset_id: str) -> Ruleset:
    """The rules object of a deck's ruleset."""
    try:
        return RULESETS[ruleset_id]
    except KeyError:
        raise ValueError(f"the {ruleset_id!r} ruleset is not playable yet") from None
