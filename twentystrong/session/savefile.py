"""The save file's pydantic models: what :func:`~twentystrong.session.saves.parse_save` validates a save against.

Kept apart from :mod:`twentystrong.session.saves` so that playing (and autosaving, which writes plain data) never
imports pydantic: only reading a save does.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Model(BaseModel):
    # defer_build: the validators are built when a save is first read, not when this module is imported.
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class SavedGame(_Model):
    """The deck and the setup options: with the commands, everything the game follows from."""

    deck_id: str = Field(min_length=1)
    """The deck's id (a shipped deck's folder name)."""
    deck_hash: str
    """SHA-256 of the deck's files when the game was saved: a changed deck is refused."""
    deck_path: str | None = None
    """The folder of a deck that is not shipped (absolute), so the save can find it again."""
    hero_id: str = ""
    """The hero (empty when the hero is chosen in the game: Hoplomachus Victorum draws the heroes, HV1)."""
    seed: int | str
    """The game seed (a string when it does not fit a TOML integer)."""
    assisted: bool = False
    """Assisted play: undo may cross random reveals; the game is marked assisted."""
    dice: Literal["virtual", "physical"] = "virtual"
    """Virtual dice, or companion mode (faces entered by the player)."""
    deal: Literal["shuffled", "ordered"] = "shuffled"
    """How the stacks were dealt."""
    options: dict[str, bool | int | str] = Field(default_factory=dict)
    """The deck's own setup options (its kit declares them), by name; an option left out is at its default."""

    @model_validator(mode="before")
    @classmethod
    def _options_of_older_saves(cls, data: Any) -> Any:
        """Older saves wrote the deck's options beside the general ones (``rank = 2`` in ``[game]``): any key that
        is not a field is such an option (the deck's kit checks it when the game is loaded)."""
        if not isinstance(data, dict) or "options" in data:
            return data
        loose = {k: v for k, v in data.items() if k not in cls.model_fields}
        if not loose:
            return data
        return {**{k: v for k, v in data.items() if k not in loose}, "options": loose}


class SavedLog(_Model):
    """The commands and the events they caused."""

    commands: list[dict[str, Any]] = Field(min_length=1)
    """Player commands in order, each with ``events``: how many events it caused."""
    redo: list[dict[str, Any]] = Field(default_factory=list)
    """Undone commands, the next to redo first."""
    events: list[dict[str, Any]]
    """The event log."""


class SaveFile(_Model):
    """A whole save file."""

    format: int
    """The save format version (:data:`~twentystrong.session.saves.SAVE_FORMAT`)."""
    app_version: str
    """The twentystrong version that wrote it."""
    event_count: int = Field(ge=1)
    """How many events the log holds (a truncated file holds fewer)."""
    game: SavedGame
    """Deck and setup options."""
    log: SavedLog
    """Commands, undone commands and events."""
