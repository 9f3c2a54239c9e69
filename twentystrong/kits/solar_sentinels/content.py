"""Solar Sentinels' own content: its missions (the ``[[mission]]`` tables its deck files add) and their lookups in a
deck (rules.md "Missions").

Pure Python, read when a game is played as much as when a deck is validated: what validation requires of its decks
is :mod:`.tables`.
"""

from __future__ import annotations

from typing import Literal

from twentystrong.content.base import ID_PATTERN, content, field
from twentystrong.content.model import Part
from twentystrong.content.translations import Translated, translated

# --- its model: what its ``[[mission]]`` tables hold ---------------------------------------------------------------


MissionKind = Literal[
    "damage_taken_rounds",
    "defeats_by_level",
    "items_used",
    "instant_declined",
    "extra_stack_discards",
    "unapplied_crits_exhausted",
    "end_round_health_exactly",
    "colors_on_one_enemy",
    "commit_all_pool_colors",
    "activation_size",
    "stack_mandatory_rounds",
]


@translated
@content
class Mission(Translated):
    """A mission: a goal completed one at a time, left to right, progress tracked on the chip."""

    id: str = field(pattern=ID_PATTERN)
    """Stable identifier, unique in the deck."""
    name: str = field(min_length=1, max_length=40)
    """The name shown to the player."""
    condition: MissionKind
    """What counts as progress (see README "Missions")."""
    target: int = field(default=1, ge=1, le=20)
    """How many times the condition must happen."""
    level: int | None = field(default=None, ge=1, le=3)
    """defeats_by_level: the enemy level that counts."""
    value: int | None = field(default=None, ge=1, le=6)
    """end_round_health_exactly: the Health; colors_on_one_enemy / commit_all_pool_colors: number of colours;
    activation_size: enemies activated in one round."""
    forfeitable: bool = True
    """Whether the player may forfeit it."""
    text: str | None = field(default=None, max_length=300)
    """Optional wording that replaces the generated text."""
    flavour: str = field(default="", max_length=400)
    """Flavour text."""

    def __post_init__(self) -> None:
        needs_level = self.condition == "defeats_by_level"
        needs_value = self.condition in {
            "end_round_health_exactly",
            "colors_on_one_enemy",
            "commit_all_pool_colors",
            "activation_size",
        }
        # Said as "<key> is required …" so the loader can report it like any other missing key.
        if needs_level and self.level is None:
            raise ValueError('level is required when condition is "defeats_by_level": the enemy level that counts')
        if needs_value and self.value is None:
            raise ValueError(f'value is required when condition is "{self.condition}"')


# --- its lookups ------------------------------------------------------------------------------------------------

MISSIONS: Part[Mission] = Part("missions")
"""The deck's part its ``[[mission]]`` tables fill (:attr:`~twentystrong.content.model.Deck.parts`)."""

missions_of = MISSIONS.of
"""Its missions, in file order."""
mission_by_id = MISSIONS.by_id
"""The mission with this id (``KeyError`` if there is none)."""
