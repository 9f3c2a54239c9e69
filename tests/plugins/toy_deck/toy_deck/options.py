"""The toy deck's own setup option: ``training``, how many dice start in the training grounds (0-8, default 8).

Declared as data (:mod:`twentystrong.kits.options`): one :class:`DeckOption` gives the flag of ``play``,
``headless`` and ``simulate``, the setup screen's control and the save's setup record.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from twentystrong.kits.options import DeckOption

if TYPE_CHECKING:
    from twentystrong.engine.state import SetupOptions

TRAINING_DEFAULT = 8
"""Dice in the training grounds at the start, unless the option says fewer."""

OPTIONS = (
    DeckOption(
        name="training",
        kind="range",
        label="Training",
        help=f"dice that start in the training grounds (default: {TRAINING_DEFAULT})",
        default=TRAINING_DEFAULT,
        low=0,
        high=TRAINING_DEFAULT,
        metavar="N",
        words=lambda n: f"{n} dice in the training grounds",
        tooltip="The dice you can recruit from the training grounds at the start.",
        shown="training {}",
    ),
)
"""The toy deck's setup options (its kit's ``options``)."""


def training_dice(options: SetupOptions) -> int:
    """How many dice start in the training grounds in a game set up with ``options``."""
    return OPTIONS[0].number(options)
